package pbn

import (
	"fmt"
	"io"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Options control Write.
type Options struct {
	// DealFirst is the seat the Deal tag starts from: North unless set, as BigDeal
	// writes it.
	DealFirst bridge.Seat
	// DealFromDealer starts the Deal tag from the board's dealer instead, as the
	// BBO hand-record tools do.
	DealFromDealer bool
	// LF ends lines with LF alone. By default lines end with CR LF, which the
	// export format prescribes and the Windows programs of duplicating machines
	// (Duplimate, Dealer4) read.
	LF bool
	// UTF8 writes UTF-8 and declares it. By default the file is ISO-8859-1, the
	// character set of PBN, and Write fails on a character outside it.
	UTF8 bool
	// Creator, when set, is written as the %Creator directive.
	Creator string
}

// Write writes games in the PBN 2.1 export format: the header directives, then
// each game with the 15 tags of the Mandatory Tag Set in order, an absent one
// written as "?" ("" for the Declarer and Result of a passed-out board), then the
// game's other tags in their order with their sections; an empty line separates
// games. A complete Deal is rewritten from the seat the options choose; any other
// value is written as the game holds it. The file's own directives are not
// copied. Write fails, writing nothing, on a tag that could not be read back the
// same: a bad name, a value with a line break or "#", data that would read as
// something else, or a character the character set cannot hold.
func Write(w io.Writer, games []Game, opt Options) error {
	var b strings.Builder
	nl := "\r\n"
	if opt.LF {
		nl = "\n"
	}
	charset := "ISO-8859-1"
	if opt.UTF8 {
		charset = "UTF-8"
	}
	header := []string{"% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=" + charset}
	if opt.Creator != "" {
		if strings.ContainsAny(opt.Creator, "\r\n") {
			return fmt.Errorf("pbn: creator %q has a line break", opt.Creator)
		}
		if r, bad := nonLatin1(opt.Creator); bad && !opt.UTF8 {
			return fmt.Errorf("pbn: creator %q: %q is not in ISO-8859-1 (write UTF-8 instead)", opt.Creator, r)
		}
		header = append(header, "%Creator: "+opt.Creator)
	}
	for _, line := range header {
		b.WriteString(line + nl)
	}
	for i, g := range games {
		if i > 0 {
			b.WriteString(nl)
		}
		for _, t := range exportTags(g, opt) {
			if err := checkTag(t, opt); err != nil {
				return fmt.Errorf("pbn: game %d: %w", i+1, err)
			}
			b.WriteString("[" + t.Name + " " + quote(t.Value) + "]" + nl)
			for _, line := range t.Data {
				if strings.HasPrefix(line.Text, "%") {
					b.WriteByte(' ') // not an escape line
				}
				b.WriteString(line.Text + nl)
			}
		}
	}
	out := []byte(b.String())
	if !opt.UTF8 {
		out = latin1(b.String())
	}
	_, err := w.Write(out)
	return err
}

// exportTags returns the tags of g as the export format orders them: the
// Mandatory Tag Set first, with defaults for absent tags, then the others.
func exportTags(g Game, opt Options) []Tag {
	out := make([]Tag, 0, len(g.Tags)+len(MandatoryTags))
	used := make([]bool, len(g.Tags))
	for _, name := range MandatoryTags {
		t := Tag{Name: name, Value: defaultValue(g, name)}
		for i := range g.Tags {
			if g.Tags[i].Name == name {
				t, used[i] = g.Tags[i], true
				break
			}
		}
		if name == "Deal" {
			t.Value = exportDeal(g, t.Value, opt)
		}
		out = append(out, t)
	}
	for i, t := range g.Tags {
		if !used[i] {
			out = append(out, t)
		}
	}
	return out
}

// defaultValue is the value the export format writes for an absent tag of the
// Mandatory Tag Set: "?" for unknown, and "" for the Declarer and Result of a
// passed-out board, which have none.
func defaultValue(g Game, name string) string {
	if name == "Declarer" || name == "Result" {
		if c, err := bridge.ParseContract(g.valueOr("Contract", "")); err == nil && c.IsPassedOut() {
			return ""
		}
	}
	return "?"
}

// exportDeal rewrites a complete deal from the seat the options choose.
func exportDeal(g Game, value string, opt Options) string {
	d, err := bridge.ParsePBNDeal(value)
	if err != nil {
		return value
	}
	first := opt.DealFirst
	if opt.DealFromDealer {
		if dealer, err := bridge.ParseSeat(g.valueOr("Dealer", "")); err == nil {
			first = dealer
		}
	}
	return d.PBN(first)
}

// checkTag reports why t cannot be written so that it reads back the same.
func checkTag(t Tag, opt Options) error {
	if t.Name == "" || strings.IndexFunc(t.Name, func(r rune) bool { return r > 0x7F || !isNameByte(byte(r)) }) >= 0 {
		return fmt.Errorf("tag name %q: want letters, digits and _", t.Name)
	}
	if strings.ContainsAny(t.Value, "\r\n") {
		return fmt.Errorf("%s: value %q has a line break", t.where(), t.Value)
	}
	if t.Value == "#" {
		return fmt.Errorf(`%s: value "#" would read as inherited from the previous game`, t.where())
	}
	texts := []string{t.Value}
	for _, line := range t.Data {
		if !dataReadsBack(line.Text) {
			return fmt.Errorf("%s: data line %q would not read back as data", t.where(), line.Text)
		}
		texts = append(texts, line.Text)
	}
	if !opt.UTF8 {
		for _, s := range texts {
			if r, bad := nonLatin1(s); bad {
				return fmt.Errorf("%s: %q: %q is not in ISO-8859-1 (write UTF-8 instead)", t.where(), s, r)
			}
		}
	}
	return nil
}

// dataReadsBack reports whether text, written on a line of its own (after a space
// when it starts with %), reads back as the same line of section data.
func dataReadsBack(text string) bool {
	if strings.ContainsAny(text, "\r\n") {
		return false
	}
	var p parser
	pieces, err := p.scan(1, text)
	return err == nil && p.commentLine == 0 && len(pieces) == 1 && pieces[0].tag == nil && pieces[0].data == text
}

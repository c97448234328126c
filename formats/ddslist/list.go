package ddslist

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Deal is one deal of a DDS test file and the results DDS computed for it. The
// list format fills every field; the sol format fills Deal and Table only.
type Deal struct {
	// Line is where the deal starts in the file.
	Line          int
	Dealer        bridge.Seat
	Vulnerability bridge.Vulnerability
	// Trump and Leader name the single-deal test that Future answers.
	Trump  bridge.Strain
	Leader bridge.Seat
	Deal   bridge.Deal
	Future []FutureCard
	// Table is the double-dummy table, every cell known.
	Table     bridge.DDTable
	Par       Par
	DealerPar DealerPar
	Play      []bridge.Card
	// Trace holds declarer's double-dummy tricks before the play and after each
	// card of Play up to the 48th; the last trick decides itself.
	Trace []int
}

// FutureCard is a card the player on lead may play, as SolveBoard reports it.
type FutureCard struct {
	Card bridge.Card
	// Equals has a bit 1<<rank for each lower card of the suit that is as good.
	Equals int
	// Tricks is what the leader's side then takes.
	Tricks int
}

// Par is the par of a deal from both sides' view: the scores and the par
// contracts as Par() writes them ("EW 2S", "NS 5Hx", "EW 1N,EW 2D").
type Par struct {
	NSScore, EWScore         int
	NSContracts, EWContracts string
}

// DealerPar is the par when the dealer starts the bidding: the score from
// North-South's view and the contracts ("2S-EW", "4S*-EW-1").
type DealerPar struct {
	Score     int
	Contracts []string
}

// The DDS numbering of strains (S, H, D, C, NT) and vulnerabilities.
var (
	ddsStrains        = [5]bridge.Strain{bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs, bridge.NoTrump}
	ddsVulnerabilites = [4]bridge.Vulnerability{bridge.VulNone, bridge.VulBoth, bridge.VulNS, bridge.VulEW}
)

// ReadList reads a DDS list file. Every deal must have all seven lines in order,
// and the file as many deals as its NUMBER line says.
func ReadList(r io.Reader) ([]Deal, error) {
	lines, err := readLines(r)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("ddslist: empty file")
	}
	head := strings.Fields(lines[0].text)
	if len(head) != 2 || head[0] != "NUMBER" {
		return nil, fmt.Errorf("ddslist: line %d: want NUMBER and the count of deals, found %q", lines[0].n, lines[0].text)
	}
	count, err := strconv.Atoi(head[1])
	if err != nil || count < 0 {
		return nil, fmt.Errorf("ddslist: line %d: %q is not a count of deals", lines[0].n, head[1])
	}
	body := lines[1:]
	if len(body) != 7*count {
		return nil, fmt.Errorf("ddslist: NUMBER %d wants %d lines after it, found %d", count, 7*count, len(body))
	}
	deals := make([]Deal, count)
	for i := range deals {
		if deals[i], err = readDeal(body[7*i : 7*i+7]); err != nil {
			return nil, err
		}
	}
	return deals, nil
}

// line is a line of a file that is not empty, and its number.
type line struct {
	n    int
	text string
}

// readLines returns the lines of r that are not empty.
func readLines(r io.Reader) ([]line, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	var out []line
	for n := 1; sc.Scan(); n++ {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			out = append(out, line{n, t})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ddslist: %w", err)
	}
	return out, nil
}

// readDeal reads the seven lines of a deal.
func readDeal(lines []line) (Deal, error) {
	d := Deal{Line: lines[0].n}
	readers := []struct {
		keyword string
		read    func(*Deal, []string) error
	}{
		{"PBN", (*Deal).readPBN},
		{"FUT", (*Deal).readFuture},
		{"TABLE", (*Deal).readTable},
		{"PAR", (*Deal).readPar},
		{"PAR2", (*Deal).readDealerPar},
		{"PLAY", (*Deal).readPlay},
		{"TRACE", (*Deal).readTrace},
	}
	for i, r := range readers {
		fields, err := splitQuoted(lines[i].text)
		if err == nil && (len(fields) == 0 || fields[0] != r.keyword) {
			err = fmt.Errorf("want a %s line", r.keyword)
		}
		if err == nil {
			err = r.read(&d, fields[1:])
		}
		if err != nil {
			return Deal{}, fmt.Errorf("ddslist: line %d: %v: %q", lines[i].n, err, lines[i].text)
		}
	}
	return d, nil
}

// readPBN reads `<dealer> <vul> <trump> <leader> "<deal>"`.
func (d *Deal) readPBN(f []string) error {
	if len(f) != 5 {
		return fmt.Errorf("want dealer, vulnerability, trump, leader and the deal")
	}
	n, err := numbers(f[:4], []int{3, 3, 4, 3})
	if err != nil {
		return err
	}
	d.Dealer, d.Vulnerability, d.Trump, d.Leader = bridge.Seat(n[0]), ddsVulnerabilites[n[1]], ddsStrains[n[2]], bridge.Seat(n[3])
	d.Deal, err = bridge.ParsePBNDeal(f[4])
	return err
}

// readFuture reads `<n> <suit×n> <rank×n> <equals×n> <score×n>`.
func (d *Deal) readFuture(f []string) error {
	n, err := count(f, 4)
	if err != nil {
		return err
	}
	for i := range n {
		v, err := numbers([]string{f[1+i], f[1+n+i], f[1+2*n+i], f[1+3*n+i]}, []int{3, 14, 1 << 15, 13})
		if err != nil {
			return fmt.Errorf("card %d: %v", i+1, err)
		}
		suit, _ := ddsStrains[v[0]].Suit()
		if v[1] < 2 {
			return fmt.Errorf("card %d: rank %d is not 2 to 14", i+1, v[1])
		}
		d.Future = append(d.Future, FutureCard{Card: bridge.Card{Suit: suit, Rank: bridge.Two + bridge.Rank(v[1]-2)}, Equals: v[2], Tricks: v[3]})
	}
	return nil
}

// readTable reads the 20 numbers of TABLE, 4·strain+declarer.
func (d *Deal) readTable(f []string) error {
	if len(f) != 20 {
		return fmt.Errorf("want 20 numbers, found %d", len(f))
	}
	v, err := numbers(f, nil)
	if err != nil {
		return err
	}
	for i, tricks := range v {
		d.Table[bridge.Seat(i%4)][ddsStrains[i/4]] = tricks
	}
	return nil
}

// readPar reads `"NS <score>" "EW <score>" "NS:<contracts>" "EW:<contracts>"`.
func (d *Deal) readPar(f []string) error {
	if len(f) != 4 {
		return fmt.Errorf(`want "NS <score>" "EW <score>" "NS:<contracts>" "EW:<contracts>"`)
	}
	var err error
	if d.Par.NSScore, err = sideScore(f[0], "NS "); err != nil {
		return err
	}
	if d.Par.EWScore, err = sideScore(f[1], "EW "); err != nil {
		return err
	}
	var ok1, ok2 bool
	d.Par.NSContracts, ok1 = strings.CutPrefix(f[2], "NS:")
	d.Par.EWContracts, ok2 = strings.CutPrefix(f[3], "EW:")
	if !ok1 || !ok2 {
		return fmt.Errorf(`want the contracts as "NS:..." and "EW:..."`)
	}
	return nil
}

// sideScore reads "NS -110".
func sideScore(s, prefix string) (int, error) {
	rest, ok := strings.CutPrefix(s, prefix)
	n, err := strconv.Atoi(rest)
	if !ok || err != nil {
		return 0, fmt.Errorf("want %q and a score, found %q", prefix, s)
	}
	return n, nil
}

// readDealerPar reads `"<score>" "<contract>" …`.
func (d *Deal) readDealerPar(f []string) error {
	if len(f) < 2 {
		return fmt.Errorf("want a score and contracts")
	}
	score, err := strconv.Atoi(f[0])
	if err != nil {
		return fmt.Errorf("%q is not a score", f[0])
	}
	d.DealerPar = DealerPar{Score: score, Contracts: f[1:]}
	return nil
}

// readPlay reads `<n> "<cards>"`.
func (d *Deal) readPlay(f []string) error {
	if len(f) != 2 {
		return fmt.Errorf("want a count and the cards")
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 || n > 52 || len(f[1]) != 2*n {
		return fmt.Errorf("%q is not the count of the %d characters of cards", f[0], len(f[1]))
	}
	for i := range n {
		c, err := bridge.ParseCard(f[1][2*i : 2*i+2])
		if err != nil {
			return err
		}
		d.Play = append(d.Play, c)
	}
	return nil
}

// readTrace reads `<n> <tricks×n>`.
func (d *Deal) readTrace(f []string) error {
	n, err := count(f, 1)
	if err != nil {
		return err
	}
	if d.Trace, err = numbers(f[1:1+n], nil); err != nil {
		return err
	}
	if want := min(len(d.Play), 48) + 1; n != want {
		return fmt.Errorf("%d tricks for %d cards played; want %d", n, len(d.Play), want)
	}
	return nil
}

// count reads the count n in f[0] of a line that holds per*n numbers after it.
func count(f []string, per int) (int, error) {
	if len(f) == 0 {
		return 0, fmt.Errorf("no count")
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 || n > 52 || len(f) != 1+per*n {
		return 0, fmt.Errorf("count %q does not match the %d numbers after it", f[0], len(f)-1)
	}
	return n, nil
}

// numbers reads whole numbers from 0 to max[i] (13, a number of tricks, when max
// is nil).
func numbers(f []string, max []int) ([]int, error) {
	out := make([]int, len(f))
	for i, s := range f {
		limit := 13
		if max != nil {
			limit = max[i]
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > limit {
			return nil, fmt.Errorf("%q is not a number from 0 to %d", s, limit)
		}
		out[i] = n
	}
	return out, nil
}

// splitQuoted splits a line on white space, keeping quoted strings whole and
// without their quotes.
func splitQuoted(s string) ([]string, error) {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("a string has no closing quote")
			}
			out = append(out, s[1:1+end])
			s = s[end+2:]
			continue
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out, nil
}

package lin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// linSeats is the order of the hands in md and of the names in pn: South, West,
// North, East. The dealer digit of md is the place of the dealer here, plus one.
var linSeats = [4]bridge.Seat{bridge.South, bridge.West, bridge.North, bridge.East}

// vulnerabilityCodes are the values of sv, by bridge.Vulnerability.
var vulnerabilityCodes = [4]string{"0", "n", "e", "b"}

// NewRecord returns the deal line of board b, with the players' names by
// bridge.Seat when any is known:
//
//	qx|o1|pn|S,W,N,E|md|3<S>,<W>,<N>,<E>|rh||ah|Board 1|sv|0|pg||
//
// It writes all four hands. It fails on a name holding a comma or a pipe.
func NewRecord(b bridge.Board, players [4]string) (Record, error) {
	if err := b.Validate(); err != nil {
		return Record{}, fmt.Errorf("lin: %w", err)
	}
	n := strconv.Itoa(b.Number)
	r := Record{Pairs: []Pair{{"qx", "o" + n}}}
	if players != [4]string{} {
		names := make([]string, 4)
		for i, seat := range linSeats {
			if strings.ContainsAny(players[seat], ",|\r\n") {
				return Record{}, fmt.Errorf("lin: name %q of %s: a name must not hold a comma, a pipe or a line break", players[seat], seat.Name())
			}
			names[i] = players[seat]
		}
		r.Pairs = append(r.Pairs, Pair{"pn", strings.Join(names, ",")})
	}
	hands := make([]string, 4)
	for i, seat := range linSeats {
		hands[i] = handText(b.Deal[seat])
	}
	r.Pairs = append(r.Pairs,
		Pair{"md", dealerDigit(b.Dealer) + strings.Join(hands, ",")},
		Pair{"rh", ""},
		Pair{"ah", "Board " + n},
		Pair{"sv", vulnerabilityCodes[b.Vulnerability]},
		Pair{"pg", ""},
	)
	return r, nil
}

// dealerDigit is the md digit of the dealer.
func dealerDigit(dealer bridge.Seat) string {
	for i, seat := range linSeats {
		if seat == dealer {
			return strconv.Itoa(i + 1)
		}
	}
	return "?"
}

// handText writes a hand as md does: "S" and the spades, then H, D and C.
func handText(h bridge.Hand) string {
	var b strings.Builder
	for _, suit := range []bridge.Suit{bridge.Spades, bridge.Hearts, bridge.Diamonds, bridge.Clubs} {
		b.WriteString(suit.String())
		for _, r := range h.Suit(suit) {
			b.WriteString(r.String())
		}
	}
	return b.String()
}

// Board returns the board the record describes. The number comes from the title
// ("ah|Board 12") or else from qx ("o12"); the dealer from the digit of md, or,
// without one, from Law 2; the vulnerability from sv, or, without it, from Law 2.
func (r Record) Board() (bridge.Board, error) {
	n, err := r.boardNumber()
	if err != nil {
		return bridge.Board{}, r.errorf("%v", err)
	}
	b := bridge.NewBoard(n, bridge.Deal{})
	md, ok := r.Value("md")
	if !ok {
		return bridge.Board{}, r.errorf("board %d: no md pair (the deal)", n)
	}
	if md != "" && md[0] >= '1' && md[0] <= '4' {
		b.Dealer = linSeats[md[0]-'1']
		md = md[1:]
	}
	if b.Deal, err = parseHands(md); err != nil {
		return bridge.Board{}, r.errorf("board %d: md %q: %v", n, md, err)
	}
	if sv, ok := r.Value("sv"); ok {
		if b.Vulnerability, err = parseVulnerability(sv); err != nil {
			return bridge.Board{}, r.errorf("board %d: sv %q: %v", n, sv, err)
		}
	}
	return b, nil
}

// boardNumber reads the board number from ah or qx.
func (r Record) boardNumber() (int, error) {
	if title, ok := r.Value("ah"); ok {
		if rest, found := strings.CutPrefix(strings.TrimSpace(title), "Board"); found {
			if n, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && n > 0 {
				return n, nil
			}
		}
	}
	if qx, ok := r.Value("qx"); ok && len(qx) > 1 {
		if n, err := strconv.Atoi(qx[1:]); err == nil && n > 0 {
			return n, nil
		}
	}
	return 0, fmt.Errorf(`no board number: want a title "ah|Board 12|" or "qx|o12|"`)
}

// parseHands reads the hands of md after the dealer digit: South, West, North and
// East separated by commas, East possibly left out.
func parseHands(s string) (bridge.Deal, error) {
	fields := strings.Split(s, ",")
	if len(fields) == 3 {
		fields = append(fields, "")
	}
	if len(fields) != 4 {
		return bridge.Deal{}, fmt.Errorf("want the hands of South, West, North and East separated by commas, found %d", len(fields))
	}
	var d bridge.Deal
	for i, seat := range linSeats[:3] {
		h, err := parseHand(fields[i])
		if err != nil {
			return bridge.Deal{}, fmt.Errorf("the hand of %s: %v", seat.Name(), err)
		}
		d[seat] = h
	}
	east := bridge.FullDeck &^ (d[bridge.South] | d[bridge.West] | d[bridge.North])
	if strings.TrimSpace(fields[3]) != "" {
		h, err := parseHand(fields[3])
		if err != nil {
			return bridge.Deal{}, fmt.Errorf("the hand of East: %v", err)
		}
		east = h
	}
	d[bridge.East] = east
	if err := d.Validate(); err != nil {
		return bridge.Deal{}, err
	}
	return d, nil
}

// parseHand reads a hand of md: suit letters, each followed by its ranks, in any
// case and any order.
func parseHand(s string) (bridge.Hand, error) {
	var h bridge.Hand
	suit, haveSuit := bridge.Spades, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if st, err := bridge.ParseSuit(string(c)); err == nil {
			suit, haveSuit = st, true
			continue
		}
		width := 1
		if c == '1' && i+1 < len(s) && s[i+1] == '0' {
			width = 2
		}
		rank, err := bridge.ParseRank(s[i : i+width])
		if err != nil {
			return 0, fmt.Errorf("unknown character %q", string(c))
		}
		if !haveSuit {
			return 0, fmt.Errorf("rank %s before any suit letter", rank)
		}
		card := bridge.Card{Suit: suit, Rank: rank}
		if h.Has(card) {
			return 0, fmt.Errorf("the %s appears twice", card.Symbol())
		}
		h = h.Add(card)
		i += width - 1
	}
	return h, nil
}

// parseVulnerability reads sv.
func parseVulnerability(sv string) (bridge.Vulnerability, error) {
	switch strings.ToLower(strings.TrimSpace(sv)) {
	case "0", "o", "-":
		return bridge.VulNone, nil
	case "n":
		return bridge.VulNS, nil
	case "e":
		return bridge.VulEW, nil
	case "b":
		return bridge.VulBoth, nil
	}
	return 0, fmt.Errorf("want 0 or o (none), n, e or b (both)")
}

// Players returns the names of pn by bridge.Seat. ok is false when the record has
// no pn pair.
func (r Record) Players() (names [4]string, ok bool, err error) {
	pn, ok := r.Value("pn")
	if !ok {
		return names, false, nil
	}
	fields := strings.Split(pn, ",")
	if len(fields) != 4 {
		return names, true, r.errorf("pn %q: want the names of South, West, North and East separated by commas, found %d", pn, len(fields))
	}
	for i, seat := range linSeats {
		names[seat] = fields[i]
	}
	return names, true, nil
}

// errorf returns an error about the record, naming its line when it was read.
func (r Record) errorf(format string, args ...any) error {
	if r.Line > 0 {
		return fmt.Errorf("lin: line %d: %s", r.Line, fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("lin: %s", fmt.Sprintf(format, args...))
}

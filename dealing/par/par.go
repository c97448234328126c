package par

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Contract is one par contract and who plays it.
type Contract struct {
	Contract bridge.Contract // a sacrifice is Doubled
	// Declarers are the seats that make it (a sacrifice: that go down by the
	// same), in N E S W order: one seat, or both seats of a side.
	Declarers []bridge.Seat
	Result    int // overtricks (> 0) or undertricks (< 0), 0 when exactly made
}

// Par is the par of a deal: the score when both sides bid as well as the
// double-dummy table allows, and every contract that reaches it.
type Par struct {
	Score     int        // from North-South's view; 0 and no contracts when the deal is passed out
	Contracts []Contract // every par contract, in the order DDS lists them
}

// validate checks the arguments both par functions share.
func validate(t bridge.DDTable, vul bridge.Vulnerability) error {
	if !vul.Valid() {
		return fmt.Errorf("par: vulnerability %v is not one of None, NS, EW, All", vul)
	}
	if err := t.Validate(); err != nil {
		return fmt.Errorf("par: the table must be complete: %w", err)
	}
	return nil
}

// best returns the tricks side takes in strain with the better of its seats.
func best(t bridge.DDTable, side bridge.Side, strain bridge.Strain) int {
	s := side.Seats()
	return max(t[s[0]][strain], t[s[1]][strain])
}

// declarers returns the seats of side that take its best in strain.
func declarers(t bridge.DDTable, side bridge.Side, strain bridge.Strain) []bridge.Seat {
	var seats []bridge.Seat
	for _, seat := range side.Seats() {
		if t[seat][strain] == best(t, side, strain) {
			seats = append(seats, seat)
		}
	}
	return seats
}

// String returns the par as a hand record prints it: the score from
// North-South's view, then each contract with suit symbols, × for a doubled
// sacrifice and who plays it ("by N" for one seat, "by N-S" when either
// partner does): "Par +620: 4♠ by N", "Par −100: 4♠× by E, down 1",
// "Par −660: 4NT+1 by W", "Par −600: 5♣ by E-W; 3NT by E-W", "Par 0: passed out".
func (p Par) String() string {
	if len(p.Contracts) == 0 && p.Score == 0 {
		return "Par 0: passed out"
	}
	var b strings.Builder
	b.WriteString("Par ")
	switch {
	case p.Score > 0:
		b.WriteString("+" + strconv.Itoa(p.Score))
	case p.Score < 0:
		b.WriteString("−" + strconv.Itoa(-p.Score))
	default:
		b.WriteString("0")
	}
	b.WriteString(":")
	for i, c := range p.Contracts {
		if i > 0 {
			b.WriteString(";")
		}
		b.WriteString(" " + strconv.Itoa(c.Contract.Level) + c.Contract.Strain.Symbol())
		if c.Contract.Doubling == bridge.Doubled {
			b.WriteString("×")
		}
		if c.Result > 0 {
			b.WriteString("+" + strconv.Itoa(c.Result))
		}
		b.WriteString(" by " + seatsText(c.Declarers, "-"))
		if c.Result < 0 {
			b.WriteString(", down " + strconv.Itoa(-c.Result))
		}
	}
	return b.String()
}

// seatsText writes one seat as its letter and both seats of a side as their
// letters joined by sep: "N", "EW", "E-W".
func seatsText(seats []bridge.Seat, sep string) string {
	letters := make([]string, len(seats))
	for i, s := range seats {
		letters[i] = s.String()
	}
	return strings.Join(letters, sep)
}

// strainLetter is the strain as DDS writes it: C, D, H, S or N.
func strainLetter(s bridge.Strain) string { return s.String()[:1] }

// DealerParText returns the par contracts as DDS's DealerPar writes them, for
// comparing with DDS and the programs built on it: the contract, * for a doubled
// sacrifice, the seats that play it, then +n overtricks or -n undertricks:
// "4S*-EW-1", "3N-EW", "4N-W+1"; "pass" for a passed-out deal.
func (p Par) DealerParText() []string {
	if len(p.Contracts) == 0 && p.Score == 0 {
		return []string{"pass"}
	}
	out := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		s := strconv.Itoa(c.Contract.Level) + strainLetter(c.Contract.Strain)
		if c.Contract.Doubling == bridge.Doubled {
			s += "*"
		}
		s += "-" + seatsText(c.Declarers, "")
		if c.Result > 0 {
			s += "+"
		}
		if c.Result != 0 {
			s += strconv.Itoa(c.Result)
		}
		out[i] = s
	}
	return out
}

// SidesParText returns the par contracts as DDS's Par writes them after "NS:"
// or "EW:", for comparing with DDS: the seats ("NS" when either partner plays
// it, else one letter), then the contract, comma-separated. A making contract
// lists every level that scores the par ("NS 23S,N 23H": 2♠ or 3♠ by either,
// 2♥ or 3♥ by North); a sacrifice is written with x ("EW 4Sx"). A passed-out
// deal gives "".
func (p Par) SidesParText() string {
	out := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		s := seatsText(c.Declarers, "") + " "
		if c.Contract.Doubling == bridge.Doubled {
			s += strconv.Itoa(c.Contract.Level) + strainLetter(c.Contract.Strain) + "x"
		} else {
			for level := c.Contract.Level; level <= c.Contract.Level+c.Result; level++ {
				s += strconv.Itoa(level)
			}
			s += strainLetter(c.Contract.Strain)
		}
		out[i] = s
	}
	return strings.Join(out, ",")
}

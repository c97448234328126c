package bridge

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Doubling says whether a contract was doubled or redoubled.
type Doubling uint8

// The three states of a contract.
const (
	Undoubled Doubling = iota
	Doubled
	Redoubled
)

// Valid reports whether d is one of the three states.
func (d Doubling) Valid() bool { return d <= Redoubled }

// String returns "Undoubled", "Doubled" or "Redoubled".
func (d Doubling) String() string {
	switch d {
	case Undoubled:
		return "Undoubled"
	case Doubled:
		return "Doubled"
	case Redoubled:
		return "Redoubled"
	}
	return fmt.Sprintf("Doubling(%d)", uint8(d))
}

// suffix is what follows the strain in a contract: "", "X" or "XX".
func (d Doubling) suffix() string {
	if d > Redoubled {
		return "?"
	}
	return strings.Repeat("X", int(d))
}

// Contract is the final contract of a board. Level 0 means the board was passed out.
// The declarer is not part of the contract.
type Contract struct {
	Level    int
	Strain   Strain
	Doubling Doubling
}

// PassedOut is the contract of a board that all four players passed.
var PassedOut = Contract{}

// IsPassedOut reports whether the board was passed out.
func (c Contract) IsPassedOut() bool { return c.Level == 0 }

// TricksNeeded returns the number of tricks declarer must take: six more than the
// level. It is 0 for a passed-out board.
func (c Contract) TricksNeeded() int {
	if c.IsPassedOut() {
		return 0
	}
	return c.Level + 6
}

// String returns the contract as travellers and PBN files write it: "4S", "3NTX",
// "6HXX", or "PASS" for a passed-out board.
func (c Contract) String() string {
	if c.IsPassedOut() {
		return "PASS"
	}
	return strconv.Itoa(c.Level) + c.Strain.String() + c.Doubling.suffix()
}

// Symbol returns the contract for people, with suit symbols and a lower-case x
// for a double: "4♠", "3NTx", "6♥xx", "PASS".
func (c Contract) Symbol() string {
	if c.IsPassedOut() {
		return "PASS"
	}
	return strconv.Itoa(c.Level) + c.Strain.Symbol() + strings.ToLower(c.Doubling.suffix())
}

// Validate reports what is wrong with c, or nil: the level must be 1 to 7 (or 0,
// passed out, with no strain or doubling), the strain and the doubling must exist.
func (c Contract) Validate() error {
	var problem string
	switch {
	case c.IsPassedOut() && (c.Strain != 0 || c.Doubling != Undoubled):
		problem = "a passed-out board has no strain or doubling"
	case c.Level < 0 || c.Level > 7:
		problem = levelProblem(strconv.Itoa(c.Level))
	case !c.Strain.Valid():
		problem = "unknown strain " + c.Strain.String()
	case !c.Doubling.Valid():
		problem = "unknown doubling " + c.Doubling.String()
	default:
		return nil
	}
	return fmt.Errorf("bridge: contract %v: %s", c, problem)
}

// passedOutWords are the ways results and files write a passed-out board, upper
// case without spaces.
var passedOutWords = map[string]bool{
	"PASS": true, "PASSED": true, "PASSEDOUT": true, "PASSOUT": true,
	"P": true, "PO": true, "AP": true, "ALLPASS": true,
}

// ParseContract reads a contract in any case, ignoring spaces: a level 1 to 7, a
// strain (C, D, H, S, N or NT, or a suit symbol), then X or * for doubled, XX or **
// for redoubled: "4S", "4♠X", "3NTxx", "3N", "4H*", "4 S x". A passed-out board is
// "PASS", "Passed out", "AP" or "PO".
func ParseContract(s string) (Contract, error) {
	t := normalize(s)
	if passedOutWords[t] {
		return PassedOut, nil
	}
	level, strain, rest, err := readBid("contract", s, t)
	if err != nil {
		return Contract{}, err
	}
	c := Contract{Level: level, Strain: strain}
	switch rest {
	case "":
	case "X", "*":
		c.Doubling = Doubled
	case "XX", "**":
		c.Doubling = Redoubled
	default:
		return Contract{}, parseError("contract", s, "unexpected %q after %d%s", rest, level, strain)
	}
	return c, nil
}

// normalize returns s with ASCII letters in upper case and all white space removed.
func normalize(s string) string {
	return upperASCII(strings.Join(strings.FieldsFunc(s, unicode.IsSpace), ""))
}

// readBid reads the level and strain at the start of t, the normalized form of the
// input s of a parser for what, and returns what follows them.
func readBid(what, s, t string) (level int, strain Strain, rest string, err error) {
	digits := t[:len(t)-len(strings.TrimLeft(t, "0123456789"))]
	if digits == "" {
		return 0, 0, "", parseError(what, s, "no level (want a level 1 to 7, then a strain)")
	}
	if len(digits) > 1 || digits < "1" || digits > "7" {
		return 0, 0, "", parseError(what, s, "%s", levelProblem(digits))
	}
	level = int(digits[0] - '0')
	strain, rest, ok := readStrain(t[1:])
	if !ok {
		if rest == "" {
			return 0, 0, "", parseError(what, s, "no strain after level %d", level)
		}
		return 0, 0, "", parseError(what, s, "unknown strain %q (want C, D, H, S, NT or a suit symbol)", firstRune(rest))
	}
	return level, strain, rest, nil
}

// levelProblem says that the level written as digits is not 1 to 7.
func levelProblem(digits string) string {
	return "level " + digits + " is outside 1 to 7"
}

// firstRune returns the first character of s.
func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

// MarshalText writes the contract as String does.
func (c Contract) MarshalText() ([]byte, error) {
	return marshalText("contract", c, c.Validate() == nil)
}

// UnmarshalText reads a contract as ParseContract does.
func (c *Contract) UnmarshalText(b []byte) error { return unmarshalText(c, b, ParseContract) }

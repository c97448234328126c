package bridge

import (
	"fmt"
	"strconv"
)

// CallKind says what sort of call a Call is. The zero CallKind is no call at all,
// so that a Call left unset is never mistaken for a pass or a bid.
type CallKind uint8

// The kinds of call (Law 18 onward).
const (
	CallPass CallKind = iota + 1
	CallBid
	CallDouble
	CallRedouble
)

// Call is one call of an auction: a pass, a bid, a double or a redouble. Level and
// Strain are set for bids only.
type Call struct {
	Kind   CallKind
	Level  int
	Strain Strain
}

// The calls other than bids.
var (
	Pass     = Call{Kind: CallPass}
	Double   = Call{Kind: CallDouble}
	Redouble = Call{Kind: CallRedouble}
)

// Bid returns the bid of level (1 to 7) in strain s. It does not check its
// arguments; Validate does.
func Bid(level int, s Strain) Call { return Call{Kind: CallBid, Level: level, Strain: s} }

// IsBid reports whether c is a bid.
func (c Call) IsBid() bool { return c.Kind == CallBid }

// String returns "1C", "3NT", "PASS", "X" or "XX".
func (c Call) String() string {
	switch c.Kind {
	case CallPass:
		return "PASS"
	case CallDouble:
		return "X"
	case CallRedouble:
		return "XX"
	case CallBid:
		return strconv.Itoa(c.Level) + c.Strain.String()
	}
	return fmt.Sprintf("Call(%d)", uint8(c.Kind))
}

// Symbol returns the call for people: "1♠", "3NT", "Pass", "X", "XX".
func (c Call) Symbol() string {
	switch c.Kind {
	case CallPass:
		return "Pass"
	case CallBid:
		return strconv.Itoa(c.Level) + c.Strain.Symbol()
	}
	return c.String()
}

// Validate reports what is wrong with c, or nil.
func (c Call) Validate() error {
	var problem string
	switch {
	case c.Kind < CallPass || c.Kind > CallRedouble:
		problem = "unknown kind of call"
	case c.Kind != CallBid && (c.Level != 0 || c.Strain != 0):
		problem = "only a bid has a level and a strain"
	case c.Kind == CallBid && (c.Level < 1 || c.Level > 7):
		problem = levelProblem(strconv.Itoa(c.Level))
	case !c.Strain.Valid():
		problem = "unknown strain " + c.Strain.String()
	default:
		return nil
	}
	return fmt.Errorf("bridge: call %v: %s", c, problem)
}

// Less reports whether the bid c ranks below the bid d (Law 18: by level, then by
// strain, so 1C < 1D < ... < 1NT < 2C < ... < 7NT). It is false unless both are bids.
func (c Call) Less(d Call) bool {
	if !c.IsBid() || !d.IsBid() {
		return false
	}
	if c.Level != d.Level {
		return c.Level < d.Level
	}
	return c.Strain < d.Strain
}

// callWords are the ways people write the calls other than bids, upper case.
var callWords = map[string]Call{
	"P": Pass, "PASS": Pass, "NB": Pass, "NOBID": Pass,
	"X": Double, "D": Double, "DBL": Double, "DOUBLE": Double,
	"XX": Redouble, "R": Redouble, "RDBL": Redouble, "REDBL": Redouble, "REDOUBLE": Redouble,
}

// ParseCall reads a call in any case, ignoring spaces: a bid ("1S", "1♠", "3NT",
// "3N"), a pass ("P", "Pass", "NB"), a double ("X", "Dbl") or a redouble ("XX", "Rdbl").
func ParseCall(s string) (Call, error) {
	t := normalize(s)
	if c, ok := callWords[t]; ok {
		return c, nil
	}
	level, strain, rest, err := readBid("call", s, t)
	if err != nil {
		return Call{}, err
	}
	if rest != "" {
		return Call{}, parseError("call", s, "unexpected %q after %d%s", rest, level, strain)
	}
	return Bid(level, strain), nil
}

// MarshalText writes the call as String does.
func (c Call) MarshalText() ([]byte, error) { return marshalText("call", c, c.Validate() == nil) }

// UnmarshalText reads a call as ParseCall does.
func (c *Call) UnmarshalText(b []byte) error { return unmarshalText(c, b, ParseCall) }

package pbn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/par"
)

// SetDoubleDummy gives g the double-dummy table t and the par p in the four
// tags scoring programs and hand-record printers read, replacing any the game
// has: DoubleDummyTricks, OptimumResultTable, OptimumScore and ParContract.
func (g *Game) SetDoubleDummy(t bridge.DDTable, p par.Par) {
	g.Set("DoubleDummyTricks", FormatDoubleDummyTricks(t))
	g.SetTag(OptimumResultTableOf(t).Tag("OptimumResultTable"))
	g.Set("OptimumScore", OptimumScoreOf(p.Score))
	g.Set("ParContract", ParContractOf(p.Contracts))
}

// OptimumScoreOf returns a par score, from North-South's view, as the value of
// an OptimumScore tag: the side that scores it and the points, "NS 620",
// "EW 100", and "NS 0" for a deal passed out.
func OptimumScoreOf(score int) string {
	if score < 0 {
		return "EW " + strconv.Itoa(-score)
	}
	return "NS " + strconv.Itoa(score)
}

// ParseOptimumScore reads the value of an OptimumScore tag and returns the
// score from North-South's view. It takes a side and the points from that
// side's view, of either sign ("NS 620", "EW 100", "EW -1100"), and the form
// some dealing programs write, a side and contract then the score from
// North-South's view ("NS 4S; +620", "EW 4S; -620").
func ParseOptimumScore(s string) (int, error) {
	side, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	var sign int
	switch strings.ToUpper(side) {
	case "NS":
		sign = 1
	case "EW":
		sign = -1
	default:
		return 0, fmt.Errorf("%q does not start with NS or EW, the side whose score it is", s)
	}
	rest = strings.TrimSpace(rest)
	if _, score, ok := strings.Cut(rest, ";"); ok {
		sign = 1
		rest = strings.TrimSpace(score)
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < -10000 || n > 10000 {
		return 0, fmt.Errorf("%q: %q is not a score in points (want a whole number such as 620 or -100)", s, rest)
	}
	return sign * n, nil
}

// ParContractOf returns par contracts as the value of a ParContract tag, as
// DDS and BridgeComposer write them: who declares (the side, or the one seat
// that makes it), the contract with N for no trumps and x for a doubled
// sacrifice, and the overtricks or undertricks when there are any; several
// contracts are separated by "; ": "NS 4S", "EW 4Sx-1", "W 3N+1",
// "NS 5C; NS 5D". A deal passed out is "Pass".
func ParContractOf(contracts []par.Contract) string {
	if len(contracts) == 0 {
		return "Pass"
	}
	parts := make([]string, len(contracts))
	for i, c := range contracts {
		var b strings.Builder
		for _, seat := range c.Declarers {
			b.WriteString(seat.String())
		}
		b.WriteString(" " + strconv.Itoa(c.Contract.Level) + c.Contract.Strain.String()[:1])
		b.WriteString(strings.Repeat("x", int(c.Contract.Doubling)))
		if c.Result != 0 {
			b.WriteString(fmt.Sprintf("%+d", c.Result))
		}
		parts[i] = b.String()
	}
	return strings.Join(parts, "; ")
}

// ParseParContract reads the value of a ParContract tag: contracts separated
// by ";" or ",", each its declarers (NS, EW or one seat) and a contract, in
// any case, with an optional result ("NS 4S", "EW 4SX-1", "N 3NT+1"); "Pass"
// (or "NS Pass") for a deal passed out, which has no contracts. Declarers come
// back in N, E, S, W order.
func ParseParContract(s string) ([]par.Contract, error) {
	var parts []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == ',' }) {
		if strings.TrimSpace(part) != "" {
			parts = append(parts, part)
		}
	}
	var out []par.Contract
	for i, part := range parts {
		fields := strings.Fields(part)
		if len(fields) == 1 && isPass(fields[0]) || len(fields) == 2 && isPass(fields[1]) {
			if len(parts) > 1 {
				return nil, fmt.Errorf("%q: a deal passed out has no other par contract", s)
			}
			return nil, nil
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("%q: contract %d, %q: want who declares and the contract, such as NS 4S or EW 4Sx-1", s, i+1, strings.TrimSpace(part))
		}
		c, err := parContract(fields[0], fields[1])
		if err != nil {
			return nil, fmt.Errorf("%q: contract %d, %q: %v", s, i+1, strings.TrimSpace(part), err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%q: no par contract (want NS 4S, EW 4Sx-1, or Pass)", s)
	}
	return out, nil
}

// isPass reports whether a word says the deal is passed out.
func isPass(word string) bool {
	c, err := bridge.ParseContract(word)
	return err == nil && c.IsPassedOut()
}

// parContract reads one par contract: its declarers and its contract with the
// result.
func parContract(declarers, contract string) (par.Contract, error) {
	var c par.Contract
	for _, r := range strings.ToUpper(declarers) {
		seat, err := bridge.ParseSeat(string(r))
		if err != nil || slices.Contains(c.Declarers, seat) {
			return c, fmt.Errorf("declarers %q: want NS, EW or one seat N, E, S or W", declarers)
		}
		c.Declarers = append(c.Declarers, seat)
	}
	if len(c.Declarers) == 2 && c.Declarers[0].Side() != c.Declarers[1].Side() || len(c.Declarers) > 2 {
		return c, fmt.Errorf("declarers %q: want NS, EW or one seat N, E, S or W", declarers)
	}
	slices.Sort(c.Declarers)
	bid, result := contract, ""
	if i := strings.IndexAny(contract, "+-"); i >= 0 {
		bid, result = contract[:i], contract[i:]
	}
	var err error
	if c.Contract, err = bridge.ParseContract(bid); err != nil || c.Contract.IsPassedOut() {
		return c, fmt.Errorf("%q is not a contract such as 4S, 3N or 5Dx", bid)
	}
	if result != "" {
		c.Result, err = strconv.Atoi(result)
		if tricks := c.Contract.TricksNeeded() + c.Result; err != nil || c.Result == 0 || tricks < 0 || tricks > 13 {
			return c, fmt.Errorf("result %q: want overtricks or undertricks such as +1 or -2 that leave 0 to 13 tricks", result)
		}
	}
	return c, nil
}

// Par returns the par of the OptimumScore and ParContract tags. ok is false
// when the game has no OptimumScore tag; a game without ParContract has the
// score alone.
func (g Game) Par() (p par.Par, ok bool, err error) {
	score, ok := g.Tag("OptimumScore")
	contracts, hasContracts := g.Tag("ParContract")
	if !ok {
		if hasContracts {
			return par.Par{}, true, contracts.errorf("a par contract without an OptimumScore tag giving its score")
		}
		return par.Par{}, false, nil
	}
	if p.Score, err = ParseOptimumScore(score.Value); err != nil {
		return par.Par{}, true, score.errorf("%v", err)
	}
	if hasContracts {
		if p.Contracts, err = ParseParContract(contracts.Value); err != nil {
			return par.Par{}, true, contracts.errorf("%v", err)
		}
	}
	return p, true, nil
}

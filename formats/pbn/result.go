package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// Result is the outcome of a board at one table: the contract, who declared it and
// the tricks declarer took. Declarer and Tricks are zero for a passed-out board.
type Result struct {
	Contract bridge.Contract
	Declarer bridge.Seat
	Tricks   int
}

// Result returns the outcome the Contract, Declarer and Result tags give. ok is
// false when the contract is unknown ("?", "" or absent).
func (g Game) Result() (r Result, ok bool, err error) {
	contract, ok := g.Tag("Contract")
	if isUnknown(contract.Value, ok) {
		return Result{}, false, nil
	}
	declarer, _ := g.Tag("Declarer")
	tricks, _ := g.Tag("Result")
	r, err = ParseResult(contract.Value, declarer.Value, tricks.Value)
	if err != nil {
		return Result{}, false, contract.errorf("with Declarer %q and Result %q: %v", declarer.Value, tricks.Value, err)
	}
	return r, true, nil
}

// ParseResult reads a contract ("4S", "3NTX", "2H*", "Pass"), its declarer ("S",
// or "^S" for an irregular declarer) and the tricks declarer took (0 to 13), as
// the Contract, Declarer and Result tags and the rows of a ScoreTable write them.
// A passed-out contract needs neither declarer nor tricks.
func ParseResult(contract, declarer, tricks string) (Result, error) {
	c, err := bridge.ParseContract(contract)
	if err != nil {
		return Result{}, err
	}
	if c.IsPassedOut() {
		return Result{Contract: c}, nil
	}
	seat, err := bridge.ParseSeat(strings.TrimPrefix(declarer, "^"))
	if err != nil {
		return Result{}, fmt.Errorf("declarer: %w", err)
	}
	n, err := strconv.Atoi(tricks)
	if err != nil || n < 0 || n > 13 {
		return Result{}, fmt.Errorf("result %q is not a number of tricks 0 to 13", tricks)
	}
	return Result{Contract: c, Declarer: seat, Tricks: n}, nil
}

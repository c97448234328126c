// Package par is a placeholder for the par package being written on its own
// branch; it is removed before this branch is merged.
package par

import (
	"errors"

	"github.com/bridge-director/director/bridge"
)

type Contract struct {
	Contract  bridge.Contract
	Declarers []bridge.Seat
	Result    int
}

type Par struct {
	Score     int
	Contracts []Contract
}

var errUnbuilt = errors.New("par: not built yet")

func DealerPar(t bridge.DDTable, dealer bridge.Seat, vul bridge.Vulnerability) (Par, error) {
	return Par{}, t.Validate()
}

func SidesPar(t bridge.DDTable, vul bridge.Vulnerability) (nsFirst, ewFirst Par, err error) {
	return Par{}, Par{}, errUnbuilt
}

func (p Par) String() string { return "Par ?" }

package ddslist

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// solDeclarers and solStrains are the order of the 20 digits of a sol line:
// strains NT, S, H, D, C, and within each the declarers E, N, W, S.
var (
	solDeclarers = [4]bridge.Seat{bridge.East, bridge.North, bridge.West, bridge.South}
	solStrains   = [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs}
)

// ReadSol reads a GIB-format sol file: per line, the hands of West, North, East and
// South, a colon, and 20 hexadecimal digits giving North-South's tricks. Table
// holds declarer's tricks, so East-West cells are 13 less the digit.
func ReadSol(r io.Reader) ([]Deal, error) {
	lines, err := readLines(r)
	if err != nil {
		return nil, err
	}
	deals := make([]Deal, len(lines))
	for i, l := range lines {
		if deals[i], err = readSolLine(l.text); err != nil {
			return nil, fmt.Errorf("ddslist: line %d: %v: %q", l.n, err, l.text)
		}
		deals[i].Line = l.n
	}
	return deals, nil
}

// readSolLine reads one line of a sol file.
func readSolLine(s string) (Deal, error) {
	hands, digits, ok := strings.Cut(s, ":")
	if !ok || len(digits) != 20 {
		return Deal{}, fmt.Errorf("want four hands, a colon and 20 hexadecimal digits")
	}
	var d Deal
	var err error
	if d.Deal, err = bridge.ParsePBNDeal("W:" + hands); err != nil {
		return Deal{}, err
	}
	for i := range 20 {
		n, err := strconv.ParseUint(digits[i:i+1], 16, 8)
		if err != nil || n > 13 {
			return Deal{}, fmt.Errorf("digit %d, %q, is not a number of tricks 0 to d", i+1, digits[i])
		}
		seat, strain := solDeclarers[i%4], solStrains[i/4]
		d.Table[seat][strain] = int(n)
		if seat.Side() == bridge.EastWest {
			d.Table[seat][strain] = 13 - int(n)
		}
	}
	return d, nil
}

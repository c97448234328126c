package movement

import (
	"fmt"
	"strconv"
	"strings"
)

// The words a movement is told in, on its cards and in the moves the
// schedule gives.

// WaitText says how long a pair or a board set waits before its next table:
// nothing, "sit out, then ", "sit out 2 rounds, then ".
func WaitText(wait string, rounds int) string {
	switch rounds {
	case 0:
		return ""
	case 1:
		return wait + ", then "
	}
	return fmt.Sprintf("%s %d rounds, then ", wait, rounds)
}

// TablesText names tables: "table 2", "tables 1 and 6", "tables 1, 2 and 3".
func TablesText(tables []int) string {
	if len(tables) == 1 {
		return "table " + strconv.Itoa(tables[0])
	}
	names := make([]string, len(tables))
	for i, t := range tables {
		names[i] = strconv.Itoa(t)
	}
	return "tables " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

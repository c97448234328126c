package usebio

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseInt reads the whole number in the text of an element, such as the
// BOARD_NUMBER "7" or the SCORE "-620". The error names the element and quotes the
// text.
func ParseInt(element, text string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("usebio: %s %q: not a whole number", element, text)
	}
	return v, nil
}

// ParseFloat reads the decimal number in the text of an element, such as the
// PERCENTAGE "53.40" or the NS_CROSS_IMP_POINTS "-1.14". The error names the element
// and quotes the text.
func ParseFloat(element, text string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("usebio: %s %q: not a decimal number", element, text)
	}
	return v, nil
}

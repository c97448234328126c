package dup

import (
	"fmt"
	"strconv"
	"strings"
)

// trailerSize is the size of the trailer that ends every record.
const trailerSize = 10

// trailer is what the last 10 bytes of every record say about the whole set.
type trailer struct {
	randomHands, backwards  bool
	lowest, copies, highest int
}

// appendTo appends the 10 trailer bytes to dst.
func (t trailer) appendTo(dst []byte) []byte {
	return fmt.Appendf(dst, "%c%c%-3d%-2d%-3d", yesNo(t.randomHands), yesNo(t.backwards), t.lowest, t.copies, t.highest)
}

// parseTrailer reads the 10 trailer bytes.
func parseTrailer(b []byte) (trailer, error) {
	var t trailer
	var err error
	if len(b) != trailerSize {
		return t, fmt.Errorf("the trailer is %d bytes, want %d", len(b), trailerSize)
	}
	if t.randomHands, err = flag(b[0], "random hands"); err != nil {
		return t, err
	}
	if t.backwards, err = flag(b[1], "backwards counting"); err != nil {
		return t, err
	}
	if t.lowest, err = number(b[2:5], "lowest board"); err != nil {
		return t, err
	}
	if t.copies, err = number(b[5:7], "copies"); err != nil {
		return t, err
	}
	if t.highest, err = number(b[7:10], "highest board"); err != nil {
		return t, err
	}
	switch {
	case t.lowest < 1:
		return t, fmt.Errorf("lowest board %d: board numbers start at 1", t.lowest)
	case t.highest < t.lowest:
		return t, fmt.Errorf("highest board %d is below lowest board %d", t.highest, t.lowest)
	}
	return t, nil
}

// flag reads a Y or N byte.
func flag(b byte, name string) (bool, error) {
	switch b {
	case 'Y':
		return true, nil
	case 'N':
		return false, nil
	}
	return false, fmt.Errorf("%s is %q, want Y or N", name, b)
}

// number reads a space-padded decimal field.
func number(b []byte, name string) (int, error) {
	s := strings.Trim(string(b), " ")
	n, err := strconv.Atoi(s)
	if err != nil || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("%s %q is not a number", name, b)
	}
	return n, nil
}

func yesNo(b bool) byte {
	if b {
		return 'Y'
	}
	return 'N'
}

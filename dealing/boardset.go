package dealing

import (
	"errors"
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// MaxBoards is the most boards one set may hold. A session plays 36 boards or
// fewer and a long teams match 64; a bigger set is almost surely a typing error.
const MaxBoards = 128

// MaxCopies is the most copies of a set one request may ask for. Sections and
// venues that play the same boards each need a copy (Law 6F); a hundred covers
// the largest events, and a bigger number is almost surely a typing error.
const MaxCopies = 100

// BoardSet is the boards of a session: a run of board numbers, each marked with
// its dealer and vulnerability by Law 2 and holding the deal dealt for it, and
// how many copies of the set the duplicating machine is to make.
//
// Law 6F lets the director have exact copies made of each deal when the
// conditions of play need them: every copy holds the same deals, so the set
// holds each deal once and Copies says how many times it is to be made.
type BoardSet struct {
	Boards []SetBoard
	Copies int
}

// SetBoard is one board of a set and the deals it held before it was redealt,
// oldest first.
type SetBoard struct {
	bridge.Board
	Redeals []Redeal
}

// NewBoardSet deals boards first to last, in order, one deal from src for each,
// to be made in copies copies. Board numbers need not start at 1: a second
// session may play boards 25 to 48, marked as Law 2 marks those numbers.
func NewBoardSet(first, last, copies int, src Source) (BoardSet, error) {
	if err := checkRange(first, last, copies); err != nil {
		return BoardSet{}, fmt.Errorf("dealing: board set: %w", err)
	}
	if src == nil {
		return BoardSet{}, errors.New("dealing: board set: no source of deals")
	}
	count := last - first + 1
	set := BoardSet{Boards: make([]SetBoard, 0, count), Copies: copies}
	for i := range count {
		n := first + i
		deal, err := dealFrom(src)
		if err != nil {
			return BoardSet{}, fmt.Errorf("dealing: board set: board %d: %w", n, err)
		}
		set.Boards = append(set.Boards, SetBoard{Board: bridge.NewBoard(n, deal)})
	}
	return set, nil
}

// checkRange says what is wrong with a request for boards first to last in
// copies copies, or returns nil.
func checkRange(first, last, copies int) error {
	switch {
	case first < 1:
		return fmt.Errorf("first board %d: board numbers start at 1", first)
	case last < first:
		return fmt.Errorf("last board %d comes before first board %d", last, first)
	case last-first >= MaxBoards:
		return fmt.Errorf("boards %d to %d are %d boards, more than the %d a set may hold",
			first, last, last-first+1, MaxBoards)
	case copies < 1:
		return fmt.Errorf("%d copies: a set is made at least once", copies)
	case copies > MaxCopies:
		return fmt.Errorf("%d copies: more than the %d a set may be made in", copies, MaxCopies)
	}
	return nil
}

// dealFrom takes the next deal from src and checks it.
func dealFrom(src Source) (bridge.Deal, error) {
	deal, err := src.Next()
	if err != nil {
		return bridge.Deal{}, fmt.Errorf("the source of deals failed: %w", err)
	}
	if err := deal.Validate(); err != nil {
		return bridge.Deal{}, fmt.Errorf("the source dealt a bad deal: %w", err)
	}
	return deal, nil
}

// First returns the number of the set's first board, or 0 for an empty set.
func (s *BoardSet) First() int {
	if len(s.Boards) == 0 {
		return 0
	}
	return s.Boards[0].Number
}

// Last returns the number of the set's last board, or 0 for an empty set.
func (s *BoardSet) Last() int {
	if len(s.Boards) == 0 {
		return 0
	}
	return s.Boards[len(s.Boards)-1].Number
}

// holds describes the boards of s for a message: "boards 25 to 48".
func (s *BoardSet) holds() string {
	switch len(s.Boards) {
	case 0:
		return "no boards"
	case 1:
		return fmt.Sprintf("board %d only", s.First())
	}
	return fmt.Sprintf("boards %d to %d", s.First(), s.Last())
}

// Board returns board number n of the set; ok is false when the set has no such
// board.
func (s *BoardSet) Board(n int) (b SetBoard, ok bool) {
	i, ok := s.index(n)
	if !ok {
		return SetBoard{}, false
	}
	return s.Boards[i], true
}

// index returns the place of board number n in s.Boards.
func (s *BoardSet) index(n int) (int, bool) {
	for i, b := range s.Boards {
		if b.Number == n {
			return i, true
		}
	}
	return 0, false
}

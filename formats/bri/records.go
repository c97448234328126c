package bri

import (
	"errors"
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// ReadRecords reads the boards of a file made of fixed-size records, one per
// board, as BRI, DGE and DUP files are: record i is board first+i, marked by Law 2,
// and parse reads its deal. The error names the board and its bytes in the file
// (counted from 0), for example "board 3 (bytes 256-383): ...".
func ReadRecords(data []byte, size, first int, parse func(record []byte) (bridge.Deal, error)) ([]bridge.Board, error) {
	if first < 1 {
		return nil, fmt.Errorf("first board %d: board numbers start at 1", first)
	}
	if len(data) == 0 {
		return nil, errors.New("the file is empty")
	}
	boards := make([]bridge.Board, 0, (len(data)+size-1)/size)
	for start := 0; start < len(data); start += size {
		number, end := first+start/size, start+size
		if end > len(data) {
			return nil, fmt.Errorf("board %d (bytes %d-%d): the file ends after %d of its %d bytes",
				number, start, end-1, len(data)-start, size)
		}
		deal, err := parse(data[start:end])
		if err != nil {
			return nil, fmt.Errorf("board %d (bytes %d-%d): %w", number, start, end-1, err)
		}
		boards = append(boards, bridge.NewBoard(number, deal))
	}
	return boards, nil
}

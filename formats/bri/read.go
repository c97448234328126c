package bri

import (
	"fmt"
	"io"

	"github.com/bridge-director/director/bridge"
)

// Option changes how Read numbers the boards.
type Option func(*options)

type options struct{ first int }

// FirstBoard makes Read number the boards from n rather than from 1.
func FirstBoard(n int) Option { return func(o *options) { o.first = n } }

// Read reads a BRI file: one board per 128-byte record, numbered from FirstBoard
// (1 unless told) and marked by Law 2.
func Read(r io.Reader, opts ...Option) ([]bridge.Board, error) {
	o := options{first: 1}
	for _, opt := range opts {
		opt(&o)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("bri: %w", err)
	}
	boards, err := ReadRecords(data, RecordSize, o.first, readRecord)
	if err != nil {
		return nil, fmt.Errorf("bri: %w", err)
	}
	return boards, nil
}

// readRecord reads one 128-byte record.
func readRecord(rec []byte) (bridge.Deal, error) {
	deal, err := ParseCards(rec[:PartSize])
	if err != nil {
		return deal, err
	}
	for i := PartSize; i < RecordSize; i++ {
		if rec[i] != ' ' && rec[i] != 0 {
			return deal, fmt.Errorf("byte %d of the record is %q: the filler after the cards holds only spaces and NULs", i, rec[i])
		}
	}
	return deal, nil
}

package dge

import (
	"fmt"
	"io"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
)

// Option changes how Read numbers the boards.
type Option func(*options)

type options struct{ first int }

// FirstBoard makes Read number the boards from n rather than from 1.
func FirstBoard(n int) Option { return func(o *options) { o.first = n } }

// Read reads a DGE file: one board per 128-byte record, numbered from FirstBoard
// (1 unless told) and marked by Law 2.
func Read(r io.Reader, opts ...Option) ([]bridge.Board, error) {
	o := options{first: 1}
	for _, opt := range opts {
		opt(&o)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("dge: %w", err)
	}
	boards, err := bri.ReadRecords(data, RecordSize, o.first, readRecord)
	if err != nil {
		return nil, fmt.Errorf("dge: %w", err)
	}
	return boards, nil
}

// readRecord reads one 128-byte record.
func readRecord(rec []byte) (bridge.Deal, error) {
	deal, err := ParseHands(rec[:PartSize])
	if err != nil {
		return deal, err
	}
	for i := PartSize; i < RecordSize; i++ {
		if rec[i] != 0 && rec[i] != ' ' {
			return deal, fmt.Errorf("byte %d of the record is %q: the filler after the hands holds only NULs and spaces", i, rec[i])
		}
	}
	return deal, nil
}

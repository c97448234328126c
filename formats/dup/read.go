package dup

import (
	"bytes"
	"fmt"
	"io"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
	"github.com/bridge-director/director/formats/dge"
)

// trailerAt is where the trailer starts within a record.
const trailerAt = RecordSize - trailerSize

// Read reads a DUP file: one board per 156-byte record, numbered from the trailer's
// lowest board and marked by Law 2.
func Read(r io.Reader) ([]bridge.Board, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("dup: %w", err)
	}
	switch {
	case len(data) == 0:
		return nil, fmt.Errorf("dup: the file is empty")
	case len(data) < RecordSize:
		return nil, fmt.Errorf("dup: the file ends after %d bytes, within its first %d-byte record", len(data), RecordSize)
	}
	first := data[trailerAt:RecordSize]
	t, err := parseTrailer(first)
	if err != nil {
		return nil, fmt.Errorf("dup: the first record (bytes 0-%d): trailer %q: %w", RecordSize-1, first, err)
	}
	rd := recordReader{trailer: first}
	boards, err := bri.ReadRecords(data, RecordSize, t.lowest, rd.read)
	if err != nil {
		return nil, fmt.Errorf("dup: %w", err)
	}
	if want := t.highest - t.lowest + 1; len(boards) != want {
		return nil, fmt.Errorf("dup: the trailer says boards %d to %d, %d records, but the file holds %d", t.lowest, t.highest, want, len(boards))
	}
	return boards, nil
}

// recordReader reads the records of one file in order.
type recordReader struct {
	trailer []byte // the first record's trailer, which every record repeats
	records int    // records read so far
}

// read reads the deal of the next record.
func (rd *recordReader) read(rec []byte) (bridge.Deal, error) {
	first := rd.records == 0
	rd.records++
	if t := rec[trailerAt:]; !bytes.Equal(t, rd.trailer) {
		return bridge.Deal{}, fmt.Errorf("trailer %q differs from the first record's %q", t, rd.trailer)
	}
	deal, err := bri.ParseCards(rec[:bri.PartSize])
	if err != nil {
		return deal, fmt.Errorf("BRI part: %w", err)
	}
	hands := rec[bri.PartSize:trailerAt]
	if first && isBlank(hands) {
		return deal, nil
	}
	shown, err := dge.ParseHands(hands)
	if err != nil {
		return deal, fmt.Errorf("DGE part: %w", err)
	}
	if shown != deal {
		return deal, fmt.Errorf("the DGE part shows %s but the BRI part holds %s", shown.PBN(bridge.North), deal.PBN(bridge.North))
	}
	return deal, nil
}

// isBlank reports whether b holds only spaces: the hands of a blind file's first record.
func isBlank(b []byte) bool { return len(bytes.Trim(b, " ")) == 0 }

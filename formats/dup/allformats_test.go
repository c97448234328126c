package dup_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"testing"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
	"github.com/bridge-director/director/formats/dge"
	"github.com/bridge-director/director/formats/dlm"
	"github.com/bridge-director/director/formats/dup"
)

// This file checks all four Duplimate formats together; DUP is the package that
// already builds on the others.

// format is one way of writing a board set and reading it back.
type format struct {
	name     string
	maxBoard int // the highest board number the file can carry
	write    func(io.Writer, []bridge.Board) error
	read     func(r io.Reader, first int) ([]bridge.Board, error)
}

var formats = []format{
	{"bri", 1 << 20, bri.Write, func(r io.Reader, first int) ([]bridge.Board, error) {
		return bri.Read(r, bri.FirstBoard(first))
	}},
	{"dge", 1 << 20, dge.Write, func(r io.Reader, first int) ([]bridge.Board, error) {
		return dge.Read(r, dge.FirstBoard(first))
	}},
	{"dup", 999, func(w io.Writer, b []bridge.Board) error { return dup.Write(w, b) }, readNumbered(dup.Read)},
	{"dup blind", 999, func(w io.Writer, b []bridge.Board) error { return dup.Write(w, b, dup.Blind(), dup.Copies(2)) }, readNumbered(dup.Read)},
	{"dlm", 99, func(w io.Writer, b []bridge.Board) error { return dlm.Write(w, b) }, readNumbered(dlm.Read)},
	{"dlm sealed", 99, func(w io.Writer, b []bridge.Board) error { return dlm.Write(w, b, dlm.Sealed(), dlm.Headline("Pairs")) }, readNumbered(dlm.Read)},
}

// readNumbered adapts the reader of a file that carries its board numbers.
func readNumbered(read func(io.Reader) ([]bridge.Board, error)) func(io.Reader, int) ([]bridge.Board, error) {
	return func(r io.Reader, _ int) ([]bridge.Board, error) { return read(r) }
}

// roundTrip writes boards in f and checks that they read back unchanged.
func roundTrip(t *testing.T, f format, boards []bridge.Board) {
	t.Helper()
	var buf bytes.Buffer
	if err := f.write(&buf, boards); err != nil {
		t.Fatalf("%s: write boards %d-%d: %v", f.name, boards[0].Number, boards[len(boards)-1].Number, err)
	}
	got, err := f.read(&buf, boards[0].Number)
	if err != nil {
		t.Fatalf("%s: read boards %d-%d: %v", f.name, boards[0].Number, boards[len(boards)-1].Number, err)
	}
	if !reflect.DeepEqual(got, boards) {
		t.Fatalf("%s: boards %d-%d read back as\n%v\nwant\n%v", f.name, boards[0].Number, boards[len(boards)-1].Number, got, boards)
	}
}

// randomDeal deals a shuffled deck, 13 cards to each seat.
func randomDeal(r *rand.Rand) bridge.Deal {
	var d bridge.Deal
	for i, card := range r.Perm(52) {
		d[i/13] = d[i/13].Add(bridge.CardFromIndex(card))
	}
	return d
}

func TestRoundTripRandomSets(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 7))
	for _, f := range formats {
		for range 200 {
			n := 1 + r.IntN(min(f.maxBoard, 40))
			first := 1 + r.IntN(min(f.maxBoard, 2000)-n+1)
			boards := make([]bridge.Board, n)
			for i := range boards {
				boards[i] = bridge.NewBoard(first+i, randomDeal(r))
			}
			roundTrip(t, f, boards)
		}
	}
}

func TestRoundTripAtTheEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 99))
	for _, f := range formats {
		for _, span := range [][2]int{{1, 1}, {f.maxBoard, f.maxBoard}, {1, min(f.maxBoard, 128)}} {
			var boards []bridge.Board
			for n := span[0]; n <= span[1]; n++ {
				boards = append(boards, bridge.NewBoard(n, randomDeal(r)))
			}
			roundTrip(t, f, boards)
		}
	}
}

// bridgewebsSession is a PBN 2.1 export of a 24-board club session written by
// Bridgewebs.
const bridgewebsSession = "../../../shared/fixtures/scoring/pbn_bridgewebs_hands_scoretable_24b.pbn"

var pbnTag = regexp.MustCompile(`(?m)^\[(Board|Dealer|Vulnerable|Deal) "([^"]*)"\]`)

// readBridgewebsSession returns the boards of the session, checking that the file
// marks them by Law 2, as the Duplimate formats assume.
func readBridgewebsSession(t *testing.T) []bridge.Board {
	t.Helper()
	data, err := os.ReadFile(bridgewebsSession)
	if err != nil {
		t.Fatal(err)
	}
	var boards []bridge.Board
	var b bridge.Board
	for _, m := range pbnTag.FindAllStringSubmatch(string(data), -1) {
		switch m[1] {
		case "Board":
			b.Number, err = strconv.Atoi(m[2])
		case "Dealer":
			b.Dealer, err = bridge.ParseSeat(m[2])
		case "Vulnerable":
			b.Vulnerability, err = bridge.ParseVulnerability(m[2])
		case "Deal":
			b.Deal, err = bridge.ParsePBNDeal(m[2])
			if law2 := bridge.NewBoard(b.Number, b.Deal); b != law2 {
				t.Fatalf("board %d is marked %s/%s, not by Law 2", b.Number, b.Dealer, b.Vulnerability)
			}
			boards = append(boards, b)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(boards) != 24 {
		t.Fatalf("read %d boards from the session, want 24", len(boards))
	}
	return boards
}

func TestBridgewebsSessionInEveryFormat(t *testing.T) {
	boards := readBridgewebsSession(t)
	for _, f := range formats {
		roundTrip(t, f, boards)
		roundTrip(t, f, boards[5:17]) // a set that starts at board 6
	}
}

// BenchmarkWriteRead writes and reads back a 32-board set in each format.
func BenchmarkWriteRead(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 32))
	boards := make([]bridge.Board, 32)
	for i := range boards {
		boards[i] = bridge.NewBoard(i+1, randomDeal(r))
	}
	for _, f := range formats {
		b.Run(f.name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := f.write(&buf, boards); err != nil {
					b.Fatal(err)
				}
				if _, err := f.read(&buf, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package dealingservice

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
	"github.com/bridge-director/director/formats/dge"
	"github.com/bridge-director/director/formats/dlm"
	"github.com/bridge-director/director/formats/dup"
	"github.com/bridge-director/director/formats/handrecord"
	"github.com/bridge-director/director/formats/lin"
	"github.com/bridge-director/director/formats/pbn"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// exporter writes a set in one format: its boards with, once it is
// released and analysed, their double-dummy results by board number.
type exporter struct {
	extension, contentType string
	write                  func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, results map[int]boardResult) error
}

var exporters = map[dealingv1.Format]exporter{
	dealingv1.Format_FORMAT_PBN: {"pbn", "application/x-pbn", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, results map[int]boardResult) error {
		games := make([]pbn.Game, len(boards))
		for i, b := range boards {
			games[i] = pbn.NewGame(b)
			games[i].Set("Event", set.GetTitle())
			if r, ok := results[b.Number]; ok {
				games[i].SetDoubleDummy(r.table, r.par)
			}
		}
		return pbn.Write(w, games, pbn.Options{Creator: "Director"})
	}},
	// A duplicating machine makes the copies; a secret set is sent sealed or
	// blind, so that the machine's screen does not show the cards.
	dealingv1.Format_FORMAT_DUP: {"dup", "application/octet-stream", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		opts := []dup.Option{dup.Copies(int(set.GetCopies()))}
		if !set.GetReleased() {
			opts = append(opts, dup.Blind())
		}
		return dup.Write(w, boards, opts...)
	}},
	dealingv1.Format_FORMAT_DLM: {"dlm", "text/plain; charset=us-ascii", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		opts := []dlm.Option{dlm.Headline(set.GetTitle())}
		if !set.GetReleased() {
			opts = append(opts, dlm.Sealed())
		}
		return dlm.Write(w, boards, opts...)
	}},
	dealingv1.Format_FORMAT_BRI: {"bri", "application/octet-stream", func(w io.Writer, _ *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		return bri.Write(w, boards)
	}},
	dealingv1.Format_FORMAT_DGE: {"dge", "application/octet-stream", func(w io.Writer, _ *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		return dge.Write(w, boards)
	}},
	dealingv1.Format_FORMAT_LIN: {"lin", "text/plain; charset=utf-8", func(w io.Writer, _ *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		records := make([]lin.Record, len(boards))
		for i, b := range boards {
			var err error
			if records[i], err = lin.NewRecord(b, [4]string{}); err != nil {
				return err
			}
		}
		return lin.Write(w, records)
	}},
	dealingv1.Format_FORMAT_HAND_RECORD_PDF: {"pdf", "application/pdf", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, results map[int]boardResult) error {
		return handrecord.WritePDF(w, records(boards, results), handRecordOptions(set))
	}},
	dealingv1.Format_FORMAT_HAND_RECORD_HTML: {"html", "text/html; charset=utf-8", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, results map[int]boardResult) error {
		return handrecord.WriteHTML(w, records(boards, results), handRecordOptions(set))
	}},
}

// records are the boards of a hand record, each with its double-dummy
// table and par when they are known.
func records(boards []bridge.Board, results map[int]boardResult) []handrecord.Record {
	out := make([]handrecord.Record, len(boards))
	for i, b := range boards {
		out[i] = handrecord.Record{Board: b}
		if r, ok := results[b.Number]; ok {
			out[i].DoubleDummy = &handrecord.DoubleDummy{Tricks: r.table, Par: r.par.String()}
		}
	}
	return out
}

func handRecordOptions(set *dealingv1.BoardSet) handrecord.Options {
	subtitle := fmt.Sprintf("Boards %d to %d", set.GetFirstBoard(), set.GetLastBoard())
	return handrecord.Options{Title: set.GetTitle(), Subtitle: subtitle, HandStats: true}
}

// ExportBoardSet writes a set as a file.
func (s *Service) ExportBoardSet(ctx context.Context, req *dealingv1.ExportBoardSetRequest) (*dealingv1.ExportBoardSetResponse, error) {
	name, err := resource.ParseBoardSet("name", req.GetName())
	if err != nil {
		return nil, err
	}
	ex, ok := exporters[req.GetFormat()]
	if !ok {
		return nil, platform.FieldError("format", "say which file: FORMAT_PBN, FORMAT_DUP, FORMAT_DLM, FORMAT_BRI, FORMAT_DGE, FORMAT_LIN, FORMAT_HAND_RECORD_PDF or FORMAT_HAND_RECORD_HTML")
	}
	set, err := s.readSet(ctx, req.GetName(), "ExportBoardSet "+strings.TrimPrefix(req.GetFormat().String(), "FORMAT_"))
	if err != nil {
		return nil, err
	}
	boards, err := setBoards(set)
	if err != nil {
		return nil, err
	}
	results, _, err := s.resultsOf(set)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := ex.write(&buf, set, boards, results); err != nil {
		// The set is valid; what a format cannot hold (DLM beyond board 99)
		// is the request's to change.
		return nil, platform.FieldError("format", err.Error())
	}
	return &dealingv1.ExportBoardSetResponse{
		FileName:    fmt.Sprintf("%s-%d-%s.%s", name.Event, name.Session, name.BoardSet, ex.extension),
		ContentType: ex.contentType,
		Content:     buf.Bytes(),
	}, nil
}

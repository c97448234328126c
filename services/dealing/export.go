package dealingservice

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
	"github.com/bridge-director/director/formats/dge"
	"github.com/bridge-director/director/formats/dlm"
	"github.com/bridge-director/director/formats/dup"
	"github.com/bridge-director/director/formats/handrecord"
	"github.com/bridge-director/director/formats/lin"
	"github.com/bridge-director/director/formats/pbn"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// exporter writes a set in one format: its boards with, once it is
// released and analysed, their double-dummy results by board number. A hand
// record is written by handRecord instead, headed by the set's event and
// session.
type exporter struct {
	extension, contentType string
	write                  func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, results map[int]boardResult) error
	handRecord             func(w io.Writer, records []handrecord.Record, opt handrecord.Options) error
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
	}, nil},
	// A duplicating machine makes the copies; a secret set is sent sealed or
	// blind, so that the machine's screen does not show the cards.
	dealingv1.Format_FORMAT_DUP: {"dup", "application/octet-stream", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		opts := []dup.Option{dup.Copies(int(set.GetCopies()))}
		if !set.GetReleased() {
			opts = append(opts, dup.Blind())
		}
		return dup.Write(w, boards, opts...)
	}, nil},
	dealingv1.Format_FORMAT_DLM: {"dlm", "text/plain; charset=us-ascii", func(w io.Writer, set *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		opts := []dlm.Option{dlm.Headline(set.GetTitle())}
		if !set.GetReleased() {
			opts = append(opts, dlm.Sealed())
		}
		return dlm.Write(w, boards, opts...)
	}, nil},
	dealingv1.Format_FORMAT_BRI: {"bri", "application/octet-stream", func(w io.Writer, _ *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		return bri.Write(w, boards)
	}, nil},
	dealingv1.Format_FORMAT_DGE: {"dge", "application/octet-stream", func(w io.Writer, _ *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		return dge.Write(w, boards)
	}, nil},
	dealingv1.Format_FORMAT_LIN: {"lin", "text/plain; charset=utf-8", func(w io.Writer, _ *dealingv1.BoardSet, boards []bridge.Board, _ map[int]boardResult) error {
		records := make([]lin.Record, len(boards))
		for i, b := range boards {
			var err error
			if records[i], err = lin.NewRecord(b, [4]string{}); err != nil {
				return err
			}
		}
		return lin.Write(w, records)
	}, nil},
	dealingv1.Format_FORMAT_HAND_RECORD_PDF:  {"pdf", "application/pdf", nil, handrecord.WritePDF},
	dealingv1.Format_FORMAT_HAND_RECORD_HTML: {"html", "text/html; charset=utf-8", nil, handrecord.WriteHTML},
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

// handRecordOptions heads the hand record of set with its event and session,
// each nil when the movement service did not give it: the event's title (the
// set's when the event has none), under it the event's venue, the day the
// session starts, in loc, and the session's title with the boards, "Evening
// session · Boards 1 to 24".
func handRecordOptions(set *dealingv1.BoardSet, event *movementv1.Event, session *movementv1.Session, loc *time.Location) handrecord.Options {
	opt := handrecord.Options{Title: event.GetTitle(), Venue: event.GetVenue(), HandStats: true}
	if opt.Title == "" {
		opt.Title = set.GetTitle()
	}
	if start := session.GetStartTime(); start.IsValid() {
		opt.Date = start.AsTime().In(loc)
	}
	opt.Subtitle = fmt.Sprintf("Boards %d to %d", set.GetFirstBoard(), set.GetLastBoard())
	if title := session.GetTitle(); title != "" {
		opt.Subtitle = title + " · " + opt.Subtitle
	}
	return opt
}

// heading asks the movement service for the event and the session of a set,
// with the caller's credentials, for its hand record's header. Either is nil
// when movement is not connected or refuses: a hand record prints with what
// the set knows rather than fail for want of its header.
func (s *Service) heading(ctx context.Context, set resource.BoardSet) (*movementv1.Event, *movementv1.Session) {
	if s.movement == nil {
		return nil, nil
	}
	ctx = platform.ForwardCredentials(ctx)
	event, _ := s.movement.GetEvent(ctx, &movementv1.GetEventRequest{Name: set.Parent().Parent().String()})
	session, _ := s.movement.GetSession(ctx, &movementv1.GetSessionRequest{Name: set.Parent().String()})
	return event.GetEvent(), session.GetSession()
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
	if ex.handRecord != nil {
		// The day is printed where Director runs, the club's own clock: an
		// event keeps no time zone.
		event, session := s.heading(ctx, name)
		err = ex.handRecord(&buf, records(boards, results), handRecordOptions(set, event, session, time.Local))
	} else {
		err = ex.write(&buf, set, boards, results)
	}
	if err != nil {
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

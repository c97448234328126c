package dealingservice

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/formats/handrecord"
	"github.com/bridge-director/director/formats/pdfdoc/pdftest"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// springStart is when the spring congress's evening session starts:
// Wednesday 8 April 2026 at 19:30 in London.
var springStart = time.Date(2026, time.April, 8, 18, 30, 0, 0, time.UTC)

// springCongress creates the evening session of an event with a title and
// a venue, deals it a set of four boards and returns the set's name.
func springCongress(t *testing.T, h *harness) string {
	t.Helper()
	ctx := as(asDirector)
	if _, err := h.moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "spring", Event: &movementv1.Event{
		Title: "Spring congress", Venue: "Cavendish Club, London", Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/spring", SessionId: 2,
		Session: &movementv1.Session{Title: "Evening session", StartTime: timestamppb.New(springStart)}}); err != nil {
		t.Fatal(err)
	}
	set, err := h.client.CreateBoardSet(ctx, &dealingv1.CreateBoardSetRequest{Parent: "events/spring/sessions/2", BoardSetId: "main",
		BoardSet: &dealingv1.BoardSet{Title: "Main set", FirstBoard: 1, LastBoard: 4}})
	if err != nil {
		t.Fatal(err)
	}
	return set.GetBoardSet().GetName()
}

// TestHandRecordsAreHeadedByTheEventAndSession: both hand records of a set
// name its event, where it is played, the day and the session, as the
// movement service keeps them.
func TestHandRecordsAreHeadedByTheEventAndSession(t *testing.T) {
	h := start(t, t.TempDir())
	name := springCongress(t, h)
	day := springStart.In(time.Local).Format("Monday 2 January 2006")
	line := "Cavendish Club, London · " + day + " · Evening session · Boards 1 to 4"

	html, err := h.client.ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: name, Format: dealingv1.Format_FORMAT_HAND_RECORD_HTML})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<title>Spring congress", line} {
		if !bytes.Contains(html.GetContent(), []byte(want)) {
			t.Errorf("the HTML hand record does not say %q", want)
		}
	}
	if bytes.Contains(html.GetContent(), []byte("Main set")) {
		t.Errorf("the HTML hand record is headed by the set's title, not the event's")
	}
	pdf, err := h.client.ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: name, Format: dealingv1.Format_FORMAT_HAND_RECORD_PDF})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/Title (\xfe\xff" + pdftest.String("Spring congress") + ")", "/Subject (\xfe\xff" + pdftest.String(line) + ")"} {
		if !bytes.Contains(pdf.GetContent(), []byte(want)) {
			t.Errorf("the PDF hand record does not carry %q", want)
		}
	}
}

// TestHandRecordsPrintWithoutTheMovementService: a dealing service that
// cannot reach the movement service still writes a set's hand record,
// headed by what the set knows.
func TestHandRecordsPrintWithoutTheMovementService(t *testing.T) {
	dir := t.TempDir()
	h := start(t, dir)
	name := springCongress(t, h)
	h.stop()
	svc, err := Open(dir, WithClock(testClock))
	if err != nil {
		t.Fatal(err)
	}
	conn, stop := platformtest.Serve(t, svc, nil)
	defer stop()
	file, err := dealingv1.NewDealingServiceClient(conn).ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: name, Format: dealingv1.Format_FORMAT_HAND_RECORD_HTML})
	if err != nil {
		t.Fatalf("a hand record without the movement service: %v", err)
	}
	html := string(file.GetContent())
	if !strings.Contains(html, "<title>Main set") || !strings.Contains(html, "Boards 1 to 4") || strings.Contains(html, "Cavendish") {
		t.Errorf("the hand record without the movement service is not headed by the set alone:\n%.600s", html)
	}
}

// TestHandRecordOptions: a hand record is headed by the event's title, or
// the set's, over the venue, the session's day and its title with the
// boards, each left out when it is not known.
func TestHandRecordOptions(t *testing.T) {
	set := &dealingv1.BoardSet{Title: "Main set", FirstBoard: 1, LastBoard: 24}
	event := &movementv1.Event{Title: "Spring congress", Venue: "Cavendish Club, London"}
	session := &movementv1.Session{Title: "Evening session", StartTime: timestamppb.New(time.Date(2026, time.April, 9, 2, 30, 0, 0, time.UTC))}
	pacific := time.FixedZone("PDT", -7*3600)
	for _, c := range []struct {
		what    string
		event   *movementv1.Event
		session *movementv1.Session
		want    handrecord.Options
	}{
		{"event and session", event, session, handrecord.Options{Title: "Spring congress", Venue: "Cavendish Club, London",
			Date: time.Date(2026, time.April, 8, 19, 30, 0, 0, pacific), Subtitle: "Evening session · Boards 1 to 24", HandStats: true}},
		{"neither", nil, nil, handrecord.Options{Title: "Main set", Subtitle: "Boards 1 to 24", HandStats: true}},
		{"an untitled event and a session without a time", &movementv1.Event{Venue: "Cavendish Club, London"}, &movementv1.Session{Title: "Evening session"},
			handrecord.Options{Title: "Main set", Venue: "Cavendish Club, London", Subtitle: "Evening session · Boards 1 to 24", HandStats: true}},
	} {
		got := handRecordOptions(set, c.event, c.session, pacific)
		// The day is the one in the zone given: 02:30 UTC on the 9th is the
		// evening of the 8th on the Pacific coast.
		if !got.Date.Equal(c.want.Date) || got.Date.Format(time.DateOnly) != c.want.Date.Format(time.DateOnly) {
			t.Errorf("%s: date %v, want %v", c.what, got.Date, c.want.Date)
		}
		got.Date, c.want.Date = time.Time{}, time.Time{}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.what, got, c.want)
		}
	}
}

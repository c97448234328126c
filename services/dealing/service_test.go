package dealingservice

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
	"github.com/bridge-director/director/formats/dup"
	"github.com/bridge-director/director/formats/pbn"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
	"github.com/bridge-director/director/services/resource"
)

// harness is a dealing service on a real bbolt file, reached over in-memory
// gRPC through the platform's interceptors with real tokens.
type harness struct {
	client dealingv1.DealingServiceClient
	moves  movementv1.MovementServiceClient
	svc    *Service
	mv     *movementservice.Service
	stop   func()
}

const tokens = `tokens:
  - name: head-director
    token: "director-token"
    roles: [director]
  - name: table-3
    token: "terminal-token"
    roles: [terminal]
  - name: club-director
    token: "club-token"
    roles: [director]
    events: [events/club-night]
`

var (
	asDirector = metadata.Pairs("authorization", "Bearer director-token")
	asTerminal = metadata.Pairs("authorization", "Bearer terminal-token")
	asClub     = metadata.Pairs("authorization", "Bearer club-token")
	testClock  = func() time.Time { return time.Date(2026, 11, 24, 19, 30, 0, 0, time.UTC) }
)

func start(t testing.TB, dir string, opts ...Option) *harness {
	t.Helper()
	h := startEmpty(t, dir, opts...)
	// The sets are dealt for session 1 of the congress, which the movement
	// service keeps (and still has after a restart).
	for _, err := range []error{
		call(h.moves.CreateEvent(as(asDirector), &movementv1.CreateEventRequest{EventId: "congress", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}})),
		call(h.moves.CreateSession(as(asDirector), &movementv1.CreateSessionRequest{Parent: "events/congress", SessionId: 1})),
	} {
		if err != nil && status.Code(err) != codes.AlreadyExists {
			t.Fatal(err)
		}
	}
	return h
}

// startEmpty is start without the congress: a Director that holds no event
// yet.
func startEmpty(t testing.TB, dir string, opts ...Option) *harness {
	t.Helper()
	svc, err := Open(dir, append([]Option{WithClock(testClock)}, opts...)...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	cfg := filepath.Join(t.TempDir(), "tokens.yaml")
	if err := os.WriteFile(cfg, []byte(tokens), 0o600); err != nil {
		t.Fatal(err)
	}
	auth, err := platform.LoadAuthConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	mv, err := movementservice.Open(dir, movementservice.WithClock(testClock))
	if err != nil {
		t.Fatalf("movementservice.Open: %v", err)
	}
	mvConn, mvStop := platformtest.Serve(t, mv, auth)
	svc.Connect("movement", mvConn)
	conn, stop := platformtest.Serve(t, svc, auth)
	moves := movementv1.NewMovementServiceClient(mvConn)
	return &harness{client: dealingv1.NewDealingServiceClient(conn), moves: moves, svc: svc, mv: mv, stop: func() { stop(); mvStop() }}
}

func call[T any](_ T, err error) error { return err }

func as(md metadata.MD) context.Context {
	return metadata.NewOutgoingContext(context.Background(), md)
}

const setName = "events/congress/sessions/1/boardsets/main"

func (h *harness) create(t *testing.T, set *dealingv1.BoardSet) *dealingv1.BoardSet {
	t.Helper()
	resp, err := h.client.CreateBoardSet(as(asDirector), &dealingv1.CreateBoardSetRequest{
		Parent: "events/congress/sessions/1", BoardSetId: "main", BoardSet: set,
	})
	if err != nil {
		t.Fatalf("CreateBoardSet: %v", err)
	}
	return resp.GetBoardSet()
}

func wantCode(t *testing.T, err error, code codes.Code, text string) {
	t.Helper()
	if st, _ := status.FromError(err); st.Code() != code || !strings.Contains(st.Message(), text) {
		t.Fatalf("got %v %q, want %v containing %q", st.Code(), st.Message(), code, text)
	}
}

func TestSecureSetIsMarkedByLaw2(t *testing.T) {
	h := start(t, t.TempDir())
	set := h.create(t, &dealingv1.BoardSet{Title: "Congress pairs", FirstBoard: 25, LastBoard: 48, Copies: 3})
	if len(set.GetBoards()) != 24 || set.GetMethod() != dealingv1.Method_METHOD_SECURE || set.GetReleased() {
		t.Fatalf("set %v: want 24 secret boards dealt securely", set)
	}
	seen := map[string]bool{}
	for i, b := range set.GetBoards() {
		n := 25 + i
		if int(b.GetNumber()) != n || b.GetDealer().String() != "SEAT_"+strings.ToUpper(bridge.BoardDealer(n).Name()) {
			t.Errorf("board %d: number %d dealer %v", n, b.GetNumber(), b.GetDealer())
		}
		// Law 2, read off its table: board 25 is marked as board 9 (North
		// deals, East-West vulnerable), board 32 as board 16 (West, East-West),
		// board 36 as board 4 (West, both).
		want := map[int][2]string{25: {"SEAT_NORTH", "VULNERABILITY_EAST_WEST"}, 32: {"SEAT_WEST", "VULNERABILITY_EAST_WEST"}, 36: {"SEAT_WEST", "VULNERABILITY_BOTH"}}
		if w, ok := want[n]; ok && (b.GetDealer().String() != w[0] || b.GetVulnerability().String() != w[1]) {
			t.Errorf("board %d: %v, %v; want %s, %s", n, b.GetDealer(), b.GetVulnerability(), w[0], w[1])
		}
		d, err := bridge.ParsePBNDeal(b.GetDeal().GetPbn())
		if err != nil {
			t.Fatalf("board %d: %v", n, err)
		}
		seen[d.PBN(bridge.North)] = true
	}
	if len(seen) != 24 {
		t.Errorf("%d different deals in 24 boards", len(seen))
	}
}

func TestKeyedSetCanBeDealtAgainFromItsKeys(t *testing.T) {
	h := start(t, t.TempDir())
	keys := &dealingv1.Keys{Owner: "Federation of Bridge", Entropy: "a string typed at random"}
	set := h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 8, Method: dealingv1.Method_METHOD_KEYED, Keys: keys})
	if set.GetKeys() != nil {
		t.Errorf("the keys of a secret set were shown: %v", set.GetKeys())
	}
	src := dealing.NewKeyed(keys.GetOwner(), []byte(keys.GetEntropy()))
	for _, b := range set.GetBoards() {
		want, _ := src.Next()
		if b.GetDeal().GetPbn() != want.PBN(bridge.North) {
			t.Fatalf("board %d is not the deal its keys make", b.GetNumber())
		}
	}
	// Redealt, board 3 takes the ninth deal of the keys.
	ninth, _ := src.Next()
	red, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/3", Reason: "North's hand was seen at the duplicating machine"})
	if err != nil {
		t.Fatal(err)
	}
	if red.GetBoard().GetDeal().GetPbn() != ninth.PBN(bridge.North) || red.GetRedeal().GetPrevious().GetPbn() != set.GetBoards()[2].GetDeal().GetPbn() {
		t.Errorf("redeal of board 3: %v", red)
	}
	released, err := h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName})
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(released.GetBoardSet().GetKeys(), keys) {
		t.Errorf("released keys %v, want %v", released.GetBoardSet().GetKeys(), keys)
	}
	v, err := h.client.VerifyBoardSet(context.Background(), &dealingv1.VerifyBoardSetRequest{
		Source: &dealingv1.VerifyBoardSetRequest_Keys{Keys: keys}, FirstBoard: 1, LastBoard: 8,
		Published: &dealingv1.VerifyBoardSetRequest_BoardSet{BoardSet: setName},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !v.GetMatches() || v.GetBoardsChecked() != 8 || !strings.Contains(v.GetDetail(), "redealt") {
		t.Errorf("verification %v: want all 8 boards and the redeal to match", v)
	}
	wrong := &dealingv1.Keys{Owner: keys.GetOwner(), Entropy: "another string"}
	v, err = h.client.VerifyBoardSet(context.Background(), &dealingv1.VerifyBoardSetRequest{
		Source: &dealingv1.VerifyBoardSetRequest_Keys{Keys: wrong}, FirstBoard: 1, LastBoard: 8,
		Published: &dealingv1.VerifyBoardSetRequest_BoardSet{BoardSet: setName},
	})
	if err != nil || v.GetMatches() || v.GetFirstMismatch() != 1 {
		t.Errorf("other keys: %v, %v; want a mismatch at board 1", v, err)
	}
}

func TestSecretUntilReleasedAndEveryReadRecorded(t *testing.T) {
	h := start(t, t.TempDir())
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	_, err := h.client.GetBoard(as(asTerminal), &dealingv1.GetBoardRequest{Name: setName + "/boards/2"})
	wantCode(t, err, codes.PermissionDenied, "secret until a director releases")
	_, err = h.client.GetBoardSet(context.Background(), &dealingv1.GetBoardSetRequest{Name: setName})
	wantCode(t, err, codes.PermissionDenied, "secret")
	_, err = h.client.ExportBoardSet(as(asTerminal), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_PBN})
	wantCode(t, err, codes.PermissionDenied, "secret")
	if _, err := h.client.GetBoard(as(asDirector), &dealingv1.GetBoardRequest{Name: setName + "/boards/2"}); err != nil {
		t.Fatalf("the director reading a secret board: %v", err)
	}
	if _, err := h.client.ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_DUP}); err != nil {
		t.Fatal(err)
	}
	reads, err := h.client.ListBoardSetReads(as(asDirector), &dealingv1.ListBoardSetReadsRequest{Name: setName})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range reads.GetReads() {
		got = append(got, r.GetReader()+": "+r.GetWhat())
	}
	want := []string{"head-director: GetBoard 2", "head-director: ExportBoardSet DUP"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("reads recorded: %q, want %q", got, want)
	}
	if _, err := h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.GetBoard(as(asTerminal), &dealingv1.GetBoardRequest{Name: setName + "/boards/2"}); err != nil {
		t.Errorf("a terminal reading a released board: %v", err)
	}
	reads, _ = h.client.ListBoardSetReads(as(asDirector), &dealingv1.ListBoardSetReadsRequest{Name: setName})
	if len(reads.GetReads()) != 2 {
		t.Errorf("reads of a released set were recorded: %v", reads.GetReads())
	}
	_, err = h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/2", Reason: "too late"})
	wantCode(t, err, codes.FailedPrecondition, "released")
}

func TestExportsReadBack(t *testing.T) {
	h := start(t, t.TempDir())
	set := h.create(t, &dealingv1.BoardSet{Title: "Club night", FirstBoard: 1, LastBoard: 6, Copies: 2})
	ctx := as(asDirector)
	file, err := h.client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_PBN})
	if err != nil {
		t.Fatal(err)
	}
	if file.GetFileName() != "congress-1-main.pbn" || file.GetContentType() != "application/x-pbn" {
		t.Errorf("PBN file %q (%s)", file.GetFileName(), file.GetContentType())
	}
	read, err := pbn.Read(bytes.NewReader(file.GetContent()))
	if err != nil || len(read.Games) != 6 {
		t.Fatalf("the PBN export reads back as %v, %v", read, err)
	}
	for i, g := range read.Games {
		b, err := g.Board()
		if err != nil || b.Deal.PBN(bridge.North) != set.GetBoards()[i].GetDeal().GetPbn() {
			t.Errorf("PBN board %d: %v, %v", i+1, b, err)
		}
	}
	file, err = h.client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_DUP})
	if err != nil {
		t.Fatal(err)
	}
	boards, err := dup.Read(bytes.NewReader(file.GetContent()))
	if err != nil || len(boards) != 6 || boards[5].Deal.PBN(bridge.North) != set.GetBoards()[5].GetDeal().GetPbn() {
		t.Errorf("the DUP export reads back as %v, %v", boards, err)
	}
	for _, f := range []dealingv1.Format{dealingv1.Format_FORMAT_DLM, dealingv1.Format_FORMAT_BRI, dealingv1.Format_FORMAT_DGE, dealingv1.Format_FORMAT_LIN, dealingv1.Format_FORMAT_HAND_RECORD_HTML} {
		if file, err := h.client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: setName, Format: f}); err != nil || len(file.GetContent()) == 0 {
			t.Errorf("%v: %v", f, err)
		}
	}
	file, err = h.client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_HAND_RECORD_PDF})
	if err != nil || !bytes.HasPrefix(file.GetContent(), []byte("%PDF-")) || file.GetContentType() != "application/pdf" {
		t.Errorf("hand records: %v, %.10q", err, file.GetContent())
	}
	_, err = h.client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: setName})
	wantCode(t, err, codes.InvalidArgument, "format")
}

func TestDLMRefusesBoardsBeyond99(t *testing.T) {
	h := start(t, t.TempDir())
	h.create(t, &dealingv1.BoardSet{FirstBoard: 97, LastBoard: 100})
	_, err := h.client.ExportBoardSet(as(asDirector), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_DLM})
	wantCode(t, err, codes.InvalidArgument, "99")
}

func TestBadBoardSetsNameTheField(t *testing.T) {
	h := start(t, t.TempDir())
	for _, c := range []struct {
		set   *dealingv1.BoardSet
		field string
	}{
		{&dealingv1.BoardSet{FirstBoard: 0, LastBoard: 4}, "board_set.first_board"},
		{&dealingv1.BoardSet{FirstBoard: 5, LastBoard: 4}, "board_set.last_board"},
		{&dealingv1.BoardSet{FirstBoard: 1, LastBoard: 500}, "board_set.last_board"},
		{&dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4, Copies: -1}, "board_set.copies"},
		{&dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4, Keys: &dealingv1.Keys{Owner: "x", Entropy: "y"}}, "board_set.keys"},
		{&dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4, Method: dealingv1.Method_METHOD_KEYED, Keys: &dealingv1.Keys{Owner: "x"}}, "board_set.keys"},
	} {
		_, err := h.client.CreateBoardSet(as(asDirector), &dealingv1.CreateBoardSetRequest{Parent: "events/congress/sessions/1", BoardSetId: "main", BoardSet: c.set})
		wantCode(t, err, codes.InvalidArgument, c.field)
	}
	_, err := h.client.CreateBoardSet(as(asDirector), &dealingv1.CreateBoardSetRequest{Parent: "events/congress/sessions/one", BoardSetId: "main", BoardSet: &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4}})
	wantCode(t, err, codes.InvalidArgument, "parent")
	_, err = h.client.CreateBoardSet(as(asTerminal), &dealingv1.CreateBoardSetRequest{Parent: "events/congress/sessions/1", BoardSetId: "main", BoardSet: &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4}})
	wantCode(t, err, codes.PermissionDenied, "")
	_, err = h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/1", Reason: "x"})
	wantCode(t, err, codes.NotFound, setName)
	// Nothing is dealt for a session or an event the movement service does
	// not know.
	for _, parent := range []string{"events/congress/sessions/2", "events/made-up/sessions/1"} {
		_, err = h.client.CreateBoardSet(as(asDirector), &dealingv1.CreateBoardSetRequest{Parent: parent, BoardSetId: "main", BoardSet: &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4}})
		wantCode(t, err, codes.NotFound, `session "`+parent+`"`)
	}
}

// TestEveryBoardThatCanBeDealtCanBeScored deals the highest board a set may
// hold and checks that the limits every service shares take it: a result
// may be scored on it, and a movement may start there.
func TestEveryBoardThatCanBeDealtCanBeScored(t *testing.T) {
	h := start(t, t.TempDir())
	set := h.create(t, &dealingv1.BoardSet{FirstBoard: resource.MaxBoard - 3, LastBoard: resource.MaxBoard})
	if n := set.GetLastBoard(); n != resource.MaxBoard {
		t.Fatalf("dealt to board %d, want %d", n, resource.MaxBoard)
	}
	_, err := h.client.CreateBoardSet(as(asDirector), &dealingv1.CreateBoardSetRequest{Parent: "events/congress/sessions/1", BoardSetId: "beyond",
		BoardSet: &dealingv1.BoardSet{FirstBoard: resource.MaxBoard - 1, LastBoard: resource.MaxBoard + 1}})
	wantCode(t, err, codes.InvalidArgument, "board_set.last_board")
	if _, err := resource.ParseResult("name", fmt.Sprintf("events/congress/sessions/1/sections/A/tables/1/rounds/1/boards/%d", resource.MaxBoard)); err != nil {
		t.Errorf("the last board that can be dealt cannot be named as a result: %v", err)
	}
}

func TestSetsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	h := start(t, dir)
	set := h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	h.stop()
	h = start(t, dir)
	got, err := h.client.GetBoardSet(as(asDirector), &dealingv1.GetBoardSetRequest{Name: setName})
	if err != nil || !proto.Equal(got.GetBoardSet().GetBoards()[3], set.GetBoards()[3]) {
		t.Fatalf("after a restart: %v, %v", got, err)
	}
}

func TestPolicyCoversEveryMethod(t *testing.T) {
	if err := platform.CheckPolicyCovers((&Service{}).Policy(), dealingv1.DealingService_ServiceDesc); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyWorldBridgeGames2024 verifies a published session from its
// SquareDeal files, as a player would after the event.
func TestVerifyWorldBridgeGames2024(t *testing.T) {
	h := start(t, t.TempDir())
	sqd, sqk, first, boards := wbg2024FirstSession(t)
	games := make([]pbn.Game, len(boards))
	for i, b := range boards {
		games[i] = pbn.NewGame(b)
	}
	var published bytes.Buffer
	if err := pbn.Write(&published, games, pbn.Options{}); err != nil {
		t.Fatal(err)
	}
	req := &dealingv1.VerifyBoardSetRequest{
		Source:    &dealingv1.VerifyBoardSetRequest_SquareDeal{SquareDeal: &dealingv1.SquareDeal{Sqd: string(sqd), Sqk: string(sqk), Phase: int32(first.Phase), Session: int32(first.Number)}},
		Published: &dealingv1.VerifyBoardSetRequest_Pbn{Pbn: published.String()},
	}
	v, err := h.client.VerifyBoardSet(context.Background(), req)
	if err != nil || !v.GetMatches() || int(v.GetBoardsChecked()) != len(boards) {
		t.Fatalf("WBG 2024 session %d,%d: %v, %v", first.Phase, first.Number, v, err)
	}
	// Swap two hands of the last board: the verification names it.
	last := boards[len(boards)-1]
	last.Deal[bridge.North], last.Deal[bridge.South] = last.Deal[bridge.South], last.Deal[bridge.North]
	games[len(games)-1] = pbn.NewGame(last)
	published.Reset()
	pbn.Write(&published, games, pbn.Options{})
	req.Published = &dealingv1.VerifyBoardSetRequest_Pbn{Pbn: published.String()}
	v, err = h.client.VerifyBoardSet(context.Background(), req)
	if err != nil || v.GetMatches() || int(v.GetFirstMismatch()) != last.Number {
		t.Fatalf("a changed board: %v, %v; want a mismatch at board %d", v, err, last.Number)
	}
}

// TestScopedDirectorCannotReadAnotherEventsDeal: a director scoped to one
// event gets no card of another event's secret set, by any path: reading,
// exporting, or verifying against it (whose mismatch detail would print
// the stored deal), and no card is in any error message or detail.
func TestScopedDirectorCannotReadAnotherEventsDeal(t *testing.T) {
	h := start(t, t.TempDir())
	set := h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	var cards []string
	for _, b := range set.GetBoards() {
		for _, hand := range []string{b.GetDeal().GetNorth().GetCards(), b.GetDeal().GetSouth().GetCards()} {
			cards = append(cards, hand)
		}
		cards = append(cards, b.GetDeal().GetPbn())
	}
	noCards := func(what string, err error) {
		t.Helper()
		st := status.Convert(err)
		text := st.Message()
		for _, d := range st.Details() {
			text += fmt.Sprint(d)
		}
		for _, c := range cards {
			if strings.Contains(text, c) {
				t.Errorf("%s: the error %q shows the cards %s", what, text, c)
			}
		}
	}
	verify := &dealingv1.VerifyBoardSetRequest{
		Source:     &dealingv1.VerifyBoardSetRequest_Keys{Keys: &dealingv1.Keys{Owner: "guess", Entropy: "guess"}},
		FirstBoard: 1, LastBoard: 4,
		Published: &dealingv1.VerifyBoardSetRequest_BoardSet{BoardSet: setName},
	}
	v, err := h.client.VerifyBoardSet(as(asClub), verify)
	wantCode(t, err, codes.PermissionDenied, "secret until a director releases")
	noCards("verify", err)
	if v.GetDetail() != "" {
		t.Errorf("verify answered %q", v.GetDetail())
	}
	_, err = h.client.GetBoard(as(asClub), &dealingv1.GetBoardRequest{Name: setName + "/boards/1"})
	wantCode(t, err, codes.PermissionDenied, "secret")
	noCards("board", err)
	_, err = h.client.ExportBoardSet(as(asClub), &dealingv1.ExportBoardSetRequest{Name: setName, Format: dealingv1.Format_FORMAT_PBN})
	wantCode(t, err, codes.PermissionDenied, "secret")
	noCards("export", err)
	_, err = h.client.RedealBoard(as(asClub), &dealingv1.RedealBoardRequest{Name: setName + "/boards/1", Reason: "fouled"})
	wantCode(t, err, codes.PermissionDenied, "events/congress")
	noCards("redeal", err)

	// The event's own director verifies, and the mismatch shows the deal.
	v, err = h.client.VerifyBoardSet(as(asDirector), verify)
	if err != nil || v.GetMatches() || !strings.Contains(v.GetDetail(), set.GetBoards()[0].GetDeal().GetPbn()) {
		t.Errorf("the event's director verifying: %v, %v; want a mismatch that shows board 1", v, err)
	}
	reads, err := h.client.ListBoardSetReads(as(asDirector), &dealingv1.ListBoardSetReadsRequest{Name: setName})
	if err != nil || len(reads.GetReads()) != 1 || reads.GetReads()[0].GetReader() != "head-director" {
		t.Errorf("reads: %v, %v; want only the head director's verification", reads, err)
	}

	// Released, the set is public: the other event's director reads it as
	// anyone does.
	if _, err := h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.GetBoard(as(asClub), &dealingv1.GetBoardRequest{Name: setName + "/boards/1"}); err != nil {
		t.Errorf("a released board: %v", err)
	}
}

// TestTheFeedKeepsTheDealsSecret: the feed records a set as it is made,
// dealt again and released, and carries its deals only once it is
// released, since scorers read the feed; a terminal may not read it.
func TestTheFeedKeepsTheDealsSecret(t *testing.T) {
	h := start(t, t.TempDir())
	h.create(t, &dealingv1.BoardSet{FirstBoard: 1, LastBoard: 4})
	if _, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: setName + "/boards/2", Reason: "fouled"}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.ReleaseBoardSet(as(asDirector), &dealingv1.ReleaseBoardSetRequest{Name: setName}); err != nil {
		t.Fatal(err)
	}
	// The release's analysis records its end after these three.
	feed, err := h.client.ListChanges(as(asDirector), &dealingv1.ListChangesRequest{Parent: "events/congress", PageSize: 3})
	if err != nil {
		t.Fatal(err)
	}
	kinds := []typev1.ChangeKind{typev1.ChangeKind_CHANGE_KIND_BOARD_SET_CREATED, typev1.ChangeKind_CHANGE_KIND_BOARD_REDEALT, typev1.ChangeKind_CHANGE_KIND_BOARD_SET_RELEASED}
	if len(feed.GetChanges()) != len(kinds) {
		t.Fatalf("the feed holds %v, want %v", feed.GetChanges(), kinds)
	}
	for i, c := range feed.GetChanges() {
		set := &dealingv1.BoardSet{}
		if err := c.GetResource().UnmarshalTo(set); err != nil {
			t.Fatal(err)
		}
		released := i == len(kinds)-1
		dealt := set.GetBoards()[1].GetDeal() != nil
		if c.GetKind() != kinds[i] || c.GetName() != setName || c.GetChangedBy() != "head-director" || dealt != released {
			t.Errorf("record %d: %v %s by %s, deals shown %v; want %v, deals shown only once released", i+1, c.GetKind(), c.GetName(), c.GetChangedBy(), dealt, kinds[i])
		}
		if i == 1 && set.GetRedeals()[0].GetPrevious() != nil {
			t.Errorf("the redeal's record shows the deal it replaced")
		}
	}
	_, err = h.client.ListChanges(as(asTerminal), &dealingv1.ListChangesRequest{Parent: "events/congress"})
	wantCode(t, err, codes.PermissionDenied, "may not call")
}

// A director imports boards dealt elsewhere, the first session of the World
// Bridge Games 2024 as a PBN file: the set holds those deals, each board
// marked by Law 2, secret until released; a file that does not hold the
// boards asked for, or marks them otherwise than Law 2, is refused, naming
// why.
func TestImportedSetHoldsTheFilesDeals(t *testing.T) {
	h := start(t, t.TempDir())
	_, _, _, boards := wbg2024FirstSession(t)
	file := func(boards []bridge.Board) string {
		games := make([]pbn.Game, len(boards))
		for i, b := range boards {
			games[i] = pbn.NewGame(b)
		}
		var out bytes.Buffer
		if err := pbn.Write(&out, games, pbn.Options{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	first, last := int32(boards[0].Number), int32(boards[len(boards)-1].Number)
	create := func(set *dealingv1.BoardSet, text string) (*dealingv1.BoardSet, error) {
		resp, err := h.client.CreateBoardSet(as(asDirector), &dealingv1.CreateBoardSetRequest{
			Parent: "events/congress/sessions/1", BoardSetId: "main", BoardSet: set, Pbn: text,
		})
		return resp.GetBoardSet(), err
	}
	imported := &dealingv1.BoardSet{FirstBoard: first, LastBoard: last, Method: dealingv1.Method_METHOD_IMPORTED}

	_, err := create(imported, file(boards[:len(boards)-1]))
	wantCode(t, err, codes.InvalidArgument, fmt.Sprintf("the file has no board %d", last))
	shifted := slices.Clone(boards)
	shifted[0].Dealer = bridge.BoardDealer(boards[0].Number + 1)
	_, err = create(imported, file(shifted))
	wantCode(t, err, codes.InvalidArgument, fmt.Sprintf("board %d of the file has dealer", first))
	_, err = create(imported, file(append(slices.Clone(boards), boards[0])))
	wantCode(t, err, codes.InvalidArgument, fmt.Sprintf("the file holds board %d twice", first))
	_, err = create(imported, "[Board \"1\"]\n[Deal \"N:AKQ\"]\n")
	wantCode(t, err, codes.InvalidArgument, "pbn")
	_, err = create(imported, "")
	wantCode(t, err, codes.InvalidArgument, "METHOD_IMPORTED set, which needs one")
	_, err = create(&dealingv1.BoardSet{FirstBoard: first, LastBoard: last}, file(boards))
	wantCode(t, err, codes.InvalidArgument, "a dealt set takes none")

	set, err := create(imported, file(boards))
	if err != nil {
		t.Fatal(err)
	}
	if set.GetMethod() != dealingv1.Method_METHOD_IMPORTED || set.GetReleased() || len(set.GetBoards()) != len(boards) {
		t.Fatalf("imported set %v", set)
	}
	for i, b := range set.GetBoards() {
		if b.GetNumber() != int32(boards[i].Number) || b.GetDeal().GetPbn() != boards[i].Deal.PBN(bridge.North) {
			t.Errorf("board %d is %s, want the file's %s", b.GetNumber(), b.GetDeal().GetPbn(), boards[i].Deal.PBN(bridge.North))
		}
	}
	// A board of it fouled at the duplicating machine is dealt again.
	red, err := h.client.RedealBoard(as(asDirector), &dealingv1.RedealBoardRequest{Name: fmt.Sprintf("%s/boards/%d", setName, first), Reason: "a card fell on the floor"})
	if err != nil || red.GetBoard().GetDeal().GetPbn() == boards[0].Deal.PBN(bridge.North) {
		t.Errorf("redealing an imported board: %v, %v", red, err)
	}
}

// wbg2024FirstSession reads the World Bridge Games 2024's published
// SquareDeal files and deals their first session: the files, the session
// and its boards.
func wbg2024FirstSession(t *testing.T) (sqd, sqk []byte, first dealing.Session, boards []bridge.Board) {
	t.Helper()
	sqd, err := os.ReadFile("../../../shared/fixtures/bigdeal-wbg2024/WBG2024.sqd")
	if err != nil {
		t.Fatal(err)
	}
	if sqk, err = os.ReadFile("../../../shared/fixtures/bigdeal-wbg2024/WBG2024.sqk"); err != nil {
		t.Fatal(err)
	}
	desc, _ := dealing.ParseSQD(sqd)
	keys, _ := dealing.ParseSQK(sqk)
	sessions, err := desc.Sessions(keys, false)
	if err != nil {
		t.Fatal(err)
	}
	if boards, err = sessions[0].Deal(); err != nil {
		t.Fatal(err)
	}
	return sqd, sqk, sessions[0], boards
}

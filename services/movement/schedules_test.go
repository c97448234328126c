package movementservice

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

// seatOf finds where entrant sits in round in a section's stored movement.
func seatOf(t *testing.T, section *movementv1.Section, entrant, round int32) *movementv1.Seating {
	t.Helper()
	for _, st := range section.GetMovement().GetSeatings() {
		if st.GetRound() == round && (st.GetNs() == entrant || st.GetEw() == entrant) {
			return st
		}
	}
	t.Fatalf("entrant %d is not seated in round %d", entrant, round)
	return nil
}

// tableRound asks the service what a table plays in a round.
func (h *harness) tableRound(t *testing.T, table, round int32) *movementv1.GetTableRoundResponse {
	t.Helper()
	resp, err := h.client.GetTableRound(context.Background(), &movementv1.GetTableRoundRequest{Section: sectionName, Table: table, Round: round})
	if err != nil {
		t.Fatalf("GetTableRound(table %d, round %d): %v", table, round, err)
	}
	return resp
}

// TestTableRoundFollowsEveryChange: the schedule answered after a change
// of movement from a round, a withdrawal and a late entrant is the new one,
// with a higher revision each time, and the path of a pair says so too.
func TestTableRoundFollowsEveryChange(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	// Fourteen pairs: a seven-table Mitchell of seven rounds.
	section := h.section(t, 14, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL})
	first := h.tableRound(t, 3, 4)
	if first.GetRevision() != section.GetRevision() || section.GetRevision() != 2 {
		t.Fatalf("revision %d answered, section at %d; want 2 (created, then a movement)", first.GetRevision(), section.GetRevision())
	}
	revision := first.GetRevision()
	changed := func(what string, s *movementv1.Section, table, round int32, want *movementv1.Seating) {
		t.Helper()
		got := h.tableRound(t, table, round)
		if got.GetRevision() != s.GetRevision() || got.GetRevision() != revision+1 {
			t.Fatalf("after %s: revision %d answered, section at %d, was %d", what, got.GetRevision(), s.GetRevision(), revision)
		}
		revision = got.GetRevision()
		if !proto.Equal(got.GetSeating(), want) {
			t.Fatalf("after %s: table %d round %d plays %v, want %v", what, table, round, got.GetSeating(), want)
		}
	}

	// The last four rounds are arrow-switched: pair 3 plays East-West.
	switched, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, FromRound: 4,
		Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, ArrowSwitchRounds: []int32{4, 5, 6, 7}}})
	if err != nil {
		t.Fatal(err)
	}
	if old := first.GetSeating(); old.GetNs() != 3 {
		t.Fatalf("before the switch table 3 round 4 seats %v, want pair 3 North-South", old)
	}
	changed("the arrow switch", switched.GetSection(), 3, 4, &movementv1.Seating{Round: 4, Table: 3, Ns: first.GetSeating().GetEw(), Ew: 3, LowBoard: first.GetSeating().GetLowBoard(), HighBoard: first.GetSeating().GetHighBoard()})
	if kept := h.tableRound(t, 3, 3).GetSeating(); kept.GetNs() != 3 {
		t.Errorf("round 3, played before the switch, became %v", kept)
	}

	// Pair 9 leaves after round 4: its opponents in round 5 sit out.
	seat := seatOf(t, switched.GetSection(), 9, 5)
	gone, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 9, FromRound: 5})
	if err != nil {
		t.Fatal(err)
	}
	empty := proto.Clone(seat).(*movementv1.Seating)
	if empty.Ns == 9 {
		empty.Ns = movement.None
	} else {
		empty.Ew = movement.None
	}
	changed("the withdrawal", gone.GetSection(), seat.GetTable(), 5, empty)

	// Pair 15 takes its seats from round 6.
	seat = seatOf(t, switched.GetSection(), 9, 6)
	late, err := h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: sectionName, Entrant: &movementv1.Entrant{Number: 15}, FromRound: 6})
	if err != nil {
		t.Fatal(err)
	}
	replaced := proto.Clone(seat).(*movementv1.Seating)
	if replaced.Ns == 9 {
		replaced.Ns = 15
	} else {
		replaced.Ew = 15
	}
	changed("the late entrant", late.GetSection(), seat.GetTable(), 6, replaced)

	path, err := h.client.GetEntrantPath(ctx, &movementv1.GetEntrantPathRequest{Section: sectionName, Entrant: 15})
	if err != nil {
		t.Fatal(err)
	}
	var tables []int32
	for _, stop := range path.GetStops() {
		tables = append(tables, stop.GetTable())
	}
	if path.GetEntrant().GetFromRound() != 6 || !slices.Equal(tables[:5], []int32{0, 0, 0, 0, 0}) || tables[5] != seat.GetTable() {
		t.Errorf("pair 15 from round %d at tables %v; want from round 6, at table %d then", path.GetEntrant().GetFromRound(), tables, seat.GetTable())
	}
}

// TestMovementChangesFromARoundAreChecked: a change from a round keeps the
// boards and the rounds played, and is refused with a reason when it
// cannot be played.
func TestMovementChangesFromARoundAreChecked(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	mitchell := &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}
	set := func(from int32, c *movementv1.MovementChoice) error {
		_, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, FromRound: from, Choice: c})
		return err
	}
	h.section(t, 14, mitchell)
	for _, c := range []struct {
		from   int32
		choice *movementv1.MovementChoice
		code   codes.Code
		text   string
	}{
		{4, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL}, codes.FailedPrecondition, "changing the movement from round 4 would break the movement: pair"},
		{4, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, BoardsPerRound: 3}, codes.InvalidArgument, "choice.boards_per_round"},
		{4, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, FirstBoard: 15}, codes.InvalidArgument, "choice.first_board"},
		{9, mitchell, codes.InvalidArgument, "from_round"},
		{-1, mitchell, codes.InvalidArgument, "from_round"},
		{4, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, Rounds: 3}, codes.FailedPrecondition, "the new movement has 3 rounds"},
	} {
		wantCode(t, set(c.from, c.choice), c.code, c.text)
	}
	// Pair 15 joins in round 5; a movement from round 3 cannot seat it.
	if _, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 9, FromRound: 4}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.AddLateEntrant(ctx, &movementv1.AddLateEntrantRequest{Section: sectionName, Entrant: &movementv1.Entrant{Number: 15}, FromRound: 5}); err != nil {
		t.Fatal(err)
	}
	wantCode(t, set(3, mitchell), codes.FailedPrecondition, "entrant 15 joins in round 5")
	// What was refused is not answered.
	if got := h.tableRound(t, 1, 1); got.GetRevision() != 4 {
		t.Errorf("after refused changes the schedule is revision %d, want 4 (created, movement, withdrawal, late entrant)", got.GetRevision())
	}

	// A section without a movement has none to change from a round.
	h2 := start(t, t.TempDir())
	h2.section(t, 14, mitchell)
	h2.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "B",
		Section: &movementv1.Section{Entrants: []*movementv1.Entrant{{Number: 1}, {Number: 2}, {Number: 3}, {Number: 4}}}})
	_, err := h2.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: "events/club-night/sessions/1/sections/B", FromRound: 2, Choice: mitchell})
	wantCode(t, err, codes.FailedPrecondition, "no movement to change from round 2")
}

// TestAWithdrawalIsKeptByANewMovement: a movement chosen again from a round
// before a pair's withdrawal withdraws it again; one from after it is made
// without the pair.
func TestAWithdrawalIsKeptByANewMovement(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	h.section(t, 13, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL})
	if _, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 4, FromRound: 6}); err != nil {
		t.Fatal(err)
	}
	again, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL}})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range again.GetSection().GetMovement().GetSeatings() {
		if st.GetRound() >= 6 && (st.GetNs() == 4 || st.GetEw() == 4) {
			t.Fatalf("pair 4, withdrawn from round 6, is seated again: %v", st)
		}
	}
	if seatOf(t, again.GetSection(), 4, 5) == nil || again.GetSection().GetMovement().GetEntrants() != 13 {
		t.Errorf("the movement is for %d entrants, want the 13 of round 1", again.GetSection().GetMovement().GetEntrants())
	}
}

// TestConcurrentReadsSeeCommittedSchedules: readers asking during a run of
// movement changes see revisions that never go back, each with the seating
// the write of that revision answered (run with -race).
func TestConcurrentReadsSeeCommittedSchedules(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	plain := &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}
	switched := &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, ArrowSwitchRounds: []int32{2}}
	section := h.section(t, 14, plain)
	const table, round = 3, 2
	seatAt := func(s *movementv1.Section) string {
		for _, st := range s.GetMovement().GetSeatings() {
			if st.GetRound() == round && st.GetTable() == table {
				return fmt.Sprint(st.GetNs(), st.GetEw(), st.GetLowBoard())
			}
		}
		return "none"
	}
	committed := map[int32]string{section.GetRevision(): seatAt(section)}
	var mu sync.Mutex
	seen := map[int32]string{}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for range 4 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			var last int32
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := h.client.GetTableRound(ctx, &movementv1.GetTableRoundRequest{Section: sectionName, Table: table, Round: round})
				if err != nil {
					t.Error(err)
					return
				}
				s := resp.GetSeating()
				if resp.GetRevision() < last {
					t.Errorf("revision %d answered after %d", resp.GetRevision(), last)
				}
				last = resp.GetRevision()
				mu.Lock()
				seen[last] = fmt.Sprint(s.GetNs(), s.GetEw(), s.GetLowBoard())
				mu.Unlock()
			}
		}()
	}
	for i := range 20 {
		choice := map[bool]*movementv1.MovementChoice{true: switched, false: plain}[i%2 == 0]
		resp, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: choice})
		if err != nil {
			t.Fatal(err)
		}
		committed[resp.GetSection().GetRevision()] = seatAt(resp.GetSection())
	}
	close(stop)
	readers.Wait()
	if last := h.tableRound(t, table, round); last.GetRevision() != 22 {
		t.Errorf("after 20 changes the answer is revision %d, want 22", last.GetRevision())
	}
	for rev, seat := range seen {
		if committed[rev] != seat {
			t.Errorf("revision %d was answered as %s; its write committed %s", rev, seat, committed[rev])
		}
	}
}

// TestSchedulesAreReadAgainAfterARestart: a restarted service answers the
// schedule and revision it committed last, also when a terminal retries
// the creation of the section first (answered from the record of the
// first, which knows nothing of what came after).
func TestSchedulesAreReadAgainAfterARestart(t *testing.T) {
	dir := t.TempDir()
	h := start(t, dir)
	ctx := context.Background()
	create := &movementv1.CreateSectionRequest{RequestId: "section-a", Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{}}
	for i := int32(1); i <= 13; i++ {
		create.Section.Entrants = append(create.Section.Entrants, &movementv1.Entrant{Number: i})
	}
	for _, err := range []error{
		call(h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})),
		call(h.client.CreateSection(ctx, create)),
		call(h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL}})),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	gone, err := h.client.WithdrawEntrant(ctx, &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 5, FromRound: 2})
	if err != nil {
		t.Fatal(err)
	}
	seat := seatOf(t, gone.GetSection(), 5, 1)
	h.stop()

	svc, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	conn, _ := platformtest.Serve(t, svc, nil)
	again := &harness{client: movementv1.NewMovementServiceClient(conn)}
	if retried, err := again.client.CreateSection(ctx, create); err != nil || retried.GetSection().GetRevision() != 1 {
		t.Fatalf("the retried creation: %v, %v; want the first answer, revision 1", retried, err)
	}
	got := again.tableRound(t, seat.GetTable(), 2)
	if got.GetRevision() != 3 || got.GetSeating().GetNs() == 5 || got.GetSeating().GetEw() == 5 {
		t.Errorf("after a restart: revision %d, %v; want revision 3 without pair 5", got.GetRevision(), got.GetSeating())
	}
}

// TestVersionThreeSectionsGetARevision opens a movement.db written before
// sections had revisions (schema version 3): migration 4 makes each
// revision 1, and its schedule answers so.
func TestVersionThreeSectionsGetARevision(t *testing.T) {
	dir := t.TempDir()
	h := start(t, dir)
	section := h.section(t, 8, &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_HOWELL})
	h.stop()
	old := proto.Clone(section).(*movementv1.Section)
	old.Revision, old.Etag = 0, ""
	path := filepath.Join(t.TempDir(), "movement.db")
	platformtest.OldStore(t, path, migrations[:3], func(tx *bbolt.Tx) error {
		return platform.PutMessage(tx.Bucket(bucketSections), []byte(old.GetName()), old)
	})
	svc, err := Open(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	conn, _ := platformtest.Serve(t, svc, nil)
	got := (&harness{client: movementv1.NewMovementServiceClient(conn)}).tableRound(t, 1, 1)
	if got.GetRevision() != 1 || !strings.Contains(fmt.Sprint(got.GetSeating()), "round:1") {
		t.Errorf("a section stored before revisions answers revision %d, %v; want 1", got.GetRevision(), got.GetSeating())
	}
}

func call[T any](_ T, err error) error { return err }

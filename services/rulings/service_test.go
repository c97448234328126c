package rulingsservice

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/rulings"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
	scoringservice "github.com/bridge-director/director/services/scoring"
)

// harness runs the rulings service beside the real movement and scoring
// services, as one process does, with the event and its section A made.
type harness struct {
	client  rulingsv1.RulingsServiceClient
	scoring scoringv1.ScoringServiceClient
}

func start(t *testing.T) *harness {
	t.Helper()
	dir := t.TempDir()
	sc, scConn, mvConn := servePeers(t, dir)
	svc, err := Open(dir, WithClock(func() time.Time { return time.Date(2026, 11, 24, 20, 15, 0, 0, time.UTC) }))
	if err != nil {
		t.Fatal(err)
	}
	svc.Connect("movement", mvConn)
	svc.Connect("scoring", scConn)
	conn, _ := platformtest.Serve(t, svc, nil)
	return &harness{client: rulingsv1.NewRulingsServiceClient(conn), scoring: sc}
}

// servePeers serves the services rulings calls, over files in dir: movement,
// with the club night's session 1 and its section A of eight pairs, and
// scoring beside it.
func servePeers(t *testing.T, dir string) (scoringv1.ScoringServiceClient, *grpc.ClientConn, *grpc.ClientConn) {
	t.Helper()
	mv, err := movementservice.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	mvConn, _ := platformtest.Serve(t, mv, nil)
	sc, err := scoringservice.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sc.Connect("movement", mvConn)
	scConn, _ := platformtest.Serve(t, sc, nil)
	clubNight(t, movementv1.NewMovementServiceClient(mvConn))
	return scoringv1.NewScoringServiceClient(scConn), scConn, mvConn
}

// clubNight creates the club night's session 1 and its section A of eight
// pairs.
func clubNight(t *testing.T, moves movementv1.MovementServiceClient) {
	t.Helper()
	ctx := context.Background()
	var pairs []*movementv1.Entrant
	for n := int32(1); n <= 8; n++ {
		pairs = append(pairs, &movementv1.Entrant{Number: n})
	}
	for _, err := range []error{
		call(moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}})),
		call(moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1})),
		call(moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: pairs}})),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func call[T any](_ T, err error) error { return err }

const section = "events/club-night/sessions/1/sections/A"

func (h *harness) open(t *testing.T, auction string) *rulingsv1.DirectorCall {
	t.Helper()
	resp, err := h.client.OpenCall(context.Background(), &rulingsv1.OpenCallRequest{Parent: section, Call: &rulingsv1.DirectorCall{
		Table: 3, Round: 2, Board: 5, CalledBy: typev1.Seat_SEAT_EAST, Auction: auction, Description: "South bid 1H over 1S",
	}})
	if err != nil {
		t.Fatalf("OpenCall: %v", err)
	}
	return resp.GetCall()
}

func wantCode(t *testing.T, err error, code codes.Code, text string) {
	t.Helper()
	if st, _ := status.FromError(err); st.Code() != code || !strings.Contains(st.Message(), text) {
		t.Fatalf("got %v %q, want %v containing %q", st.Code(), st.Message(), code, text)
	}
}

// TestInsufficientBidDialogue: board 5, North deals; North opens 1S and East
// passes, and South's 1H is insufficient. The director is asked whether the
// call was unintended, then rules.
func TestInsufficientBidDialogue(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P")
	if call.GetName() != section+"/calls/1" || call.GetState() != rulingsv1.State_STATE_OPEN {
		t.Fatalf("opened %v", call)
	}
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: typev1.Seat_SEAT_SOUTH, Call: "1H"}
	resp, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr})
	if err != nil {
		t.Fatal(err)
	}
	r := resp.GetCall().GetRuling()
	if resp.GetCall().GetState() != rulingsv1.State_STATE_AWAITING_ANSWERS || len(r.GetQuestions()) == 0 {
		t.Fatalf("first ruling %v: want questions for the director", r)
	}
	answers := map[string]string{}
	// Answer every question the way that leads to Law 27B2: intended, the
	// withdrawn bid is replaced by another bid that is not comparable.
	for range 5 {
		for _, q := range resp.GetCall().GetRuling().GetQuestions() {
			answers[q.GetId()] = pick(q)
		}
		resp, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: answers})
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetCall().GetState() == rulingsv1.State_STATE_RULED {
			break
		}
	}
	r = resp.GetCall().GetRuling()
	if resp.GetCall().GetState() != rulingsv1.State_STATE_RULED || len(r.GetLaws()) == 0 || !strings.HasPrefix(r.GetLaws()[0], "2") {
		t.Fatalf("final ruling %v (state %v): want a ruling citing laws", r, resp.GetCall().GetState())
	}
	got, err := h.client.ListCalls(context.Background(), &rulingsv1.ListCallsRequest{Parent: "events/club-night/sessions/1"})
	if err != nil || len(got.GetCalls()) != 1 || got.GetCalls()[0].GetRuling() == nil {
		t.Errorf("the session's calls: %v, %v", got, err)
	}
}

// pick chooses the answer "no" where there is one (the call was intended,
// not comparable; the lead was not faced only when asked about anything
// else), else the first choice.
func pick(q *rulingsv1.Question) string {
	if q.GetId() == "faced" {
		return "yes"
	}
	for _, c := range q.GetChoices() {
		if c.GetId() == "no" {
			return c.GetId()
		}
	}
	return q.GetChoices()[0].GetId()
}

func TestAdjustedScoreReachesTheStandings(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	// Board 5 was played normally at tables 1 and 2.
	for table := int32(1); table <= 2; table++ {
		_, err := h.scoring.SubmitResult(ctx, &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: &scoringv1.Result{
			Table: table, Round: 2, Board: 5, NsPair: table, EwPair: table + 4,
			Outcome: &scoringv1.Result_Played{Played: &scoringv1.Played{Contract: "4S", Declarer: typev1.Seat_SEAT_NORTH, Tricks: 9 + table}}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	call := h.ruled(t)
	_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "board could not be played",
		AdjustedScore: &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_Artificial{Artificial: &rulingsv1.ArtificialScore{
			NorthSouth: rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS}}},
		ProceduralPenalty: &scoringv1.Penalty{Pair: 7, Amount: 25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: "calling out of rotation again after a warning", Law: "90B2"}})
	if err != nil {
		t.Fatal(err)
	}
	got := &rulingsv1.GetCallResponse{Call: settled(t, h.client, call.GetName())}
	if got.GetCall().GetState() != rulingsv1.State_STATE_APPLIED || got.GetCall().GetResult() == "" {
		t.Fatalf("applied call %v", got)
	}
	list, err := h.scoring.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil || len(list.GetResults()) != 3 || list.GetResults()[2].GetArtificial().GetNorthSouth() != scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS {
		t.Fatalf("scoring holds %v, %v: want the artificial score", list, err)
	}
	standings, err := h.scoring.GetStandings(ctx, &scoringv1.GetStandingsRequest{Event: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	pct := map[int32]float64{}
	for _, s := range standings.GetStandings() {
		pct[s.GetPair()] = s.GetPercentage()
	}
	// Pair 7: average minus, 40% of a top of 4 = 1.6, less the penalty of
	// 25% of a top = 1: 0.6 of 4 = 15%.
	if pct[3] != 60 || pct[7] != 15 {
		t.Errorf("standings %v: want pair 3 at 60%% and pair 7 at 15%%", pct)
	}
	penalties, err := h.scoring.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil || len(penalties.GetPenalties()) != 1 || penalties.GetPenalties()[0].GetRuling() != call.GetName() ||
		got.GetCall().GetPenalty() != penalties.GetPenalties()[0].GetName() {
		t.Errorf("penalties %v, %v; the call records %q", penalties, err, got.GetCall().GetPenalty())
	}
	_, err = h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName()})
	wantCode(t, err, codes.AlreadyExists, "already applied")
	appealed, err := h.client.RecordAppeal(ctx, &rulingsv1.RecordAppealRequest{Name: call.GetName(), Appeal: &rulingsv1.Appeal{Appellant: typev1.Side_SIDE_EAST_WEST, Reason: "the pass was not out of rotation"}})
	if err != nil || appealed.GetCall().GetState() != rulingsv1.State_STATE_APPEALED || appealed.GetCall().GetAppeal().GetLodged() == nil {
		t.Errorf("appeal: %v, %v", appealed, err)
	}
}

// ruled opens a call for a call out of rotation and answers the engine's
// questions until it has ruled.
func (h *harness) ruled(t *testing.T) *rulingsv1.DirectorCall {
	t.Helper()
	call := h.open(t, "")
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CALL_OUT_OF_ROTATION, Offender: typev1.Seat_SEAT_EAST, Call: "1S"}
	answers := map[string]string{}
	for range 5 {
		resp, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Answers: answers})
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range resp.GetCall().GetRuling().GetQuestions() {
			answers[q.GetId()] = pick(q)
		}
		if resp.GetCall().GetState() == rulingsv1.State_STATE_RULED {
			return resp.GetCall()
		}
	}
	t.Fatalf("%s is not ruled after five rounds of answers", call.GetName())
	return nil
}

// TestRetriedApplyAnswersAsTheFirst: a director whose :apply timed out sends
// it again with the same request_id; the retry gets the first answer,
// before the handler could refuse it because the call is applied, and
// scoring holds one penalty.
func TestRetriedApplyAnswersAsTheFirst(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	call := h.ruled(t)
	apply := &rulingsv1.ApplyRulingRequest{RequestId: "apply-1", Name: call.GetName(), Reason: "called out of rotation",
		ProceduralPenalty: &scoringv1.Penalty{Pair: 7, Amount: 25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: "again after a warning", Law: "90B2"}}
	first, err := h.client.ApplyRuling(ctx, apply)
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.client.ApplyRuling(ctx, apply)
	if err != nil || !proto.Equal(again, first) {
		t.Fatalf("retry: %v, %v; want the first answer %v", again, err, first)
	}
	penalties, err := h.scoring.ListPenalties(ctx, &scoringv1.ListPenaltiesRequest{Parent: "events/club-night"})
	if err != nil || len(penalties.GetPenalties()) != 1 {
		t.Errorf("penalties after a retried apply: %v, %v; want one", penalties, err)
	}
	// Without the request_id it is a second apply, which the call's state
	// refuses.
	apply.RequestId = ""
	_, err = h.client.ApplyRuling(ctx, apply)
	wantCode(t, err, codes.AlreadyExists, "already applied")
}

func TestBadCallsNameTheField(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	_, err := h.client.OpenCall(ctx, &rulingsv1.OpenCallRequest{Parent: section, Call: &rulingsv1.DirectorCall{Table: 0, Round: 1, Board: 1}})
	wantCode(t, err, codes.InvalidArgument, "call.table")
	_, err = h.client.OpenCall(ctx, &rulingsv1.OpenCallRequest{Parent: section, Call: &rulingsv1.DirectorCall{Table: 1, Round: 1, Board: 1, Auction: "1S 1H"}})
	wantCode(t, err, codes.InvalidArgument, "call.auction")
	call := h.open(t, "1S P")
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: &rulingsv1.Irregularity{Offender: typev1.Seat_SEAT_SOUTH}})
	wantCode(t, err, codes.InvalidArgument, "irregularity.kind")
	// With no irregularity at all, what is missing first is what happened.
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName()})
	wantCode(t, err, codes.InvalidArgument, "irregularity.kind")
	_, err = h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName()})
	wantCode(t, err, codes.FailedPrecondition, "only a complete ruling")
	_, err = h.client.GetCall(ctx, &rulingsv1.GetCallRequest{Name: section + "/calls/9"})
	wantCode(t, err, codes.NotFound, "calls/9")
	// No call is made in a section, session or event the movement service
	// does not know, and none is stored.
	for _, parent := range []string{"events/club-night/sessions/1/sections/B", "events/club-night/sessions/2/sections/A", "events/made-up/sessions/1/sections/A"} {
		_, err = h.client.OpenCall(ctx, &rulingsv1.OpenCallRequest{Parent: parent, Call: &rulingsv1.DirectorCall{Table: 1, Round: 1, Board: 1}})
		wantCode(t, err, codes.NotFound, `section "`+parent+`"`)
		_, err = h.client.GetCall(ctx, &rulingsv1.GetCallRequest{Name: parent + "/calls/1"})
		wantCode(t, err, codes.NotFound, parent+"/calls/1")
	}
}

func TestPolicyCoversEveryMethod(t *testing.T) {
	if err := platform.CheckPolicyCovers((&Service{}).Policy(), rulingsv1.RulingsService_ServiceDesc); err != nil {
		t.Fatal(err)
	}
}

// rule runs the dialogue to its end, answering each question with pick.
func (h *harness) rule(t *testing.T, name string, irr *rulingsv1.Irregularity, play *rulingsv1.Play) *rulingsv1.DirectorCall {
	t.Helper()
	answers := map[string]string{}
	for range 10 {
		resp, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: name, Irregularity: irr, Answers: answers, Play: play})
		if err != nil {
			t.Fatalf("Rule: %v", err)
		}
		if resp.GetCall().GetState() == rulingsv1.State_STATE_RULED {
			return resp.GetCall()
		}
		for _, q := range resp.GetCall().GetRuling().GetQuestions() {
			answers[q.GetId()] = pick(q)
		}
	}
	t.Fatalf("the dialogue did not end")
	return nil
}

// TestOpeningLeadOutOfTurn: 4S by South, so West leads; East led the HK.
// Declarer chooses among the options of Law 54.
func TestOpeningLeadOutOfTurn(t *testing.T) {
	h := start(t)
	call := h.open(t, "")
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH}
	ruled := h.rule(t, call.GetName(), &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: typev1.Seat_SEAT_EAST, Card: "HK"}, play)
	r := ruled.GetRuling()
	declarerOptions := 0
	for _, o := range r.GetOptions() {
		if o.GetChooser() == typev1.Seat_SEAT_SOUTH {
			declarerOptions++
		}
	}
	if declarerOptions < 2 || !strings.Contains(strings.Join(r.GetLaws(), " "), "54") {
		t.Errorf("ruling %v: want declarer's options under Law 54", r)
	}
	if ruled.GetPlay().GetContract() != "4S" {
		t.Errorf("the play record was not kept: %v", ruled.GetPlay())
	}
}

func TestUnauthorisedInformationAsksTheDirector(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P 2S P")
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_UNAUTHORISED_INFORMATION, Offender: typev1.Seat_SEAT_NORTH, Information: "a long pause before passing 2S"}
	resp, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.GetCall().GetRuling().GetQuestions()) == 0 || !strings.HasPrefix(resp.GetCall().GetRuling().GetQuestions()[0].GetLaw(), "16") {
		t.Errorf("ruling %v: want Law 16 questions for the director", resp.GetCall().GetRuling())
	}
	ruled := h.rule(t, call.GetName(), irr, nil)
	if !strings.Contains(strings.Join(ruled.GetRuling().GetLaws(), " "), "16") {
		t.Errorf("final ruling %v: want Law 16 cited", ruled.GetRuling())
	}
}

func TestPlayRulingNeedsThePlay(t *testing.T) {
	h := start(t)
	call := h.open(t, "")
	_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_REVOKE, Offender: typev1.Seat_SEAT_WEST, Card: "C2"}})
	wantCode(t, err, codes.InvalidArgument, "play")
	_, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_REVOKE, Offender: typev1.Seat_SEAT_WEST, Card: "C2"},
		Play: &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH, Cards: "HK HK"}})
	wantCode(t, err, codes.InvalidArgument, "play.cards")
}

// TestPenaltyCardsKeepTheirTrick: 4S by South; West discarded HE on the
// club lead to trick 2 while his CJ lay on the table as a penalty card from
// trick 2 on, and played it to trick 4. The record says so, and the revoke
// is a failure to play a card faced on the table (Law 64B3).
func TestPenaltyCardsKeepTheirTrick(t *testing.T) {
	h := start(t)
	call := h.open(t, "")
	jack := &rulingsv1.PenaltyCard{Seat: typev1.Seat_SEAT_WEST, Card: "CJ", Major: true, Trick: 2}
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH,
		Deal:  "N:AKQ2.543.A32.K54 J98.KQJ2.KQ4.987 7654.A76.J76.AQ2 T3.T98.T985.JT63",
		Cards: "DT DA D4 D6 C4 C7 CA H8! DJ D5 D3 DK C9 CQ CJ CK", PenaltyCards: []*rulingsv1.PenaltyCard{jack}}
	revoke := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_REVOKE, Offender: typev1.Seat_SEAT_WEST, Card: "H8"}
	ruled := h.rule(t, call.GetName(), revoke, play)
	if laws := ruled.GetRuling().GetLaws(); !slices.Contains(laws, "64B3") {
		t.Errorf("laws %v: want 64B3, West's CJ lay on the table at the revoke", laws)
	}
	// Recorded as if it became a penalty card now, after it was played.
	jack.Trick = 0
	_, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: revoke, Play: play})
	wantCode(t, err, codes.InvalidArgument, "play.penalty_cards[0]")
	jack.Trick = -1
	_, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: revoke, Play: play})
	wantCode(t, err, codes.InvalidArgument, "play.penalty_cards[0]")
	// Picked up before South's lead to trick 3: declarer chooses a lead
	// only when West's partner East is to lead.
	jack.Trick, jack.PickedUp = 2, 3
	_, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: revoke, Play: play})
	wantCode(t, err, codes.InvalidArgument, "South leads trick 3")
}

// TestPenaltyCardLead: West's HT has lain on the table since trick 2 and
// East is to lead to trick 3: declarer may require or prohibit a heart, or
// let East lead anything (Law 50D2).
func TestPenaltyCardLead(t *testing.T) {
	h := start(t)
	call := h.open(t, "")
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH, Cards: "DT D2 DQ D6 DK D7 D9 D3",
		PenaltyCards: []*rulingsv1.PenaltyCard{{Seat: typev1.Seat_SEAT_WEST, Card: "HT", Major: true, Trick: 2}}}
	ruled := h.rule(t, call.GetName(), &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_PENALTY_CARD_LEAD, Offender: typev1.Seat_SEAT_WEST}, play)
	var ids []string
	for _, o := range ruled.GetRuling().GetOptions() {
		if o.GetChooser() == typev1.Seat_SEAT_SOUTH {
			ids = append(ids, o.GetChoice().GetId())
		}
	}
	if strings.Join(ids, " ") != "require-H prohibit-H free" || !slices.Contains(ruled.GetRuling().GetLaws(), "50D2") {
		t.Errorf("ruling %v: want declarer's three options of Law 50D2", ruled.GetRuling())
	}
}

// TestClaimIsWorkedOut: in 4S by South, after a diamond to dummy's ace and
// two rounds of trumps, South claims seven of the ten tricks left, clubs
// from the top. The solver finds six at most, so one goes to East-West with
// no question beyond whether the claim was doubted; a line that is not one
// is refused.
func TestClaimIsWorkedOut(t *testing.T) {
	h := start(t)
	call := h.open(t, "")
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH,
		Deal:  "N:AKQ2.543.A32.K54 J98.KQJ2.KQ4.987 7654.A76.J76.AQ2 T3.T98.T985.JT63",
		Cards: "DT DA D4 D6 SA S8 S4 S3 SK S9 S5 ST"}
	irr := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_CLAIM, Offender: typev1.Seat_SEAT_SOUTH, Tricks: 7, ClaimLine: "C"}
	resp, err := h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Play: play, Answers: map[string]string{"agreed": "no"}})
	if err != nil {
		t.Fatal(err)
	}
	got := resp.GetCall()
	if got.GetState() != rulingsv1.State_STATE_RULED || !strings.Contains(got.GetRuling().GetSummary(), "North-South are awarded 9 tricks in all, East-West 4") {
		t.Errorf("ruling %v: want 9 tricks to North-South without a question", got.GetRuling())
	}
	if got.GetIrregularity().GetClaimLine() != "C" {
		t.Errorf("the stated line was not kept: %v", got.GetIrregularity())
	}
	// East's ♠J is still out; the line is ten whole tricks of cards.
	f := got.GetRuling().GetClaim()
	if f.GetRemaining() != 10 || f.GetBest() != 6 || f.GetLine() > 6 || !f.GetOutstandingTrump() || len(f.GetLineTricks()) != 10 {
		t.Errorf("claim figures %v: want 10 tricks left, 6 double dummy, no more along the line, East's trump outstanding and the line's ten tricks", f)
	}
	for _, trick := range f.GetLineTricks() {
		if len(strings.Fields(trick)) != 4 {
			t.Errorf("line trick %q: want four cards", trick)
		}
	}
	irr.ClaimLine = "C X"
	_, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Play: play})
	wantCode(t, err, codes.InvalidArgument, "irregularity.claim_line")
	irr.ClaimLine, irr.PlayedAfterClaim = "", 13
	_, err = h.client.Rule(context.Background(), &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: irr, Play: play})
	wantCode(t, err, codes.InvalidArgument, "irregularity")
	// A caller that has given up stops the solver, and the ruling fails
	// with the caller's code, not as a fault in the irregularity.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	irr.PlayedAfterClaim = 0
	_, _, err = rule(ctx, got, play, irr, rulings.Answers{"agreed": "no"}, nil)
	wantCode(t, err, codes.Canceled, "")
}

// TestRestrictionsHoldForTheRestOfTheAuction: South's insufficient 1H is
// replaced by 2C, not comparable (Law 27B2): North must pass for the rest of
// the auction, and a later bid by North is refused.
func TestRestrictionsHoldForTheRestOfTheAuction(t *testing.T) {
	h := start(t)
	call := h.open(t, "1S P")
	c2 := "2C"
	ruled := h.rule(t, call.GetName(), &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_INSUFFICIENT_BID, Offender: typev1.Seat_SEAT_SOUTH, Call: "1H", Replacement: c2}, nil)
	if !strings.Contains(strings.Join(ruled.GetRuling().GetLaws(), " "), "27B2") {
		t.Fatalf("ruling %v: want Law 27B2", ruled.GetRuling())
	}
	ctx := context.Background()
	_, err := h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: call.GetName(), Calls: "2C X 2S"})
	wantCode(t, err, codes.InvalidArgument, "call 3 (2S): North must pass")
	_, err = h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: call.GetName(), Calls: "2C X P 8S"})
	wantCode(t, err, codes.InvalidArgument, "call 4 (8S): 8S is a bid of more than seven (Law 38)")
	resp, err := h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: call.GetName(), Calls: "2C X P P P"})
	if err != nil || resp.GetCall().GetContinuedAuction() == "" {
		t.Fatalf("a legal continuation: %v, %v", resp, err)
	}
	other := h.open(t, "1S P")
	_, err = h.client.ContinueAuction(ctx, &rulingsv1.ContinueAuctionRequest{Name: other.GetName(), Calls: "2C"})
	wantCode(t, err, codes.FailedPrecondition, "no complete ruling")
}

// TestWeightedScoreFromARuling: Law 12C1(c), one third of +420 and two
// thirds of +170, reaches scoring as an assigned weighted score.
func TestWeightedScoreFromARuling(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	call := h.open(t, "1S P 2S P")
	h.rule(t, call.GetName(), &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_UNAUTHORISED_INFORMATION, Offender: typev1.Seat_SEAT_NORTH, Information: "a long pause before 2S"}, nil)
	weighted := &scoringv1.WeightedScore{Parts: []*scoringv1.WeightedPart{{Weight: 1, NsScore: 420}, {Weight: 2, NsScore: 170}}}
	if _, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "Law 16B",
		AdjustedScore: &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_Weighted{Weighted: weighted}}}); err != nil {
		t.Fatal(err)
	}
	settled(t, h.client, call.GetName())
	list, err := h.scoring.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil || len(list.GetResults()) != 1 || len(list.GetResults()[0].GetAssigned().GetWeighted().GetParts()) != 2 {
		t.Errorf("scoring holds %v, %v: want the weighted score", list, err)
	}
}

// TestTheFeedFollowsACall: the rulings feed records a call as it is opened,
// ruled, applied, delivered to scoring and appealed, in that order, and
// scoring's feed records the adjusted score and the penalty it took.
func TestTheFeedFollowsACall(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	call := h.ruled(t)
	_, err := h.client.ApplyRuling(ctx, &rulingsv1.ApplyRulingRequest{Name: call.GetName(), Reason: "board could not be played",
		AdjustedScore: &rulingsv1.AdjustedScore{NsPair: 3, EwPair: 7, Kind: &rulingsv1.AdjustedScore_Artificial{Artificial: &rulingsv1.ArtificialScore{
			NorthSouth: rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS, EastWest: rulingsv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS}}},
		ProceduralPenalty: &scoringv1.Penalty{Pair: 7, Amount: 25, Unit: scoringv1.PenaltyUnit_PENALTY_UNIT_PERCENT_OF_TOP, Reason: "calling out of rotation again", Law: "90B2"}})
	if err != nil {
		t.Fatal(err)
	}
	settled(t, h.client, call.GetName())
	if _, err := h.client.RecordAppeal(ctx, &rulingsv1.RecordAppealRequest{Name: call.GetName(), Appeal: &rulingsv1.Appeal{Appellant: typev1.Side_SIDE_EAST_WEST, Reason: "not out of rotation"}}); err != nil {
		t.Fatal(err)
	}
	feed, err := h.client.ListChanges(ctx, &rulingsv1.ListChangesRequest{Parent: "events/club-night"})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for i, c := range feed.GetChanges() {
		if c.GetSequence() != uint64(i+1) || c.GetName() != call.GetName() {
			t.Fatalf("record %d is %d of %s", i+1, c.GetSequence(), c.GetName())
		}
		k := strings.TrimPrefix(c.GetKind().String(), "CHANGE_KIND_")
		if len(kinds) == 0 || kinds[len(kinds)-1] != k {
			kinds = append(kinds, k) // a ruling may take several rounds of answers
		}
	}
	if got, want := strings.Join(kinds, " "), "CALL_OPENED CALL_RULED RULING_APPLIED RULING_DELIVERED APPEAL_RECORDED"; got != want {
		t.Errorf("the rulings feed holds %s, want %s", got, want)
	}
	last := &rulingsv1.DirectorCall{}
	if err := feed.GetChanges()[len(feed.GetChanges())-1].GetResource().UnmarshalTo(last); err != nil || last.GetState() != rulingsv1.State_STATE_APPEALED || last.GetResult() == "" {
		t.Errorf("the last record carries %v (%v), want the appealed call with its result", last, err)
	}
	scoring, err := h.scoring.ListChanges(ctx, &scoringv1.ListChangesRequest{Parent: "events/club-night"})
	if err != nil || len(scoring.GetChanges()) != 2 || scoring.GetChanges()[0].GetKind() != typev1.ChangeKind_CHANGE_KIND_RESULT_SUBMITTED || scoring.GetChanges()[1].GetKind() != typev1.ChangeKind_CHANGE_KIND_PENALTY_APPLIED {
		t.Errorf("scoring's feed: %v, %v; want the adjusted score and the penalty", scoring.GetChanges(), err)
	}
}

// TestAnswersNameTheirKey: a choice that is not one of the options, and an
// answer to a question the ruling never asked (a misspelt id), are refused
// on the answer's own key; the second lists the questions asked.
func TestAnswersNameTheirKey(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	call := h.open(t, "")
	play := &rulingsv1.Play{Contract: "4S", Declarer: typev1.Seat_SEAT_SOUTH}
	lead := &rulingsv1.Irregularity{Kind: rulingsv1.Kind_KIND_LEAD_OUT_OF_TURN, Offender: typev1.Seat_SEAT_EAST, Card: "HK"}
	asked := map[string]string{"faced": "yes", "seen-dummy": "no"}
	with := func(k, v string) map[string]string {
		out := map[string]string{}
		for q, a := range asked {
			out[q] = a
		}
		out[k] = v
		return out
	}
	_, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: lead, Play: play, Answers: with("choice", "refuse-prohibit")})
	wantCode(t, err, codes.InvalidArgument, `answers.choice: rulings: choice "refuse-prohibit" is not one of the options`)
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: lead, Play: play, Answers: with("seen_dummy", "no")})
	wantCode(t, err, codes.InvalidArgument, "answers.seen_dummy: this ruling asks no such question; it asked faced, seen-dummy")
	_, err = h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: lead, Play: play, Answers: with("faced", "maybe")})
	wantCode(t, err, codes.InvalidArgument, "answers.faced")
	if _, err := h.client.Rule(ctx, &rulingsv1.RuleRequest{Name: call.GetName(), Irregularity: lead, Play: play, Answers: with("choice", "accept")}); err != nil {
		t.Errorf("the answers asked and a choice offered: %v", err)
	}
}

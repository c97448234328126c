package scoringservice

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A Swiss round is paired here because the standings it is paired on are
// scoring's, and scoring calls movement, never the other way round: the
// section and its schedule so far are read from the movement service, the
// standings from the session's field, movement.SwissPairings pairs the
// round, and the movement service's SetSwissRound writes it into the
// schedule (the one write, the movement service's).

// PairSwissRound pairs a round of a Swiss teams section.
func (s *Service) PairSwissRound(ctx context.Context, req *scoringv1.PairSwissRoundRequest) (*scoringv1.PairSwissRoundResponse, error) {
	name, err := resource.ParseSection("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	round := req.GetRound()
	if round < 2 || round > resource.MaxRound {
		return nil, platform.FieldError("round", fmt.Sprintf("round %d: a Swiss pairs rounds 2 to %d here (round 1 is paired with the movement)", round, resource.MaxRound))
	}
	if s.movement == nil {
		return nil, status.Error(codes.Unavailable, "the movement service, which keeps the schedules, is not connected")
	}
	got, err := s.movement.GetSection(platform.ForwardCredentials(ctx), &movementv1.GetSectionRequest{Name: name.String()})
	if err != nil {
		return nil, platform.PeerError(err, "the section "+name.String())
	}
	section := got.GetSection()
	mv := section.GetMovement()
	switch {
	case mv == nil:
		return nil, platform.FailedPrecondition(name.String() + " has no movement yet: set a Swiss (KIND_SWISS_TEAMS) with SetMovement")
	case mv.GetChoice().GetKind() != movementv1.Kind_KIND_SWISS_TEAMS:
		return nil, platform.FailedPrecondition(fmt.Sprintf("%s plays %s, not a Swiss: only a KIND_SWISS_TEAMS movement is paired a round at a time", name, mv.GetName()))
	case round > mv.GetRounds():
		return nil, platform.FieldError("round", fmt.Sprintf("round %d: the Swiss of %s has %d rounds", round, name, mv.GetRounds()))
	}
	schedule := scheduleOf(mv)
	if !schedule.RoundPaired(int(round - 1)) {
		return nil, platform.FailedPrecondition(fmt.Sprintf("round %d of %s is not paired yet: pair the rounds in order", round-1, name))
	}
	ks, err := s.scored(ctx, resource.Event{Event: name.Event}, name.Session)
	if err != nil {
		return nil, err
	}
	if missing := ks.missing(name.Section, mv, round-1); len(missing) > 0 {
		return nil, platform.FailedPrecondition(fmt.Sprintf("round %d of %s is not complete, so round %d cannot be paired on its standings: no result yet at %s", round-1, name, round, strings.Join(missing, "; ")))
	}
	// A round paired already is refused by the movement service unless
	// asked to pair it again, and a retry with the same request id is
	// answered there as it was the first time.
	if in := ks.resultsIn(name.Section, int(round)); schedule.RoundPaired(int(round)) && req.GetRepair() && in > 0 {
		return nil, platform.FailedPrecondition(fmt.Sprintf("round %d of %s cannot be paired again: %d results of it are in", round, name, in))
	}
	teams := playingIn(section, round)
	field, _ := ks.scoredField()
	matches, _ := field.Matches()
	// The rounds after round−1 have no results yet (they are not paired,
	// or paired again only while none is in), so the penalties that stand
	// are those of the rounds played.
	standing, _ := field.Standings()
	penalties := map[int]float64{}
	for _, st := range standing {
		if st.Section == name.Section {
			penalties[st.Pair] += st.Penalties
		}
	}
	totals := scoring.SwissTotals(matches, penalties, name.Section, int(round), teams)
	played, byes := schedule.SwissHistory(int(round), teams)
	standings := make([]movement.SwissTeam, len(totals))
	resp := &scoringv1.PairSwissRoundResponse{}
	for i, t := range totals {
		standings[i] = movement.SwissTeam{Team: t.Team, Score: t.Score, Byes: byes[t.Team]}
		resp.Standings = append(resp.Standings, &scoringv1.SwissStanding{Team: int32(t.Team), Score: t.Score, Imps: t.Margin, Byes: int32(byes[t.Team])})
	}
	pairs, err := movement.SwissPairings(standings, played, movement.SwissOptions{AllowRepeats: req.GetAllowRepeats()})
	if err != nil {
		return nil, platform.FailedPrecondition(err.Error())
	}
	set := &movementv1.SetSwissRoundRequest{Section: name.String(), Round: round, Repair: req.GetRepair()}
	if req.GetRequestId() != "" {
		// A retry asks the movement service again with the same id, and
		// is answered as the first time.
		set.RequestId = req.GetRequestId() + ":pair-swiss-round"
	}
	for _, p := range pairs {
		set.Matches = append(set.Matches, &movementv1.SwissMatch{Home: int32(p.Home), Away: int32(p.Away)})
	}
	written, err := s.movement.SetSwissRound(platform.ForwardCredentials(ctx), set)
	switch status.Code(err) {
	case codes.OK:
	case codes.FailedPrecondition, codes.Aborted:
		return nil, err
	default:
		return nil, platform.PeerError(err, "the schedule of "+name.String())
	}
	resp.Revision = written.GetSection().GetRevision()
	resp.Matches = roundMatches(written.GetSection().GetMovement(), round, teams)
	return resp, nil
}

// roundMatches lists a round's matches as the schedule seats them, from
// the open rooms (the odd tables) in table order, then the byes of the
// teams that play in the round and sit at no table.
func roundMatches(mv *movementv1.Movement, round int32, teams []int) []*scoringv1.SwissPairing {
	var out []*scoringv1.SwissPairing
	seated := map[int32]bool{}
	for _, s := range mv.GetSeatings() {
		if s.GetRound() != round || s.GetNs() == 0 {
			continue
		}
		seated[s.GetNs()] = true
		if s.GetTable()%2 == 1 {
			out = append(out, &scoringv1.SwissPairing{Home: s.GetNs(), Away: s.GetEw(), Tables: []int32{s.GetTable(), s.GetTable() + 1}})
		}
	}
	for _, t := range teams {
		if !seated[int32(t)] {
			out = append(out, &scoringv1.SwissPairing{Home: int32(t)})
		}
	}
	return out
}

// scheduleOf reads the seatings of a section's stored movement, which is
// all a Swiss's pairing asks of it.
func scheduleOf(mv *movementv1.Movement) movement.Movement {
	m := movement.Movement{Name: mv.GetName(), Tables: int(mv.GetTables()), Rounds: int(mv.GetRounds()), Sets: int(mv.GetSets()), Teams: true}
	for _, s := range mv.GetSeatings() {
		set := movement.None
		if s.GetLowBoard() != 0 {
			set = int(s.GetRound())
		}
		m.Seatings = append(m.Seatings, movement.Seating{Round: int(s.GetRound()), Table: int(s.GetTable()), NS: int(s.GetNs()), EW: int(s.GetEw()), Set: set})
	}
	return m
}

// playingIn lists the teams of a section that play in round r, in entrant
// order.
func playingIn(section *movementv1.Section, r int32) []int {
	var out []int
	for _, e := range section.GetEntrants() {
		if e.GetFromRound() <= r && (e.GetWithdrawnFromRound() == 0 || e.GetWithdrawnFromRound() > r) {
			out = append(out, int(e.GetNumber()))
		}
	}
	return out
}

// missing names, table by table, the boards of a round of a section's
// movement that have no readable result in the session: "table 3 (board
// 2, 4)".
func (ks *keptSession) missing(section string, mv *movementv1.Movement, round int32) []string {
	ks.mu.RLock()
	defer ks.mu.RUnlock()
	var out []string
	for _, st := range mv.GetSeatings() {
		if st.GetRound() != round || st.GetNs() == 0 || st.GetEw() == 0 || st.GetLowBoard() == 0 {
			continue
		}
		var boards []string
		for b := st.GetLowBoard(); b <= st.GetHighBoard(); b++ {
			if ks.results[scoring.Slot{Section: section, Table: int(st.GetTable()), Round: int(round), Board: int(b)}] == nil {
				boards = append(boards, fmt.Sprint(b))
			}
		}
		if len(boards) > 0 {
			out = append(out, fmt.Sprintf("table %d (board %s)", st.GetTable(), strings.Join(boards, ", ")))
		}
	}
	return out
}

// resultsIn counts the results of a section's round held in the session.
func (ks *keptSession) resultsIn(section string, round int) int {
	ks.mu.RLock()
	defer ks.mu.RUnlock()
	n := 0
	for sl := range ks.results {
		if sl.Section == section && sl.Round == round {
			n++
		}
	}
	for sl := range ks.damaged {
		if sl.Section == section && sl.Round == round {
			n++
		}
	}
	return n
}

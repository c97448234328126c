package movementservice

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

// TestATableReadsItsSettingsWithTheRound: the section's terminal settings
// come with every round, with the round's time by the timer and whether
// the ranking is hidden in it.
func TestATableReadsItsSettingsWithTheRound(t *testing.T) {
	h, _ := tokenHarness(t)
	code := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{2}})[0].GetCode()
	round := func(n int32) *movementv1.GetTableRoundResponse {
		t.Helper()
		resp, err := h.client.GetTableRound(as(code), &movementv1.GetTableRoundRequest{Section: sectionName, Table: 2, Round: n})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	before := round(1)
	if before.GetSettings() == nil || before.GetSettings().GetLeadCard() != movementv1.LeadCardEntry_LEAD_CARD_ENTRY_UNSPECIFIED || before.GetRoundTime() != nil || before.GetRankingHidden() {
		t.Errorf("before any settings: %v", before)
	}
	settings := &movementv1.TerminalSettings{
		LeadCard:    movementv1.LeadCardEntry_LEAD_CARD_ENTRY_MUST_COMPLY,
		ResultEntry: movementv1.ResultEntry_RESULT_ENTRY_OVER_UNDER,
		BoardSet:    "events/club-night/sessions/1/boardsets/main", SecondsPerBoard: 420, ExtraSeconds: 60, HideRankingRounds: 1,
	}
	set, err := h.client.SetTerminalSettings(as("scorer-secret"), &movementv1.SetTerminalSettingsRequest{Section: sectionName, Settings: settings, Etag: "an-etag-of-long-ago"})
	wantCode(t, err, codes.Aborted, "changed since it was read")
	set, err = h.client.SetTerminalSettings(as("scorer-secret"), &movementv1.SetTerminalSettingsRequest{Section: sectionName, Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
	if set.GetSection().GetRevision() != before.GetRevision()+1 || set.GetSection().GetTerminalSettings().GetSecondsPerBoard() != 420 {
		t.Errorf("the section after: %v", set.GetSection())
	}
	rounds := set.GetSection().GetMovement().GetRounds()
	first, last := round(1), round(rounds)
	if first.GetSettings().GetLeadCard() != movementv1.LeadCardEntry_LEAD_CARD_ENTRY_MUST_COMPLY || first.GetRevision() != set.GetSection().GetRevision() {
		t.Errorf("round 1's settings: %v", first)
	}
	// Two boards a round: 2 × 7 minutes and one more.
	if got := first.GetRoundTime().AsDuration(); got != 15*time.Minute {
		t.Errorf("round time %v, want 15m", got)
	}
	if first.GetRankingHidden() || !last.GetRankingHidden() {
		t.Errorf("ranking hidden in round 1: %v, in round %d: %v; want only in the last", first.GetRankingHidden(), rounds, last.GetRankingHidden())
	}
	for _, tc := range []struct {
		settings *movementv1.TerminalSettings
		text     string
	}{
		{&movementv1.TerminalSettings{LeadCard: 9}, "settings.lead_card: 9 is not one of LEAD_CARD_ENTRY_DISABLED"},
		{&movementv1.TerminalSettings{ResultEntry: 5}, "settings.result_entry: 5 is not one of"},
		{&movementv1.TerminalSettings{BoardSet: "events/club-night/sessions/2/boardsets/main"}, "settings.board_set: events/club-night/sessions/2/boardsets/main is not a board set of events/club-night/sessions/1"},
		{&movementv1.TerminalSettings{SecondsPerBoard: -1}, "settings.seconds_per_board: -1 is outside 0 to 3600"},
		{&movementv1.TerminalSettings{HideRankingRounds: 5}, "settings.hide_ranking_rounds: events/club-night/sessions/1/sections/A plays 3 rounds, fewer than 5"},
	} {
		_, err := h.client.SetTerminalSettings(as("director-secret"), &movementv1.SetTerminalSettingsRequest{Section: sectionName, Settings: tc.settings})
		wantCode(t, err, codes.InvalidArgument, tc.text)
	}
	for _, token := range []string{code, "public-secret"} {
		_, err := h.client.SetTerminalSettings(as(token), &movementv1.SetTerminalSettingsRequest{Section: sectionName, Settings: settings})
		wantCode(t, err, codes.PermissionDenied, "may not call")
	}
}

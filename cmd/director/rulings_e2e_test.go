package main

import (
	"slices"
	"testing"
)

// restrictionJSON is a restriction as REST writes it.
type restrictionJSON struct {
	Kind  string   `json:"kind"`
	Seat  string   `json:"seat"`
	Suits []string `json:"suits"`
	Until string   `json:"until"`
	Law   string   `json:"law"`
	Text  string   `json:"text"`
}

// TestRestrictionsOverREST: North opened 1S and East passed; South's
// insufficient 1H, replaced by 2C, bars North for the rest of the auction
// (Law 27B2). REST gives each restriction its structure. North then bids
// 3C: sent back as a restriction in force, the first ruling's bar makes it
// a call by a player required to pass (Law 37). Then a fouled board at
// another table is ruled and applied with its artificial scores.
func TestRestrictionsOverREST(t *testing.T) {
	s := startDirector(t, t.TempDir())
	clubEvent(t, s, false)
	var call struct {
		Call struct {
			Name   string `json:"name"`
			State  string `json:"state"`
			Result string `json:"result"`
			Ruling struct {
				Laws         []string          `json:"laws"`
				Restrictions []restrictionJSON `json:"restrictions"`
				InForce      []restrictionJSON `json:"in_force"`
			} `json:"ruling"`
		} `json:"call"`
	}
	const calls = "/v1/events/club-night/sessions/1/sections/A/calls"
	s.mustCall(t, "POST", calls, `{"call":{"table":1,"round":1,"board":1,"auction":"1S P"}}`, &call)
	s.mustCall(t, "POST", "/v1/"+call.Call.Name+":rule", `{"irregularity":{"kind":"KIND_INSUFFICIENT_BID","offender":"SEAT_SOUTH","call":"1H","replacement":"2C"},
		"answers":{"unintended":"no","same_denomination":"no","comparable":"no","specified_suits":"C"}}`, &call)
	got := call.Call.Ruling.Restrictions
	if len(got) != 2 || got[0].Kind != "RESTRICTION_KIND_MUST_PASS_THROUGHOUT" || got[0].Seat != "SEAT_NORTH" || got[0].Until != "UNTIL_END_OF_AUCTION" || got[0].Law != "27B2" ||
		got[1].Kind != "RESTRICTION_KIND_LEAD_PROHIBITED_ONE_OF" || !slices.Equal(got[1].Suits, []string{"D", "H", "S"}) || got[1].Until != "UNTIL_LEAD_LOST" || got[1].Law != "26B" {
		t.Fatalf("restrictions %+v: want North barred to the end of the auction (27B2) and the 26B lead restriction on D H S", got)
	}

	s.mustCall(t, "POST", calls, `{"call":{"table":1,"round":1,"board":1,"auction":"1S P 2C P"}}`, &call)
	s.mustCall(t, "POST", "/v1/"+call.Call.Name+":rule", `{"irregularity":{"kind":"KIND_CALL_WHILE_BARRED","offender":"SEAT_NORTH","call":"3C"},
		"answers":{"unintended":"no","specified_suits":"S"},
		"restrictions_in_force":[{"kind":"RESTRICTION_KIND_MUST_PASS_THROUGHOUT","seat":"SEAT_NORTH","law":"27B2"}]}`, &call)
	// The ruling bars North again under 37B2, so the carried bar is not
	// repeated in in_force: the next ruling gets restrictions then in_force.
	northBarred := slices.ContainsFunc(call.Call.Ruling.Restrictions, func(r restrictionJSON) bool {
		return r.Kind == "RESTRICTION_KIND_MUST_PASS_THROUGHOUT" && r.Seat == "SEAT_NORTH" && r.Until == "UNTIL_END_OF_AUCTION" && r.Text != ""
	})
	if call.Call.State != "STATE_RULED" || !slices.Contains(call.Call.Ruling.Laws, "37B2") || !northBarred || len(call.Call.Ruling.InForce) != 0 {
		t.Fatalf("North's 3C with the bar in force: %+v", call.Call)
	}

	s.mustCall(t, "POST", calls, `{"call":{"table":2,"round":1,"board":1,"description":"the cards of board 1 were in the wrong pockets"}}`, &call)
	s.mustCall(t, "POST", "/v1/"+call.Call.Name+":rule", `{"irregularity":{"kind":"KIND_FOULED_BOARD"},"answers":{"group":"no","ns_fault":"none","ew_fault":"directly"}}`, &call)
	if call.Call.State != "STATE_RULED" || !slices.Contains(call.Call.Ruling.Laws, "87B") {
		t.Fatalf("the fouled board: %+v", call.Call)
	}
	s.mustCall(t, "POST", "/v1/"+call.Call.Name+":apply", `{"reason":"Law 87B: fouled board","adjusted_score":{
		"ns_pair":2,"ew_pair":5,"artificial":{"north_south":"ADJUSTMENT_AVERAGE_PLUS","east_west":"ADJUSTMENT_AVERAGE_MINUS"}}}`, &call)
	if call.Call.State != "STATE_APPLIED" || call.Call.Result != "events/club-night/sessions/1/sections/A/tables/2/rounds/1/boards/1" {
		t.Fatalf("applied: %+v", call.Call)
	}
	s.stop(t)
}

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// pairWhoami is the answer of table:whoami for a pair's code.
type pairWhoami struct {
	Pair   string `json:"pair"`
	Table  string `json:"table"`
	Number int    `json:"number"`
	Round  int    `json:"round"`
}

// issuePairCodes issues the codes of pairs of section A at s, as its
// director.
func issuePairCodes(t *testing.T, s *server, pairs string) []string {
	t.Helper()
	var issued struct {
		Tokens []struct {
			Code string `json:"code"`
		} `json:"tokens"`
	}
	json.Unmarshal(expectAs(t, s, "director-secret", "POST", "/v1/events/club-night/sessions/1/sections/A/pairtokens:issue", `{"pairs":`+pairs+`}`, http.StatusOK), &issued)
	var codes []string
	for _, tok := range issued.Tokens {
		codes = append(codes, tok.Code)
	}
	return codes
}

// TestAPairsDeviceFollowsItsPair: the real binary, a three-table Mitchell.
// The North-South pairs stay with their tables' devices; East-West pair 4
// carries its own device from table to table. In each round it learns
// where it sits, reads that table's round, confirms North-South's entry of
// the first board and enters the last one, which North-South confirm, reads
// the traveller once the board is confirmed, and calls the director from
// its table; at the table it left, and at the one it goes to next, it is
// refused.
func TestAPairsDeviceFollowsItsPair(t *testing.T) {
	s := startWithTokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
rate_limits: {terminal: {per_second: 1000, burst: 2000}} # a test's devices, faster than people
`)
	const section = "/v1/events/club-night/sessions/1/sections/A"
	sixPairMitchell(t, s)
	var tables issuedCodes
	json.Unmarshal(expectAs(t, s, "director-secret", "POST", section+"/tabletokens:issue", `{}`, http.StatusOK), &tables)
	pair := tableDevice{s: s, code: issuePairCodes(t, s, "[4]")[0]}
	const pairName = "events/club-night/sessions/1/sections/A/entrants/4"

	for round := 1; round <= 3; round++ {
		var who pairWhoami
		json.Unmarshal(pair.expect(t, "GET", fmt.Sprintf("/v1/table:whoami?round=%d", round), "", http.StatusOK), &who)
		if who.Pair != pairName || who.Round != round || who.Number != round {
			t.Fatalf("round %d: pair 4's device logged on as %+v; East-West move up a table each round", round, who)
		}
		table := tableDevice{s: s, code: tables.Tokens[who.Number-1].Code, table: who.Number}
		var r tableRound
		json.Unmarshal(pair.expect(t, "GET", fmt.Sprintf("%s/tables/%d/rounds/%d", section, who.Number, round), "", http.StatusOK), &r)
		if r.Seating.Ew != 4 {
			t.Fatalf("round %d at table %d: %+v, want East-West pair 4", round, who.Number, r.Seating)
		}
		result := func(board int, contract string) string {
			return fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":4,"played":{"contract":"%s","declarer":"SEAT_SOUTH","tricks":9}}}`, who.Number, round, board, r.Seating.Ns, contract)
		}
		name := func(board int) string {
			return fmt.Sprintf("/v1%s/tables/%d/rounds/%d/boards/%d", strings.TrimPrefix(section, "/v1"), who.Number, round, board)
		}
		// North-South enter the first board; pair 4 confirms it.
		low, high := r.Seating.LowBoard, r.Seating.HighBoard
		table.expect(t, "POST", "/v1/events/club-night/results", result(low, "3NT"), http.StatusOK)
		pair.expect(t, "GET", fmt.Sprintf("/v1/events/club-night/boards/%d/traveller", low), "", http.StatusForbidden)
		var confirmed enteredResult
		json.Unmarshal(pair.expect(t, "POST", name(low)+":confirm", `{"revision":1}`, http.StatusOK), &confirmed)
		if c := confirmed.Result.Confirmation; c == nil || c.Side != "SIDE_EAST_WEST" {
			t.Errorf("round %d: pair 4's confirmation %+v, want East-West's", round, c)
		}
		pair.expect(t, "GET", fmt.Sprintf("/v1/events/club-night/boards/%d/traveller", low), "", http.StatusOK)
		// Pair 4 enters the last board; it may not confirm its own entry,
		// North-South do.
		var entered enteredResult
		json.Unmarshal(pair.expect(t, "POST", "/v1/events/club-night/results", result(high, "3S"), http.StatusOK), &entered)
		if entered.Result.EnteredBy != pairName {
			t.Errorf("round %d: board %d entered by %q, want %s", round, high, entered.Result.EnteredBy, pairName)
		}
		pair.expect(t, "POST", name(high)+":confirm", `{"revision":1}`, http.StatusForbidden)
		table.expect(t, "POST", name(high)+":confirm", `{"revision":1,"side":"SIDE_NORTH_SOUTH"}`, http.StatusOK)

		var call tableCall
		json.Unmarshal(pair.expect(t, "POST", section+"/calls", fmt.Sprintf(`{"call":{"table":%d,"round":%d,"board":%d,"description":"a revoke"}}`, who.Number, round, low), http.StatusOK), &call)
		if call.Call.EwPair != 4 || call.Call.RecordedBy != pairName {
			t.Errorf("round %d: pair 4's call %+v", round, call.Call)
		}
		// Elsewhere in this round the code is refused, naming where the
		// pair sits.
		other := who.Number%3 + 1
		if raw := pair.expect(t, "POST", "/v1/events/club-night/results", strings.Replace(result(low, "1NT"), fmt.Sprintf(`"table":%d`, who.Number), fmt.Sprintf(`"table":%d`, other), 1), http.StatusForbidden); !strings.Contains(string(raw), fmt.Sprintf("sits at events/club-night/sessions/1/sections/A/tables/%d East-West in round %d", who.Number, round)) {
			t.Errorf("round %d, pair 4 at table %d: %s", round, other, raw)
		}
	}
}

// TestSplitDeploymentChecksPairCodes: a pair's code, issued where movement
// runs, calls the director from the rulings process at its pair's table
// of each round, and is refused at another.
func TestSplitDeploymentChecksPairCodes(t *testing.T) {
	main, rulings := splitDeployment(t)
	const section = "/v1/events/club-night/sessions/1/sections/A"
	sixPairMitchell(t, main)
	pair := issuePairCodes(t, main, "[4]")[0]
	var call tableCall
	json.Unmarshal(expectAs(t, rulings, pair, "POST", section+"/calls", `{"call":{"table":2,"round":2,"board":5}}`, http.StatusOK), &call)
	if call.Call.EwPair != 4 || call.Call.RecordedBy != "events/club-night/sessions/1/sections/A/entrants/4" {
		t.Errorf("pair 4's call in round 2, made in the rulings process: %+v", call.Call)
	}
	if raw := expectAs(t, rulings, pair, "POST", section+"/calls", `{"call":{"table":2,"round":1,"board":1}}`, http.StatusForbidden); !strings.Contains(string(raw), "sits at events/club-night/sessions/1/sections/A/tables/1 East-West in round 1") {
		t.Errorf("pair 4 at table 2 in round 1, in the rulings process: %s", raw)
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// tableDevice is a table's device as a test drives it: its code and the
// server it talks to.
type tableDevice struct {
	s     *server
	code  string
	table int
}

// expect sends a request with the device's code and fails unless the
// answer has status want; it returns the body.
func (d tableDevice) expect(t *testing.T, method, path, body string, want int) []byte {
	t.Helper()
	return expectAs(t, d.s, d.code, method, path, body, want)
}

func expectAs(t *testing.T, s *server, token, method, path, body string, want int) []byte {
	t.Helper()
	resp, raw := s.send(t, token, method, path, body)
	if resp.StatusCode != want {
		t.Fatalf("%s %s as %.20q: status %d, want %d: %s", method, path, token, resp.StatusCode, want, raw)
	}
	return raw
}

type tableRound struct {
	Seating struct {
		Table     int `json:"table"`
		Ns        int `json:"ns"`
		Ew        int `json:"ew"`
		LowBoard  int `json:"low_board"`
		HighBoard int `json:"high_board"`
	} `json:"seating"`
	Next []struct {
		Text string `json:"text"`
	} `json:"next"`
	Settings struct {
		LeadCard string `json:"lead_card"`
	} `json:"settings"`
	RoundTime string `json:"round_time"`
}

// issuedCodes is the answer of tabletokens:issue: each table and its code.
type issuedCodes struct {
	Tokens []struct {
		Table string `json:"table"`
		Code  string `json:"code"`
	} `json:"tokens"`
}

// tableCall is a director call from a table: who sits there, and who
// recorded it.
type tableCall struct {
	Call struct {
		NsPair     int    `json:"ns_pair"`
		EwPair     int    `json:"ew_pair"`
		RecordedBy string `json:"recorded_by"`
	} `json:"call"`
}

type enteredResult struct {
	Result struct {
		Name         string   `json:"name"`
		Revision     int      `json:"revision"`
		Etag         string   `json:"etag"`
		EnteredBy    string   `json:"entered_by"`
		Flags        []string `json:"flags"`
		Confirmation *struct {
			Side string `json:"side"`
		} `json:"confirmation"`
	} `json:"result"`
}

// TestTablesPlayAMitchellWithTokens: four tables of a Mitchell log on with
// the codes their director issued and play two rounds over REST: each
// reads its round, enters its boards with a lead from declarer's left as
// the section requires, has East-West confirm, reads the traveller and the
// deal only after playing, calls the director, and resends all it holds
// after a lost connection, which changes nothing. Every role is refused
// what it must not do, a revoked code at once.
func TestTablesPlayAMitchellWithTokens(t *testing.T) {
	s := startWithTokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: scorer, token: scorer-secret, roles: [scorer], events: [events/club-night]}
  - {name: scoreboard, token: public-secret, roles: [public]}
rate_limits: {terminal: {per_second: 1000, burst: 2000}} # a test's devices, faster than people
`)
	director := func(method, path, body string) []byte {
		t.Helper()
		return expectAs(t, s, "director-secret", method, path, body, http.StatusOK)
	}
	const section = "/v1/events/club-night/sessions/1/sections/A"
	director("POST", "/v1/events", `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`)
	director("POST", "/v1/events/club-night/sessions", `{"session_id":1}`)
	director("POST", "/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6},{"number":7},{"number":8}]}}`)
	director("POST", section+":setMovement", `{"choice":{"kind":"KIND_MITCHELL"}}`)
	var set struct {
		BoardSet struct {
			Name   string `json:"name"`
			Boards []struct {
				Number int `json:"number"`
				Deal   struct {
					Pbn string `json:"pbn"`
				} `json:"deal"`
			} `json:"boards"`
		} `json:"board_set"`
	}
	json.Unmarshal(director("POST", "/v1/events/club-night/sessions/1/boardsets", `{"board_set_id":"main","board_set":{"first_board":1,"last_board":8}}`), &set)
	deals := map[int]bridge.Deal{}
	for _, b := range set.BoardSet.Boards {
		d, err := bridge.ParsePBNDeal(b.Deal.Pbn)
		if err != nil {
			t.Fatal(err)
		}
		deals[b.Number] = d
	}
	expectAs(t, s, "public-secret", "POST", section+":setTerminalSettings", `{"settings":{}}`, http.StatusForbidden)
	director("POST", section+":setTerminalSettings", `{"settings":{"lead_card":"LEAD_CARD_ENTRY_MUST_COMPLY","board_set":"`+set.BoardSet.Name+`","seconds_per_board":420,"extra_seconds":60}}`)

	for _, token := range []string{"scorer-secret", "public-secret"} {
		expectAs(t, s, token, "POST", section+"/tabletokens:issue", `{}`, http.StatusForbidden)
	}
	var issued issuedCodes
	json.Unmarshal(director("POST", section+"/tabletokens:issue", `{"ttl":"14400s"}`), &issued)
	if len(issued.Tokens) != 4 {
		t.Fatalf("issued %+v, want a code for each of 4 tables", issued)
	}
	devices := make([]tableDevice, 4)
	for i, tok := range issued.Tokens {
		devices[i] = tableDevice{s: s, code: tok.Code, table: i + 1}
		var who struct {
			Table  string `json:"table"`
			Number int    `json:"number"`
		}
		json.Unmarshal(devices[i].expect(t, "GET", "/v1/table:whoami", "", http.StatusOK), &who)
		if who.Number != i+1 || who.Table != tok.Table {
			t.Errorf("device %d logged on as %+v", i+1, who)
		}
	}
	expectAs(t, s, "director-secret", "GET", "/v1/table:whoami", "", http.StatusForbidden)

	// What each table has sent, as its device keeps it to resend.
	type sent struct {
		path, body string
		answer     []byte
	}
	var held [4][]sent
	tablePath := func(table int) string { return fmt.Sprintf("%s/tables/%d", section, table) }
	for round := 1; round <= 2; round++ {
		for _, d := range devices {
			var r tableRound
			json.Unmarshal(d.expect(t, "GET", fmt.Sprintf("%s/tables/%d/rounds/%d", "/v1/events/club-night/sessions/1/sections/A", d.table, round), "", http.StatusOK), &r)
			if r.Settings.LeadCard != "LEAD_CARD_ENTRY_MUST_COMPLY" || r.RoundTime != "900s" || len(r.Next) == 0 {
				t.Errorf("table %d round %d: %+v", d.table, round, r)
			}
			for board := r.Seating.LowBoard; board <= r.Seating.HighBoard; board++ {
				traveller := fmt.Sprintf("/v1/events/club-night/boards/%d/traveller", board)
				if raw := d.expect(t, "GET", traveller, "", http.StatusForbidden); !strings.Contains(string(raw), "has not yet played board") {
					t.Errorf("table %d's traveller of board %d before playing it: %s", d.table, board, raw)
				}
				d.expect(t, "GET", fmt.Sprintf("%s/boards/%d/deal", tablePath(d.table), board), "", http.StatusForbidden)
				wrong := deals[board][bridge.West].Cards()[0].String() // West's card: North declares, East leads
				result := func(id, lead string, tricks int) string {
					return fmt.Sprintf(`{"request_id":"%s-t%d-r%d-b%d","result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,"played":{"contract":"3NT","declarer":"SEAT_NORTH","tricks":%d,"lead":"%s"}}}`,
						id, d.table, round, board, d.table, round, board, r.Seating.Ns, r.Seating.Ew, tricks, lead)
				}
				east := deals[board][bridge.East].Cards()[0].String()
				if raw := d.expect(t, "POST", "/v1/events/club-night/results", result("wrong", wrong, 9), http.StatusBadRequest); !strings.Contains(string(raw), "East, on declarer North's left, leads") {
					t.Errorf("a lead from West against North: %s", raw)
				}
				// North-South first key a trick too many, and enter it again
				// before East-West confirm.
				d.expect(t, "POST", "/v1/events/club-night/results", result("first", east, 9+board%3), http.StatusOK)
				body := result("again", east, 8+board%3)
				answer := d.expect(t, "POST", "/v1/events/club-night/results", body, http.StatusOK)
				var entered enteredResult
				json.Unmarshal(answer, &entered)
				name := entered.Result.Name
				if entered.Result.EnteredBy != tablePath(d.table)[4:] || entered.Result.Confirmation != nil || entered.Result.Revision != 2 {
					t.Errorf("entered: %+v", entered.Result)
				}
				confirm := fmt.Sprintf(`{"request_id":"confirm-t%d-r%d-b%d","revision":%d,"side":"SIDE_EAST_WEST"}`, d.table, round, board, entered.Result.Revision)
				d.expect(t, "POST", "/v1/"+name+":confirm", strings.Replace(confirm, "SIDE_EAST_WEST", "SIDE_NORTH_SOUTH", 1), http.StatusForbidden)
				other := devices[d.table%4]
				other.expect(t, "POST", "/v1/"+name+":confirm", confirm, http.StatusForbidden)
				confirmed := d.expect(t, "POST", "/v1/"+name+":confirm", confirm, http.StatusOK)
				held[d.table-1] = append(held[d.table-1], sent{"/v1/events/club-night/results", body, answer}, sent{"/v1/" + name + ":confirm", confirm, confirmed})
				d.expect(t, "GET", traveller, "", http.StatusOK)
				d.expect(t, "GET", fmt.Sprintf("%s/boards/%d/deal", tablePath(d.table), board), "", http.StatusOK)
				if raw := d.expect(t, "POST", "/v1/events/club-night/results", result("changed", east, 13), http.StatusBadRequest); !strings.Contains(string(raw), "only a director or a scorer may change it now") {
					t.Errorf("a confirmed result changed at the table: %s", raw)
				}
				d.expect(t, "POST", "/v1/"+name+":correct", `{"reason":"we got it wrong","result":{"played":{"contract":"3NT","declarer":"SEAT_NORTH","tricks":9}}}`, http.StatusForbidden)
			}
		}
	}
	// Table 1 calls the director about its round 2: the call says who sits
	// there.
	var call tableCall
	json.Unmarshal(devices[0].expect(t, "POST", section+"/calls", `{"call":{"table":1,"round":2,"board":3,"called_by":"SEAT_EAST","description":"a revoke"}}`, http.StatusOK), &call)
	if call.Call.NsPair != 1 || call.Call.EwPair == 0 || call.Call.RecordedBy != tablePath(1)[4:] {
		t.Errorf("the director call: %+v", call.Call)
	}
	devices[1].expect(t, "POST", section+"/calls", `{"call":{"table":1,"round":2,"board":3,"description":"not our table"}}`, http.StatusForbidden)

	// Every device lost its connection and resends all it holds.
	var before struct {
		Results []json.RawMessage `json:"results"`
	}
	json.Unmarshal(director("GET", "/v1/events/club-night/results", ""), &before)
	for i, d := range devices {
		for _, m := range held[i] {
			if again := d.expect(t, "POST", m.path, m.body, http.StatusOK); string(again) != string(m.answer) {
				t.Errorf("table %d resending %s: %s, want the first answer %s", d.table, m.path, again, m.answer)
			}
		}
	}
	var after struct {
		Results []json.RawMessage `json:"results"`
	}
	json.Unmarshal(director("GET", "/v1/events/club-night/results", ""), &after)
	if len(after.Results) != 16 || fmt.Sprint(after.Results) != fmt.Sprint(before.Results) {
		t.Errorf("%d results after the resends, changed: %v", len(after.Results), fmt.Sprint(after.Results) != fmt.Sprint(before.Results))
	}
	devices[0].expect(t, "GET", "/v1/events/club-night/results", "", http.StatusForbidden)

	// The roles that may not: the public confirming a result or reading a
	// deal, a table revoking a code.
	name := "events/club-night/sessions/1/sections/A/tables/1/rounds/1/boards/1"
	expectAs(t, s, "public-secret", "POST", "/v1/"+name+":confirm", `{"revision":2,"side":"SIDE_EAST_WEST"}`, http.StatusForbidden)
	expectAs(t, s, "public-secret", "GET", tablePath(1)+"/boards/1/deal", "", http.StatusForbidden)
	devices[0].expect(t, "POST", tablePath(4)+"/token:revoke", `{}`, http.StatusForbidden)

	// The director revokes table 4's code: it is refused at once.
	director("POST", tablePath(4)+"/token:revoke", `{}`)
	if raw := devices[3].expect(t, "GET", "/v1/table:whoami", "", http.StatusUnauthorized); !strings.Contains(string(raw), "was revoked") {
		t.Errorf("a revoked code: %s", raw)
	}
	devices[3].expect(t, "POST", held[3][0].path, held[3][0].body, http.StatusUnauthorized)
	expectAs(t, s, "director-secret", "POST", tablePath(4)+"/token:revoke", `{}`, http.StatusNotFound)
}

// sixPairMitchell creates the club night at s, as the director whose
// token is director-secret: session 1 and its section A of six pairs in a
// 3-table Mitchell.
func sixPairMitchell(t *testing.T, s *server) {
	t.Helper()
	for _, call := range [][2]string{
		{"/v1/events", `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`},
		{"/v1/events/club-night/sessions", `{"session_id":1}`},
		{"/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6}]}}`},
		{"/v1/events/club-night/sessions/1/sections/A:setMovement", `{"choice":{"kind":"KIND_MITCHELL"}}`},
	} {
		expectAs(t, s, "director-secret", "POST", call[0], call[1], http.StatusOK)
	}
}

// TestATableCodeHasTheTerminalsRate: a device calling with its code is
// held to the terminal role's rate, by its table.
func TestATableCodeHasTheTerminalsRate(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
rate_limits: {terminal: {per_second: 0.001, burst: 3}}
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	sixPairMitchell(t, s)
	var issued struct {
		Tokens []struct {
			Code string `json:"code"`
		} `json:"tokens"`
	}
	json.Unmarshal(expectAs(t, s, "director-secret", "POST", "/v1/events/club-night/sessions/1/sections/A/tabletokens:issue", `{"tables":[1]}`, http.StatusOK), &issued)
	for range 3 {
		expectAs(t, s, issued.Tokens[0].Code, "GET", "/v1/table:whoami", "", http.StatusOK)
	}
	if raw := expectAs(t, s, issued.Tokens[0].Code, "GET", "/v1/table:whoami", "", http.StatusTooManyRequests); !strings.Contains(string(raw), `token \"events/club-night/sessions/1/sections/A/tables/1\"`) {
		t.Errorf("the fourth call: %s", raw)
	}
}

// TestSplitDeploymentChecksTableCodes runs the real binary twice, with
// tokens and mutual TLS: movement, dealing and scoring in one process,
// rulings in the other. A table's code, issued where movement runs, is
// known to rulings in its own process, which asks movement about it as a
// Director service; a code revoked before rulings first saw it, and one
// nobody issued, are refused there.
func TestSplitDeploymentChecksTableCodes(t *testing.T) {
	main, rulings := splitDeployment(t)
	const section = "/v1/events/club-night/sessions/1/sections/A"
	sixPairMitchell(t, main)
	var issued struct {
		Tokens []struct {
			Code string `json:"code"`
		} `json:"tokens"`
	}
	json.Unmarshal(expectAs(t, main, "director-secret", "POST", section+"/tabletokens:issue", `{"tables":[1,2]}`, http.StatusOK), &issued)
	table1, table2 := issued.Tokens[0].Code, issued.Tokens[1].Code
	var call struct {
		Call struct {
			RecordedBy string `json:"recorded_by"`
			NsPair     int    `json:"ns_pair"`
		} `json:"call"`
	}
	json.Unmarshal(expectAs(t, rulings, table1, "POST", section+"/calls", `{"call":{"table":1,"round":1,"board":1,"description":"a lead out of turn"}}`, http.StatusOK), &call)
	if call.Call.RecordedBy != "events/club-night/sessions/1/sections/A/tables/1" || call.Call.NsPair != 1 {
		t.Errorf("table 1's call, made in the rulings process: %+v", call.Call)
	}
	expectAs(t, rulings, table1, "POST", section+"/calls", `{"call":{"table":2,"round":1,"board":3}}`, http.StatusForbidden)
	expectAs(t, main, "director-secret", "POST", section+"/tables/2/token:revoke", `{}`, http.StatusOK)
	if raw := expectAs(t, rulings, table2, "POST", section+"/calls", `{"call":{"table":2,"round":1,"board":3}}`, http.StatusUnauthorized); !strings.Contains(string(raw), "was revoked") {
		t.Errorf("a revoked code in the rulings process: %s", raw)
	}
	expectAs(t, rulings, "0000-0000-0000-0000", "POST", section+"/calls", `{"call":{"table":1,"round":1,"board":1}}`, http.StatusUnauthorized)
}

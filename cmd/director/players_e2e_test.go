package main

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPlayersOverREST: the federation imports its registry, the director
// names the pairs' players by member number, table 1's terminal enters the
// players with North and South the other way round, and the standings
// name them; when a table names a pair that had no players, a scoreboard
// holding the standings' ETag is sent the new names. Every other role is
// refused the registry and the table's players.
func TestPlayersOverREST(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: table-1, token: t1-secret, roles: [terminal], tables: [events/club-night/sessions/1/sections/A/tables/1]}
  - {name: scoreboard, token: public-secret, roles: [public]}
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	expect := func(token, method, path, body string, want int) []byte {
		t.Helper()
		resp, raw := s.send(t, token, method, path, body)
		if resp.StatusCode != want {
			t.Fatalf("%s %s as %q: status %d, want %d: %s", method, path, token, resp.StatusCode, want, raw)
		}
		return raw
	}

	registry := "national_id,name,club\n1001,Anna Kowalska,Warszawa BC\n1002,Piotr Nowak,Warszawa BC\n1003,Maria Wiśniewska,Kraków BC\n1004,Jan Zieliński,Kraków BC\n1005,Ewa Lewandowska,Gdańsk BC\n1006,Tomasz Wójcik,Gdańsk BC\n1007,Zofia Kamińska,\n1008,Adam Mazur,\n"
	importBody := `{"csv":"` + base64.StdEncoding.EncodeToString([]byte(registry)) + `"}`
	for _, token := range []string{"director-secret", "t1-secret", "public-secret"} {
		expect(token, "POST", "/v1/players:import", importBody, http.StatusForbidden)
	}
	var imported struct {
		Added int `json:"added"`
	}
	json.Unmarshal(expect("admin-secret", "POST", "/v1/players:import", importBody, http.StatusOK), &imported)
	if imported.Added != 8 {
		t.Errorf("the first import added %d players, want 8", imported.Added)
	}
	expect("t1-secret", "GET", "/v1/players?query=warszawa", "", http.StatusForbidden)
	if raw := expect("director-secret", "GET", "/v1/players?query=warszawa", "", http.StatusOK); !strings.Contains(string(raw), "Piotr Nowak") || strings.Contains(string(raw), "Maria") {
		t.Errorf("the players of Warszawa BC: %s", raw)
	}

	expect("director-secret", "POST", "/v1/events", `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`, http.StatusOK)
	expect("director-secret", "POST", "/v1/events/club-night/sessions", `{"session_id":1}`, http.StatusOK)
	pairs := `{"number":1,"players":[{"member_number":"1001"},{"member_number":"1002"}]},` +
		`{"number":4,"players":[{"member_number":"1003"},{"name":"Kari Nordmann"}]},` +
		`{"number":2},{"number":3},{"number":5},{"number":6}`
	unknown := strings.Replace(pairs, `"1002"`, `"9999"`, 1)
	if raw := expect("director-secret", "POST", "/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[`+unknown+`]}}`, http.StatusBadRequest); !strings.Contains(string(raw), `member number \"9999\" is not in the player registry`) {
		t.Errorf("a pair naming a member the registry lacks: %s", raw)
	}
	expect("director-secret", "POST", "/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[`+pairs+`]}}`, http.StatusOK)
	expect("director-secret", "POST", "/v1/events/club-night/sessions/1/sections/A:setMovement", `{"choice":{"kind":"KIND_MITCHELL"}}`, http.StatusOK)

	// Table 1, round 1: pair 1 North-South the other way round, pair 4
	// East-West as listed.
	const table1 = "/v1/events/club-night/sessions/1/sections/A/tables/1/rounds/1"
	expect("public-secret", "POST", table1+"/players", `{"swap_north_south":true}`, http.StatusForbidden)
	expect("t1-secret", "POST", "/v1/events/club-night/sessions/1/sections/A/tables/2/rounds/1/players", `{}`, http.StatusForbidden)
	expect("t1-secret", "POST", table1+"/players", `{"swap_north_south":true}`, http.StatusOK)
	var round struct {
		Players []struct {
			Seat string `json:"seat"`
			Name string `json:"name"`
		} `json:"players"`
	}
	json.Unmarshal(expect("t1-secret", "GET", table1, "", http.StatusOK), &round)
	if len(round.Players) != 4 || round.Players[0].Seat != "SEAT_NORTH" || round.Players[0].Name != "Piotr Nowak" || round.Players[2].Name != "Anna Kowalska" || round.Players[3].Name != "Kari Nordmann" {
		t.Errorf("table 1's round shows %+v; want Piotr Nowak North, Anna Kowalska South, Kari Nordmann West", round.Players)
	}
	// Names are public; member numbers are the event's officials'.
	for _, token := range []string{"", "public-secret", "t1-secret", "director-secret"} {
		for _, path := range []string{table1, "/v1/events/club-night/sessions/1/sections/A"} {
			shown := strings.Contains(string(expect(token, "GET", path, "", http.StatusOK)), `"member_number":"1001"`)
			if shown != (token == "director-secret") {
				t.Errorf("GET %s as %q shows member numbers: %v", path, token, shown)
			}
		}
	}
	expect("t1-secret", "GET", "/v1/events/club-night/sessions/1/sections/A/tableplayers", "", http.StatusForbidden)
	expect("director-secret", "GET", "/v1/events/club-night/sessions/1/sections/A/tableplayers", "", http.StatusOK)

	expect("t1-secret", "POST", "/v1/events/club-night/results", `{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10}}}`, http.StatusOK)
	expect("director-secret", "POST", "/v1/events/club-night/results", `{"result":{"table":2,"round":1,"board":3,"ns_pair":2,"ew_pair":5,"passed_out":{}}}`, http.StatusOK)
	type named struct {
		Standings []struct {
			Pair  int      `json:"pair"`
			Names []string `json:"names"`
		} `json:"standings"`
	}
	namesOf := func(raw []byte) map[int][]string {
		var st named
		json.Unmarshal(raw, &st)
		out := map[int][]string{}
		for _, p := range st.Standings {
			out[p.Pair] = p.Names
		}
		return out
	}
	const standingsPath = "/v1/events/club-night/standings"
	first, raw := s.get(t, standingsPath)
	got := namesOf(raw)
	if !slices.Equal(got[1], []string{"Anna Kowalska", "Piotr Nowak"}) || !slices.Equal(got[4], []string{"Maria Wiśniewska", "Kari Nordmann"}) || len(got[5]) != 0 {
		t.Errorf("standings: %s", raw)
	}
	etag := first.Header.Get("ETag")
	if held, _ := s.get(t, standingsPath, "If-None-Match", etag); held.StatusCode != http.StatusNotModified {
		t.Fatalf("the standings again with their ETag: status %d, want 304", held.StatusCode)
	}
	// Pairs 2 and 5 named no players: the director enters them at table 2,
	// every seat, and they become the pairs' players.
	const table2 = "/v1/events/club-night/sessions/1/sections/A/tables/2/rounds/1/players"
	if raw := expect("director-secret", "POST", table2, `{"numbers":[{"seat":"SEAT_EAST","member_number":"1005"},{"seat":"SEAT_WEST","member_number":"1006"}]}`, http.StatusBadRequest); !strings.Contains(string(raw), "give both North-South seats") {
		t.Errorf("table 2 without North-South: %s", raw)
	}
	expect("director-secret", "POST", table2, `{"numbers":[{"seat":"SEAT_NORTH","member_number":"1007"},{"seat":"SEAT_SOUTH","member_number":"1008"},
		{"seat":"SEAT_EAST","member_number":"1005"},{"seat":"SEAT_WEST","member_number":"1006"}]}`, http.StatusOK)
	changed, raw := s.get(t, standingsPath, "If-None-Match", etag)
	if changed.StatusCode != http.StatusOK || changed.Header.Get("ETag") == etag {
		t.Fatalf("the standings with the ETag from before the names: status %d, ETag %q; want 200 and a new ETag", changed.StatusCode, changed.Header.Get("ETag"))
	}
	if got := namesOf(raw); !slices.Equal(got[5], []string{"Ewa Lewandowska", "Tomasz Wójcik"}) || !slices.Equal(got[2], []string{"Zofia Kamińska", "Adam Mazur"}) {
		t.Errorf("standings after table 2 named its pairs: %s", raw)
	}
}

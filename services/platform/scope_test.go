package platform

import (
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/dynamicpb"
)

var scoreRule = Rule{
	Resources: []string{"name", "parent", "section", "ref.event", "refs.section", "by_board.event"},
	EventID:   "title",
}

func TestCheckScopeEvents(t *testing.T) {
	director := Principal{Name: "club-director", Roles: []Role{RoleDirector}, Events: []string{"events/club-night", "events/pairs"}}
	tests := []struct {
		name      string
		principal Principal
		request   string
		wantCode  codes.Code
		wantField string
	}{
		{"unscoped token acts anywhere", Principal{Name: "admin"}, `{"name":"events/anything"}`, codes.OK, ""},
		{"own event by name", director, `{"name":"events/club-night"}`, codes.OK, ""},
		{"own event, deeper resource", director, `{"parent":"events/pairs/sessions/2/sections/B"}`, codes.OK, ""},
		{"other event by name", director, `{"name":"events/teams"}`, codes.PermissionDenied, "name"},
		{"prefix of an allowed id is not allowed", director, `{"name":"events/club-nightly"}`, codes.PermissionDenied, "name"},
		{"empty event id", director, `{"parent":"events/"}`, codes.PermissionDenied, "parent"},
		{"nested message", director, `{"name":"events/pairs","ref":{"event":"events/teams"}}`, codes.PermissionDenied, "ref.event"},
		{"list of messages", director, `{"refs":[{"section":"events/pairs/sessions/1/sections/A"},{"section":"events/teams/sessions/1/sections/A"}]}`, codes.PermissionDenied, "refs.section"},
		{"map values", director, `{"by_board":{"7":{"event":"events/teams"}}}`, codes.PermissionDenied, "by_board.event"},
		{"repeated strings", director, `{"section":["events/pairs/sessions/1/sections/A","events/teams/sessions/1/sections/A"]}`, codes.PermissionDenied, "section"},
		{"an event id", director, `{"title":"teams"}`, codes.PermissionDenied, "title"},
		{"own event id", director, `{"title":"pairs"}`, codes.OK, ""},
		{"undeclared fields are not looked at", director, `{"ref":{"note":"events/teams","section":"events/teams"}}`, codes.OK, ""},
		{"a name outside events", director, `{"name":"boardsets/7"}`, codes.InvalidArgument, "name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkScope(tt.principal, scoreRule, newRequest(t, tt.request))
			if status.Code(err) != tt.wantCode {
				t.Fatalf("err = %v, want %v", err, tt.wantCode)
			}
			if tt.wantCode == codes.PermissionDenied && !strings.Contains(err.Error(), "(field "+tt.wantField+")") {
				t.Errorf("err = %v, want it to name field %s", err, tt.wantField)
			}
			if tt.wantCode == codes.InvalidArgument && !strings.Contains(err.Error(), tt.wantField+":") {
				t.Errorf("err = %v, want it to name field %s", err, tt.wantField)
			}
		})
	}
}

func TestCheckScopeTables(t *testing.T) {
	terminal := Principal{Name: "table-3", Roles: []Role{RoleTerminal}, Events: []string{"events/club"},
		Tables: []string{"events/club/sessions/1/sections/A/tables/3", "events/club/sessions/2/sections/B/tables/1"}}
	byParts := Rule{Resources: []string{"parent"}, Table: &TableRef{Parent: "parent", Section: "ref.section", Number: "table"}}
	byName := Rule{Resources: []string{"name"}, Table: &TableRef{Parent: "name", Section: "ref.section", Number: "table"}}
	tests := []struct {
		name     string
		rule     Rule
		request  string
		wantCode codes.Code
	}{
		{"its table, session and section by default", byParts, `{"parent":"events/club","table":3}`, codes.OK},
		{"another table", byParts, `{"parent":"events/club","table":4}`, codes.PermissionDenied},
		{"section letters upper-cased", byParts, `{"parent":"events/club/sessions/2","ref":{"section":"b"},"table":1}`, codes.OK},
		{"the parent gives the section", byParts, `{"parent":"events/club/sessions/2/sections/B","table":1}`, codes.OK},
		{"another section", byParts, `{"parent":"events/club/sessions/1/sections/B","table":3}`, codes.PermissionDenied},
		{"no table", byParts, `{"parent":"events/club"}`, codes.InvalidArgument},
		{"a parent that names no section", byParts, `{"parent":"events/club/boardsets/1","table":3}`, codes.InvalidArgument},
		{"its table by name", byName, `{"name":"events/club/sessions/1/sections/A/tables/3/rounds/2/boards/4"}`, codes.OK},
		{"another table by name", byName, `{"name":"events/club/sessions/1/sections/A/tables/4/rounds/2/boards/4"}`, codes.PermissionDenied},
		{"its table by name, another in the fields", byName, `{"name":"events/club/sessions/1/sections/A/tables/3/rounds/2/boards/4","table":4}`, codes.PermissionDenied},
		{"its table by name and in the fields", byName, `{"name":"events/club/sessions/1/sections/A/tables/3/rounds/2/boards/4","table":3}`, codes.OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkScope(terminal, tt.rule, newRequest(t, tt.request))
			if status.Code(err) != tt.wantCode {
				t.Fatalf("err = %v, want %v", err, tt.wantCode)
			}
		})
	}
	// A token for every table of its events acts at each of them.
	director := Principal{Name: "d", Events: []string{"events/club"}}
	if err := checkScope(director, byParts, newRequest(t, `{"parent":"events/club","table":9}`)); err != nil {
		t.Errorf("a token without tables: %v", err)
	}
}

// TestCheckScopePairs: a pair's token acts at the table of its pair's seat
// in the round the request names, by a field or by a name below the table;
// with no round to name, at any of its pair's tables; never in a round it
// sits out, nor without a round where the method acts in one.
func TestCheckScopePairs(t *testing.T) {
	const at = "events/club/sessions/1/sections/A/tables/"
	pair := PairPrincipal("events/club/sessions/1/sections/A/entrants/11", []Seat{{Table: at + "1", EastWest: true}, {}, {Table: at + "3", EastWest: true}}, time.Time{})
	inRound := Rule{Resources: []string{"parent"}, Table: &TableRef{Parent: "parent", Number: "table", Round: "round"}}
	byName := Rule{Resources: []string{"name"}, Table: &TableRef{Parent: "name"}}
	anyRound := Rule{Resources: []string{"parent"}, Table: &TableRef{Parent: "parent", Number: "table"}}
	tests := []struct {
		name     string
		rule     Rule
		request  string
		wantCode codes.Code
		wantText string
	}{
		{"its seat of round 1", inRound, `{"parent":"events/club","table":1,"round":1}`, codes.OK, ""},
		{"its seat of round 3", inRound, `{"parent":"events/club","table":3,"round":3}`, codes.OK, ""},
		{"another table in round 1", inRound, `{"parent":"events/club","table":3,"round":1}`, codes.PermissionDenied, "sits at " + at + "1 East-West in round 1, not at " + at + "3"},
		{"the round it sits out", inRound, `{"parent":"events/club","table":1,"round":2}`, codes.PermissionDenied, "sits out round 2"},
		{"a round past the schedule", inRound, `{"parent":"events/club","table":1,"round":4}`, codes.PermissionDenied, "sits out round 4"},
		{"no round", inRound, `{"parent":"events/club","table":1}`, codes.InvalidArgument, "round: a pair's code acts in one round"},
		{"its seat by a result's name", byName, `{"name":"` + at + `3/rounds/3/boards/5"}`, codes.OK, ""},
		{"another round by a result's name", byName, `{"name":"` + at + `3/rounds/1/boards/5"}`, codes.PermissionDenied, "in round 1, not at " + at + "3"},
		{"one of its tables, no round to name", anyRound, `{"parent":"events/club","table":3}`, codes.OK, ""},
		{"a table it never sits at", anyRound, `{"parent":"events/club","table":2}`, codes.PermissionDenied, "never sits at " + at + "2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkScope(pair, tt.rule, newRequest(t, tt.request))
			if status.Code(err) != tt.wantCode || !strings.Contains(status.Convert(err).Message(), tt.wantText) {
				t.Fatalf("err = %v, want %v containing %q", err, tt.wantCode, tt.wantText)
			}
		})
	}
	// A pair that sits out every round acts at no table.
	idle := PairPrincipal("events/club/sessions/1/sections/A/entrants/12", []Seat{{}, {}}, time.Time{})
	if err := checkScope(idle, anyRound, newRequest(t, `{"parent":"events/club","table":1}`)); status.Code(err) != codes.PermissionDenied {
		t.Errorf("a pair with no seats at table 1: %v, want PermissionDenied", err)
	}
}

func TestEventOfRequest(t *testing.T) {
	for js, want := range map[string]string{
		`{}`:                                 "",
		`{"title":"club"}`:                   "events/club",
		`{"parent":"events/a/sessions/1"}`:   "events/a",
		`{"ref":{"event":"events/b"}}`:       "events/b",
		`{"name":"events/a","title":"b"}`:    "events/a",
		`{"ref":{"note":"events/c"}}`:        "",
		`{"name":"x","parent":"events/d/x"}`: "events/d",
	} {
		if got := eventOfRequest(scoreRule, newRequest(t, js)); got != want {
			t.Errorf("eventOfRequest(%s) = %q, want %q", js, got, want)
		}
	}
}

// FuzzCheckScope feeds arbitrary wire bytes as a request: the check must
// not panic, and whenever it allows a request, every event its declared
// fields name is the token's.
func FuzzCheckScope(f *testing.F) {
	for _, js := range []string{
		`{"name":"events/a","refs":[{"section":"events/b"}]}`,
		`{"by_board":{"1":{"event":"events/a/sessions/1"}},"section":["events/a"]}`,
		`{"parent":"events/","table":3}`,
	} {
		b, err := proto.Marshal(newRequest(f, js))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	director := Principal{Name: "d", Events: []string{"events/a"}, Tables: []string{"events/a/sessions/1/sections/A/tables/3"}}
	rule := scoreRule
	rule.Table = &TableRef{Parent: "parent", Section: "ref.section", Number: "table"}
	f.Fuzz(func(t *testing.T, wire []byte) {
		req := dynamicpb.NewMessage(requestDesc)
		if proto.Unmarshal(wire, req) != nil {
			return
		}
		err := checkScope(director, rule, req)
		var outside []string
		rangeEvents(rule, req, func(field, _, event string) bool {
			if event != "events/a" {
				outside = append(outside, field)
			}
			return true
		})
		if err == nil && len(outside) > 0 {
			t.Fatalf("allowed, but names outside the scope at %v", outside)
		}
	})
}

package platform

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/structpb"
)

func TestCheckEventScope(t *testing.T) {
	director := Principal{Name: "club-director", Roles: []Role{RoleDirector}, Events: []string{"events/club-night", "events/pairs"}}
	tests := []struct {
		name      string
		principal Principal
		request   string
		wantField string // "" means allowed
	}{
		{"unscoped token acts anywhere", Principal{Name: "admin"}, `{"name":"events/anything"}`, ""},
		{"own event by name", director, `{"name":"events/club-night"}`, ""},
		{"own event, deeper resource", director, `{"parent":"events/pairs/sessions/2/sections/B"}`, ""},
		{"other event by name", director, `{"name":"events/teams"}`, "name"},
		{"prefix of an allowed id is not allowed", director, `{"name":"events/club-nightly"}`, "name"},
		{"empty event id", director, `{"parent":"events/"}`, "parent"},
		{"nested message", director, `{"name":"events/pairs","ref":{"event":"events/teams"}}`, "ref.event"},
		{"repeated messages", director, `{"refs":[{"section":"events/pairs/sessions/1/sections/A"},{"section":"events/teams/sessions/1/sections/A"}]}`, "refs[1].section"},
		{"map values", director, `{"by_board":{"7":{"event":"events/teams"}}}`, "by_board[7].event"},
		{"repeated strings", director, `{"section":["events/pairs/sessions/1/sections/A","events/teams/sessions/1/sections/A"]}`, "section[1]"},
		{"other fields are not resource names", director, `{"title":"events/teams","ref":{"note":"events/teams"}}`, ""},
		{"values outside events are ignored", director, `{"name":"boardsets/7"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkEventScope(tt.principal, newRequest(t, tt.request))
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if status.Code(err) != codes.PermissionDenied || !strings.Contains(err.Error(), "(field "+tt.wantField+")") {
				t.Fatalf("err = %v, want PermissionDenied naming field %s", err, tt.wantField)
			}
		})
	}
}

func TestCheckEventScopeIgnoresMessagesWithoutNames(t *testing.T) {
	director := Principal{Name: "d", Events: []string{"events/a"}}
	s, _ := structpb.NewStruct(map[string]any{"name": "events/b"})
	// Struct keys are map keys, not fields named "name".
	if err := checkEventScope(director, s); err != nil {
		t.Errorf("struct: %v", err)
	}
	if err := checkEventScope(director, "not a message"); err != nil {
		t.Errorf("non-message: %v", err)
	}
}

// FuzzCheckEventScope feeds arbitrary wire bytes as a request: the walk must
// not panic, and whenever it allows a request, every event the request
// names is one of the token's.
func FuzzCheckEventScope(f *testing.F) {
	for _, js := range []string{
		`{"name":"events/a","refs":[{"event":"events/b"}]}`,
		`{"by_board":{"1":{"section":"events/a/sessions/1"}},"section":["events/a"]}`,
		`{"parent":"events/"}`,
	} {
		b, err := proto.Marshal(newRequest(f, js))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	director := Principal{Name: "d", Events: []string{"events/a"}}
	f.Fuzz(func(t *testing.T, wire []byte) {
		req := dynamicpb.NewMessage(requestDesc)
		if proto.Unmarshal(wire, req) != nil {
			return
		}
		err := checkEventScope(director, req)
		var outside []string
		rangeResourceNames(req, "", func(path, value string) bool {
			if ev, ok := eventOf(value); ok && ev != "events/a" {
				outside = append(outside, path)
			}
			return true
		})
		if (err == nil) != (len(outside) == 0) {
			t.Fatalf("err = %v but names outside the scope at %v", err, outside)
		}
	})
}

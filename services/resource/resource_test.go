package resource

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestNamesRoundTrip builds every kind of name and parses it back.
func TestNamesRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name  fmt.Stringer
		want  string
		parse func(string) (fmt.Stringer, error)
	}{
		{Event{"club-night"}, "events/club-night", func(n string) (fmt.Stringer, error) { return ParseEvent("f", n) }},
		{Session{"club-night", 2}, "events/club-night/sessions/2", func(n string) (fmt.Stringer, error) { return ParseSession("f", n) }},
		{Section{"club-night", 1, "AB"}, "events/club-night/sessions/1/sections/AB", func(n string) (fmt.Stringer, error) { return ParseSection("f", n) }},
		{Table{"club-night", 1, "A", 3}, "events/club-night/sessions/1/sections/A/tables/3", func(n string) (fmt.Stringer, error) { return ParseTable("f", n) }},
		{Entrant{"club-night", 1, "A", 12}, "events/club-night/sessions/1/sections/A/entrants/12", func(n string) (fmt.Stringer, error) { return ParseEntrant("f", n) }},
		{Result{"club-night", 1, "A", 3, 2, 999}, "events/club-night/sessions/1/sections/A/tables/3/rounds/2/boards/999", func(n string) (fmt.Stringer, error) { return ParseResult("f", n) }},
		{Call{"club-night", 1, "A", 7}, "events/club-night/sessions/1/sections/A/calls/7", func(n string) (fmt.Stringer, error) { return ParseCall("f", n) }},
		{BoardSet{"club-night", 1, "main"}, "events/club-night/sessions/1/boardsets/main", func(n string) (fmt.Stringer, error) { return ParseBoardSet("f", n) }},
		{Board{"club-night", 1, "main", 24}, "events/club-night/sessions/1/boardsets/main/boards/24", func(n string) (fmt.Stringer, error) { return ParseBoard("f", n) }},
		{Operation{"club-night", 1, "main", 3}, "events/club-night/sessions/1/boardsets/main/operations/3", func(n string) (fmt.Stringer, error) { return ParseOperation("f", n) }},
		{Penalty{"club-night", 4}, "events/club-night/penalties/4", func(n string) (fmt.Stringer, error) { return ParsePenalty("f", n) }},
	} {
		if got := c.name.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.name, got, c.want)
		}
		back, err := c.parse(c.want)
		if err != nil || back != c.name {
			t.Errorf("parsing %q: %#v, %v; want %#v", c.want, back, err, c.name)
		}
	}
}

func TestParentsAreTheNamesAbove(t *testing.T) {
	r := Result{"club-night", 1, "A", 3, 2, 5}
	if got := r.TableName().Parent().Parent().Parent().String(); got != "events/club-night" {
		t.Errorf("the event above %s is %q", r, got)
	}
	if got := r.SectionName().String(); got != "events/club-night/sessions/1/sections/A" {
		t.Errorf("the section of %s is %q", r, got)
	}
	if got := (Board{"c", 2, "main", 7}).Parent().Parent().String(); got != "events/c/sessions/2" {
		t.Errorf("the session of a board: %q", got)
	}
	if got := (Call{"c", 1, "B", 2}).Parent().String(); got != "events/c/sessions/1/sections/B" {
		t.Errorf("the section of a call: %q", got)
	}
	if got := (Penalty{"c", 1}).Parent().String(); got != "events/c" {
		t.Errorf("the event of a penalty: %q", got)
	}
}

// TestBadNamesNameTheField: a malformed name, or a number beyond the limits
// every service shares, is InvalidArgument naming the request's field.
func TestBadNamesNameTheField(t *testing.T) {
	for _, c := range []struct {
		name, why string
		parse     func(string, string) error
	}{
		{"club-night", "parts", func(f, n string) error { _, err := ParseEvent(f, n); return err }},
		{"events/Club", "event", func(f, n string) error { _, err := ParseEvent(f, n); return err }},
		{"events/c/sessions/100", "outside 1 to 99", func(f, n string) error { _, err := ParseSession(f, n); return err }},
		{"events/c/sessions/0", "number from 1", func(f, n string) error { _, err := ParseSession(f, n); return err }},
		{"events/c/sessions/1/sections/a", "section", func(f, n string) error { _, err := ParseSection(f, n); return err }},
		{"events/c/sessions/1/sections/A/tables/1000", "outside 1 to 999", func(f, n string) error { _, err := ParseTable(f, n); return err }},
		{"events/c/sessions/1/sections/A/tables/1/rounds/100/boards/1", "round 100", func(f, n string) error { _, err := ParseResult(f, n); return err }},
		{"events/c/sessions/1/sections/A/tables/1/rounds/1/boards/1000", "board 1000", func(f, n string) error { _, err := ParseResult(f, n); return err }},
		{"events/c/sessions/1/sections/A/calls/99999999999", "call", func(f, n string) error { _, err := ParseCall(f, n); return err }},
		{"events/c/sessions/1/boardsets/Main", "boardset", func(f, n string) error { _, err := ParseBoardSet(f, n); return err }},
		{"events/c/sessions/1/boardsets/main/boards/1000", "board 1000", func(f, n string) error { _, err := ParseBoard(f, n); return err }},
		{"events/c/sessions/1/boardsets/main/operations/0", "operation", func(f, n string) error { _, err := ParseOperation(f, n); return err }},
		{"events/c/penalties/x", "penalty", func(f, n string) error { _, err := ParsePenalty(f, n); return err }},
	} {
		err := c.parse("request.name", c.name)
		st, _ := status.FromError(err)
		if st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), c.why) || violatedField(st) != "request.name" {
			t.Errorf("%q: %v, want InvalidArgument naming request.name and saying %q", c.name, err, c.why)
		}
	}
}

func violatedField(st *status.Status) string {
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok && len(br.GetFieldViolations()) > 0 {
			return br.GetFieldViolations()[0].GetField()
		}
	}
	return ""
}

// FuzzParse feeds every parser names as a client might send them: none
// panics, a refusal names the field, and what is accepted builds back to
// the same name.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"events/club-night", "events/c/sessions/1/sections/A/tables/3/rounds/2/boards/5",
		"events/c/sessions/1/boardsets/main/boards/24", "events/c/penalties/01", "events/c/sessions/1/sections/A/calls/2147483648",
		"events//sessions/1", "events/c/sessions/-1", "events/c/sessions/1/sections/ÅÅ",
	} {
		f.Add(seed)
	}
	parsers := []func(string) (fmt.Stringer, error){
		func(n string) (fmt.Stringer, error) { return ParseEvent("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseSession("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseSection("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseTable("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseResult("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseCall("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseBoardSet("name", n) },
		func(n string) (fmt.Stringer, error) { return ParseBoard("name", n) },
		func(n string) (fmt.Stringer, error) { return ParsePenalty("name", n) },
	}
	f.Fuzz(func(t *testing.T, name string) {
		for _, parse := range parsers {
			got, err := parse(name)
			if err != nil {
				if st, _ := status.FromError(err); st.Code() != codes.InvalidArgument || violatedField(st) != "name" {
					t.Fatalf("%q: %v, want InvalidArgument naming the field", name, err)
				}
				continue
			}
			if got.String() != name {
				t.Fatalf("%q parsed as %#v, which is named %q", name, got, got.String())
			}
		}
	})
}

package platform

import (
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestParseName(t *testing.T) {
	ids, err := ParseName("section", "events/club/sessions/1/sections/AB", "events/{event}/sessions/{session:n}/sections/{section:letters}")
	if err != nil || !slices.Equal(ids, []string{"club", "1", "AB"}) {
		t.Fatalf("ParseName = %v, %v", ids, err)
	}
	if _, err := ParseName("section", "events/club/sessions/1/sections/a", "events/{event}/sessions/{session:n}/sections/{section:letters}"); err == nil || !strings.Contains(err.Error(), `the section "a" is not 1 to 8 of A-Z and 0-9`) {
		t.Errorf("lower-case section: %v", err)
	}
	const pattern = "events/{event}/sessions/{session:n}/boardsets/{boardset}"
	ids, err = ParseName("name", "events/2026-congress/sessions/2/boardsets/main", pattern)
	if err != nil || !slices.Equal(ids, []string{"2026-congress", "2", "main"}) {
		t.Fatalf("ParseName = %v, %v", ids, err)
	}
	for _, c := range []struct{ name, why string }{
		{"events/x/sessions/2", "it has 4 parts, want 6"},
		{"event/x/sessions/2/boardsets/main", `part 1 is "event", want "events"`},
		{"events/X/sessions/2/boardsets/main", `the event "X" is not`},
		{"events/-x/sessions/2/boardsets/main", `the event "-x" is not`},
		{"events/x/sessions/0/boardsets/main", `the session "0" is not a number from 1 up`},
		{"events/x/sessions/02/boardsets/main", `the session "02" is not a number`},
		{"events/x/sessions/two/boardsets/main", `the session "two"`},
		{"events/x/sessions/2/boardsets/", `the boardset "" is not`},
	} {
		_, err := ParseName("name", c.name, pattern)
		if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), c.why) || !strings.Contains(err.Error(), "name: ") {
			t.Errorf("ParseName(%q) = %v, want InvalidArgument naming the field and saying %q", c.name, err, c.why)
		}
	}
}

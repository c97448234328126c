package gateway

import (
	"maps"
	"strings"
	"testing"
)

var testFeeds = []feed{{service: "dealing"}, {service: "movement"}, {service: "rulings"}, {service: "scoring"}}

func TestParseCursor(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want cursor
		bad  string // part of the error, "" for none
	}{
		{in: "", want: cursor{}},
		{in: "scoring:12", want: cursor{"scoring": 12}},
		{in: "scoring:0,movement:4", want: cursor{"scoring": 0, "movement": 4}},
		{in: "scoring", bad: "<service>:<sequence>"},
		{in: "scoring:-1", bad: "whole number"},
		{in: "scoring:012", bad: "whole number"},
		{in: "scoring:1,scoring:2", bad: "twice"},
		{in: "players:1", bad: "dealing, movement, rulings, scoring"},
		{in: "scoring:18446744073709551616", bad: "whole number"},
		{in: strings.Repeat("scoring:1,", 60), bad: "longer"},
	} {
		got, err := parseCursor(tc.in, testFeeds)
		switch {
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad)):
			t.Errorf("%q: %v, want an error saying %q", tc.in, err, tc.bad)
		case tc.bad == "" && (err != nil || !maps.Equal(got, tc.want)):
			t.Errorf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if s := (cursor{"scoring": 12, "movement": 4}).String(); s != "movement:4,scoring:12" {
		t.Errorf("cursor written as %q, want its services in order", s)
	}
}

// FuzzParseCursor: whatever a client sends as since or Last-Event-ID is
// refused with a reason or read as a cursor that writes back to itself.
func FuzzParseCursor(f *testing.F) {
	for _, seed := range []string{"", "scoring:12", "movement:4,scoring:12", "scoring:", ":1", "scoring:1,,", "dealing:18446744073709551615"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseCursor(s, testFeeds)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q refused without a reason", s)
			}
			return
		}
		again, err := parseCursor(c.String(), testFeeds)
		if err != nil || !maps.Equal(c, again) {
			t.Fatalf("%q read as %v, written as %q, read back as %v (%v)", s, c, c.String(), again, err)
		}
	})
}

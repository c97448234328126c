package dealing

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// The World Bridge Games 2024 were dealt with SquareDeal; the organisers published
// the description, the keys and all 1,186 deals.
const wbg2024 = "../../shared/fixtures/bigdeal-wbg2024/"

// readFixture reads a file of the WBG 2024 publication.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(wbg2024 + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// wbgSessions returns the WBG 2024 sessions in the order of the published deal
// list: sorted by file name (FIN1…6, MXRR01…29, OPRR01…17, QF1…6, R161…3, SF1…6,
// WSRR01…23).
func wbgSessions(t testing.TB) []Session {
	t.Helper()
	sqd, err := ParseSQD(readFixture(t, "WBG2024.sqd"))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := ParseSQK(readFixture(t, "WBG2024.sqk"))
	if err != nil {
		t.Fatal(err)
	}
	sessions, err := sqd.Sessions(keys, false)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(sessions, func(a, b Session) int { return strings.Compare(a.File, b.File) })
	return sessions
}

// wbgDeals reads allpbn.actual: one deal per line, the hands of N, E, S and W.
func wbgDeals(t testing.TB) []bridge.Deal {
	t.Helper()
	var deals []bridge.Deal
	lines := bufio.NewScanner(strings.NewReader(string(readFixture(t, "allpbn.actual"))))
	for lines.Scan() {
		deals = append(deals, mustDeal(t, "N:"+lines.Text()))
	}
	return deals
}

func TestWBG2024Sessions(t *testing.T) {
	sessions := wbgSessions(t)
	if len(sessions) != 90 {
		t.Fatalf("%d sessions, want 90", len(sessions))
	}
	byFile := map[string]Session{}
	total := 0
	for _, s := range sessions {
		byFile[s.File] = s
		total += s.Boards.Len()
	}
	if total != 1186 {
		t.Errorf("%d boards in all, want 1186", total)
	}
	for _, want := range []struct {
		file, description string
		phase, number     int
		boards            BoardRange
	}{
		{"OPRR01", "Open Round Robin 1/17", 1, 1, BoardRange{1, 16}},
		{"OPRR02", "Open Round Robin 2/17", 1, 2, BoardRange{17, 32}},
		{"OPRR17", "Open Round Robin 17/17", 1, 17, BoardRange{1, 16}},
		{"MXRR06", "Mixed Teams Round Robin 6/29", 3, 6, BoardRange{21, 30}},
		{"R162", "Round of 16 2/3", 4, 2, BoardRange{1, 20}},
		{"FIN6", "Finals 6/6", 7, 6, BoardRange{17, 32}},
	} {
		got, ok := byFile[want.file]
		if !ok || got.Description != want.description || got.Phase != want.phase || got.Number != want.number || got.Boards != want.boards {
			t.Errorf("session %s = %+v, want %+v", want.file, got, want)
		}
	}
	first := byFile["OPRR01"]
	if first.Owner != "hrzkVbQb9F0QhgIYEwfBUwKjNHDoGZ" || string(first.Entropy) != "XMYxVBbJZaWXnJf233CI5MJo7buhPR"+"NDMyNzUuOTE="+"original" {
		t.Errorf("session 1,1: owner %q entropy %q", first.Owner, first.Entropy)
	}
}

// The key test: the published keys deal every one of the 1,186 published boards.
func TestWBG2024AllDeals(t *testing.T) {
	published := wbgDeals(t)
	if len(published) != 1186 {
		t.Fatalf("%d published deals, want 1186", len(published))
	}
	at := 0
	for _, s := range wbgSessions(t) {
		n := s.Boards.Len()
		if err := s.Verify(published[at : at+n]); err != nil {
			t.Fatalf("session %s (line %d of allpbn.actual on): %v", s.File, at+1, err)
		}
		at += n
	}
	if at != len(published) {
		t.Errorf("sessions deal %d boards, %d published", at, len(published))
	}
}

func TestWBG2024Tampering(t *testing.T) {
	sqd, err := ParseSQD(readFixture(t, "WBG2024.sqd"))
	if err != nil {
		t.Fatal(err)
	}
	keyFile := readFixture(t, "WBG2024.sqk")

	t.Run("LF line ends verify", func(t *testing.T) {
		keys, err := ParseSQK([]byte(strings.ReplaceAll(string(keyFile), "\r\n", "\n")))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sqd.Sessions(keys, false); err != nil {
			t.Error(err)
		}
	})
	t.Run("changed key", func(t *testing.T) {
		keys, err := ParseSQK([]byte(strings.Replace(string(keyFile), "1,1:h", "1,1:H", 1)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sqd.Sessions(keys, false); err == nil || !strings.Contains(err.Error(), "not to the published KH bd4a46be") {
			t.Errorf("Sessions with a changed key: error = %v", err)
		}
	})
	t.Run("other delayed value", func(t *testing.T) {
		keys, err := ParseSQK(keyFile)
		if err != nil {
			t.Fatal(err)
		}
		other := *sqd
		other.DelayedValue = "43275.92"
		sessions, err := other.Sessions(keys, false)
		if err != nil {
			t.Fatal(err)
		}
		published := wbgDeals(t)
		var mismatch *MismatchError
		// FIN1 is the first session of the published list, board 1 its first deal.
		fin1 := sessions[len(sessions)-6]
		if fin1.File != "FIN1" {
			t.Fatalf("session %s, want FIN1", fin1.File)
		}
		if err := fin1.Verify(published[:16]); !errors.As(err, &mismatch) || mismatch.Board != 1 || mismatch.Published != published[0] {
			t.Errorf("Verify with DV 43275.92 = %v, want a mismatch at board 1", err)
		}
	})
	t.Run("reserve sets differ", func(t *testing.T) {
		keys, err := ParseSQK(keyFile)
		if err != nil {
			t.Fatal(err)
		}
		sessions, err := sqd.Sessions(keys, true)
		if err != nil {
			t.Fatal(err)
		}
		s := sessions[0]
		if s.File != "OPRR01reserve" || !strings.HasSuffix(string(s.Entropy), "NDMyNzUuOTE=reserve") {
			t.Errorf("reserve session %s, entropy %q", s.File, s.Entropy)
		}
		original := wbgSessions(t)
		i := slices.IndexFunc(original, func(o Session) bool { return o.File == "OPRR01" })
		a, _ := s.Source().Next()
		b, _ := original[i].Source().Next()
		if a == b {
			t.Errorf("reserve and original board 1 are both %v", a)
		}
	})
	t.Run("no delayed value", func(t *testing.T) {
		keys, _ := ParseSQK(keyFile)
		other := *sqd
		other.DelayedValue = ""
		if _, err := other.Sessions(keys, false); err == nil || !strings.Contains(err.Error(), `delayed value (DV) of "DJI1910" is not known`) {
			t.Errorf("Sessions without DV: error = %v", err)
		}
	})
}

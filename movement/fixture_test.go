package movement

import (
	"encoding/json"
	"errors"
	"maps"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// publishedHowell is one file of ../shared/fixtures/movements: a Howell
// published in a public repository, as rows, with the balance our
// reference computed for it.
type publishedHowell struct {
	Name   string `json:"name"`
	Expect struct {
		Rounds          int         `json:"rounds"`
		Tables          int         `json:"tables"`
		Sets            int         `json:"sets"`
		SharedSetRounds int         `json:"shared_set_rounds"`
		Meetings        map[int]int `json:"meetings"`
		Comparisons     map[int]int `json:"comparisons"`
		ManningScores   map[int]int `json:"manning_scores"`
		ManningSD       float64     `json:"manning_sd"`
		Qf              float64     `json:"Qf_reconstructed"`
	} `json:"expect"`
	Rows []struct {
		Round int `json:"round"`
		Table int `json:"table"`
		NS    int `json:"ns"`
		EW    int `json:"ew"`
		Set   int `json:"set"`
	} `json:"rows"`
}

// movement turns the rows into a Movement, with the counts the file
// expects and no shares declared.
func (f publishedHowell) movement() Movement {
	m := Movement{Name: f.Name, Tables: f.Expect.Tables, Rounds: f.Expect.Rounds, Sets: f.Expect.Sets}
	for _, r := range f.Rows {
		m.Seatings = append(m.Seatings, Seating{Round: r.Round, Table: r.Table, NS: r.NS, EW: r.EW, Set: r.Set})
	}
	return m
}

const fixtureDir = "../../shared/fixtures/movements"

// loadPublishedHowells reads every fixture file, failing the test when
// there are none, so a moved directory cannot pass silently.
func loadPublishedHowells(t testing.TB) []publishedHowell {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(fixtureDir, "*", "*_howell_*pairs.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 16 {
		t.Fatalf("found %d Howell fixtures in %s, want the 16 published ones", len(paths), fixtureDir)
	}
	var out []publishedHowell
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f publishedHowell
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(f.Rows) == 0 {
			t.Fatalf("%s: no rows", p)
		}
		out = append(out, f)
	}
	return out
}

// declareShares declares a share for every two tables playing the same set
// in a round.
func declareShares(m *Movement) {
	for r := 1; r <= m.Rounds; r++ {
		round := m.Round(r)
		for i, a := range round {
			for _, b := range round[i+1:] {
				if a.playing() && b.playing() && a.Set == b.Set {
					m.Shares = append(m.Shares, Share{Round: r, Set: a.Set, Tables: [2]int{a.Table, b.Table}})
				}
			}
		}
	}
}

// Files whose reference counts shared-set rounds (the three-table Howells,
// which play their last set at all three tables) must fail Check until the
// shares are declared, and pass after; every other file passes as it is.
func TestPublishedHowellsPassCheck(t *testing.T) {
	for _, f := range loadPublishedHowells(t) {
		t.Run(f.Name, func(t *testing.T) {
			m := f.movement()
			err := Check(m)
			if f.Expect.SharedSetRounds == 0 {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			var ce *CheckError
			if !errors.As(err, &ce) || ce.Rule != RuleSetTwice {
				t.Fatalf("Check = %v, want the undeclared shared set reported", err)
			}
			declareShares(&m)
			if err := Check(m); err != nil {
				t.Fatalf("Check with shares declared: %v", err)
			}
			rounds := map[int]bool{}
			for _, s := range m.Shares {
				rounds[s.Round] = true
			}
			if len(rounds) != f.Expect.SharedSetRounds {
				t.Errorf("shares in %d rounds, want %d", len(rounds), f.Expect.SharedSetRounds)
			}
		})
	}
}

func TestPublishedHowellsBalance(t *testing.T) {
	for _, f := range loadPublishedHowells(t) {
		t.Run(f.Name, func(t *testing.T) {
			r := Balance(f.movement())
			for _, h := range []struct {
				name      string
				got, want map[int]int
			}{
				{"meetings", r.Meetings.Histogram, f.Expect.Meetings},
				{"comparisons", r.Comparisons.Histogram, f.Expect.Comparisons},
				{"Manning scores", r.Manning.Histogram, f.Expect.ManningScores},
			} {
				if !maps.Equal(h.got, h.want) {
					t.Errorf("%s histogram = %v, want %v", h.name, h.got, h.want)
				}
			}
			if math.Abs(r.Manning.SD-f.Expect.ManningSD) > 0.0005 {
				t.Errorf("Manning SD = %.4f, want %.3f", r.Manning.SD, f.Expect.ManningSD)
			}
			if math.Abs(r.Qf-f.Expect.Qf) > 0.005 {
				t.Errorf("Qf = %.3f, want %.2f", r.Qf, f.Expect.Qf)
			}
			if r.SharedSetRounds != f.Expect.SharedSetRounds {
				t.Errorf("shared-set rounds = %d, want %d", r.SharedSetRounds, f.Expect.SharedSetRounds)
			}
		})
	}
}

// In a complete Howell without shared sets (every two pairs meet once),
// Manning's score is 2·comparisons − (tables−1) for every two pairs.
func TestManningMatchesComparisonsInCompleteHowells(t *testing.T) {
	tested := 0
	for _, f := range loadPublishedHowells(t) {
		r := Balance(f.movement())
		if f.Expect.SharedSetRounds != 0 || len(r.Meetings.Histogram) != 1 || r.Meetings.Histogram[1] == 0 {
			continue
		}
		tables := f.Expect.Tables
		if len(r.Entrants)%2 == 1 {
			tables-- // the phantom's table never plays
		}
		tested++
		for _, p := range r.Pairs {
			if p.Manning != 2*p.Comparisons-(tables-1) {
				t.Errorf("%s: pairs %d and %d: Manning %d, comparisons %d", f.Name, p.A, p.B, p.Manning, p.Comparisons)
			}
		}
	}
	if tested < 8 {
		t.Errorf("only %d complete Howells tested", tested)
	}
}

func TestAtLeastAsBalancedAsOrdersPublishedHowells(t *testing.T) {
	reports := map[string]Report{}
	for _, f := range loadPublishedHowells(t) {
		reports[f.Name] = Balance(f.movement())
	}
	tests := []struct {
		a, b string
		want bool
	}{
		{"bridgette_howell_12pairs", "sywhub_howell_12pairs", true}, // {5} against {3,5,7}
		{"sywhub_howell_12pairs", "bridgette_howell_12pairs", false},
		{"bridgette_howell_10pairs", "sywhub_howell_10pairs", true}, // equal balance
		{"sywhub_howell_10pairs", "bridgette_howell_10pairs", true},
		{"sywhub_howell_8pairs", "bridgette_howell_8pairs", true},
	}
	for _, tt := range tests {
		a, aok := reports[tt.a]
		b, bok := reports[tt.b]
		if !aok || !bok {
			t.Fatalf("missing fixture %s or %s", tt.a, tt.b)
		}
		if got := a.AtLeastAsBalancedAs(b); got != tt.want {
			t.Errorf("%s.AtLeastAsBalancedAs(%s) = %v, want %v (SD %.3f, %.3f)", tt.a, tt.b, got, tt.want, a.Manning.SD, b.Manning.SD)
		}
	}
}

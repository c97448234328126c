package scoring

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// fouledBoard is board 1 of a 7-table field (top 12 on the 2/1 scale) that
// was fouled after table 4: tables 1 to 4 played it in its correct form
// (group 0), tables 5 to 7 in the changed form (group 1).
func fouledBoard() []Result {
	scores := []int{420, 450, 450, -50, 140, 100, -100}
	var rs []Result
	for t, s := range scores {
		r := Result{Section: "A", Table: t + 1, Round: 1, Board: 1, NS: 2*t + 1, EW: 2*t + 2, NSScore: s}
		if t >= 4 {
			r.FouledGroup = 1
		}
		rs = append(rs, r)
	}
	return rs
}

// TestFouledBoardScoresEachGroupApart matchpoints the fouled board of
// fouledBoard, worked by hand on the 2/1 scale, N = 7, top 12, each group
// factored by Neuberg's formula MP′ = (MP + 1)·7/n − 1:
//
//	group 0 (n = 4): 450, 450 beat 420 and −50 and tie: MP 5 → 6·7/4 − 1 = 9.5
//	                 420 beats −50: MP 2 → 3·7/4 − 1 = 4.25
//	                 −50: MP 0 → 7/4 − 1 = 0.75
//	group 1 (n = 3): 140 beats both: MP 4 → 5·7/3 − 1 = 32/3 = 10.67
//	                 100 beats −100: MP 2 → 3·7/3 − 1 = 6
//	                 −100: MP 0 → 7/3 − 1 = 4/3 = 1.33
//
// East-West score the rest of the top. Scored as one board, 420 would beat
// the three results of the changed form and score 8, not 4.25. The same
// figures come whether the profile factors short boards or not: a fouled
// board's groups are always factored to the whole board.
func TestFouledBoardScoresEachGroupApart(t *testing.T) {
	want := []struct{ ns, ew float64 }{{4.25, 7.75}, {9.5, 2.5}, {9.5, 2.5}, {0.75, 11.25}, {10.67, 1.33}, {6, 6}, {1.33, 10.67}}
	noNeuberg := WBF
	noNeuberg.Neuberg = false
	for _, p := range []Profile{WBF, noNeuberg} {
		score, err := ScorePairs(fouledBoard(), PairsOptions{Profile: p})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range want {
			l := score.Lines[i]
			if l.NSMatchpoints != w.ns || l.EWMatchpoints != w.ew || l.Top != 12 {
				t.Errorf("Neuberg %v, table %d (group %d, NS %+d): %v/%v of %v, want %v/%v of 12",
					p.Neuberg, i+1, fouledBoard()[i].FouledGroup, fouledBoard()[i].NSScore, l.NSMatchpoints, l.EWMatchpoints, l.Top, w.ns, w.ew)
			}
		}
	}
}

// TestFouledBoardLoneResultIsAverage: a group of one result has nothing to
// be compared with, and Neuberg's formula makes it exactly average to both
// sides: (0 + 1)·7/1 − 1 = 6 of the top 12, 50%, whatever the score.
func TestFouledBoardLoneResultIsAverage(t *testing.T) {
	rs := fouledBoard()
	for i := range rs {
		rs[i].FouledGroup = 0
	}
	rs[6].FouledGroup, rs[6].NSScore = 2, 2220
	score, err := ScorePairs(rs, PairsOptions{Profile: WBF})
	if err != nil {
		t.Fatal(err)
	}
	if l := score.Lines[6]; l.NSMatchpoints != 6 || l.EWMatchpoints != 6 || l.Top != 12 {
		t.Errorf("the lone result of group 2: %v/%v of %v, want 6/6 of 12", l.NSMatchpoints, l.EWMatchpoints, l.Top)
	}
	// The six others are compared among themselves, factored from 6 to 7:
	// 450 and 450 beat four and tie, MP 9 → 10·7/6 − 1 = 64/6 = 10.67.
	if l := score.Lines[1]; l.NSMatchpoints != 10.67 {
		t.Errorf("450 in group 0 of six: %v, want 10.67", l.NSMatchpoints)
	}
}

// TestFouledBoardIMPsWithinGroup: cross-IMPs compare a result only with its
// group. Table 5's 140 against 100 and −100 in its group is 1 and 6 IMPs,
// 3.5 over two comparisons; against the whole board it would lose heavily
// to the 420s and 450s.
func TestFouledBoardIMPsWithinGroup(t *testing.T) {
	score, err := ScoreSession(Settings{Form: CrossIMPPairs, Profile: WBF}, fouledBoard(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range score.Lines {
		if l.Result.Table == 5 && l.NSPoints != 3.5 {
			t.Errorf("table 5 earns %v cross-IMPs, want 3.5 within its group", l.NSPoints)
		}
	}
}

// TestBoardInOneFormScoresAsBefore is the property that groups change
// nothing for a board played in one form: random fields whose results all
// name one group, the same for all, score exactly as with no group at all
// (group 0), in every form of scoring. And a fouled board's group scores as
// that group's results would alone on a board factored to the full field.
func TestBoardInOneFormScoresAsBefore(t *testing.T) {
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 87))
		c := randomFieldCase(rng)
		var plain []Result
		for range 40 {
			r := c.randomResult(rng)
			r.FouledGroup = 0
			plain = append(plain, r)
		}
		want, err := ScoreSession(c.settings, plain, nil)
		if err != nil {
			t.Fatal(err)
		}
		group := 1 + rng.IntN(MaxFouledGroup)
		one := make([]Result, len(plain))
		for i, r := range plain {
			r.FouledGroup = group
			one[i] = r
		}
		got, err := ScoreSession(c.settings, one, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got.Lines {
			got.Lines[i].Result.FouledGroup = 0
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d, %v: every result in group %d scores\n%+v\nwant as in group 0\n%+v", seed, c.settings.Form, group, got, want)
		}
	}
	t.Run("a group alone", func(t *testing.T) {
		full, err := ScorePairs(fouledBoard(), PairsOptions{Profile: WBF})
		if err != nil {
			t.Fatal(err)
		}
		alone, err := ScorePairs(fouledBoard()[4:], PairsOptions{Profile: WBF, ExpectedResults: 7})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(full.Lines[4:]), fmt.Sprint(alone.Lines); got != want {
			t.Errorf("group 1 on the fouled board scores %s, alone on a board of 7 %s", got, want)
		}
	})
}

// TestFouledGroupOutOfRange: a group beyond the forms a board can have is
// refused, naming it.
func TestFouledGroupOutOfRange(t *testing.T) {
	rs := fouledBoard()
	rs[0].FouledGroup = -1
	if _, err := ScorePairs(rs, PairsOptions{Profile: WBF}); err == nil {
		t.Error("group -1 accepted")
	}
}

package rulings

import (
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestClaim(t *testing.T) {
	// After trick 1 (dummy's ♦A), South claims the other twelve tricks;
	// East and West still hold five trumps.
	const trickOne = "DT DA D4 D6"
	all := PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 12}
	doubted := Answers{"agreed": "no", "played-on": "no", "line-stated": "yes"}
	with := func(a Answers, more ...string) Answers {
		out := Answers{}
		for k, v := range a {
			out[k] = v
		}
		for i := 0; i < len(more); i += 2 {
			out[more[i]] = more[i+1]
		}
		return out
	}
	runPlayCases(t, []playCase{
		{name: "asks whether all agreed", plays: trickOne, irr: all, wantQuestion: "agreed"},
		{name: "69A agreed claim stands", plays: trickOne, irr: all, ans: Answers{"agreed": "yes"},
			wantLaws: []string{"68A", "69A", "69B"}, wantSummary: "North-South are awarded 13 tricks in all, East-West 0"},
		{name: "68D2(b) play continued with all four agreeing", plays: trickOne, irr: all, ans: Answers{"agreed": "no", "played-on": "yes"},
			wantLaws: []string{"68D", "68D2(b)"}, wantSummary: "claim is void"},
		{name: "asks about the line stated", plays: trickOne, irr: all, ans: Answers{"agreed": "no", "played-on": "no"}, wantQuestion: "line-stated"},
		{name: "70C asks whether the outstanding trump was mentioned", plays: trickOne, irr: all, ans: doubted, wantQuestion: "trump-mentioned"},
		{name: "70C claimer unaware of a trump: the tricks it could take go to the opponents", plays: trickOne, irr: all,
			ans:      with(doubted, "trump-mentioned", "no", "trump-unaware", "yes", "lost", "1"),
			wantLaws: []string{"70A", "70B", "70C", "70D", "70E"}, wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
		{name: "trump mentioned: 70C does not apply", plays: trickOne, irr: all,
			ans:         with(doubted, "trump-mentioned", "yes", "lost", "0"),
			wantSummary: "North-South are awarded 13 tricks"},
		{name: "no line stated", plays: trickOne, irr: all,
			ans:         Answers{"agreed": "no", "played-on": "no", "line-stated": "no", "trump-mentioned": "yes", "lost": "2"},
			wantLaws:    []string{"68C"},
			wantSummary: "North-South are awarded 11 tricks in all, East-West 2"},
		{name: "without the deal asks whether a trump was out", noDeal: true, plays: trickOne, irr: all, ans: doubted, wantQuestion: "trump-out"},
		{name: "71 a concession of a trick that could not be lost is cancelled", plays: trickOne,
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 9}, ans: Answers{"agreed": "yes", "unlosable": "1"},
			wantLaws: []string{"71"}, wantSummary: "North-South are awarded 11 tricks in all, East-West 2"},
		{name: "a defender's claim", plays: trickOne,
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.East, Tricks: 3}, ans: Answers{"agreed": "yes", "unlosable": "0"},
			wantSummary: "East-West are awarded 3 tricks in all, North-South 10"},
	})
	s := playState(t, true, trickOne)
	if _, err := RulePlay(s, PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 13}, nil); err == nil {
		t.Error("a claim of 13 of the 12 remaining tricks was accepted")
	}
	if _, err := RulePlay(s, all, with(doubted, "trump-mentioned", "yes", "lost", "13")); err == nil {
		t.Error("losing 13 of 12 claimed tricks was accepted")
	}
}

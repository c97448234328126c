package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

func TestRevoke(t *testing.T) {
	eastRuffs := PlayIrregularity{Kind: Revoke, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Spades, Rank: bridge.Eight}}
	westDiscards := PlayIrregularity{Kind: Revoke, Offender: bridge.West, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.Eight}}
	inTime := Answers{"attention": "in-time"}
	const (
		// Trick 1 to dummy's ♦A; trick 2: dummy leads ♣4 and East, who
		// holds three clubs, ruffs with ♠8 and wins.
		eastRevokes = "DT DA D4 D6 C4 !S8 CA C3"
		// Trick 2: West, who holds four clubs, discards ♥8; South's ♣A wins.
		westRevokes = "DT DA D4 D6 C4 C7 CA !H8"
	)
	runPlayCases(t, []playCase{
		{name: "63A1 established by a play to the next trick: asks when attention was drawn", plays: eastRevokes + " HK H6 H8 H3",
			irr: eastRuffs, wantQuestion: "attention"},
		{name: "64A1 offender won the revoke trick and a later one: two tricks", plays: eastRevokes + " HK H6 H8 H3",
			irr: eastRuffs, ans: inTime, wantLaws: []string{"61A", "63A1", "63B", "64A1"},
			wantSummary: "2 trick(s) go from East-West to North-South", wantAdjust: []string{"64C"}},
		{name: "64A1 offender won only the revoke trick: one trick", plays: eastRevokes + " H2 HA H8 H3",
			irr: eastRuffs, ans: inTime, wantLaws: []string{"64A1"},
			wantSummary: "1 trick(s) go from East-West", wantAdjust: []string{"64C"}},
		{name: "64A2 revoke trick lost, a later trick won: one trick", plays: westRevokes + " DJ D5 D3 DK",
			irr: westDiscards, ans: inTime, wantLaws: []string{"64A2"},
			wantSummary: "1 trick(s) go from East-West", wantAdjust: []string{"64C"}},
		{name: "64B1 the offending side won no trick from the revoke on", plays: westRevokes + " S4 S3 SA S9",
			irr: westDiscards, ans: inTime, wantLaws: []string{"64B1"},
			wantSummary: "No trick is transferred", wantAdjust: []string{"64C"}},
		{name: "64B2 a second revoke in the same suit by the same player", plays: eastRevokes + " HK HA H8 H3 C2 C6 CK !S9",
			irr: PlayIrregularity{Kind: Revoke, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Spades, Rank: bridge.Nine}},
			// the second revoke is not yet established: ask
			ans: Answers{"established": "yes"}, wantLaws: []string{"63A2", "64B2"},
			wantSummary: "second revoke in clubs by East (the first on trick 2)", wantAdjust: []string{"64C"}},
		{name: "64B3 a revoke by dummy", plays: "DT !C4 D4 D6 H8 H3 HJ HA",
			irr:      PlayIrregularity{Kind: Revoke, Offender: bridge.North, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Four}},
			wantLaws: []string{"64B3"}, wantSummary: "a card from dummy", wantAdjust: []string{"64C"}},
		{name: "64B3 failing to play a penalty card", plays: "DT DA D4 D6",
			penalty: []PenaltyCardOnTable{{Seat: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}, Major: true}},
			after:   "C4 C7 CA !H8 S4 S3 SA S9",
			irr:     westDiscards, wantLaws: []string{"64B3"}, wantSummary: "penalty card ♣J", wantAdjust: []string{"64C"}},
		{name: "64B3 a penalty card recorded after the play, on the table at the revoke", plays: westRevokes + " DJ D5 D3 DK",
			recorded: []PenaltyCardOnTable{{Seat: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}, Major: true, Trick: 1}},
			irr:      westDiscards, wantLaws: []string{"64B3"}, wantSummary: "penalty card ♣J", wantAdjust: []string{"64C"}},
		{name: "64B3 the penalty card on the table at the revoke was played to a later trick", noDeal: true, plays: westRevokes + " DJ D5 D3 DK C9 CQ CJ CK",
			recorded: []PenaltyCardOnTable{{Seat: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}, Major: true, Trick: 1}},
			irr:      westDiscards, wantLaws: []string{"64B3"}, wantSummary: "penalty card ♣J", wantAdjust: []string{"64C"}},
		{name: "64A2 the penalty card became one after the revoke: tricks are transferred", plays: westRevokes + " DJ D5 D3 DK",
			recorded: []PenaltyCardOnTable{{Seat: bridge.West, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Jack}, Major: true, Trick: 2}},
			irr:      westDiscards, ans: inTime, wantLaws: []string{"64A2"}, wantSummary: "1 trick(s) go from East-West", wantAdjust: []string{"64C"}},
		{name: "64A2 the revoke card was itself a penalty card: not a card faced left unplayed", plays: westRevokes + " DJ D5 D3 DK",
			recorded: []PenaltyCardOnTable{{Seat: bridge.West, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.Eight}, Major: true, Trick: 1}},
			irr:      westDiscards, ans: inTime, wantLaws: []string{"64A2"}, wantSummary: "1 trick(s) go from East-West", wantAdjust: []string{"64C"}},
		{name: "64B3 East's penalty card ♣9 from the auction lay on the table at his revoke", plays: eastRevokes + " HK H6 H8 H3",
			recorded: []PenaltyCardOnTable{{Seat: bridge.East, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Nine}, Major: true}},
			irr:      eastRuffs, wantLaws: []string{"64B3"}, wantSummary: "penalty card ♣9", wantAdjust: []string{"64C"}},
		{name: "64A1 East's ♣9 went back to his hand before the opening lead, declarer prohibiting clubs", plays: eastRevokes + " HK H6 H8 H3",
			recorded: []PenaltyCardOnTable{{Seat: bridge.East, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Nine}, Major: true}},
			pickedUp: map[bridge.Card]int{{Suit: bridge.Clubs, Rank: bridge.Nine}: 0},
			irr:      eastRuffs, ans: inTime, wantLaws: []string{"64A1"}, wantSummary: "2 trick(s) go from East-West", wantAdjust: []string{"64C"}},
		{name: "64B4 attention drawn after a call on the next board", plays: eastRevokes + " HK H6 H8 H3",
			irr: eastRuffs, ans: Answers{"attention": "next-board"}, wantLaws: []string{"64B4"},
			wantSummary: "No trick is transferred", wantAdjust: []string{"64C"}},
		{name: "64B5 attention drawn after the round ended", plays: eastRevokes + " HK H6 H8 H3",
			irr: eastRuffs, ans: Answers{"attention": "round-ended"}, wantLaws: []string{"64B5"},
			wantSummary: "after the round ended", wantAdjust: []string{"64C"}},
		{name: "64B7 both sides revoked", plays: "DT DA D4 !C2 C4 !S8 CA C3 HK H6 H8 H3",
			irr: eastRuffs, wantLaws: []string{"64B7"},
			wantSummary: "both sides revoked on this board (South on trick 1)", wantAdjust: []string{"64C"}},
		{name: "64A1, 64A2 established by a claim before the revoke trick is complete: the count waits", plays: "DT DA D4 D6 C4 !S8",
			irr: eastRuffs, ans: Answers{"established": "yes", "attention": "in-time"}, wantLaws: []string{"63A2", "64A1", "64A2"},
			wantSummary: "The revoke trick is not complete", wantAdjust: []string{"64C"}},
		{name: "not yet established: asks", plays: westRevokes,
			irr: westDiscards, wantQuestion: "established"},
		{name: "62 not established: corrected, a defender's card becomes a major penalty card", plays: westRevokes,
			irr: westDiscards, ans: Answers{"established": "no"},
			wantRestrictions: []string{"PenaltyCard W H8 major"}, wantLaws: []string{"62A", "62B1", "62B2"},
			wantSummary: "must be corrected", wantAdjust: []string{"50E3"}},
		{name: "62C cards played after the revoke may be withdrawn", plays: "DT DA D4 D6 C4 !S8 CA",
			irr: eastRuffs, ans: Answers{"established": "no"},
			wantRestrictions: []string{"PenaltyCard E S8 major"}, wantLaws: []string{"62C1", "62C2"}, wantAdjust: []string{"50E3"}},
		{name: "without the deal a later play shows the revoker held the suit", noDeal: true, plays: eastRevokes + " HK H6 H8 H3 C2 C9",
			irr: eastRuffs, ans: inTime, wantLaws: []string{"64A1"}, wantSummary: "2 trick(s)", wantAdjust: []string{"64C"}},
	})
}

// trickTwelveRevoke plays a deal of four of strain by South, without the
// hands, in which the second player to trick 12 revokes with ♥2.
func trickTwelveRevoke(t *testing.T, strain bridge.Strain) (*PlayState, PlayIrregularity) {
	t.Helper()
	s, err := NewPlayState(bridge.Contract{Level: 4, Strain: strain}, bridge.South, nil)
	if err != nil {
		t.Fatal(err)
	}
	last := []string{"SA", "!H2", "S8", "S9", "SK", "ST", "SJ", "SQ"}
	held := map[bridge.Card]bool{}
	for _, w := range last {
		held[card(t, w[len(w)-2:])] = true
	}
	for i := range 52 {
		if c := bridge.CardFromIndex(i); !held[c] {
			if err := s.Play(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	playCards(t, s, strings.Join(last, " "))
	return s, PlayIrregularity{Kind: Revoke, Offender: s.Tricks()[11].Seat(1), Card: card(t, "H2")}
}

func TestRevokeOnTrickTwelve(t *testing.T) {
	s, irr := trickTwelveRevoke(t, bridge.StrainSpades)
	r, err := RulePlay(*s, irr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pending() || r.Questions[0].ID != "hands-returned" {
		t.Fatalf("want the hands-returned question, got %+v", r.Questions)
	}
	r, err = RulePlay(*s, irr, Answers{"hands-returned": "no"})
	if err != nil {
		t.Fatal(err)
	}
	for _, law := range []string{"62D1", "64B6"} {
		if !containsString(r.Laws, law) {
			t.Errorf("law %s not cited: %v", law, r.Laws)
		}
	}
	if s.IsDefender(irr.Offender) || containsString(r.Laws, "62D2") {
		t.Errorf("dummy %v revoked, yet the ruling cites %v", irr.Offender, r.Laws)
	}
}

// 2017 Law 62D2: a defender revokes on trick 12 before his partner plays to
// it, so Law 16C makes the revoke card unauthorised to that partner.
func TestRevokeOnTrickTwelveByDefenderBeforePartner(t *testing.T) {
	s, irr := trickTwelveRevoke(t, bridge.StrainDiamonds)
	if !s.IsDefender(irr.Offender) {
		t.Fatalf("test deal: revoker %v is not a defender", irr.Offender)
	}
	r, err := RulePlay(*s, irr, Answers{"hands-returned": "no"})
	if err != nil {
		t.Fatal(err)
	}
	partner := irr.Offender.Partner().Name()
	if !containsString(r.Laws, "62D2") || !containsString(r.Laws, "16C") ||
		len(r.Unauthorised) != 1 || !strings.Contains(r.Unauthorised[0], "unauthorised to "+partner) {
		t.Errorf("laws %v, unauthorised %v; want 62D2 and 16C with the revoke card unauthorised to %s", r.Laws, r.Unauthorised, partner)
	}
}

func TestTricksTransferred(t *testing.T) {
	tests := []struct {
		name, plays string
		offender    bridge.Seat
		trick, want int
	}{
		{"offender won revoke trick and a later one", "DT DA D4 D6 C4 !S8 CA C3 HK H6 H8 H3", bridge.East, 1, 2},
		{"offender won revoke trick only", "DT DA D4 D6 C4 !S8 CA C3 H2 HA H8 H3", bridge.East, 1, 1},
		{"partner won a later trick", "DT DA D4 D6 C4 C7 CA !H8 DJ D5 D3 DK", bridge.West, 1, 1},
		{"no trick won", "DT DA D4 D6 C4 C7 CA !H8 S4 S3 SA S9", bridge.West, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := playState(t, true, tc.plays).TricksTransferred(tc.offender, tc.trick)
			if err != nil || got != tc.want {
				t.Errorf("got %d, %v; want %d", got, err, tc.want)
			}
		})
	}
	if _, err := playState(t, true, "DT").TricksTransferred(bridge.West, 0); err == nil {
		t.Error("an incomplete trick gave a transfer")
	}
}

func TestRevokeRejectsWhatIsNoRevoke(t *testing.T) {
	s := playState(t, true, "DT DA D4 D6 C4 C7 CA C3")
	for _, irr := range []PlayIrregularity{
		{Kind: Revoke, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Seven}}, // followed suit
		{Kind: Revoke, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}}, // not played
	} {
		if _, err := RulePlay(s, irr, nil); err == nil {
			t.Errorf("%v ruled as a revoke", irr.Card)
		}
	}
}

package rulings

import (
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// testDeal, South declares 4♠:
//
//	North ♠AKQ2 ♥543 ♦A32 ♣K54
//	East  ♠J98 ♥KQJ2 ♦KQ4 ♣987
//	South ♠7654 ♥A76 ♦J76 ♣AQ2
//	West  ♠T3 ♥T98 ♦T985 ♣JT63
const testDeal = "N:AKQ2.543.A32.K54 J98.KQJ2.KQ4.987 7654.A76.J76.AQ2 T3.T98.T985.JT63"

// playState builds 4♠ by South on testDeal (or without the deal) and plays
// the cards given, "!" marking a revoke: "DT DA D4 D6 C4 !S8".
func playState(t *testing.T, withDeal bool, plays string) PlayState {
	t.Helper()
	s := newTestPlayState(t, withDeal)
	playCards(t, s, plays)
	return *s
}

// newTestPlayState starts 4♠ by South on testDeal, or without the deal.
func newTestPlayState(t *testing.T, withDeal bool) *PlayState {
	t.Helper()
	var deal *bridge.Deal
	if withDeal {
		d, err := bridge.ParsePBNDeal(testDeal)
		if err != nil {
			t.Fatal(err)
		}
		deal = &d
	}
	s, err := NewPlayState(bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, bridge.South, deal)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playCards records the plays, "!" marking a revoke.
func playCards(t *testing.T, s *PlayState, plays string) {
	t.Helper()
	for _, w := range strings.Fields(plays) {
		var err error
		if c, ok := strings.CutPrefix(w, "!"); ok {
			err = s.Revoke(card(t, c))
		} else {
			err = s.Play(card(t, w))
		}
		if err != nil {
			t.Fatalf("playing %s: %v", w, err)
		}
	}
}

func card(t *testing.T, s string) bridge.Card {
	t.Helper()
	c, err := bridge.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestPlayStateHelpers(t *testing.T) {
	// Trick 1: West ♦T, North ♦A wins. Trick 2: North ♣4, East ruffs ♠8
	// (a revoke: he holds clubs), South ♣A, West ♣3. Trick 3: East ♥K wins.
	s := playState(t, true, "DT DA D4 D6 C4 !S8 CA C3 HK H6 H8 H3")
	if s.Declarer() != bridge.South || s.Dummy() != bridge.North {
		t.Errorf("declarer %v dummy %v", s.Declarer(), s.Dummy())
	}
	if d := s.Defenders(); d != [2]bridge.Seat{bridge.West, bridge.East} {
		t.Errorf("defenders %v", d)
	}
	if got := s.OnLead(); got != bridge.East {
		t.Errorf("on lead %v, want East (won trick 3)", got)
	}
	if ns, ew := s.TricksWon(bridge.NorthSouth), s.TricksWon(bridge.EastWest); ns != 1 || ew != 2 {
		t.Errorf("tricks won NS %d EW %d, want 1 and 2", ns, ew)
	}
	if w, _ := s.TrickWinner(1); w != bridge.East {
		t.Errorf("trick 2 won by %v, want East's ruff", w)
	}
	if s.CompleteTricks() != 3 || s.Finished() {
		t.Errorf("complete %d finished %v", s.CompleteTricks(), s.Finished())
	}
	mid := playState(t, true, "DT D2")
	if mid.OnLead() != bridge.West || mid.ToPlay() != bridge.East {
		t.Errorf("mid-trick: on lead %v to play %v", mid.OnLead(), mid.ToPlay())
	}
	if fresh := playState(t, true, ""); fresh.OnLead() != bridge.West || fresh.ToPlay() != bridge.West {
		t.Errorf("before the opening lead: %v %v", fresh.OnLead(), fresh.ToPlay())
	}
}

func TestPlayStateNoTrumpWinner(t *testing.T) {
	s, err := NewPlayState(bridge.Contract{Level: 3, Strain: bridge.NoTrump}, bridge.North, nil)
	if err != nil {
		t.Fatal(err)
	}
	// East leads ♣2; South discards ♠A: in no trumps the highest club wins.
	for _, c := range []string{"C2", "SA", "C9", "C5"} {
		if err := s.Play(card(t, c)); err != nil {
			t.Fatal(err)
		}
	}
	if w, _ := s.TrickWinner(0); w != bridge.West {
		t.Errorf("winner %v, want West's ♣9", w)
	}
}

func TestPlayStateRejects(t *testing.T) {
	d, _ := bridge.ParsePBNDeal(testDeal)
	if _, err := NewPlayState(bridge.PassedOut, bridge.South, nil); err == nil {
		t.Error("a passed-out board was accepted")
	}
	if _, err := NewPlayState(bridge.Contract{Level: 8, Strain: bridge.NoTrump}, bridge.South, nil); err == nil {
		t.Error("an eight-level contract was accepted")
	}
	if _, err := NewPlayState(bridge.Contract{Level: 1, Strain: bridge.NoTrump}, 7, nil); err == nil {
		t.Error("seat 7 was accepted as declarer")
	}
	bad := d
	bad[bridge.North] = bad[bridge.North].Remove(bridge.Card{Suit: bridge.Spades, Rank: bridge.Ace})
	if _, err := NewPlayState(bridge.Contract{Level: 1, Strain: bridge.NoTrump}, bridge.South, &bad); err == nil {
		t.Error("a deal of 51 cards was accepted")
	}
	tests := []struct {
		name, plays, card string
		revoke            bool
		want              string
	}{
		{"not his card", "", "SA", false, "belongs to North"},
		{"must follow", "DT", "C4", false, "must follow suit"},
		{"already played", "DT DA D4 D6", "DT", false, "already been played"},
		{"revoke on a lead", "", "DT", true, "is a lead"},
		{"revoke following suit", "DT", "D2", true, "follows suit"},
		{"revoke when void", "DT DA D4 D6 C4 C7 CA C3 S4 S3 SA S8 SK S9 S5 ST SQ SJ S6", "H8", true, "legal discard"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := playState(t, true, tc.plays)
			var err error
			if tc.revoke {
				err = s.Revoke(card(t, tc.card))
			} else {
				err = s.Play(card(t, tc.card))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
	s := playState(t, true, "")
	if err := s.AddPenaltyCard(bridge.South, card(t, "S7"), true); err == nil || !strings.Contains(err.Error(), "48A") {
		t.Errorf("declarer's penalty card: %v", err)
	}
	if err := s.AddPenaltyCard(bridge.West, card(t, "SA"), true); err == nil {
		t.Error("West was given North's ♠A as a penalty card")
	}
	var zero PlayState
	if err := zero.Play(card(t, "SA")); err == nil {
		t.Error("the zero play state accepted a card")
	}
}

func TestPlayStateWithoutDealKeepsPenaltyCards(t *testing.T) {
	s := playState(t, false, "")
	if err := s.AddPenaltyCard(bridge.East, card(t, "HK"), true); err != nil {
		t.Fatal(err)
	}
	if err := s.Play(card(t, "HK")); err == nil {
		t.Error("West played East's penalty card")
	}
	if err := s.AddPenaltyCard(bridge.East, card(t, "HK"), true); err == nil {
		t.Error("the same penalty card was added twice")
	}
	for _, c := range []string{"H2", "H3", "HK"} {
		if err := s.Play(card(t, c)); err != nil {
			t.Fatal(err)
		}
	}
	if pcs := s.PenaltyCards(); len(pcs) != 0 {
		t.Errorf("penalty card still on the table after East played it: %v", pcs)
	}
}

// TestPenaltyCardRecord: a penalty card recorded after the play keeps the
// trick at which it became one, and may have been played since.
func TestPenaltyCardRecord(t *testing.T) {
	// Trick 2: North leads ♣4, East ♣7, South ♣A, West discards ♥8 (a
	// revoke); trick 3: South ♦J, West ♦5, North ♦3, East ♦K; trick 4:
	// East ♣9, South ♣Q, West ♣J, North ♣K.
	const plays = "DT DA D4 D6 C4 C7 CA !H8 DJ D5 D3 DK C9 CQ CJ CK"
	jack := func(trick int) PenaltyCardOnTable {
		return PenaltyCardOnTable{Seat: bridge.West, Card: card(t, "CJ"), Major: true, Trick: trick}
	}
	s := playState(t, true, plays)
	if err := s.AddPenaltyCardAt(jack(1)); err != nil {
		t.Fatal(err)
	}
	if pcs := s.PenaltyCards(); len(pcs) != 0 {
		t.Errorf("♣J, played to trick 4, is still on the table: %v", pcs)
	}
	for i, want := range []int{0, 1, 1, 1, 0} {
		if got := len(s.penaltyCardsAt(bridge.West, i)); got != want {
			t.Errorf("trick %d: %d penalty cards of West on the table, want %d", i+1, got, want)
		}
	}
	for name, tc := range map[string]struct {
		p    PenaltyCardOnTable
		want string
	}{
		"played before it became one": {jack(4), "before it became a penalty card"},
		"played by another player":    {PenaltyCardOnTable{Seat: bridge.West, Card: card(t, "CK"), Trick: 1}, "does not hold"},
		"a trick still to come":       {PenaltyCardOnTable{Seat: bridge.West, Card: card(t, "C6"), Trick: 6}, "not one of the tricks"},
		"declarer's card":             {PenaltyCardOnTable{Seat: bridge.South, Card: card(t, "S7"), Trick: 1}, "48A"},
		"twice":                       {jack(2), "already a penalty card"},
	} {
		if err := s.AddPenaltyCardAt(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", name, err, tc.want)
		}
	}
	// West's ♥T, a penalty card from trick 2, went back to his hand before
	// East led to trick 4, declarer prohibiting hearts; it can be a
	// penalty card again later, exposed anew.
	ten := PenaltyCardOnTable{Seat: bridge.West, Card: card(t, "HT"), Major: true, Trick: 1}
	if err := s.AddPenaltyCardAt(ten); err != nil {
		t.Fatal(err)
	}
	if err := s.PickUpPenaltyCard(ten.Card, 2); err == nil || !strings.Contains(err.Error(), "South leads trick 3") {
		t.Errorf("♥T picked up when South led: %v", err)
	}
	if err := s.PickUpPenaltyCard(ten.Card, 3); err != nil {
		t.Fatal(err)
	}
	if at3, at4 := s.penaltyCardsAt(bridge.West, 2), s.penaltyCardsAt(bridge.West, 3); len(at3) != 2 || len(at4) != 1 {
		t.Errorf("West's penalty cards at trick 3 %v, at trick 4 %v: want ♥T at trick 3, not 4", at3, at4)
	}
	if err := s.AddPenaltyCardAt(PenaltyCardOnTable{Seat: bridge.West, Card: ten.Card, Major: true, Trick: 4}); err != nil {
		t.Errorf("♥T exposed again at trick 5: %v", err)
	}
	for name, tc := range map[string]struct {
		c     string
		trick int
	}{
		"before it became one":                {"HT", 0},
		"after it was played":                 {"CJ", 4},
		"no penalty card":                     {"S3", 2},
		"a trick still to come":               {"HT", 7},
		"North, not East, is to lead trick 5": {"HT", 4},
	} {
		if err := s.PickUpPenaltyCard(card(t, tc.c), tc.trick); err == nil {
			t.Errorf("picked up %s: %s", tc.c, name)
		}
	}
	blind := playState(t, false, plays)
	if err := blind.AddPenaltyCardAt(PenaltyCardOnTable{Seat: bridge.East, Card: card(t, "CJ"), Trick: 1}); err == nil || !strings.Contains(err.Error(), "played by West") {
		t.Errorf("without the deal, West's ♣J recorded as East's: %v", err)
	}
	// AddPenaltyCard puts the card at the trick its owner plays to next.
	mid := playState(t, true, "DT D2")
	if err := mid.AddPenaltyCard(bridge.West, card(t, "CJ"), true); err != nil {
		t.Fatal(err)
	}
	if err := mid.AddPenaltyCard(bridge.East, card(t, "HK"), true); err != nil {
		t.Fatal(err)
	}
	if pcs := mid.PenaltyCards(); len(pcs) != 2 || pcs[0].Trick != 1 || pcs[1].Trick != 0 {
		t.Errorf("penalty cards %+v: want West's at trick 2 (he has played to trick 1), East's at trick 1", pcs)
	}
}

// playCase is one situation for RulePlay and what the ruling must hold.
type playCase struct {
	name    string
	noDeal  bool
	plays   string
	penalty []PenaltyCardOnTable // put on the table after the plays
	after   string               // plays recorded after the penalty cards
	// recorded are penalty cards recorded after all the plays, each at
	// its trick, as the rulings service does.
	recorded []PenaltyCardOnTable
	// pickedUp are the tricks before whose lead recorded penalty cards went
	// back to the hand.
	pickedUp map[bridge.Card]int
	// inForce are lead restrictions in force from earlier rulings, as the
	// rulings service gives them (RestrictLead).
	inForce []Restriction
	irr     PlayIrregularity
	ans     Answers
	// wantQuestion is the ID of the question the ruling waits for.
	wantQuestion string
	// wantOptions are the option IDs offered, in order.
	wantOptions []string
	// wantChooser chooses the options.
	wantChooser bridge.Seat
	// wantRestrictions are the restrictions, as restrictionKey writes them.
	wantRestrictions []string
	wantLaws         []string // each must be cited
	wantSummary      string   // a part of the summary
	wantAdjust       []string
}

func runPlayCases(t *testing.T, cases []playCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := playState(t, !tc.noDeal, tc.plays)
			for _, p := range tc.penalty {
				if err := s.AddPenaltyCard(p.Seat, p.Card, p.Major); err != nil {
					t.Fatal(err)
				}
			}
			playCards(t, &s, tc.after)
			for _, p := range tc.recorded {
				if err := s.AddPenaltyCardAt(p); err != nil {
					t.Fatal(err)
				}
			}
			for c, trick := range tc.pickedUp {
				if err := s.PickUpPenaltyCard(c, trick); err != nil {
					t.Fatal(err)
				}
			}
			for _, x := range tc.inForce {
				if err := s.RestrictLead(x); err != nil {
					t.Fatal(err)
				}
			}
			r, err := RulePlay(s, tc.irr, tc.ans)
			if err != nil {
				t.Fatal(err)
			}
			checkRuling(t, tc, r)
		})
	}
}

func checkRuling(t *testing.T, tc playCase, r Ruling) {
	t.Helper()
	if tc.wantQuestion != "" {
		if !r.Pending() || r.Questions[0].ID != tc.wantQuestion {
			t.Fatalf("want question %q, got %+v", tc.wantQuestion, r.Questions)
		}
		if want := "The director's judgement is needed: " + r.Questions[0].Text; !strings.Contains(r.Summary, want) {
			t.Errorf("summary %q does not say %q", r.Summary, want)
		}
		return
	}
	if r.Pending() {
		t.Fatalf("unexpected question %q", r.Questions[0].ID)
	}
	var opts []string
	for _, o := range r.Options {
		opts = append(opts, o.ID)
		if o.Chooser != tc.wantChooser {
			t.Errorf("option %s chosen by %v, want %v", o.ID, o.Chooser, tc.wantChooser)
		}
	}
	if strings.Join(opts, " ") != strings.Join(tc.wantOptions, " ") {
		t.Errorf("options %v, want %v", opts, tc.wantOptions)
	}
	var rs []string
	for _, x := range r.Restrictions {
		rs = append(rs, restrictionKey(x))
	}
	if strings.Join(rs, "; ") != strings.Join(tc.wantRestrictions, "; ") {
		t.Errorf("restrictions %v, want %v", rs, tc.wantRestrictions)
	}
	for _, law := range tc.wantLaws {
		if !containsString(r.Laws, law) {
			t.Errorf("law %s not cited in %v", law, r.Laws)
		}
	}
	if !strings.Contains(r.Summary, tc.wantSummary) {
		t.Errorf("summary %q does not say %q", r.Summary, tc.wantSummary)
	}
	if strings.Join(r.AdjustmentMayFollow, " ") != strings.Join(tc.wantAdjust, " ") {
		t.Errorf("adjustment may follow %v, want %v", r.AdjustmentMayFollow, tc.wantAdjust)
	}
}

// checkConsequences checks that each option named in want says its part
// of what follows.
func checkConsequences(t *testing.T, r Ruling, want map[string]string) {
	t.Helper()
	for _, o := range r.Options {
		if w, ok := want[o.ID]; ok && !strings.Contains(o.Consequence, w) {
			t.Errorf("%s: %q, want %q", o.ID, o.Consequence, w)
		}
	}
}

// restrictionKey writes a restriction compactly: "LeadRequired W H",
// "PenaltyCard E HK major".
func restrictionKey(r Restriction) string {
	seat := r.Seat.String()
	switch r.Kind {
	case LeadRequired, LeadProhibited, LeadProhibitedOneOf:
		var suits []string
		for _, s := range r.Suits {
			suits = append(suits, s.String())
		}
		kind := map[RestrictionKind]string{LeadRequired: "LeadRequired", LeadProhibited: "LeadProhibited", LeadProhibitedOneOf: "LeadProhibitedOneOf"}[r.Kind]
		return kind + " " + seat + " " + strings.Join(suits, "")
	case PenaltyCard:
		size := "minor"
		if r.Major {
			size = "major"
		}
		return "PenaltyCard " + seat + " " + r.Card.String() + " " + size
	}
	return "other"
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestRulePlayRejectsBadInput(t *testing.T) {
	s := playState(t, true, "")
	lead := PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: card(t, "HK")}
	tests := []struct {
		name string
		s    PlayState
		irr  PlayIrregularity
		ans  Answers
		want string
	}{
		{"zero state", PlayState{}, lead, nil, "NewPlayState"},
		{"unknown kind", s, PlayIrregularity{Kind: 99, Offender: bridge.East}, nil, "unknown irregularity kind"},
		{"bad seat", s, PlayIrregularity{Kind: LeadOutOfTurn, Offender: 9}, nil, "not a seat"},
		{"answer not a choice", s, lead, Answers{"faced": "maybe"}, `"maybe"`},
		{"choice not offered", s, lead, Answers{"faced": "yes", "seen-dummy": "no", "choice": "require-S"}, "require-S"},
		{"card not held", s, PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.East, Card: card(t, "SA")}, nil, "does not hold"},
		{"correct leader", s, PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.West, Card: card(t, "DT")}, nil, "West's turn"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := RulePlay(tc.s, tc.irr, tc.ans)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestRulePlayNamesMissingCard: an irregularity that names a card but came
// without one is refused in the director's words, never with a Go value
// such as "♣Rank(0)".
func TestRulePlayNamesMissingCard(t *testing.T) {
	s := playState(t, true, "DT D2 DQ D6")
	want := map[PlayIrregularityKind]string{
		LeadOutOfTurn: "lead out of turn: no card given; say the card led",
		Revoke:        "revoke: no card given; say the revoke card",
	}
	for k := LeadOutOfTurn; k <= PenaltyCardLead; k++ {
		role := k.CardRole()
		if role == "" {
			continue
		}
		_, err := RulePlay(s, PlayIrregularity{Kind: k, Offender: bridge.East}, Answers{"faced": "yes", "seen-dummy": "no"})
		switch {
		case err == nil:
			t.Errorf("%s without a card: ruled", k)
		case strings.Contains(err.Error(), "Rank(") || !strings.Contains(err.Error(), "say "+role):
			t.Errorf("%s without a card: %q, want it to ask for %s", k, err, role)
		case want[k] != "" && !strings.Contains(err.Error(), want[k]):
			t.Errorf("%s without a card: %q, want %q", k, err, want[k])
		}
	}
	_, err := RulePlay(s, PlayIrregularity{Kind: Revoke, Offender: bridge.North, Card: card(t, "C5")}, nil)
	if err == nil || strings.Contains(err.Error(), "PlayState") {
		t.Errorf("revoke card never played: %v, want it refused without naming Go types", err)
	}
}

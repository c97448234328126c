package rulings

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// Five-card endings, hands from North clockwise ("spades.hearts.diamonds.clubs"), each
// suit holding five of the cards left.
const (
	// South to lead in 4♠, trumps drawn. East's ♥K is single: playing to
	// the ♥A drops it, the finesse of the ♥J loses to it.
	endHeartKing = "432.AJ.. .K.KQ.AK AK.Q2.A. ..JT.QJT"
	// South to lead in 3NT. West's ♥K4 sits over North's ♥AQ: the finesse
	// of the ♥Q wins, the ♥A does not drop the ♥K.
	endFinesse = "AKQ.AQ.. T..JT.JT .2.AKQ.A J.K4..KQ"
	// South to lead in 4♠; West still holds the ♠J and no diamond: a
	// diamond before the ♠A is ruffed.
	endTrumpOut = "32.AK..A .T.JT.JT AK..AKQ. J.QJ..KQ"
	// South to lead in 4♠; West holds the ♠J but follows to every suit
	// South has, and East has no trump: no play loses a trick to it.
	endTrumpHarmless = "2.5432.. .A..KQJT AKQ..AK. J..QJT.A"
	// East to lead against 3NT by South: his clubs, then the ♥2 to West's
	// ♥A — if West has kept it through the clubs.
	endDefence = "AKQJ.K.. .2..AKQJ T.QJ.T.T .A.AKQJ."
)

// A slam in 6♠ by South with trumps drawn but East's ♠2, after seven
// tricks all North-South's; South leads, holding ♠AJT ♣AKQ, North ♠8
// ♦T5432, East ♠2 ♥AK432, West ♥8765 ♣65. Dummy may ruff South's clubs
// or, carelessly, throw a diamond on them, when East ruffs.
const (
	dealTrumpForgotten = "N:8765..AKQJT5432. 432.AKQJT9432..7 AKQJT9...AKQJT98 .8765.9876.65432"
	playTrumpForgotten = "C2 S5 C7 C8 DA H9 C9 D6 DK HT CT D7 DQ HJ CJ D8 DJ HQ S9 D9 SK C3 S6 S3 SQ C4 S7 S4"
	// dealDummyOutOfTrumps is the same slam with North's ♠8 West's ♦9:
	// dummy cannot ruff, and East ruffs the first club.
	dealDummyOutOfTrumps = "N:765..AKQJT95432. 432.AKQJT9432..7 AKQJT9...AKQJT98 8.8765.876.65432"
	playDummyOutOfTrumps = "C2 S5 C7 C8 DA H9 C9 D6 DK HT CT D7 DQ HJ CJ D8 DJ HQ S9 C3 SK S8 S6 S3 SQ C4 S7 S4"
)

// endingState builds the play of contract by declarer up to an ending:
// hands are the cards each seat still holds, every suit with 1, 5, 9 or 13
// cards among them. The other cards are played first, a suit at a time in
// tricks that all four follow, each won by declarer but the last, which
// leader wins so that he leads to the ending. It returns the state and
// the play, as the API takes them.
func endingState(t testing.TB, contract string, declarer bridge.Seat, hands string, leader bridge.Seat) (PlayState, string, string) {
	t.Helper()
	var end bridge.Deal
	for i, f := range strings.Fields(hands) {
		h, err := bridge.ParseHand(f)
		if err != nil {
			t.Fatal(err)
		}
		end[i] = h
	}
	var history [][]bridge.Card
	for _, suit := range []bridge.Suit{bridge.Clubs, bridge.Diamonds, bridge.Hearts, bridge.Spades} {
		var cards []bridge.Card
		for r := bridge.Ace; r >= bridge.Two; r-- {
			if c := (bridge.Card{Suit: suit, Rank: r}); !slices.ContainsFunc(end[:], func(h bridge.Hand) bool { return h.Has(c) }) {
				cards = append(cards, c)
			}
		}
		if len(cards)%4 != 0 {
			t.Fatalf("the ending leaves %d %vs to play before it; want a multiple of 4", len(cards), suit)
		}
		for i := 0; i < len(cards); i += 4 {
			history = append(history, cards[i:i+4])
		}
	}
	deal := end
	var plays []string
	lead := declarer.LHO()
	for i, chunk := range history {
		winner := declarer
		if i == len(history)-1 {
			winner = leader
		}
		// The winner gets the trick's top card, the others the rest in turn.
		var got [4]bridge.Card
		got[winner] = chunk[0]
		rest := chunk[1:]
		for k := range 4 {
			if seat := (lead + bridge.Seat(k)) % 4; seat != winner {
				got[seat], rest = rest[0], rest[1:]
			}
		}
		for k := range 4 {
			seat := (lead + bridge.Seat(k)) % 4
			deal[seat] = deal[seat].Add(got[seat])
			plays = append(plays, got[seat].String())
		}
		lead = winner
	}
	c, err := bridge.ParseContract(contract)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewPlayState(c, declarer, &deal)
	if err != nil {
		t.Fatal(err)
	}
	play := strings.Join(plays, " ")
	for _, w := range plays {
		c, _ := bridge.ParseCard(w)
		if err := s.Play(c); err != nil {
			t.Fatalf("playing %s: %v", w, err)
		}
	}
	if s.OnLead() != leader {
		t.Fatalf("the ending is led by %v, want %v", s.OnLead(), leader)
	}
	return *s, deal.PBN(bridge.North), play
}

// claimCase is a claim at an ending: the ruling checked as for any play
// irregularity, and the solver's figures.
type claimCase struct {
	playCase
	hands    string
	contract string
	leader   bridge.Seat
	// deal, when set, is the whole deal in place of hands: the contract
	// is played by South from its first card, the plays recorded.
	deal string
	// line is the stated line, as ParseClaimLine reads it.
	line string
	// after are cards played after the claim (plays, those before it).
	after string
	// wantFigures are Best, Line and LostToTrump.
	wantFigures [3]int
	// notLaws are laws the ruling must not cite.
	notLaws []string
}

func runClaimCases(t *testing.T, cases []claimCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			contract := tc.contract
			if contract == "" {
				contract = "4S"
			}
			var s PlayState
			if tc.deal != "" {
				s = dealState(t, contract, tc.deal)
			} else {
				s, _, _ = endingState(t, contract, bridge.South, tc.hands, tc.leader)
			}
			playCards(t, &s, tc.plays+" "+tc.after)
			irr := tc.irr
			irr.Kind, irr.PlayedAfter = Claim, len(strings.Fields(tc.after))
			var err error
			if irr.Line, err = ParseClaimLine(tc.line); err != nil {
				t.Fatal(err)
			}
			r, err := RulePlay(s, irr, tc.ans)
			if err != nil {
				t.Fatal(err)
			}
			if r.Claim == nil {
				t.Fatalf("no figures: %s", r.Summary)
			}
			if got := [3]int{r.Claim.Best, r.Claim.Line, r.Claim.LostToTrump}; got != tc.wantFigures {
				t.Errorf("best, line, lost to trump = %v, want %v; line %v", got, tc.wantFigures, r.Claim.LineTricks)
			}
			checkRuling(t, tc.playCase, r)
			for _, law := range tc.notLaws {
				if containsString(r.Laws, law) {
					t.Errorf("law %s cited in %v", law, r.Laws)
				}
			}
		})
	}
}

// dealState returns contract by South on the deal, before the opening lead.
func dealState(t *testing.T, contract, pbn string) PlayState {
	t.Helper()
	deal, err := bridge.ParsePBNDeal(pbn)
	if err != nil {
		t.Fatal(err)
	}
	c, err := bridge.ParseContract(contract)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewPlayState(c, bridge.South, &deal)
	if err != nil {
		t.Fatal(err)
	}
	return *s
}

// withAnswers returns a with the answers more, question and answer in turn.
func withAnswers(a Answers, more ...string) Answers {
	out := maps.Clone(a)
	for i := 0; i+1 < len(more); i += 2 {
		out[more[i]] = more[i+1]
	}
	return out
}

func TestClaimWithTheDeal(t *testing.T) {
	south := func(n int) PlayIrregularity { return PlayIrregularity{Offender: bridge.South, Tricks: n} }
	doubted := Answers{"agreed": "no"}
	runClaimCases(t, []claimCase{
		{playCase: playCase{name: "a claim good double dummy and along its line stands without a question",
			irr: south(5), ans: doubted, wantLaws: []string{"68A", "68D", "70A"},
			wantSummary: "North-South are awarded 13 tricks in all, East-West 0"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HA S", wantFigures: [3]int{5, 5, 0}},
		{playCase: playCase{name: "a claim in the middle of a trick: North's stated ♥A drops the ♥K",
			plays: "H2 CT", irr: south(5), ans: doubted, wantSummary: "they take 5: ♥A ♥K, ♠4 ♣A ♠A"},
			hands: endHeartKing, leader: bridge.South, line: "HA S", wantFigures: [3]int{5, 5, 0}},
		{playCase: playCase{name: "asks first whether all agreed", irr: south(5), wantQuestion: "agreed"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "the stated finesse loses to the ♥K: asks whether the line is normal",
			irr: south(5), ans: doubted, wantQuestion: "line-normal"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "the stated finesse loses to the ♥K: the trick goes to East-West",
			irr: south(5), ans: withAnswers(doubted, "line-normal", "yes"), wantLaws: []string{"70A", "70B", "70D1"},
			wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "an agreed claim its line would not make: asks whether agreement was withdrawn",
			irr: south(5), ans: Answers{"agreed": "yes"}, wantQuestion: "withdrawn"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "69B agreement withdrawn: the trick goes back",
			irr: south(5), ans: Answers{"agreed": "yes", "withdrawn": "yes", "likely": "1"}, wantLaws: []string{"69A", "69B"},
			wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "70E an unstated finesse is not admitted",
			irr: south(5), ans: withAnswers(doubted, "line-normal", "yes"), wantLaws: []string{"68C", "70D1", "70E1"},
			wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			contract: "3NT", hands: endFinesse, leader: bridge.South, wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "the line found is not normal: the director counts the tricks, no fewer than double dummy",
			irr: south(5), ans: withAnswers(doubted, "line-normal", "no", "lost", "0"),
			wantSummary: "North-South are awarded 13 tricks in all, East-West 0"},
			contract: "3NT", hands: endFinesse, leader: bridge.South, wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "70C an outstanding trump a diamond lead loses to: asks whether it was mentioned",
			irr: south(5), ans: doubted, wantQuestion: "trump-mentioned"},
			hands: endTrumpOut, leader: bridge.South, wantFigures: [3]int{5, 4, 1}},
		{playCase: playCase{name: "70C asks whether the claimer was at all likely unaware",
			irr: south(5), ans: withAnswers(doubted, "trump-mentioned", "no"), wantQuestion: "trump-unaware"},
			hands: endTrumpOut, leader: bridge.South, wantFigures: [3]int{5, 4, 1}},
		{playCase: playCase{name: "70C the claimer likely unaware: the ruff goes to East-West",
			irr: south(5), ans: withAnswers(doubted, "trump-mentioned", "no", "trump-unaware", "yes", "line-normal", "yes"),
			wantLaws: []string{"70C", "70D1"}, wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			hands: endTrumpOut, leader: bridge.South, wantFigures: [3]int{5, 4, 1}},
		{playCase: playCase{name: "70C the trump mentioned: the director judges the ruff not normal",
			irr: south(5), ans: withAnswers(doubted, "trump-mentioned", "yes", "line-normal", "no", "lost", "0"),
			wantSummary: "North-South are awarded 13 tricks in all, East-West 0"},
			hands: endTrumpOut, leader: bridge.South, wantFigures: [3]int{5, 4, 1}},
		{playCase: playCase{name: "70C a claim the line makes though it loses a trick to the trump: no question, 70C not cited",
			irr: south(4), ans: doubted, wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			hands: endTrumpOut, leader: bridge.South, wantFigures: [3]int{5, 4, 1}, notLaws: []string{"70C"}},
		{playCase: playCase{name: "70C dummy may throw a diamond on South's ♣A, ruffed by East: asks whether the trump was mentioned",
			plays: playTrumpForgotten, irr: south(6), ans: doubted, wantQuestion: "trump-mentioned"},
			contract: "6S", deal: dealTrumpForgotten, line: "C", wantFigures: [3]int{6, 5, 1}},
		{playCase: playCase{name: "70C dummy's careless discard under a forgotten trump loses the ruff to East-West",
			plays: playTrumpForgotten, irr: south(6),
			ans:      withAnswers(doubted, "trump-mentioned", "no", "trump-unaware", "yes", "line-normal", "yes"),
			wantLaws: []string{"70C", "70D1"}, wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			contract: "6S", deal: dealTrumpForgotten, line: "C", wantFigures: [3]int{6, 5, 1}},
		{playCase: playCase{name: "the stated ♦2 is dummy's discard on the ♣A, and East ruffs it",
			plays: playTrumpForgotten, irr: south(6),
			ans:      withAnswers(doubted, "trump-mentioned", "no", "trump-unaware", "yes", "line-normal", "yes"),
			wantLaws: []string{"70C"}, wantSummary: "they take 5: ♣A ♣6 ♦2 ♠2"},
			contract: "6S", deal: dealTrumpForgotten, line: "CA D2", wantFigures: [3]int{6, 5, 1}},
		{playCase: playCase{name: "70C dummy out of trumps: East ruffs the first club",
			plays: playDummyOutOfTrumps, irr: south(6),
			ans:      withAnswers(doubted, "trump-mentioned", "no", "trump-unaware", "yes", "line-normal", "yes"),
			wantLaws: []string{"70C", "70D1"}, wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
			contract: "6S", deal: dealDummyOutOfTrumps, line: "C", wantFigures: [3]int{6, 5, 1}},
		{playCase: playCase{name: "70C an outstanding trump no play loses a trick to: no question",
			irr: south(5), ans: doubted, wantSummary: "An opponent holds a trump, but along that line it takes none of the tricks claimed (Law 70C3)"},
			hands: endTrumpHarmless, leader: bridge.South, wantFigures: [3]int{5, 5, 0}},
		{playCase: playCase{name: "a claim of more than the tricks double dummy: the rest go to the opponents",
			irr: PlayIrregularity{Offender: bridge.East, Tricks: 1}, ans: withAnswers(doubted, "partner-objected", "no"),
			wantSummary: "No line takes more than 0, so North-South are awarded 1 of the tricks claimed. East-West are awarded 1 trick in all, North-South 12."},
			hands: endHeartKing, leader: bridge.East, wantFigures: [3]int{0, 0, 3}},
		{playCase: playCase{name: "71 the concession of a trick that could not be lost is cancelled",
			irr: south(4), ans: Answers{"agreed": "yes"}, wantLaws: []string{"69A", "71"},
			wantSummary: "North-South are awarded 13 tricks in all, East-West 0"},
			hands: endTrumpHarmless, leader: bridge.South, wantFigures: [3]int{5, 5, 0}},
		{playCase: playCase{name: "70D2 a defender's claim may not depend on partner's keeping the ♥A",
			irr: PlayIrregularity{Offender: bridge.East, Tricks: 5}, ans: withAnswers(doubted, "line-normal", "yes"), wantLaws: []string{"70D2"},
			wantSummary: "East-West are awarded 5 tricks in all, North-South 8"},
			contract: "3NT", hands: endDefence, leader: bridge.East, line: "C H2", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "68D play after the claim without all four agreeing is only evidence",
			irr: south(5), ans: withAnswers(doubted, "played-on", "no", "line-normal", "yes"), wantLaws: []string{"68D", "70D3"},
			wantSummary: "The play after the claim, 4 cards (♥2 ♣T ♥J ♥K), is void (Law 68D); in it North-South won 0 of 1 trick completed"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", after: "H2 CT HJ HK", wantFigures: [3]int{5, 4, 0}},
		{playCase: playCase{name: "68D2(b) play continued with all four agreeing: the claim is void",
			irr: south(5), ans: withAnswers(doubted, "played-on", "yes"), wantLaws: []string{"68D2(b)"},
			wantSummary: "the claim is void and the board is scored as played"},
			hands: endHeartKing, leader: bridge.South, line: "H2 HJ", after: "H2 CT HJ HK", wantFigures: [3]int{5, 4, 0}},
	})
}

func TestClaimPlayedOut(t *testing.T) {
	// Play goes on after the claim, to the end, along the line the solver
	// found; with all four agreeing the board is scored as played.
	s, _, _ := endingState(t, "4S", bridge.South, endHeartKing, bridge.South)
	line, _ := ParseClaimLine("H2 HJ")
	irr := PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 5, Line: line}
	r, err := RulePlay(s, irr, nil)
	if err != nil || r.Claim == nil {
		t.Fatalf("%v %+v", err, r)
	}
	for _, trick := range r.Claim.LineTricks {
		for _, c := range trick {
			if err := s.Play(c); err != nil {
				t.Fatal(err)
			}
			irr.PlayedAfter++
		}
	}
	r, err = RulePlay(s, irr, Answers{"agreed": "no", "played-on": "yes"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "North-South took 12 tricks in all, East-West 1."; !strings.Contains(r.Summary, want) {
		t.Errorf("summary %q does not say %q", r.Summary, want)
	}
}

func TestClaimTheSolverCannotTake(t *testing.T) {
	// North ruffs South's ♥2 though he holds hearts, and South claims before
	// East plays to the trick: the solver takes
	// no position with a card that did not follow suit, so the director is
	// asked as without the deal.
	s, _, _ := endingState(t, "4S", bridge.South, endHeartKing, bridge.South)
	playCards(t, &s, "H2 CT !S4")
	r, err := RulePlay(s, PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 4}, Answers{"agreed": "no"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Claim != nil || !strings.Contains(r.Summary, "The solver could not take the position at the claim") || !r.Pending() || r.Questions[0].ID != "line-stated" {
		t.Errorf("figures %v, summary %q, questions %v: want the director asked", r.Claim, r.Summary, r.Questions)
	}
}

func TestClaimGivenUp(t *testing.T) {
	// The caller gave up before the solver finished: the claim is not
	// ruled, and the error says why.
	s, _, _ := endingState(t, "4S", bridge.South, endHeartKing, bridge.South)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := RulePlayContext(ctx, s, PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 5}, Answers{"agreed": "no"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want the context's", err)
	}
	if _, err := RulePlayContext(ctx, s, PlayIrregularity{Kind: LeadOutOfTurn, Offender: bridge.West, Card: card(t, "CQ")}, nil); err != nil {
		t.Errorf("a ruling that needs no solver failed with the context done: %v", err)
	}
}

func TestClaimRejects(t *testing.T) {
	s, _, _ := endingState(t, "4S", bridge.South, endHeartKing, bridge.South)
	for _, tc := range []struct {
		name string
		irr  PlayIrregularity
		want string // a part of the error
	}{
		{"more tricks than remain", PlayIrregularity{Tricks: 6}, "South claims 6 tricks but 5 remain"},
		{"fewer than none", PlayIrregularity{Tricks: -1}, "South claims -1 tricks but 5 remain"},
		{"more cards after the claim than played", PlayIrregularity{Tricks: 5, PlayedAfter: 33}, "33 cards played after the claim, but 32 are recorded"},
		{"a stated card East holds", PlayIrregularity{Tricks: 5, Line: []ClaimStep{{Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}}}},
			"step 1 of the stated line, ♥K, is not a card North-South still held at the claim"},
		{"a stated card already played", PlayIrregularity{Tricks: 5, Line: []ClaimStep{{Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.Ace}}, {Card: bridge.Card{Suit: bridge.Clubs, Rank: bridge.Two}}}},
			"step 2 of the stated line, ♣2, is not a card North-South still held at the claim"},
		{"a step that is no card", PlayIrregularity{Tricks: 5, Line: []ClaimStep{{}}}, "step 1 of the stated line is neither a card nor a suit"},
	} {
		tc.irr.Kind, tc.irr.Offender = Claim, bridge.South
		if _, err := RulePlay(s, tc.irr, Answers{"agreed": "yes"}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	line, _ := ParseClaimLine("H2 HJ")
	_, err := RulePlay(s, PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 5, Line: line},
		Answers{"agreed": "no", "line-normal": "no", "lost": "2"})
	if want := `answer "2" to question "lost" is not one of`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("2 tricks lost, more than the least successful line loses: error %v, want one saying %q", err, want)
	}
}

func TestClaimWithoutTheDeal(t *testing.T) {
	// After trick 1 (dummy's ♦A), South claims the other twelve tricks.
	const trickOne = "DT DA D4 D6"
	all := PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 12}
	doubted := Answers{"agreed": "no", "line-stated": "yes", "trump-out": "yes"}
	runPlayCases(t, []playCase{
		{name: "asks whether all agreed", noDeal: true, plays: trickOne, irr: all, wantQuestion: "agreed"},
		{name: "69A agreed claim stands", noDeal: true, plays: trickOne, irr: all, ans: Answers{"agreed": "yes"},
			wantLaws: []string{"68A", "69A", "69B"}, wantSummary: "North-South are awarded 13 tricks in all, East-West 0"},
		{name: "asks about the line stated", noDeal: true, plays: trickOne, irr: all, ans: Answers{"agreed": "no"}, wantQuestion: "line-stated"},
		{name: "asks whether a trump was out", noDeal: true, plays: trickOne, irr: all, ans: Answers{"agreed": "no", "line-stated": "yes"}, wantQuestion: "trump-out"},
		{name: "70C asks whether the outstanding trump was mentioned", noDeal: true, plays: trickOne, irr: all, ans: doubted, wantQuestion: "trump-mentioned"},
		{name: "70C claimer unaware of a trump: the tricks it could take go to the opponents", noDeal: true, plays: trickOne, irr: all,
			ans:      withAnswers(doubted, "trump-mentioned", "no", "trump-unaware", "yes", "lost", "1"),
			wantLaws: []string{"70A", "70B", "70C", "70D", "70E"}, wantSummary: "North-South are awarded 12 tricks in all, East-West 1"},
		{name: "no line stated", noDeal: true, plays: trickOne, irr: all,
			ans:         Answers{"agreed": "no", "line-stated": "no", "trump-out": "no", "lost": "2"},
			wantLaws:    []string{"68C"},
			wantSummary: "North-South are awarded 11 tricks in all, East-West 2"},
		{name: "71 a concession of a trick that could not be lost is cancelled", noDeal: true, plays: trickOne,
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 9}, ans: Answers{"agreed": "yes", "unlosable": "1"},
			wantLaws: []string{"71"}, wantSummary: "North-South are awarded 11 tricks in all, East-West 2"},
		{name: "a defender's concession: asks whether his partner objected", noDeal: true, plays: trickOne,
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.East, Tricks: 3}, ans: Answers{"agreed": "yes"}, wantQuestion: "partner-objected"},
		{name: "68B2 a defender's concession his partner objects to at once is none", noDeal: true, plays: trickOne,
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.East, Tricks: 3}, ans: Answers{"partner-objected": "yes"},
			wantLaws: []string{"68B2", "16C"}, wantSummary: "neither a concession nor a claim has occurred and play continues"},
		{name: "a defender's claim", noDeal: true, plays: trickOne,
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.East, Tricks: 3}, ans: Answers{"partner-objected": "no", "agreed": "yes", "unlosable": "0"},
			wantSummary: "East-West are awarded 3 tricks in all, North-South 10"},
		{name: "68D2(b) play continued with all four agreeing", noDeal: true, plays: trickOne + " C4 C7",
			irr: PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 12, PlayedAfter: 2}, ans: Answers{"agreed": "no", "played-on": "yes"},
			wantLaws: []string{"68D", "68D2(b)"}, wantSummary: "claim is void"},
	})
	s := playState(t, false, trickOne)
	if _, err := RulePlay(s, PlayIrregularity{Kind: Claim, Offender: bridge.South, Tricks: 13}, nil); err == nil {
		t.Error("a claim of 13 of the 12 remaining tricks was accepted")
	}
	if _, err := RulePlay(s, all, withAnswers(doubted, "trump-mentioned", "yes", "lost", "13")); err == nil {
		t.Error("losing 13 of 12 claimed tricks was accepted")
	}
}

func FuzzParseClaimLine(f *testing.F) {
	for _, s := range []string{"", "SA SK H", "♥A ♦ CT", "S10 x", "HA  \t D"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line, err := ParseClaimLine(s)
		if err != nil {
			return
		}
		words := make([]string, len(line))
		for i, step := range line {
			words[i] = step.String()
		}
		again, err := ParseClaimLine(strings.Join(words, " "))
		if err != nil || !slices.Equal(again, line) {
			t.Errorf("%q read as %v, written back as %q and read again as %v, %v", s, line, words, again, err)
		}
	})
}

// BenchmarkClaimFigures measures the solver's work on a claim: at a
// five-card ending, and with ten tricks left (testDeal after a diamond and
// two rounds of trumps).
func BenchmarkClaimFigures(b *testing.B) {
	ending, _, _ := endingState(b, "4S", bridge.South, endTrumpOut, bridge.South)
	deal, err := bridge.ParsePBNDeal(testDeal)
	if err != nil {
		b.Fatal(err)
	}
	early, err := NewPlayState(bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, bridge.South, &deal)
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range strings.Fields("DT DA D4 D6 SA S8 S4 S3 SK S9 S5 ST") {
		c, _ := bridge.ParseCard(w)
		if err := early.Play(c); err != nil {
			b.Fatal(err)
		}
	}
	for _, bc := range []struct {
		name string
		s    PlayState
	}{{"ending", ending}, {"ten tricks", *early}} {
		b.Run(bc.name, func(b *testing.B) {
			for range b.N {
				if _, err := claimFigures(context.Background(), bc.s, bridge.South, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestClaimFiguresHold checks, at random positions of random deals, what
// every claim's figures must satisfy: the line is a legal play of every
// card left, it takes no more than the side's double-dummy maximum, and
// the tricks it loses to a trump are among those it loses.
func TestClaimFiguresHold(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 70))
	for i := range 40 {
		var deal bridge.Deal
		for k, n := range rng.Perm(52) {
			deal[k%4] = deal[k%4].Add(bridge.CardFromIndex(n))
		}
		strain := bridge.Strain(rng.IntN(5))
		s, err := NewPlayState(bridge.Contract{Level: 1, Strain: strain}, bridge.Seat(rng.IntN(4)), &deal)
		if err != nil {
			t.Fatal(err)
		}
		for range 24 + rng.IntN(20) {
			pos := positionOf(*s)
			cards := pos.legal()
			if err := s.Play(cards[rng.IntN(len(cards))]); err != nil {
				t.Fatal(err)
			}
		}
		claimer := bridge.Seat(rng.IntN(4))
		f, err := claimFigures(context.Background(), *s, claimer, nil)
		if err != nil {
			t.Fatal(err)
		}
		replay := *s
		replay.tricks = slices.Clone(s.tricks)
		for _, trick := range f.LineTricks {
			for _, c := range trick {
				if err := replay.Play(c); err != nil {
					t.Fatalf("position %d: the line plays %s illegally: %v", i, c, err)
				}
			}
		}
		won := replay.tricksWonFrom(claimer.Side(), s.CompleteTricks())
		if !replay.Finished() || won != f.Line || f.Line > f.Best || f.Best > f.Remaining || f.LostToTrump > f.Remaining-f.Line {
			t.Errorf("position %d: finished %v, line takes %d of %d; figures %+v", i, replay.Finished(), won, f.Remaining, f)
		}
	}
}

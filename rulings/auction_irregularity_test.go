package rulings

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// auctionCaseTest is one auction irregularity: the state, what happened,
// the director's answers, and what the ruling must say.
type auctionCaseTest struct {
	name     string
	dealer   bridge.Seat
	calls    string
	barred   *Restriction // a pass restriction in force before the irregularity
	irr      AuctionIrregularity
	ans      Answers
	question string   // the open question, when the ruling is pending
	laws     []string // laws the ruling must cite
	notLaws  []string // laws it must not cite
	options  []string // "E:accept", exactly, in order
	restrict []string // "MustPassNextTurn:S", "LeadProhibitedOneOf:W:CDS", "PenaltyCard:E:major", exactly
	adjust   []string // AdjustmentMayFollow, exactly
	ui       int      // number of Unauthorised entries
	says     string   // a phrase the summary must contain
}

func seat(s bridge.Seat) *bridge.Seat { return &s }
func call(s string) bridge.Call {
	c, err := bridge.ParseCall(s)
	if err != nil {
		panic(err)
	}
	return c
}
func callPtr(s string) *bridge.Call { c := call(s); return &c }

var (
	no  = "no"
	yes = "yes"
)

func runAuctionCases(t *testing.T, cases []auctionCaseTest) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := ParseAuction(tc.dealer, tc.calls)
			if err != nil {
				t.Fatal(err)
			}
			if tc.barred != nil {
				a.Restrict(*tc.barred)
			}
			before := a.String()
			r, err := RuleAuction(a, tc.irr, tc.ans)
			if err != nil {
				t.Fatalf("RuleAuction: %v", err)
			}
			if a.String() != before {
				t.Errorf("RuleAuction changed the auction: %q -> %q", before, a.String())
			}
			if tc.question != "" {
				if len(r.Questions) != 1 || r.Questions[0].ID != tc.question {
					t.Fatalf("questions = %v, want %q", r.Questions, tc.question)
				}
				return
			}
			if r.Pending() {
				t.Fatalf("ruling is pending with %v", r.Questions)
			}
			if r.Summary == "" || !strings.Contains(r.Summary, tc.says) {
				t.Errorf("summary %q lacks %q", r.Summary, tc.says)
			}
			checkLaws(t, r, tc.laws, tc.notLaws)
			if got := optionStrings(r.Options); !slices.Equal(got, tc.options) {
				t.Errorf("options = %v, want %v", got, tc.options)
			}
			if got := restrictionStrings(r.Restrictions); !slices.Equal(got, tc.restrict) {
				t.Errorf("restrictions = %v, want %v", got, tc.restrict)
			}
			if !slices.Equal(r.AdjustmentMayFollow, tc.adjust) {
				t.Errorf("adjustment laws = %v, want %v", r.AdjustmentMayFollow, tc.adjust)
			}
			if len(r.Unauthorised) != tc.ui {
				t.Errorf("unauthorised = %q, want %d entries", r.Unauthorised, tc.ui)
			}
		})
	}
}

// wholeLaws are the laws whose text the ruling applies has no paragraph
// of its own: Law 33, and the opening of Law 24 (cards exposed stay face
// up until the auction ends).
var wholeLaws = map[string]bool{"24": true, "33": true}

// checkLaws checks that the ruling cites each of laws, none of notLaws,
// and every law by its paragraph (checkParagraphs).
func checkLaws(t *testing.T, r Ruling, laws, notLaws []string) {
	t.Helper()
	for _, l := range laws {
		if !slices.Contains(r.Laws, l) {
			t.Errorf("laws %v lack %s", r.Laws, l)
		}
	}
	for _, l := range notLaws {
		if slices.Contains(r.Laws, l) {
			t.Errorf("laws %v cite %s", r.Laws, l)
		}
	}
	checkParagraphs(t, r)
}

// checkParagraphs fails when the ruling cites a law by its number alone
// where the law has paragraphs: each rectification names the paragraph it
// applies ("27B2", not "27").
func checkParagraphs(t *testing.T, r Ruling) {
	t.Helper()
	laws := slices.Clone(r.Laws)
	for _, x := range r.Restrictions {
		laws = append(laws, x.Law)
	}
	for _, o := range r.Options {
		laws = append(laws, strings.Split(o.Law, ", ")...)
	}
	for _, l := range laws {
		if strings.Trim(l, "0123456789") == "" && !wholeLaws[l] {
			t.Errorf("the ruling cites Law %s by its number alone (laws %v)", l, r.Laws)
		}
	}
}

func optionStrings(os []Option) []string {
	var out []string
	for _, o := range os {
		out = append(out, o.Chooser.String()+":"+o.ID)
	}
	return out
}

var restrictionNames = map[RestrictionKind]string{
	MustPassNextTurn: "MustPassNextTurn", MustPassThroughout: "MustPassThroughout",
	LeadProhibited: "LeadProhibited", LeadRequired: "LeadRequired", PenaltyCard: "PenaltyCard",
	LeadProhibitedOneOf: "LeadProhibitedOneOf",
}

func restrictionStrings(rs []Restriction) []string {
	var out []string
	for _, r := range rs {
		s := restrictionNames[r.Kind] + ":" + r.Seat.String()
		switch r.Kind {
		case LeadProhibited, LeadRequired, LeadProhibitedOneOf:
			s += ":"
			for _, suit := range r.Suits {
				s += suit.String()
			}
		case PenaltyCard:
			s += ":" + map[bool]string{true: "major", false: "minor"}[r.Major]
		}
		if r.Law == "" || r.Reason == "" {
			s += ":no-law-or-reason"
		}
		out = append(out, s)
	}
	return out
}

func TestRuleAuctionErrors(t *testing.T) {
	open, _ := ParseAuction(bridge.North, "1S")
	ended, _ := ParseAuction(bridge.North, "1S P P P")
	for _, tc := range []struct {
		name string
		a    *Auction
		irr  AuctionIrregularity
		ans  Answers
		want string
	}{
		{"no auction", nil, AuctionIrregularity{Kind: InsufficientBid, Call: call("1H")}, nil, "no auction"},
		{"unknown kind", open, AuctionIrregularity{Kind: 99, Call: call("1H")}, nil, "unknown kind"},
		{"bad offender", open, AuctionIrregularity{Kind: InsufficientBid, Offender: 7, Call: call("1H")}, nil, "not a seat"},
		{"bad call", open, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East}, nil, "offending call"},
		{"no card", open, AuctionIrregularity{Kind: CardExposedDuringAuction, Offender: bridge.East}, nil, "no card given; say the card exposed"},
		{"a card exposed twice", open, AuctionIrregularity{Kind: CardExposedDuringAuction, Offender: bridge.East, Card: bridge.Card{Suit: bridge.Hearts, Rank: bridge.King}, Cards: []bridge.Card{{Suit: bridge.Hearts, Rank: bridge.King}}}, nil, "♥K is named twice"},
		{"offender called before ruling", open, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1H"), CalledBeforeRuling: seat(bridge.East)}, nil, "must not be the offender"},
		{"sufficient bid is not insufficient", open, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("2H")}, nil, "not a case of insufficient bid"},
		{"legal call in rotation", open, AuctionIrregularity{Kind: CallOutOfRotation, Offender: bridge.East, Call: call("2H")}, nil, "legal call in rotation"},
		{"auction not ended", open, AuctionIrregularity{Kind: CallAfterFinalPass, Offender: bridge.East, Call: call("2H")}, nil, "has not ended"},
		{"auction ended", ended, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1H")}, nil, "has ended"},
		{"change that is no change", open, AuctionIrregularity{Kind: CallChanged, Offender: bridge.North, Call: call("1S")}, nil, "repeats"},
		{"change by someone else", open, AuctionIrregularity{Kind: CallChanged, Offender: bridge.East, Call: call("2H")}, nil, "did not make the last call"},
		{"answer not a choice", open, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1H")}, Answers{"unintended": "maybe"}, "not one of its choices"},
		{"bad specified suits", open, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1H")}, Answers{"specified_suits": "XYZ"}, "specified_suits"},
		{"illegal replacement", open, AuctionIrregularity{Kind: InsufficientBid, Offender: bridge.East, Call: call("1H"), Replacement: callPtr("XX")}, Answers{"unintended": no}, "not a legal call"},
		{"30A replacement not a pass", NewAuction(bridge.North), AuctionIrregularity{Kind: CallOutOfRotation, Offender: bridge.East, Call: bridge.Pass, Replacement: callPtr("1S")}, Answers{"artificial_pass": no}, "must pass"},
		{"31A1 replacement not a repeat", NewAuction(bridge.North), AuctionIrregularity{Kind: CallOutOfRotation, Offender: bridge.East, Call: call("1S"), Replacement: callPtr("1H")}, Answers{"rho_passed": yes}, "had to repeat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := RuleAuction(tc.a, tc.irr, tc.ans)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestParseSpecifiedSuits(t *testing.T) {
	for in, want := range map[string]string{"SH": "SH", "s, h": "SH", "♠♥♠": "SH", "none": "", "NONE": "", "c d": "CD"} {
		suits, err := ParseSpecifiedSuits(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		got := ""
		for _, s := range suits {
			got += s.String()
		}
		if got != want {
			t.Errorf("%q = %q, want %q", in, got, want)
		}
	}
	for _, bad := range []string{"", " ", "SX", "1"} {
		if _, err := ParseSpecifiedSuits(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzParseSpecifiedSuits(f *testing.F) {
	for _, s := range []string{"SH", "none", "♠, ♥", "", "cdhs", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		suits, err := ParseSpecifiedSuits(s)
		if err != nil {
			return
		}
		seen := map[bridge.Suit]bool{}
		for _, suit := range suits {
			if !suit.Valid() || seen[suit] {
				t.Fatalf("%q gave %v", s, suits)
			}
			seen[suit] = true
		}
	})
}

// FuzzRuleAuction drives RuleAuction with arbitrary states and
// irregularities: it must answer or refuse, never panic, and a ruling that
// is not pending must say what happens.
func FuzzRuleAuction(f *testing.F) {
	f.Add(uint8(0), "1S", uint8(InsufficientBid), uint8(1), "1H", "2S", "unintended=no,same_denomination=no,comparable=no", uint8(9))
	f.Add(uint8(0), "", uint8(CallOutOfRotation), uint8(3), "P", "", "artificial_pass=no", uint8(0))
	f.Add(uint8(2), "1NT 2H", uint8(CallOutOfRotation), uint8(1), "X", "X", "rho_passed=no,comparable=yes", uint8(2))
	f.Add(uint8(0), "1S P P P", uint8(CallAfterFinalPass), uint8(1), "2H", "", "", uint8(9))
	f.Add(uint8(0), "7NT", uint8(BidAboveSeven), uint8(1), "8C", "", "unintended=no", uint8(2))
	f.Add(uint8(0), "1S", uint8(CardExposedDuringAuction), uint8(3), "", "D4 HK", "", uint8(9))
	f.Add(uint8(0), "1S", uint8(CallChanged), uint8(0), "1NT", "", "unintended=no,choice=refuse,comparable=no,specified_suits=S", uint8(9))
	f.Add(uint8(0), "1S P", uint8(CallChanged), uint8(0), "1NT", "2NT", "unintended=no,comparable=no,specified_suits=S", uint8(9))
	f.Fuzz(func(t *testing.T, dealer uint8, calls string, kind, offender uint8, offending, replacement, answers string, calledBefore uint8) {
		a, err := ParseAuction(bridge.Seat(dealer%4), calls)
		if err != nil {
			return
		}
		irr := AuctionIrregularity{Kind: AuctionIrregularityKind(kind), Offender: bridge.Seat(offender % 5)}
		if c, err := bridge.ParseCall(offending); err == nil {
			irr.Call = c
		}
		if c, err := bridge.ParseCall(replacement); err == nil {
			irr.Replacement = &c
		}
		if calledBefore < 4 {
			irr.CalledBeforeRuling = seat(bridge.Seat(calledBefore))
		}
		irr.Card = bridge.Card{Suit: bridge.Suit(dealer % 4), Rank: bridge.Rank(offender%13 + 2)}
		// The replacement, read as cards, is the further cards exposed.
		irr.Cards = fuzzCards(replacement)
		ans := fuzzAnswers(answers)
		r, err := RuleAuction(a, irr, ans)
		if err != nil {
			return
		}
		if !r.Pending() && r.Summary == "" {
			t.Fatalf("ruling without a summary for %+v on %q", irr, calls)
		}
		if !r.Pending() && len(r.Laws) == 0 {
			t.Fatalf("ruling cites no law for %+v on %q", irr, calls)
		}
		_ = fmt.Sprint(r)
	})
}

package bridge_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// randomDeal deals a shuffled pack, 13 cards to each seat.
func randomDeal(r *rand.Rand) bridge.Deal {
	var d bridge.Deal
	for i, index := range r.Perm(52) {
		d[i/13] = d[i/13].Add(bridge.CardFromIndex(index))
	}
	return d
}

// sampleDeal is board 1 of the Bridgewebs fixture, dealt from North.
const sampleDeal = "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"

func TestRandomDealsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(2017, 2))
	for range 1000 {
		d := randomDeal(r)
		if err := d.Validate(); err != nil {
			t.Fatalf("random deal %v: %v", d, err)
		}
		hcp := 0
		for _, seat := range bridge.Seats {
			h := d[seat]
			hcp += h.HCP()
			back, err := bridge.ParseHand(h.String())
			if err != nil || back != h {
				t.Fatalf("ParseHand(%q) = %v, %v; want %v", h.String(), back, err, h)
			}
			for _, c := range h.Cards() {
				if holder, ok := d.Holder(c); !ok || holder != seat {
					t.Fatalf("Holder(%v) = %v, %v; want %v", c, holder, ok, seat)
				}
				if back, err := bridge.ParseCard(c.String()); err != nil || back != c {
					t.Fatalf("ParseCard(%q) = %v, %v", c.String(), back, err)
				}
			}
		}
		if hcp != 40 {
			t.Fatalf("deal %v has %d HCP, want 40", d, hcp)
		}
		for _, first := range bridge.Seats {
			text := d.PBN(first)
			if !strings.HasPrefix(text, first.String()+":") {
				t.Fatalf("PBN(%v) = %q", first, text)
			}
			back, err := bridge.ParsePBNDeal(text)
			if err != nil || back != d {
				t.Fatalf("ParsePBNDeal(%q) = %v, %v; want %v", text, back, err, d)
			}
		}
	}
}

func TestDealPBN(t *testing.T) {
	d, err := bridge.ParsePBNDeal(sampleDeal)
	if err != nil {
		t.Fatal(err)
	}
	if got := d[bridge.East].String(); got != "532.86.K632.KJT7" {
		t.Errorf("East holds %s", got)
	}
	if got, want := d.PBN(bridge.South), "S:KQ4.AKT73.JT.A93 JT76.Q54.Q984.64 A98.J92.A75.Q852 532.86.K632.KJT7"; got != want {
		t.Errorf("PBN(South) = %q, want %q", got, want)
	}
	if d.String() != sampleDeal {
		t.Errorf("String() = %q, want %q", d.String(), sampleDeal)
	}
	// The same deal written from West, in lower case with extra spaces.
	other, err := bridge.ParsePBNDeal(" w:jt76.q54.q984.64  a98.j92.a75.q852 532.86.k632.kj107\tkq4.akt73.jt.a93 ")
	if err != nil || other != d {
		t.Errorf("the deal written from West parses as %v, %v; want %v", other, err, d)
	}
	if seat, ok := d.Holder(card(t, "SK")); !ok || seat != bridge.South {
		t.Errorf("Holder(SK) = %v, %v; want South", seat, ok)
	}
	d[bridge.South] = d[bridge.South].Remove(card(t, "SK"))
	if _, ok := d.Holder(card(t, "SK")); ok {
		t.Error("nobody holds the SK, yet Holder found it")
	}
}

func TestDealValidate(t *testing.T) {
	good, err := bridge.ParsePBNDeal(sampleDeal)
	if err != nil {
		t.Fatal(err)
	}
	move := func(d bridge.Deal, c string, from, to bridge.Seat) bridge.Deal {
		d[from] = d[from].Remove(card(t, c))
		d[to] = d[to].Add(card(t, c))
		return d
	}
	tests := []struct {
		name string
		deal bridge.Deal
		want string
	}{
		{"a card passed from North to East", move(good, "SA", bridge.North, bridge.East),
			"bridge: deal: North holds 12 cards; East holds 14 cards"},
		{"the ♦7 replaced by a second ♦4", func(d bridge.Deal) bridge.Deal {
			d[bridge.North] = d[bridge.North].Remove(card(t, "D7")).Add(card(t, "D4"))
			return d
		}(good), "bridge: deal: the ♦4 is held by North and West; the ♦7 is missing"},
		{"the ♠A held twice", func(d bridge.Deal) bridge.Deal {
			d[bridge.South] = d[bridge.South].Remove(card(t, "S4")).Add(card(t, "SA"))
			return d
		}(good), "bridge: deal: the ♠A is held by North and South; the ♠4 is missing"},
		{"two cards missing", func(d bridge.Deal) bridge.Deal {
			d[bridge.East] = d[bridge.East].Remove(card(t, "CT")).Remove(card(t, "H8"))
			return d
		}(good), "bridge: deal: East holds 11 cards; the ♥8 and ♣T are missing"},
		{"a card held three times", func(d bridge.Deal) bridge.Deal {
			for _, s := range []bridge.Seat{bridge.East, bridge.West} {
				d[s] = d[s].Add(card(t, "CA"))
			}
			return d
		}(good), "bridge: deal: East holds 14 cards; West holds 14 cards; the ♣A is held by East, South and West"},
		{"empty", bridge.Deal{},
			"bridge: deal: North holds 0 cards; East holds 0 cards; South holds 0 cards; West holds 0 cards; 52 cards are missing"},
		{"bits beyond the pack", func(d bridge.Deal) bridge.Deal {
			d[bridge.West] |= 1 << 60
			return d
		}(good), "bridge: deal: West's hand has bits set beyond the 52 cards"},
	}
	for _, tt := range tests {
		err := tt.deal.Validate()
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: Validate() = %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := good.Validate(); err != nil {
		t.Errorf("a good deal: %v", err)
	}
}

func TestParsePBNDealErrors(t *testing.T) {
	hands := strings.Fields(sampleDeal[2:])
	tests := []struct{ in, problem string }{
		{"", `want the first seat and a colon, like "N:"`},
		{strings.Join(hands, " "), `want the first seat and a colon, like "N:"`},
		{"X:" + strings.Join(hands, " "), `want the first seat and a colon, like "N:"`},
		{"N:" + strings.Join(hands[:3], " "), "want 4 hands separated by spaces, found 3"},
		{"N:" + strings.Join(hands, " ") + " AKQ...", "want 4 hands separated by spaces, found 5"},
		{"N:" + hands[0] + " - " + hands[2] + " " + hands[3], `the hand of East is unknown ("-"); a deal needs all four hands`},
		{"W:" + hands[0] + " " + hands[1] + " " + hands[2] + " -", `the hand of South is unknown ("-")`},
		{"N:" + hands[0] + " " + hands[1] + " KQ4.AKT73.JT.A9Z " + hands[3], `the hand of South: unknown rank "Z" in clubs`},
		{"N:" + hands[0] + " " + hands[1] + " KQ4.AKT73.JT " + hands[3], "the hand of South: want 4 suits"},
		{"N:" + hands[0] + " " + hands[1] + " " + hands[2] + " JT76.Q54.Q984.6", "West holds 12 cards; the ♣4 is missing"},
		{"N:" + hands[0] + " " + hands[0] + " " + hands[2] + " " + hands[3], "the ♠A is held by North and East"},
	}
	for _, tt := range tests {
		_, err := bridge.ParsePBNDeal(tt.in)
		wantError(t, err, `bridge: deal "`+tt.in+`": `, tt.problem)
	}
}

func BenchmarkRandomDealValidate(b *testing.B) {
	d := randomDeal(rand.New(rand.NewPCG(1, 2)))
	for b.Loop() {
		if err := d.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDealHCP(b *testing.B) {
	d := randomDeal(rand.New(rand.NewPCG(1, 2)))
	for b.Loop() {
		total := 0
		for _, h := range d {
			total += h.HCP()
		}
		if total != 40 {
			b.Fatalf("the deal has %d HCP", total)
		}
	}
}

func BenchmarkParsePBNDeal(b *testing.B) {
	for b.Loop() {
		if _, err := bridge.ParsePBNDeal(sampleDeal); err != nil {
			b.Fatal(err)
		}
	}
}

package bridge_test

import (
	"encoding/json"
	"testing"

	"github.com/bridge-director/director/bridge"
)

// board is how a service might write a board to JSON; every field uses the
// package's text form.
type board struct {
	Dealer        bridge.Seat          `json:"dealer"`
	Vulnerability bridge.Vulnerability `json:"vulnerability"`
	Deal          bridge.Deal          `json:"deal"`
	Lead          bridge.Card          `json:"lead"`
	Opening       bridge.Call          `json:"opening"`
	Contract      bridge.Contract      `json:"contract"`
	Trumps        bridge.Strain        `json:"trumps"`
	Dummy         bridge.Hand          `json:"dummy"`
}

func TestTextForm(t *testing.T) {
	d, err := bridge.ParsePBNDeal(sampleDeal)
	if err != nil {
		t.Fatal(err)
	}
	in := board{
		Dealer:        bridge.East,
		Vulnerability: bridge.VulNS,
		Deal:          d,
		Lead:          card(t, "HT"),
		Opening:       bridge.Bid(1, bridge.NoTrump),
		Contract:      bridge.Contract{Level: 3, Strain: bridge.NoTrump, Doubling: bridge.Doubled},
		Trumps:        bridge.NoTrump,
		Dummy:         d[bridge.South],
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"dealer":"E","vulnerability":"NS","deal":"` + sampleDeal + `","lead":"HT","opening":"1NT",` +
		`"contract":"3NTX","trumps":"NT","dummy":"KQ4.AKT73.JT.A93"}`
	if string(data) != want {
		t.Errorf("JSON\n%s\nwant\n%s", data, want)
	}
	var out board
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Errorf("read back %+v, want %+v", out, in)
	}
}

func TestTextFormRejectsInvalid(t *testing.T) {
	invalid := []any{
		bridge.Seat(4), bridge.Vulnerability(4), bridge.Deal{}, bridge.Card{}, bridge.Call{},
		bridge.Contract{Level: 9}, bridge.Strain(5), bridge.Hand(1 << 63),
	}
	for _, v := range invalid {
		if data, err := json.Marshal(v); err == nil {
			t.Errorf("%#v was written as %s", v, data)
		}
	}
	var c bridge.Contract
	wantError(t, json.Unmarshal([]byte(`"8S"`), &c), `bridge: contract "8S": level 8 is outside 1 to 7`)
	var s bridge.Seat = bridge.West
	if err := json.Unmarshal([]byte(`"Q"`), &s); err == nil || s != bridge.West {
		t.Errorf("a bad seat gave %v and changed the seat to %v", err, s)
	}
}

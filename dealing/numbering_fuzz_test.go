package dealing

import (
	"encoding/binary"
	"strings"
	"testing"

	"lukechampine.com/uint128"
)

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"0", "203490", " 9 ", "53644737765488792839237439999", "53644737765488792839237440000", "-1", "1,000", "", "999999999999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseNumber(s)
		if err != nil {
			if !strings.Contains(err.Error(), "deal number") {
				t.Errorf("ParseNumber(%q) error %q does not name the input", s, err)
			}
			return
		}
		if n.Uint128().Cmp(DealCount) >= 0 {
			t.Fatalf("ParseNumber(%q) = %s, not below D", s, n)
		}
		back, err := ParseNumber(n.String())
		if err != nil || back != n || strings.TrimLeft(strings.TrimSpace(s), "0") != strings.TrimLeft(n.String(), "0") {
			t.Errorf("ParseNumber(%q) = %s, which reads back as %v, %v", s, n, back, err)
		}
		if page, err := ParsePage(n.Page()); err != nil || page != n {
			t.Errorf("page of %s reads back as %v, %v", n, page, err)
		}
	})
}

func FuzzDecode(f *testing.F) {
	for _, seed := range [][12]byte{{}, {0xAD, 0x55, 0xE3, 0x15, 0x63, 0x4D, 0xDA, 0x65, 0x8B, 0xF4, 0x91, 0xFF}, {0xAD, 0x55, 0xE3, 0x15, 0x63, 0x4D, 0xDA, 0x65, 0x8B, 0xF4, 0x92, 0x00}, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9}} {
		f.Add(seed[:])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var word [12]byte
		copy(word[:], b)
		u := uint128.New(binary.BigEndian.Uint64(word[4:]), uint64(binary.BigEndian.Uint32(word[:4])))
		n, err := NewNumber(u)
		if (err != nil) != (u.Cmp(DealCount) >= 0) {
			t.Fatalf("NewNumber(%s): error %v", u, err)
		}
		if err != nil {
			return
		}
		for _, s := range allSchemes {
			d, err := Decode(n, s)
			if err != nil {
				t.Fatalf("Decode(%s, %s): %v", n, s, err)
			}
			if err := d.Validate(); err != nil {
				t.Fatalf("Decode(%s, %s) = %v: %v", n, s, d, err)
			}
			if back, err := Encode(d, s); err != nil || back != n {
				t.Fatalf("%s: %s decodes to %v, which encodes to %s, %v", s, n, d, back, err)
			}
		}
	})
}

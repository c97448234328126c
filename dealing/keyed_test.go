package dealing

import (
	"encoding/hex"
	"errors"
	"testing"
)

func TestNewSeedsHashesWithRIPEMD160(t *testing.T) {
	s := NewSeeds("abc", nil)
	// Published RIPEMD-160 test vectors for "abc" and the empty string.
	if got := hex.EncodeToString(s.Owner[:]); got != "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc" {
		t.Errorf("owner seed = %s", got)
	}
	if got := hex.EncodeToString(s.Random[:]); got != "9c1185a5c5e9fc54612808977ee8f548b2258d31" {
		t.Errorf("random seed = %s", got)
	}
	if k := NewKeyed("abc", nil); k.Seeds() != s {
		t.Errorf("Keyed.Seeds = %+v, want %+v", k.Seeds(), s)
	}
}

func TestKeyedIsReproducibleAndKeyed(t *testing.T) {
	a, b := NewKeyed("Director", []byte("entropy")), NewKeyedFromSeeds(NewSeeds("Director", []byte("entropy")))
	otherOwner, otherEntropy := NewKeyed("director", []byte("entropy")), NewKeyed("Director", []byte("entropY"))
	for board := 1; board <= 100; board++ {
		da, errA := a.Next()
		db, errB := b.Next()
		do, _ := otherOwner.Next()
		de, _ := otherEntropy.Next()
		if errA != nil || errB != nil || da != db {
			t.Fatalf("board %d: %v, %v and %v, %v from the same seeds", board, da, errA, db, errB)
		}
		if err := da.Validate(); err != nil {
			t.Fatalf("board %d: %v", board, err)
		}
		if da == do || da == de {
			t.Fatalf("board %d: %v dealt with another owner or entropy too", board, da)
		}
	}
}

func TestKeyedNumbersAreGodelNumbers(t *testing.T) {
	numbers, deals := NewKeyed("owner", []byte("x")), NewKeyed("owner", []byte("x"))
	for range 50 {
		n, err := numbers.NextNumber()
		if err != nil {
			t.Fatal(err)
		}
		d, _ := deals.Next()
		if want, _ := Decode(n, BigDeal); d != want {
			t.Fatalf("Next = %v, but NextNumber %s decodes to %v", d, n, want)
		}
	}
}

// BigDeal rejects the 96-bit draws of D or more: 2⁹⁶/D = 1.4769 draws per deal.
func TestKeyedRejectionRate(t *testing.T) {
	k := NewKeyed("rate", []byte("of rejection"))
	const deals = 100_000
	for range deals {
		if _, err := k.NextNumber(); err != nil {
			t.Fatal(err)
		}
	}
	if rate := float64(k.seq) / deals; rate < 1.470 || rate > 1.484 {
		t.Errorf("%.4f draws per deal, want 1.4769", rate)
	}
}

func TestKeyedExhausted(t *testing.T) {
	k := NewKeyed("end", nil)
	k.seq = 1<<32 - 3
	var err error
	for range 4 {
		if _, err = k.Next(); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrExhausted) {
		t.Fatalf("after the last draw: error = %v, want ErrExhausted", err)
	}
	if _, err := k.Next(); !errors.Is(err, ErrExhausted) || k.seq != 1<<32-1 {
		t.Errorf("again: error = %v at draw %d, want ErrExhausted and no wrap", err, k.seq)
	}
}

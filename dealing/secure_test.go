package dealing

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// fixedEntropy returns a repeatable stream of key material for tests.
func fixedEntropy(seed byte) io.Reader { return rand.NewChaCha8([32]byte{seed}) }

func TestSecureRepeatableFromFixedEntropy(t *testing.T) {
	a, b, c := NewSecureFrom(fixedEntropy(1)), NewSecureFrom(fixedEntropy(1)), NewSecureFrom(fixedEntropy(2))
	same := 0
	for board := 1; board <= 1000; board++ {
		da, errA := a.Next()
		db, errB := b.Next()
		dc, _ := c.Next()
		if errA != nil || errB != nil || da != db {
			t.Fatalf("board %d: %v, %v and %v, %v from the same entropy", board, da, errA, db, errB)
		}
		if err := da.Validate(); err != nil {
			t.Fatalf("board %d: %v", board, err)
		}
		if da == dc {
			same++
		}
	}
	if same != 0 {
		t.Errorf("%d of 1000 boards equal with different entropy", same)
	}
}

func TestNewSecureDeals(t *testing.T) {
	a, b := NewSecure(), NewSecure()
	da, errA := a.Next()
	db, errB := b.Next()
	if errA != nil || errB != nil || da.Validate() != nil || da == db {
		t.Errorf("two secure sources dealt %v, %v and %v, %v", da, errA, db, errB)
	}
}

// countingReader counts the keys read through it.
type countingReader struct {
	r     io.Reader
	reads int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}

func TestSecureReseeds(t *testing.T) {
	entropy := &countingReader{r: fixedEntropy(3)}
	s := NewSecureFrom(entropy)
	for range reseedEvery {
		if _, err := s.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if entropy.reads != 1 {
		t.Fatalf("%d keys read for the first %d deals, want 1", entropy.reads, reseedEvery)
	}
	if _, err := s.Next(); err != nil || entropy.reads != 2 {
		t.Errorf("deal %d: %v, %d keys read; want a second key", reseedEvery+1, err, entropy.reads)
	}
}

func TestSecureEntropyFailure(t *testing.T) {
	short := NewSecureFrom(bytes.NewReader(make([]byte, 31)))
	if _, err := short.Next(); !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), "reading a new key") {
		t.Errorf("with 31 bytes of entropy: error = %v", err)
	}
	once := NewSecureFrom(bytes.NewReader(make([]byte, 32)))
	var err error
	for range reseedEvery + 1 {
		if _, err = once.Next(); err != nil {
			break
		}
	}
	if !errors.Is(err, io.EOF) {
		t.Errorf("when the second key cannot be read: error = %v, want EOF", err)
	}
}

func TestSecureBatchesCoverTheShuffle(t *testing.T) {
	next := 0
	for _, b := range batches {
		product := uint64(1)
		for k := range b.size {
			product *= uint64(deckSize - b.first - k)
		}
		if b.first != next || b.product != product || b.product > maxProduct || b.threshold != (math.MaxUint64-b.product+1)%b.product {
			t.Errorf("batch %+v after step %d: product %d", b, next, product)
		}
		next = b.first + b.size
	}
	if next != 39 {
		t.Errorf("batches cover %d steps, want 39", next)
	}
}

// The digits draw takes from one 64-bit word are those of Lemire's number below
// the product, the high word of x·P, written in the mixed radix of the batch.
func TestSecureDrawDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 1000 {
		s := NewSecureFrom(fixedEntropy(byte(r.Uint32())))
		if err := s.reseed(); err != nil {
			t.Fatal(err)
		}
		twin := *s.stream
		b := batches[r.IntN(len(batches))]
		var got [maxBatch]uint64
		s.draw(b, &got)
		var x uint64
		for {
			x = twin.Uint64()
			if _, low := bits.Mul64(x, b.product); low >= b.threshold {
				break
			}
		}
		q, _ := bits.Mul64(x, b.product)
		for k := b.size - 1; k >= 0; k-- {
			n := uint64(deckSize - b.first - k)
			if got[k] != q%n {
				t.Fatalf("batch %+v, x %#x: digit %d = %d, want %d", b, x, k, got[k], q%n)
			}
			q /= n
		}
	}
}

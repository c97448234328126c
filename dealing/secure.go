package dealing

import (
	"crypto/rand"
	"fmt"
	"io"
	"math/bits"
	mathrand "math/rand/v2"

	"github.com/bridge-director/director/bridge"
)

// Secure deals boards that nobody can predict: every one of the D deals is equally
// likely and each board is independent of the others.
//
// The randomness comes from the operating system (crypto/rand) through a ChaCha8
// stream: a 32-byte key read from the system seeds math/rand/v2's ChaCha8, and a
// fresh key is read every reseedEvery deals. This is cryptographically sound:
// ChaCha8's output is a stream cipher's keystream, which cannot be told apart from
// true randomness or predicted without the key (the Go runtime uses the same
// generator for its own randomness); ChaCha8 also erases its key as it goes, so a
// state captured later reveals none of the earlier boards; and reseeding from the
// system bounds what a captured state could reveal to the next reseedEvery deals.
// A 256-bit key is far beyond what a search could guess, and the stream is read
// only through the unbiased method below, so no deal is favoured.
//
// Each deal is a partial Fisher–Yates shuffle: for the first 39 places of the deck
// a card is chosen uniformly among those not yet placed. North gets places 1–13,
// East 14–26, South 27–39 and West the rest; since every ordering of the first 39
// places is equally likely, so is every deal. The choices are drawn without bias by
// Lemire's multiply-and-reject method, several from one 64-bit output (see draw).
//
// A Secure is not safe for concurrent use.
type Secure struct {
	entropy io.Reader
	stream  *mathrand.ChaCha8
	dealt   int // deals since the last seeding
}

// reseedEvery is the number of deals dealt from one key.
const reseedEvery = 1 << 16

// NewSecure returns a Secure source that draws its keys from crypto/rand.
func NewSecure() *Secure { return NewSecureFrom(rand.Reader) }

// NewSecureFrom returns a Secure source that draws its keys from entropy. Tests
// pass a fixed stream to get repeatable deals; anything else should use NewSecure.
func NewSecureFrom(entropy io.Reader) *Secure { return &Secure{entropy: entropy} }

// Next deals the next board. It fails only when reading a new key fails.
func (s *Secure) Next() (bridge.Deal, error) {
	if s.stream == nil || s.dealt == reseedEvery {
		if err := s.reseed(); err != nil {
			return bridge.Deal{}, err
		}
	}
	s.dealt++
	deck := newDeck
	var d bridge.Deal
	var offsets [maxBatch]uint64
	i := 0
	for _, b := range batches {
		s.draw(b, &offsets)
		for _, offset := range offsets[:b.size] {
			j := i + int(offset)
			deck[i], deck[j] = deck[j], deck[i]
			d[i/handSize] |= 1 << deck[i]
			i++
		}
	}
	d[bridge.West] = bridge.FullDeck &^ (d[bridge.North] | d[bridge.East] | d[bridge.South])
	return d, nil
}

// newDeck holds the card indexes 0 to 51.
var newDeck = func() (deck [deckSize]uint8) {
	for i := range deck {
		deck[i] = uint8(i)
	}
	return deck
}()

// reseed reads a new 32-byte key.
func (s *Secure) reseed() error {
	var key [32]byte
	if _, err := io.ReadFull(s.entropy, key[:]); err != nil {
		return fmt.Errorf("dealing: secure source: reading a new key: %w", err)
	}
	if s.stream == nil {
		s.stream = mathrand.NewChaCha8(key)
	} else {
		s.stream.Seed(key)
	}
	s.dealt = 0
	return nil
}

// A batch is a run of consecutive shuffle steps whose choices are drawn from one
// 64-bit output: step k of the deal chooses among 52 − k cards, and a batch covers
// steps first … first+size−1, whose numbers of choices multiply to product.
type batch struct {
	first, size int
	product     uint64
	threshold   uint64 // 2⁶⁴ mod product
}

// maxProduct bounds the product of a batch, so that a draw is rejected less than
// once in 2⁸ (the chance is below product/2⁶⁴).
const maxProduct = 1 << 56

// maxBatch is more steps than any batch holds.
const maxBatch = 16

// batches covers the 39 steps of a deal.
var batches = func() []batch {
	var all []batch
	for first := 0; first < 3*handSize; {
		b := batch{first: first, product: 1}
		for first+b.size < 3*handSize && b.size < maxBatch && b.product <= maxProduct/uint64(deckSize-first-b.size) {
			b.product *= uint64(deckSize - first - b.size)
			b.size++
		}
		b.threshold = -b.product % b.product
		all = append(all, b)
		first += b.size
	}
	return all
}()

// draw sets offsets[k] to a uniform choice in [0, 52 − (b.first+k)) for each step k
// of batch b, all independent. It is Lemire's method for one number below
// P = n₁·n₂·…: for a uniform 64-bit x, the high word of x·P is uniform below P
// unless the low word of x·P falls below 2⁶⁴ mod P, in which case x is drawn again.
// Multiplying by n₁, n₂, … one at a time, each time keeping the low word and taking
// the high word as a digit, gives the digits of that number in the mixed radix
// n₁, n₂, … and the same final low word, so the digits are independent and uniform.
func (s *Secure) draw(b batch, offsets *[maxBatch]uint64) {
	for {
		low := s.stream.Uint64()
		for k := range b.size {
			offsets[k], low = bits.Mul64(low, uint64(deckSize-b.first-k))
		}
		if low >= b.threshold {
			return
		}
	}
}

package dealing

import (
	"encoding/binary"
	"errors"
	"hash"

	"github.com/bridge-director/director/bridge"
	"golang.org/x/crypto/ripemd160" // deprecated for new designs, but it is BigDeal's hash

	"lukechampine.com/uint128"
)

// Seeds are the two 20-byte keys that determine a BigDeal run completely. Publishing
// them (after the event) lets anyone deal the same boards again.
type Seeds struct {
	// Owner is RIPEMD-160 of the owner identification string; two operators with
	// different strings never produce the same boards.
	Owner [20]byte
	// Random is RIPEMD-160 of all the entropy bytes.
	Random [20]byte
}

// NewSeeds hashes an owner string and entropy into seeds as BigDeal does.
func NewSeeds(owner string, entropy []byte) Seeds {
	return Seeds{Owner: ripemd([]byte(owner)), Random: ripemd(entropy)}
}

// ripemd returns the RIPEMD-160 digest of b.
func ripemd(b []byte) (sum [ripemd160.Size]byte) {
	h := ripemd160.New()
	h.Write(b)
	h.Sum(sum[:0])
	return sum
}

// Keyed deals exactly as BigDeal (and so SquareDeal) does, from seeds. For draw
// number seq (1, 2, 3, …) it hashes the 44 bytes
//
//	seq (uint32, little-endian) ‖ Random ‖ Owner
//
// with RIPEMD-160 and reads the first 12 bytes of the digest as a big-endian 96-bit
// number. A number of D or more is thrown away (about one draw in three); the others
// are decoded with BigDeal's Gödel numbering, one board after another. Anyone who
// knows the seeds can deal the same boards; nobody who does not can predict them.
// A Keyed is not safe for concurrent use.
type Keyed struct {
	seeds  Seeds
	seq    uint32
	record [44]byte
	digest hash.Hash
	sum    [ripemd160.Size]byte
}

// NewKeyed returns a Keyed source for an owner string and entropy, as BigDeal's
// owner identification (or SquareDeal's -W) and its entropy (or -e strings,
// concatenated) give them.
func NewKeyed(owner string, entropy []byte) *Keyed {
	return NewKeyedFromSeeds(NewSeeds(owner, entropy))
}

// NewKeyedFromSeeds returns a Keyed source that starts at the first board of seeds.
func NewKeyedFromSeeds(s Seeds) *Keyed {
	k := &Keyed{seeds: s, digest: ripemd160.New()}
	copy(k.record[4:24], s.Random[:])
	copy(k.record[24:44], s.Owner[:])
	return k
}

// Seeds returns the seeds k deals from.
func (k *Keyed) Seeds() Seeds { return k.seeds }

// ErrExhausted is returned by Keyed.Next after 2³²−1 draws, when BigDeal's 32-bit
// draw counter would start again and repeat the boards.
var ErrExhausted = errors.New("dealing: keyed source exhausted: 2³²−1 draws made")

// Next deals the next board.
func (k *Keyed) Next() (bridge.Deal, error) {
	n, err := k.NextNumber()
	if err != nil {
		return bridge.Deal{}, err
	}
	return decodeByHands(n, lexUnrank), nil
}

// NextNumber returns the BigDeal (Gödel) number of the next board, and moves on.
func (k *Keyed) NextNumber() (Number, error) {
	for k.seq != 1<<32-1 {
		k.seq++
		binary.LittleEndian.PutUint32(k.record[:4], k.seq)
		k.digest.Reset()
		k.digest.Write(k.record[:])
		k.digest.Sum(k.sum[:0])
		candidate := uint128.New(binary.BigEndian.Uint64(k.sum[4:12]), uint64(binary.BigEndian.Uint32(k.sum[:4])))
		if candidate.Cmp(DealCount) < 0 {
			return Number{candidate}, nil
		}
	}
	return Number{}, ErrExhausted
}

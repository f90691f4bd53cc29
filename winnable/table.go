package winnable

import "github.com/arbiterchess/arbiter/chess"

// posSet is a set of positions for the searches that must see each
// position once. A position is stored as a 128-bit fingerprint: the FIDE
// identity key of the chess package and an independent hash of the same
// fields computed here. Two different positions would have to agree on
// both to be confused; with the few hundred thousand positions of a search
// the chance of that is below 2^-90, far under the odds of a hardware
// fault. (An exact table of identities costs five times the memory.)
type posSet struct {
	keys []fingerprint
	n    int
}

type fingerprint struct{ a, b uint64 }

func mix64(h, v uint64) uint64 {
	h ^= v
	h *= 0x9fb21c651e98df25
	h ^= h >> 29
	return h
}

// fingerprintOf returns the fingerprint of pos.
func fingerprintOf(pos *chess.Position) fingerprint {
	h := uint64(0x243f6a8885a308d3)
	h = mix64(h, uint64(pos.ByColor(chess.White)))
	for t := chess.Pawn; t <= chess.King; t++ {
		h = mix64(h, uint64(pos.ByType(t))+uint64(t))
	}
	h = mix64(h, uint64(pos.CastlingRights()))
	h = mix64(h, uint64(pos.EnPassant())<<1|uint64(pos.Turn()))
	return fingerprint{pos.IdentityKey() | 1, h}
}

func (t *posSet) reset() {
	if len(t.keys) > 1<<16 {
		t.keys = nil // do not keep a huge table after a big search
	}
	clear(t.keys)
	t.n = 0
}

// insert adds the position and reports whether it was new.
func (t *posSet) insert(p *chess.Position) bool {
	if 10*(t.n+1) > 7*len(t.keys) {
		t.grow()
	}
	f := fingerprintOf(p)
	mask := len(t.keys) - 1
	for i := int(f.b) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case fingerprint{}:
			t.keys[i] = f
			t.n++
			return true
		case f:
			return false
		}
	}
}

func (t *posSet) grow() {
	size := 2 * len(t.keys)
	if size < 1024 {
		size = 1024
	}
	old := t.keys
	t.keys = make([]fingerprint, size)
	mask := size - 1
	for _, f := range old {
		if f == (fingerprint{}) {
			continue
		}
		i := int(f.b) & mask
		for t.keys[i] != (fingerprint{}) {
			i = (i + 1) & mask
		}
		t.keys[i] = f
	}
}

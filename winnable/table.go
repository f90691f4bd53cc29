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
	keys  []slot
	n     int
	epoch uint32 // slots of other epochs are empty
}

type fingerprint struct{ a, b uint64 }

type slot struct {
	f     fingerprint
	epoch uint32
}

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
	return fingerprint{pos.IdentityKey(), h}
}

// keepSlots is the largest table kept from one search to the next.
const keepSlots = 1 << 17

// reset empties the set: a new epoch makes every slot empty at once.
func (t *posSet) reset() {
	if len(t.keys) > keepSlots {
		t.keys = nil
	}
	t.n = 0
	t.epoch++
	if t.epoch == 0 {
		clear(t.keys)
		t.epoch = 1
	}
}

// insert adds the position and reports whether it was new.
func (t *posSet) insert(p *chess.Position) bool {
	if 10*(t.n+1) > 7*len(t.keys) {
		t.grow()
	}
	f := fingerprintOf(p)
	mask := len(t.keys) - 1
	for i := int(f.b) & mask; ; i = (i + 1) & mask {
		s := &t.keys[i]
		if s.epoch != t.epoch {
			*s = slot{f, t.epoch}
			t.n++
			return true
		}
		if s.f == f {
			return false
		}
	}
}

func (t *posSet) grow() {
	size := 2 * len(t.keys)
	if size < 4096 {
		size = 4096
	}
	old := t.keys
	t.keys = make([]slot, size)
	mask := size - 1
	for _, s := range old {
		if s.epoch != t.epoch {
			continue
		}
		i := int(s.f.b) & mask
		for t.keys[i].epoch == t.epoch {
			i = (i + 1) & mask
		}
		t.keys[i] = s
	}
}

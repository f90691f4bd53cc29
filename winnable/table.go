package winnable

import "github.com/arbiterchess/arbiter/chess"

// idSet is a set of positions keyed by their exact FIDE identity, so that
// no two different positions are ever taken for one (a hash collision would
// make the search skip a position, and could hide a checkmate).
type idSet struct {
	keys []uint64 // IdentityKey | 1; 0 marks an empty slot
	ids  []chess.Identity
	n    int
}

func (t *idSet) reset() {
	if len(t.keys) > 1<<14 {
		// Do not keep a huge table around after a big search.
		t.keys, t.ids = nil, nil
	}
	clear(t.keys)
	t.n = 0
}

// insert adds the position and reports whether it was new.
func (t *idSet) insert(p *chess.Position) bool {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	key := p.IdentityKey() | 1
	id := p.Identity()
	mask := len(t.keys) - 1
	for i := int(key>>7) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case 0:
			t.keys[i] = key
			t.ids[i] = id
			t.n++
			return true
		case key:
			if t.ids[i] == id {
				return false
			}
		}
	}
}

func (t *idSet) grow() {
	size := 2 * len(t.keys)
	if size < 1024 {
		size = 1024
	}
	oldKeys, oldIDs := t.keys, t.ids
	t.keys = make([]uint64, size)
	t.ids = make([]chess.Identity, size)
	mask := size - 1
	for j, k := range oldKeys {
		if k == 0 {
			continue
		}
		i := int(k>>7) & mask
		for t.keys[i] != 0 {
			i = (i + 1) & mask
		}
		t.keys[i] = k
		t.ids[i] = oldIDs[j]
	}
}

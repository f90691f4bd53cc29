package winnable

import "github.com/arbiterchess/arbiter/chess"

// posSet is a set of positions for the searches that must see each
// position once. A position is stored as a 120-bit fingerprint: the FIDE
// identity key of the chess package and 56 bits of an independent hash of
// the same fields computed here (the other 8 bits of that word tell which
// search wrote the slot). Two different positions would have to agree on
// both to be confused; with the few hundred thousand positions of a search
// the chance of that is below 2^-80, far under the odds of a hardware
// fault. (An exact table of identities costs five times the memory.)
//
// The table is a prefix of one array that grows as the search does, so a
// small search touches a small, cache-friendly part of it.
type posSet struct {
	keys  []slot
	mask  int // the table in use is keys[:mask+1]
	n     int
	epoch uint64 // 1..255: slots with another low byte are empty
	spare []slot // scratch for grow
}

type fingerprint struct{ a, b uint64 }

// slot holds a fingerprint; the low byte of b is the epoch that wrote it.
type slot struct{ a, b uint64 }

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

const (
	// keepSlots is the largest array kept from one search to the next.
	keepSlots = 1 << 18
	// minSlots is the size of the table at the start of a search.
	minSlots = 1 << 12
)

// reset empties the set: a new epoch makes every slot empty at once. The
// array is kept (an analysis may run several searches that grow it as
// far); release lets a large one go.
func (t *posSet) reset() {
	t.n = 0
	t.epoch++
	if t.epoch > 0xff {
		clear(t.keys)
		t.epoch = 1
	}
	t.mask = min(len(t.keys), minSlots) - 1
}

// release drops an array larger than keepSlots, so that a pooled analyzer
// does not hold on to the memory of a big search.
func (t *posSet) release() {
	if len(t.keys) > keepSlots {
		t.keys = nil
		t.mask = -1
		t.n = 0
	}
}

// insert adds the position and reports whether it was new.
func (t *posSet) insert(p *chess.Position) bool {
	return t.insertFingerprint(fingerprintOf(p))
}

// insertFingerprint adds a position by its fingerprint and reports
// whether it was new. A set must take its fingerprints from one scheme
// only: fingerprintOf, or zobristOf and its updates.
func (t *posSet) insertFingerprint(f fingerprint) bool {
	if 10*(t.n+1) > 7*(t.mask+1) {
		t.grow()
	}
	b := f.b&^0xff | t.epoch
	for i := int(f.b>>8) & t.mask; ; i = (i + 1) & t.mask {
		s := &t.keys[i]
		if s.b&0xff != t.epoch {
			*s = slot{f.a, b}
			t.n++
			return true
		}
		if s.a == f.a && s.b == b {
			return false
		}
	}
}

// grow doubles the table in use, within the array when it is big enough.
// A new array is filled straight from the old one; within the array, the
// live slots are set aside first (in spare, kept for the next time).
func (t *posSet) grow() {
	size := max(2*(t.mask+1), minSlots)
	if size > len(t.keys) {
		old := t.keys[:t.mask+1]
		t.keys = make([]slot, size)
		t.mask = size - 1
		for _, s := range old {
			if s.b&0xff == t.epoch {
				t.place(s)
			}
		}
		return
	}
	live := t.spare[:0]
	for i := 0; i <= t.mask; i++ {
		if s := t.keys[i]; s.b&0xff == t.epoch {
			live = append(live, s)
			t.keys[i] = slot{}
		}
	}
	t.mask = size - 1
	for _, s := range live {
		t.place(s)
	}
	if cap(live) <= keepSlots {
		t.spare = live[:0]
	} else {
		t.spare = nil
	}
}

// place puts a live slot in the first free slot from its home.
func (t *posSet) place(s slot) {
	i := int(s.b>>8) & t.mask
	for t.keys[i].b&0xff == t.epoch {
		i = (i + 1) & t.mask
	}
	t.keys[i] = s
}

// The closure search fingerprints positions by two independent Zobrist
// hashes instead (random keys for each piece on each square, the side to
// move, each castling right and the en passant square, exclusive-ored),
// so that the fingerprint of the position after a move is that of the
// one before with a few keys flipped: a position seen before is then
// skipped without the move being played. The keys come from a fixed
// generator; two positions share a fingerprint only if both hashes
// agree, a chance of 2^-120 for a pair, as for fingerprintOf.
var zobristKeys struct {
	piece  [2][16][64]uint64
	castle [2][64]uint64
	ep     [2][64]uint64
	turn   [2]uint64
}

func init() {
	x := uint64(0x6a09e667f3bcc909)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	k := &zobristKeys
	for h := 0; h < 2; h++ {
		for pc := range k.piece[h] {
			for s := range k.piece[h][pc] {
				k.piece[h][pc][s] = next()
			}
		}
		for s := 0; s < 64; s++ {
			k.castle[h][s], k.ep[h][s] = next(), next()
		}
		k.turn[h] = next()
	}
}

// zobristOf returns the closure search's fingerprint of pos.
func zobristOf(pos *chess.Position) fingerprint {
	k := &zobristKeys
	var f fingerprint
	for b := pos.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		pc := pos.PieceAt(s)
		f.a ^= k.piece[0][pc][s]
		f.b ^= k.piece[1][pc][s]
	}
	for b := pos.CastlingRights(); b != 0; b &= b - 1 {
		s := b.First()
		f.a ^= k.castle[0][s]
		f.b ^= k.castle[1][s]
	}
	if ep := pos.EnPassant(); ep != chess.NoSquare {
		f.a ^= k.ep[0][ep]
		f.b ^= k.ep[1][ep]
	}
	if pos.Turn() == chess.Black {
		f.a ^= k.turn[0]
		f.b ^= k.turn[1]
	}
	return f
}

// childFingerprint returns the fingerprint of the position after the
// legal move m in pos, whose fingerprint is f, without playing the move.
// It reports false, leaving the move to be played and zobristOf, for
// castling and for a move that may take a castling right or, as a
// promotion to a rook, give one (laws C6).
func childFingerprint(pos *chess.Position, f fingerprint, m chess.Move) (fingerprint, bool) {
	k := &zobristKeys
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	us := pc.Color()
	if rights := pos.CastlingRights(); rights != 0 && (pc.Type() == chess.King || rights&(from.Bitboard()|to.Bitboard()) != 0) {
		return f, false
	}
	if ep := pos.EnPassant(); ep != chess.NoSquare {
		f.a ^= k.ep[0][ep]
		f.b ^= k.ep[1][ep]
	}
	moved := pc
	switch m.Kind() {
	case chess.Castling:
		return f, false
	case chess.EnPassant:
		s := to ^ 8
		victim := pos.PieceAt(s)
		f.a ^= k.piece[0][victim][s]
		f.b ^= k.piece[1][victim][s]
	case chess.Promotion:
		t := m.Promotion()
		if t == chess.Rook {
			return f, false
		}
		moved = chess.NewPiece(us, t)
	}
	if victim := pos.PieceAt(to); victim != chess.NoPiece {
		f.a ^= k.piece[0][victim][to]
		f.b ^= k.piece[1][victim][to]
	}
	f.a ^= k.piece[0][pc][from] ^ k.piece[0][moved][to] ^ k.turn[0]
	f.b ^= k.piece[1][pc][from] ^ k.piece[1][moved][to] ^ k.turn[1]
	if pc.Type() == chess.Pawn && from^to == 16 {
		if mid := (from + to) / 2; chess.PawnAttacks(us, mid)&pos.Pieces(us^1, chess.Pawn) != 0 {
			f.a ^= k.ep[0][mid]
			f.b ^= k.ep[1][mid]
		}
	}
	return f, true
}

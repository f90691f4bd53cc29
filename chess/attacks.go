package chess

// Attack tables: leapers are looked up directly, sliders through "fancy"
// magic bitboards (Go has no PEXT intrinsic). The magic multipliers are
// searched for once at start-up with a fixed-seed generator, which takes a
// few milliseconds and always yields the same tables.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard

	// between[a][b]: the squares strictly between a and b on a line, or empty.
	between [64][64]Bitboard
	// line[a][b]: the whole line through a and b (edge to edge), or empty.
	line [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	// sliderTable holds the attack sets of all magics (rook 102400 entries,
	// bishop 5248).
	sliderTable [rookTableSize + bishopTableSize]Bitboard
)

const (
	rookTableSize   = 102400
	bishopTableSize = 5248
)

type magic struct {
	mask   Bitboard
	magic  uint64
	offset uint32
	shift  uint8
}

func (m *magic) index(occ Bitboard) uint32 {
	return m.offset + uint32(uint64(occ&m.mask)*m.magic>>(m.shift&63))
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// RookAttacks returns the squares a rook on s attacks given the occupied squares.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return sliderTable[m.index(occ)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupied squares.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return sliderTable[m.index(occ)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupied squares.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return between[a&63][b&63] }

// Line returns the full line (edge to edge) through a and b when they share
// a rank, file or diagonal, and the empty set otherwise.
func Line(a, b Square) Bitboard { return line[a&63][b&63] }

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide walks from s in each direction until the edge or an occupied square.
func slide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := NewSquare(f, r)
			b |= t.Bitboard()
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

func init() {
	for s := A1; s <= H8; s++ {
		f, r := s.File(), s.Rank()
		jump := func(df, dr int) Bitboard {
			if f+df < 0 || f+df > 7 || r+dr < 0 || r+dr > 7 {
				return 0
			}
			return NewSquare(f+df, r+dr).Bitboard()
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[s] |= jump(d[0], d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			kingAttacks[s] |= jump(d[0], d[1])
		}
		pawnAttacks[White][s] = jump(-1, 1) | jump(1, 1)
		pawnAttacks[Black][s] = jump(-1, -1) | jump(1, -1)
	}
	initMagics()
	for a := A1; a <= H8; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			empty := slide(a, 0, dirs)
			for b := A1; b <= H8; b++ {
				if a == b || !empty.Has(b) {
					continue
				}
				line[a][b] = sameLine(a, b)
				between[a][b] = slide(a, b.Bitboard(), dirs) & slide(b, a.Bitboard(), dirs)
			}
		}
	}
}

// sameLine returns every square on the line through a and b (which share one).
func sameLine(a, b Square) Bitboard {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	bb := a.Bitboard()
	for _, k := range [2]int{1, -1} {
		f, r := a.File()+k*df, a.Rank()+k*dr
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			bb |= NewSquare(f, r).Bitboard()
			f, r = f+k*df, r+k*dr
		}
	}
	return bb
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// initMagics finds a magic multiplier for every square and slider and fills
// sliderTable. The generator is seeded per rank so the search is short.
func initMagics() {
	offset := uint32(0)
	offset = fillMagics(&rookMagics, rookDirs, offset)
	fillMagics(&bishopMagics, bishopDirs, offset)
}

func fillMagics(ms *[64]magic, dirs [4][2]int, offset uint32) uint32 {
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	cnt := 0
	for s := A1; s <= H8; s++ {
		edges := ((Rank1 | Rank8) &^ rankOf(s)) | ((FileA | FileH) &^ fileOf(s))
		m := &ms[s]
		m.mask = slide(s, 0, dirs) &^ edges
		bitsN := m.mask.Count()
		m.shift = uint8(64 - bitsN)
		m.offset = offset
		// Enumerate every subset of the mask (Carry-Rippler).
		size := 0
		for b := Bitboard(0); ; {
			occs[size] = b
			refs[size] = slide(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		rng := prng{seeds[s.Rank()]}
		for i := 0; i < size; {
			for m.magic = 0; Bitboard(m.magic*uint64(m.mask)>>56).Count() < 6; {
				m.magic = rng.sparse()
			}
			cnt++
			for i = 0; i < size; i++ {
				idx := uint32(uint64(occs[i]) * m.magic >> m.shift)
				if epoch[idx] < cnt {
					epoch[idx] = cnt
					sliderTable[offset+idx] = refs[i]
				} else if sliderTable[offset+idx] != refs[i] {
					break
				}
			}
		}
		offset += uint32(size)
	}
	return offset
}

// prng is xorshift64*, used only to search for magics.
type prng struct{ s uint64 }

func (p *prng) next() uint64 {
	p.s ^= p.s >> 12
	p.s ^= p.s << 25
	p.s ^= p.s >> 27
	return p.s * 2685821657736338717
}

// sparse returns a number with few bits set, which makes a good magic.
func (p *prng) sparse() uint64 {
	a, b, c := p.next(), p.next(), p.next()
	return a & b & c
}

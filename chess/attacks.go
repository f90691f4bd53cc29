package chess

// Attack tables: leapers are looked up directly, sliders through "fancy"
// magic bitboards (Go has no PEXT intrinsic). The slider tables (the
// magics, their attack sets, between and line) are constants in
// tables.go, written by the generator in tables_gen_test.go, which
// searches for the magic multipliers with a fixed-seed generator; a test
// regenerates the file and fails if it differs. Building them at start-up
// took 35 ms, a lazy build would cost its ~2 ms at the first use instead
// (BenchmarkFillSliderTables): the constants cost nothing.

//go:generate go test -run ^TestTablesFileIsGenerated$ -update-tables

// In tables.go:
//
// knightAttacks, kingAttacks, pawnAttacks: the leapers' attacks.
// between[a][b]: the squares strictly between a and b on a line, or empty.
// line[a][b]: the whole line through a and b (edge to edge), or empty.
// rookMagics, bishopMagics: the magic of each square.
// sliderTable: the attack sets of all magics (rook 102400 entries, bishop
// 5248).
// rookRays, bishopRays: rook and bishop attacks on an empty board.

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

// prng is xorshift64*, used for the castling-right keys (and, by the
// generator of tables.go, to search for magics).
type prng struct{ s uint64 }

func (p *prng) next() uint64 {
	p.s ^= p.s >> 12
	p.s ^= p.s << 25
	p.s ^= p.s >> 27
	return p.s * 2685821657736338717
}

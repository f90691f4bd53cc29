package chess

// Hashing. Hash is the Polyglot key (compatible with Polyglot opening books).
// Identity is the FIDE identity of a position (laws R1, FIDE 9.2): two
// positions are the same when the same player has the move, the same pieces
// stand on the same squares and all the possible moves are the same — so
// castling rights count, an en passant square counts only when the capture
// is legal, and the move counters do not.

var (
	pieceKeys [16][64]uint64
	turnKey   uint64
	// rightKeys adds one key per castling-right rook square to IdentityKey,
	// so rights with different rooks (Chess960, vertical castling) differ.
	rightKeys [64]uint64
	// cornerKeys[i] is the sum (xor) of the rightKeys of the corner squares
	// in i (bits: a1, h1, a8, h8), the castling rights of standard chess.
	cornerKeys [16]uint64
)

// corners are the squares of the rooks of standard chess castling.
const corners = Bitboard(1) | 1<<7 | 1<<56 | 1<<63

// cornerIndex packs the corner squares of b into four bits for cornerKeys.
func cornerIndex(b Bitboard) int {
	return int(b&1 | b>>6&2 | b>>54&4 | b>>60&8)
}

func init() {
	for pc := WhitePawn; pc <= BlackKing; pc++ {
		if pc.Type() == NoPieceType || pc.Type() > King {
			continue
		}
		kind := 2*int(pc.Type()-1) + 1
		if pc.Color() == Black {
			kind--
		}
		for s := A1; s <= H8; s++ {
			pieceKeys[pc][s] = polyglotRandom[64*kind+int(s)]
		}
	}
	turnKey = polyglotRandom[780]
	rng := prng{0x9e3779b97f4a7c15}
	for i := range rightKeys {
		rightKeys[i] = rng.next()
	}
	for i := range cornerKeys {
		for _, s := range []Square{A1, H1, A8, H8} {
			if cornerIndex(s.Bitboard())&i != 0 {
				cornerKeys[i] ^= rightKeys[s]
			}
		}
	}
}

// Hash returns the Polyglot Zobrist key of the position, as opening books
// use it: castling as four flags, the en passant file only when a pawn of
// the side to move stands beside the pawn that just advanced two squares.
func (p *Position) Hash() uint64 {
	h := p.hash // pieces, and the turn key when White is to move
	for _, c := range [2]Color{White, Black} {
		k := p.KingSquare(c)
		for rooks := p.castle & p.byColor[c]; rooks != 0; rooks &= rooks - 1 {
			r := rooks.First()
			if r.Rank() != k.Rank() {
				continue // vertical castling has no Polyglot flag
			}
			side := 1 // queenside
			if r > k {
				side = 0
			}
			h ^= polyglotRandom[768+2*int(c)+side]
		}
	}
	if p.ep != NoSquare {
		h ^= polyglotRandom[772+p.ep.File()]
	}
	return h
}

// Identity is the FIDE identity of a position (laws R1): comparable with ==
// and usable as a map key. Positions whose Identity is equal are "the same
// position" for threefold and fivefold repetition.
type Identity struct {
	byType [6]Bitboard
	white  Bitboard
	castle Bitboard
	ep     Square
	turn   Color
}

// Identity returns the FIDE identity of the position.
func (p *Position) Identity() Identity {
	id := Identity{white: p.byColor[White], castle: p.castle, ep: p.legalEP(), turn: p.turn}
	copy(id.byType[:], p.byType[Pawn:King+1])
	return id
}

// IdentityKey returns a 64-bit hash of Identity: equal identities have equal
// keys. It differs from Hash where the laws differ from Polyglot: every
// castling-right rook counts on its own, and en passant only when legal.
func (p *Position) IdentityKey() uint64 {
	h := p.hash
	if p.castle&^corners == 0 {
		h ^= cornerKeys[cornerIndex(p.castle)]
	} else {
		for r := p.castle; r != 0; r &= r - 1 {
			h ^= rightKeys[r.First()]
		}
	}
	if p.ep != NoSquare { // (most positions: no call)
		if ep := p.legalEP(); ep != NoSquare {
			h ^= polyglotRandom[772+ep.File()]
		}
	}
	return h
}

// legalEP returns the en passant square when some en passant capture is
// legal (laws R1b), else NoSquare.
func (p *Position) legalEP() Square {
	if p.ep == NoSquare {
		return NoSquare
	}
	for from := pawnAttacks[p.turn^1][p.ep] & p.Pieces(p.turn, Pawn); from != 0; from &= from - 1 {
		if p.epLegal(from.First()) {
			return p.ep
		}
	}
	return NoSquare
}

// epLegal reports whether the pawn on from may capture en passant: after
// the capture, the mover's king must not be attacked.
func (p *Position) epLegal(from Square) bool {
	us := p.turn
	ksq := p.KingSquare(us)
	capsq := p.ep ^ 8
	occ := p.Occupied() ^ from.Bitboard() ^ capsq.Bitboard() | p.ep.Bitboard()
	them := p.byColor[us^1] &^ capsq.Bitboard()
	return (BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])|
		RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])|
		knightAttacks[ksq]&p.byType[Knight]|
		pawnAttacks[us][ksq]&p.byType[Pawn])&them == 0
}

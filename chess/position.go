package chess

// Position is a legal chess position: placement, side to move, castling
// rights, en passant square and move counters. Positions are built by
// ParseFEN, NewPosition or StartPosition and are always legal, so move
// generation never has to doubt its input. A Position is a plain value:
// copying it copies the position.
type Position struct {
	board   [64]Piece
	byType  [8]Bitboard // index by PieceType; [0] is unused
	byColor [2]Bitboard
	// castle holds the rooks that keep a castling right (laws C2): a rook
	// square, not four flags, so Chess960 and vertical castling need nothing
	// more. The colour of a right is the colour of the rook on that square.
	castle Bitboard
	// unmovedKings, kept only with vertical castling, tells whether a king has
	// never moved, so that a rook promoted on its file gains a castling right.
	unmovedKings Bitboard
	// ep is the en passant target square, set only when a pawn of the side to
	// move stands ready to capture there (the capture may still be illegal).
	ep       Square
	turn     Color
	chess960 bool
	vertical bool
	halfmove int
	fullmove int
	hash     uint64 // Polyglot key of placement and side to move
}

// Options are the variant switches of a position.
type Options struct {
	// Chess960 makes castling follow laws C7 and FEN castling rights name rooks.
	Chess960 bool
	// Vertical allows the pre-1972 vertical castling of laws C6 (rule set fide-1971).
	Vertical bool
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // unreachable: StartFEN is valid
	}
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// ByType returns the squares of pieces of type t, both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t&7] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t&7] & p.byColor[c&1] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.Pieces(c, King).First() }

// CastlingRights returns the squares of the rooks that keep a castling right.
func (p *Position) CastlingRights() Bitboard { return p.castle }

// EnPassant returns the en passant target square, or NoSquare. It is set
// only when a pawn of the side to move could capture there pseudo-legally.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of half-moves since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the move number, starting at 1 and counted after Black's move.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Options returns the variant switches the position was built with.
func (p *Position) Options() Options { return Options{Chess960: p.chess960, Vertical: p.vertical} }

// SetVertical switches vertical castling (laws C6, rule set fide-1971) on or
// off. Kings that keep a castling right are taken to be unmoved.
func (p *Position) SetVertical(on bool) {
	p.vertical = on
	p.unmovedKings = 0
	if on {
		for _, c := range [2]Color{White, Black} {
			if p.castle&p.byColor[c] != 0 {
				p.unmovedKings |= p.Pieces(c, King)
			}
		}
	}
}

// Checkers returns the enemy pieces that give check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.attackersTo(p.KingSquare(p.turn), p.Occupied()) & p.byColor[p.turn^1]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// IsAttacked reports whether square s is attacked by a piece of colour by.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.attackersTo(s, p.Occupied())&p.byColor[by&1] != 0
}

// AttackersTo returns the pieces of both colours that attack s.
func (p *Position) AttackersTo(s Square) Bitboard { return p.attackersTo(s, p.Occupied()) }

func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	s &= 63
	return pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])
}

// attacked reports whether s is attacked by colour by given occupancy occ.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	s &= 63
	them := p.byColor[by&1]
	if (pawnAttacks[by^1][s]&p.byType[Pawn]|knightAttacks[s]&p.byType[Knight]|kingAttacks[s]&p.byType[King])&them != 0 {
		return true
	}
	if BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

func (p *Position) put(pc Piece, s Square) {
	s &= 63
	b := s.Bitboard()
	p.board[s] = pc
	p.byType[pc.Type()&7] |= b
	p.byColor[pc.Color()&1] |= b
	p.hash ^= pieceKeys[pc&15][s]
}

func (p *Position) remove(s Square) Piece {
	s &= 63
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byType[pc.Type()&7] &^= b
	p.byColor[pc.Color()&1] &^= b
	p.hash ^= pieceKeys[pc&15][s]
	return pc
}

func (p *Position) shift(from, to Square) {
	from, to = from&63, to&63
	pc := p.board[from]
	b := Bitboard(1)<<from | Bitboard(1)<<to
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[pc&7] ^= b
	p.byColor[pc>>3&1] ^= b
	k := &pieceKeys[pc&15]
	p.hash ^= k[from] ^ k[to]
}

// Undo holds what Unmake needs to take a move back.
type Undo struct {
	captured     Piece
	ep           Square
	castle       Bitboard
	unmovedKings Bitboard
	halfmove     int
	hash         uint64
}

// Make plays the legal move m (from LegalMoves or a parser) and returns
// what Unmake needs to take it back. Make does not check legality, but it
// panics on NoMove (what a failed parser returns) and on a move whose
// origin holds no piece of the side to move, rather than corrupt the
// position.
func (p *Position) Make(m Move) Undo {
	u := Undo{ep: p.ep, castle: p.castle, unmovedKings: p.unmovedKings, halfmove: p.halfmove, hash: p.hash}
	u.captured = p.play(m)
	return u
}

// play makes move m and returns the piece it captured (or NoPiece). It
// panics, before anything changes, on NoMove and on a move whose origin
// holds no piece of the side to move: every entry that makes a move (Apply,
// Make, Play) comes through here, and the check is two compares beside
// the work of a move, with no call of its own.
func (p *Position) play(m Move) (captured Piece) {
	if !p.holds(m) {
		badMove(p, m)
	}
	us := p.turn
	from, to := m.From(), m.To()
	p.ep = NoSquare
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	switch m >> moveKindBits {
	case kindCastle:
		kto, rto := m.KingTo(), m.RookTo()
		p.castle &^= p.byColor[us]
		p.unmovedKings &^= from.Bitboard()
		king := p.remove(from)
		rook := p.remove(to)
		p.put(king, kto)
		p.put(rook, rto)
	case kindEP:
		captured = p.remove(to ^ 8)
		p.shift(from, to)
		p.halfmove = 0
	default:
		pc := p.board[from&63]
		if captured = p.board[to&63]; captured != NoPiece {
			p.remove(to)
			p.halfmove = 0
		}
		p.shift(from, to)
		p.castle &^= from.Bitboard() | to.Bitboard()
		switch pc.Type() {
		case Pawn:
			p.halfmove = 0
			if from^to == 16 {
				mid := (from + to) / 2
				if pawnAttacks[us][mid]&p.Pieces(us^1, Pawn) != 0 {
					p.ep = mid
				}
			} else if promo := m.Promotion(); promo != NoPieceType {
				p.remove(to)
				p.put(NewPiece(us, promo), to)
				if promo == Rook && p.vertical {
					p.promotedRook(us, to)
				}
			}
		case King:
			p.castle &^= p.byColor[us]
			p.unmovedKings &^= from.Bitboard()
		}
	}
	p.turn = us ^ 1
	p.hash ^= turnKey
	return captured
}

// promotedRook gives a rook promoted on the file of its unmoved king a
// castling right, as the pre-1972 laws allowed (laws C6).
func (p *Position) promotedRook(us Color, to Square) {
	k := p.Pieces(us, King) & p.unmovedKings
	if k != 0 && k.First().File() == to.File() {
		p.castle |= to.Bitboard()
	}
}

// Unmake takes back m, which must be the last move made, given its Undo.
func (p *Position) Unmake(m Move, u Undo) {
	them := p.turn
	us := them ^ 1
	from, to := m.From(), m.To()
	switch m >> moveKindBits {
	case kindCastle:
		king := p.remove(m.KingTo())
		rook := p.remove(m.RookTo())
		p.put(king, from)
		p.put(rook, to)
	case kindEP:
		p.shift(to, from)
		p.put(u.captured, to^8)
	default:
		if m.Promotion() != NoPieceType {
			p.remove(to)
			p.put(NewPiece(us, Pawn), to)
		}
		p.shift(to, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	}
	if us == Black {
		p.fullmove--
	}
	p.turn = us
	p.ep = u.ep
	p.castle = u.castle
	p.unmovedKings = u.unmovedKings
	p.halfmove = u.halfmove
	p.hash = u.hash
}

// Play returns the position after the legal move m, leaving p unchanged.
// Like Make, it panics on NoMove and on a move from a square without a
// piece of the side to move.
func (p *Position) Play(m Move) *Position {
	q := *p
	q.play(m)
	return &q
}

// MakeNull passes the turn without moving (a PGN null move "--"). It is
// not a legal chess move; Unmake it with UnmakeNull.
func (p *Position) MakeNull() Undo {
	u := Undo{ep: p.ep, castle: p.castle, unmovedKings: p.unmovedKings, halfmove: p.halfmove, hash: p.hash}
	p.ep = NoSquare
	p.halfmove++
	if p.turn == Black {
		p.fullmove++
	}
	p.turn ^= 1
	p.hash ^= turnKey
	return u
}

// UnmakeNull takes back a null move.
func (p *Position) UnmakeNull(u Undo) {
	p.turn ^= 1
	if p.turn == Black {
		p.fullmove--
	}
	p.ep, p.castle, p.unmovedKings, p.halfmove, p.hash = u.ep, u.castle, u.unmovedKings, u.halfmove, u.hash
}

// holds reports whether m's origin holds a piece of the side to move and m
// goes somewhere: one compare for the piece (a type 1 to 6 with the colour
// bits of the side to move), one for a move from a square to itself (NoMove
// is a1a1). play panics (badMove) when it does not.
func (p *Position) holds(m Move) bool {
	return uint8(p.board[m&63])-uint8(p.turn)<<3-1 <= 5 && (m^m>>6)&63 != 0
}

// badMove panics for a move that cannot be made in p: the zero Move
// (NoMove, which a failed ParseSAN or ParseUCI returns with its error), a
// move whose origin holds no piece of the side to move, or one from a
// square to itself. Making it would corrupt the position silently.
//
//go:noinline
func badMove(p *Position, m Move) {
	if m == NoMove {
		panic("chess: NoMove played (the move of a failed ParseSAN or ParseUCI? check its error) in " + p.FEN())
	}
	if m.From() == m.To() {
		panic("chess: move " + m.String() + " played, but it goes from " + m.From().String() + " to itself, in " + p.FEN())
	}
	panic("chess: move " + m.String() + " played, but " + m.From().String() + " holds no piece of the side to move, in " + p.FEN())
}

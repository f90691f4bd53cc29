package chess

// Move is a move packed in 16 bits: origin, destination and kind.
//
// Castling is stored as "king takes own rook": the origin is the king's
// square and the destination the castling rook's square, whatever the
// variant (standard, Chess960 or vertical castling). Use KingTo and RookTo
// for where the pieces land.
type Move uint16

// NoMove is the zero Move; it is never a legal move.
const NoMove Move = 0

// MoveKind tells special moves apart.
type MoveKind uint8

// Kinds of move.
const (
	Normal MoveKind = iota
	Castling
	EnPassant
	Promotion
)

const (
	kindNormal   = 0
	kindCastle   = 1
	kindEP       = 2
	kindPromoN   = 3
	kindPromoB   = 4
	kindPromoR   = 5
	kindPromoQ   = 6
	moveKindBits = 12
)

// NewMove returns a normal move (also a pawn's double step or a capture).
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewPromotion returns a promotion to the given piece type (Knight..Queen).
func NewPromotion(from, to Square, t PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(t+1)<<moveKindBits
}

// NewEnPassant returns an en passant capture landing on to.
func NewEnPassant(from, to Square) Move { return Move(from) | Move(to)<<6 | kindEP<<moveKindBits }

// NewCastling returns castling of the king on king with the rook on rook.
func NewCastling(king, rook Square) Move {
	return Move(king) | Move(rook)<<6 | kindCastle<<moveKindBits
}

// From returns the origin square (the king's for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns whether the move is normal, castling, en passant or a promotion.
func (m Move) Kind() MoveKind {
	switch k := m >> moveKindBits; {
	case k == kindCastle:
		return Castling
	case k == kindEP:
		return EnPassant
	case k >= kindPromoN:
		return Promotion
	}
	return Normal
}

// Promotion returns the piece type promoted to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if k := m >> moveKindBits; k >= kindPromoN {
		return PieceType(k - 1)
	}
	return NoPieceType
}

// IsCastling reports whether the move is castling.
func (m Move) IsCastling() bool { return m>>moveKindBits == kindCastle }

// IsEnPassant reports whether the move is an en passant capture.
func (m Move) IsEnPassant() bool { return m>>moveKindBits == kindEP }

// KingTo returns where the king lands when the move is castling: the g- or
// c-file of its rank, or two squares along the file for vertical castling.
func (m Move) KingTo() Square {
	k, r := m.From(), m.To()
	if k.File() == r.File() { // vertical castling (laws C6)
		if r > k {
			return k + 16
		}
		return k - 16
	}
	if r > k {
		return NewSquare(6, k.Rank())
	}
	return NewSquare(2, k.Rank())
}

// RookTo returns where the rook lands when the move is castling: the square
// the king crossed (f- or d-file, or the king's file for vertical castling).
func (m Move) RookTo() Square {
	k, r := m.From(), m.To()
	if k.File() == r.File() {
		if r > k {
			return k + 8
		}
		return k - 8
	}
	if r > k {
		return NewSquare(5, k.Rank())
	}
	return NewSquare(3, k.Rank())
}

// String writes the move as its two squares and promotion piece, the way
// the move is stored: "e2e4", "e7e8q", and castling as king takes own rook,
// "e1h1" for O-O in every variant, which is Chess960's UCI but not standard
// chess's ("e1g1"). It is not SAN either. Position.UCI writes UCI as engines
// expect it in the position's variant; Position.SAN writes SAN. NoMove is
// "0000".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string(p.Letter()[0] | 0x20)
	}
	return s
}

// MoveList is a list of moves. No position reachable in a game has more
// than 218 legal moves, and up to 256 it never allocates; positions with
// odd material (accepted by lenient FEN reading) may have more, which go to
// an overflow slice.
type MoveList struct {
	moves [256]Move
	n     int
	extra []Move
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move.
func (l *MoveList) At(i int) Move {
	if i >= len(l.moves) {
		return l.extra[i-len(l.moves)]
	}
	return l.moves[i]
}

// Slice returns the moves as a slice; it shares the list's storage unless
// the list overflowed.
func (l *MoveList) Slice() []Move {
	if l.n > len(l.moves) {
		return append(l.moves[:len(l.moves):len(l.moves)], l.extra...)
	}
	return l.moves[:l.n]
}

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

func (l *MoveList) add(m Move) {
	if l.n < len(l.moves) {
		l.moves[l.n] = m
	} else {
		l.extra = append(l.extra, m)
	}
	l.n++
}

func (l *MoveList) reset() {
	l.n = 0
	l.extra = l.extra[:0]
}

package chess

// PieceType is the kind of a piece regardless of colour.
type PieceType uint8

// The piece types. NoPieceType is zero.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter returns the upper-case letter of the type ("P", "N", ...), or "" for none.
func (t PieceType) Letter() string {
	if t > King {
		return ""
	}
	return [...]string{"", "P", "N", "B", "R", "Q", "K"}[t]
}

// String returns the English name of the type ("knight").
func (t PieceType) String() string {
	if t > King {
		return "none"
	}
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[t]
}

// PieceTypeFromLetter reads a piece letter in either case ("n" or "N" is a knight).
func PieceTypeFromLetter(b byte) PieceType {
	switch b | 0x20 {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoPieceType
}

// Piece is a coloured piece. The zero value NoPiece is an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// Pieces by colour and type.
const (
	WhitePawn   = Piece(Pawn)
	WhiteKnight = Piece(Knight)
	WhiteBishop = Piece(Bishop)
	WhiteRook   = Piece(Rook)
	WhiteQueen  = Piece(Queen)
	WhiteKing   = Piece(King)
	BlackPawn   = Piece(Pawn) | 8
	BlackKnight = Piece(Knight) | 8
	BlackBishop = Piece(Bishop) | 8
	BlackRook   = Piece(Rook) | 8
	BlackQueen  = Piece(Queen) | 8
	BlackKing   = Piece(King) | 8
)

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<3 }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// FEN returns the FEN letter of the piece: upper case for White, "" for NoPiece.
func (p Piece) FEN() string {
	l := p.Type().Letter()
	if p.Color() == Black && l != "" {
		return string(l[0] | 0x20)
	}
	return l
}

// String returns the FEN letter, or "." for an empty square.
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	return p.FEN()
}

// PieceFromFEN reads a FEN piece letter ("P" white pawn, "q" black queen).
func PieceFromFEN(b byte) Piece {
	t := PieceTypeFromLetter(b)
	if t == NoPieceType {
		return NoPiece
	}
	if b >= 'a' {
		return NewPiece(Black, t)
	}
	return NewPiece(White, t)
}

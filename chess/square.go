package chess

import "fmt"

// Square is one of the 64 squares, numbered a1=0, b1=1, ..., h8=63.
// NoSquare stands for "no square" (for example no en passant target).
type Square uint8

// The squares by name, and NoSquare.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// NewSquare returns the square on file (0 = a) and rank (0 = first rank).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the file of the square, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of the square, 0 (first rank) to 7 (eighth rank).
func (s Square) Rank() int { return int(s >> 3) }

// Bitboard returns the set holding only this square.
func (s Square) Bitboard() Bitboard { return Bitboard(1) << (s & 63) }

// RelativeRank returns the rank counted from c's side: 0 is c's back rank.
func (s Square) RelativeRank(c Color) int {
	if c == White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// String returns the square's name ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("%q is not a square (a1..h8)", s)
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

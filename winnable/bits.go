package winnable

import (
	"math/bits"

	"github.com/arbiterchess/arbiter/chess"
)

// Set-wide moves on bitboards. Each shift moves every square of a set one
// step in a direction, dropping what would leave the board.

type bb = chess.Bitboard

const (
	fileA = chess.FileA
	fileH = chess.FileH
	// darkSquares holds a1, c1, ..., the squares of a1's colour.
	darkSquares bb = 0xAA55AA55AA55AA55
)

func north(b bb) bb { return b << 8 }
func south(b bb) bb { return b >> 8 }
func east(b bb) bb  { return (b &^ fileH) << 1 }
func west(b bb) bb  { return (b &^ fileA) >> 1 }
func ne(b bb) bb    { return (b &^ fileH) << 9 }
func nw(b bb) bb    { return (b &^ fileA) << 7 }
func se(b bb) bb    { return (b &^ fileH) >> 7 }
func sw(b bb) bb    { return (b &^ fileA) >> 9 }

// orth returns the squares one rook step from b.
func orth(b bb) bb { return north(b) | south(b) | east(b) | west(b) }

// diag returns the squares one bishop step from b.
func diag(b bb) bb { return ne(b) | nw(b) | se(b) | sw(b) }

// around returns the squares one king step from b.
func around(b bb) bb { return orth(b) | diag(b) }

// jumps returns the squares a knight jump away from b.
func jumps(b bb) bb {
	l1 := (b &^ fileA) >> 1
	l2 := (b &^ (fileA | fileA<<1)) >> 2
	r1 := (b &^ fileH) << 1
	r2 := (b &^ (fileH | fileH>>1)) << 2
	h1 := l1 | r1
	h2 := l2 | r2
	return h1<<16 | h1>>16 | h2<<8 | h2>>8
}

// pawnCover returns the squares attacked by pawns of colour c standing on b.
func pawnCover(c chess.Color, b bb) bb {
	if c == chess.White {
		return ne(b) | nw(b)
	}
	return se(b) | sw(b)
}

// forward moves b one rank towards c's promotion rank.
func forward(c chess.Color, b bb) bb {
	if c == chess.White {
		return north(b)
	}
	return south(b)
}

// step returns the squares one move of a piece of type t away from b,
// ignoring everything on the board: the single steps whose repetition
// makes up every move of the piece (a slide is a chain of single steps).
func step(t chess.PieceType, b bb) bb {
	switch t {
	case chess.Knight:
		return jumps(b)
	case chess.Bishop:
		return diag(b)
	case chess.Rook:
		return orth(b)
	}
	return around(b) // queen and king
}

// flood returns the squares a piece of type t standing somewhere in from
// can reach through the squares of free, moving as often as it likes and
// ignoring every other piece. The result includes from.
func flood(t chess.PieceType, from, free bb) bb {
	r := from
	for {
		n := r | step(t, r)&free
		if n == r {
			return r
		}
		r = n
	}
}

// bitsLeading counts the leading zero bits of b (64 when b is empty).
func bitsLeading(b bb) int { return bits.LeadingZeros64(uint64(b)) }

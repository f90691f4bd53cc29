package chess

import (
	"iter"
	"strings"
)

// The questions everyone asks of a position, next to each other: is it
// checkmate, stalemate, can a side still mate at all, what are the legal
// moves. Rule-book items (R6) are those of the project's docs/laws.md.

// IsCheckmate reports whether the side to move is checkmated: in check,
// with no legal move (FIDE 5.1.1).
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move is stalemated: not in
// check, with no legal move (FIDE 5.2.1).
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// MaterialAllowsMate reports whether colour c's material could give
// checkmate at all, whatever the position of the pieces: false for a bare
// king, a lone knight against a bare king, or bishops all on squares of one
// colour against nothing that could block on the other colour. It is the
// opposite of python-chess's has_insufficient_material(c), and sound: false
// is only said when c can never mate. True does not mean c can mate here:
// blocked pawns or a fortress may still stop him. For the complete answer,
// with a proof or a mating line (FIDE 5.2.2, 6.9, 7.5.5; docs/laws.md R6),
// ask package winnable (winnable.CanMate).
func (p *Position) MaterialAllowsMate(c Color) bool {
	them := c.Other()
	if p.Pieces(c, Pawn)|p.Pieces(c, Rook)|p.Pieces(c, Queen) != 0 {
		return true
	}
	knights := p.Pieces(c, Knight)
	bishops := p.Pieces(c, Bishop)
	theirs := p.ByColor(them) &^ p.Pieces(them, King)
	switch {
	case knights == 0 && bishops == 0:
		return false
	case knights != 0 && (bishops != 0 || knights.More()):
		return true
	case knights != 0:
		// A lone knight mates only a king hemmed in by its own men.
		return theirs != 0
	}
	// Bishops only: of both square colours, or one colour and something
	// of the opponent's that can stand on the other.
	if bishops&lightSquares != 0 && bishops&^lightSquares != 0 {
		return true
	}
	same := lightSquares
	if bishops&lightSquares == 0 {
		same = ^lightSquares
	}
	return theirs&^(p.Pieces(them, Bishop)&same) != 0
}

// lightSquares holds the light squares (b1, a2, ...; a1 is dark).
const lightSquares Bitboard = 0x55AA55AA55AA55AA

// Legal returns the legal moves of the position, for range:
//
//	for m := range p.Legal() {
//		fmt.Println(p.SAN(m))
//	}
//
// It lists them into a MoveList on the stack, as LegalMoves does: ranging
// over it allocates nothing (BenchmarkLegalIterator).
func (p *Position) Legal() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var ml MoveList
		p.LegalMoves(&ml)
		for i := 0; i < ml.Len(); i++ {
			if !yield(ml.At(i)) {
				return
			}
		}
	}
}

// Diagram draws the position as text, White at the bottom: a rank a line
// with its number, "." for an empty square and the FEN letters for the
// pieces (upper case White), the files below, then whose move it is, the
// castling rights and the en passant square. For tests and terminals:
//
//	8 r n b q k b n r
//	7 p p p p p p p p
//	6 . . . . . . . .
//	5 . . . . . . . .
//	4 . . . . P . . .
//	3 . . . . . . . .
//	2 P P P P . P P P
//	1 R N B Q K B N R
//	  a b c d e f g h
//	Black to move · castling KQkq · en passant e3
func (p *Position) Diagram() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		b.WriteByte(byte('1' + rank))
		for file := 0; file < 8; file++ {
			b.WriteByte(' ')
			pc := p.PieceAt(Square(rank*8 + file))
			if pc == NoPiece {
				b.WriteByte('.')
			} else {
				b.WriteString(pc.FEN())
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("  a b c d e f g h\n")
	fields := strings.Fields(p.FEN())
	turn := "White"
	if p.Turn() == Black {
		turn = "Black"
	}
	b.WriteString(turn + " to move · castling " + fields[2] + " · en passant " + fields[3])
	return b.String()
}

package game

import "github.com/arbiterchess/arbiter/chess"

// MateFunc answers the question of laws R6: can colour c checkmate in p by
// some series of legal moves (a helpmate)? It must be sound: it may say
// true for a position where no mate exists, never false where one does.
// The game uses it for dead positions (5.2.2), flag fall (6.9) and the
// second illegal move (7.5.5).
type MateFunc func(p *chess.Position, c chess.Color) bool

// DefaultCanMate is the MateFunc a Game uses unless Config says otherwise:
// MaterialCanMate, then the analysis of the winnable package.
var DefaultCanMate MateFunc = defaultCanMate

// MaterialCanMate is the simplest sound answer to R6: it looks only at the
// material. Colour c cannot mate with a bare king; with a single knight
// only when the opponent has something besides the king (a piece to block
// the mated king's flight); with bishops all standing on squares of one
// colour only when the opponent has a pawn, knight, rook, queen or a bishop
// on the other colour. With anything else it says c can mate.
func MaterialCanMate(p *chess.Position, c chess.Color) bool {
	them := c.Other()
	if p.Pieces(c, chess.Pawn)|p.Pieces(c, chess.Rook)|p.Pieces(c, chess.Queen) != 0 {
		return true
	}
	knights := p.Pieces(c, chess.Knight)
	bishops := p.Pieces(c, chess.Bishop)
	theirs := p.ByColor(them) &^ p.Pieces(them, chess.King)
	switch {
	case knights == 0 && bishops == 0:
		return false
	case knights != 0 && (bishops != 0 || knights.More()):
		return true
	case knights != 0:
		return theirs != 0
	}
	// Bishops only.
	if bishops&lightSquares != 0 && bishops&^lightSquares != 0 {
		return true
	}
	same := lightSquares
	if bishops&lightSquares == 0 {
		same = ^lightSquares
	}
	return theirs&^(p.Pieces(them, chess.Bishop)&same) != 0
}

// lightSquares holds the light squares (b1, a2, ...; a1 is dark).
const lightSquares chess.Bitboard = 0x55AA55AA55AA55AA

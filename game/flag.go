package game

import "github.com/arbiterchess/arbiter/chess"

// FlagFallMaterial ends the game because c's time ran out, under the US
// Chess rule 14E instead of FIDE 6.9: c loses, unless the opponent has
// insufficient material to win on time (InsufficientToWinOnTime), and then
// the game is drawn ("time-vs-no-mate", article "14E").
func (g *Game) FlagFallMaterial(c chess.Color) (Outcome, error) {
	o := outcome(win(c.Other()), Time, 0)
	if InsufficientToWinOnTime(g.cur(), c.Other()) {
		o = Outcome{Result: Draw, Reason: TimeVsNoMate, Article: "14E"}
	}
	return g.finish(o)
}

// InsufficientToWinOnTime reports whether c's material cannot win on time
// under US Chess rule 14E: c has a lone king (14E1), or king and bishop,
// or king and knight (14E2), or king and two knights while the player whose
// flag fell has no pawns (14E3), and no forced win. A forced win is taken
// here as a forced checkmate in at most two moves of c's from p, the only
// wins such material can force against a defending player.
func InsufficientToWinOnTime(p *chess.Position, c chess.Color) bool {
	if p.Pieces(c, chess.Pawn)|p.Pieces(c, chess.Rook)|p.Pieces(c, chess.Queen) != 0 {
		return false
	}
	b, n := p.Pieces(c, chess.Bishop).Count(), p.Pieces(c, chess.Knight).Count()
	switch {
	case b == 0 && n <= 1, b == 1 && n == 0:
	case b == 0 && n == 2:
		if p.Pieces(c.Other(), chess.Pawn) != 0 {
			return false // 14E3: two knights win on time against pawns
		}
	default:
		return false
	}
	return !forcedMate(p, c, 2)
}

// forcedMate reports whether c can force checkmate in at most moves moves
// of his from p, whoever is to move.
func forcedMate(p *chess.Position, c chess.Color, moves int) bool {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return p.InCheck() && p.Turn() != c
	}
	if p.Turn() != c {
		// Every defence must lose.
		for _, m := range ml.Slice() {
			if !forcedMate(p.Play(m), c, moves) {
				return false
			}
		}
		return true
	}
	if moves == 0 {
		return false
	}
	for _, m := range ml.Slice() {
		q := p.Play(m)
		if forcedMate(q, c, moves-1) {
			return true
		}
	}
	return false
}

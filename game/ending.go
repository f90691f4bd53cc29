package game

import (
	"errors"

	"github.com/arbiterchess/arbiter/chess"
)

// Automatic returns the ending the laws impose on the current position
// without any claim, in this order of precedence:
//
//   - checkmate (5.1.1), which also wins over 9.6.2 when the mating move
//     is the 75th;
//   - stalemate (5.2.1);
//   - the same position for the fifth time (9.6.1);
//   - 75 moves by each player without a pawn move or a capture (9.6.2);
//   - a dead position: neither player can mate (5.2.2), as decided by the
//     material and, where the position may be dead for other reasons
//     (locked pawns, few pieces, forced moves), by the game's MateFunc.
//
// A checkmate, stalemate or dead position left by an irregular ply (an
// illegal move that stands, PlayIrregular) ends nothing: 5.1.1, 5.2.1 and
// 5.2.2 end the game only for a move in accordance with Article 3 and
// Articles 4.2-4.7. The fivefold and 75-move draws (9.6) know no such
// proviso and still apply.
//
// It reports false when the game may go on. The answer is cached per ply.
func (g *Game) Automatic() (Outcome, bool) {
	r := &g.rec[len(g.rec)-1]
	if r.auto == 0 {
		if o, ok := g.automatic(); ok {
			g.outs = append(g.outs, o)
			r.auto, r.out = 2, int32(len(g.outs)-1)
		} else {
			r.auto = 1
		}
	}
	if r.auto != 2 {
		return Outcome{}, false
	}
	return g.outs[r.out], true
}

func (g *Game) automatic() (Outcome, bool) {
	p := g.cur()
	ply := g.Ply()
	irregular := g.rec[ply].note != 0
	legal := p.CountLegal()
	if legal == 0 && !irregular {
		if p.InCheck() {
			return outcome(win(p.Turn().Other()), Checkmate, ply), true
		}
		return outcome(Draw, Stalemate, ply), true
	}
	if g.Repetitions() >= 5 {
		return outcome(Draw, Fivefold, ply), true
	}
	if p.HalfmoveClock() >= 150 {
		return outcome(Draw, SeventyFiveMoves, ply), true
	}
	if !irregular && legal > 0 && !g.sameFateAsBefore(ply) && g.dead(p, legal) {
		return outcome(Draw, DeadPosition, ply), true
	}
	return Outcome{}, false
}

// sameFateAsBefore reports whether the position after ply cannot be dead
// because the one before it was not and the move between them can be
// undone: no capture, no pawn move, no castling right lost, no en passant
// chance gone. Such a move leaves the same positions reachable, so the
// question of 5.2.2 has the same answer, and the analysis is not asked
// again (the game goes on as it did).
func (g *Game) sameFateAsBefore(ply int) bool {
	if ply == 0 || g.rec[ply-1].auto != 1 || g.rec[ply-1].note != 0 {
		return false // an irregular ply's position was never judged dead or alive
	}
	r := &g.rec[ply]
	p, q := &g.pos[ply-1], &g.pos[ply]
	return !r.null && q.HalfmoveClock() != 0 && p.CastlingRights() == q.CastlingRights() && p.EnPassant() == chess.NoSquare
}

// Outcome returns how the game ended: the result recorded by a granted
// claim, a resignation, an agreement, a flag fall or illegal moves, or
// else the automatic ending of the current position. It reports false
// while the game goes on.
func (g *Game) Outcome() (Outcome, bool) {
	if g.end != nil {
		return *g.end, true
	}
	return g.Automatic()
}

// CanMate reports whether colour c can still checkmate in the current
// position by some series of legal moves, according to the game's
// MateFunc (laws R6).
func (g *Game) CanMate(c chess.Color) bool {
	return g.canMate(g.cur(), c)
}

// finish records o as the end of the game.
func (g *Game) finish(o Outcome) (Outcome, error) {
	if _, over := g.Outcome(); over {
		return Outcome{}, ErrGameOver
	}
	o.Ply = g.Ply()
	g.end = &o
	return o, nil
}

// Resign ends the game by c's resignation (5.1.2, 2023): the opponent
// wins, unless he cannot checkmate c's king by any series of legal moves,
// and then the game is drawn ("resignation-vs-no-mate").
func (g *Game) Resign(c chess.Color) (Outcome, error) {
	if !g.canMate(g.cur(), c.Other()) {
		return g.finish(outcome(Draw, ResignationVsNoMate, 0))
	}
	return g.finish(outcome(win(c.Other()), Resignation, 0))
}

// ResignOutright ends the game by c's resignation where the rules know no
// proviso (US Chess): the opponent wins whatever he has left.
func (g *Game) ResignOutright(c chess.Color) (Outcome, error) {
	return g.finish(outcome(win(c.Other()), Resignation, 0))
}

// ErrAgreementTooEarly is returned by Agree before both players have made
// a move (5.2.3): the agreement does not end the game.
var ErrAgreementTooEarly = errors.New("game: a draw may be agreed only once both players have made at least one move (5.2.3)")

// Agree ends the game in a draw by agreement (5.2.3), provided both
// players have made at least one move in this game (two plies since the
// start, an illegal move that stood included); before that it returns
// ErrAgreementTooEarly and the game goes on.
func (g *Game) Agree() (Outcome, error) {
	if g.Ply() < 2 {
		if _, over := g.Outcome(); !over {
			return Outcome{}, ErrAgreementTooEarly
		}
	}
	return g.finish(outcome(Draw, Agreement, 0))
}

// AgreeAnyTime ends the game in a draw by agreement where the rules set no
// minimum of moves (US Chess).
func (g *Game) AgreeAnyTime() (Outcome, error) {
	return g.finish(outcome(Draw, Agreement, 0))
}

// IllegalPositionDraw ends the game in a draw because an illegal position
// (a pawn on the rank furthest from its start, both kings in check) was
// still on the board once the move after it was completed (A.5.4, rapid
// and blitz without full supervision). The game record holds no such
// position: it is the board's.
func (g *Game) IllegalPositionDraw() (Outcome, error) {
	return g.finish(outcome(Draw, IllegalPosition, 0))
}

// Cancel ends the game without a result ("*", reason "cancelled"): it is
// cancelled and a new game is to be played, under article (7.2.1: the
// initial position was incorrect; 7.3: colours reversed found before each
// player made ten moves).
func (g *Game) Cancel(article string) (Outcome, error) {
	return g.finish(Outcome{Result: Unfinished, Reason: Cancelled, Article: article})
}

// FlagFall ends the game because c's time ran out (6.9): c loses, unless
// the opponent cannot checkmate by any series of legal moves, and then
// the game is drawn ("time-vs-no-mate").
func (g *Game) FlagFall(c chess.Color) (Outcome, error) {
	return g.finish(FlagOutcome(g.cur(), c, g.canMate))
}

// IllegalMoves ends the game because c completed the illegal move that
// loses (7.5.5, the second under FIDE rules): c loses, unless the opponent
// cannot checkmate by any series of legal moves, and then the game is
// drawn ("illegal-moves-vs-no-mate").
func (g *Game) IllegalMoves(c chess.Color) (Outcome, error) {
	o := outcome(win(c.Other()), IllegalMoves, 0)
	if !g.canMate(g.cur(), c.Other()) {
		o = outcome(Draw, IllegalMovesVsNoMate, 0)
	}
	return g.finish(o)
}

// FlagOutcome is the ruling of 6.9 for position p when c's flag falls:
// c loses, or the game is drawn when the opponent cannot mate according
// to canMate (nil means DefaultCanMate). Ply is left 0.
func FlagOutcome(p *chess.Position, c chess.Color, canMate MateFunc) Outcome {
	if canMate == nil {
		canMate = DefaultCanMate
	}
	if !canMate(p, c.Other()) {
		return outcome(Draw, TimeVsNoMate, 0)
	}
	return outcome(win(c.Other()), Time, 0)
}

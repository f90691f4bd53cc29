// Package randgame makes random legal games as the tests of the server
// and of its programs post them: the actions a sensor board reports.
package randgame

import (
	"math/rand/v2"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/winnable"
)

// Sensor returns the actions of a sensor board for a random legal game
// of up to plies half-moves from the initial position: for each move,
// remove the captured piece, lift, drop, press the clock. It avoids
// castling, en passant, promotions and any move that would end the game, so
// that every action is accepted.
func Sensor(seed uint64, plies int) []protocol.Action {
	r := rand.New(rand.NewPCG(seed, 7))
	g := game.NewWith(chess.StartPosition(), game.Config{CanMate: winnable.CanMate})
	var out []protocol.Action
	for ply := 0; ply < plies; ply++ {
		p := g.Position()
		var ml chess.MoveList
		p.LegalMoves(&ml)
		cands := []chess.Move{}
		for _, m := range ml.Slice() {
			if m.IsCastling() || m.IsEnPassant() || m.Promotion() != chess.NoPieceType {
				continue
			}
			// Mostly quiet moves, so that material (and the game) lasts.
			if p.PieceAt(m.To()) != chess.NoPiece && r.IntN(4) != 0 {
				continue
			}
			cands = append(cands, m)
		}
		r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		played := false
		for _, m := range cands {
			g.Play(m)
			if _, over := g.Outcome(); over {
				g.Undo()
				continue
			}
			by := p.Turn().String()
			if p.PieceAt(m.To()) != chess.NoPiece {
				out = append(out, protocol.Action{By: by, Act: protocol.Remove, Sq: m.To().String()})
			}
			out = append(out,
				protocol.Action{By: by, Act: protocol.Lift, Sq: m.From().String()},
				protocol.Action{By: by, Act: protocol.Drop, Sq: m.To().String()},
				protocol.Action{By: by, Act: protocol.ClockPress})
			played = true
			break
		}
		if !played {
			break
		}
	}
	return out
}

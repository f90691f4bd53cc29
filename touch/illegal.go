package touch

import (
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// unpromoted finds the promotion whose placement the board shows with the
// pawn still on the last rank (I2, 7.5.2), and returns its queen promotion.
func (e *Engine) unpromoted(pl [64]chess.Piece) chess.Move {
	for _, m := range e.t.legal {
		if m.Promotion() != chess.Queen {
			continue
		}
		want := e.placementOf(m)
		want[m.To()] = chess.NewPiece(e.t.start.Turn(), chess.Pawn)
		if want == pl {
			return m
		}
	}
	return chess.NoMove
}

// penalise counts a completed illegal move (7.5.1–7.5.4, I1–I4): the
// opponent gets the rule set's time bonus, and the move that loses ends
// the game (drawn when the opponent cannot mate, R6). With reinstate the
// position of the offender's turn is set up again and the obligation of
// the turn still holds (4.3, and 4.7 where a move was made and then
// changed). text says what was played, for the record.
func (e *Engine) penalise(at int, by chess.Color, article string, reinstate bool, text string) []protocol.Ruling {
	e.illegal[by]++
	r := protocol.Ruling{At: at, Kind: protocol.KindIllegal, By: by.String(), Article: article, Count: e.illegal[by], Text: text}
	loses := e.rules.IllegalMovesToLose > 0 && e.illegal[by] >= e.rules.IllegalMovesToLose
	// The move that loses the game gives no time bonus: there is no more
	// game for it (7.5.5).
	if s := e.rules.IllegalMoveBonus; s > 0 && !loses {
		r.Bonus = &protocol.Bonus{To: by.Other().String(), Seconds: s}
	}
	if reinstate {
		e.t.pending = chess.NoMove
		e.t.hands = 0
		e.t.promo = nil
		e.t.offboard = nil
		e.t.acted = false
		e.resetBoard(&e.t.start)
	}
	r.FEN = e.g.Position().FEN()
	out := []protocol.Ruling{r}
	if loses {
		o, err := e.g.IllegalMoves(by)
		if err == nil {
			return append(out, e.end(at, o)...)
		}
	}
	if reinstate {
		if o := e.current(); o != nil && o.rule != "any" {
			out = append(out, o.ruling(at, by))
		}
	}
	return out
}

// boardChange says how the board after differs from before, piece by
// piece, in the order of the squares left: "Ke1-g1, Rh1-f1" for a king and
// a rook moved, "Pd5 off the board" for a piece taken away, "Q on e8" for
// a piece put on. It is "no change" for the same board.
func boardChange(before, after [64]chess.Piece) string {
	var gone, came []chess.Square
	for s := chess.A1; s <= chess.H8; s++ {
		if before[s] == after[s] {
			continue
		}
		if before[s] != chess.NoPiece {
			gone = append(gone, s)
		}
		if after[s] != chess.NoPiece {
			came = append(came, s)
		}
	}
	name := func(p chess.Piece) string { return p.Type().Letter() }
	mover := chess.NoPiece
	if len(gone) > 0 {
		mover = before[gone[0]]
	}
	var parts []string
	used := make([]bool, len(came))
	for _, g := range gone {
		moved := false
		for i, c := range came {
			if !used[i] && after[c] == before[g] {
				used[i], moved = true, true
				parts = append(parts, name(before[g])+g.String()+"-"+c.String())
				break
			}
		}
		if !moved {
			parts = append(parts, name(before[g])+g.String()+" off the board")
		}
	}
	for i, c := range came {
		if !used[i] {
			what := name(after[c])
			if mover != chess.NoPiece && after[c].Color() != mover.Color() {
				what = after[c].Color().String() + " " + what // a piece of the other colour appeared
			}
			parts = append(parts, what+" on "+c.String())
		}
	}
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, ", ")
}

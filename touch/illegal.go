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
// changed). w says what was played, for the record.
func (e *Engine) penalise(at int, by chess.Color, article string, reinstate bool, w words) []protocol.Ruling {
	e.illegal[by]++
	r := protocol.Ruling{At: at, Kind: protocol.KindIllegal, By: by.String(), Article: article, Count: e.illegal[by],
		Text: w.text, Msg: w.msg, Args: w.args, Board: w.board}
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
// a piece put on. It is "no change" for the same board. The changes are
// also given one by one, for a message's Board.
func boardChange(before, after [64]chess.Piece) (string, []protocol.Change) {
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
	var changes []protocol.Change
	used := make([]bool, len(came))
	for _, g := range gone {
		moved := false
		for i, c := range came {
			if !used[i] && after[c] == before[g] {
				used[i], moved = true, true
				parts = append(parts, name(before[g])+g.String()+"-"+c.String())
				changes = append(changes, protocol.Change{Piece: name(before[g]), From: g.String(), To: c.String()})
				break
			}
		}
		if !moved {
			parts = append(parts, name(before[g])+g.String()+" off the board")
			changes = append(changes, protocol.Change{Piece: name(before[g]), From: g.String()})
		}
	}
	for i, c := range came {
		if !used[i] {
			what := name(after[c])
			ch := protocol.Change{Piece: what, To: c.String()}
			if mover != chess.NoPiece && after[c].Color() != mover.Color() {
				what = after[c].Color().String() + " " + what // a piece of the other colour appeared
				ch.Colour = after[c].Color().String()
			}
			parts = append(parts, what+" on "+c.String())
			changes = append(changes, ch)
		}
	}
	if len(parts) == 0 {
		return "no change", nil
	}
	return strings.Join(parts, ", "), changes
}

// words are what a ruling says: its English text, for the record, and the
// same as a message of the catalogues, for every reader.
type words struct {
	text  string
	msg   string
	args  map[string]string
	board []protocol.Change
}

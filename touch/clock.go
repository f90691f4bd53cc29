package touch

import (
	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// placementOf returns the placement after the legal move m of the turn.
func (e *Engine) placementOf(m chess.Move) [64]chess.Piece {
	q := e.t.start
	q.Apply(m)
	var pl [64]chess.Piece
	for s := chess.A1; s <= chess.H8; s++ {
		pl[s] = q.PieceAt(s)
	}
	return pl
}

func (e *Engine) startPlacement() [64]chess.Piece {
	var pl [64]chess.Piece
	for s := chess.A1; s <= chess.H8; s++ {
		pl[s] = e.t.start.PieceAt(s)
	}
	return pl
}

// clock handles the clock press of the player having the move: the move
// is completed, or an illegal move is penalised (7.5).
func (e *Engine) clock(at int, by chess.Color) []protocol.Ruling {
	pl := e.phys.pieces()
	if e.t.made == chess.NoMove && e.t.pending != chess.NoMove && pl == e.placementOf(e.t.pending) {
		out, refused := e.makeMove(e.t.madeAt, by, e.t.pending)
		if refused != nil {
			return refused
		}
		if e.over {
			return out
		}
		return append(out, e.complete(at, by)...)
	}
	switch {
	case e.t.made != chess.NoMove && pl == e.placementOf(e.t.made):
		return e.complete(at, by)
	case e.t.made == chess.NoMove && pl == e.startPlacement():
		if e.enforce {
			return e.fail(at, "refused (7.5.3): make a move before pressing the clock")
		}
		return e.penalise(at, by, "7.5.3", true, "pressed the clock without making a move")
	}
	if m := e.unpromoted(pl); m != chess.NoMove && e.t.made == chess.NoMove {
		if e.enforce {
			return e.fail(at, "refused (7.5.2): exchange the pawn on "+m.To().String()+" for a new piece before pressing the clock")
		}
		// 7.5.2: the pawn becomes a queen; the illegal move is penalised.
		out, _ := e.makeMove(at, by, m)
		e.phys.reset(e.g.Position())
		if e.over {
			return out
		}
		out = append(out, e.penalise(at, by, "7.5.2", false, "left the pawn on "+m.To().String()+" unpromoted: it becomes a queen")...)
		if e.over {
			return out
		}
		return append(out, e.complete(at, by)...)
	}
	if e.enforce {
		return e.fail(at, "refused (7.5.1): the board does not show a legal move")
	}
	if e.rules.IllegalStandsAfter > 0 {
		if q, note, ok := e.irregular(pl); ok {
			return e.stand(at, by, q, note)
		}
	}
	return e.penalise(at, by, "7.5.1", true, "the board showed "+boardChange(e.startPlacement(), pl))
}

// complete passes the turn after a move: T1 is checked first (7.5.4: a
// castling, capture or promotion with two hands is penalised; the move
// stands).
func (e *Engine) complete(at int, by chess.Color) []protocol.Ruling {
	var out []protocol.Ruling
	m := e.t.made
	if len(e.t.hands) > 1 && (m.IsCastling() || captured(&e.t.start, m) != chess.NoSquare || m.Promotion() != chess.NoPieceType) {
		out = append(out, e.penalise(at, by, "7.5.4", false, "made "+e.g.SANs()[e.g.Ply()-1]+" with two hands: the move stands")...)
		if e.over {
			return out
		}
	}
	if s := e.standing; s != nil && s.by != by {
		if s.left--; s.left <= 0 {
			e.standing = nil // unclaimed, the illegal move stands for good
		}
	}
	e.beginTurn()
	return out
}

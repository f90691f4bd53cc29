package touch

import (
	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// ActionsFor returns the actions of a player who plays the legal move m in
// p by the book: one hand, the captured piece taken off before the
// capturing piece is released, castling king first (T8), a promotion with
// the pawn taken off and the new piece put on the square, then the clock.
func ActionsFor(p *chess.Position, m chess.Move) []protocol.Action {
	by := p.Turn().String()
	act := func(a, sq string) protocol.Action { return protocol.Action{By: by, Act: a, Sq: sq} }
	from, to := m.From().String(), m.To().String()
	var out []protocol.Action
	switch {
	case m.IsCastling():
		out = append(out, act(protocol.Lift, from), act(protocol.Drop, m.KingTo().String()),
			act(protocol.Lift, to), act(protocol.Drop, m.RookTo().String()))
	case m.Promotion() != chess.NoPieceType:
		out = append(out, act(protocol.Lift, from), protocol.Action{By: by, Act: protocol.Release})
		if p.PieceAt(m.To()) != chess.NoPiece {
			out = append(out, act(protocol.Remove, to))
		}
		put := act(protocol.Put, to)
		put.Piece = m.Promotion().Letter()
		out = append(out, put, protocol.Action{By: by, Act: protocol.Release})
	default:
		out = append(out, act(protocol.Lift, from))
		if m.IsEnPassant() {
			out = append(out, act(protocol.Remove, chess.NewSquare(m.To().File(), m.From().Rank()).String()))
		} else if p.PieceAt(m.To()) != chess.NoPiece {
			out = append(out, act(protocol.Remove, to))
		}
		out = append(out, act(protocol.Drop, to))
	}
	return append(out, protocol.Action{By: by, Act: protocol.ClockPress})
}

package touch

import (
	"fmt"

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

// pressUnmade handles a clock press by the player having the move, who has
// not made a move this turn (a made move hands the move over, T11): a
// rook-first castling still open under US Chess is made and completed;
// otherwise the press is an illegal move (7.5): no move at all (7.5.3), a
// pawn left unpromoted (7.5.2), or a board that shows no legal move
// (7.5.1).
func (e *Engine) pressUnmade(at int, by chess.Color, hand string) []protocol.Ruling {
	pl := e.phys.pieces()
	if len(e.knocked) > 0 {
		pl = e.corrected(pl)
	}
	if e.t.pending != chess.NoMove && !e.phys.holding() && pl == e.placementOf(e.t.pending) {
		out, refused := e.makeMove(e.t.madeAt, by, e.t.pending)
		if refused != nil {
			return refused
		}
		if e.over || e.done == nil {
			return out
		}
		return append(out, e.press(at, by, hand)...)
	}
	if pl == e.startPlacement() && !e.phys.holding() {
		if e.enforce {
			return e.failSay(at, ErrPressNoMove, nil, "refused (7.5.3): make a move before pressing the clock")
		}
		if e.rules.IllegalStandsAfter > 0 {
			// A.5.2: unclaimed, the press without a move stands too; the
			// opponent has the move in the same position.
			if q, _, ok := e.irregular(pl); ok {
				return e.stand(at, by, q, "no move", "7.5.3")
			}
		}
		return e.penalise(at, by, "7.5.3", true, words{text: "pressed the clock without making a move", msg: MsgPressNoMove})
	}
	if m := e.unpromoted(pl); m != chess.NoMove {
		if e.enforce {
			return e.failSay(at, ErrPressUnpromoted, map[string]string{"Sq": m.To().String()}, "refused (7.5.2): exchange the pawn on %s for a new piece before pressing the clock", m.To())
		}
		if e.rules.IllegalPositionDraw && !e.phys.holding() {
			// A.5.2, A.5.4: the pawn stands on the last rank until the
			// opponent claims it or completes his next move.
			return e.enterLimbo(at, by, pl, "7.5.2", m, "a pawn on "+m.To().String())
		}
		// 7.5.2: the pawn becomes a queen; the illegal move is penalised.
		out, _ := e.makeMove(at, by, m)
		e.resetBoard(e.g.Position())
		if e.over {
			return out
		}
		out = append(out, e.penalise(at, by, "7.5.2", false, unpromoted(m.To()))...)
		if e.over || e.done == nil {
			return out
		}
		return append(out, e.press(at, by, hand)...)
	}
	return e.illegalBoard(at, by, pl)
}

// illegalBoard rules on a clock press by the player having the move when
// the board pl shows no legal move of his (7.5.1): refused with Enforce;
// standing for now where the rule set lets an unclaimed illegal move
// stand; else penalised, with the position of his turn reinstated.
func (e *Engine) illegalBoard(at int, by chess.Color, pl [64]chess.Piece) []protocol.Ruling {
	if e.enforce {
		return e.failSay(at, ErrPressNotLegal, nil, "refused (7.5.1): the board does not show a legal move")
	}
	if e.rules.IllegalStandsAfter > 0 {
		if q, note, ok := e.irregular(pl); ok {
			return e.stand(at, by, q, note, "7.5.1")
		}
	}
	if e.rules.IllegalPositionDraw && !e.phys.holding() {
		if found := illegalFeature(pl); found != "" {
			return e.enterLimbo(at, by, pl, "7.5.1", chess.NoMove, found)
		}
	}
	text, changes := boardChange(e.startPlacement(), pl)
	return e.penalise(at, by, "7.5.1", true, words{text: "the board showed " + text, msg: MsgBoardShowed, board: changes})
}

// press handles the clock press of the player whose move is made (Engine
// done): it completes the move (7.5.1). If he changed the board after
// making it, that is an illegal move: the position before his move is
// reinstated, and the move he made (a piece released on a square as a
// legal move) is owed again (4.7, 7.5.1).
//
// A press with the other hand than the one that made the move (6.2.3) is
// recorded as a violation, not penalised as an illegal move (the FIDE
// Rules Commission deals with it under 12.9; laws K2). hand is the
// press's hand as the action gives it: "" when not known.
func (e *Engine) press(at int, by chess.Color, hand string) []protocol.Ruling {
	d := e.done
	if d.tampered {
		pl := e.phys.pieces()
		made := d.made
		e.g.Undo()
		e.t = d.clone()
		e.done = nil
		e.t.made, e.t.pending = chess.NoMove, chess.NoMove
		e.t.tampered = false
		e.t.released = &obligation{rule: "move", sq: made.From(), with: chess.NoSquare, san: e.t.start.SAN(made), article: "4.7",
			allowed: []chess.Move{made}, text: "released the piece as the legal move " + e.t.start.SAN(made) + ": must play it",
			msg: DutyReleasedAs, args: map[string]string{"Owed": e.t.start.SAN(made)}}
		if e.claim != nil && e.claim.by == by {
			e.claim = nil // the violating move is gone with the rest
		}
		return e.illegalBoard(at, by, pl)
	}
	var out []protocol.Ruling
	if hand != "" && d.hands.count() == 1 && !d.hands.has(hand) {
		other := "right"
		if hand == "right" {
			other = "left"
		}
		out = e.violate(at, by, "6.2.3", fmt.Sprintf("pressed the clock with the %s hand, having moved with the %s (12.9, not an illegal move)", hand, other),
			detail{msg: MsgPressHand, sq: chess.NoSquare, from: chess.NoSquare, with: chess.NoSquare})
		if len(out) == 1 && out[0].Kind == protocol.KindError {
			return out
		}
	}
	e.done = nil
	e.clockPress(by)
	if e.displaced(by) {
		out = append(out, e.reinstateDisplaced(at, by)...) // 7.4.1, 7.6
	}
	// T1, 7.5.4: a castling, capture or promotion with two hands is
	// penalised; the move stands.
	m := d.made
	if d.hands.count() > 1 && (m.IsCastling() || captured(&d.start, m) != chess.NoSquare || m.Promotion() != chess.NoPieceType) {
		if e.rules.IllegalStandsAfter > 0 {
			return append(out, e.standTwoHands(at, by, d)...) // A.5.2: penalised only if claimed
		}
		return append(out, e.penalise(at, by, "7.5.4", false, twoHandsStand(d.start.SAN(m)))...)
	}
	return out
}

// clockPress switches the clock at by's press that completes his move.
func (e *Engine) clockPress(by chess.Color) {
	if e.clock.on {
		e.clock.press(int(by), e.clock.now)
	}
}

package touch

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// Appendix D: players with a visual disability (laws V). Two boards are
// in use: the visually disabled player's, with securing holes, and the
// sighted player's. The engine keeps one board, the board of record: each
// player's own moves are made on it as usual, and the repetition of the
// opponent's move on the other board is marked mirror (or done by the
// assistant) and changes nothing.

// visuallyDisabled reads the start line's visually_disabled.
func visuallyDisabled(s string) (vd [2]bool) {
	switch s {
	case "white":
		vd[chess.White] = true
	case "black":
		vd[chess.Black] = true
	case "both":
		vd = [2]bool{true, true}
	}
	return vd
}

// appendixD reports whether the game is played under Appendix D.
func (e *Engine) appendixD() bool { return e.vd[chess.White] || e.vd[chess.Black] }

// notAppendixD is the error for an act of Appendix D in another game.
func (e *Engine) notAppendixD(at int, act string) []protocol.Ruling {
	return e.failSay(at, ErrNotVisually, map[string]string{"Act": act}, "%s belongs to a game with a visually disabled player (Appendix D; the start line's visually_disabled)", act)
}

// assistantAct handles the acts of an assistant (D.2.10, D.2.11): his
// moves on the other board and his announcements change nothing; his
// press is the press of the player he assists (D.2.10.3); his report of a
// touch is the opponent's touch (D.2.10.5); his flag claims the opponent's
// (D.2.10.5).
func (e *Engine) assistantAct(at int, a protocol.Action) []protocol.Ruling {
	if !e.appendixD() {
		return e.notAppendixD(at, "an assistant")
	}
	side, _ := chess.ParseColor(a.Side)
	switch a.Act {
	case protocol.ClockPress:
		return e.apply(at, protocol.Action{By: side.String(), Act: protocol.ClockPress, T: a.T})
	case protocol.Touch:
		return e.apply(at, protocol.Action{By: side.Other().String(), Act: protocol.Touch, Sq: a.Sq, T: a.T})
	case protocol.Flag:
		return e.apply(at, protocol.Action{By: side.Other().String(), Act: protocol.Flag, T: a.T})
	case protocol.BoardsDiffer:
		return e.boardsDiffer(at, protocol.ByAssistant)
	}
	return nil // the other board, or an announcement relayed (D.2.10.1, D.2.10.2)
}

// boardsDiffer rules on a report that the two boards differ (D.2.9): the
// arbiter corrects them from both players' scoresheets; the game record
// stands at the position given.
func (e *Engine) boardsDiffer(at int, by string) []protocol.Ruling {
	if !e.appendixD() {
		return e.notAppendixD(at, "boards-differ")
	}
	return []protocol.Ruling{{At: at, Kind: protocol.KindIrregularity, By: by, Article: "D.2.9", FEN: e.g.Position().FEN(),
		Text: "the two boards show different positions: the arbiter corrects them with both players' scoresheets (D.2.9); the game record stands at the position given",
		Msg:  MsgBoardsDiffer}}
}

// announce handles a player's announcement of his move (D.2.1). For a
// visually disabled player it makes the move (D.2.3.3), under Article 4
// as usual; announced again differently before his press, it corrects a
// slip of the tongue (D.2.8). For a sighted player the move is made on
// the board (D.2.5): an announcement that differs from it is an
// irregularity, as the boards will differ.
func (e *Engine) announce(at int, by chess.Color, a protocol.Action) []protocol.Ruling {
	if !e.appendixD() {
		return e.notAppendixD(at, "announce")
	}
	if d := e.done; d != nil && d.start.Turn() == by {
		m, err := d.start.ParseSAN(a.Move)
		if err != nil {
			m, err = d.start.ParseUCI(a.Move)
		}
		if err == nil && m == d.made {
			return nil // the move made, announced
		}
		if !e.vd[by] {
			return []protocol.Ruling{{At: at, Kind: protocol.KindIrregularity, By: by.String(), Article: "D.2.1",
				Text: fmt.Sprintf("announced %s but made %s on the board: the boards will differ (D.2.9)", a.Move, d.start.SAN(d.made)),
				Msg:  MsgAnnouncedOther, Args: map[string]string{"Move": a.Move, "Made": d.start.SAN(d.made)}}}
		}
		if !d.announced {
			return e.failSay(at, ErrCorrectMade, map[string]string{"Move": d.start.SAN(d.made)}, "refused (4.7): %s was made on the board; only an announced move may be corrected (D.2.8)", d.start.SAN(d.made))
		}
		if err != nil {
			return e.failSay(at, ErrCorrectIllegal, map[string]string{"Move": a.Move, "Old": d.start.SAN(d.made)}, "refused (D.2.8): %s is not a legal move to correct %s with", a.Move, d.start.SAN(d.made))
		}
		// D.2.8: a slip of the tongue, corrected before the press.
		old := d.start.SAN(d.made)
		e.g.Undo()
		e.t = d.clone()
		e.t.made, e.t.pending = chess.NoMove, chess.NoMove
		e.done = nil
		e.late[by.Other()] = false
		e.resetBoard(&e.t.start)
		out := []protocol.Ruling{{At: at, Kind: protocol.KindIrregularity, By: by.String(), Article: "D.2.8",
			Text: fmt.Sprintf("a slip of the tongue corrected before the press: %s instead of %s", d.start.SAN(m), old),
			Msg:  MsgSlip, Args: map[string]string{"Move": d.start.SAN(m), "Old": old}}}
		rs, refused := e.makeMove(at, by, m)
		if refused != nil {
			e.g.Play(d.made) // the game record is shared with the state Apply restores
			return refused
		}
		if e.done != nil {
			e.done.announced = true
		}
		return append(out, rs...)
	}
	if by != e.t.start.Turn() {
		return e.failSay(at, ErrAnnounceNotOnMove, map[string]string{"Side": by.String(), "Opp": by.Other().String()}, "it is %s's move: %s has no move to announce", by.Other(), by)
	}
	if !e.vd[by] {
		return nil // announced before it is made on the board: the board decides (D.2.5)
	}
	m, err := e.g.ParseMove(a.Move)
	if err != nil {
		return e.failSay(at, ErrAnnounceIllegal, map[string]string{"Move": a.Move}, "refused (D.2.3.3): %s is not a legal move: %v", a.Move, err)
	}
	if e.t.pending != chess.NoMove {
		e.t.pending = chess.NoMove
	}
	rs, refused := e.makeMove(at, by, m)
	if refused != nil {
		return refused
	}
	if e.done != nil && e.done.start.Turn() == by {
		e.done.announced = true // D.2.3.3: the move is made; his hands now set it up on his board
	}
	return rs
}

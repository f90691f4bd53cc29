package touch

import (
	"strings"

	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// limbo is an illegal position on the board that the game record cannot
// hold (a pawn on the rank furthest from its start, both kings in check),
// left by an illegal move where games are not fully supervised (A.5.4,
// rapid and blitz under A.5 and B.3). The opponent has the move: he may
// claim it (A.5.2), or make his next move on the board; once he completes
// it, the arbiter declares the game drawn if an illegal position is still
// on the board, and otherwise the game goes on from the board.
//
// The game record stays at the position before the illegal move while the
// board is in limbo; a limbo is never changed once made.
type limbo struct {
	by      chess.Color       // the offender
	article string            // 7.5.1, or 7.5.2 for a pawn left unpromoted
	promo   chess.Move        // with 7.5.2: the promotion to a queen that a claim makes
	turn    turn              // the offender's turn, as it stood at his press
	note    string            // what was played, "Pe7-e8"
	board   []protocol.Change // what the board showed, where note is no single piece's move
	found   string            // what the arbiter sees: "a pawn on e8", "both kings in check"
}

// illegalFeature names what A.5.4 has the arbiter watch for in the
// placement pl: a pawn on the rank furthest from its starting position,
// or both kings in check. It returns "" when pl shows neither, or is no
// board the next move could put right (a king missing or doubled, a pawn
// on its own first rank).
func illegalFeature(pl [64]chess.Piece) string {
	var kings [2]chess.Square
	var nk [2]int
	found := ""
	for s := chess.A1; s <= chess.H8; s++ {
		pc := pl[s]
		switch {
		case pc == chess.NoPiece:
		case pc.Type() == chess.King:
			kings[pc.Color()] = s
			nk[pc.Color()]++
		case pc == chess.WhitePawn && s.Rank() == 0, pc == chess.BlackPawn && s.Rank() == 7:
			return ""
		case pc == chess.WhitePawn && s.Rank() == 7, pc == chess.BlackPawn && s.Rank() == 0:
			if found == "" {
				found = "a pawn on " + s.String()
			}
		}
	}
	if nk != [2]int{1, 1} {
		return ""
	}
	if attackedOn(pl, kings[chess.White], chess.Black) && attackedOn(pl, kings[chess.Black], chess.White) {
		return "both kings in check"
	}
	return found
}

// attackedOn reports whether a piece of colour by attacks square s on the
// placement pl, whatever the placement's legality.
func attackedOn(pl [64]chess.Piece, s chess.Square, by chess.Color) bool {
	var occ chess.Bitboard
	for q := chess.A1; q <= chess.H8; q++ {
		if pl[q] != chess.NoPiece {
			occ |= q.Bitboard()
		}
	}
	for q := chess.A1; q <= chess.H8; q++ {
		pc := pl[q]
		if pc == chess.NoPiece || pc.Color() != by {
			continue
		}
		var att chess.Bitboard
		switch pc.Type() {
		case chess.Pawn:
			att = chess.PawnAttacks(by, q)
		case chess.Knight:
			att = chess.KnightAttacks(q)
		case chess.Bishop:
			att = chess.BishopAttacks(q, occ)
		case chess.Rook:
			att = chess.RookAttacks(q, occ)
		case chess.Queen:
			att = chess.QueenAttacks(q, occ)
		case chess.King:
			att = chess.KingAttacks(q)
		}
		if att.Has(s) {
			return true
		}
	}
	return false
}

// enterLimbo puts the illegal position pl left by by's press on hold
// (A.5.4): the clocks switch, the opponent has the move, and the record
// stays where it was.
func (e *Engine) enterLimbo(at int, by chess.Color, pl [64]chess.Piece, article string, promo chess.Move, found string) []protocol.Ruling {
	_, note, _ := readBoard(&e.t.start, pl, by.Other(), 1)
	var changes []protocol.Change
	if note == "an illegal move" {
		note, changes = boardChange(e.startPlacement(), pl)
	}
	e.limbo = &limbo{by: by, article: article, promo: promo, turn: e.t.clone(), note: note, board: changes, found: found}
	e.done = nil
	null := e.t.start
	null.MakeNull()
	e.t = turn{start: null, made: chess.NoMove, pending: chess.NoMove}
	e.phys.set(pl)
	if len(e.knocked) > 0 {
		e.redisplace()
	}
	e.clockPress(by)
	return []protocol.Ruling{{At: at, Kind: protocol.KindIrregularity, By: by.String(), Article: "A.5.4",
		Text: fmt.Sprintf("%s leaves an illegal position (%s): %s (%s); if an illegal position is still on the board when %s's next move is completed, the game is drawn (A.5.4)",
			note, found, e.standsText(by), e.standsArticle(), by.Other()),
		Msg: MsgHeld, Board: changes, Args: e.standsArgs(by, e.limbo.noteArgs(map[string]string{"StandsArticle": e.standsArticle()}))}}
}

// limboAct handles an action while an illegal position is on hold. It
// returns false for the acts that go as usual (resignation, draw offers,
// flags).
func (e *Engine) limboAct(at int, by chess.Color, a protocol.Action, sq chess.Square) ([]protocol.Ruling, bool) {
	l := e.limbo
	switch a.Act {
	case protocol.Resign, protocol.OfferDraw, protocol.AcceptDraw, protocol.DeclineDraw, protocol.Flag, protocol.Pause:
		return nil, false
	case protocol.Claim:
		if a.What == protocol.ClaimIllegalMove {
			return e.claimIllegal(at, by, by.String(), e.standsArticle()), true
		}
		return e.failSay(at, ErrLimboStands, nil, "an illegal position stands on the board (A.5.4): the opponent may claim the illegal move, or complete his move"), true
	case protocol.Touch, protocol.Knock, protocol.Adjust:
		// No legal move can be worked out from an illegal position: a
		// touch there binds no one.
		if !e.phys.occupied(sq) {
			return e.failSay(at, ErrNoPieceTo, map[string]string{"Sq": sq.String(), "Act": a.Act}, "no piece on %s to %s", sq, a.Act), true
		}
		return nil, true
	}
	if by == l.by {
		return e.failSay(at, ErrLimboOpponent, map[string]string{"Side": by.String(), "Opp": by.Other().String()}, "it is %s's move: an illegal position of %s's stands on the board (A.5.4)", by.Other(), by), true
	}
	if a.Act == protocol.ClockPress {
		return e.limboPress(at, by), true
	}
	// The opponent's hands work on the board as it is.
	hand := a.HandName()
	var err error
	switch a.Act {
	case protocol.Lift:
		_, err = e.phys.lift(hand, sq)
	case protocol.Place:
		err = e.phys.place(hand, a.Piece, sq)
	case protocol.Release:
		_, err = e.phys.release(hand, a.Piece)
	case protocol.Drop:
		if err = e.phys.place(hand, a.Piece, sq); err == nil {
			_, err = e.phys.release(hand, a.Piece)
		}
	case protocol.Remove:
		_, err = e.phys.remove(sq)
	case protocol.Put:
		err = e.phys.put(hand, man{piece: chess.NewPiece(putColour(by, a), chess.PieceTypeFromLetter(a.Piece[0])), origin: chess.NoSquare}, sq)
	}
	if err != nil {
		return e.failWith(at, err), true
	}
	return nil, true
}

// limboPress: the opponent completes his next move on the board of the
// illegal position (A.5.4). If an illegal position is still there, the
// game is drawn; otherwise the game goes on from the board, the illegal
// move and the reply recorded as two irregular plies.
func (e *Engine) limboPress(at int, by chess.Color) []protocol.Ruling {
	l := e.limbo
	pl := e.phys.pieces()
	before := l.turn.start
	q, note, ok := readBoard(&before, pl, l.by, 2)
	if !ok {
		e.limbo = nil
		o, _ := e.g.IllegalPositionDraw()
		return append([]protocol.Ruling{{At: at, Kind: protocol.KindIrregularity, By: l.by.String(), Article: "A.5.4",
			Text: fmt.Sprintf("%s's move is completed and an illegal position is still on the board: the game is drawn", by),
			Msg:  MsgHeldDraw, Args: map[string]string{"Side": by.String()}}}, e.end(at, o)...)
	}
	null := before
	null.MakeNull()
	if err := e.g.PlayIrregular(&null, l.note); err != nil {
		return e.failWith(at, err)
	}
	if err := e.g.PlayIrregular(q, note); err != nil {
		e.g.Undo()
		return e.failWith(at, err)
	}
	e.limbo = nil
	e.beginTurn()
	e.clockPress(by)
	return []protocol.Ruling{
		{At: at, Kind: protocol.KindMove, By: l.by.String(), SAN: l.note, Ply: e.g.Ply() - 1, Article: "A.5.4",
			Text: fmt.Sprintf("illegal move %s (%s): unclaimed, it stands", l.note, l.found),
			Msg:  MsgHeldStands, Board: l.board, Args: l.noteArgs(nil)},
		{At: at, Kind: protocol.KindMove, By: by.String(), SAN: note, Ply: e.g.Ply(), Article: "A.5.4", FEN: q.FEN(),
			Text: fmt.Sprintf("%s's move %s leaves no illegal position on the board: the game goes on", by, note),
			Msg:  MsgHeldCleared, Args: noteArg(note, map[string]string{"Side": by.String()})},
	}
}

// claimLimbo rules on a claim (by the opponent, or the arbiter who
// observed it) of the illegal move that left the position on hold: the
// offender is penalised (7.5.5) after the action of 7.5.2 (the pawn becomes
// a queen, the move stands) or 7.5.1 (the position before it is
// reinstated and his touched piece owed).
func (e *Engine) claimLimbo(at int, claimant, article string) []protocol.Ruling {
	l := e.limbo
	e.limbo = nil
	t := true
	out := []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: claimant, What: protocol.ClaimIllegalMove, Granted: &t, Article: article}}
	e.t = l.turn.clone()
	e.resetBoard(&e.t.start)
	if l.article == "7.5.2" {
		rs, _ := e.makeMove(at, l.by, l.promo)
		out = append(out, rs...)
		e.done = nil // his press came before the claim
		if e.over {
			return out
		}
		return append(out, e.penalise(at, l.by, "7.5.2", false, unpromoted(l.promo.To()))...)
	}
	return append(out, e.penalise(at, l.by, "7.5.1", true, words{text: "the illegal position stood until claimed (" + l.found + "): " + l.note,
		msg: MsgPositionStood, args: l.noteArgs(nil), board: l.board})...)
}

// noteArgs add to args what the held illegal position's messages say of
// it: Note, the move played (unless Board says what the board showed),
// and Found with FoundSq, what the arbiter sees.
func (l *limbo) noteArgs(args map[string]string) map[string]string {
	if args == nil {
		args = map[string]string{}
	}
	if l.board == nil {
		args["Note"] = l.note
	}
	switch {
	case l.found == "both kings in check":
		args["Found"] = "kings"
	case strings.HasPrefix(l.found, "a pawn on "):
		args["Found"], args["FoundSq"] = "pawn", strings.TrimPrefix(l.found, "a pawn on ")
	}
	return args
}

// noteArg adds to args the move readBoard noted, as Note, unless it is
// no single piece's move ("an illegal move", said by the message).
func noteArg(note string, args map[string]string) map[string]string {
	if note != "an illegal move" {
		args["Note"] = note
	}
	return args
}

// unpromoted says that the pawn left unpromoted on sq becomes a queen
// (7.5.2).
func unpromoted(sq chess.Square) words {
	return words{text: "left the pawn on " + sq.String() + " unpromoted: it becomes a queen", msg: MsgUnpromoted, args: map[string]string{"Sq": sq.String()}}
}

// twoHandsStand says that a move made with two hands stands (7.5.4).
func twoHandsStand(san string) words {
	return words{text: "made " + san + " with two hands: the move stands", msg: MsgTwoHandsStands, args: map[string]string{"Move": san}}
}

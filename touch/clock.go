package touch

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
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
		return e.penalise(at, by, "7.5.3", true)
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
		out = append(out, e.penalise(at, by, "7.5.2", false)...)
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
	return e.penalise(at, by, "7.5.1", true)
}

// complete passes the turn after a move: T1 is checked first (7.5.4: a
// castling, capture or promotion with two hands is penalised; the move
// stands).
func (e *Engine) complete(at int, by chess.Color) []protocol.Ruling {
	var out []protocol.Ruling
	m := e.t.made
	if len(e.t.hands) > 1 && (m.IsCastling() || captured(&e.t.start, m) != chess.NoSquare || m.Promotion() != chess.NoPieceType) {
		out = append(out, e.penalise(at, by, "7.5.4", false)...)
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

// penalise counts a completed illegal move (7.5.1–7.5.4, I1–I4): the
// opponent gets the rule set's time bonus, and the move that loses ends
// the game (drawn when the opponent cannot mate, R6). With reinstate the
// position before the irregularity is set up again and the obligation of
// the turn still holds.
func (e *Engine) penalise(at int, by chess.Color, article string, reinstate bool) []protocol.Ruling {
	e.illegal[by]++
	r := protocol.Ruling{At: at, Kind: protocol.KindIllegal, By: by.String(), Article: article, Count: e.illegal[by]}
	loses := e.rules.IllegalMovesToLose > 0 && e.illegal[by] >= e.rules.IllegalMovesToLose
	// The move that loses the game gives no time bonus: there is no more
	// game for it (7.5.5).
	if s := e.rules.IllegalMoveBonus; s > 0 && !loses {
		r.Bonus = &protocol.Bonus{To: by.Other().String(), Seconds: s}
	}
	if reinstate {
		if e.t.made != chess.NoMove {
			e.g.Undo()
			e.t.made, e.t.madeBad = chess.NoMove, false
			if e.claim != nil && e.claim.by == by {
				e.claim = nil // the violating move is gone with the rest
			}
		}
		e.t.pending = chess.NoMove
		e.t.hands = map[string]bool{}
		e.t.promo = map[chess.Square]chess.PieceType{}
		e.phys.reset(&e.t.start)
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

// claimAction rules on a claim (touch-move, illegal move, draws).
func (e *Engine) claimAction(at int, by chess.Color, a protocol.Action) []protocol.Ruling {
	mover := e.t.start.Turn()
	refuse := func(article string, bonus int) []protocol.Ruling {
		f := false
		r := protocol.Ruling{At: at, Kind: protocol.KindClaim, By: by.String(), What: a.What, Granted: &f, Article: article}
		if bonus > 0 {
			r.Bonus = &protocol.Bonus{To: by.Other().String(), Seconds: bonus}
		}
		return []protocol.Ruling{r}
	}
	switch a.What {
	case protocol.ClaimTouchMove:
		if e.claim == nil || e.claim.by == by {
			return refuse("4.8", 0)
		}
		return e.grantTouchClaim(at, by)
	case protocol.ClaimIllegalMove:
		return e.claimIllegal(at, by)
	case protocol.ClaimDeadPosition:
		if !e.g.CanMate(chess.White) && !e.g.CanMate(chess.Black) {
			return e.grantDraw(at, by, a.What, "5.2.2", nil)
		}
		return refuse("5.2.2", 0)
	}
	// Threefold and fifty moves (R3, R4, 9.2–9.5).
	if by != mover {
		return refuse("9.5.3", e.rules.IncorrectClaimBonus)
	}
	if e.t.touchedAny {
		return refuse("9.4", 0) // touched a piece: no claim on this move
	}
	claim := e.g.ClaimThreefold
	if a.What == protocol.ClaimFifty {
		claim = e.g.ClaimFifty
	}
	r, err := claim(a.Move)
	if err != nil {
		return e.fail(at, fmt.Sprintf("claim %s: %v", a.What, err))
	}
	if r.Granted {
		return e.grantDraw(at, by, a.What, r.Article, r.Outcome)
	}
	out := refuse("9.5.3", e.rules.IncorrectClaimBonus)
	if r.MustPlay {
		e.t.intended = &obligation{rule: "move", sq: r.Move.From(), with: chess.NoSquare, san: r.SAN, article: "9.5.3",
			allowed: []chess.Move{r.Move}, text: "claimed a draw with the intended move " + r.SAN + ": must play it"}
		out = append(out, e.t.intended.ruling(at, by))
	}
	return out
}

// grantDraw rules a draw claim correct and ends the game.
func (e *Engine) grantDraw(at int, by chess.Color, what, article string, o *game.Outcome) []protocol.Ruling {
	t := true
	out := []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: by.String(), What: what, Granted: &t, Article: article}}
	if o == nil {
		o = &game.Outcome{Result: game.Draw, Reason: game.DeadPosition, Article: "5.2.2", Ply: e.g.Ply()}
	}
	return append(out, e.end(at, *o)...)
}

// grantTouchClaim rules a touch-move claim correct (T10): the position
// before the violating move is reinstated and the violator must make the
// obligated move.
func (e *Engine) grantTouchClaim(at int, claimant chess.Color) []protocol.Ruling {
	v := e.claim
	e.claim = nil
	t := true
	out := []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: claimant.String(), What: protocol.ClaimTouchMove, Granted: &t, Article: v.article}}
	if err := e.g.TakeBack(v.ply); err != nil {
		return e.fail(at, err.Error())
	}
	e.beginTurn()
	e.t.touched = v.touched
	e.t.duty = duty(&e.t.start, e.t.legal, e.t.touched, e.rules)
	if v.duty != nil && v.duty.rule == "castle" && v.duty.article == "4.7.2" {
		e.t.commit = v.duty
	}
	if o := e.current(); o != nil {
		out = append(out, o.ruling(at, v.by))
	}
	return out
}

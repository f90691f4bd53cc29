package touch

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/protocol"
)

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

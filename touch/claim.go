package touch

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/laws"
	"github.com/arbiterchess/arbiter/protocol"
)

// claimAction rules on a claim (touch-move, illegal move, draws).
func (e *Engine) claimAction(at int, by chess.Color, a protocol.Action) []protocol.Ruling {
	mover := e.t.start.Turn()
	refuse := func(article string, bonus int, text, msg string, args map[string]string) []protocol.Ruling {
		f := false
		r := say(protocol.Ruling{At: at, Kind: protocol.KindClaim, By: by.String(), What: a.What, Granted: &f, Article: article, Text: text}, msg, args)
		if bonus > 0 {
			r.Bonus = &protocol.Bonus{To: by.Other().String(), Seconds: bonus}
		}
		return []protocol.Ruling{r}
	}
	switch a.What {
	case protocol.ClaimTouchMove:
		switch {
		case e.claim != nil && e.claim.by != by:
			return e.grantTouchClaim(at, by)
		case e.done != nil && e.done.tampered && !e.done.tamperSeen && e.done.start.Turn() != by:
			return e.restoreMade(at, by)
		case e.lostClaim[by]:
			return refuse("4.8", 0, "the claimant touched a piece after the violation: the right to claim it is lost", MsgClaimLost, nil)
		}
		return refuse("", 0, "the opponent broke no rule of Article 4 that can still be claimed", MsgClaimNothing, nil)
	case protocol.ClaimIllegalMove:
		return e.claimIllegal(at, by, by.String(), e.standsArticle())
	case protocol.ClaimDeadPosition:
		if !e.g.CanMate(chess.White) && !e.g.CanMate(chess.Black) {
			return e.grantDraw(at, by, a.What, "5.2.2", nil)
		}
		return refuse("5.2.2", 0, "a checkmate can still be reached", MsgClaimMatePossible, nil)
	}
	// Threefold and fifty moves (R3, R4, 9.2–9.5). A claim is also an
	// offer of a draw (9.1.2.3): the opponent may accept it.
	if by != mover {
		e.offer = &by
		return refuse("9.5.3", e.rules.IncorrectClaimBonus, "only the player having the move may claim", MsgClaimNotOnMove, nil)
	}
	if e.t.touchedAny {
		return refuse("9.4", 0, "the claimant touched a piece on this move", MsgClaimTouched, nil) // no claim on this move
	}
	claim := e.g.ClaimThreefold
	if a.What == protocol.ClaimFifty {
		claim = e.g.ClaimFifty
	}
	e.offer = &by
	r, err := claim(a.Move)
	var me *chess.MoveError
	if errors.As(err, &me) {
		// An intended move that is not legal makes the claim incorrect
		// (9.5.3); the player then plays a legal move under 4.3 with what
		// he touched.
		return refuse("9.5.3", e.rules.IncorrectClaimBonus, fmt.Sprintf("the intended move %s is not a legal move: %v", a.Move, err),
			MsgClaimIntendedIllegal, map[string]string{"Move": a.Move})
	}
	if err != nil {
		return e.fail(at, fmt.Sprintf("claim %s: %v", a.What, err))
	}
	if r.Granted {
		return e.grantDraw(at, by, a.What, r.Article, r.Outcome)
	}
	out := refuse("9.5.3", e.rules.IncorrectClaimBonus, "", "", nil)
	if r.MustPlay {
		e.t.intended = &obligation{rule: "move", sq: r.Move.From(), with: chess.NoSquare, san: r.SAN, article: "9.5.3",
			allowed: []chess.Move{r.Move}, text: "claimed a draw with the intended move " + r.SAN + ": must play it",
			msg: DutyIntended, args: map[string]string{"Owed": r.SAN}}
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
		return e.failWith(at, err)
	}
	e.done, e.late = nil, [2]bool{}
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

// restoreMade rules a touch-move claim against a move made (T7) and then
// changed on the board before its author's press correct (4.7, claimed in
// time, 4.8): the board is set back to the move first made, which the
// press then completes.
func (e *Engine) restoreMade(at int, claimant chess.Color) []protocol.Ruling {
	d := e.done
	by := d.start.Turn()
	san := d.start.SAN(d.made)
	e.resetBoard(e.g.Position())
	d.tampered = false
	e.viols = append(e.viols, protocol.ViolationRef{At: at, By: by.String(), Article: "4.7"})
	t := true
	return []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: claimant.String(), What: protocol.ClaimTouchMove, Granted: &t, Article: "4.7",
		Text: fmt.Sprintf("%s was made and then changed on the board: the move first made, %s, is restored; %s's press completes it", san, san, by),
		Msg:  MsgClaimRestored, Args: map[string]string{"Move": san, "Side": by.String()}}}
}

// arbiterAct handles the arbiter's own acts (protocol.ByArbiter): a flag
// he observes (6.8), an illegal move he observes, where the rule set
// has him act on it (laws I7: FIDE 7.5 in standard play; in rapid and
// blitz only while the opponent has not made his next move), and his
// acts on the clocks (6.10.2, 6.11.1, 6.11.3).
func (e *Engine) arbiterAct(at int, a protocol.Action) []protocol.Ruling {
	switch a.Act {
	case protocol.Flag:
		side, _ := chess.ParseColor(a.Side)
		if rs := e.premature(at, side); rs != nil {
			return rs
		}
		return e.flag(at, side, true)
	case protocol.Claim:
		if !e.rules.ArbiterActsOnIllegal {
			why, msg := "the opponent claims it", ErrArbiterNoIllegal
			if base, _ := laws.Lookup(e.rules.Name); base.ArbiterActsOnIllegal {
				why = "the variation announced (" + e.start.Variations + ") makes him a witness only: the opponent claims it"
				msg = ErrArbiterWitness
			}
			return e.failSay(at, msg, map[string]string{"Rules": e.rules.Name, "Variations": e.start.Variations},
				"under %s the arbiter does not act on an illegal move: %s", e.rules.Name, why)
		}
		article := e.rules.ArbiterArticle
		if article == "" {
			article = e.standsArticle()
		}
		f := false
		if n := e.rules.ArbiterQuietSeconds; n > 0 && (a.TimePressure || e.inLastSeconds(n)) {
			return []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: protocol.ByArbiter, What: protocol.ClaimIllegalMove, Granted: &f, Article: article,
				Text: fmt.Sprintf("in the last %d minutes of a time control the director does not correct an illegal move he witnesses: the opponent may claim it", n/60),
				Msg:  MsgClaimQuiet, Args: map[string]string{"N": strconv.Itoa(n / 60)}}}
		}
		var offender chess.Color
		switch {
		case e.limbo != nil:
			offender = e.limbo.by
		case e.standing != nil:
			offender = e.standing.by
		default:
			return []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: protocol.ByArbiter, What: protocol.ClaimIllegalMove, Granted: &f, Article: article,
				Text: "no illegal move stands on the board", Msg: MsgClaimNoIllegal}}
		}
		return e.claimIllegal(at, offender.Other(), protocol.ByArbiter, article)
	case protocol.Pause, protocol.Resume, protocol.SetClock:
		return e.clockAct(at, a)
	case protocol.SetupError:
		return e.setupError(at, a.What)
	case protocol.BoardsDiffer:
		return e.boardsDiffer(at, protocol.ByArbiter)
	}
	return e.failSay(at, ErrArbiterActs, nil, "the arbiter may claim an illegal move, observe a flag, or pause, resume and set the clocks")
}

// setupError rules on the arbiter's finding of an error in setting the
// game up (laws I8): an incorrect initial position cancels the game, a
// new one is played (7.2.1); a board placed contrary to 2.1 is turned and
// the game goes on from the position reached (7.2.2); colours reversed
// cancel the game while a player has made fewer than ten moves, and after
// that the game goes on (7.3). In rapid and blitz without full
// supervision nothing can be claimed about the set-up or the board once
// each player has completed ten moves (A.5.1.2): the game goes on.
func (e *Engine) setupError(at int, what string) []protocol.Ruling {
	white, black := e.movesEach()
	ten := white >= 10 && black >= 10
	ir := func(article, text, msg string, args map[string]string) protocol.Ruling {
		return protocol.Ruling{At: at, Kind: protocol.KindIrregularity, Article: article, Text: text, FEN: e.g.Position().FEN(), Msg: msg, Args: args}
	}
	if n := e.rules.SetupClaimsUntil; n > 0 && white >= n && black >= n && what != protocol.SetupColoursReversed {
		return []protocol.Ruling{ir("A.5.1.2", fmt.Sprintf("each player has made %d moves: no claim can be made about the set-up or the board any more, and the game goes on (castling is not allowed with a king, nor with a rook, that was misplaced)", n),
			MsgSetupTooLate, map[string]string{"N": strconv.Itoa(n)})}
	}
	switch what {
	case protocol.SetupInitialPosition:
		o, _ := e.g.Cancel("7.2.1")
		return append([]protocol.Ruling{ir("7.2.1", "the initial position was incorrect: the game is cancelled and a new game is played", MsgSetupCancelled, nil)}, e.end(at, o)...)
	case protocol.SetupBoardOrientation:
		return []protocol.Ruling{ir("7.2.2", "the board was placed contrary to 2.1: the position reached is set up on a board placed correctly, and the game goes on", MsgBoardTurned, nil)}
	}
	if !ten {
		o, _ := e.g.Cancel("7.3")
		return append([]protocol.Ruling{ir("7.3", fmt.Sprintf("the game started with colours reversed and fewer than ten moves each were made (white %d, black %d): it is discontinued, and a new game is played with the correct colours", white, black),
			MsgColoursEarly, map[string]string{"White": strconv.Itoa(white), "Black": strconv.Itoa(black)})}, e.end(at, o)...)
	}
	return []protocol.Ruling{ir("7.3", "the game started with colours reversed, and each player has made ten moves or more: the game goes on", MsgColoursLate, nil)}
}

// movesEach returns the number of moves each player has made since the
// initial position, as the move number of the position tells (a game set
// up from a FEN counts the moves before it).
func (e *Engine) movesEach() (white, black int) {
	p := e.g.Position()
	white, black = p.FullmoveNumber()-1, p.FullmoveNumber()-1
	if p.Turn() == chess.Black {
		white++
	}
	return white, black
}

// flag ends the game on c's flag fall: FIDE 6.9 (drawn when the opponent
// cannot checkmate by any series of legal moves), or US Chess 14E (drawn
// when the opponent has insufficient material to win on time), as the
// rule set says (laws K3).
//
// Where an appendix rules flags (A.5), a player's claim cites A.5.3 and
// the arbiter's observation (or the clock's, seen at an action) A.5.5.
func (e *Engine) flag(at int, c chess.Color, seen bool) []protocol.Ruling {
	var o game.Outcome
	if e.rules.FlagRule == laws.FlagInsufficientMaterial {
		o, _ = e.g.FlagFallMaterial(c)
	} else {
		o, _ = e.g.FlagFall(c)
		switch a := e.rules.FlagClaimArticle; {
		case seen && e.rules.FlagSeenArticle != "":
			o.Article = e.rules.FlagSeenArticle
		case !seen && a != "":
			o.Article = a
		}
	}
	return e.end(at, o)
}

package touch

import (
	"errors"
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/laws"
	"github.com/arbiterchess/arbiter/protocol"
)

// Options switch the engine's behaviour beyond the rule set.
type Options struct {
	// Enforce refuses a violating action at once with an error naming the
	// rule, and leaves the state as it was (laws S, last paragraph): for
	// e-boards used in training and for online play.
	Enforce bool
	// Rules overrides the rule set named by the start line ("" keeps it).
	Rules string
	// FEN and Chess960 apply when the start line does not set them.
	FEN      string
	Chess960 bool
	// CanMate decides whether a colour can still checkmate (dead
	// positions, flag falls, illegal-move losses). Nil uses
	// game.DefaultCanMate: material, then the full analysis of package
	// winnable where a position may be dead.
	CanMate game.MateFunc
}

// violation is a recorded Article 4 violation that the opponent may claim.
type violation struct {
	at      int
	by      chess.Color
	article string
	ply     int         // the game's ply before the violating move
	touched []contact   // the violator's touches, to reimpose the obligation
	duty    *obligation // the obligation that was broken
}

// turn is the turn of one player: from the moment he has the move (the
// opponent's move is made, T11) until his own move is completed by his
// clock press (7.5.1). Once his move is made the opponent has the move
// and the turn waits, as Engine.done, for the press.
type turn struct {
	start    chess.Position // the position when the turn began (P)
	legal    []chess.Move
	touched  []contact
	duty     *obligation
	intended *obligation // an intended move owed after an incorrect claim (9.5.3)
	released *obligation // a move made and then changed: owed again after the reinstatement (4.7, 7.5.1)
	commit   *obligation // the king released on a castling square (T7)
	// partial: a piece released on a square as part of a legal move not
	// yet complete (the pawn on d6 of exd6 e.p. with d5 still on the
	// board): it may go to no other square on this move (4.7).
	partial    *obligation
	made       chess.Move // the move made (T7), or NoMove
	madeAt     int
	pending    chess.Move    // uscf: rook on its castling square, may still become castling
	hands      handSet       // hands used for pieces this turn (T1)
	promo      []promoChoice // the first new piece that touched each promotion square (T5)
	offboard   []man         // own pieces taken off the board this turn (the Chess960 castling procedure)
	touchedAny bool          // the player deliberately touched a piece (9.4, T9)
	acted      bool          // the player moved a piece on the board this turn
	tampered   bool          // after his move was made he changed the board (7.5.1 at the press)
	// tamperSeen: the opponent touched a piece after the change above, and
	// so may no longer claim it (4.8).
	tamperSeen bool
	// announced: a visually disabled player made the move by announcing
	// it (D.2.3.3); his hands then set it up on his board, and until his
	// press he may correct a slip of the tongue (D.2.8).
	announced bool
}

// clone returns a copy of t that shares nothing the engine changes.
func (t *turn) clone() turn {
	c := *t
	c.touched = append([]contact(nil), t.touched...)
	c.offboard = append([]man(nil), t.offboard...)
	c.promo = append([]promoChoice(nil), t.promo...)
	return c
}

// handSet is a set of hands, "left" and "right".
type handSet uint8

func handBit(hand string) handSet {
	if hand == "left" {
		return 1
	}
	return 2
}

func (h handSet) has(hand string) bool { return h&handBit(hand) != 0 }
func (h *handSet) add(hand string)     { *h |= handBit(hand) }
func (h handSet) count() int {
	return int(h&1) + int(h>>1&1)
}

// promoChoice is the piece that first touched a promotion square (T5).
type promoChoice struct {
	sq chess.Square
	pt chess.PieceType
}

// promoAt returns the piece that first touched promotion square sq.
func (t *turn) promoAt(sq chess.Square) (chess.PieceType, bool) {
	for _, p := range t.promo {
		if p.sq == sq {
			return p.pt, true
		}
	}
	return chess.NoPieceType, false
}

// Engine applies the Laws of Chess to the actions at one board: it keeps
// the physical board next to the legal game and answers each action with
// rulings. Build it with New; it is not safe for concurrent use.
type Engine struct {
	rules   laws.RuleSet
	enforce bool
	g       *game.Game
	phys    board
	t       turn // the turn of the player having the move
	// done is the turn of the player whose move is made but whose clock
	// press is still owed, or nil (T11).
	done *turn
	// late marks a player whose move was followed by the opponent's before
	// he pressed his clock: he may still press it once (6.2.2).
	late [2]bool
	// knocked holds the squares of pieces knocked over by accident (4.2.2)
	// and not yet set right (7.4), with the colour of the hand.
	knocked []knock
	illegal [2]int
	viols   []protocol.ViolationRef
	claim   *violation // the last violation, claimable by the opponent
	// lostClaim marks a player who lost the right to claim the opponent's
	// last violation by touching a piece (4.8).
	lostClaim [2]bool
	// standing is an illegal move not yet claimed (rule sets where one may
	// stand, laws I5, I6).
	standing *standing
	// limbo is an illegal position on hold under A.5.4, or nil.
	limbo *limbo
	// vd marks the players with a visual disability (Appendix D).
	vd     [2]bool
	offer  *chess.Color
	start  protocol.Start // as set up, with the options applied
	clock  chessClock
	errors int
	over   bool
	result protocol.Ruling
}

// New starts an engine for a game set up by start (any field may be
// empty: initial position, rules fide).
func New(start protocol.Start, opts Options) (*Engine, error) {
	name := start.Rules
	if opts.Rules != "" {
		name = opts.Rules
	}
	rules, err := laws.Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := start.Check(); err != nil {
		return nil, err
	}
	if rules, err = rules.Under(start.Supervision, start.VariationList()); err != nil {
		return nil, err
	}
	fen := start.FEN
	if fen == "" {
		fen = opts.FEN
	}
	if fen == "" {
		fen = chess.StartFEN
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{Chess960: start.Chess960 || opts.Chess960, Vertical: rules.VerticalCastling}, false)
	if err != nil {
		return nil, err
	}
	e := &Engine{rules: rules, enforce: opts.Enforce, g: game.NewWith(p, game.Config{CanMate: opts.CanMate})}
	e.phys = newBoard(p)
	e.start = protocol.Start{FEN: start.FEN, Rules: rules.Name, Chess960: start.Chess960 || opts.Chess960, Clock: start.Clock,
		Supervision: start.Supervision, Variations: start.Variations}
	if e.start.FEN == "" {
		e.start.FEN = opts.FEN
	}
	e.clock = newClock(start.Clock, p.Turn())
	e.vd = visuallyDisabled(start.VisuallyDisabled)
	e.start.VisuallyDisabled = start.VisuallyDisabled
	e.beginTurn()
	if o, ok := e.g.Outcome(); ok {
		e.over = true
		e.result = resultRuling(0, o)
	}
	return e, nil
}

// Start returns how the game was set up: the start line with the options
// applied (the rule set's name, the FEN and Chess960 the options gave).
func (e *Engine) Start() protocol.Start { return e.start }

// Over reports whether the game has ended: with a result, or cancelled
// (result "*", reason "cancelled": 7.2.1, 7.3). Every action after that is
// answered with an after-end ruling.
func (e *Engine) Over() bool { return e.over }

// Rules returns the rule set in force.
func (e *Engine) Rules() laws.RuleSet { return e.rules }

// Game returns the game record (read it; do not change it).
func (e *Engine) Game() *game.Game { return e.g }

// Position returns the current legal position.
func (e *Engine) Position() *chess.Position { return e.g.Position() }

// Duty returns the must ruling of the obligation now owed by the player
// having the move, and false when nothing is owed.
func (e *Engine) Duty() (protocol.Ruling, bool) {
	if o := e.current(); o != nil {
		return o.ruling(0, e.t.start.Turn()), true
	}
	return protocol.Ruling{}, false
}

// Claimable returns the Article 4 violation the opponent of its author may
// still claim (until he touches a piece, T9), and false when there is none.
func (e *Engine) Claimable() (protocol.ViolationRef, bool) {
	if e.claim == nil {
		return protocol.ViolationRef{}, false
	}
	return protocol.ViolationRef{At: e.claim.at, By: e.claim.by.String(), Article: e.claim.article}, true
}

// DrawOffer returns the colour that offered a draw still open, and false
// when no offer is open.
func (e *Engine) DrawOffer() (chess.Color, bool) {
	if e.offer == nil {
		return chess.White, false
	}
	return *e.offer, true
}

// beginTurn starts the turn of the player to move in the current position.
func (e *Engine) beginTurn() {
	p := e.g.Position()
	e.t = turn{start: *p, made: chess.NoMove, pending: chess.NoMove}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	e.t.legal = append([]chess.Move(nil), ml.Slice()...)
	e.resetBoard(p)
}

// resetBoard sets the physical board to position p, with empty hands and
// the pieces knocked onto other squares still lying where they fell.
func (e *Engine) resetBoard(p *chess.Position) {
	e.phys.reset(p)
	if len(e.knocked) > 0 {
		e.redisplace()
	}
}

// current returns the obligation in force: an intended move, a move owed
// again after a reinstatement, a castling commitment, or what the touched
// pieces require.
func (e *Engine) current() *obligation {
	switch {
	case e.t.intended != nil:
		return e.t.intended
	case e.t.released != nil:
		return e.t.released
	case e.t.commit != nil:
		return e.t.commit
	case e.t.partial != nil:
		return e.t.partial
	}
	return e.t.duty
}

// Apply handles one action, read from input line at, and returns the
// rulings it causes (possibly none). An action that cannot happen gets a
// single error ruling and changes nothing. Once the game has a result,
// every well-formed action gets a single after-end ruling: it is recorded
// and changes nothing.
//
// Where the game has a clock, the action's t (and times) drive it first:
// a flag that fell before the action ends the game, and the action is then
// an after-end one; time rulings follow what changed the clocks.
func (e *Engine) Apply(at int, a protocol.Action) []protocol.Ruling {
	saved := e.save()
	if !e.over {
		if rs := e.clockBefore(at, a); rs != nil {
			return append(rs, e.afterEnd(at, a)...)
		}
	}
	rs := e.apply(at, a)
	if len(rs) == 1 && rs[0].Kind == protocol.KindError {
		n := e.errors
		*e = saved
		e.errors = n
		return rs
	}
	return e.clockAfter(at, rs)
}

// save returns a copy of the engine that shares nothing the engine may
// change, so that an action answered with an error can be undone whole.
// The game record is shared: it changes only when an action succeeds.
func (e *Engine) save() Engine {
	s := *e
	s.phys = e.phys.clone()
	s.t = e.t.clone()
	if e.done != nil {
		d := e.done.clone()
		s.done = &d
	}
	s.knocked = append([]knock(nil), e.knocked...)
	s.viols = append([]protocol.ViolationRef(nil), e.viols...)
	if e.standing != nil {
		st := *e.standing
		s.standing = &st
	}
	return s
}

func (e *Engine) apply(at int, a protocol.Action) []protocol.Ruling {
	if err := a.Check(); err != nil {
		return e.failWith(at, err)
	}
	if e.over {
		return e.afterEnd(at, a)
	}
	if a.By == protocol.ByArbiter {
		return e.arbiterAct(at, a)
	}
	if a.By == protocol.ByAssistant {
		return e.assistantAct(at, a)
	}
	by, _ := chess.ParseColor(a.By)
	var sq chess.Square = chess.NoSquare
	if a.Sq != "" {
		sq, _ = chess.ParseSquare(a.Sq)
	}
	switch {
	case a.Mirror:
		if !e.appendixD() {
			return e.notAppendixD(at, "mirror")
		}
		return nil // the other board (D.2.1): it changes nothing here
	case a.Act == protocol.Announce:
		return e.announce(at, by, a)
	case a.Act == protocol.BoardsDiffer:
		return e.boardsDiffer(at, by.String())
	case a.Act == protocol.Touch && e.vd[by]:
		// D.2.2: on his board a piece is touched when taken out of its
		// securing hole (his lift), not by a touch.
		if !e.phys.occupied(sq) {
			return e.failSay(at, ErrNoPieceTo, map[string]string{"Sq": sq.String(), "Act": protocol.Touch}, "no piece on %s to touch", sq)
		}
		return nil
	}
	mover := e.t.start.Turn() // the player having the move (T11)
	if e.limbo != nil {
		if rs, ok := e.limboAct(at, by, a, sq); ok {
			return rs
		}
	}
	switch a.Act {
	case protocol.Claim:
		return e.claimAction(at, by, a)
	case protocol.Resign:
		resign := e.g.ResignOutright
		if e.rules.ResignationProviso {
			resign = e.g.Resign // 5.1.2: drawn when the opponent cannot mate
		}
		o, _ := resign(by)
		return e.end(at, o)
	case protocol.OfferDraw:
		e.offer = &by
		return nil
	case protocol.AcceptDraw:
		if e.offer == nil || *e.offer == by {
			return e.failSay(at, ErrNoDrawOffer, nil, "there is no draw offer from the opponent to accept")
		}
		agree := e.g.AgreeAnyTime
		if e.rules.AgreementProviso {
			agree = e.g.Agree
		}
		o, err := agree()
		if errors.Is(err, game.ErrAgreementTooEarly) {
			return e.failSay(at, ErrDrawTooEarly, nil, "refused (5.2.3): a draw may be agreed only once both players have made at least one move; the game goes on")
		}
		return e.end(at, o)
	case protocol.DeclineDraw:
		if e.offer == nil || *e.offer == by {
			return e.failSay(at, ErrNoDrawOfferDecl, nil, "there is no draw offer from the opponent to decline")
		}
		e.offer = nil
		return nil
	case protocol.Flag:
		if rs := e.premature(at, by); rs != nil {
			return rs
		}
		return e.flag(at, by, false)
	case protocol.Pause:
		return e.clockAct(at, a) // 6.11.2: to seek the arbiter's assistance
	case protocol.Knock:
		if !e.phys.occupied(sq) {
			return e.failSay(at, ErrNoPieceTo, map[string]string{"Sq": sq.String(), "Act": a.Act}, "no piece on %s to knock", sq)
		}
		to := sq
		if a.To != "" {
			to, _ = chess.ParseSquare(a.To)
			if e.phys.sq[sq].piece == chess.NoPiece {
				return e.failSay(at, ErrHeldNoKnock, map[string]string{"Sq": sq.String(), "To": to.String()}, "the piece on %s is in a hand: it cannot be knocked onto %s", sq, to)
			}
			if to != sq && e.phys.occupied(to) {
				return e.failSay(at, ErrKnockOccupied, map[string]string{"To": to.String()}, "%s is occupied: a piece knocked onto it would lie on another", to)
			}
			if to != sq {
				e.phys.sq[to], e.phys.sq[sq] = e.phys.sq[sq], man{origin: chess.NoSquare}
			}
		}
		e.setKnocked(sq, to, e.phys.at(to).piece, by) // 4.2.2: no obligation; set right in his own time (7.4)
		return nil
	case protocol.Adjust:
		if e.phys.at(sq).piece == chess.NoPiece {
			return e.failSay(at, ErrNoPieceTo, map[string]string{"Sq": sq.String(), "Act": a.Act}, "no piece on %s to adjust", sq)
		}
		if by != mover {
			return e.violate(at, by, "4.2.1", fmt.Sprintf("adjusted %s while %s has the move", pieceSq(e.phys.at(sq).piece, sq), mover),
				detail{msg: MsgAdjusted, sq: sq, piece: e.phys.at(sq).piece.Type(), from: chess.NoSquare, with: chess.NoSquare, args: map[string]string{"Opp": mover.String()}})
		}
		return nil // T2: an announced adjustment creates no obligation
	}
	if by != mover {
		return e.offMove(at, by, a, sq)
	}
	switch a.Act {
	case protocol.ClockPress:
		if e.late[by] && !e.t.acted && !e.phys.holding() {
			e.late[by] = false // 6.2.2: his press for the move before the opponent's reply
			e.clockPress(by)
			return nil
		}
		return e.pressUnmade(at, by, a.Hand)
	case protocol.Touch:
		m := e.phys.at(sq)
		if m.piece == chess.NoPiece {
			return e.failSay(at, ErrNoPieceTo, map[string]string{"Sq": sq.String(), "Act": protocol.Touch}, "no piece on %s to touch", sq)
		}
		return e.touch(at, m)
	}
	return e.handle(at, by, a, sq)
}

// offMove handles an action of the player not having the move: the press
// that completes his move, what he does to the board before that press
// (judged at the press, 7.5.1), or a knocked piece of his set right (7.4).
// His touches bind no one (4.3 binds the player having the move only).
func (e *Engine) offMove(at int, by chess.Color, a protocol.Action, sq chess.Square) []protocol.Ruling {
	owes := e.done != nil && e.done.start.Turn() == by
	switch a.Act {
	case protocol.ClockPress:
		if owes {
			return e.press(at, by, a.Hand)
		}
		if e.late[by] {
			e.late[by] = false // 6.2.2: his press after the opponent's reply
			e.clockPress(by)
			return nil
		}
		return e.failSay(at, ErrNotRunning, map[string]string{"Side": by.String(), "Opp": by.Other().String()}, "it is %s's move: %s's clock is not running", by.Other(), by)
	case protocol.Touch:
		if e.phys.at(sq).piece == chess.NoPiece {
			return e.failSay(at, ErrNoPieceTo, map[string]string{"Sq": sq.String(), "Act": protocol.Touch}, "no piece on %s to touch", sq)
		}
		return nil
	}
	if e.knockedBy(sq, by) && a.Act == protocol.Lift {
		return e.setRight(at, by, a, sq)
	}
	if h, ok := e.settingRight(by, a); ok {
		return e.setRight(at, by, a, h)
	}
	if !owes {
		return e.failSay(at, ErrNotYourMove, map[string]string{"Side": by.String(), "Opp": by.Other().String(), "Act": a.Act}, "it is %s's move: %s may not %s", by.Other(), by, a.Act)
	}
	if e.done.announced {
		return nil // D.2.3.3: the move is made; his hands set it up on his own board
	}
	if e.enforce {
		return e.failSay(at, ErrMoveMade, map[string]string{"Side": by.String(), "Move": e.done.start.SAN(e.done.made)}, "refused (4.7): %s's move %s is made and must be completed as it stands", by, e.done.start.SAN(e.done.made))
	}
	return e.tamper(at, by, a, sq)
}

// handle applies a physical action of the player having the move: lift,
// place, release, drop, remove, put. It works on a copy of the board so
// that a refused action changes nothing.
func (e *Engine) handle(at int, by chess.Color, a protocol.Action, sq chess.Square) []protocol.Ruling {
	b := e.phys.clone()
	hand := a.HandName()
	var touchedMan *man
	released := false
	var let []held
	var err error
	switch a.Act {
	case protocol.Lift:
		var m man
		if m, err = b.lift(hand, sq); err == nil {
			if e.knockedBy(sq, by) {
				h := b.lastHeld(hand)
				h.knocked, h.home = true, e.unknock(sq) // setting a knocked piece right (7.4) is no touch
			} else {
				touchedMan = &m
			}
		}
	case protocol.Place:
		err = b.place(hand, a.Piece, sq)
	case protocol.Release:
		let, err = b.release(hand, a.Piece)
		released = true
	case protocol.Drop:
		if err = b.place(hand, a.Piece, sq); err == nil {
			let, err = b.release(hand, a.Piece)
			released = true
		}
	case protocol.Remove:
		var m man
		if m, err = b.remove(sq); err == nil {
			touchedMan = &m
			released = true
		}
	case protocol.Put:
		var m man
		if m, err = e.fromOffBoard(by, a, sq); err == nil {
			err = b.put(hand, m, sq)
		}
		if err == nil && m.origin == chess.NoSquare && m.piece.Color() == by && m.piece.Type() != chess.King && m.piece.Type() != chess.Pawn {
			if _, ok := e.t.promoAt(sq); !ok && e.promotionSquare(sq) {
				e.t.promo = append(e.t.promo, promoChoice{sq, m.piece.Type()}) // T5: final once it touched the square
			}
		}
	}
	if err != nil {
		return e.failWith(at, err)
	}
	var out []protocol.Ruling
	for _, h := range let {
		switch {
		case h.knocked && h.placed != h.home:
			// A knocked piece moved on: now a deliberate touch.
			rs, refused := e.touchCheck(at, h.man)
			if refused != nil {
				return refused
			}
			out = append(out, rs...)
		case h.placed == chess.NoSquare && h.origin != chess.NoSquare:
			e.t.offboard = append(e.t.offboard, h.man) // off the board, may be put back (Chess960)
		}
	}
	if a.Act == protocol.Lift || a.Act == protocol.Remove || a.Act == protocol.Put {
		if e.enforce && !e.t.hands.has(hand) && e.t.hands.count() > 0 {
			return e.failSay(at, ErrOneHand, nil, "refused (4.1): each move is played with one hand")
		}
		e.t.hands.add(hand)
		e.t.acted = true
	}
	if touchedMan != nil {
		rs, refused := e.touchCheck(at, *touchedMan)
		if refused != nil {
			return refused
		}
		out = append(out, rs...)
	}
	if !released {
		e.phys = b
		return out
	}
	// A release: has a move been made (T7)? A move made hands the move
	// over and sets up the board of the opponent's turn; a refusal is
	// undone whole by Apply.
	e.phys = b
	rs, refused := e.settle(at, by, &e.phys)
	if refused != nil {
		return refused
	}
	out = append(out, rs...)
	if e.t.made == chess.NoMove && e.t.pending == chess.NoMove && e.t.partial == nil && len(rs) == 0 {
		out = append(out, e.partRelease(at, by, let)...)
	}
	return out
}

// partRelease notes a piece of the mover let go on a square as part of a
// legal move that the board does not show complete: the only such move
// from its square to there (en passant with the captured pawn still on
// the board). From now on it may go to no other square (4.7), and a
// replacing move after an illegal one is held to it (7.5.1 with 4.7).
func (e *Engine) partRelease(at int, by chess.Color, let []held) []protocol.Ruling {
	for _, h := range let {
		if h.placed == chess.NoSquare || h.origin == chess.NoSquare || h.piece.Color() != by || h.placed == h.origin {
			continue
		}
		found := chess.NoMove
		n := 0
		for _, m := range e.t.legal {
			if m.From() == h.origin && m.To() == h.placed && !m.IsCastling() {
				found, n = m, n+1
			}
		}
		if n != 1 || !e.current().permits(found) {
			continue
		}
		san := e.t.start.SAN(found)
		e.t.partial = &obligation{rule: "move", sq: h.origin, with: chess.NoSquare, san: san, article: "4.7", allowed: []chess.Move{found},
			text: "released " + pieceSq(h.piece, h.origin) + " on " + h.placed.String() + " as part of the legal move " + san + ": must complete it",
			msg:  DutyReleasedPart, args: map[string]string{"Piece": letter(h.piece), "Sq": h.origin.String(), "To": h.placed.String(), "Owed": san}}
		return []protocol.Ruling{e.t.partial.ruling(at, by)}
	}
	return nil
}

// fromOffBoard returns the piece the put a takes onto sq: the player's own
// king or rook taken off the board this turn (the Chess960 castling
// procedure: the king set down beside its castling square after the
// rook), else a new piece for a promotion. On a square where a pawn of his
// could promote, the new piece may also be one no promotion allows (a
// king, a pawn, a piece of the other colour, 3.7.3.3): what the board then
// shows is an illegal move, judged at the press. Elsewhere a king is never
// new, and a new piece is a queen, rook, bishop or knight of his colour.
func (e *Engine) fromOffBoard(by chess.Color, a protocol.Action, sq chess.Square) (man, error) {
	colour := putColour(by, a)
	pc := chess.NewPiece(colour, chess.PieceTypeFromLetter(a.Piece[0]))
	for i, m := range e.t.offboard {
		if m.piece == pc && (pc.Type() == chess.King || pc.Type() == chess.Rook) {
			e.t.offboard = append(e.t.offboard[:i:i], e.t.offboard[i+1:]...)
			return m, nil
		}
	}
	if (colour != by || pc.Type() == chess.King || pc.Type() == chess.Pawn) && !e.promotionSquare(sq) {
		if colour == by && pc.Type() == chess.King {
			return man{}, refusef(ErrNoKingOff, map[string]string{"Side": by.String()}, "no %s king was taken off the board this turn to put on the board", by)
		}
		return man{}, refusef(ErrPutNotPromotion, map[string]string{"Colour": colour.String(), "Piece": pc.Type().Letter()}, "a new %s %s may only be put on a square of promotion (as an attempted promotion)", colour, pc.Type())
	}
	return man{piece: pc, origin: chess.NoSquare}, nil
}

// tamper applies what the player whose move is made does to the board
// before his clock press: it is allowed (his hand may be on the board),
// and judged at his press (7.5.1, and 4.7 for the replacing move).
func (e *Engine) tamper(at int, by chess.Color, a protocol.Action, sq chess.Square) []protocol.Ruling {
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
		return e.failWith(at, err)
	}
	// The board is judged as he leaves it, while the opponent has not
	// touched it; once both hands are at work any change of his counts.
	was := e.done.tampered
	if e.t.acted {
		e.done.tampered = true
	} else {
		e.done.tampered = e.phys.holding() || e.corrected(e.phys.pieces()) != placement(e.g.Position())
	}
	if e.done.tampered && !was {
		e.done.tamperSeen = false // a new breach of 4.7: claimable until the opponent touches a piece
	}
	return nil
}

// settingRight reports whether a is by's hand letting go of a knocked
// piece it lifted to set it right, and returns the hand.
func (e *Engine) settingRight(by chess.Color, a protocol.Action) (string, bool) {
	if a.Act != protocol.Place && a.Act != protocol.Drop && a.Act != protocol.Release {
		return "", false
	}
	hand := a.HandName()
	for _, h := range e.phys.hands[hand] {
		if h.knocked && h.piece.Color() == by {
			return hand, true
		}
	}
	return "", false
}

// setRight lets the player not having the move set right a piece he
// knocked over (7.4: in his own time, no obligation): lift it, and put it
// back on its square.
func (e *Engine) setRight(at int, by chess.Color, a protocol.Action, where any) []protocol.Ruling {
	hand := a.HandName()
	b := e.phys.clone()
	switch a.Act {
	case protocol.Lift:
		sq := where.(chess.Square)
		if _, err := b.lift(hand, sq); err != nil {
			return e.failWith(at, err)
		}
		h := b.lastHeld(hand)
		h.knocked, h.home = true, e.unknock(sq)
	default:
		var h *held
		for _, x := range b.hands[hand] {
			if x.knocked {
				h = x
			}
		}
		sq := h.home
		if a.Sq != "" {
			sq, _ = chess.ParseSquare(a.Sq)
		}
		if a.Act == protocol.Release && h.placed != chess.NoSquare {
			sq = h.placed
		}
		if sq != h.home {
			return e.failSay(at, ErrKnockedBack, map[string]string{"Side": by.String(), "Opp": by.Other().String(), "Sq": h.home.String()}, "%s has the move: %s may only set the knocked piece back on %s", by.Other(), by, h.home)
		}
		if a.Act != protocol.Release {
			if err := b.place(hand, h.piece.Type().Letter(), sq); err != nil {
				return e.failWith(at, err)
			}
		}
		if a.Act != protocol.Place {
			if _, err := b.release(hand, h.piece.Type().Letter()); err != nil {
				return e.failWith(at, err)
			}
		}
	}
	e.phys = b
	return nil
}

// putColour is the colour of the piece a put brings: its colour field,
// else the player's own.
func putColour(by chess.Color, a protocol.Action) chess.Color {
	if c, ok := chess.ParseColor(a.Colour); ok {
		return c
	}
	return by
}

// placement returns the pieces of position p square by square.
func placement(p *chess.Position) [64]chess.Piece {
	var pl [64]chess.Piece
	for s := chess.A1; s <= chess.H8; s++ {
		pl[s] = p.PieceAt(s)
	}
	return pl
}

// promotionSquare reports whether a pawn of the player to move could
// promote on s.
func (e *Engine) promotionSquare(s chess.Square) bool {
	for _, m := range e.t.legal {
		if m.To() == s && m.Promotion() != chess.NoPieceType {
			return true
		}
	}
	return false
}

// touch records a deliberate touch without lifting (T3).
func (e *Engine) touch(at int, m man) []protocol.Ruling {
	if e.t.made != chess.NoMove {
		return nil // after the move is made, touches create no obligation
	}
	rs, refused := e.touchCheck(at, m)
	if refused != nil {
		return refused
	}
	return rs
}

// touchCheck adds a touched piece and announces the obligation if it
// arose or changed.
func (e *Engine) touchCheck(at int, m man) ([]protocol.Ruling, []protocol.Ruling) {
	mover := e.t.start.Turn()
	e.loseClaim(mover)
	if e.done != nil && e.done.tampered && e.done.start.Turn() != mover {
		e.done.tamperSeen = true // 4.8: he touched a piece after the breach
		e.lostClaim[mover] = true
	}
	e.t.touchedAny = true
	if e.offer != nil && *e.offer != mover {
		e.offer = nil // touching a piece declines the opponent's draw offer (9.1.2.1)
	}
	if m.origin == chess.NoSquare {
		return nil, nil // a new piece from the box is not a touched piece
	}
	for _, c := range e.t.touched {
		if c.origin == m.origin {
			return nil, nil
		}
	}
	before := e.current()
	e.t.touched = append(e.t.touched, contact(m))
	e.t.duty = duty(&e.t.start, e.t.legal, e.t.touched, e.rules)
	if now := e.current(); !now.same(before) && now != nil {
		return []protocol.Ruling{now.ruling(at, mover)}, nil
	}
	return nil, nil
}

// loseClaim: the player deliberately touched a piece, so he can no longer
// claim the opponent's last violation (T9, 4.8).
func (e *Engine) loseClaim(c chess.Color) {
	if e.claim != nil && e.claim.by != c {
		e.claim = nil
		e.lostClaim[c] = true
	}
}

// matching returns the legal move whose placement equals the board, or NoMove.
func (e *Engine) matching(pl [64]chess.Piece) chess.Move {
	found := chess.NoMove
	for _, m := range e.t.legal {
		// Every move but castling leaves its square empty: the other
		// moves need no closer look.
		if !m.IsCastling() && pl[m.From()] != chess.NoPiece || e.placementOf(m) != pl {
			continue
		}
		// The same placement can come from two moves (a Chess960 castling
		// that leaves the king in place, and the rook's move): the
		// obligation, then castling when the king was touched, decides.
		if found == chess.NoMove || (m.IsCastling() && e.kingTouched()) || (e.current().permits(m) && !e.current().permits(found)) {
			found = m
		}
	}
	return found
}

func (e *Engine) kingTouched() bool {
	for _, c := range e.t.touched {
		if c.piece.Type() == chess.King && c.piece.Color() == e.t.start.Turn() {
			return true
		}
	}
	return false
}

// settle looks at the board after a release. It returns the rulings, or
// (in enforce mode) the refusal that leaves everything unchanged.
func (e *Engine) settle(at int, by chess.Color, b *board) ([]protocol.Ruling, []protocol.Ruling) {
	if e.t.made != chess.NoMove {
		return nil, nil // changes after the move is made are judged at the clock
	}
	if b.holding() {
		return nil, nil // a hand still holds a piece: not finished
	}
	pl := b.pieces()
	if len(e.knocked) > 0 {
		pl = e.corrected(pl)
	}
	m := e.matching(pl)
	if m == chess.NoMove {
		return e.castlingCommit(at, pl)
	}
	// A move that may still become castling is decided by what follows
	// (the clock, or the other piece of the castling): under US Chess a
	// rook released on its castling square (T4d), and in Chess960 a king
	// released by a one-square move on its castling square.
	if (e.rules.RookFirstMayCastle && e.rookMayStillCastle(m)) || e.kingMayStillCastle(m) {
		e.t.pending, e.t.madeAt = m, at
		return nil, nil
	}
	return e.makeMove(at, by, m)
}

// kingMayStillCastle reports whether the king move m lands where a legal
// castling would put the king (possible in Chess960 only).
func (e *Engine) kingMayStillCastle(m chess.Move) bool {
	if m.IsCastling() || e.t.start.PieceAt(m.From()).Type() != chess.King {
		return false
	}
	for _, c := range e.t.legal {
		if c.IsCastling() && c.KingTo() == m.To() {
			return true
		}
	}
	return false
}

// rookMayStillCastle reports whether m moves a rook to the square it would
// take in a legal castling, so that castling may still follow.
func (e *Engine) rookMayStillCastle(m chess.Move) bool {
	for _, c := range e.t.legal {
		if c.IsCastling() && c.To() == m.From() && c.RookTo() == m.To() && !m.IsCastling() {
			return true
		}
	}
	return false
}

// castlingCommit: the king alone released on a castling square commits
// the player to castle on that side if legal, else to another king move
// (T7, T8, T4c).
func (e *Engine) castlingCommit(at int, pl [64]chess.Piece) ([]protocol.Ruling, []protocol.Ruling) {
	if !e.rules.TouchMove || e.t.commit != nil {
		return nil, nil
	}
	p := &e.t.start
	us := p.Turn()
	k := p.KingSquare(us)
	king := chess.NewPiece(us, chess.King)
	if pl[k] == king {
		return nil, nil
	}
	var dest chess.Square = chess.NoSquare
	for s := chess.A1; s <= chess.H8; s++ {
		if pl[s] == king {
			dest = s
		}
	}
	if dest == chess.NoSquare {
		return nil, nil
	}
	// The king moved two squares along its rank (or file, vertical castling).
	two := (dest.Rank() == k.Rank() && abs(dest.File()-k.File()) == 2) || (dest.File() == k.File() && abs(dest.Rank()-k.Rank()) == 2)
	if !two {
		return nil, nil
	}
	// A duty owed for another piece (the rook touched first, 4.4.2, or
	// any other piece, 4.3) stands: releasing the king binds to nothing
	// more, and a castling made then breaks that duty.
	if cur := e.current(); cur != nil && cur.rule != "any" && cur.sq != k {
		return nil, nil
	}
	var o *obligation
	for _, m := range e.t.legal {
		if m.IsCastling() && m.KingTo() == dest {
			o = &obligation{rule: "castle", sq: k, with: chess.NoSquare, side: castleSide(m), article: "4.7.2", allowed: []chess.Move{m},
				text: "released the king on " + dest.String() + ": must castle on that side", msg: DutyReleasedKing, args: map[string]string{"Sq": dest.String()}}
		}
	}
	if o == nil {
		var km []chess.Move
		for _, m := range e.t.legal {
			if m.From() == k {
				km = append(km, m)
			}
		}
		o = &obligation{rule: "king", sq: k, with: chess.NoSquare, article: "4.4.3", allowed: km,
			text: "attempted an illegal castling: must make another king move", msg: DutyIllegalCastling}
		if len(km) == 0 {
			o = &obligation{rule: "any", sq: chess.NoSquare, with: chess.NoSquare, article: "4.4.3", text: "attempted an illegal castling and the king cannot move: any legal move", msg: DutyIllegalCastlingAny}
		}
	}
	e.t.commit = o
	return []protocol.Ruling{o.ruling(at, us)}, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// makeMove records that the legal move m has been made (T7): checks it
// against the obligation and the promotion choice (T5), plays it in the
// game and ends the game if the laws end it.
func (e *Engine) makeMove(at int, by chess.Color, m chess.Move) ([]protocol.Ruling, []protocol.Ruling) {
	p := &e.t.start
	var out []protocol.Ruling
	bad := ""
	article := ""
	var why detail
	if o := e.current(); !o.permits(m) {
		article = o.article
		bad = fmt.Sprintf("%s but moved %s", o.text, p.SAN(m))
		why = detail{msg: MsgBrokeDuty, rule: o.rule, sq: o.sq, with: o.with, side: o.side, san: p.SAN(m), duty: o.msg, args: o.args}
		if o.rule == "move" && o.san == "" {
			bad = fmt.Sprintf("touched %s first but moved %s", pieceSq(p.PieceAt(o.sq), o.sq), pieceSq(p.PieceAt(m.From()), m.From()))
			why = detail{msg: MsgMovedOther, sq: o.sq, piece: p.PieceAt(o.sq).Type(), other: p.PieceAt(m.From()).Type(), from: m.From(), with: chess.NoSquare, san: p.SAN(m)}
			if m.IsCastling() {
				bad = fmt.Sprintf("touched %s first but castled (%s)", pieceSq(p.PieceAt(o.sq), o.sq), p.SAN(m))
				why = detail{msg: MsgCastledOther, sq: o.sq, piece: p.PieceAt(o.sq).Type(), from: chess.NoSquare, with: chess.NoSquare, san: p.SAN(m)}
			}
		}
	}
	if first, ok := e.t.promoAt(m.To()); ok && m.Promotion() != chess.NoPieceType && first != m.Promotion() && bad == "" {
		article = "4.4.4"
		bad = fmt.Sprintf("the %s touched %s first, so the promotion to it was final, but promoted to a %s", first, m.To(), m.Promotion())
		why = detail{msg: MsgPromotedOther, sq: m.To(), piece: first, other: m.Promotion(), from: chess.NoSquare, with: chess.NoSquare}
	}
	if bad != "" && e.enforce {
		return nil, e.refuseViolation(at, article, bad, why)
	}
	san := p.SAN(m)
	if err := e.g.Play(m); err != nil {
		return nil, e.failWith(at, err)
	}
	e.t.made, e.t.madeAt = m, at
	ply := e.g.Ply()
	out = append(out, protocol.Ruling{At: at, Kind: protocol.KindMove, By: by.String(), SAN: san, UCI: p.UCI(m), Ply: ply, FEN: e.g.Position().FEN()})
	if bad != "" {
		out = append(out, e.record(at, by, article, bad, why)...)
		if e.g.Ply() != ply {
			return out, nil // the arbiter took it back at once (T10)
		}
	} else if o, ok := e.g.Outcome(); ok {
		// 5.1.1, 5.2: the move ends the game at once if it mates,
		// stalemates or leaves a dead position (and 9.6).
		return append(out, e.end(at, o)...), nil
	}
	e.handOver(by)
	return out, nil
}

// handOver: by's move is made, so the opponent has the move (T11, 1.3);
// by's turn waits for his clock press. A press by the opponent still owed
// is now out of reach of any change: his move counts as completed, and he
// may still press (6.2.2). An illegal move of the opponent's that nobody
// claimed is one move nearer to standing for good.
func (e *Engine) handOver(by chess.Color) {
	if e.done != nil {
		e.late[e.done.start.Turn()] = true
	}
	if s := e.standing; s != nil && s.by != by {
		if s.left--; s.left <= 0 {
			e.standing = nil // unclaimed, the illegal move stands for good
		}
	}
	d := e.t.clone()
	d.tampered = false
	e.done = &d
	e.late[by] = false
	e.beginTurn()
}

// record registers an Article 4 violation, claimable by the opponent
// until he touches a piece (T9). Where the arbiter acts without a claim,
// the claim is granted at once (T10).
func (e *Engine) record(at int, by chess.Color, article, text string, why detail) []protocol.Ruling {
	e.viols = append(e.viols, protocol.ViolationRef{At: at, By: by.String(), Article: article})
	out := []protocol.Ruling{why.ruling(protocol.Ruling{At: at, Kind: protocol.KindViolation, By: by.String(), Article: article, Text: text})}
	if e.t.made != chess.NoMove {
		e.claim = &violation{at: at, by: by, article: article, ply: e.g.Ply() - 1, touched: append([]contact(nil), e.t.touched...), duty: e.current()}
		e.lostClaim[by.Other()] = false
	}
	if e.rules.ArbiterActsWithoutClaim && e.claim != nil {
		out = append(out, e.grantTouchClaim(at, by.Other())...)
	}
	return out
}

// violate records a violation that is not tied to a move (4.2.1).
func (e *Engine) violate(at int, by chess.Color, article, text string, why detail) []protocol.Ruling {
	if e.enforce {
		return e.refuseViolation(at, article, text, why)
	}
	e.viols = append(e.viols, protocol.ViolationRef{At: at, By: by.String(), Article: article})
	return []protocol.Ruling{why.ruling(protocol.Ruling{At: at, Kind: protocol.KindViolation, By: by.String(), Article: article, Text: text})}
}

// afterEnd answers an action made once the game has a result: what the
// hands do at a board after the end (the press that stops the clock after
// mate, the pieces set up again, a knock) happened and is recorded, and
// it changes nothing.
func (e *Engine) afterEnd(at int, a protocol.Action) []protocol.Ruling {
	return []protocol.Ruling{{At: at, Kind: protocol.KindAfterEnd, By: a.By, Result: e.result.Result, Reason: e.result.Reason,
		Text: "the game is over (" + e.result.Result + ", " + e.result.Reason + "): this changes nothing", Msg: MsgAfterEndOver}}
}

// fail answers an action that cannot happen; nothing changes.
func (e *Engine) fail(at int, msg string) []protocol.Ruling {
	e.errors++
	return []protocol.Ruling{{At: at, Kind: protocol.KindError, Error: msg}}
}

// end records the end of the game.
func (e *Engine) end(at int, o game.Outcome) []protocol.Ruling {
	e.over = true
	e.result = resultRuling(at, o)
	return []protocol.Ruling{e.result}
}

func resultRuling(at int, o game.Outcome) protocol.Ruling {
	return protocol.Ruling{At: at, Kind: protocol.KindResult, Result: o.Result, Reason: string(o.Reason), Article: o.Article}
}

// Summary returns the state of the game as protocol.md defines it.
func (e *Engine) Summary() protocol.Summary {
	s := protocol.Summary{Moves: e.g.SANs(), FEN: e.g.Position().FEN(), Result: "*", Violations: e.viols,
		Illegal: protocol.IllegalCount{White: e.illegal[chess.White], Black: e.illegal[chess.Black]}, Errors: e.errors}
	if s.Violations == nil {
		s.Violations = []protocol.ViolationRef{}
	}
	if e.over {
		s.Result, s.Reason = e.result.Result, e.result.Reason
	}
	if x, ok := e.Clock(); ok {
		s.Clock = &x
	}
	return s
}

// knock is a piece knocked over by accident (4.2.2) and not yet set right
// (7.4), with the colour of the hand that knocked it: it lies at sq, and
// belongs on home (the same square when it was knocked over where it
// stood; another when it was displaced, 7.4.1).
type knock struct {
	sq    chess.Square
	home  chess.Square
	piece chess.Piece
	by    chess.Color
}

// setKnocked records that by knocked the piece pc lying on sq onto to
// (to == sq: knocked over where it stands). A piece knocked again keeps
// its home.
func (e *Engine) setKnocked(sq, to chess.Square, pc chess.Piece, by chess.Color) {
	home := sq
	for _, k := range e.knocked {
		if k.sq == sq {
			home = k.home
		}
	}
	e.unknock(sq)
	e.knocked = append(e.knocked, knock{sq: to, home: home, piece: pc, by: by})
}

func (e *Engine) knockedBy(sq chess.Square, by chess.Color) bool {
	for _, k := range e.knocked {
		if k.sq == sq && k.by == by {
			return true
		}
	}
	return false
}

// unknock forgets the knocked piece lying on sq and returns its home
// (sq itself when none lies there).
func (e *Engine) unknock(sq chess.Square) chess.Square {
	for i, k := range e.knocked {
		if k.sq == sq {
			e.knocked = append(e.knocked[:i:i], e.knocked[i+1:]...)
			return k.home
		}
	}
	return sq
}

// displaced reports whether a piece by knocked lies away from its square.
func (e *Engine) displaced(by chess.Color) bool {
	for _, k := range e.knocked {
		if k.sq != k.home && k.by == by {
			return true
		}
	}
	return false
}

// corrected returns the placement pl with the displaced pieces back on
// their squares: what the hands made of the board, the accidents aside
// (4.2.2). A move is recognised on it.
func (e *Engine) corrected(pl [64]chess.Piece) [64]chess.Piece {
	for _, k := range e.knocked {
		if k.sq != k.home && pl[k.sq] == k.piece && pl[k.home] == chess.NoPiece {
			pl[k.home], pl[k.sq] = k.piece, chess.NoPiece
		}
	}
	return pl
}

// redisplace puts the displaced pieces where they lie again after the
// physical board was set to a position: displacing a piece changes no
// position, and it lies there until set right. A piece whose square the
// position has emptied is forgotten.
func (e *Engine) redisplace() {
	keep := e.knocked[:0]
	for _, k := range e.knocked {
		if k.sq == k.home {
			keep = append(keep, k)
			continue
		}
		if e.phys.sq[k.home].piece == k.piece && e.phys.sq[k.sq].piece == chess.NoPiece {
			e.phys.sq[k.sq], e.phys.sq[k.home] = e.phys.sq[k.home], man{origin: chess.NoSquare}
			keep = append(keep, k)
		}
	}
	e.knocked = keep
}

// reinstateDisplaced rules at by's press that completes his move while
// pieces he knocked onto other squares were not set right (7.4.1: in his
// own time, which ends with the press): the position is reinstated (7.6),
// each piece put back on its square, and the arbiter may penalise him
// (7.4.3). Pieces the opponent displaced are his to set right in his own
// time, which the press starts.
func (e *Engine) reinstateDisplaced(at int, by chess.Color) []protocol.Ruling {
	var out []protocol.Ruling
	keep := e.knocked[:0]
	for _, k := range e.knocked {
		if k.sq == k.home || k.by != by {
			keep = append(keep, k)
			continue
		}
		if e.phys.sq[k.sq].piece == k.piece && e.phys.sq[k.home].piece == chess.NoPiece {
			e.phys.sq[k.home], e.phys.sq[k.sq] = e.phys.sq[k.sq], man{origin: chess.NoSquare}
		}
		out = append(out, protocol.Ruling{At: at, Kind: protocol.KindIrregularity, By: k.by.String(), Article: "7.6", FEN: e.g.Position().FEN(),
			Text: fmt.Sprintf("the %s knocked from %s onto %s by %s and not set right is put back on %s: the position is reinstated (7.6); %s was to set it right in his own time (7.4.1), and the arbiter may penalise him (7.4.3)",
				k.piece.Type(), k.home, k.sq, k.by, k.home, k.by),
			Msg: MsgDisplaced, Args: map[string]string{"Piece": letter(k.piece), "From": k.home.String(), "To": k.sq.String(), "Side": k.by.String()}})
	}
	e.knocked = keep
	return out
}

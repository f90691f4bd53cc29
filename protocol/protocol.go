package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Start sets up a game; it is the optional first line of an action stream.
// Every field is optional.
type Start struct {
	FEN      string `json:"fen,omitempty"`   // FEN, X-FEN or Shredder-FEN; default the initial position
	Rules    string `json:"rules,omitempty"` // rule set name; default "fide"
	Chess960 bool   `json:"chess960,omitempty"`
	Clock    *Clock `json:"clock,omitempty"`
	// Supervision is the event's regime for rapid and blitz: "full" (one
	// arbiter for at most three rapid games, one for each blitz game: the
	// Competition Rules apply, A.4, B.2) or "partial" (A.5, B.3), the
	// default. Standard play is always fully supervised.
	Supervision string `json:"supervision,omitempty"`
	// Variations names the rule variations the event announced, by
	// number, separated by spaces or commas (US Chess "11H1": the director
	// is a witness only). A string, not a list, so that a Start stays
	// comparable.
	Variations string `json:"variations,omitempty"`
	// VisuallyDisabled marks the player, or players, with a visual
	// disability who play under Appendix D: "white", "black" or "both".
	// For such a player a piece is touched when taken out of its securing
	// hole (his lift, not his touch, D.2.2), and a move is also made when
	// announced (D.2.3.3).
	VisuallyDisabled string `json:"visually_disabled,omitempty"`
}

// VariationList returns the names in Variations, in order.
func (s Start) VariationList() []string {
	return strings.FieldsFunc(s.Variations, func(r rune) bool { return r == ' ' || r == ',' })
}

// Clock is a time control, in seconds (laws K1).
type Clock struct {
	White int `json:"white"` // White's initial time
	Black int `json:"black"` // Black's initial time
	// Increment is the Fischer increment, added at each press that
	// completes a move, from move 1.
	Increment int `json:"increment,omitempty"`
	// Periods add time after a number of moves (FIDE classical: 40 moves,
	// then 30 minutes more).
	Periods []Period `json:"periods,omitempty"`
	// Delay, with DelayMode "us" (the clock stands still for the first
	// Delay seconds of each turn) or "bronstein" (the time used, at most
	// Delay, is given back at the press).
	Delay     int    `json:"delay,omitempty"`
	DelayMode string `json:"delay_mode,omitempty"`
}

// MaxT bounds an action's t: 2^53-1 milliseconds, the largest integer a
// JSON reader in JavaScript holds exactly.
const MaxT = 1<<53 - 1

// The bounds of a Clock's figures: any time (initial, increment, delay,
// period) at most MaxClockSeconds, a period at most MaxPeriodMoves moves
// into the game, at most MaxPeriods periods. They are far beyond any time
// control played, and keep the clocks' arithmetic in milliseconds exact.
const (
	MaxClockSeconds = 1_000_000 // about 11.5 days
	MaxPeriodMoves  = 10_000
	MaxPeriods      = 100
)

// Check reports what is wrong with a start line that the engine does not
// judge itself (its clock: Clock.Check), or nil. The position and the
// rules are the engine's to read.
func (s Start) Check() error {
	switch s.VisuallyDisabled {
	case "", "white", "black", "both":
	default:
		return fmt.Errorf("visually_disabled must be \"white\", \"black\" or \"both\", not %q", s.VisuallyDisabled)
	}
	switch s.Supervision {
	case "", SupervisionFull, SupervisionPartial:
	default:
		return fmt.Errorf("supervision must be %q or %q, not %q", SupervisionFull, SupervisionPartial, s.Supervision)
	}
	if len(s.Variations) > MaxVariations*8 {
		return fmt.Errorf("variations: at most %d names of rule numbers, not %d characters", MaxVariations, len(s.Variations))
	}
	vs := s.VariationList()
	if len(vs) > MaxVariations {
		return fmt.Errorf("at most %d variations, not %d", MaxVariations, len(vs))
	}
	if s.Clock != nil {
		return s.Clock.Check()
	}
	return nil
}

// The values of Start.Supervision.
const (
	SupervisionFull    = "full"
	SupervisionPartial = "partial"
)

// MaxVariations bounds the number of names in Start.Variations.
const MaxVariations = 16

// Check reports what is wrong with a time control, or nil: a negative or
// too large time, a delay without its mode or an unknown mode, periods out
// of order (each must come after more moves than the one before).
func (c Clock) Check() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"white", c.White}, {"black", c.Black}, {"increment", c.Increment}, {"delay", c.Delay}} {
		if f.v < 0 || f.v > MaxClockSeconds {
			return fmt.Errorf("clock: %s must be 0 to %d seconds, not %d", f.name, MaxClockSeconds, f.v)
		}
	}
	switch c.DelayMode {
	case "":
		if c.Delay > 0 {
			return fmt.Errorf("clock: a delay needs its delay_mode, %q or %q", DelayUS, DelayBronstein)
		}
	case DelayUS, DelayBronstein:
	default:
		return fmt.Errorf("clock: delay_mode must be %q or %q, not %q", DelayUS, DelayBronstein, c.DelayMode)
	}
	if len(c.Periods) > MaxPeriods {
		return fmt.Errorf("clock: %d periods, at most %d", len(c.Periods), MaxPeriods)
	}
	last := 0
	for i, p := range c.Periods {
		if p.Moves <= last || p.Moves > MaxPeriodMoves {
			return fmt.Errorf("clock: period %d must come after move %d and at most at move %d, not at %d", i+1, last, MaxPeriodMoves, p.Moves)
		}
		if p.Add < 0 || p.Add > MaxClockSeconds {
			return fmt.Errorf("clock: period %d must add 0 to %d seconds, not %d", i+1, MaxClockSeconds, p.Add)
		}
		last = p.Moves
	}
	return nil
}

// Period is time added to a player's clock once he has completed move
// Moves.
type Period struct {
	Moves int `json:"moves"`
	Add   int `json:"add"` // seconds
}

// The values of Clock.DelayMode.
const (
	DelayUS        = "us"
	DelayBronstein = "bronstein"
)

// Times is what both clocks show, in milliseconds.
type Times struct {
	White int64 `json:"white"`
	Black int64 `json:"black"`
}

// Action is one thing a hand or a player did at the board.
type Action struct {
	By  string `json:"by"`           // "white", "black", or "arbiter" for the arbiter's own acts
	Act string `json:"act"`          // one of the Act constants
	Sq  string `json:"sq,omitempty"` // a square, "a1".."h8"
	// Piece is, with put, the piece set on the board: "Q", "R", "B", "N"
	// for a promotion, or "K", "R" for the mover's own king or rook taken
	// off the board this turn; with place, drop and release, which of the
	// two pieces a hand holds ("K", "R", ...).
	Piece string `json:"piece,omitempty"`
	// Colour is, with put, the colour of the new piece when it is not the
	// player's own: a promotion to a piece of the wrong colour, an illegal
	// move that can be made (3.7.3.3, 7.5.1).
	Colour string `json:"colour,omitempty"`
	Hand   string `json:"hand,omitempty"` // "left" or "right" (default right)
	T      *int64 `json:"t,omitempty"`    // milliseconds since the start
	What   string `json:"what,omitempty"` // with claim: one of the Claim constants
	Move   string `json:"move,omitempty"` // with claim: the intended move, SAN or UCI
	Side   string `json:"side,omitempty"` // with flag by the arbiter: whose flag he observed
	// To is, with knock, the square the knocked piece fell onto (a piece
	// displaced, 7.4); without it the piece was knocked over where it
	// stands.
	To string `json:"to,omitempty"`
	// Times is what a physical clock (a DGT3000) showed at this action;
	// where present it is the clock of record (laws K5).
	Times *Times `json:"times,omitempty"`
	// TimePressure, with the arbiter's claim of an illegal move, states
	// that a player is in the last five minutes of a time control (US
	// Chess 11H: the director then does not correct it), where the
	// actions carry no t for the engine to tell from the clocks.
	TimePressure bool `json:"time_pressure,omitempty"`
	// Mirror marks a hand act (lift, place, release, drop, remove, put)
	// done on the other board of a game under Appendix D: repeating the
	// opponent's move there (D.2.1, D.2.10.1). It binds no one and changes
	// nothing on the board of record.
	Mirror bool `json:"mirror,omitempty"`
	// Seq is a client's sequence number (an extension for the server: it
	// makes posting an action idempotent). Zero means none.
	Seq int64 `json:"seq,omitempty"`
}

// The acts.
const (
	Touch       = "touch"
	Adjust      = "adjust"
	Lift        = "lift"
	Place       = "place"
	Release     = "release"
	Drop        = "drop"
	Remove      = "remove"
	Put         = "put"
	ClockPress  = "clock"
	Claim       = "claim"
	Resign      = "resign"
	OfferDraw   = "offer-draw"
	AcceptDraw  = "accept-draw"
	DeclineDraw = "decline-draw"
	Flag        = "flag"
	Knock       = "knock"
	// Pause, Resume and SetClock act on the clocks: the arbiter pauses
	// both (6.11.1) or a player does, to seek the arbiter's assistance
	// (6.11.2: for a claim, 9.5.1; displaced pieces, 7.4.2; a flag, A.5.3);
	// only the arbiter sets them going again (6.11.3) and sets what they
	// show (6.10.2) to the Times of the action.
	Pause    = "pause"
	Resume   = "resume"
	SetClock = "set-clock"
	// SetupError is the arbiter's finding, during the game, of an error
	// in setting the game up, named by What: the initial position was
	// incorrect (7.2.1), the board was placed contrary to 2.1 (7.2.2),
	// the game started with colours reversed (7.3).
	SetupError = "setup-error"
	// Announce is a player's announcement of his move, in Move (Appendix
	// D.2.1): for a visually disabled player it makes the move (D.2.3.3),
	// and a second one before his press corrects a slip of the tongue
	// (D.2.8).
	Announce = "announce"
	// BoardsDiffer reports that the two boards of a game under Appendix D
	// show different positions (D.2.9), for the arbiter to correct.
	BoardsDiffer = "boards-differ"
)

// What a setup-error is about (Action.What with SetupError).
const (
	SetupInitialPosition  = "initial-position"
	SetupBoardOrientation = "board-orientation"
	SetupColoursReversed  = "colours-reversed"
)

// ByArbiter is the author of the arbiter's own acts: a claim of an
// illegal move he observed, a flag he saw fall.
const ByArbiter = "arbiter"

// ByAssistant is the author of the acts of a visually disabled player's
// assistant (Appendix D.2.10; or the sighted player's, D.2.11), whose
// Side names the player he assists: he makes moves on the other board
// (hand acts, taken as mirror), announces moves, presses the clock for
// that player, reports a touch of the opponent's (touch) and claims the
// opponent's flag (flag).
const ByAssistant = "assistant"

// Acts lists every act, in the protocol page's order.
var Acts = []string{Touch, Adjust, Lift, Place, Release, Drop, Remove, Put, ClockPress, Claim, Resign, OfferDraw, AcceptDraw, DeclineDraw, Flag, Knock, Pause, Resume, SetClock,
	SetupError, Announce, BoardsDiffer}

// What a claim is about.
const (
	ClaimTouchMove    = "touch-move"
	ClaimIllegalMove  = "illegal-move"
	ClaimThreefold    = "threefold"
	ClaimFifty        = "fifty"
	ClaimDeadPosition = "dead-position"
)

// Line is one input line: either a start line or an action.
type Line struct {
	Start  *Start
	Action Action
}

// ParseLine reads one JSON Lines input line and checks that it is a
// well-formed start line or action: known act, colour, square, hand, piece
// and claim. Unknown fields are ignored. The error says what is wrong.
// Whether the action can physically happen is for the engine to decide.
func ParseLine(b []byte) (Line, error) {
	b = bytes.TrimSpace(b)
	var raw struct {
		Start *Start `json:"start"`
		Action
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return Line{}, fmt.Errorf("not a JSON object: %v", err)
	}
	if raw.Start != nil {
		if err := raw.Start.Check(); err != nil {
			return Line{}, err
		}
		return Line{Start: raw.Start}, nil
	}
	return Line{Action: raw.Action}, raw.Action.Check()
}

// Check reports what is malformed in an action, or nil.
func (a Action) Check() error {
	if a.By != "white" && a.By != "black" && a.By != ByArbiter && a.By != ByAssistant {
		return fmt.Errorf("by must be \"white\", \"black\", \"arbiter\" or \"assistant\", not %q", a.By)
	}
	known := false
	for _, k := range Acts {
		known = known || a.Act == k
	}
	if !known {
		return fmt.Errorf("unknown act %q", a.Act)
	}
	if a.Hand != "" && a.Hand != "left" && a.Hand != "right" {
		return fmt.Errorf("hand must be \"left\" or \"right\", not %q", a.Hand)
	}
	if a.T != nil && (*a.T < 0 || *a.T > MaxT) {
		return fmt.Errorf("t must be 0 to %d milliseconds, not %d", int64(MaxT), *a.T)
	}
	if x := a.Times; x != nil {
		for _, v := range []int64{x.White, x.Black} {
			if v < 0 || v > MaxClockSeconds*1000 {
				return fmt.Errorf("times must be 0 to %d milliseconds, not %d", MaxClockSeconds*1000, v)
			}
		}
	}
	switch a.Act {
	case Touch, Adjust, Lift, Place, Drop, Remove, Put, Knock:
		if !ValidSquare(a.Sq) {
			return fmt.Errorf("%s needs a square a1..h8 in sq, not %q", a.Act, a.Sq)
		}
	}
	if a.To != "" && (a.Act != Knock || !ValidSquare(a.To)) {
		return fmt.Errorf("to goes with knock only, and names a square a1..h8, not %q", a.To)
	}
	if a.Colour != "" && (a.Act != Put || (a.Colour != "white" && a.Colour != "black")) {
		return fmt.Errorf("colour goes with put only, and is \"white\" or \"black\", not %q", a.Colour)
	}
	switch a.Act {
	case Put:
		switch a.Piece {
		case "Q", "R", "B", "N", "K", "P":
		default:
			return fmt.Errorf("put needs piece Q, R, B, N, K or P, not %q", a.Piece)
		}
	case Place, Drop, Release:
		switch a.Piece {
		case "", "K", "Q", "R", "B", "N", "P":
		default:
			return fmt.Errorf("piece must name a held piece: K, Q, R, B, N or P, not %q", a.Piece)
		}
	}
	if a.By == ByArbiter {
		switch {
		case a.Act == Flag:
			if a.Side != "white" && a.Side != "black" {
				return fmt.Errorf("a flag by the arbiter needs side \"white\" or \"black\", not %q", a.Side)
			}
		case a.Act == Claim && a.What == ClaimIllegalMove:
		case a.Act == Pause || a.Act == Resume:
		case a.Act == SetClock:
			if a.Times == nil {
				return fmt.Errorf("set-clock needs times {\"white\": ms, \"black\": ms}")
			}
		case a.Act == BoardsDiffer:
		case a.Act == SetupError:
			switch a.What {
			case SetupInitialPosition, SetupBoardOrientation, SetupColoursReversed:
			default:
				return fmt.Errorf("setup-error needs what: initial-position, board-orientation or colours-reversed, not %q", a.What)
			}
		default:
			return fmt.Errorf("the arbiter may claim an illegal move, observe a flag (flag with side), pause, resume, set-clock, report a setup-error or boards that differ, not %s %s", a.Act, a.What)
		}
	} else if a.Act == Resume || a.Act == SetClock || a.Act == SetupError {
		return fmt.Errorf("%s is the arbiter's act (by \"arbiter\"; a player may only pause, 6.11.2)", a.Act)
	}
	if a.By == ByAssistant {
		if a.Side != "white" && a.Side != "black" {
			return fmt.Errorf("an assistant's act needs side, the player he assists: \"white\" or \"black\", not %q", a.Side)
		}
		switch a.Act {
		case ClockPress, Touch, Flag, Announce, BoardsDiffer, Lift, Place, Release, Drop, Remove, Put:
		default:
			return fmt.Errorf("an assistant may move pieces on the other board, announce, press the clock, report a touch, claim a flag or report boards that differ (D.2.10), not %s", a.Act)
		}
	}
	if a.Mirror {
		switch a.Act {
		case Lift, Place, Release, Drop, Remove, Put:
		default:
			return fmt.Errorf("mirror goes with a hand act on the other board (lift, place, release, drop, remove, put), not %s", a.Act)
		}
		if a.By == ByArbiter {
			return fmt.Errorf("mirror goes with a player's or an assistant's hand")
		}
	}
	if a.Act == Announce {
		if a.By == ByArbiter {
			return fmt.Errorf("announce is a player's act (or his assistant's)")
		}
		if a.Move == "" || len(a.Move) > 16 {
			return fmt.Errorf("announce needs the move, in SAN or UCI, in move")
		}
	}
	if a.TimePressure && (a.By != ByArbiter || a.Act != Claim) {
		return fmt.Errorf("time_pressure goes with the arbiter's claim only")
	}
	if a.Act == Claim {
		switch a.What {
		case ClaimTouchMove, ClaimIllegalMove, ClaimThreefold, ClaimFifty, ClaimDeadPosition:
		default:
			return fmt.Errorf("claim needs what: touch-move, illegal-move, threefold, fifty or dead-position, not %q", a.What)
		}
	}
	return nil
}

// HandName returns the hand of the action, "right" when not given.
func (a Action) HandName() string {
	if a.Hand == "" {
		return "right"
	}
	return a.Hand
}

// ValidSquare reports whether s names a square, "a1".."h8".
func ValidSquare(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}

// Ruling is one conclusion of the arbiter. Kind says which fields are set.
type Ruling struct {
	At      int    `json:"at"`   // the 1-based input line that caused it
	Kind    string `json:"kind"` // one of the Kind constants
	By      string `json:"by,omitempty"`
	Rule    string `json:"rule,omitempty"` // with must: move, capture, castle, king, any
	Sq      string `json:"sq,omitempty"`
	With    string `json:"with,omitempty"`
	Side    string `json:"side,omitempty"` // with must castle: "king" or "queen" side
	What    string `json:"what,omitempty"` // with claim
	Granted *bool  `json:"granted,omitempty"`
	SAN     string `json:"san,omitempty"`
	UCI     string `json:"uci,omitempty"`
	Ply     int    `json:"ply,omitempty"`
	Article string `json:"article,omitempty"`
	Text    string `json:"text,omitempty"`
	Count   int    `json:"count,omitempty"`
	Bonus   *Bonus `json:"bonus,omitempty"`
	Result  string `json:"result,omitempty"`
	Reason  string `json:"reason,omitempty"`
	FEN     string `json:"fen,omitempty"`
	Error   string `json:"error,omitempty"`
	// White, Black and Runs are set with kind time: the milliseconds left
	// on each clock, and whose clock now runs ("" when both stand).
	White *int64  `json:"white,omitempty"`
	Black *int64  `json:"black,omitempty"`
	Runs  *string `json:"runs,omitempty"`
	// Msg is the ruling's message id in the catalogues of the lang
	// package: with the ruling's fields as its parameters, any reader
	// renders the ruling in his language (Text stays, in English or in
	// the language asked). Msg and Piece, Other and From are set by the
	// touch engine; the rest of the parameters are the fields above.
	Msg string `json:"msg,omitempty"`
	// Piece and Other are piece letters (K, Q, R, B, N, P): with a
	// violation, the piece touched first (on Sq) and the piece moved
	// instead (from From), or the promotion piece chosen first and the
	// one promoted to; with an adjustment, the piece adjusted.
	Piece string `json:"piece,omitempty"`
	Other string `json:"other,omitempty"`
	From  string `json:"from,omitempty"`
	// Duty is, with violation.broke-duty, the message id of the
	// obligation broken (a duty.* id): its parameters are the ruling's
	// Piece (on Sq), Other (on With) and Args.
	Duty string `json:"duty,omitempty"`
	// Board is what the board showed, with a message that says it (an
	// illegal move read from the board, an illegal position): the
	// pieces that changed square, left the board or came onto it.
	Board []Change `json:"board,omitempty"`
	// Args are the parameters of Msg that no field above carries, by
	// the catalogues' names: squares (Sq, To), moves in SAN or as a
	// score sheet notes them with English piece letters (Move, Note,
	// Moves, Owed: a reader writes them in his language's letters), a
	// side (Side, Opp: "white", "black"), numbers (N, White, Black), and
	// codes a catalogue names (Found: "pawn" or "kings", with FoundSq).
	Args map[string]string `json:"args,omitempty"`
}

// Change is one square's change on a board read after an illegal move:
// the piece (a letter, K Q R B N P) moved From To, left the board (From
// only) or came onto it (To only). Colour is set, "white" or "black", for
// a piece of the other side than the one that moved.
type Change struct {
	Piece  string `json:"piece"`
	Colour string `json:"colour,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
}

// Bonus is time added to a player's clock.
type Bonus struct {
	To      string `json:"to"`
	Seconds int    `json:"seconds"`
}

// The kinds of ruling.
const (
	KindMust      = "must"
	KindMove      = "move"
	KindViolation = "violation"
	KindIllegal   = "illegal"
	KindClaim     = "claim"
	KindResult    = "result"
	KindError     = "error"
	KindTime      = "time"
	// KindAfterEnd answers an action made after the result: it is
	// recorded (the hands go on at a board after mate: a press to stop
	// the clock, the pieces set up again) and changes nothing. Its
	// Result and Reason are the result in force.
	KindAfterEnd = "after-end"
	// KindIrregularity records an irregularity of Article 7 or Appendix
	// D found on the board, and what follows from it: an illegal position
	// the arbiter waits on (A.5.4), displaced pieces set back (7.6), a
	// set-up error found (7.2, 7.3), two boards that differ (D.2.9). Its
	// Article names the rule and Text what was found and done; By is the
	// player concerned, where there is one; FEN is the position of the
	// game record where it matters.
	KindIrregularity = "irregularity"
)

// Summary is the state of a game after a stream of actions, printed by
// "arbiter replay --summary".
type Summary struct {
	Moves      []string       `json:"moves"`
	FEN        string         `json:"fen"`
	Result     string         `json:"result"`
	Reason     string         `json:"reason"`
	Violations []ViolationRef `json:"violations"`
	Illegal    IllegalCount   `json:"illegal"`
	Errors     int            `json:"errors"`
	// Clock is the time left on each clock at the last action, when the
	// game has a clock and its actions carry t.
	Clock *Times `json:"clock,omitempty"`
}

// ViolationRef names a recorded Article 4 violation.
type ViolationRef struct {
	At      int    `json:"at"`
	By      string `json:"by"`
	Article string `json:"article"`
}

// IllegalCount is the number of completed illegal moves of each player.
type IllegalCount struct {
	White int `json:"white"`
	Black int `json:"black"`
}

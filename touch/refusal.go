package touch

import (
	"errors"
	"fmt"

	"github.com/arbiterchess/arbiter/protocol"
)

// The messages of the error rulings: an action that cannot happen on the
// board or in the game as it stands, refused with nothing changed. Their
// parameters are the ruling's Args: Sq, To (squares), Hand ("left",
// "right"), Side, Opp, Colour ("white", "black"), Piece, Other (piece
// letters, named in words), First, Second, Letter (piece letters as the
// protocol's piece field takes them), Act (an act of the protocol),
// Article, Move, Old (moves), Left (a clock's time), Rules (a rule set's
// name), Variations, and Why: the message of the refusal or of the
// violation inside this one (a rule set that enforces the rules refuses
// the violation), said with the same parameters and the ruling's fields.
const (
	ErrHeldOtherHand     = "error.held-other-hand"
	ErrHandFull          = "error.hand-full"
	ErrNoPieceTo         = "error.no-piece-to"
	ErrHandEmpty         = "error.hand-empty"
	ErrHandEmptyRelease  = "error.hand-empty-release"
	ErrNothingToPlace    = "error.nothing-to-place"
	ErrHandHoldsTwo      = "error.hand-holds-two"
	ErrHandNoPiece       = "error.hand-no-piece"
	ErrOccupied          = "error.occupied"
	ErrNoKingOff         = "error.no-king-off"
	ErrPutNotPromotion   = "error.put-not-promotion"
	ErrNoDrawOffer       = "error.no-draw-offer"
	ErrNoDrawOfferDecl   = "error.no-draw-offer-decline"
	ErrDrawTooEarly      = "error.draw-too-early"
	ErrHeldNoKnock       = "error.held-no-knock"
	ErrKnockOccupied     = "error.knock-occupied"
	ErrNotRunning        = "error.clock-not-running"
	ErrNotYourMove       = "error.not-your-move"
	ErrMoveMade          = "error.move-made"
	ErrOneHand           = "error.one-hand"
	ErrKnockedBack       = "error.knocked-back"
	ErrRefusedViolation  = "error.refused-violation"
	ErrLimboStands       = "error.limbo-stands"
	ErrLimboOpponent     = "error.limbo-opponent"
	ErrPressNoMove       = "error.press-no-move"
	ErrPressUnpromoted   = "error.press-unpromoted"
	ErrPressNotLegal     = "error.press-not-legal"
	ErrFlagNotFallen     = "error.flag-not-fallen"
	ErrNoClock           = "error.no-clock"
	ErrPaused            = "error.paused"
	ErrNotPaused         = "error.not-paused"
	ErrArbiterNoIllegal  = "error.arbiter-no-illegal"
	ErrArbiterWitness    = "error.arbiter-no-illegal-witness"
	ErrArbiterActs       = "error.arbiter-acts"
	ErrNotVisually       = "error.not-visually-disabled"
	ErrCorrectMade       = "error.correct-made"
	ErrCorrectIllegal    = "error.correct-illegal"
	ErrAnnounceNotOnMove = "error.announce-not-on-move"
	ErrAnnounceIllegal   = "error.announce-illegal"
)

// Errors lists the messages of the error rulings.
var Errors = []string{ErrHeldOtherHand, ErrHandFull, ErrNoPieceTo, ErrHandEmpty, ErrHandEmptyRelease, ErrNothingToPlace, ErrHandHoldsTwo, ErrHandNoPiece, ErrOccupied,
	ErrNoKingOff, ErrPutNotPromotion, ErrNoDrawOffer, ErrNoDrawOfferDecl, ErrDrawTooEarly, ErrHeldNoKnock, ErrKnockOccupied,
	ErrNotRunning, ErrNotYourMove, ErrMoveMade, ErrOneHand, ErrKnockedBack, ErrRefusedViolation, ErrLimboStands, ErrLimboOpponent,
	ErrPressNoMove, ErrPressUnpromoted, ErrPressNotLegal, ErrFlagNotFallen, ErrNoClock, ErrPaused, ErrNotPaused,
	ErrArbiterNoIllegal, ErrArbiterWitness, ErrArbiterActs, ErrNotVisually, ErrCorrectMade, ErrCorrectIllegal, ErrAnnounceNotOnMove, ErrAnnounceIllegal}

// refusal is why an action cannot happen: its English words and its
// message.
type refusal struct {
	text string
	msg  string
	args map[string]string
}

// Error returns the English words.
func (r *refusal) Error() string { return r.text }

// refusef is a refusal with message msg and its parameters, in English as
// format says.
func refusef(msg string, args map[string]string, format string, a ...any) error {
	return &refusal{text: fmt.Sprintf(format, a...), msg: msg, args: args}
}

// failWith answers an action that cannot happen with an error ruling
// whose words are err's: with its message when it is a refusal.
func (e *Engine) failWith(at int, err error) []protocol.Ruling {
	rs := e.fail(at, err.Error())
	var r *refusal
	if errors.As(err, &r) {
		rs[0].Msg, rs[0].Args = r.msg, r.args
	}
	return rs
}

// failSay answers an action that cannot happen with an error ruling of
// message msg.
func (e *Engine) failSay(at int, msg string, args map[string]string, format string, a ...any) []protocol.Ruling {
	return e.failWith(at, refusef(msg, args, format, a...))
}

// refuseViolation answers, under rules that enforce themselves, an action
// that would break a rule of Article 4: refused, with the violation's
// words and fields.
func (e *Engine) refuseViolation(at int, article, text string, why detail) []protocol.Ruling {
	rs := e.fail(at, "refused ("+article+"): "+text)
	r := why.ruling(rs[0])
	args := map[string]string{"Article": article, "Why": r.Msg}
	for k, v := range r.Args {
		args[k] = v
	}
	r.Msg, r.Args = ErrRefusedViolation, args
	rs[0] = r
	return rs
}

package touch

import (
	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// Message ids: every ruling the engine gives has one, with its parameters
// in the ruling's fields, so that a reader renders it in his language from
// the catalogues of package lang. A ruling whose message is its kind's
// leaves Msg empty (its id is its Kind: must, move, illegal, ...); the
// touch-move violations that say what was done carry their own id.
const (
	// MsgMust is a must ruling; its Rule (move, capture, castle, king,
	// any), Sq, With, Side and SAN say the obligation.
	MsgMust = protocol.KindMust
	// MsgMove is a move made, in SAN.
	MsgMove = protocol.KindMove
	// MsgIllegal is an illegal move, the Count-th of its player, with
	// the Bonus given to the opponent.
	MsgIllegal = protocol.KindIllegal
	// MsgClaim is a claim (What), Granted or not; Text may say why.
	MsgClaim = protocol.KindClaim
	// MsgResult is the end of the game: Result and Reason.
	MsgResult = protocol.KindResult
	// MsgTime is the clocks: White, Black, Runs.
	MsgTime = protocol.KindTime
	// MsgAfterEnd is an act after the result: it changes nothing.
	MsgAfterEnd = protocol.KindAfterEnd
	// MsgIrregularity is an irregularity of Article 7 or Appendix D,
	// said in Text (English) under its Article.
	MsgIrregularity = protocol.KindIrregularity
	// MsgError is an action refused: Error says why (English).
	MsgError = protocol.KindError
	// MsgViolation is a violation said only in Text.
	MsgViolation = protocol.KindViolation

	// MsgMovedOther: the Piece on Sq touched first, the Other on From
	// moved (SAN).
	MsgMovedOther = "violation.moved-other"
	// MsgCastledOther: the Piece on Sq touched first, castled (SAN).
	MsgCastledOther = "violation.castled-other"
	// MsgPromotedOther: the Piece chosen first touched Sq, so the
	// promotion to it was final, but the pawn became the Other.
	MsgPromotedOther = "violation.promoted-other"
	// MsgBrokeDuty: the obligation (Rule, Sq, With, Side) broken by the
	// move SAN.
	MsgBrokeDuty = "violation.broke-duty"
	// MsgAdjusted: the Piece on Sq adjusted while the opponent had the
	// move.
	MsgAdjusted = "violation.adjusted"
	// MsgPressHand: the clock pressed with the other hand than the move's
	// (6.2.3).
	MsgPressHand = "violation.press-hand"
)

// Messages lists every message id the engine gives (the kinds' too).
var Messages = []string{MsgMust, MsgMove, MsgIllegal, MsgClaim, MsgResult, MsgTime, MsgAfterEnd, MsgIrregularity, MsgError, MsgViolation,
	MsgMovedOther, MsgCastledOther, MsgPromotedOther, MsgBrokeDuty, MsgAdjusted, MsgPressHand}

// detail is what a violation's message says besides its kind: the id and
// its parameters.
type detail struct {
	msg          string
	rule, side   string
	san          string
	sq, with     chess.Square
	from         chess.Square
	piece, other chess.PieceType
}

// ruling sets the message id and parameters of r.
func (d detail) ruling(r protocol.Ruling) protocol.Ruling {
	r.Msg = d.msg
	r.Rule, r.Side, r.SAN = d.rule, d.side, d.san
	if d.sq != chess.NoSquare {
		r.Sq = d.sq.String()
	}
	if d.with != chess.NoSquare {
		r.With = d.with.String()
	}
	if d.from != chess.NoSquare {
		r.From = d.from.String()
	}
	if d.piece != chess.NoPieceType {
		r.Piece = d.piece.Letter()
	}
	if d.other != chess.NoPieceType {
		r.Other = d.other.Letter()
	}
	return r
}

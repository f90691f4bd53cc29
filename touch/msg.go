package touch

import (
	"strconv"

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

// The messages of the rulings' texts beyond the violations above: each
// ruling whose Text the engine writes carries one of these in Msg, its
// parameters in the ruling's fields, Board and Args.
const (
	// MsgTwoHands: a legal castling, capture or promotion (Move) made
	// with two hands stands until claimed (Opp, Within) under
	// StandsArticle (7.5.4).
	MsgTwoHands = "violation.two-hands"

	// MsgPressNoMove: the clock pressed without a move (7.5.3).
	MsgPressNoMove = "illegal.press-no-move"
	// MsgUnpromoted: the pawn left unpromoted on Sq becomes a queen
	// (7.5.2).
	MsgUnpromoted = "illegal.unpromoted"
	// MsgBoardShowed: the board showed Board (7.5.1).
	MsgBoardShowed = "illegal.board-showed"
	// MsgPositionStood: the illegal position (Found) stood until
	// claimed; Note is the move (or Board what the board showed).
	MsgPositionStood = "illegal.position-stood"
	// MsgTwoHandsStands: the move made with two hands (Move) stands.
	MsgTwoHandsStands = "illegal.two-hands"
	// MsgTakenBack: the illegal move stood until claimed; Moves, from it
	// on, are taken back.
	MsgTakenBack = "illegal.taken-back"
	// MsgPressTakenBack: the press without a move stood until claimed
	// and is taken back, with Moves made since where there are any.
	MsgPressTakenBack     = "illegal.press-taken-back"
	MsgPressTakenBackWith = "illegal.press-taken-back-with"

	// MsgStands: the illegal move Note (English letters; none when no
	// single piece moved) stands unless Opp claims it (Within moves).
	MsgStands = "move.stands"
	// MsgStandsNoLegal: MsgStands, and the position left has no legal
	// move, which ends nothing.
	MsgStandsNoLegal = "move.stands-no-legal"
	// MsgPressStands: the press without a move stands unless claimed.
	MsgPressStands        = "move.press-stands"
	MsgPressStandsNoLegal = "move.press-stands-no-legal"
	// MsgHeldStands: the illegal move Note that left the position on
	// hold (Found) is unclaimed and stands (A.5.4).
	MsgHeldStands = "move.held-stands"
	// MsgHeldCleared: Side's move Note leaves no illegal position: the
	// game goes on (A.5.4).
	MsgHeldCleared = "move.held-cleared"

	// MsgClaimLost: the claimant touched a piece after the violation
	// (4.8).
	MsgClaimLost = "claimed.lost"
	// MsgClaimNothing: no violation of Article 4 can be claimed.
	MsgClaimNothing = "claimed.nothing"
	// MsgClaimMatePossible: a checkmate can still be reached (5.2.2).
	MsgClaimMatePossible = "claimed.mate-possible"
	// MsgClaimNotOnMove: only the player having the move may claim.
	MsgClaimNotOnMove = "claimed.not-on-move"
	// MsgClaimTouched: the claimant touched a piece on this move (9.4).
	MsgClaimTouched = "claimed.touched"
	// MsgClaimIntendedIllegal: the intended Move is not a legal move.
	MsgClaimIntendedIllegal = "claimed.intended-illegal"
	// MsgClaimRestored: Move was made and changed on the board; it is
	// restored and Side's press completes it (4.7).
	MsgClaimRestored = "claimed.restored"
	// MsgClaimQuiet: in the last N minutes the director does not correct
	// an illegal move he witnesses (US Chess 11H).
	MsgClaimQuiet = "claimed.quiet"
	// MsgClaimNoIllegal: no illegal move stands on the board.
	MsgClaimNoIllegal = "claimed.no-illegal"
	// MsgClaimNoIllegalOpp: no illegal move of the opponent's stands.
	MsgClaimNoIllegalOpp = "claimed.no-illegal-opp"

	// MsgAfterEndOver: the game is over (Result, Reason): the act
	// changes nothing.
	MsgAfterEndOver = "after-end.over"

	// MsgBoardsDiffer: the two boards differ (D.2.9).
	MsgBoardsDiffer = "irregularity.boards-differ"
	// MsgAnnouncedOther: Move announced, SAN made (D.2.1, D.2.9).
	MsgAnnouncedOther = "irregularity.announced-other"
	// MsgSlip: a slip of the tongue: SAN instead of Move (D.2.8).
	MsgSlip = "irregularity.slip"
	// MsgSetupTooLate: each player has made N moves: no claim of a
	// set-up error any more (A.5.1.2).
	MsgSetupTooLate = "irregularity.setup-too-late"
	// MsgSetupCancelled: the initial position was incorrect (7.2.1).
	MsgSetupCancelled = "irregularity.setup-cancelled"
	// MsgBoardTurned: the board was placed contrary to 2.1 (7.2.2).
	MsgBoardTurned = "irregularity.board-turned"
	// MsgColoursEarly: colours reversed, White and Black moves made, fewer
	// than ten each (7.3).
	MsgColoursEarly = "irregularity.colours-early"
	// MsgColoursLate: colours reversed, ten moves each or more (7.3).
	MsgColoursLate = "irregularity.colours-late"
	// MsgDisplaced: the Piece knocked From To by Side is put back (7.6).
	MsgDisplaced = "irregularity.displaced"
	// MsgHeld: Note leaves an illegal position (Found), held under A.5.4
	// until Opp's next move (Within, StandsArticle).
	MsgHeld = "irregularity.held"
	// MsgHeldDraw: Side's move is completed with an illegal position on
	// the board: a draw (A.5.4).
	MsgHeldDraw = "irregularity.held-draw"
)

// The obligations' messages (duty.*): what a broken obligation was, in a
// violation.broke-duty ruling's Duty, with its parameters in Args.
const (
	DutyIntended            = "duty.intended"         // Owed
	DutyReleasedPart        = "duty.released-part"    // Piece, Sq, To, Owed
	DutyReleasedKing        = "duty.released-king"    // Sq
	DutyIllegalCastling     = "duty.illegal-castling" //
	DutyIllegalCastlingAny  = "duty.illegal-castling-any"
	DutyKingThenRook        = "duty.king-then-rook"        // Sq
	DutyCastlingRookIllegal = "duty.castling-rook-illegal" // Sq
	DutyCastlingIllegalAny  = "duty.castling-illegal-any"
	DutyRookFirst           = "duty.rook-first"       // Sq
	DutyRookBeforeKing      = "duty.rook-before-king" // Sq
	DutyCaptureWith         = "duty.capture-with"     // Piece, Sq, Other, To
	DutyFirstMovable        = "duty.first-movable"    // Piece, Sq
	DutyFirstCapturable     = "duty.first-capturable" // Piece, Sq
	DutyNone                = "duty.none"
	DutyFirstMove           = "duty.first-move"    // Piece, Sq
	DutyFirstCapture        = "duty.first-capture" // Piece, Sq
	DutyReleasedAs          = "duty.released-as"   // Owed
)

// Messages lists every message id the engine gives (the kinds' too).
var Messages = []string{MsgMust, MsgMove, MsgIllegal, MsgClaim, MsgResult, MsgTime, MsgAfterEnd, MsgIrregularity, MsgError, MsgViolation,
	MsgMovedOther, MsgCastledOther, MsgPromotedOther, MsgBrokeDuty, MsgAdjusted, MsgPressHand,
	MsgTwoHands, MsgPressNoMove, MsgUnpromoted, MsgBoardShowed, MsgPositionStood, MsgTwoHandsStands, MsgTakenBack, MsgPressTakenBack, MsgPressTakenBackWith,
	MsgStands, MsgStandsNoLegal, MsgPressStands, MsgPressStandsNoLegal, MsgHeldStands, MsgHeldCleared,
	MsgClaimLost, MsgClaimNothing, MsgClaimMatePossible, MsgClaimNotOnMove, MsgClaimTouched, MsgClaimIntendedIllegal, MsgClaimRestored, MsgClaimQuiet, MsgClaimNoIllegal, MsgClaimNoIllegalOpp,
	MsgAfterEndOver, MsgBoardsDiffer, MsgAnnouncedOther, MsgSlip, MsgSetupTooLate, MsgSetupCancelled, MsgBoardTurned, MsgColoursEarly, MsgColoursLate, MsgDisplaced, MsgHeld, MsgHeldDraw,
	DutyIntended, DutyReleasedPart, DutyReleasedKing, DutyIllegalCastling, DutyIllegalCastlingAny, DutyKingThenRook, DutyCastlingRookIllegal, DutyCastlingIllegalAny,
	DutyRookFirst, DutyRookBeforeKing, DutyCaptureWith, DutyFirstMovable, DutyFirstCapturable, DutyNone, DutyFirstMove, DutyFirstCapture, DutyReleasedAs}

// detail is what a violation's message says besides its kind: the id and
// its parameters.
type detail struct {
	msg          string
	duty         string            // with MsgBrokeDuty: the obligation's message
	args         map[string]string // the message's other parameters
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
	r.Duty, r.Args = d.duty, d.args
	return r
}

// say gives r its message id and parameters.
func say(r protocol.Ruling, msg string, args map[string]string) protocol.Ruling {
	r.Msg, r.Args = msg, args
	return r
}

// letter is a piece's letter for a message's parameters ("" for none:
// "the piece").
func letter(pc chess.Piece) string {
	if pc == chess.NoPiece {
		return ""
	}
	return pc.Type().Letter()
}

// pieceArgs are the parameters of a touched piece: Piece on Sq.
func pieceArgs(c contact) map[string]string {
	return map[string]string{"Piece": letter(c.piece), "Sq": c.origin.String()}
}

// standsArgs add to args the parameters of the sentence that says how
// long an illegal move stands unclaimed: Opp, the side that may claim
// it, and Within, the number of his moves (standsText).
func (e *Engine) standsArgs(by chess.Color, args map[string]string) map[string]string {
	if args == nil {
		args = map[string]string{}
	}
	args["Opp"] = by.Other().String()
	args["Within"] = strconv.Itoa(max(e.rules.IllegalStandsAfter, 1))
	return args
}

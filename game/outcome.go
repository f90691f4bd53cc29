package game

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
)

// Results, as written in PGN and in the protocol's "result" field.
const (
	WhiteWins = "1-0"
	BlackWins = "0-1"
	Draw      = "1/2-1/2"
	// Unfinished is the PGN mark of a game without a result.
	Unfinished = "*"
)

// Reason says why a game ended. The values are the protocol's "reason"
// vocabulary (docs/protocol.md).
type Reason string

// The reasons a game ends.
const (
	Checkmate            Reason = "checkmate"                // 5.1.1
	Stalemate            Reason = "stalemate"                // 5.2.1
	DeadPosition         Reason = "dead-position"            // 5.2.2
	Fivefold             Reason = "fivefold"                 // 9.6.1
	SeventyFiveMoves     Reason = "seventy-five-moves"       // 9.6.2
	Threefold            Reason = "threefold"                // 9.2, on a claim
	FiftyMoves           Reason = "fifty-moves"              // 9.3, on a claim
	Resignation          Reason = "resignation"              // 5.1.2
	ResignationVsNoMate  Reason = "resignation-vs-no-mate"   // 5.1.2, the opponent cannot mate: a draw
	Agreement            Reason = "agreement"                // 5.2.3
	Time                 Reason = "time"                     // 6.9
	TimeVsNoMate         Reason = "time-vs-no-mate"          // 6.9, the opponent cannot mate
	IllegalMoves         Reason = "illegal-moves"            // 7.5.5
	IllegalMovesVsNoMate Reason = "illegal-moves-vs-no-mate" // 7.5.5, the opponent cannot mate
	IllegalPosition      Reason = "illegal-position"         // A.5.4: an illegal position still on the board after the next move
	Cancelled            Reason = "cancelled"                // 7.2.1, 7.3: no result; a new game is played
)

// Automatic reports whether the laws end the game with this reason without
// anyone claiming or agreeing (checkmate, stalemate, dead position, 9.6).
func (r Reason) Automatic() bool {
	switch r {
	case Checkmate, Stalemate, DeadPosition, Fivefold, SeventyFiveMoves:
		return true
	}
	return false
}

// Article returns the FIDE article that ends a game for this reason, or ""
// for an unknown reason.
func (r Reason) Article() string {
	switch r {
	case Checkmate:
		return "5.1.1"
	case Stalemate:
		return "5.2.1"
	case DeadPosition:
		return "5.2.2"
	case Fivefold:
		return "9.6.1"
	case SeventyFiveMoves:
		return "9.6.2"
	case Threefold:
		return "9.2"
	case FiftyMoves:
		return "9.3"
	case Resignation, ResignationVsNoMate:
		return "5.1.2"
	case Agreement:
		return "5.2.3"
	case Time, TimeVsNoMate:
		return "6.9"
	case IllegalMoves, IllegalMovesVsNoMate:
		return "7.5.5"
	case IllegalPosition:
		return "A.5.4"
	}
	return ""
}

// Outcome is how a game ended: the result, why, and the article of the
// FIDE Laws that decides it.
type Outcome struct {
	Result  string // WhiteWins, BlackWins or Draw
	Reason  Reason // protocol vocabulary
	Article string // FIDE article, such as "5.1.1" or "9.6.2"
	Ply     int    // the ply (half-move count from the start) at which the game ended
}

// Winner returns the colour that won, and false for a draw.
func (o Outcome) Winner() (chess.Color, bool) {
	switch o.Result {
	case WhiteWins:
		return chess.White, true
	case BlackWins:
		return chess.Black, true
	}
	return chess.White, false
}

// String returns a one-line description such as "1-0 checkmate (5.1.1)".
func (o Outcome) String() string {
	return fmt.Sprintf("%s %s (%s)", o.Result, o.Reason, o.Article)
}

// win returns the result string of a win by c.
func win(c chess.Color) string {
	if c == chess.White {
		return WhiteWins
	}
	return BlackWins
}

// outcome builds an Outcome with the article of its reason.
func outcome(result string, r Reason, ply int) Outcome {
	return Outcome{Result: result, Reason: r, Article: r.Article(), Ply: ply}
}

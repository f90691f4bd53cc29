// Package scoresheet writes the record of a game ruled by the touch
// engine, as the arbiter keeps it: the moves as they stand, and the
// arbiter's rulings (violations, illegal moves, claims, results) as PGN
// comments on the moves they concern.
//
// A ruling may concern a move that is no longer in the game: a move taken
// back by a granted touch-move claim, or the moves of an illegal move that
// the arbiter reinstated. Its comment then stands after the last move of
// the game that it follows, and says which move was played and taken
// back, so that no reader takes the next move for the one concerned.
//
// The server builds the PGN of its games with it, and "arbiter replay
// --pgn" the PGN of an action file.
package scoresheet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/protocol"
)

// A Sheet collects the rulings of a game action by action. The zero
// value is not ready: use New.
type Sheet struct {
	fullmove int      // the move number of the first ply
	black    bool     // the first ply is Black's
	line     []string // the moves as they stood after the last action
	notes    []note   // the comments, in order
}

// note is one comment and the line of moves it follows: the comment goes
// after the last of them, if the game still has them all.
type note struct {
	after []string
	text  string
}

// New starts the record of a game that starts from start.
func New(start *chess.Position) *Sheet {
	return &Sheet{fullmove: start.FullmoveNumber(), black: start.Turn() == chess.Black}
}

// Add records the rulings of one action; ply is the number of plies the
// game has after it (touch.Engine's Game().Ply()).
func (r *Sheet) Add(rulings []protocol.Ruling, ply int) {
	made := -1 // the ply of the move this action made, if any
	for _, x := range rulings {
		if x.Kind == protocol.KindMove && x.Ply >= 1 && x.Ply <= len(r.line)+1 {
			r.line = append(r.line[:x.Ply-1], x.SAN)
			made = x.Ply
		}
	}
	for _, x := range rulings {
		text := Comment(x)
		if text == "" {
			continue
		}
		at := min(ply, len(r.line))
		if x.Kind == protocol.KindViolation && made > 0 {
			at = made // the violation is the move made by this action
		}
		r.notes = append(r.notes, note{after: append([]string(nil), r.line[:at]...), text: text})
	}
	if ply >= 0 && ply < len(r.line) {
		r.line = r.line[:ply] // moves taken back
	}
}

// Annotate writes the comments into g, whose Moves are the game's moves
// as they stand (the engine's SANs, from the same start).
func (r *Sheet) Annotate(g *pgn.Game) {
	for _, n := range r.notes {
		k := 0
		for k < len(n.after) && k < len(g.Moves) && g.Moves[k].SAN == n.after[k] {
			k++
		}
		text := n.text
		if k < len(n.after) {
			text = r.takenBack(n.after[k:], k) + ": " + text
		}
		if k == 0 {
			g.Comments = append(g.Comments, text)
		} else {
			g.Moves[k-1].After = append(g.Moves[k-1].After, text)
		}
	}
}

// takenBack names moves played from ply index k on and since taken back:
// "3... a6 (taken back)".
func (r *Sheet) takenBack(moves []string, k int) string {
	var b strings.Builder
	for i, san := range moves {
		if i > 0 {
			b.WriteString(" ")
		}
		idx := k + i
		if r.black {
			idx++
		}
		num := r.fullmove + idx/2
		if idx%2 == 0 {
			fmt.Fprintf(&b, "%d. %s", num, san)
		} else if i == 0 {
			fmt.Fprintf(&b, "%d... %s", num, san)
		} else {
			b.WriteString(san)
		}
	}
	b.WriteString(" (taken back)")
	return b.String()
}

// Comment is the comment for a ruling worth keeping in the record, or ""
// (moves are the movetext; obligations are the state of a turn, not
// events of the game).
func Comment(r protocol.Ruling) string {
	var b strings.Builder
	switch r.Kind {
	case protocol.KindViolation:
		fmt.Fprintf(&b, "violation %s by %s: %s", r.Article, r.By, r.Text)
	case protocol.KindIllegal:
		fmt.Fprintf(&b, "illegal move %s by %s (%s)", r.Article, r.By, ordinal(r.Count))
		if r.Text != "" {
			b.WriteString(": " + r.Text)
		}
		if r.Bonus != nil {
			fmt.Fprintf(&b, "; %d s to %s", r.Bonus.Seconds, r.Bonus.To)
		}
		if r.FEN != "" {
			b.WriteString("; the game goes on from " + r.FEN)
		}
	case protocol.KindClaim:
		verdict := "refused"
		if r.Granted != nil && *r.Granted {
			verdict = "granted"
		}
		fmt.Fprintf(&b, "claim %s by %s %s (%s)", r.What, r.By, verdict, r.Article)
		if r.Bonus != nil {
			fmt.Fprintf(&b, ", %d s to %s", r.Bonus.Seconds, r.Bonus.To)
		}
	case protocol.KindResult:
		fmt.Fprintf(&b, "result %s: %s", r.Result, r.Reason)
		if r.Article != "" {
			fmt.Fprintf(&b, " (%s)", r.Article)
		}
		if r.Text != "" {
			b.WriteString(": " + r.Text)
		}
	default:
		return ""
	}
	return b.String()
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

// Termination is the value of the PGN Termination tag for a result's
// reason, in the PGN standard's words (section 9.8.1): "normal" for a game
// ended on the board or by the players (mate, stalemate, a draw by rule
// or agreement, resignation), "time forfeit", "rules infraction" (illegal
// moves), "adjudication" (an arbiter's decision, reason "arbiter"), and
// "unterminated" for a game still going on (reason ""). The reason
// itself, this project's own word, goes in the TerminationDetail tag.
func Termination(reason string) string {
	switch reason {
	case "":
		return "unterminated"
	case "time", "time-vs-no-mate":
		return "time forfeit"
	case "illegal-moves", "illegal-moves-vs-no-mate":
		return "rules infraction"
	case "arbiter":
		return "adjudication"
	}
	return "normal"
}

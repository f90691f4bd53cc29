package scoresheet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/internal/safetext"
	"github.com/arbiterchess/arbiter/lang"
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
	clocks   []stamp  // the clock after each move's press
	runs     string   // whose clock ran after the last time ruling
	started  [2]int64 // when each side's clock last started (t)
	lang     *lang.Lang
}

// In makes the comments of the rulings added from now on in language l
// (English, the default, keeps the comments as Comment writes them). The
// movetext's SAN stays English, as the PGN standard has it.
func (r *Sheet) In(l *lang.Lang) { r.lang = l }

// commentIn is a ruling's comment in language l: the ruling in a sentence
// and its article.
func commentIn(l *lang.Lang, x protocol.Ruling) string {
	s := l.Ruling(x, nil)
	if x.Article != "" {
		s += " (" + x.Article + ")"
	}
	return commentText(s)
}

// stamp is the clock of the player after the press that completed the
// last move of after: the time left, and the time the move took where the
// actions carry t (-1 where not).
type stamp struct {
	after    []string
	clk, emt int64
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

// Add records the rulings of one action a (nil for an entry that is no
// action, such as an arbiter's decision); ply is the number of plies the
// game has after it (touch.Engine's Game().Ply()).
func (r *Sheet) Add(a *protocol.Action, rulings []protocol.Ruling, ply int) {
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
		if r.lang != nil && r.lang.Code() != "en" {
			text = commentIn(r.lang, x)
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
	for _, x := range rulings {
		if x.Kind == protocol.KindTime && x.White != nil && x.Black != nil && x.Runs != nil {
			r.clock(a, x)
		}
	}
}

// clock notes the clocks of a time ruling: after a press that passed the
// clock, the presser's time goes on his last move ([%clk]), with the time
// the move took ([%emt]).
func (r *Sheet) clock(a *protocol.Action, x protocol.Ruling) {
	var t int64 = -1
	if a != nil && a.T != nil {
		t = *a.T
	}
	pressed := a != nil && a.Act == protocol.ClockPress && *x.Runs != r.runs && *x.Runs != a.By
	if pressed {
		side := 0
		left := *x.White
		if a.By == "black" {
			side, left = 1, *x.Black
		}
		// The presser's last move in the line.
		for i := len(r.line) - 1; i >= 0; i-- {
			if white := (i%2 == 0) != r.black; white != (side == 0) {
				continue
			}
			emt := int64(-1)
			if t >= 0 {
				emt = t - r.started[side]
			}
			r.clocks = append(r.clocks, stamp{after: append([]string(nil), r.line[:i+1]...), clk: left, emt: emt})
			break
		}
	}
	if *x.Runs != r.runs && t >= 0 {
		switch *x.Runs {
		case "white":
			r.started[0] = t
		case "black":
			r.started[1] = t
		}
	}
	r.runs = *x.Runs
}

// Annotate writes the comments into g, whose Moves are the game's moves
// as they stand (the engine's SANs, from the same start): the clock after
// each move's press first ("[%clk 1:29:43] [%emt 0:00:17]", as lichess and
// DGT write them), then the rulings.
func (r *Sheet) Annotate(g *pgn.Game) {
	clk := make(map[int]stamp)
	for _, c := range r.clocks {
		if k := len(c.after); k <= len(g.Moves) && prefix(c.after, g.Moves) {
			clk[k-1] = c // a later press of the same move (after a takeback) wins
		}
	}
	for i, m := range g.Moves {
		if c, ok := clk[i]; ok {
			text := "[%clk " + hms(c.clk) + "]"
			if c.emt >= 0 {
				text += " [%emt " + hms(c.emt) + "]"
			}
			m.After = append([]string{text}, m.After...)
		}
	}
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
	case protocol.KindIrregularity:
		fmt.Fprintf(&b, "irregularity %s", r.Article)
		if r.By != "" {
			fmt.Fprintf(&b, " by %s", r.By)
		}
		if r.Text != "" {
			b.WriteString(": " + r.Text)
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
	return commentText(b.String())
}

// commentText makes a ruling's words fit in a PGN comment that every
// reader takes: a brace comment cannot hold '}' (the PGN writer would put
// such a comment after ';', which pgn-extract and others refuse), so '}'
// becomes ')' and '{' becomes '('; control characters and bidirectional
// overrides become spaces (package safetext).
func commentText(s string) string {
	s = safetext.Clean(s)
	if !strings.ContainsAny(s, "{}") {
		return s
	}
	return strings.NewReplacer("}", ")", "{", "(").Replace(s)
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
// moves), "adjudication" (an arbiter's decision, reason "arbiter"),
// "abandoned" (a game lost by forfeit, not played: reasons "forfeit" and
// "double-forfeit"), and
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
	case "forfeit", "double-forfeit":
		return "abandoned"
	}
	return "normal"
}

// prefix reports whether moves are the first moves of ms.
func prefix(moves []string, ms []*pgn.Move) bool {
	for i, san := range moves {
		if ms[i].SAN != san {
			return false
		}
	}
	return true
}

// hms writes milliseconds as h:mm:ss, rounded down to the second (a clock
// shows the seconds begun, lichess writes whole seconds).
func hms(ms int64) string {
	s := max(ms, 0) / 1000
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// TimeControl writes a time control as the PGN standard's TimeControl tag
// (section 9.6.1): "300+2" for 5 minutes and 2 seconds a move,
// "40/5400+30:1800+30" for 90 minutes for 40 moves then 30 minutes, 30
// seconds a move from move 1. A delay, which the standard cannot write, is
// given the way US Chess writes it: "G/30;d5" (game in 30 minutes, 5
// seconds' delay; "G/30;d5 Bronstein" for a Bronstein delay). "-" for no
// clock.
func TimeControl(c *protocol.Clock) string {
	if c == nil || c.White <= 0 {
		return "-"
	}
	if c.Delay > 0 {
		s := "G/" + minutes(c.White)
		if c.Increment > 0 {
			s += ";inc" + strconv.Itoa(c.Increment)
		}
		s += ";d" + strconv.Itoa(c.Delay)
		if c.DelayMode == protocol.DelayBronstein {
			s += " Bronstein"
		}
		return s
	}
	inc := ""
	if c.Increment > 0 {
		inc = "+" + strconv.Itoa(c.Increment)
	}
	if len(c.Periods) == 0 {
		return strconv.Itoa(c.White) + inc
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d%s", c.Periods[0].Moves, c.White, inc)
	for i, p := range c.Periods {
		b.WriteString(":")
		if i+1 < len(c.Periods) {
			fmt.Fprintf(&b, "%d/", c.Periods[i+1].Moves-p.Moves)
		}
		fmt.Fprintf(&b, "%d%s", p.Add, inc)
	}
	return b.String()
}

// minutes writes seconds as whole minutes where they are, else as minutes
// and seconds ("30", "2:30").
func minutes(s int) string {
	if s%60 == 0 {
		return strconv.Itoa(s / 60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Game returns the sheet as a PGN game: tags, the moves as they stand
// (the engine's SANs), the comments of Annotate, and the result.
func (r *Sheet) Game(tags []pgn.Tag, moves []string, result string) *pgn.Game {
	g := &pgn.Game{Tags: append([]pgn.Tag(nil), tags...), Result: result}
	for _, san := range moves {
		g.Moves = append(g.Moves, &pgn.Move{SAN: san})
	}
	r.Annotate(g)
	return g
}

// Tags returns the tags of a game's record that its start and end give:
// SetUp and FEN for a game that does not start from the initial position,
// Variant for Chess960, TimeControl, the rule set (Rules), and
// Termination with TerminationDetail once the game is over (reason not
// ""). first is the game's first position.
func Tags(start protocol.Start, first *chess.Position, rules, reason string) []pgn.Tag {
	var tags []pgn.Tag
	if start.FEN != "" || start.Chess960 {
		tags = append(tags, pgn.Tag{Name: "SetUp", Value: "1"}, pgn.Tag{Name: "FEN", Value: first.FEN()})
	}
	if start.Chess960 {
		tags = append(tags, pgn.Tag{Name: "Variant", Value: "Chess960"})
	}
	if start.Clock != nil {
		tags = append(tags, pgn.Tag{Name: "TimeControl", Value: TimeControl(start.Clock)})
	}
	if rules != "" {
		tags = append(tags, pgn.Tag{Name: "Rules", Value: rules})
	}
	if reason != "" {
		tags = append(tags, pgn.Tag{Name: "Termination", Value: Termination(reason)}, pgn.Tag{Name: "TerminationDetail", Value: reason})
	}
	return append(tags, pgn.Tag{Name: "Annotator", Value: "arbiter"})
}

// LichessTimeControl writes a time control as lichess's broadcasts read
// it: "limit+increment" in seconds. Lichess's reader takes no periods and
// no delay, so a control with periods is written as its first period's
// time and the increment ("40/5400+30:1800+30" becomes "5400+30": the
// clocks lichess shows at the start), and a delay as the time alone.
func LichessTimeControl(c *protocol.Clock) string {
	if c == nil || c.White <= 0 {
		return "-"
	}
	if c.Increment > 0 {
		return strconv.Itoa(c.White) + "+" + strconv.Itoa(c.Increment)
	}
	return strconv.Itoa(c.White)
}

// ParseTimeControl reads a time control in the PGN standard's forms, as
// TimeControl writes them ("300+2", "5400", "40/5400+30:1800+30"), into a
// clock. Forms it cannot map ("?", "-", a delay, a sandclock), and figures
// beyond protocol.Clock's bounds, are an error.
func ParseTimeControl(s string) (*protocol.Clock, error) {
	parts := strings.Split(strings.TrimSpace(s), ":")
	c := &protocol.Clock{}
	moves := 0
	for i, p := range parts {
		n := 0
		if m, rest, ok := strings.Cut(p, "/"); ok {
			v, err := strconv.Atoi(m)
			if err != nil || v <= 0 {
				return nil, fmt.Errorf("time control %q: moves %q", s, m)
			}
			n, p = v, rest
		} else if i < len(parts)-1 {
			return nil, fmt.Errorf("time control %q: a period before the last needs a number of moves", s)
		}
		base, inc, _ := strings.Cut(p, "+")
		secs, err := strconv.Atoi(base)
		if err != nil || secs <= 0 {
			return nil, fmt.Errorf("time control %q: seconds %q", s, base)
		}
		if inc != "" {
			v, err := strconv.Atoi(inc)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("time control %q: increment %q", s, inc)
			}
			c.Increment = v
		}
		if i == 0 {
			c.White, c.Black = secs, secs
		} else {
			c.Periods = append(c.Periods, protocol.Period{Moves: moves, Add: secs})
		}
		if n > protocol.MaxPeriodMoves {
			return nil, fmt.Errorf("time control %q: moves %d, at most %d", s, n, protocol.MaxPeriodMoves)
		}
		moves += n
	}
	if err := c.Check(); err != nil {
		return nil, fmt.Errorf("time control %q: %v", s, err)
	}
	return c, nil
}

package pgn

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Tag is one tag pair of a game header, such as [White "Carlsen, M."].
// Value holds the unescaped text between the quotes.
type Tag struct {
	Name  string
	Value string
}

// Game is one game as read from, or to be written to, a PGN stream.
//
// The reader fills every field from the text; it does not check that the
// moves are legal chess moves, which is left to the caller.
type Game struct {
	// Tags lists the tag pairs in the order they appeared in the header.
	// Names are case sensitive. A name may appear more than once; Tag
	// returns the first occurrence.
	Tags []Tag

	// Comments holds the comments that come before the first move of the
	// main line (the "game comment"). For a game without moves it holds
	// every comment of the movetext.
	Comments []string

	// Moves is the main line. Each move may carry variations, which makes
	// the whole movetext a tree.
	Moves []*Move

	// Result is the game termination marker found at the end of the
	// movetext: "1-0", "0-1", "1/2-1/2" or "*". It is empty when the
	// movetext ended without one (at the next tag section or at the end of
	// the input). It is independent of the Result tag.
	Result string

	// Line is the 1-based line number of the first token of the game in
	// the input. The writer ignores it.
	Line int
}

// Move is one node of the movetext tree: a move with its annotations.
type Move struct {
	// SAN is the move text exactly as written, without any suffix
	// annotation: "Nf3", "exd6", "e8=Q+", "e8Q", "0-0", "O-O-O", "N@f3",
	// "e2e4", and the null moves "--" and "Z0" all pass through unchanged.
	SAN string

	// Suffix is the traditional suffix annotation as written: one of "!",
	// "?", "!!", "??", "!?", "?!", or "" for none. It is kept apart from
	// NAGs and is not copied into them; SuffixNAG gives its NAG number.
	Suffix string

	// NAGs lists the numeric annotation glyphs ($1 is 1) in the order they
	// appeared. A second suffix annotation written after the first, as in
	// "e4!? !", is stored here as its NAG number.
	NAGs []int

	// Before holds comments written between the move number (or the start
	// of a variation) and the move. The reader never fills Before for the
	// first move of the main line: such comments go to Game.Comments.
	Before []string

	// After holds the comments that follow the move.
	After []string

	// Variations lists alternatives to this move. Each variation is a line
	// of moves whose first move is played from the same position as this
	// move. Variations nest to any depth.
	Variations [][]*Move
}

// Tag returns the value of the first tag with the given name, or "" if the
// game has no such tag.
func (g *Game) Tag(name string) string {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value
		}
	}
	return ""
}

// HasTag reports whether the game has a tag with the given name.
func (g *Game) HasTag(name string) bool {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return true
		}
	}
	return false
}

// SetTag sets the value of the first tag with the given name, or appends a
// new tag if there is none.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// FEN returns the value of the FEN tag: the starting position of a game
// that does not start from the standard position, or "" if there is none.
func (g *Game) FEN() string { return g.Tag("FEN") }

// SetUp reports whether the SetUp tag is "1", which by the PGN standard
// means the game starts from the position in the FEN tag.
func (g *Game) SetUp() bool { return strings.TrimSpace(g.Tag("SetUp")) == "1" }

// Variant returns the chess variant named by the Variant tag, normalised:
//
//   - no tag, "", "Standard", "Chess" or "From Position" give "standard"
//     ("From Position" is how lichess marks a standard game started from a
//     FEN);
//   - "Chess960", "Chess 960", "Fischerandom", "FischerRandom",
//     "Fischer Random" and "Freestyle" give "chess960" (case, spaces,
//     hyphens and underscores do not matter);
//   - any other value is returned trimmed and in lower case, as it is
//     ("crazyhouse", "antichess", "three-check", "king of the hill" ...).
//
// The reader accepts games of every variant; whether a variant is
// supported is for the caller to decide.
func (g *Game) Variant() string { return variantOf(g.Tag("Variant")) }

// variantOf normalises the value of a Variant tag as Game.Variant says.
func variantOf(tag string) string {
	switch tag { // the commonest values, at once (no lower-cased copy)
	case "", "Standard", "standard":
		return "standard"
	case "Chess960", "chess960":
		return "chess960"
	}
	v := strings.ToLower(strings.TrimSpace(tag))
	key := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\t':
			return -1
		}
		return r
	}, v)
	switch key {
	case "", "standard", "chess", "fromposition":
		return "standard"
	case "chess960", "960", "fischerandom", "fischerrandom", "freestyle":
		return "chess960"
	}
	return v
}

// SuffixNAG returns the NAG number of a suffix annotation: "!" is 1, "?" 2,
// "!!" 3, "??" 4, "!?" 5 and "?!" 6. It returns 0 for anything else.
func SuffixNAG(suffix string) int {
	switch suffix {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// Command finds the first embedded command [%name ...] in a comment and
// returns its argument text with surrounding spaces removed. For the
// comment "[%clk 0:05:00] [%eval 0.3]", Command(c, "eval") returns "0.3".
func Command(comment, name string) (string, bool) {
	s := comment
	for {
		i := strings.Index(s, "[%")
		if i < 0 {
			return "", false
		}
		s = s[i+2:]
		if !strings.HasPrefix(s, name) {
			continue
		}
		rest := s[len(name):]
		if rest == "" || (rest[0] != ' ' && rest[0] != ']' && rest[0] != '\t') {
			continue
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return "", false
		}
		return strings.TrimSpace(rest[:end]), true
	}
}

// Clock parses the [%clk H:MM:SS] command of a comment, as written by
// lichess and other servers, and returns the remaining clock time. Hours
// may be left out ("5:00"), and seconds may have a fraction
// ("0:00:59.5").
func Clock(comment string) (time.Duration, bool) {
	arg, ok := Command(comment, "clk")
	if !ok {
		return 0, false
	}
	return parseClock(arg)
}

func parseClock(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	var d time.Duration
	for i, p := range parts {
		if p == "" {
			return 0, false
		}
		last := i == len(parts)-1
		if last {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil || !decimal(p) || f >= 60 {
				return 0, false
			}
			d += time.Duration(math.Round(f * float64(time.Second)))
			break
		}
		n, err := strconv.Atoi(p)
		if err != nil || !decimal(p) || n > 1000000 {
			return 0, false
		}
		if i == 0 && len(parts) == 3 {
			d += time.Duration(n) * time.Hour
		} else {
			if n >= 60 && i > 0 {
				return 0, false
			}
			d += time.Duration(n) * time.Minute
		}
	}
	return d, true
}

// Evaluation is an engine evaluation taken from a [%eval ...] command.
type Evaluation struct {
	// Centipawns is the score in hundredths of a pawn from White's point
	// of view. It is 0 for mate scores.
	Centipawns int
	// Mate is set for mate scores ("#3", "#-2"): the number of moves to
	// mate, positive when White mates and negative when Black mates.
	Mate int
	// IsMate tells a mate score from a centipawn score.
	IsMate bool
	// Depth is the search depth when the command gives one ("0.3,20"),
	// else 0.
	Depth int
}

// Eval parses the [%eval ...] command of a comment: "[%eval 0.3]",
// "[%eval -1.25]", "[%eval #4]", "[%eval #-2]", optionally followed by
// ",depth".
func Eval(comment string) (Evaluation, bool) {
	arg, ok := Command(comment, "eval")
	if !ok {
		return Evaluation{}, false
	}
	var e Evaluation
	score := arg
	if i := strings.IndexByte(arg, ','); i >= 0 {
		score = strings.TrimSpace(arg[:i])
		d, err := strconv.Atoi(strings.TrimSpace(arg[i+1:]))
		if err != nil || d < 0 {
			return Evaluation{}, false
		}
		e.Depth = d
	}
	if strings.HasPrefix(score, "#") {
		n, err := strconv.Atoi(score[1:])
		if err != nil {
			return Evaluation{}, false
		}
		e.Mate, e.IsMate = n, true
		return e, true
	}
	if !decimal(strings.TrimPrefix(strings.TrimPrefix(score, "-"), "+")) {
		return Evaluation{}, false
	}
	f, err := strconv.ParseFloat(score, 64)
	if err != nil || math.Abs(f) > 1e6 {
		return Evaluation{}, false
	}
	e.Centipawns = int(math.Round(f * 100))
	return e, true
}

// Clock returns the clock time from the first [%clk] command found in the
// comments after the move.
func (m *Move) Clock() (time.Duration, bool) {
	for _, c := range m.After {
		if d, ok := Clock(c); ok {
			return d, true
		}
	}
	return 0, false
}

// Eval returns the evaluation from the first [%eval] command found in the
// comments after the move.
func (m *Move) Eval() (Evaluation, bool) {
	for _, c := range m.After {
		if e, ok := Eval(c); ok {
			return e, true
		}
	}
	return Evaluation{}, false
}

// decimal reports whether s is made of digits with at most one dot.
func decimal(s string) bool {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxLine is the longest movetext line the writer produces, unless a
// single token is longer.
const maxLine = 80

// strNames lists the Seven Tag Roster in export order, with the value
// written when a tag is missing (Result is handled apart).
var strNames = [...]struct{ name, def string }{
	{"Event", "?"},
	{"Site", "?"},
	{"Date", "????.??.??"},
	{"Round", "?"},
	{"White", "?"},
	{"Black", "?"},
	{"Result", "*"},
}

// Writer writes games in the PGN export format.
//
// Each game is written as: the Seven Tag Roster in standard order (Event,
// Site, Date, Round, White, Black, Result; "?", "????.??.??" or the result
// when a tag is missing), then the other tags in their order, a blank line,
// the movetext, and a blank line. Movetext lines are at most 80 characters
// long; only a single word longer than that (a long word of a comment, or a
// comment that must be written after ';' because it contains '}') makes a
// longer line.
//
// Move numbers are computed from the FEN tag when present (side to move
// and full move number), else the game starts with "1.". A black move gets
// its number ("3...") when it starts a line or follows a comment or a
// variation. Comments are written in braces, with their white space
// runs turned into single spaces. NAGs are written as "$n" after the
// move, and the suffix annotation is glued to the move.
//
// The termination marker written after the moves is Game.Result, or the
// Result tag when Game.Result is empty and the tag holds a result, or "*".
type Writer struct {
	w   io.Writer
	buf []byte
	col int    // length of the current movetext line
	pre string // text glued before the next token ("(")
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w}
}

// Write writes one game. It checks the game first and writes nothing if
// the game cannot be written as valid PGN: a tag name that is not a PGN
// symbol, a tag value with a line break, a move text that does not look
// like a move, an unknown suffix, a NAG outside 0..255, a nil move, or a
// Result that is not a termination marker.
func (w *Writer) Write(g *Game) error {
	if err := check(g); err != nil {
		return err
	}
	w.buf = w.buf[:0]
	w.writeTags(g)
	w.buf = append(w.buf, '\n')
	w.col, w.pre = 0, ""
	for _, c := range g.Comments {
		w.comment(c)
	}
	ply := startPly(g.Tag("FEN"))
	w.line(g.Moves, ply)
	w.token("", resultOf(g), "")
	w.buf = append(w.buf, "\n\n"...)
	_, err := w.w.Write(w.buf)
	return err
}

// resultOf returns the termination marker to write for g.
func resultOf(g *Game) string {
	if g.Result != "" {
		return g.Result
	}
	if t := strings.TrimSpace(g.Tag("Result")); isResult(t) {
		return t
	}
	return "*"
}

func isResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

func (w *Writer) writeTags(g *Game) {
	var used [len(strNames)]int // index+1 of the tag used for each roster name
	for k, sn := range strNames {
		value, found := sn.def, false
		for i := range g.Tags {
			if g.Tags[i].Name == sn.name {
				value, found = g.Tags[i].Value, true
				used[k] = i + 1
				break
			}
		}
		if !found && sn.name == "Result" {
			value = resultOf(g)
		}
		w.tag(sn.name, value)
	}
outer:
	for i := range g.Tags {
		for _, u := range used {
			if u == i+1 {
				continue outer
			}
		}
		w.tag(g.Tags[i].Name, g.Tags[i].Value)
	}
}

func (w *Writer) tag(name, value string) {
	w.buf = append(w.buf, '[')
	w.buf = append(w.buf, name...)
	w.buf = append(w.buf, ' ', '"')
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			w.buf = append(w.buf, '\\')
		}
		w.buf = append(w.buf, value[i])
	}
	w.buf = append(w.buf, '"', ']', '\n')
}

// startPly returns the number of half-moves played before the first move:
// 0 for the standard start, more for a FEN with a later move number or
// Black to move.
func startPly(fen string) int {
	f := strings.Fields(fen)
	ply := 0
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n >= 1 && n < 1<<20 {
			ply = 2 * (n - 1)
		}
	}
	if len(f) >= 2 && f[1] == "b" {
		ply++
	}
	return ply
}

// line writes a sequence of moves whose first move is the ply-th half-move.
func (w *Writer) line(moves []*Move, ply int) {
	needNum := true
	var num [24]byte
	for i, m := range moves {
		p := ply + i
		white := p%2 == 0
		if white || needNum || len(m.Before) > 0 {
			b := strconv.AppendInt(num[:0], int64(p/2+1), 10)
			if white {
				b = append(b, '.')
			} else {
				b = append(b, "..."...)
			}
			w.token("", string(b), "")
		}
		for _, c := range m.Before {
			w.comment(c)
		}
		w.token("", m.SAN, m.Suffix)
		for _, n := range m.NAGs {
			b := append(num[:0], '$')
			b = strconv.AppendInt(b, int64(n), 10)
			w.token("", string(b), "")
		}
		needNum = false
		for _, c := range m.After {
			w.comment(c)
			needNum = true
		}
		for _, v := range m.Variations {
			if len(v) == 0 {
				continue
			}
			w.pre = "("
			w.line(v, p)
			w.closeParen()
			needNum = true
		}
	}
}

// token writes pre+s+post as one unbreakable word, starting a new line
// when it would not fit.
func (w *Writer) token(pre, s, post string) {
	pre2 := w.pre
	w.pre = ""
	n := len(pre2) + len(pre) + len(s) + len(post)
	if w.col > 0 {
		if w.col+1+n > maxLine {
			w.buf = append(w.buf, '\n')
			w.col = 0
		} else {
			w.buf = append(w.buf, ' ')
			w.col++
		}
	}
	w.buf = append(w.buf, pre2...)
	w.buf = append(w.buf, pre...)
	w.buf = append(w.buf, s...)
	w.buf = append(w.buf, post...)
	w.col += n
}

func (w *Writer) closeParen() {
	if w.col == 0 || w.col+1 > maxLine {
		if w.col > 0 {
			w.buf = append(w.buf, '\n')
		}
		w.buf = append(w.buf, ')')
		w.col = 1
		return
	}
	w.buf = append(w.buf, ')')
	w.col++
}

// comment writes a comment in braces, breaking lines between its words.
// A comment containing '}' cannot be written in braces; it is written
// after ';' and ends the line.
func (w *Writer) comment(c string) {
	if strings.IndexByte(c, '}') >= 0 {
		var words []string
		for rest := c; ; {
			word, more := nextWord(&rest)
			if !more {
				break
			}
			words = append(words, word)
		}
		w.token("; ", strings.Join(words, " "), "")
		w.buf = append(w.buf, '\n')
		w.col = 0
		return
	}
	first := true
	rest := c
	for {
		word, more := nextWord(&rest)
		if !more {
			break
		}
		// Keep an embedded command such as "[%clk 0:05:00]" on one line
		// when it is short, up to the end of the word that closes it (a
		// break after "]" in "]0" would add a space the text lacks).
		if strings.HasPrefix(word, "[%") && strings.IndexByte(word, ']') < 0 {
			if end := strings.IndexByte(rest, ']'); end >= 0 {
				stop := end + 1
				for stop < len(rest) && !isSpaceByte(rest[stop]) {
					stop++
				}
				if tail := rest[:stop]; len(word)+stop <= 40 && singleSpaced(tail) {
					word, rest = word+tail, rest[stop:]
				}
			}
		}
		pre := ""
		if first {
			pre = "{"
			first = false
		}
		post := ""
		if !hasWord(rest) {
			post = "}"
		}
		w.token(pre, word, post)
	}
	if first {
		w.token("", "{}", "")
	}
}

// singleSpaced reports whether the only white space in s is single
// spaces.
func singleSpaced(s string) bool {
	for i := 0; i < len(s); i++ {
		if isSpaceByte(s[i]) && (s[i] != ' ' || i > 0 && s[i-1] == ' ') {
			return false
		}
	}
	return true
}

func isSpaceByte(c byte) bool { return class[c] == clSpace }

// nextWord cuts the next space-separated word from *s.
func nextWord(s *string) (string, bool) {
	t := *s
	i := 0
	for i < len(t) && isSpaceByte(t[i]) {
		i++
	}
	if i == len(t) {
		*s = ""
		return "", false
	}
	j := i
	for j < len(t) && !isSpaceByte(t[j]) {
		j++
	}
	*s = t[j:]
	return t[i:j], true
}

func hasWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpaceByte(s[i]) {
			return true
		}
	}
	return false
}

// check reports why g cannot be written, if it cannot.
func check(g *Game) error {
	if g == nil {
		return errors.New("pgn: nil game")
	}
	for _, t := range g.Tags {
		if !validName(t.Name) {
			return fmt.Errorf("pgn: invalid tag name %q", t.Name)
		}
		if strings.IndexByte(t.Value, '\n') >= 0 {
			return fmt.Errorf("pgn: tag %s: value contains a line break", t.Name)
		}
	}
	if g.Result != "" && !isResult(g.Result) {
		return fmt.Errorf("pgn: invalid result %q", g.Result)
	}
	return checkLine(g.Moves)
}

func checkLine(moves []*Move) error {
	for _, m := range moves {
		if m == nil {
			return errors.New("pgn: nil move")
		}
		if !validMove([]byte(m.SAN)) || !plainWord(m.SAN) {
			return fmt.Errorf("pgn: invalid move text %q", m.SAN)
		}
		if m.Suffix != "" && SuffixNAG(m.Suffix) == 0 {
			return fmt.Errorf("pgn: move %s: invalid suffix %q", m.SAN, m.Suffix)
		}
		for _, n := range m.NAGs {
			if n < 0 || n > 255 {
				return fmt.Errorf("pgn: move %s: NAG %d out of range", m.SAN, n)
			}
		}
		for _, v := range m.Variations {
			if err := checkLine(v); err != nil {
				return err
			}
		}
	}
	return nil
}

func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if class[s[i]] != clWord {
			return false
		}
	}
	return true
}

func validName(s string) bool {
	if s == "" || !isNameStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	return true
}

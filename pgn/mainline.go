package pgn

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"time"
)

// MainLine is a game cut down to what replaying it takes: its tags, the
// moves of its main line with the comments that follow each of them, its
// termination marker and the line where it starts. Variations, NAGs,
// suffix annotations, the game comment and the comments before moves are
// read and checked, not kept.
//
// Reader.ReadMainLine fills a MainLine game after game and reuses its
// memory, so that a program that only replays games allocates next to
// nothing per game. For the same input it gives what Read gives: the same
// tags, main line, comments after each main-line move, Result and Line,
// and the same errors.
type MainLine struct {
	// Line is the 1-based line number of the first token of the game, as
	// in Game.Line.
	Line int
	// Result is the termination marker at the end of the movetext, as in
	// Game.Result.
	Result string

	tags  []tagRef
	moves []moveRef
	notes []textRef // comments after main-line moves, in order
	text  []byte    // tag values and comments
}

// moveRef is a move of a MainLine: its text, the index in notes of the
// first comment after it, and its parts where it is in a plain form. It
// takes 16 bytes, a note 8: a main line of a million moves, as a game at
// the reader's limit on a game's text may hold, takes some 16 MB.
type moveRef struct {
	san   textRef
	first uint32
	plain PlainSAN
}

// textRef is a piece of MainLine.text, whose offsets fit in 32 bits: the
// text of one game is at most the reader's limit (1 GiB at most; a
// MainLine loaded from a Game must hold less than 4 GiB).
type textRef struct{ start, end uint32 }

// mkRef returns the textRef of text[start:end].
func mkRef(start, end int) textRef { return textRef{uint32(start), uint32(end)} }

// tagRef is a tag pair in MainLine.text.
type tagRef struct {
	name, value textRef
}

func (ml *MainLine) reset() {
	ml.Line, ml.Result = 0, ""
	ml.tags = ml.tags[:0]
	ml.moves = ml.moves[:0]
	ml.notes = ml.notes[:0]
	ml.text = ml.text[:0]
	if cap(ml.moves) > keepItems || cap(ml.notes) > keepItems || cap(ml.tags) > keepItems || cap(ml.text) > keepText {
		// A huge game read before: its memory is let go rather than kept
		// for games that need a small part of it.
		*ml = MainLine{}
	}
}

func (ml *MainLine) ref(t textRef) []byte { return ml.text[t.start:t.end] }

// addTag appends a tag whose value is raw, escaped or not.
func (ml *MainLine) addTag(name, raw []byte, escaped bool) {
	n := ml.keep(name)
	if !escaped {
		ml.tags = append(ml.tags, tagRef{name: n, value: ml.keep(raw)})
		return
	}
	start := len(ml.text)
	ml.text = appendUnescaped(ml.text, raw)
	ml.tags = append(ml.tags, tagRef{name: n, value: mkRef(start, len(ml.text))})
}

// keep copies b into the text and returns where it is.
func (ml *MainLine) keep(b []byte) textRef {
	start := len(ml.text)
	if n := len(b); n <= 16 && cap(ml.text)-start >= 16 {
		// A move or a clock comment: a few bytes, cheaper copied by hand
		// than by a call, in two words that may overlap.
		t := ml.text[start : start+16]
		switch {
		case n >= 8:
			binary.LittleEndian.PutUint64(t, binary.LittleEndian.Uint64(b))
			binary.LittleEndian.PutUint64(t[n-8:], binary.LittleEndian.Uint64(b[n-8:]))
		case n >= 4:
			binary.LittleEndian.PutUint32(t, binary.LittleEndian.Uint32(b))
			binary.LittleEndian.PutUint32(t[n-4:], binary.LittleEndian.Uint32(b[n-4:]))
		default:
			for i := range n {
				t[i] = b[i]
			}
		}
		ml.text = ml.text[:start+n]
	} else {
		ml.text = append(ml.text, b...)
	}
	return mkRef(start, len(ml.text))
}

// addMoveFrom appends the move of the first n bytes of src, where n is
// at most 8 and src holds at least 8 bytes (a word is copied whole), and
// ps is plainSAN of the move.
func (ml *MainLine) addMoveFrom(src []byte, n int, ps PlainSAN) {
	start := len(ml.text)
	if cap(ml.text)-start < 8 {
		ml.addMovePlain(src[:n], ps)
		return
	}
	binary.LittleEndian.PutUint64(ml.text[start:start+8], binary.LittleEndian.Uint64(src))
	ml.text = ml.text[:start+n]
	ml.moves = append(ml.moves, moveRef{mkRef(start, start+n), uint32(len(ml.notes)), ps})
}

// addMove appends a move to the main line.
func (ml *MainLine) addMove(san []byte) { ml.addMovePlain(san, plainSAN(san)) }

// addMovePlain appends a move to the main line, where ps is plainSAN(san).
func (ml *MainLine) addMovePlain(san []byte, ps PlainSAN) {
	ml.moves = append(ml.moves, moveRef{ml.keep(san), uint32(len(ml.notes)), ps})
}

// Load makes ml the main line of g, as ReadMainLine would have read it.
func (ml *MainLine) Load(g *Game) {
	ml.reset()
	ml.Line, ml.Result = g.Line, g.Result
	for _, t := range g.Tags {
		start := len(ml.text)
		ml.text = append(ml.text, t.Name...)
		mid := len(ml.text)
		ml.text = append(ml.text, t.Value...)
		ml.tags = append(ml.tags, tagRef{name: mkRef(start, mid), value: mkRef(mid, len(ml.text))})
	}
	for _, m := range g.Moves {
		start := len(ml.text)
		ml.text = append(ml.text, m.SAN...)
		ml.moves = append(ml.moves, moveRef{mkRef(start, len(ml.text)), uint32(len(ml.notes)), plainSAN(ml.text[start:])})
		for _, c := range m.After {
			start := len(ml.text)
			ml.text = append(ml.text, c...)
			ml.notes = append(ml.notes, mkRef(start, len(ml.text)))
		}
	}
}

// Tags returns the tag pairs in the order they appeared (a new slice).
func (ml *MainLine) Tags() []Tag {
	if len(ml.tags) == 0 {
		return nil
	}
	out := make([]Tag, len(ml.tags))
	for i, t := range ml.tags {
		out[i] = Tag{Name: string(ml.ref(t.name)), Value: string(ml.ref(t.value))}
	}
	return out
}

// Tag returns the value of the first tag with the given name, or "" if
// there is none, as Game.Tag does.
func (ml *MainLine) Tag(name string) string {
	for i := range ml.tags {
		if string(ml.ref(ml.tags[i].name)) == name {
			return common(ml.ref(ml.tags[i].value))
		}
	}
	return ""
}

// HasTag reports whether the game has a tag with the given name.
func (ml *MainLine) HasTag(name string) bool {
	for i := range ml.tags {
		if string(ml.ref(ml.tags[i].name)) == name {
			return true
		}
	}
	return false
}

// common returns b as a string without allocating for the values that
// most tags hold.
func common(b []byte) string {
	switch string(b) {
	case "":
		return ""
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2":
		return "1/2-1/2"
	case "*":
		return "*"
	case "?":
		return "?"
	case "Normal":
		return "Normal"
	case "Time forfeit":
		return "Time forfeit"
	case "Standard":
		return "Standard"
	}
	return string(b)
}

// FEN returns the value of the FEN tag, as Game.FEN does.
func (ml *MainLine) FEN() string { return ml.Tag("FEN") }

// Variant returns the normalised variant of the Variant tag, as
// Game.Variant does.
func (ml *MainLine) Variant() string { return variantOf(ml.Tag("Variant")) }

// Len returns the number of moves of the main line.
func (ml *MainLine) Len() int { return len(ml.moves) }

// SAN returns the text of move i (0-based) of the main line, as
// Move.SAN.
func (ml *MainLine) SAN(i int) string { return string(ml.ref(ml.moves[i].san)) }

// SANBytes is SAN without the copy: the bytes are ml's own, to read only
// and not to keep past the next read into ml.
func (ml *MainLine) SANBytes(i int) []byte { return ml.ref(ml.moves[i].san) }

// Plain returns move i read into its parts, where it is in one of the
// commonest forms of SAN (see PlainSAN), or 0. The reader reads them as
// it checks the move, so that a replay need not read the text again.
func (ml *MainLine) Plain(i int) PlainSAN { return ml.moves[i].plain }

// afterRange returns the indexes in notes of the comments after move i.
func (ml *MainLine) afterRange(i int) (int, int) {
	end := len(ml.notes)
	if i+1 < len(ml.moves) {
		end = int(ml.moves[i+1].first)
	}
	return int(ml.moves[i].first), end
}

// After returns the comments that follow move i of the main line (a new
// slice), as Move.After.
func (ml *MainLine) After(i int) []string {
	a, b := ml.afterRange(i)
	if a == b {
		return nil
	}
	out := make([]string, 0, b-a)
	for _, t := range ml.notes[a:b] {
		out = append(out, string(ml.ref(t)))
	}
	return out
}

// Clock returns the clock time of the first [%clk] command in the comments
// after move i of the main line, as Move.Clock.
func (ml *MainLine) Clock(i int) (time.Duration, bool) {
	a, b := ml.afterRange(i)
	for _, t := range ml.notes[a:b] {
		note := ml.ref(t)
		if d, ok := clockNote(note); ok {
			return d, true
		}
		if d, ok := Clock(string(note)); ok {
			return d, true
		}
	}
	return 0, false
}

// clockNote reads a comment that is exactly a clock command in the form
// lichess writes, "[%clk 0:05:00]", as Clock would, without a copy. For
// any other comment (and minutes or seconds from 60 up) it reports false
// and leaves it to Clock.
func clockNote(b []byte) (time.Duration, bool) {
	if len(b) != 14 || string(b[:6]) != "[%clk " || !isDigit(b[6]) || b[7] != ':' || !isDigit(b[8]) || !isDigit(b[9]) ||
		b[10] != ':' || !isDigit(b[11]) || !isDigit(b[12]) || b[13] != ']' {
		return 0, false
	}
	h := int(b[6] - '0')
	m := int(b[8]-'0')*10 + int(b[9]-'0')
	sec := int(b[11]-'0')*10 + int(b[12]-'0')
	if m >= 60 || sec >= 60 {
		return 0, false
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second, true
}

// leanFrame is an open line while a main line is read: the main line
// itself or a variation.
type leanFrame struct {
	moves bool // the line has a move
	line  int  // line of the '(' that opened a variation
}

// ReadMainLine reads the next game into ml, as Read would read it, but
// keeping only its main line (see MainLine). At the end of the input it
// returns io.EOF; for a malformed game a *SyntaxError, and the next call
// goes on with the following game. On an error ml holds no game. Calls to
// Read and ReadMainLine may be mixed on one Reader.
func (r *Reader) ReadMainLine(ml *MainLine) error {
	if !r.started {
		r.started = true
		r.skipBOM()
	}
	for {
		ml.reset()
		if r.ioErr != nil {
			return r.ioErr
		}
		if r.resync != resyncNone {
			r.resynchronise()
		}
		if !r.skipBlank() {
			if r.ioErr != nil {
				return r.ioErr
			}
			return io.EOF
		}
		r.trimScratch()
		r.games++
		ml.Line = r.line
		r.limitGame()
		err := r.readTagsInto(nil, ml)
		if err == nil && !r.over {
			err = r.readMainMovetext(ml)
		}
		over := r.over
		r.endGame()
		if r.ioErr != nil {
			ml.reset()
			return r.ioErr
		}
		if over {
			line := ml.Line
			ml.reset()
			return r.tooLong(line)
		}
		if err != nil {
			ml.reset()
			return err
		}
		if len(ml.tags) == 0 && len(ml.moves) == 0 && ml.Result == "" {
			r.games-- // only comments: not a game
			continue
		}
		return nil
	}
}

// readMainMovetext is readMovetext for a MainLine: the same tokens, the
// same checks and errors, the same places for the comments that stay with
// the main line, and nothing built for the rest.
//
// The comments kept are those Read puts in Move.After of a main-line move:
// a comment right after the move (NAGs and other comments may come
// between), the comments of an empty variation of the move, and comments
// left pending at the end of the game. All of them go to the last move of
// the main line read so far, so each move's comments are a run of notes.
func (r *Reader) readMainMovetext(ml *MainLine) error {
	stack := append(r.lean[:0], leanFrame{})
	defer func() { r.lean = stack[:0] }()
	after := false       // the main line's last token belonged to its last move
	pend := r.pend[:0]   // main-line comments waiting for the next move
	vpend := r.vpend[:0] // comments of the open first-level variation, while it has no move
	defer func() { r.pend, r.vpend = pend[:0], vpend[:0] }()
	openLine := func() int { return stack[len(stack)-1].line }
	finish := func() {
		if len(pend) > 0 && len(ml.moves) > 0 {
			ml.notes = append(ml.notes, pend...)
		}
	}
	for {
		if len(stack) == 1 {
			r.scanMain(ml, &stack[0], &after, &pend)
		}
		r.skipSpace()
		c, ok := r.peekByte()
		if !ok {
			if r.ioErr != nil {
				return r.ioErr
			}
			if len(stack) > 1 {
				return r.fail(openLine(), resyncNone, "%s", r.unterminatedAtEnd())
			}
			finish()
			return nil
		}
		if r.bol {
			if c == '%' {
				r.skipLine()
				continue
			}
			if c == '[' {
				if len(stack) > 1 {
					return r.fail(openLine(), resyncNone, "unterminated variation before the next tag section")
				}
				finish()
				return nil
			}
		}
		r.bol = false
		line := r.line
		f := &stack[len(stack)-1]
		switch c {
		case '{', ';':
			var text []byte
			if c == '{' {
				var err error
				if text, err = r.readBraceCommentBytes(); err != nil {
					return err
				}
			} else {
				r.off++
				text = r.readLineCommentBytes()
			}
			switch {
			case len(stack) == 1 && after:
				ml.notes = append(ml.notes, ml.keep(text))
			case len(stack) == 1:
				pend = append(pend, ml.keep(text))
			case len(stack) == 2 && !f.moves:
				vpend = append(vpend, ml.keep(text))
			}
		case '(':
			r.off++
			if !f.moves {
				return r.fail(line, resyncMovetext, "variation before any move")
			}
			stack = append(stack, leanFrame{line: line})
			if len(stack) == 2 {
				vpend = vpend[:0]
			}
		case ')':
			r.off++
			if len(stack) == 1 {
				return r.fail(line, resyncMovetext, "unbalanced ')'")
			}
			if len(stack) == 2 && !f.moves {
				// An empty variation: its comments go after the move.
				ml.notes = append(ml.notes, vpend...)
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 1 {
				after = false
			}
		case '$':
			r.off++
			if _, ok := r.readNAG(); !ok {
				return r.fail(line, resyncMovetext, "malformed NAG")
			}
			if !f.moves {
				return r.fail(line, resyncMovetext, "NAG before any move")
			}
		case '!', '?':
			s, ok := r.readSuffix()
			if !ok {
				return r.fail(line, resyncMovetext, "unknown annotation %q", s)
			}
			if !f.moves {
				return r.fail(line, resyncMovetext, "annotation before any move")
			}
		case '.':
			r.off++
			for r.off < len(r.buf) && r.buf[r.off] == '.' { // "1..." at once
				r.off++
			}
			if len(stack) == 1 {
				after = false
			}
		case '*':
			r.off++
			if len(stack) > 1 {
				return r.fail(openLine(), resyncMovetext, "game ends inside a variation")
			}
			finish()
			ml.Result = "*"
			return nil
		default:
			if class[c] != clWord {
				r.off++
				return r.fail(line, resyncMovetext, "unexpected %q", c)
			}
			if c == 'e' && f.moves && r.enPassantMark() {
				continue
			}
			w, ok := r.readWord()
			if !ok {
				return r.fail(line, resyncMovetext, "token too long")
			}
			switch {
			case string(w) == "1-0" || string(w) == "0-1" || string(w) == "1/2-1/2":
				res := resultString(w)
				r.off += len(w)
				if len(stack) > 1 {
					return r.fail(openLine(), resyncMovetext, "game ends inside a variation")
				}
				finish()
				ml.Result = res
				return nil
			case allDigits(w):
				r.off += len(w)
				if len(stack) == 1 {
					after = false
				}
			case validMove(w):
				if len(stack) == 1 {
					ml.addMove(w)
					pend = pend[:0] // the comments before a move are not kept
					after = true
				}
				r.off += len(w)
				f.moves = true
			default:
				msg := fmt.Sprintf("unexpected token %q", clip(w))
				r.off += len(w)
				return r.fail(line, resyncMovetext, "%s", msg)
			}
		}
	}
}

// scanMain reads the plainest tokens of the main line straight from the
// buffer: white space, move numbers with their dots, moves, and comments
// on one line. It stops before anything else (a comment, a variation, an
// annotation, a result, a line starting with '%' or '[', a word that may
// go on past the buffered bytes, anything wrong), which readMainMovetext
// then reads as usual; what it reads, it reads as readMainMovetext would.
func (r *Reader) scanMain(ml *MainLine, main *leanFrame, afterp *bool, pendp *[]textRef) {
	buf := r.buf
	i, line, bol := r.off, r.line, r.bol
	after, pend, moves := *afterp, *pendp, main.moves
	for i < len(buf) {
		c := buf[i]
		switch class[c] {
		case clSpace:
			if c == '\n' {
				line++
				bol = true
			}
			i++
			continue
		case clDelim:
			switch c {
			case '.':
				for i < len(buf) && buf[i] == '.' {
					i++
				}
				bol = false
				after = false
				continue
			case '{':
				if clockComment(buf[i:]) {
					// "{ [%clk 0:05:00] }", as lichess writes after every
					// move: the text kept is "[%clk 0:05:00]".
					t := ml.keep(buf[i+2 : i+16])
					if after {
						ml.notes = append(ml.notes, t)
					} else {
						pend = append(pend, t)
					}
					bol = false
					i += 18
					if i < len(buf) && buf[i] == ' ' {
						i++ // the space after it, at once
					}
					continue
				}
				// readBraceCommentBytes' fast case: the comment is buffered,
				// on one line, with nothing to collapse.
				j := bytes.IndexByte(buf[i+1:], '}')
				if j < 0 {
					break
				}
				seg := buf[i+1 : i+1+j]
				a, b := 0, len(seg)
				for a < b && seg[a] == ' ' {
					a++
				}
				for b > a && seg[b-1] == ' ' {
					b--
				}
				if !singleSpacedBytes(seg[a:b]) {
					break
				}
				t := ml.keep(seg[a:b])
				if after {
					ml.notes = append(ml.notes, t)
				} else {
					pend = append(pend, t)
				}
				bol = false
				i += j + 2
				continue
			}
			goto stop
		}
		if (bol && c == '%') || (c == 'e' && i+1 < len(buf) && buf[i+1] == '.') {
			break // an escape line; maybe an "e.p."
		}
		if i+8 <= len(buf) {
			// The commonest words in one go: a move number of up to seven
			// digits, or a move of up to seven bytes ending in white space
			// that plainSAN reads. Eight bytes are read as one number:
			// spaceAt and digitsTo find where the word ends.
			x := binary.LittleEndian.Uint64(buf[i:])
			if c >= '0' && c <= '9' {
				if k := digitsTo(x); k < 8 && class[buf[i+k]] != clWord {
					after = false
					bol = false
					i += k
					// The dots and the space after them, at once.
					if buf[i] == '.' {
						for i < len(buf) && buf[i] == '.' {
							i++
						}
						if i < len(buf) && buf[i] == ' ' {
							i++
						}
					}
					continue
				}
			} else if k := spaceAt(x); k < 8 && class[buf[i+k]] == clSpace {
				if ps := plainSAN(buf[i : i+k]); ps != 0 {
					ml.addMoveFrom(buf[i:], k, ps)
					pend = pend[:0] // the comments before a move are not kept
					after = true
					moves = true
					bol = false
					i += k
					if buf[i] == ' ' {
						i++ // the space after it, at once
					}
					continue
				}
			}
		}
		{
			j := i + 1
			for j < len(buf) && class[buf[j]] == clWord {
				j++
			}
			if j == len(buf) {
				break // the word may go on
			}
			w := buf[i:j]
			if c >= '0' && c <= '9' {
				if !allDigits(w) {
					break // a result, castling with zeros ...
				}
				after = false
			} else if ps := plainSAN(w); ps != 0 || validMove(w) {
				ml.addMovePlain(w, ps)
				pend = pend[:0] // the comments before a move are not kept
				after = true
				moves = true
			} else {
				break
			}
			bol = false
			i = j
		}
	}
stop:
	r.off, r.line, r.bol = i, line, bol
	*afterp, *pendp, main.moves = after, pend, moves
}

// spaceAt returns the index of the first byte of x (eight bytes read in
// little-endian order) below 0x21, white space among them, or 8 if there
// is none. The subtraction borrows only from bytes above the first such
// byte, so the lowest flag is exact.
func spaceAt(x uint64) int {
	const ones, highs = 0x2121212121212121, 0x8080808080808080
	return bits.TrailingZeros64((x-ones)&^x&highs) >> 3
}

// digitsTo returns the index of the first byte of x (as in spaceAt) that is
// not a decimal digit, or 8 if all are.
func digitsTo(x uint64) int {
	const zeros, highs = 0x3030303030303030, 0x8080808080808080
	y := x ^ zeros // digits become 0 to 9
	// A byte of y from 10 up sets its high bit when 0x76 is added (or has
	// it already); below the first such byte no carry occurs.
	return bits.TrailingZeros64((y+0x7676767676767676|y)&highs) >> 3
}

// clockComment reports whether b starts with a clock comment in the form
// lichess writes, "{ [%clk 0:05:00] }": one digit of hours, two of
// minutes and of seconds, single spaces inside the braces.
func clockComment(b []byte) bool {
	if len(b) < 18 || binary.LittleEndian.Uint64(b) != clkOpen {
		return false
	}
	return isDigit(b[8]) && b[9] == ':' && isDigit(b[10]) && isDigit(b[11]) && b[12] == ':' &&
		isDigit(b[13]) && isDigit(b[14]) && b[15] == ']' && b[16] == ' ' && b[17] == '}'
}

// clkOpen is "{ [%clk " read as a little-endian number.
var clkOpen = binary.LittleEndian.Uint64([]byte("{ [%clk "))

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// PlainSAN is a move in one of the commonest forms of SAN, read into its
// parts: "e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1e2", with a "+" or "#"
// or not. Zero is no move: a move in any other form (castling, a
// promotion, "Pe4", "Qh4e1", a suffix annotation, ...). The text alone is
// read, not a position: the parts are what the text says, whether or not
// such a move exists.
type PlainSAN uint32

// The layout of a PlainSAN: the destination square in bits 0 to 5, the
// file of the origin plus one in bits 6 to 9 and its rank plus one in
// bits 10 to 13 (zero where the text does not give them), the piece in
// bits 16 to 18.
const (
	plainFileShift  = 6
	plainRankShift  = 10
	plainPieceShift = 16
)

// Piece returns the piece that moves: 1 pawn, 2 knight, 3 bishop, 4 rook,
// 5 queen, 6 king (the numbering of the chess package's piece types).
func (s PlainSAN) Piece() int { return int(s>>plainPieceShift) & 7 }

// To returns the destination square: 0 for a1, 1 for b1, ..., 63 for h8
// (file + 8*rank, the chess package's numbering of the squares).
func (s PlainSAN) To() int { return int(s) & 63 }

// FromFile returns the file of the origin, 0 (a) to 7 (h), where the text
// gives it ("exd5", "Nbd7"), else -1.
func (s PlainSAN) FromFile() int { return int(s>>plainFileShift)&15 - 1 }

// FromRank returns the rank of the origin, 0 (1) to 7 (8), where the text
// gives it ("R1e2"), else -1.
func (s PlainSAN) FromRank() int { return int(s>>plainRankShift)&15 - 1 }

// plainSAN returns w read into its parts where it is in one of the forms
// of PlainSAN, else 0. Every word it reads is a valid move (validMove).
func plainSAN(w []byte) PlainSAN {
	n := len(w)
	if n > 0 && (w[n-1] == '+' || w[n-1] == '#') {
		n--
	}
	if n < 2 || n > 4 {
		return 0
	}
	f, k := w[n-2], w[n-1]
	if sanClass[f]&sanFile == 0 || sanClass[k]&sanRank == 0 {
		return 0
	}
	to := PlainSAN(f-'a') | PlainSAN(k-'1')<<3
	switch n {
	case 2:
		return to | plainPawn
	case 3:
		if pc := plainPiece[w[0]]; pc != 0 {
			return to | pc
		}
		return 0
	}
	// n == 4
	c, d := w[0], w[1]
	if pc := plainPiece[c]; pc != 0 {
		switch cl := sanClass[d]; {
		case d == 'x':
			return to | pc
		case cl&sanFile != 0:
			return to | pc | PlainSAN(d-'a'+1)<<plainFileShift
		case cl&sanRank != 0:
			return to | pc | PlainSAN(d-'1'+1)<<plainRankShift
		}
		return 0
	}
	if sanClass[c]&sanFile != 0 && d == 'x' {
		return to | plainPawn | PlainSAN(c-'a'+1)<<plainFileShift
	}
	return 0
}

// plainPawn is the piece bits of a pawn move.
const plainPawn = 1 << plainPieceShift

// plainPiece holds the piece bits of a PlainSAN for each piece letter but
// P, and 0 for any other byte.
var plainPiece = func() (t [256]PlainSAN) {
	for i, c := range "NBRQK" {
		t[c] = PlainSAN(i+2) << plainPieceShift
	}
	return t
}()

// Classes of the bytes of a move, for plainSAN (whose pieces are in
// plainPiece).
const (
	sanFile = 1 << iota // a to h
	sanRank             // 1 to 8
)

var sanClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if isFile(b) {
			t[c] |= sanFile
		}
		if isRank(b) {
			t[c] |= sanRank
		}
	}
	return t
}()

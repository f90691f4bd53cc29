package pgn

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
)

const (
	// bufSize is the size of the read buffer. A tag line or a single
	// movetext token must fit in it.
	bufSize = 64 << 10
	// maxComment bounds the length of one comment, so that a comment left
	// open by mistake cannot swallow a whole file into memory.
	maxComment = 1 << 20
	// maxGameLimit is the largest limit SetMaxGameBytes takes.
	maxGameLimit = 1 << 30
	// keepItems and keepText bound the working memory a Reader and a
	// MainLine keep from one game to the next (in items of a slice, and in
	// bytes of text): past them, what a huge game grew is let go.
	keepItems = 1 << 14
	keepText  = 1 << 20
	// cacheSize is the number of entries of each string cache (a power of
	// two).
	cacheBits = 12
	cacheSize = 1 << cacheBits
)

// DefaultMaxGameBytes is the most text a Reader reads of one game unless
// told otherwise (Reader.SetMaxGameBytes): 1 MiB. The longest game the
// 75-move rule allows has fewer than 17,700 plies, some 120 KB of moves;
// written as lichess writes its games with a clock and an evaluation after
// every move it takes some 800 KB, and real games, annotations and
// variations included, are rarely over a few hundred KB. A longer "game"
// is most likely no game at all (a run of text with no end, a generated
// shuffle of moves), and reading it costs memory in proportion: up to
// about 16 bytes for every 3 bytes of text in a MainLine (a move of two
// letters and a space), more in a Game.
const DefaultMaxGameBytes = 1 << 20

// SyntaxError reports a game the reader could not make sense of. The
// reader skips the rest of that game, so the next call to Read goes on with
// the following game.
type SyntaxError struct {
	Game int    // 1-based number of the game in the input, counting broken games too
	Line int    // 1-based line number where the problem was found (for a game too long, where it starts)
	Msg  string // what is wrong
	// Limit is set when the game is longer than the Reader's limit on the
	// text of one game (SetMaxGameBytes): the limit, in bytes. It is 0
	// for any other error.
	Limit int
}

// Error formats the error as "pgn: game N, line L: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d: %s", e.Game, e.Line, e.Msg)
}

// resync modes: how to find the start of the next game after an error.
const (
	resyncNone     = iota // already at the start of the next game
	resyncMovetext        // skip to the next line starting with '['
	resyncHeader          // also skip the rest of the current tag section
	resyncLimit           // after a game too long: skip to the next line starting with '[' and a letter
)

// byte classes of the movetext scanner
const (
	clWord  = iota // part of a move, move number or result
	clSpace        // white space
	clDelim        // a character with a meaning of its own
)

var class = func() (t [256]byte) {
	for _, c := range " \t\r\n\v\f" {
		t[c] = clSpace
	}
	for _, c := range "{}()[];$.!?\"*" {
		t[c] = clDelim
	}
	return t
}()

// Reader reads games from a PGN stream, one at a time.
//
// It reads through a bufio.Reader and holds only the game being parsed,
// so memory use does not grow with the size of the input. It accepts the
// export format and most of what real files contain: tags with escaped
// quotes and backslashes, brackets inside tag values, several tags on one
// line, comments in braces spanning lines, rest-of-line comments after
// ';', escape lines starting with '%', a UTF-8 byte order mark, CRLF line
// ends, move numbers like "1." "1..." "12...", move numbers glued to moves
// ("1.e4"), null moves, castling with zeros, games without tags, without
// moves or without a result, and header-only games. A game whose result is
// missing ends at the next tag section or at the end of the input.
//
// Header-only games follow each other: after a blank line, a tag whose
// name the current header already has starts a new game (a blank line
// alone does not, as some programs put one inside a header).
//
// Comment text is normalised: every run of white space (line breaks
// included) becomes one space, and leading and trailing space is removed.
// A comment goes to Move.After when it follows a move (its NAGs and other
// comments may come between), otherwise to Move.Before of the next move;
// comments left at the end of a line go after its last move. An empty
// variation "( )" is dropped and its comments go after the move it
// follows. An "e.p." written after a move is dropped.
//
// A game that cannot be read yields a *SyntaxError; the following call to
// Read resumes at the next game. Errors of the underlying reader are
// returned as they are and end reading.
//
// Limits: a tag line and a single movetext token must fit in the 64 KiB
// read buffer, a comment may be at most 1 MiB long, and NAGs go from $0 to
// $255. Anything beyond is reported as a syntax error of that game.
// Variations may nest to any depth. A game may take at most
// DefaultMaxGameBytes (see SetMaxGameBytes): a game that needs more is a
// *SyntaxError with Limit set, and the reader goes on at the next tag
// section after the limit, so that one game can never hold more than a
// few times the limit in memory, whatever the input.
//
// Reading a game of any variant is not an error: see Game.Variant.
type Reader struct {
	br  *bufio.Reader
	buf []byte // window onto the bytes buffered in br (or of src); buf[off:] is unread
	off int
	// A Reader of a Chunk reads src, with no bufio.Reader: buf is
	// src[base:], cut as br would buffer it (at most bufSize bytes).
	src      []byte
	base     int   // the offset in the input of buf[0] (for either source)
	endErr   error // the read error that follows src, if any
	followed bool  // a tag section follows src (it is not the end of the input)
	eof      bool  // the input is exhausted (or failed)
	ioErr    error // error of the underlying reader, other than io.EOF

	line    int  // line number of buf[off]
	bol     bool // only white space since the start of the line
	nl      int  // newlines consumed by skipSpace (the header counts blank lines with it)
	started bool

	games  int // games started so far
	resync int // how to find the next game before reading it

	// The limit on a game's text: while a game is read, the window buf
	// ends at most at end, the input offset maxGame bytes after the
	// game's first byte; a read past it sets over. end is 0 between games.
	maxGame int // 0: DefaultMaxGameBytes
	end     int
	over    bool
	overNL  bool // the byte before end, when over was set, is a newline

	text      []byte // comment being collected
	tags      []Tag  // tag scratch
	stack     []frame
	used      int        // frames of stack used since the last reset
	moveCache *moveCache // move texts
	tagCache  strCache   // tag names and short tag values
	slab      []Move     // moves are carved out of this to save allocations
	strs      []string   // one-element comment lists are carved out of this

	// ReadMainLine's scratch space.
	lean        []leanFrame
	pend, vpend []textRef
}

// frame is one line (the main line or a variation) being built.
type frame struct {
	moves   []*Move
	pending []string // comments waiting for the next move
	after   bool     // the last token belonged to the last move
	line    int      // line of the '(' that opened a variation
}

// NewReader returns a Reader that reads PGN text from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{
		br:   bufio.NewReaderSize(r, bufSize),
		line: 1,
		bol:  true,
	}
}

// Read returns the next game. At the end of the input it returns nil and
// io.EOF. If the game is malformed it returns nil and a *SyntaxError; the
// next call goes on with the following game.
//
// Comments standing alone between games, with no tags, moves or result
// around them, are skipped.
func (r *Reader) Read() (*Game, error) {
	if !r.started {
		r.started = true
		r.skipBOM()
	}
	for {
		if r.ioErr != nil {
			return nil, r.ioErr
		}
		if r.resync != resyncNone {
			r.resynchronise()
		}
		if !r.skipBlank() {
			if r.ioErr != nil {
				return nil, r.ioErr
			}
			return nil, io.EOF
		}
		r.trimScratch()
		r.games++
		g := &Game{Line: r.line}
		r.limitGame()
		err := r.readTags(g)
		if err == nil && !r.over {
			err = r.readMovetext(g)
		}
		over := r.over
		r.endGame()
		if r.ioErr != nil {
			// A read error can look like a syntax error (a game cut
			// short); report what really happened.
			return nil, r.ioErr
		}
		if over {
			return nil, r.tooLong(g.Line)
		}
		if err != nil {
			return nil, err
		}
		if len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == "" {
			// Only comments: not a game.
			r.games--
			continue
		}
		return g, nil
	}
}

// fail records how to resynchronise and returns a SyntaxError.
func (r *Reader) fail(line, mode int, format string, args ...any) error {
	r.resync = mode
	r.resetStack()
	return &SyntaxError{Game: r.games, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// SetMaxGameBytes sets the most text the Reader reads of one game, from
// its first byte to the one that shows where it ends, to n bytes (n <= 0:
// DefaultMaxGameBytes; at most 1 GiB). A game that needs more is reported
// as a *SyntaxError whose Limit is n, at the game's number and first line;
// the n bytes are taken as the game's, and reading goes on at the first
// line after them that starts with '[' and a letter (a tag section).
// Where that error comes does not depend on how the input is read (in one
// stream, in chunks or in runs of pieces), only on the text. ResetChunk
// keeps the setting.
func (r *Reader) SetMaxGameBytes(n int) {
	r.maxGame = min(max(n, 0), maxGameLimit)
}

// gameLimit returns the limit on a game's text.
func (r *Reader) gameLimit() int {
	if r.maxGame > 0 {
		return r.maxGame
	}
	return DefaultMaxGameBytes
}

// limitGame starts the limit of a game whose first byte is at the read
// position: the window stops at the limit (end) from now on. When the
// window reaches end it holds the byte before it: base, where the window
// starts, moves only to bytes of the window, which end below end until
// then.
func (r *Reader) limitGame() {
	r.end = r.base + r.off + r.gameLimit()
	r.over = false
	r.capWindow()
}

// capWindow shortens the window so that it does not reach past end.
func (r *Reader) capWindow() {
	if r.end > 0 && r.base+len(r.buf) > r.end {
		r.buf = r.buf[:r.end-r.base]
	}
}

// endGame lifts the limit of the game just read.
func (r *Reader) endGame() {
	r.end = 0
	r.over = false
}

// trimScratch lets go of working memory a huge game made grow, before the
// next game is read.
func (r *Reader) trimScratch() {
	if cap(r.lean) > keepItems || cap(r.pend) > keepItems || cap(r.vpend) > keepItems || cap(r.tags) > keepItems {
		r.lean, r.pend, r.vpend, r.tags = nil, nil, nil, nil
	}
	if cap(r.text) > keepText {
		r.text = nil
	}
	big := cap(r.stack) > keepItems
	for _, f := range r.stack[:cap(r.stack)] {
		big = big || cap(f.moves) > keepItems || cap(f.pending) > keepItems
	}
	if big {
		r.resetStack()
		r.stack = nil
	}
}

// tooLong is the error of a game that went past the limit, which started
// at line. The text up to the limit, where the window ends, is taken as
// the game's, wherever its reading stopped (the lines in it counted), and
// the reader goes on from there.
func (r *Reader) tooLong(line int) error {
	r.line += bytes.Count(r.buf[r.off:], []byte("\n"))
	r.off = len(r.buf)
	r.bol = r.overNL
	r.resync = resyncLimit
	r.resetStack()
	n := r.gameLimit()
	return &SyntaxError{Game: r.games, Line: line, Limit: n,
		Msg: fmt.Sprintf("game longer than %d bytes (the limit on one game's text); rest of the game skipped", n)}
}

// resynchronise skips input after an error, as r.resync says.
func (r *Reader) resynchronise() {
	if r.resync == resyncLimit {
		r.skipToTagLine()
	} else {
		r.skipToNextGame(r.resync == resyncMovetext)
	}
	r.resync = resyncNone
}

// skipToTagLine skips input, after a game too long, up to the next line
// that starts with '[' and a letter (after white space), from the start
// of the current line if the text before is a newline (bol), else from
// the next one. Whatever the text before the limit was, a Reader of the
// whole stream and a Reader of a chunk then start a game at the same
// place: no place where a Splitter cuts is skipped.
func (r *Reader) skipToTagLine() {
	if !r.bol {
		r.skipLine()
	}
	for {
		// at the start of a line
		c, ok := r.peekByte()
		for ok && inlineSpace(c) {
			r.off++
			c, ok = r.peekByte()
		}
		if !ok {
			return
		}
		if c == '\n' {
			r.off++
			r.line++
			continue
		}
		if c == '[' {
			if c2, ok := r.peekAt(1); ok && (c2 >= 'A' && c2 <= 'Z' || c2 >= 'a' && c2 <= 'z') {
				r.bol = true
				return
			}
		}
		r.skipLine()
	}
}

// unterminatedAtEnd is the message for a variation still open where the
// text ends: the end of the input, or the tag section that follows a
// Chunk (which a Reader of the whole input would have seen).
func (r *Reader) unterminatedAtEnd() string {
	if r.followed {
		return "unterminated variation before the next tag section"
	}
	return "unterminated variation at end of input"
}

// more drops the consumed bytes buf[:off] and reads more input. It reports
// whether new bytes were added; it returns false at the end of the input,
// on a read error, when the buffer is full, and when the window has reached
// the limit of the game being read (then it sets over).
func (r *Reader) more() bool {
	if r.end > 0 && r.base+len(r.buf) >= r.end {
		// The window holds the byte before end (see limitGame).
		r.over, r.overNL = true, len(r.buf) > 0 && r.buf[len(r.buf)-1] == '\n'
		return false
	}
	if r.br == nil {
		return r.moreSrc() // at the end of src too: the window may have been cut short
	}
	if r.off > 0 {
		r.br.Discard(r.off)
		r.buf = r.buf[r.off:] // the bytes stay where they are until the next Peek
		r.base += r.off
		r.off = 0
	}
	had := len(r.buf) // unread bytes in the window
	n := r.br.Buffered()
	if had < n {
		// The window was cut short by the limit of a game since read
		// (maybe with the end of the input already in the buffer).
		r.buf, _ = r.br.Peek(n)
		r.capWindow()
		return true
	}
	if r.eof {
		return false
	}
	b, err := r.br.Peek(n + 1)
	if err != nil {
		r.buf = b
		r.capWindow()
		if errors.Is(err, bufio.ErrBufferFull) {
			return false
		}
		r.eof = true
		if err != io.EOF {
			r.ioErr = err
		}
		return len(r.buf) > n
	}
	r.buf, _ = r.br.Peek(r.br.Buffered())
	r.capWindow()
	return true
}

// moreSrc is more for a Reader of a Chunk: the window moves to the
// unread bytes and takes in up to bufSize of them, as a bufio.Reader of
// that size would hold.
func (r *Reader) moreSrc() bool {
	had := len(r.buf) - r.off // unread bytes already in the window
	r.base += r.off
	r.off = 0
	end := min(r.base+bufSize, len(r.src))
	if r.end > 0 {
		end = min(end, r.end) // past the window: more checked it
	}
	r.buf = r.src[r.base:end]
	if len(r.buf) > had {
		return true
	}
	if end < len(r.src) {
		return false // the window is full
	}
	r.eof = true
	if r.endErr != nil && r.endErr != io.EOF {
		r.ioErr = r.endErr
	}
	return false
}

// full reports whether the last call to more failed because the buffer is
// full rather than because the input ended.
func (r *Reader) full() bool { return !r.eof }

func (r *Reader) peekByte() (byte, bool) {
	if r.off < len(r.buf) {
		return r.buf[r.off], true
	}
	if r.more() {
		return r.buf[r.off], true
	}
	return 0, false
}

// peekPastLimit is peekAt(1) where the byte may lie just past the limit
// of the game being read. A comment left open ends at a '[' and a letter
// after a blank line: a Reader of the whole stream looks at the letter,
// while a Reader of a chunk cut before the '[' sees the end of its text;
// so that both end the game there, the letter is not counted in the
// game's text.
func (r *Reader) peekPastLimit() (byte, bool) {
	if r.end == 0 {
		return r.peekAt(1)
	}
	end := r.end
	r.end++
	c, ok := r.peekAt(1) // within the window up to the old end, by one byte
	r.end = end
	r.capWindow()
	return c, ok
}

// peekAt returns the byte k places after the read position.
func (r *Reader) peekAt(k int) (byte, bool) {
	for r.off+k >= len(r.buf) {
		if !r.more() {
			return 0, false
		}
	}
	return r.buf[r.off+k], true
}

func (r *Reader) skipBOM() {
	if c, ok := r.peekAt(2); ok && c == 0xBF && r.buf[r.off] == 0xEF && r.buf[r.off+1] == 0xBB {
		r.off += 3
	}
}

// skipSpace consumes white space, counting lines.
func (r *Reader) skipSpace() {
	for {
		buf := r.buf
		i := r.off
		for ; i < len(buf); i++ {
			c := buf[i]
			if c == '\n' {
				r.line++
				r.nl++
				r.bol = true
			} else if class[c] != clSpace {
				r.off = i
				return
			}
		}
		r.off = i
		if !r.more() {
			return
		}
	}
}

// skipLine consumes the rest of the current line, newline included.
func (r *Reader) skipLine() {
	for {
		if i := bytes.IndexByte(r.buf[r.off:], '\n'); i >= 0 {
			r.off += i + 1
			r.line++
			r.bol = true
			return
		}
		r.off = len(r.buf)
		if !r.more() {
			return
		}
	}
}

// skipBlank skips white space, escape lines and byte order marks before a
// game. It reports whether anything is left.
func (r *Reader) skipBlank() bool {
	for {
		r.skipSpace()
		c, ok := r.peekByte()
		if !ok {
			return false
		}
		if r.bol && c == '%' {
			r.skipLine()
			continue
		}
		if c == 0xEF {
			if c2, ok := r.peekAt(2); ok && c2 == 0xBF && r.buf[r.off+1] == 0xBB {
				r.off += 3
				continue
			}
		}
		return true
	}
}

// skipToNextGame skips input up to the next line that starts with '['
// (after white space) and follows a break: a blank line or a line that is
// not a tag line. With sawBreak the next such line is taken at once.
func (r *Reader) skipToNextGame(sawBreak bool) {
	if !r.bol {
		r.skipLine()
	}
	for {
		// at the start of a line
		c, ok := r.peekByte()
		for ok && (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
			r.off++
			c, ok = r.peekByte()
		}
		if !ok {
			return
		}
		switch {
		case c == '\n':
			r.off++
			r.line++
			sawBreak = true
			continue
		case c == '[':
			if sawBreak {
				r.bol = true
				return
			}
		default:
			sawBreak = true
		}
		r.skipLine()
	}
}

// strCache shares the strings seen most often, such as "Nf3" or "Event",
// so that they are not allocated again for every game. It is a
// direct-mapped table: a new string simply replaces the one in its slot.
type strCache []string

// get returns b as a string, from the cache when it is there.
func (c *strCache) get(b []byte) string {
	if len(b) > 32 {
		return string(b)
	}
	if *c == nil {
		*c = make([]string, cacheSize)
	}
	h := uint32(len(b))
	for _, x := range b {
		h = h*31 + uint32(x)
	}
	h ^= h >> 11
	slot := &(*c)[h&(cacheSize-1)]
	if *slot == string(b) {
		return *slot
	}
	s := string(b)
	*slot = s
	return s
}

// moveCache shares the strings of short move texts. A text of up to 8
// bytes is packed into a uint64, which serves both as the hash and as the
// key; move texts never contain a zero byte, so the packing is unique.
type moveCache struct {
	keys [cacheSize]uint64
	strs [cacheSize]string
}

func (c *moveCache) get(b []byte) string {
	if len(b) > 8 {
		return string(b)
	}
	var k uint64
	for _, x := range b {
		k = k<<8 | uint64(x)
	}
	i := (k * 0x9E3779B97F4A7C15) >> (64 - cacheBits)
	if c.keys[i] == k {
		return c.strs[i]
	}
	s := string(b)
	c.keys[i], c.strs[i] = k, s
	return s
}

// readTags reads the tag section, if any. It stops at the first token of
// the movetext, at the end of the input, or before a tag that starts the
// next game: a tag whose name is already present and that comes after a
// blank line (files of header-only games look like this).
func (r *Reader) readTags(g *Game) error {
	return r.readTagsInto(g, nil)
}

// linearTags is the number of tags up to which the names of a header are
// searched one by one for a repeated name; past it a map is built. (A
// header-only game after a blank line is searched at every tag; most
// headers have fewer than 20 tags, and a map costs more than the search.)
const linearTags = 64

// readTagsInto is readTags for a Game (g) or a MainLine (ml, when g is
// nil).
func (r *Reader) readTagsInto(g *Game, ml *MainLine) error {
	tags := r.tags[:0]
	blank := false
	var names map[string]bool // names seen, once there are many tags
	defer func() { r.tags = tags[:0] }()
	for {
		r.nl = 0
		r.skipSpace()
		if r.nl >= 2 {
			blank = true
		}
		c, ok := r.peekByte()
		if !ok {
			break
		}
		if r.bol && c == '%' {
			r.skipLine()
			continue
		}
		if c != '[' {
			break
		}
		line := r.line
		nameb, raw, n, ok := plainTag(r.buf[r.off:])
		escaped := false
		if !ok {
			// Make sure the rest of the line is in the buffer.
			var end int
			for {
				if i := bytes.IndexByte(r.buf[r.off:], '\n'); i >= 0 {
					end = r.off + i
					break
				}
				if !r.more() {
					if r.full() {
						return r.fail(line, resyncHeader, "tag line too long")
					}
					end = len(r.buf)
					break
				}
			}
			nameb, raw, escaped, n, ok = splitTag(r.buf[r.off:end])
			if !ok {
				return r.fail(line, resyncHeader, "malformed tag: %q", clip(r.buf[r.off:end]))
			}
		}
		if ml != nil {
			// The same as below, with the names kept in ml's text.
			if blank && len(ml.tags) > 0 {
				dup := false
				if len(ml.tags) <= linearTags {
					dup = ml.HasTag(string(nameb))
				} else {
					if names == nil {
						names = make(map[string]bool, 2*len(ml.tags))
						for _, t := range ml.tags {
							names[string(ml.ref(t.name))] = true
						}
					}
					dup = names[string(nameb)]
				}
				if dup {
					break
				}
			}
			ml.addTag(nameb, raw, escaped)
			if names != nil {
				names[string(nameb)] = true
			}
			r.off += n
			r.bol = false
			blank = false
			if names == nil {
				r.plainTagLines(ml)
			}
			continue
		}
		name := r.tagCache.get(nameb)
		if blank && len(tags) > 0 {
			dup := false
			if len(tags) <= linearTags {
				dup = hasName(tags, name)
			} else {
				if names == nil {
					names = make(map[string]bool, 2*len(tags))
					for _, t := range tags {
						names[t.Name] = true
					}
				}
				dup = names[name]
			}
			if dup {
				break
			}
		}
		tags = append(tags, Tag{Name: name, Value: r.tagValue(raw, escaped)})
		if names != nil {
			names[name] = true
		}
		r.off += n
		r.bol = false
		blank = false
	}
	if len(tags) > 0 && g != nil {
		g.Tags = append([]Tag(nil), tags...)
	}
	return nil
}

func hasName(tags []Tag, name string) bool {
	for i := range tags {
		if tags[i].Name == name {
			return true
		}
	}
	return false
}

func isNameStart(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

func isNameChar(c byte) bool {
	return isNameStart(c) || c == '+' || c == '#' || c == '=' || c == ':' || c == '-'
}

// plainTagLines reads, after a tag pair, the tag lines that follow it at
// once, one a line, while plainTag reads them: what the loop of
// readTagsInto would do with them when no blank line comes between.
func (r *Reader) plainTagLines(ml *MainLine) {
	for {
		b := r.buf[r.off:]
		k := 0
		if len(b) > 0 && b[0] == '\r' {
			k = 1
		}
		if k+1 >= len(b) || b[k] != '\n' || b[k+1] != '[' {
			return
		}
		nameb, raw, n, ok := plainTag(b[k+1:])
		if !ok {
			return
		}
		r.line++
		ml.addTag(nameb, raw, false)
		r.off += k + 1 + n
	}
}

// plainTag reads the commonest form of tag line at the start of b, which
// begins with '[': a name of letters, digits and underscores, one space, a
// quoted value without backslash or newline, and "]" ending the line (a
// newline, or a carriage return and a newline, follows in b). For such a
// line it returns what splitTag returns for it (escaped false); for
// anything else it reports false, and splitTag reads the line.
func plainTag(b []byte) (nameb, raw []byte, n int, ok bool) {
	i := 1
	for i < len(b) && tagName[b[i]] {
		i++
	}
	if i == 1 || i+1 >= len(b) || b[i] != ' ' || b[i+1] != '"' {
		return nil, nil, 0, false
	}
	nameb = b[1:i]
	vs := i + 2
	j := vs
	for ; j+8 <= len(b); j += 8 {
		if t := tagStops(binary.LittleEndian.Uint64(b[j:])); t != 0 {
			j += bits.TrailingZeros64(t) >> 3
			goto value
		}
	}
	for j < len(b) && !tagStop[b[j]] {
		j++
	}
value:
	// b[j] must be the closing quote, then "]\n" or "]\r\n".
	if j+2 >= len(b) || b[j] != '"' || b[j+1] != ']' {
		return nil, nil, 0, false
	}
	if c := b[j+2]; c != '\n' && (c != '\r' || j+3 >= len(b) || b[j+3] != '\n') {
		return nil, nil, 0, false
	}
	return nameb, b[vs:j], j + 2, true
}

// tagStops flags (high bit of the byte) the bytes of x, eight bytes read
// in little-endian order, that are a quote, a backslash or a newline; the
// lowest flag is exact (a subtraction borrows only upwards from a byte
// that matches).
func tagStops(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ ('"' * ones)
	s := x ^ ('\\' * ones)
	n := x ^ ('\n' * ones)
	return ((q-ones)&^q | (s-ones)&^s | (n-ones)&^n) & highs
}

// tagName holds the bytes of a tag name plainTag reads: letters, digits
// and underscores (isNameStart). tagStop holds the bytes that end its
// reading of a value: the quote, and the backslash and newline it leaves
// to splitTag.
var tagName, tagStop = func() (name, stop [256]bool) {
	for c := 0; c < 256; c++ {
		name[c] = isNameStart(byte(c))
	}
	stop['"'], stop['\\'], stop['\n'] = true, true, true
	return name, stop
}()

// splitTag parses a tag pair at the start of line, which begins with '['
// and holds no newline. It returns the name, the value as written (escaped
// tells whether it holds a backslash escape to undo) and the number of
// bytes used; the slices are line's own.
//
// A line that is not a well-formed tag pair but has the shape
// [Name "..."] is still accepted, taking everything between the first
// quote and the final quote as the value; this copes with values such as
// "Tournament \" written by programs that do not escape backslashes.
func splitTag(line []byte) (nameb, raw []byte, escaped bool, n int, ok bool) {
	i := 1
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) || !isNameStart(line[i]) {
		return
	}
	ns := i
	for i < len(line) && isNameChar(line[i]) {
		i++
	}
	nameb = line[ns:i]
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) || line[i] != '"' {
		return
	}
	q := i
	i++
	vs := i
	escaped = false
	closed := false
	for i < len(line) {
		c := line[i]
		if c == '\\' && i+1 < len(line) {
			escaped = true
			i += 2
			continue
		}
		if c == '"' {
			closed = true
			break
		}
		i++
	}
	if closed {
		ve := i
		i++
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
			i++
		}
		if i < len(line) && line[i] == ']' {
			return nameb, line[vs:ve], escaped, i + 1, true
		}
	}
	// Lenient form: the line ends with "] after trimming.
	e := len(line)
	for e > 0 && class[line[e-1]] == clSpace {
		e--
	}
	if e-2 <= q || line[e-1] != ']' || line[e-2] != '"' {
		return
	}
	raw = line[q+1 : e-2]
	return nameb, raw, bytes.IndexByte(raw, '\\') >= 0, len(line), true
}

// tagValue unescapes \\ and \" in a tag value. Other backslashes are kept.
func (r *Reader) tagValue(b []byte, escaped bool) string {
	if !escaped {
		if len(b) <= 12 {
			return r.tagCache.get(b)
		}
		return string(b)
	}
	return string(appendUnescaped(make([]byte, 0, len(b)), b))
}

// appendUnescaped appends the tag value b to dst with \\ and \" undone.
func appendUnescaped(dst, b []byte) []byte {
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) && (b[i+1] == '\\' || b[i+1] == '"') {
			i++
		}
		dst = append(dst, b[i])
	}
	return dst
}

// clip shortens text quoted in error messages.
func clip(b []byte) []byte {
	if len(b) > 60 {
		return b[:60]
	}
	return b
}

func (r *Reader) newMove() *Move {
	if len(r.slab) == cap(r.slab) {
		r.slab = make([]Move, 0, 128)
	}
	r.slab = r.slab[:len(r.slab)+1]
	return &r.slab[len(r.slab)-1]
}

// addComment appends s to list without allocating for the common case of a
// single comment.
func (r *Reader) addComment(list []string, s string) []string {
	if list != nil {
		return append(list, s)
	}
	if len(r.strs) == cap(r.strs) {
		r.strs = make([]string, 0, 256)
	}
	i := len(r.strs)
	r.strs = append(r.strs, s)
	return r.strs[i : i+1 : i+1]
}

// readMovetext reads moves, comments, annotations and variations up to the
// game termination marker, the next tag section, or the end of the input.
func (r *Reader) readMovetext(g *Game) error {
	r.resetStack()
	r.push(0)
	for {
		r.skipSpace()
		c, ok := r.peekByte()
		if !ok {
			if r.ioErr != nil {
				return r.ioErr
			}
			if len(r.stack) > 1 {
				return r.fail(r.openLine(), resyncNone, "%s", r.unterminatedAtEnd())
			}
			r.finish(g)
			return nil
		}
		if r.bol {
			if c == '%' {
				r.skipLine()
				continue
			}
			if c == '[' {
				if len(r.stack) > 1 {
					return r.fail(r.openLine(), resyncNone, "unterminated variation before the next tag section")
				}
				r.finish(g)
				return nil
			}
		}
		r.bol = false
		line := r.line
		f := &r.stack[len(r.stack)-1]
		switch c {
		case '{':
			s, err := r.readBraceComment()
			if err != nil {
				return err
			}
			r.comment(g, s)
		case ';':
			r.off++
			r.comment(g, r.readLineComment())
		case '(':
			r.off++
			if len(f.moves) == 0 {
				return r.fail(line, resyncMovetext, "variation before any move")
			}
			r.push(line)
		case ')':
			r.off++
			if len(r.stack) == 1 {
				return r.fail(line, resyncMovetext, "unbalanced ')'")
			}
			r.closeVariation()
		case '$':
			r.off++
			nag, ok := r.readNAG()
			if !ok {
				return r.fail(line, resyncMovetext, "malformed NAG")
			}
			if len(f.moves) == 0 {
				return r.fail(line, resyncMovetext, "NAG before any move")
			}
			m := f.moves[len(f.moves)-1]
			m.NAGs = append(m.NAGs, nag)
		case '!', '?':
			s, ok := r.readSuffix()
			if !ok {
				return r.fail(line, resyncMovetext, "unknown annotation %q", s)
			}
			if len(f.moves) == 0 {
				return r.fail(line, resyncMovetext, "annotation before any move")
			}
			m := f.moves[len(f.moves)-1]
			if m.Suffix == "" {
				m.Suffix = s
			} else {
				m.NAGs = append(m.NAGs, SuffixNAG(s))
			}
		case '.':
			r.off++
			f.after = false
		case '*':
			r.off++
			if len(r.stack) > 1 {
				return r.fail(r.openLine(), resyncMovetext, "game ends inside a variation")
			}
			r.finish(g)
			g.Result = "*"
			return nil
		default:
			if class[c] != clWord {
				r.off++
				return r.fail(line, resyncMovetext, "unexpected %q", c)
			}
			if c == 'e' && len(f.moves) > 0 && r.enPassantMark() {
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
				if len(r.stack) > 1 {
					return r.fail(r.openLine(), resyncMovetext, "game ends inside a variation")
				}
				r.finish(g)
				g.Result = res
				return nil
			case allDigits(w):
				r.off += len(w)
				f.after = false
			case validMove(w):
				m := r.newMove()
				if r.moveCache == nil {
					r.moveCache = new(moveCache)
				}
				m.SAN = r.moveCache.get(w)
				r.off += len(w)
				if len(f.pending) > 0 {
					if len(r.stack) == 1 && len(f.moves) == 0 {
						g.Comments = append(g.Comments, f.pending...)
					} else {
						m.Before = f.pending
					}
					f.pending = nil
				}
				f.moves = append(f.moves, m)
				f.after = true
			default:
				msg := fmt.Sprintf("unexpected token %q", clip(w))
				r.off += len(w)
				return r.fail(line, resyncMovetext, "%s", msg)
			}
		}
	}
}

func resultString(w []byte) string {
	switch string(w) {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	}
	return "1/2-1/2"
}

func allDigits(w []byte) bool {
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(w) > 0
}

// push opens a new line (the main line or a variation), reusing the
// scratch space of an earlier one.
func (r *Reader) push(line int) {
	if len(r.stack) < cap(r.stack) {
		r.stack = r.stack[:len(r.stack)+1]
		f := &r.stack[len(r.stack)-1]
		*f = frame{moves: f.moves[:0], line: line}
	} else {
		r.stack = append(r.stack, frame{line: line})
	}
	r.used = max(r.used, len(r.stack))
}

// resetStack drops every open line, keeping their scratch space but not
// what it points to.
func (r *Reader) resetStack() {
	all := r.stack[:r.used]
	for i := range all {
		clear(all[i].moves)
		all[i] = frame{moves: all[i].moves[:0]}
	}
	r.stack = r.stack[:0]
	r.used = 0
}

// take returns the moves of the line in a slice of their own and empties
// the scratch slice.
func (f *frame) take() []*Move {
	if len(f.moves) == 0 {
		return nil
	}
	out := make([]*Move, len(f.moves))
	copy(out, f.moves)
	clear(f.moves)
	f.moves = f.moves[:0]
	return out
}

// openLine returns the line where the innermost open variation started.
func (r *Reader) openLine() int {
	return r.stack[len(r.stack)-1].line
}

// comment places a comment: after the last move if nothing else came
// between, otherwise before the next move.
func (r *Reader) comment(g *Game, s string) {
	f := &r.stack[len(r.stack)-1]
	if f.after && len(f.moves) > 0 {
		m := f.moves[len(f.moves)-1]
		m.After = r.addComment(m.After, s)
		return
	}
	f.pending = append(f.pending, s)
}

// closeVariation ends the innermost variation and attaches it to the move
// it is an alternative to. Comments of an empty variation go after that
// move.
func (r *Reader) closeVariation() {
	v := &r.stack[len(r.stack)-1]
	p := &r.stack[len(r.stack)-2]
	parent := p.moves[len(p.moves)-1]
	if len(v.moves) > 0 {
		if len(v.pending) > 0 {
			last := v.moves[len(v.moves)-1]
			last.After = append(last.After, v.pending...)
		}
		parent.Variations = append(parent.Variations, v.take())
	} else if len(v.pending) > 0 {
		parent.After = append(parent.After, v.pending...)
	}
	v.pending = nil
	r.stack = r.stack[:len(r.stack)-1]
	p.after = false
}

// finish completes the main line of g.
func (r *Reader) finish(g *Game) {
	f := &r.stack[0]
	if len(f.pending) > 0 {
		if len(f.moves) > 0 {
			last := f.moves[len(f.moves)-1]
			last.After = append(last.After, f.pending...)
		} else {
			g.Comments = append(g.Comments, f.pending...)
		}
	}
	g.Moves = f.take()
	r.resetStack()
}

// enPassantMark skips an "e.p." written after an en passant capture, as
// old files do. It reports whether it did.
func (r *Reader) enPassantMark() bool {
	for k, want := range []byte("e.p.") {
		if c, ok := r.peekAt(k); !ok || c != want {
			return false
		}
	}
	if c, ok := r.peekAt(4); ok && class[c] == clWord {
		return false
	}
	r.off += 4
	return true
}

// readWord returns the run of word bytes at the read position without
// consuming it. The slice is valid until the buffer is refilled.
func (r *Reader) readWord() ([]byte, bool) {
	i := r.off
	for {
		buf := r.buf
		for i < len(buf) && class[buf[i]] == clWord {
			i++
		}
		if i < len(buf) {
			return buf[r.off:i], true
		}
		rel := i - r.off
		if !r.more() {
			if r.full() {
				return nil, false
			}
			return r.buf[r.off:], true
		}
		i = r.off + rel
	}
}

// readNAG reads the number after '$'.
func (r *Reader) readNAG() (int, bool) {
	n, digits := 0, 0
	for {
		c, ok := r.peekByte()
		if !ok || c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
		digits++
		r.off++
		if n > 255 {
			return 0, false
		}
	}
	return n, digits > 0
}

// readSuffix reads a run of '!' and '?'.
func (r *Reader) readSuffix() (string, bool) {
	var b [3]byte
	n := 0
	for {
		c, ok := r.peekByte()
		if !ok || (c != '!' && c != '?') {
			break
		}
		if n < len(b) {
			b[n] = c
		}
		n++
		r.off++
	}
	if n > 2 {
		return string(b[:]) + "...", false
	}
	s := string(b[:n])
	switch s {
	case "!", "?", "!!", "??", "!?", "?!":
		return s, true
	}
	return s, false
}

// appendSpaced appends b to the comment text, turning runs of white space
// into single spaces.
func (r *Reader) appendSpaced(b []byte, space *bool) {
	for len(b) > 0 {
		j := 0
		for j < len(b) && class[b[j]] != clSpace {
			j++
		}
		if j > 0 {
			if *space && len(r.text) > 0 {
				r.text = append(r.text, ' ')
			}
			*space = false
			r.text = append(r.text, b[:j]...)
		}
		for j < len(b) && class[b[j]] == clSpace {
			*space = true
			j++
		}
		b = b[j:]
	}
}

// readLineComment reads a comment running from after ';' to the end of
// the line.
func (r *Reader) readLineComment() string {
	return string(r.readLineCommentBytes())
}

// readLineCommentBytes is readLineComment without the copy: the text is
// valid until the next comment is read.
func (r *Reader) readLineCommentBytes() []byte {
	r.text = r.text[:0]
	space := false
	for {
		buf := r.buf[r.off:]
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			if len(r.text) < maxComment {
				r.appendSpaced(buf[:i], &space)
			}
			r.off += i + 1
			r.line++
			r.bol = true
			break
		}
		if len(r.text) < maxComment {
			r.appendSpaced(buf, &space)
		}
		r.off = len(r.buf)
		if !r.more() {
			break
		}
	}
	return r.text
}

// singleSpacedBytes reports whether the only white space in b is single
// spaces between other bytes.
func singleSpacedBytes(b []byte) bool {
	prev := byte(0)
	for _, c := range b {
		if class[c] == clSpace && (c != ' ' || prev == ' ') {
			return false
		}
		prev = c
	}
	return true
}

// readBraceComment reads a comment in braces. A comment still open when a
// line starting with '[' and a letter follows a blank line is taken to be
// unterminated: the reader stops there so that the next game can be read.
func (r *Reader) readBraceComment() (string, error) {
	b, err := r.readBraceCommentBytes()
	return string(b), err
}

// readBraceCommentBytes is readBraceComment without the copy: the text is
// valid until the next comment is read or the buffer is refilled.
func (r *Reader) readBraceCommentBytes() ([]byte, error) {
	start := r.line
	r.off++ // '{'
	// Fast path: the whole comment is in the buffer, on one line, with
	// nothing to collapse.
	if j := bytes.IndexByte(r.buf[r.off:], '}'); j >= 0 {
		seg := r.buf[r.off : r.off+j]
		a, b := 0, len(seg)
		for a < b && seg[a] == ' ' {
			a++
		}
		for b > a && seg[b-1] == ' ' {
			b--
		}
		if singleSpacedBytes(seg[a:b]) {
			r.off += j + 1
			return seg[a:b], nil
		}
	}
	r.text = r.text[:0]
	space := false
	lineBlank, prevBlank := false, false
	for {
		buf := r.buf
		i := r.off
		for i < len(buf) {
			c := buf[i]
			switch {
			case c == '}':
				r.off = i + 1
				return r.text, nil
			case c == '\n':
				r.line++
				prevBlank = lineBlank
				lineBlank = true
				space = true
				i++
			case class[c] == clSpace:
				space = true
				i++
			default:
				if c == '[' && lineBlank && prevBlank {
					r.off = i
					if c2, ok := r.peekPastLimit(); ok && (c2 >= 'A' && c2 <= 'Z' || c2 >= 'a' && c2 <= 'z') {
						r.bol = true
						return nil, r.fail(start, resyncNone, "unterminated comment")
					}
					buf = r.buf
					i = r.off
				}
				lineBlank = false
				j := i + 1
				for j < len(buf) && class[buf[j]] != clSpace && buf[j] != '}' {
					j++
				}
				if space && len(r.text) > 0 {
					r.text = append(r.text, ' ')
				}
				space = false
				r.text = append(r.text, buf[i:j]...)
				i = j
			}
		}
		r.off = i
		if len(r.text) > maxComment {
			return nil, r.fail(start, resyncMovetext, "comment too long")
		}
		if !r.more() {
			if r.ioErr != nil {
				return nil, r.ioErr
			}
			return nil, r.fail(start, resyncNone, "unterminated comment")
		}
	}
}

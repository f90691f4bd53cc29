package pgn

import (
	"bufio"
	"bytes"
	"io"
)

// A Chunk is a run of whole games cut from a PGN stream by a Splitter.
// Chunks can be read on several goroutines at once, each with a Reader of
// its own (NewChunkReader): read one after the other, they give what a
// Reader of the whole stream gives, game for game and error for error,
// with lines counted from the start of the chunk (add the lines of the
// chunks before: bytes.Count(Data, "\n")) and games numbered from it (add
// the games of the chunks before).
//
// Where the Splitter finds no place to cut within its limit (a game longer
// than the limit, a stretch of games with no blank line between them), it
// hands the text on in pieces: a chunk with More set, then the chunks that
// go on with its text, the last of them without More. Such a run of
// chunks is read by one Reader, in order (Reader.ResetRun), as one chunk
// would be; it is the unit that counts for lines and games.
type Chunk struct {
	// Data is the text. Every chunk but the last ends right before a line
	// that starts a game's tag section, unless More is set.
	Data []byte
	// Last is set on the last chunk of the stream.
	Last bool
	// Err is the error of the underlying reader that ended the stream
	// right after Data (on the last chunk only; nil at a clean end).
	Err error
	// More is set when the text goes on in the next chunk without a
	// place to cut between them (see above).
	More bool
}

// Splitter cuts a PGN byte stream into chunks of whole games, for readers
// that work in parallel. It cuts only where a Reader of the whole stream
// is sure to start a game: at a '[' that begins a line, is followed by a
// letter and comes after a blank line, where the last line that is not
// blank does not begin with '[', '%' or a byte order mark (so it is not
// in a tag section). The text between two such places is never looked at
// otherwise, so the splitter runs far faster than the readers. Where no
// such place comes within its limit (one huge game, headers only, lines
// ended by a carriage return alone), the text goes out in pieces of about
// the chunk size that one Reader reads in turn (Chunk.More), so that the
// memory of a chunk stays bounded whatever the input.
type Splitter struct {
	r     io.Reader
	size  int
	limit int    // the most a chunk holds before it goes out in pieces
	carry []byte // bytes read past the last cut (or the last piece)
	err   error  // the reader's error once it has returned one (io.EOF at the end)
	done  bool
	// In a run of pieces (the last chunk had More): a short text that
	// stands for all the text before carry, as far as finding a cut
	// looks back (see context).
	piece bool
	ctx   []byte
}

// readSize bounds one read from the underlying reader.
const readSize = 256 << 10

// cutMargin is what a chunk reads past its size to find a cut: the bytes
// it carries over to the next chunk, and copies twice, are about this
// many rather than a whole read's.
const cutMargin = 16 << 10

// NewSplitter returns a Splitter that reads r and cuts chunks of at least
// size bytes (but for the last), each ending at the first place to cut
// after size bytes, and at most DefaultChunkLimit(size) bytes: past that,
// the text goes out in pieces (Chunk.More).
func NewSplitter(r io.Reader, size int) *Splitter {
	size = max(size, 1)
	return &Splitter{r: r, size: size, limit: DefaultChunkLimit(size)}
}

// DefaultChunkLimit returns the most a chunk of a Splitter of the given
// size holds before its text goes out in pieces: four times the size, and
// at least 1 MiB.
func DefaultChunkLimit(size int) int {
	return max(4*size, 1<<20)
}

// SetChunkLimit sets the most a chunk holds before its text goes out in
// pieces, for a stream with nowhere to cut (at least the chunk size, and
// a few bytes). It changes neither the games read nor their order.
func (s *Splitter) SetChunkLimit(n int) {
	s.limit = max(n, s.size, 2)
}

// Next returns the next chunk. Its Data uses buf's memory when buf is
// large enough (buf may be the Data of an earlier chunk no longer in
// use). After the last chunk Next returns io.EOF; errors of the
// underlying reader come in the last chunk's Err.
func (s *Splitter) Next(buf []byte) (Chunk, error) {
	if s.done {
		return Chunk{}, io.EOF
	}
	// In a run of pieces, data starts with the context of the text before
	// (pre bytes, not handed out again), and any place to cut ends the run.
	data := append(append(buf[:0], s.ctx...), s.carry...)
	pre, least, limit := 0, s.size, s.limit
	if s.piece {
		pre, least, limit = len(s.ctx), len(s.ctx), len(s.ctx)+s.size
	}
	s.carry = s.carry[:0]
	from := pre // where the search for a cut goes on
	for {
		if len(data) > least {
			cut, next := findCut(data, max(from, least))
			if cut >= 0 {
				s.carry = append(s.carry, data[cut:]...)
				s.piece, s.ctx = false, s.ctx[:0]
				return Chunk{Data: data[pre:cut]}, nil
			}
			from = next
		}
		if s.err != nil {
			s.done = true
			if len(data) == pre && s.err == io.EOF && !s.piece {
				return Chunk{}, io.EOF
			}
			c := Chunk{Data: data[pre:], Last: true}
			if s.err != io.EOF {
				c.Err = s.err
			}
			return c, nil
		}
		if len(data) >= limit && from > pre {
			// No place to cut within the limit: the text up to from, where
			// none can be, goes out as a piece, and the rest waits.
			s.carry = append(s.carry, data[from:]...)
			s.ctx = context(s.ctx[:0], data[:from])
			s.piece = true
			return Chunk{Data: data[pre:from], More: true}, nil
		}
		// Up to the size and a margin past it; then, while no cut is found
		// (a long game), pieces that grow with what was read past the size,
		// up to the limit.
		want := s.size + cutMargin - len(data)
		if want <= 0 {
			want = max(cutMargin, len(data)-s.size)
		}
		want = min(want, readSize, max(limit-len(data), 1))
		if cap(data)-len(data) < want {
			grown := make([]byte, len(data), max(2*cap(data), len(data)+want, min(s.size+s.size/4+readSize, limit+cutMargin)))
			copy(grown, data)
			data = grown
		}
		n, err := s.r.Read(data[len(data) : len(data)+want])
		data = data[:len(data)+n]
		if err != nil {
			s.err = err
		}
	}
}

// context appends to dst a short text that stands for text as far as
// findCut looks back from a '[' after it: the first byte of the last line
// that is not blank (without the white space before it), then the
// newlines of the white space after that line (two at most, for the blank
// line before the '['), without the other white space, which findCut
// skips. The text to cut that follows it is searched with dst before it.
func context(dst, text []byte) []byte {
	p := len(text) - 1
	nl := 0
	for p >= 0 && class[text[p]] == clSpace {
		if text[p] == '\n' {
			nl++
		}
		p--
	}
	if p < 0 {
		// White space only (the start of the stream): nothing before it
		// starts a line that is not blank.
		return append(dst, "\n\n"[:min(nl, 2)]...)
	}
	ls := bytes.LastIndexByte(text[:p], '\n') + 1
	for inlineSpace(text[ls]) {
		ls++
	}
	dst = append(dst, text[ls])
	return append(dst, "\n\n"[:min(nl, 2)]...)
}

// findCut returns the first place to cut data at or after from (the
// index of the '[' that starts the next chunk), or -1 and where to search
// again once more bytes are read.
func findCut(data []byte, from int) (cut, next int) {
	i := max(from-1, 0) // a "\n[" whose '[' is at from or later
	for {
		j := bytes.Index(data[i:], []byte("\n["))
		if j < 0 {
			return -1, max(len(data)-1, from)
		}
		k := i + j + 1 // the '['
		if k < from {
			i = k
			continue
		}
		if k+1 >= len(data) {
			return -1, k - 1 // the letter is not read yet
		}
		if startsGame(data, k) {
			return k, 0
		}
		i = k
	}
}

// startsGame reports whether a Reader of the whole stream is sure to
// start a game at data[k], a '[' at the start of a line with data[k+1]
// read: see Splitter.
func startsGame(data []byte, k int) bool {
	if c := data[k+1]; !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
		return false
	}
	// The line before is blank.
	i := k - 2 // data[k-1] is the newline
	for i >= 0 && inlineSpace(data[i]) {
		i--
	}
	if i < 0 || data[i] != '\n' {
		return false
	}
	// The last line that is not blank.
	for i >= 0 && class[data[i]] == clSpace {
		i--
	}
	if i < 0 {
		return false
	}
	ls := bytes.LastIndexByte(data[:i], '\n') + 1
	for inlineSpace(data[ls]) {
		ls++
	}
	switch data[ls] {
	case '[', '%', 0xEF:
		return false // maybe a tag section (or an escape line, a byte order mark)
	}
	return true
}

// inlineSpace reports whether c is white space other than a newline.
func inlineSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// NewChunkReader returns a Reader of the games of c. It reads c.Data in
// place (no copy), with the limits of a Reader of the whole stream.
func NewChunkReader(c Chunk) *Reader {
	r := &Reader{}
	r.ResetChunk(c)
	return r
}

// Lines returns the number of newlines r has read past: once a Reader of
// a chunk has returned io.EOF, the lines of the chunk (bytes.Count of its
// Data and "\n"), by which the lines of the chunks after it move on.
func (r *Reader) Lines() int { return r.line - 1 }

// ResetChunk makes r a Reader of the games of c, as NewChunkReader does,
// keeping the memory r has for its work.
func (r *Reader) ResetChunk(c Chunk) {
	r.resetStack() // what the frames point to is let go
	*r = Reader{
		src:      c.Data,
		endErr:   c.Err,
		followed: !c.Last,
		line:     1,
		bol:      true,
		maxGame:  r.maxGame,
		// Working memory kept.
		text:      r.text[:0],
		tags:      r.tags[:0],
		stack:     r.stack[:0],
		moveCache: r.moveCache,
		tagCache:  r.tagCache,
		lean:      r.lean[:0],
		pend:      r.pend[:0],
		vpend:     r.vpend[:0],
	}
}

// ResetRun makes r a Reader of the games of a run of chunks (see Chunk):
// first, and, if first.More is set, the chunks next returns, up to the
// first one without More, read in turn. Without More it is ResetChunk.
// Such a run is read through a buffer of the Reader's size, as a Reader
// of the whole stream reads it, so that its memory does not grow with the
// run; Lines and the games counted are those of the whole run. next is
// called when the reader has done with the chunk before (whose memory
// may then hold the next one), and not after the last chunk of the run.
func (r *Reader) ResetRun(first Chunk, next func() Chunk) {
	if !first.More {
		r.ResetChunk(first)
		return
	}
	r.ResetChunk(Chunk{})
	src := &runSource{r: r, data: first.Data, next: next}
	r.br = bufio.NewReaderSize(src, bufSize)
}

// runSource reads the text of a run of chunks for a Reader: it sets the
// Reader's followed and returns the run's error (io.EOF at a clean end)
// once the last chunk is read.
type runSource struct {
	r    *Reader
	data []byte
	next func() Chunk
	done bool  // the last chunk of the run has been fetched
	err  error // what to return once done and data is read
}

func (s *runSource) Read(p []byte) (int, error) {
	for len(s.data) == 0 {
		if s.done {
			return 0, s.err
		}
		c := s.next()
		s.data = c.Data
		if !c.More {
			s.done = true
			s.r.followed = !c.Last
			s.err = io.EOF
			if c.Err != nil {
				s.err = c.Err
			}
		}
	}
	n := copy(p, s.data)
	s.data = s.data[n:]
	return n, nil
}

package pgn

import (
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
type Chunk struct {
	// Data is the text. Every chunk but the last ends right before a line
	// that starts a game's tag section.
	Data []byte
	// Last is set on the last chunk of the stream.
	Last bool
	// Err is the error of the underlying reader that ended the stream
	// right after Data (on the last chunk only; nil at a clean end).
	Err error
}

// Splitter cuts a PGN byte stream into chunks of whole games, for readers
// that work in parallel. It cuts only where a Reader of the whole stream
// is sure to start a game: at a '[' that begins a line, is followed by a
// letter and comes after a blank line, where the last line that is not
// blank does not begin with '[', '%' or a byte order mark (so it is not
// in a tag section). The text between two such places is never looked at
// otherwise, so the splitter runs far faster than the readers; a stream
// without such a place (one huge game, headers only, lines ended by a
// carriage return alone) is one chunk.
type Splitter struct {
	r     io.Reader
	size  int
	carry []byte // bytes read past the last cut
	err   error  // the reader's error once it has returned one (io.EOF at the end)
	done  bool
}

// readSize bounds one read from the underlying reader.
const readSize = 256 << 10

// cutMargin is what a chunk reads past its size to find a cut: the bytes
// it carries over to the next chunk, and copies twice, are about this
// many rather than a whole read's.
const cutMargin = 16 << 10

// NewSplitter returns a Splitter that reads r and cuts chunks of at least
// size bytes (but for the last), each ending at the first place to cut
// after size bytes.
func NewSplitter(r io.Reader, size int) *Splitter {
	return &Splitter{r: r, size: max(size, 1)}
}

// Next returns the next chunk. Its Data uses buf's memory when buf is
// large enough (buf may be the Data of an earlier chunk no longer in
// use). After the last chunk Next returns io.EOF; errors of the
// underlying reader come in the last chunk's Err.
func (s *Splitter) Next(buf []byte) (Chunk, error) {
	if s.done {
		return Chunk{}, io.EOF
	}
	data := append(buf[:0], s.carry...)
	s.carry = s.carry[:0]
	from := 0 // where the search for a cut goes on
	for {
		if len(data) > s.size {
			cut, next := findCut(data, max(from, s.size))
			if cut >= 0 {
				s.carry = append(s.carry, data[cut:]...)
				return Chunk{Data: data[:cut]}, nil
			}
			from = next
		}
		if s.err != nil {
			s.done = true
			if len(data) == 0 && s.err == io.EOF {
				return Chunk{}, io.EOF
			}
			c := Chunk{Data: data, Last: true}
			if s.err != io.EOF {
				c.Err = s.err
			}
			return c, nil
		}
		// Up to the size and a margin past it; then, while no cut is found
		// (a long game), pieces that grow with what was read past the size.
		want := s.size + cutMargin - len(data)
		if want <= 0 {
			want = max(cutMargin, len(data)-s.size)
		}
		want = min(want, readSize)
		if cap(data)-len(data) < want {
			grown := make([]byte, len(data), max(2*cap(data), len(data)+readSize, s.size+s.size/4+readSize))
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

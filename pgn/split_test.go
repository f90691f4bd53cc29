package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// chunkOutcome is one item read from a stream: a game's main line (its
// text form), or a syntax error, with game and line numbers of the whole
// stream.
type chunkOutcome struct {
	text string
	err  SyntaxError
}

// serialMainLines reads data with one Reader, main lines only.
func serialMainLines(t testing.TB, data []byte) ([]chunkOutcome, error) {
	t.Helper()
	return serialMainLinesLimit(t, data, 0)
}

// serialMainLinesLimit is serialMainLines with a limit on a game's text
// (0: the default).
func serialMainLinesLimit(t testing.TB, data []byte, maxGame int) ([]chunkOutcome, error) {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	r.SetMaxGameBytes(maxGame)
	return drainMainLines(t, r, 0, 0, len(data))
}

// splitLimits are the limits of a chunked read: the Splitter's chunk
// limit and the Readers' limit on a game's text (0: the defaults).
type splitLimits struct {
	chunk, game int
}

// drainMainLines reads every item of r, adding lines and games to the
// numbers it reports.
func drainMainLines(t testing.TB, r *Reader, lines, games, size int) ([]chunkOutcome, error) {
	t.Helper()
	var out []chunkOutcome
	var ml MainLine
	for i := 0; ; i++ {
		if i > size+1 {
			t.Fatalf("ReadMainLine called %d times on %d bytes", i, size)
		}
		err := r.ReadMainLine(&ml)
		if err == io.EOF {
			return out, nil
		}
		var se *SyntaxError
		if errors.As(err, &se) {
			e := *se
			e.Game += games
			e.Line += lines
			out = append(out, chunkOutcome{err: e})
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, chunkOutcome{text: mainLineText(&ml, lines)})
	}
}

// mainLineText writes everything a MainLine holds.
func mainLineText(ml *MainLine, lines int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "line %d result %q tags %q moves", ml.Line+lines, ml.Result, ml.Tags())
	for i := range ml.Len() {
		fmt.Fprintf(&b, " %s%q", ml.SAN(i), ml.After(i))
	}
	return b.String()
}

// chunkedMainLines reads data cut by a Splitter of the given size (the
// input read through src), a Reader for each chunk or run of chunks.
func chunkedMainLines(t testing.TB, src io.Reader, size, total int) ([]chunkOutcome, int, error) {
	t.Helper()
	return chunkedMainLinesLimits(t, src, size, total, splitLimits{})
}

// chunkedMainLinesLimits is chunkedMainLines with the given limits. It
// checks that no chunk is much longer than the chunk limit, and counts a
// run of chunks as one.
func chunkedMainLinesLimits(t testing.TB, src io.Reader, size, total int, lim splitLimits) ([]chunkOutcome, int, error) {
	t.Helper()
	s := NewSplitter(src, size)
	limit := DefaultChunkLimit(max(size, 1))
	if lim.chunk > 0 {
		s.SetChunkLimit(lim.chunk)
		limit = max(lim.chunk, size, 2)
	}
	var out []chunkOutcome
	lines, games, chunks := 0, 0, 0
	var buf []byte
	var r Reader
	r.SetMaxGameBytes(lim.game)
	for {
		c, err := s.Next(buf)
		if err == io.EOF {
			return out, chunks, nil
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		chunks++
		if !c.Last && !c.More && (len(c.Data) < size || c.Data[len(c.Data)-1] != '\n') {
			t.Fatalf("chunk of %d bytes (size %d) ending %q", len(c.Data), size, c.Data[max(0, len(c.Data)-10):])
		}
		// The text of the chunk, or of the run of chunks it starts.
		text := c.Data
		checkSize := func(c Chunk) {
			if len(c.Data) > limit+cutMargin {
				t.Fatalf("chunk of %d bytes, over the limit of %d", len(c.Data), limit)
			}
		}
		checkSize(c)
		if c.More {
			text = append([]byte(nil), c.Data...)
			var prev []byte // the piece before, which the reader is done with
			r.ResetRun(c, func() Chunk {
				n, err := s.Next(prev)
				if err != nil {
					t.Fatalf("Next in a run: %v", err)
				}
				checkSize(n)
				if !n.More && !n.Last && len(n.Data) > 0 && n.Data[len(n.Data)-1] != '\n' {
					t.Fatalf("a run ends with %q, not before a tag section", n.Data[max(0, len(n.Data)-10):])
				}
				text = append(text, n.Data...)
				c, prev = n, n.Data
				return n
			})
		} else {
			r.ResetChunk(c)
		}
		got, rerr := drainMainLines(t, &r, lines, games, total)
		out = append(out, got...)
		if rerr != nil {
			return out, chunks, rerr
		}
		n := bytes.Count(text, []byte("\n"))
		if r.Lines() != n {
			t.Fatalf("chunk of %d bytes: the reader went past %d newlines, the chunk has %d", len(text), r.Lines(), n)
		}
		if c.Last {
			if _, err := s.Next(buf); err != io.EOF {
				t.Fatalf("Next after the last chunk: %v", err)
			}
			return out, chunks, nil
		}
		lines += n
		games += r.games
		buf = c.Data
	}
}

// checkChunked fails the test if reading data in chunks of the given size
// differs from reading it whole.
func checkChunked(t testing.TB, data []byte, size int) int {
	t.Helper()
	return checkChunkedLimits(t, data, size, splitLimits{})
}

// checkChunkedLimits is checkChunked with the given limits.
func checkChunkedLimits(t testing.TB, data []byte, size int, lim splitLimits) int {
	t.Helper()
	want, werr := serialMainLinesLimit(t, data, lim.game)
	got, chunks, gerr := chunkedMainLinesLimits(t, iotest.HalfReader(bytes.NewReader(data)), size, len(data), lim)
	if fmt.Sprint(werr) != fmt.Sprint(gerr) {
		t.Fatalf("size %d: error %v, want %v", size, gerr, werr)
	}
	if len(got) != len(want) {
		t.Fatalf("size %d: %d items, want %d\n got %v\nwant %v", size, len(got), len(want), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("size %d, item %d:\n got %+v\nwant %+v", size, i, got[i], want[i])
		}
	}
	return chunks
}

// TestSplitterChunksReadAsTheWholeStream reads the public test files, and
// texts made to sit on the edge of a cut, in chunks of many sizes and
// compares every game and error with one Reader of the whole stream.
func TestSplitterChunksReadAsTheWholeStream(t *testing.T) {
	var all []byte
	for _, rel := range []string{"real/lichess_db_1000k.pgn", "real/twic1599_1000k.pgn", "real/uzchesscup.pgn"} {
		data := readTestFile(t, rel)
		all = append(all, data[:min(len(data), 200_000)]...)
		all = append(all, "\n\n"...)
	}
	if n := checkChunked(t, all, 4096); n < 50 {
		t.Fatalf("%d chunks: the splitter found too few places to cut", n)
	}
	for _, size := range []int{1, 100, 65536} {
		checkChunked(t, all, size)
	}
	edges := []string{
		"[Event \"a\"]\n\n1. e4 (1. d4\n\n[Event \"b\"]\n\n1. d4 *",       // open variation before a tag section
		"[Event \"a\"]\n\n1. e4 {open\n\n[Event \"b\"]\n\n1. d4 *",        // open comment
		"[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n*",    // a blank line inside a header
		"[Event \"a\"]\n\n[Event \"b\"]\n\n[Event \"c\"]\n",               // header-only games
		"1. e4 *\n%escape\n\n[Event \"b\"]\n*",                            // an escape line
		"1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",                 // CRLF
		"1. e4 *\n \t\n  [Event \"b\"]\n*\n\n[%clk 1:00]\n\n[1 \"x\"]\n*", // indented, not a letter
		"1. Kx9 *\n[Foo \"x\"]\n\n[Event \"b\"]\n1. e4 *",                 // resynchronising after an error
		"[Event \"a\n\n[Site \"b\"]\n*",                                   // a broken tag line
		"{c}\n\n[Event \"b\"]\n*\n\n\xef\xbb\xbf[Event \"c\"]\n*",         // comment-only, BOM
	}
	for _, e := range edges {
		for size := 1; size <= len(e); size++ {
			checkChunked(t, []byte(e), size)
		}
	}
}

// TestSplitterPassesOnReadErrors checks that an error of the underlying
// reader comes out after the games read before it, as from one Reader.
func TestSplitterPassesOnReadErrors(t *testing.T) {
	data := readTestFile(t, "real/uzchesscup.pgn")
	boom := errors.New("boom")
	for _, at := range []int{0, 1, 5000, 12345, len(data) - 1} {
		src := io.MultiReader(bytes.NewReader(data[:at]), iotest.ErrReader(boom))
		want, werr := drainMainLines(t, NewReader(io.MultiReader(bytes.NewReader(data[:at]), iotest.ErrReader(boom))), 0, 0, at)
		got, _, gerr := chunkedMainLines(t, src, 1000, at)
		if werr != boom || gerr != boom {
			t.Fatalf("cut at %d: errors %v and %v, want boom", at, werr, gerr)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("cut at %d: chunks give\n%v\nwant\n%v", at, got, want)
		}
	}
}

// TestSplitterWithoutPlaceToCut checks that a stream with nowhere to cut
// comes out whole, in one chunk.
func TestSplitterWithoutPlaceToCut(t *testing.T) {
	data := strings.Repeat("[Event \"x\"]\n\n", 1000)
	s := NewSplitter(strings.NewReader(data), 100)
	c, err := s.Next(nil)
	if err != nil || !c.Last || string(c.Data) != data {
		t.Fatalf("chunk of %d bytes, last %v, err %v", len(c.Data), c.Last, err)
	}
	if _, err := s.Next(nil); err != io.EOF {
		t.Fatalf("then %v, want io.EOF", err)
	}
}

// FuzzSplitter cuts arbitrary bytes with small chunk sizes and checks
// that the chunks read as the whole stream does; also with small chunk
// limits (runs of pieces) and a limit on a game's text below the input's
// size.
func FuzzSplitter(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("[Event \"a\"]\n\n1. e4 (1. d4\n\n[Event \"b\"]\n\n1. d4 *"))
	f.Add([]byte("1. e4 *\n \t\n  [Event \"b\"]\n*\n\n[%clk 1:00]\n\n[x \"x\"]\n*"))
	f.Add([]byte("[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 d5 0-1\n\n\n \n[Event \"c\"]\n*"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, size := range []int{1, 7, 64} {
			checkChunked(t, data, size)
			checkChunkedLimits(t, data, size, splitLimits{chunk: 2 * size, game: len(data)/3 + 1})
		}
	})
}

// TestChunkReaderKeepsTheReadersLimits checks that a Reader of a chunk,
// which reads the chunk in place, stops at the same limits as a Reader
// of the whole stream (64 KiB for a tag line or a token, 1 MiB for a
// comment), with the same errors.
func TestChunkReaderKeepsTheReadersLimits(t *testing.T) {
	long := strings.Repeat("a", 70_000)
	data := "[Event \"" + long + "\"]\n\n1. e4 *\n\n" +
		"[Event \"x\"]\n\n1. " + long + " *\n\n" +
		"[Event \"y\"]\n\n1. e4 {" + strings.Repeat("comment ", 150_000) + "} *\n\n" +
		"[Event \"z\"]\n\n1. e4 {" + strings.Repeat("word\n", 250_000) + "} *\n\n" +
		"[Event \"fits\"]\n\n1. e4 e5 *\n"
	for _, size := range []int{1, 1000, 100_000, 1 << 22} {
		checkChunked(t, []byte(data), size)
	}
	want, _ := serialMainLines(t, []byte(data))
	if len(want) != 5 || want[0].err.Msg != "tag line too long" || want[1].err.Msg != "token too long" || want[4].text == "" {
		t.Fatalf("the limits were not met as expected: %+v", want)
	}
}

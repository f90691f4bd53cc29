package pgn

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// limitText is three games, the second of them about 2,300 bytes (402 plies) of
// knights going back and forth, with a comment, a variation and NAGs.
var limitText = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n" +
	"[Event \"long\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 {go} (1. d4 $1) Nf6 $2 " + strings.Repeat("2. Ng1 Ng8 3. Nf3 Nf6 ", 100) + "1/2-1/2\n\n" +
	"[Event \"b\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n"

// TestGameOverTheLimitIsAnErrorAndTheNextGamesAreRead reads a long game
// between two short ones with a limit below its size: it is a
// *SyntaxError with the limit, at the game's number and first line, and
// the game after it is read as without the limit, by Read and by
// ReadMainLine.
func TestGameOverTheLimitIsAnErrorAndTheNextGamesAreRead(t *testing.T) {
	data := []byte(limitText)
	whole := readAll(t, data)
	if len(whole) != 3 || whole[1].game == nil || len(whole[1].game.Moves) != 402 {
		t.Fatalf("without a limit: %+v", whole)
	}
	for _, limit := range []int{100, 1000, 2000} {
		got := readAllLimit(t, data, limit)
		if len(got) != 3 || got[0].game == nil || got[2].game == nil {
			t.Fatalf("limit %d: %+v", limit, got)
		}
		se := got[1].err
		if se == nil || se.Limit != limit || se.Game != 2 || se.Line != 6 || !strings.Contains(se.Msg, "longer than") {
			t.Fatalf("limit %d: the long game gives %+v", limit, got[1])
		}
		if g := got[2].game; g.Tag("Event") != "b" || sans(g.Moves) != "d4 d5" || g.Line != whole[2].game.Line {
			t.Fatalf("limit %d: the game after it: %+v", limit, g)
		}
		for _, mixed := range []bool{false, true} {
			compareMainLineLimit(t, data, mixed, limit)
		}
	}
	// Other errors have no limit.
	for _, o := range readAll(t, []byte("1. e4 )) *\n")) {
		if o.err != nil && o.err.Limit != 0 {
			t.Fatalf("a syntax error with a limit: %+v", o.err)
		}
	}
}

// TestGameLimitCountsTheByteThatEndsTheGame pins down what the limit
// counts: the game's text from its first byte up to the byte that shows
// where it ends ("*" ends a game by itself; "1-0" needs the byte after
// it, even at the end of the input).
func TestGameLimitCountsTheByteThatEndsTheGame(t *testing.T) {
	for _, c := range []struct {
		text string
		fits int // the least limit the game fits in
	}{
		{"1. e4 *", 7},
		{"1. e4 1-0", 10},
		{"1. e4 1-0\n\n", 10},
		{"  [A \"b\"]\n1. e4 *\n", 15},
	} {
		for limit := 1; limit <= len(c.text)+2; limit++ {
			out := readAllLimit(t, []byte(c.text), limit)
			if len(out) != 1 {
				t.Fatalf("%q, limit %d: %+v", c.text, limit, out)
			}
			if tooLong := out[0].err != nil && out[0].err.Limit == limit; tooLong != (limit < c.fits) {
				t.Fatalf("%q, limit %d: %+v (fits from %d)", c.text, limit, out[0], c.fits)
			}
		}
	}
}

// TestGameLimitSameInChunksAndRuns reads texts with every limit on a
// game's text, whole and cut by Splitters of several sizes and chunk
// limits (runs of pieces among them), and checks that the errors and
// games are the same: where a game goes past the limit depends on the
// text alone, not on the buffer or the chunk it is read from.
func TestGameLimitSameInChunksAndRuns(t *testing.T) {
	texts := []string{
		limitText,
		"1. e4 {a comment\nover lines} (1. d4 (1. c4)) e5 1-0\n[Event \"no blank line\"]\n1. d4 *\n\n[Event \"x\"]\n\n*",
		"[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n\n[Event \"d\"]\n[Event \"e\"]\n",
	}
	for _, text := range texts {
		data := []byte(text)
		step := max(1, len(data)/80)
		for limit := 1; limit <= len(data)+2; limit += step {
			for _, size := range []int{1, 64, 1000} {
				for _, chunk := range []int{0, 2, 100} {
					checkChunkedLimits(t, data, size, splitLimits{chunk: chunk, game: limit})
				}
			}
		}
	}
	// A game longer than the reader's buffer, with limits around its end
	// and around the ends of the buffer.
	game := "[Event \"long\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 10_000) + "*"
	data := []byte(game + "\n\n[Event \"after\"]\n\n1. e4 *\n")
	var limits []int
	for _, at := range []int{len(game), bufSize, 2 * bufSize} {
		for d := -2; d <= 1; d++ {
			limits = append(limits, at+d)
		}
	}
	for _, limit := range limits {
		for _, size := range []int{100, 200_000} {
			for _, chunk := range []int{0, 30_000} {
				checkChunkedLimits(t, data, size, splitLimits{chunk: chunk, game: limit})
			}
		}
	}
	if out := readAllLimit(t, data, len(game)); len(out) != 2 || out[0].game == nil {
		t.Fatalf("a game of %d bytes with a limit of as many: %+v", len(game), out)
	}
	if out := readAllLimit(t, data, len(game)-1); len(out) != 2 || out[0].err == nil || out[1].game == nil {
		t.Fatalf("a game of %d bytes with a limit of one less: %+v", len(game), out)
	}
}

// TestSplitterPiecesWhereItCannotCut checks that a stream with nowhere
// to cut comes out in pieces no larger than the chunk limit (each but the
// last with More), which put together are the input, and that one Reader
// of the pieces reads what a Reader of the whole stream reads.
func TestSplitterPiecesWhereItCannotCut(t *testing.T) {
	// Games with no blank line between them: no place to cut.
	var b strings.Builder
	for i := range 3000 {
		b.WriteString("[Event \"x\"]\n[Round \"")
		b.WriteString(strings.Repeat("1", i%7+1))
		b.WriteString("\"]\n1. e4 e5 2. Nf3 {c} Nc6 1-0\n")
	}
	data := []byte(b.String())
	s := NewSplitter(bytes.NewReader(data), 1000)
	s.SetChunkLimit(5000)
	var all []byte
	pieces := 0
	for {
		c, err := s.Next(nil)
		if err != nil {
			t.Fatalf("after %d pieces: %v", pieces, err)
		}
		pieces++
		if len(c.Data) > 5000+cutMargin {
			t.Fatalf("piece %d: %d bytes", pieces, len(c.Data))
		}
		all = append(all, c.Data...)
		if c.More == c.Last {
			t.Fatalf("piece %d: More %v, Last %v", pieces, c.More, c.Last)
		}
		if c.Last {
			break
		}
	}
	if !bytes.Equal(all, data) || pieces < len(data)/5000 {
		t.Fatalf("%d pieces of %d bytes, the input has %d", pieces, len(all), len(data))
	}
	for _, lim := range []splitLimits{{chunk: 5000}, {chunk: 2}, {chunk: 5000, game: 40}} {
		checkChunkedLimits(t, data, 1000, lim)
	}
}

// TestRunReadErrorAfterItsGames checks that an error of the underlying
// reader in the middle of a run of pieces comes after the games read
// before it, as from one Reader.
func TestRunReadErrorAfterItsGames(t *testing.T) {
	data := []byte(strings.Repeat("[Event \"x\"]\n1. e4 e5 1-0\n", 500))
	boom := errors.New("boom")
	for _, at := range []int{0, 7, 3000, len(data) - 1} {
		want, werr := drainMainLines(t, NewReader(io.MultiReader(bytes.NewReader(data[:at]), &errAfter{boom})), 0, 0, at)
		got, _, gerr := chunkedMainLinesLimits(t, io.MultiReader(bytes.NewReader(data[:at]), &errAfter{boom}), 100, at, splitLimits{chunk: 300})
		if werr != boom || gerr != boom {
			t.Fatalf("cut at %d: errors %v and %v, want boom", at, werr, gerr)
		}
		if len(got) != len(want) {
			t.Fatalf("cut at %d: %d items, want %d", at, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("cut at %d, item %d: %+v, want %+v", at, i, got[i], want[i])
			}
		}
	}
}

// errAfter is a reader that fails with err.
type errAfter struct{ err error }

func (e *errAfter) Read([]byte) (int, error) { return 0, e.err }

package winnable

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// vectorEntry is one line of the test vector.
type vectorEntry struct {
	line int
	want string
	fen  string
	pos  *chess.Position
}

var vectorPath = filepath.Join("..", "testdata", "unwinnable", "test-vector.txt")

func loadVector(t testing.TB) []vectorEntry {
	t.Helper()
	f, err := os.Open(vectorPath)
	if err != nil {
		t.Fatalf("the test vector must be at %s: %v", vectorPath, err)
	}
	defer f.Close()
	var out []vectorEntry
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		want, fen, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("line %d: malformed %q", n, line)
		}
		fen = strings.TrimSpace(fen)
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		out = append(out, vectorEntry{line: n, want: want, fen: fen, pos: p})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVector decides every position of the test vector and
// requires the expected class, no undecided answer, and a checkmating line
// (checked move by move) for every side found able to mate. Positions are
// shared among goroutines, which also exercises concurrent use.
func TestVector(t *testing.T) {
	entries := loadVector(t)
	results := make([]Result, len(entries))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = Analyze(entries[i].pos)
			}
		}()
	}
	for i := range entries {
		next <- i
	}
	close(next)
	wg.Wait()
	wrong, undecided := 0, 0
	for i, e := range entries {
		r := results[i]
		if !r.Decided {
			undecided++
			t.Errorf("line %d: undecided (answered %s, want %s): %s", e.line, r.Class(), e.want, e.fen)
		}
		if r.Class() != e.want {
			wrong++
			t.Errorf("line %d: got %s, want %s: %s", e.line, r.Class(), e.want, e.fen)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) && !matesBy(e.pos, c, r.Lines[c]) {
				t.Errorf("line %d: the line given for %v does not end in its checkmate: %s", e.line, c, e.fen)
			}
		}
	}
	t.Logf("%d positions: %d wrong, %d undecided", len(entries), wrong, undecided)
}

// matesBy replays line from p and reports whether it ends with c having
// checkmated (an empty line: p itself is that checkmate).
func matesBy(p *chess.Position, c chess.Color, line []chess.Move) bool {
	q := *p
	var ml chess.MoveList
	for _, m := range line {
		q.LegalMoves(&ml)
		if !ml.Contains(m) {
			return false
		}
		q.Make(m)
	}
	q.LegalMoves(&ml)
	return ml.Len() == 0 && q.InCheck() && q.Turn() != c
}

package winnable

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// vectorEntry is one line of the shared test vector.
type vectorEntry struct {
	line int
	want string
	fen  string
	pos  *chess.Position
}

var vectorPath = filepath.Join("..", "..", "shared", "testdata", "unwinnable", "test-vector.txt")

func loadVector(t testing.TB) []vectorEntry {
	t.Helper()
	f, err := os.Open(vectorPath)
	if err != nil {
		t.Skipf("test vector not available: %v", err)
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

func TestAbstractOnVector(t *testing.T) {
	var proved, missed, unsound int
	for _, e := range loadVector(t) {
		var ex explorer
		imp := ex.run(e.pos, [2]bool{true, true})
		for c, ch := range []byte{'W', 'B'} {
			can := e.want[c] == ch
			if imp[c] {
				if can {
					unsound++
					t.Errorf("line %d: %s says %c cannot: %s", e.line, e.want, ch, e.fen)
				} else {
					proved++
				}
			} else if !can {
				missed++
				if testing.Verbose() {
					t.Logf("missed %c line %d: %s %s", ch, e.line, e.want, e.fen)
				}
			}
		}
	}
	t.Logf("proved %d, missed %d, unsound %d", proved, missed, unsound)
}

func TestVectorAll(t *testing.T) {
	bad, undecided := 0, 0
	for _, e := range loadVector(t) {
		r := Analyze(e.pos)
		if !r.Decided {
			undecided++
			t.Logf("undecided line %d: %s got %s nodes %d %s", e.line, e.want, r.Class(), r.Nodes, e.fen)
		}
		if r.Class() != e.want {
			bad++
			t.Errorf("line %d: want %s got %s (decided %v, nodes %d) %s", e.line, e.want, r.Class(), r.Decided, r.Nodes, e.fen)
		}
	}
	t.Logf("%d wrong, %d undecided", bad, undecided)
}

func TestKingSearchOnVector(t *testing.T) {
	var proved, missed, unsound, absProved int
	var ks kingSearch
	var ex explorer
	for _, e := range loadVector(t) {
		imp := ex.run(e.pos, [2]bool{true, true})
		kimp := ks.run(e.pos, [2]bool{!imp[0], !imp[1]})
		for c, ch := range []byte{'W', 'B'} {
			can := e.want[c] == ch
			if imp[c] {
				absProved++
			}
			if kimp[c] {
				if can {
					unsound++
					t.Errorf("line %d: %s says %c cannot: %s", e.line, e.want, ch, e.fen)
				} else {
					proved++
				}
			} else if !can && !imp[c] {
				missed++
				if testing.Verbose() {
					t.Logf("missed %c line %d: %s %s", ch, e.line, e.want, e.fen)
				}
			}
		}
	}
	t.Logf("abstract %d, king search %d more, missed %d, unsound %d", absProved, proved, missed, unsound)
}

func TestWideOnVector(t *testing.T) {
	var proved, unsound, extra int
	var w wideState
	var ex explorer
	for _, e := range loadVector(t) {
		imp := wideImpossible(e.pos, [2]bool{true, true}, &w)
		abs := ex.run(e.pos, [2]bool{true, true})
		for c, ch := range []byte{'W', 'B'} {
			can := e.want[c] == ch
			if imp[c] {
				if can {
					unsound++
					t.Errorf("line %d: %s says %c cannot: %s", e.line, e.want, ch, e.fen)
				} else {
					proved++
					if !abs[c] {
						extra++
						t.Logf("wide beyond abstract: line %d %c %s", e.line, ch, e.fen)
					}
				}
			}
		}
	}
	t.Logf("wide proved %d (%d beyond the abstract search), unsound %d", proved, extra, unsound)
}

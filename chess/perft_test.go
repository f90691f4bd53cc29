package chess

import (
	"os"
	"path/filepath"
	"testing"
)

// suitePath is where the public perft suites are (testdata/perft), relative to this package.
func suitePath(name string) string {
	return filepath.Join("..", "testdata", "perft", name)
}

func loadSuite(t *testing.T, name string) []PerftCase {
	t.Helper()
	f, err := os.Open(suitePath(name))
	if err != nil {
		t.Fatalf("perft suite: %v", err)
	}
	defer f.Close()
	cases, err := ReadPerftSuite(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	return cases
}

// runSuite checks every expected count of a suite whose node count is at
// most maxNodes (the deeper counts are run by "arbiter perft --epd").
func runSuite(t *testing.T, name string, maxNodes uint64) {
	checked := 0
	for _, c := range loadSuite(t, name) {
		p, _, err := ParseFENWith(c.FEN, Options{Chess960: c.Chess960}, true)
		if err != nil {
			t.Errorf("%s line %d: %v", name, c.Line, err)
			continue
		}
		for _, e := range c.Expected {
			if e.Nodes > maxNodes {
				continue
			}
			if got := Perft(p, e.Depth); got != e.Nodes {
				t.Errorf("%s line %d (%s) %s: perft %d = %d, want %d", name, c.Line, c.ID, c.FEN, e.Depth, got, e.Nodes)
			}
			checked++
		}
	}
	t.Logf("%s: %d counts checked", name, checked)
	if checked == 0 {
		t.Errorf("%s: nothing checked", name)
	}
}

func TestPerftTricky(t *testing.T) { runSuite(t, "tricky.perft", 5_000_000) }

func TestPerftSuiteEPD(t *testing.T) {
	limit := uint64(5_000_000)
	if testing.Short() {
		limit = 200_000
	}
	runSuite(t, "perftsuite.epd", limit)
}

func TestPerftChess960(t *testing.T) {
	limit := uint64(1_000_000)
	if testing.Short() {
		limit = 50_000
	}
	runSuite(t, "chess960.perft", limit)
}

func TestPerftRandom(t *testing.T) {
	limit := uint64(100_000)
	if testing.Short() {
		limit = 5_000
	}
	runSuite(t, "random.perft", limit)
}

package chess

import (
	"os"
	"path/filepath"
	"strings"
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
		p, notes, err := ParseFENWith(c.FEN, Options{Chess960: c.Chess960}, true)
		if err != nil {
			t.Errorf("%s line %d: %v", name, c.Line, err)
			continue
		}
		if ep, ok := suiteImpossibleEP[c.ID]; ok {
			// The reader drops this en passant square; the suite's counts
			// are for move generation with it, which is still checked.
			if p.EnPassant() != NoSquare || len(notes) == 0 || !strings.Contains(notes[len(notes)-1], "dropped en passant square") {
				t.Errorf("%s line %d (%s): en passant square kept (notes %q)", name, c.Line, c.ID, notes)
			}
			p.ep = ep
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

// suiteImpossibleEP lists the suite positions whose en passant square
// ParseFENWith drops, as the check on the board cannot follow the double
// step it stands for, with that square: align-ep's queen on f1 gave check
// before d2-d4, align-ep-pinned's bishop on b8 before d7-d5
// (TestParseFEN_ImpossibleCheckEnPassant).
var suiteImpossibleEP = map[string]Square{"align-ep": D3, "align-ep-pinned": D6}

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

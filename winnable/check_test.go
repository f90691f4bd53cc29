package winnable

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// TestGivesCheck compares givesCheck and the check table of mateInOne
// with playing the move, on every legal move of positions from the test
// vector and random games.
func TestGivesCheck(t *testing.T) {
	var ml chess.MoveList
	checked := 0
	// Checks uncovered by a knight, a pawn (by a push and by a capture),
	// a king and a promoting pawn, checks by promotion and by castling.
	crafted := []string{
		"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
		"k7/8/2P5/3p4/4B3/8/8/6K1 w - - 0 1",
		"k7/8/8/8/8/8/K7/R7 w - - 0 1",
		"1r2k3/P7/8/8/8/8/8/Q3K3 w - - 0 1",
		"5k2/8/8/8/8/8/8/4K2R w K - 0 1",
	}
	for _, p := range samplePositions(t, 5, crafted, 3000, 40) {
		k := p.KingSquare(p.Turn() ^ 1)
		before := p.FEN()
		p.LegalMoves(&ml)
		var ct checkTable
		ct.init(p)
		for _, m := range ml.Slice() {
			q := *p
			q.Make(m)
			if got, want := givesCheck(p, m, k), q.InCheck(); got != want {
				t.Fatalf("%s %v: givesCheck %v, the move checks: %v", p.FEN(), m, got, want)
			}
			if got, want := ct.gives(p, m), q.InCheck(); got != want {
				t.Fatalf("%s %v: check table %v, the move checks: %v", p.FEN(), m, got, want)
			}
			checked++
		}
		if p.FEN() != before {
			t.Fatalf("givesCheck changed the position %s", before)
		}
	}
	t.Logf("%d moves", checked)
}

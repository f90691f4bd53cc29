package winnable

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// TestGivesCheck compares givesCheck with playing the move, on every legal
// move of positions from the test vector and random games.
func TestGivesCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	var sources []*chess.Position
	for _, e := range loadVector(t) {
		sources = append(sources, e.pos)
	}
	sources = append(sources, chess.StartPosition())
	var ml chess.MoveList
	checked := 0
	for i := 0; i < 3000; i++ {
		p := randomWalk(sources[i%len(sources)], rng, rng.IntN(40))
		k := p.KingSquare(p.Turn() ^ 1)
		before := p.FEN()
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := *p
			q.Make(m)
			if got, want := givesCheck(p, m, k), q.InCheck(); got != want {
				t.Fatalf("%s %v: givesCheck %v, the move checks: %v", p.FEN(), m, got, want)
			}
			checked++
		}
		if p.FEN() != before {
			t.Fatalf("givesCheck changed the position %s", before)
		}
	}
	t.Logf("%d moves", checked)
}

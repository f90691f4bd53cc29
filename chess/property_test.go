package chess

import (
	"math/rand/v2"
	"testing"
)

// Make then Unmake restores the position exactly, the FEN of every
// position reads back to the same position, and the incremental hash
// equals the hash computed from scratch — along random games from every
// position of the EPD suite and the Chess960 suite.
func TestPropertyMakeUnmakeAndFENRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var starts []PerftCase
	starts = append(starts, loadSuite(t, "perftsuite.epd")...)
	starts = append(starts, loadSuite(t, "chess960.perft")[:200]...)
	starts = append(starts, loadSuite(t, "tricky.perft")...)
	positions := 0
	for _, c := range starts {
		p, _, err := ParseFENWith(c.FEN, Options{Chess960: c.Chess960}, true)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 60; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			if p.CountLegal() != ml.Len() {
				t.Fatalf("%s: CountLegal %d, LegalMoves %d", p.FEN(), p.CountLegal(), ml.Len())
			}
			for _, m := range ml.Slice() {
				before := *p
				u := p.Make(m)
				p.Unmake(m, u)
				if *p != before {
					t.Fatalf("%s: make/unmake %s does not restore the position", before.FEN(), m)
				}
			}
			checkFENRoundTrip(t, p)
			positions++
			if ml.Len() == 0 {
				break
			}
			p.Make(ml.At(rng.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions checked", positions)
}

func checkFENRoundTrip(t *testing.T, p *Position) {
	t.Helper()
	for _, fen := range []string{p.FEN(), p.ShredderFEN()} {
		q, notes, err := ParseFENWith(fen, p.Options(), true)
		if err != nil {
			t.Fatalf("%s does not read back: %v", fen, err)
		}
		// Counters and odd material aside, nothing may change.
		if q.Identity() != p.Identity() || q.Hash() != p.Hash() || q.halfmove != p.halfmove || q.fullmove != p.fullmove {
			t.Fatalf("%s reads back as %s (notes %q)", fen, q.FEN(), notes)
		}
	}
}

func TestNullMove(t *testing.T) {
	p := play(t, StartPosition(), "e4", "c5", "e5", "d5")
	before := *p
	u := p.MakeNull()
	if p.Turn() != Black || p.EnPassant() != NoSquare {
		t.Errorf("after null move: %s", p.FEN())
	}
	p.UnmakeNull(u)
	if *p != before {
		t.Error("UnmakeNull does not restore the position")
	}
}

package winnable

import (
	"slices"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// TestChildFingerprint checks the closure search's fingerprint of a
// position after a move, worked out without playing it, against the one
// computed from the position after the move: on random walks from the test
// vector and the start, and on crafted positions with en passant,
// promotions and castling rights.
func TestChildFingerprint(t *testing.T) {
	crafted := []string{
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",    // en passant capture
		"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",    // a double push that sets en passant
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",      // and one that does not
		"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",     // promotions, by capture too
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // castling rights
		"r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
	}
	var ml chess.MoveList
	exact, played := 0, 0
	for _, p := range samplePositions(t, 7, crafted, 4000, 60) {
		f := zobristOf(p)
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			got, ok := childFingerprint(p, f, m)
			q := *p
			q.Make(m)
			if !ok {
				played++
				continue
			}
			exact++
			if want := zobristOf(&q); got != want {
				t.Fatalf("%s %v: fingerprint worked out %x, of the position after %x", p.FEN(), m, got, want)
			}
		}
	}
	if exact < 10000 || played == 0 {
		t.Fatalf("too few moves checked: %d worked out, %d left to be played", exact, played)
	}
	t.Logf("%d moves worked out, %d left to be played", exact, played)
}

// TestPawnsFirst checks the closure walk's move order: the same moves, the
// pawn moves first, those going furthest up the board first among them,
// each part otherwise in the order the moves came.
func TestPawnsFirst(t *testing.T) {
	var ml chess.MoveList
	withPawns := 0
	for _, p := range samplePositions(t, 3, nil, 3000, 30) {
		p.LegalMoves(&ml)
		before := append([]chess.Move(nil), ml.Slice()...)
		list := append([]chess.Move(nil), before...)
		pawnsFirst(p, list)
		us := p.Turn()
		isPawn := func(m chess.Move) bool { return p.PieceAt(m.From()).Type() == chess.Pawn }
		var pawns, others []chess.Move
		for _, m := range before {
			if isPawn(m) {
				pawns = append(pawns, m)
			} else {
				others = append(others, m)
			}
		}
		// The expected order: a stable sort of the pawn moves by rank.
		slices.SortStableFunc(pawns, func(a, b chess.Move) int {
			return b.To().RelativeRank(us) - a.To().RelativeRank(us)
		})
		want := append(pawns, others...)
		if !slices.Equal(list, want) {
			t.Fatalf("%s: order %v, want %v", p.FEN(), list, want)
		}
		if len(pawns) > 1 && len(others) > 0 {
			withPawns++
		}
	}
	if withPawns < 150 {
		t.Fatalf("only %d lists with pawn and other moves", withPawns)
	}
}

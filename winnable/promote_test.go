package winnable

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// The promotion playouts find the mates of pawn endings from real games:
// a pawn queens (after a capture, where its way is blocked, or after the
// king has taken the man in its way) and the queen mates. Every line is
// replayed move by move.
func TestPromoPlayouts(t *testing.T) {
	for _, tc := range []struct {
		fen string
		x   chess.Color
	}{
		// Black's only pawn is blocked: a White piece must come to g3.
		{"8/2R5/3P4/3k4/2N3Pp/1P5P/2Q5/6K1 w - - 7 62", chess.Black},
		{"8/8/8/8/4p1p1/4k1P1/8/4K3 w - - 2 68", chess.White},
		{"8/8/8/8/6K1/8/6kp/8 w - - 0 62", chess.Black},
		{"8/p7/3k4/2p5/K7/P7/2P5/8 b - - 0 45", chess.White},
		{"8/4k3/4P3/3K4/8/8/8/8 b - - 0 73", chess.White},
	} {
		p, _, err := chess.ParseFENWith(tc.fen, chess.Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		a := new(analyzer)
		line := a.promoPlayouts(p, tc.x, promoGames, promoPlies, 0)
		if line == nil {
			t.Errorf("%s: no mate by %v found", tc.fen, tc.x)
			continue
		}
		if !matesBy(p, tc.x, line) {
			t.Errorf("%s: the line for %v does not end in its checkmate", tc.fen, tc.x)
		}
	}
	// Without pawns the games go straight to the mating net: king and
	// queen against king, king, bishop and knight against king.
	for _, fen := range []string{"8/8/8/4k3/8/8/8/4K2Q w - - 0 1", "1k6/2N5/1BK5/8/8/8/8/8 w - - 25 118"} {
		p, _, _ := chess.ParseFENWith(fen, chess.Options{}, true)
		line := new(analyzer).promoPlayouts(p, chess.White, 8, promoPlies, 0)
		if line == nil || !matesBy(p, chess.White, line) {
			t.Errorf("%s: no mating line", fen)
		}
	}
	// A lone knight mates only with the loser's help: no game.
	p, _, _ := chess.ParseFENWith("8/8/8/4k3/8/8/8/4K2N w - - 0 1", chess.Options{}, true)
	if line := new(analyzer).promoPlayouts(p, chess.White, promoGames, promoPlies, 0); line != nil {
		t.Errorf("a lone knight got a mating line")
	}
}

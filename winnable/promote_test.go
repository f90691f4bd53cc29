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
	// A lone minor piece mates a king hemmed in by its own men: the
	// loser's pawn queens into a blocker, its king goes to the corner.
	for _, fen := range []string{"8/8/3N4/p7/k7/2K5/8/8 b - - 9 79", "8/8/1B6/5n1p/5pk1/8/4K3/8 w - - 2 65"} {
		p, _, _ := chess.ParseFENWith(fen, chess.Options{}, true)
		line := new(analyzer).promoPlayouts(p, chess.White, morePromoGames, promoPlies, 0)
		if line == nil || !matesBy(p, chess.White, line) {
			t.Errorf("%s: no mating line", fen)
		}
	}
	// Against a bare king a lone knight cannot mate: no game.
	p, _, _ := chess.ParseFENWith("8/8/8/4k3/8/8/8/4K2N w - - 0 1", chess.Options{}, true)
	if line := new(analyzer).promoPlayouts(p, chess.White, promoGames, promoPlies, 0); line != nil {
		t.Errorf("a lone knight got a mating line")
	}
	// The mating king never walks into stalemate: K+P v K with the
	// losing king in front of the pawn.
	p, _, _ = chess.ParseFENWith("8/8/8/8/4k3/5p2/5K2/8 w - - 4 58", chess.Options{}, true)
	if line := new(analyzer).promoPlayouts(p, chess.Black, 1, promoPlies, 0); line == nil || !matesBy(p, chess.Black, line) {
		t.Errorf("K+P v K: the first game does not mate")
	}
}

// The positions of real games that took milliseconds before the
// promotion playouts are now settled early, with at most five thousand
// positions looked at (a count, not a time, so the test does not depend
// on the machine).
func TestRealSlowPositionsSettledEarly(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		which [2]bool // the sides asked
		alive bool    // asked as Alive asks
	}{
		{"8/2R5/3P4/3k4/2N3Pp/1P5P/2Q5/6K1 w - - 7 62", [2]bool{false, true}, false},
		{"8/8/8/8/4p1p1/4k1P1/8/4K3 w - - 2 68", [2]bool{true, false}, false},
		{"8/8/3N4/p7/k7/2K5/8/8 b - - 9 79", [2]bool{true, false}, false},
		{"8/1k6/1B1K4/3N4/8/8/8/8 b - - 14 112", [2]bool{true, false}, false},
		{"8/5p2/8/7k/3K4/8/8/8 b - - 0 51", [2]bool{true, true}, true},
		{"8/8/8/8/6K1/8/6kp/8 w - - 0 62", [2]bool{true, true}, true},
		{"8/8/8/1p4K1/1P1k4/8/8/8 b - - 0 51", [2]bool{true, true}, true},
		{"8/8/8/8/4N3/2K2k2/5n2/8 b - - 0 58", [2]bool{true, true}, true},
		{"8/p7/3k4/2p5/K7/P7/2P5/8 b - - 0 45", [2]bool{true, true}, true},
		{"6k1/6P1/3bn2K/8/8/8/1B6/8 b - - 0 48", [2]bool{true, true}, true},
	} {
		p, _, err := chess.ParseFENWith(tc.fen, chess.Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		a := new(analyzer)
		a.either = tc.alive
		r := a.analyze(p, tc.which)
		if !r.White && !r.Black || !r.Decided {
			t.Errorf("%s: %s, decided %v: a side can mate", tc.fen, r.Class(), r.Decided)
		}
		if r.Nodes > 5000 {
			t.Errorf("%s: %d positions looked at", tc.fen, r.Nodes)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) && !matesBy(p, c, r.Lines[c]) {
				t.Errorf("%s: the line for %v does not mate", tc.fen, c)
			}
		}
	}
}

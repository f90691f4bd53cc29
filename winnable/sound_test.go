package winnable

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// TestSoundnessSample is a consistency check of the proofs. It takes
// positions reached by random play from the start and from positions of
// the test vector; wherever the analysis says a side cannot mate, neither
// random playouts (that favour that side's checks) nor a bounded helpmate
// search may find a checkmate by it. Wherever it says a side can mate, its
// line must end in that side's checkmate.
func TestSoundnessSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 7))
	sources := []*chess.Position{chess.StartPosition()}
	entries := loadVector(t)
	step, walks := 6, 3
	if testing.Short() {
		step, walks = 60, 1
	}
	for i := 0; i < len(entries); i += step {
		sources = append(sources, entries[i].pos)
	}
	a := new(analyzer)
	checked, claims, exhaustive := 0, 0, 0
	for k := 0; k < walks*len(sources); k++ {
		p := randomWalk(sources[k%len(sources)], rng, rng.IntN(30))
		r := Analyze(p)
		checked++
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) {
				// An undecided side has no line (a search limit was hit).
				if (r.Lines[c] != nil || r.Decided) && !matesBy(p, c, r.Lines[c]) {
					t.Errorf("%s: the line for %v does not end in its checkmate", p.FEN(), c)
				}
				continue
			}
			claims++
			if line := findMateByPlayouts(p, c, rng, 60, 60); line != nil {
				t.Errorf("%s: analysed as %s, yet random play finds a checkmate by %v: %v", p.FEN(), r.Class(), c, line)
			}
			if line := a.helpmate(p, c, 10, 4000); line != nil {
				t.Errorf("%s: analysed as %s, yet the helpmate search finds a checkmate by %v: %v", p.FEN(), r.Class(), c, line)
			}
			// Where every reachable position can be listed, list them all
			// without trusting any proof.
			a.plain = true
			mate, complete := a.closure(p, c, 40000)
			a.plain = false
			if complete {
				exhaustive++
			}
			if mate {
				t.Errorf("%s: analysed as %s, yet the exhaustive search finds a checkmate by %v", p.FEN(), r.Class(), c)
			}
		}
	}
	t.Logf("%d positions, %d claims that a side cannot mate checked (%d of them by exhaustive search)", checked, claims, exhaustive)
}

// randomWalk plays up to n random legal moves from p, stopping at the end
// of the game.
func randomWalk(p *chess.Position, rng *rand.Rand, n int) *chess.Position {
	q := *p
	var ml chess.MoveList
	for i := 0; i < n; i++ {
		q.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		q.Make(ml.At(rng.IntN(ml.Len())))
	}
	return &q
}

// samplePositions returns the crafted positions (FENs) followed by n
// positions reached by random walks of up to maxPlies moves from the test
// vector's positions and the start, drawn from a generator seeded by seed.
func samplePositions(t *testing.T, seed uint64, crafted []string, n, maxPlies int) []*chess.Position {
	t.Helper()
	var out []*chess.Position
	for _, fen := range crafted {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	sources := []*chess.Position{chess.StartPosition()}
	for _, e := range loadVector(t) {
		sources = append(sources, e.pos)
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for i := 0; i < n; i++ {
		out = append(out, randomWalk(sources[i%len(sources)], rng, rng.IntN(maxPlies)))
	}
	return out
}

// findMateByPlayouts plays games of up to length plies from p, both sides
// moving at random except that c gives check when it can half of the
// time, and returns a line ending in c's checkmate if one game has it.
func findMateByPlayouts(p *chess.Position, c chess.Color, rng *rand.Rand, games, length int) []chess.Move {
	var ml chess.MoveList
	for g := 0; g < games; g++ {
		q := *p
		var line []chess.Move
		for ply := 0; ply < length; ply++ {
			q.LegalMoves(&ml)
			if ml.Len() == 0 {
				if q.InCheck() && q.Turn() != c {
					return line
				}
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			if q.Turn() == c && rng.IntN(2) == 0 {
				for _, cand := range ml.Slice() {
					u := q.Make(cand)
					check := q.InCheck()
					q.Unmake(cand, u)
					if check {
						m = cand
						break
					}
				}
			}
			q.Make(m)
			line = append(line, m)
		}
	}
	return nil
}

func chessStart() *chess.Position { return chess.StartPosition() }

// TestOddMaterial analyses positions with more pieces than a game can
// have, which a lenient FEN accepts: more than the abstract search takes
// (it then proves nothing and builds no plans) and nearly 250 legal moves.
// None may panic, and each answer must be the expected one, with a line
// that mates.
func TestOddMaterial(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"QQQQQQQB/Q6Q/Q6R/Q5RB/B6k/Q3Q2B/Q6Q/KQQQ1Q1Q w - - 0 1", "W-"},
		{"QQQQQQQB/Q6Q/Q6R/Q5RB/B6k/Q3Q2B/Q6Q/KQQQ1Q1Q b - - 0 1", "--"}, // stalemate
		{"k7/8/8/8/8/8/NNNNNNNN/NNNNNNNK w - - 0 1", "W-"},
		{"k7/8/8/8/8/8/8/BBBBBBBK w - - 0 1", "W-"},
		{"nnnnnnnk/nnnnnnnn/nnnnnnnn/8/8/8/8/K7 b - - 0 1", "-B"},
	} {
		p, _, err := chess.ParseFENWith(tc.fen, chess.Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		r := Analyze(p)
		if r.Class() != tc.want || !r.Decided {
			t.Errorf("%s: %s (decided %v), want %s", tc.fen, r.Class(), r.Decided, tc.want)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) && !matesBy(p, c, r.Lines[c]) {
				t.Errorf("%s: the line for %v does not end in its checkmate", tc.fen, c)
			}
		}
		if CanMate(p, chess.White) != r.White || CanMate(p, chess.Black) != r.Black || Alive(p) != (r.White || r.Black) {
			t.Errorf("%s: CanMate or Alive disagrees with Analyze", tc.fen)
		}
	}
}

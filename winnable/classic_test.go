package winnable

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// Classic cases, each with the verdict the Laws call for.
var classics = []struct {
	name, fen, want string
}{
	{"K v K", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "--"},
	{"KN v K", "8/8/8/4k3/8/8/8/3NK3 w - - 0 1", "--"},
	{"KB v K", "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1", "--"},
	{"KNN v K", "8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1", "W-"},
	{"KBB v K, bishops of one colour", "8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", "--"},
	{"KBB v K, bishops of both colours", "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", "W-"},
	{"KB v KB, bishops of one colour", "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "--"},
	{"KB v KB, bishops of both colours", "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "WB"},
	{"KN v KN", "6n1/8/8/4k3/8/8/8/1N2K3 w - - 0 1", "WB"},
	{"KB v KN", "2k5/3n4/8/8/8/8/8/2KB4 w - - 0 1", "WB"},
	{"KN v KP", "8/3kp3/8/8/8/3KN3/8/8 b - - 0 1", "WB"},
	{"KB v KQ", "k7/2K5/q7/8/8/8/5B2/8 b - - 0 1", "-B"},
	{"KN v KQ", "6nk/8/8/8/4K3/8/3Q4/8 w - - 0 1", "W-"},
	{"K v KP", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "W-"},
	{"start position", chess.StartFEN, "WB"},
	{"blocked pawn chain, kings only", "4k3/8/8/1p1p1p1p/1P1P1P1P/8/4K3/8 b - - 0 1", "--"},
	{"bishops of one colour behind a locked wall", "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", "--"},
	{"bishop trapped behind a wall of its own pawns", "Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1", "--"},
	{"only White's bishop gets through", "Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - - 0 1", "W-"},
	{"tempo: the king can only shuffle", "8/7p/k4p1P/5p1K/5Pp1/6P1/6P1/8 w - - 0 1", "--"},
	{"checkmate on the board", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "-B"},
	{"stalemate on the board", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "--"},
}

func TestClassics(t *testing.T) {
	for _, tc := range classics {
		t.Run(tc.name, func(t *testing.T) {
			p, err := chess.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			r := Analyze(p)
			if p.FEN() != before {
				t.Errorf("Analyze changed the position to %s", p.FEN())
			}
			if r.Class() != tc.want || !r.Decided {
				t.Errorf("%s: got %s (decided %v), want %s", tc.fen, r.Class(), r.Decided, tc.want)
			}
			for c := chess.White; c <= chess.Black; c++ {
				if r.Can(c) != CanMate(p, c) {
					t.Errorf("CanMate(%v) disagrees with Analyze", c)
				}
				if r.Can(c) && !matesBy(p, c, r.Lines[c]) {
					t.Errorf("the line for %v does not end in its checkmate", c)
				}
			}
		})
	}
}

// TestOddPositions feeds positions that only a lenient reading accepts:
// the analysis must answer without failing.
func TestOddPositions(t *testing.T) {
	for _, fen := range []string{
		"QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/2k5/8/K6R b - - 0 1",
		"k7/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/K7 w - - 0 1",
		"nnnnnnnn/nnnnnnnn/8/8/8/8/NNNNNNNN/K6k b - - 0 1",
		"k7/8/8/8/8/8/8/7K b - - 0 1",
	} {
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		r := Analyze(p)
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) && r.Decided && !matesBy(p, c, r.Lines[c]) {
				t.Errorf("%s: bad line for %v", fen, c)
			}
		}
	}
}

// TestConcurrent runs the classic cases from several goroutines at once
// (run with -race to check that analyses share nothing).
func TestConcurrent(t *testing.T) {
	var ps []*chess.Position
	for _, tc := range classics {
		p, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	done := make(chan string)
	for g := 0; g < 4; g++ {
		go func(g int) {
			out := ""
			for i := range ps {
				out += Analyze(ps[(i+g)%len(ps)]).Class()
			}
			done <- out
		}(g)
	}
	var got []string
	for g := 0; g < 4; g++ {
		got = append(got, <-done)
	}
	for g := 0; g < 4; g++ {
		want := ""
		for i := range ps {
			want += classics[(i+g)%len(ps)].want
		}
		found := false
		for _, s := range got {
			found = found || s == want
		}
		if !found {
			t.Errorf("goroutine %d: no result matches %q among %q", g, want, got)
		}
	}
}

// R6: kings and bishops all on one colour are dead at once, without a
// search, whoever owns the bishops; one bishop of the other colour, or a
// knight, brings the search back.
func TestR6_BishopsOfOneColourSettledWithoutSearch(t *testing.T) {
	for _, c := range []struct {
		fen  string
		dead bool
	}{
		{"8/8/4k3/8/2b5/8/4K3/5B2 w - - 0 1", true},
		{"B7/1B6/4k3/8/8/8/4K3/5b2 w - - 0 1", true},
		{"8/8/4k3/8/8/8/4K3/8 w - - 0 1", true},
		{"8/8/4k3/8/2b5/8/4K3/2B5 w - - 0 1", false},
		{"8/8/4k3/8/2b5/8/4K3/4NB2 w - - 0 1", false},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		a := new(analyzer)
		r := a.analyze(p, [2]bool{true, true})
		if bishopsOfOneColour(p) != c.dead {
			t.Errorf("%s: bishopsOfOneColour %v", c.fen, !c.dead)
		}
		if c.dead && (r.White || r.Black || !r.Decided || a.nodes != 0) {
			t.Errorf("%s: %+v after %d nodes, want dead at once", c.fen, r, a.nodes)
		}
	}
}

package chess

import (
	"strings"
	"testing"
)

// IsCheckmate and IsStalemate agree with InCheck and HasLegalMove, and
// with the positions that are known to be one or the other.
func TestIsCheckmateIsStalemate(t *testing.T) {
	for _, c := range []struct {
		fen         string
		mate, stale bool
	}{
		{StartFEN, false, false},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, false},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, true},
		{"k7/1Q6/2K5/8/8/8/8/8 b - - 0 1", true, false},
		{"k7/8/1QK5/8/8/8/8/8 b - - 0 1", false, true},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.IsCheckmate() != c.mate || p.IsStalemate() != c.stale {
			t.Errorf("%s: checkmate %v stalemate %v, want %v %v", c.fen, p.IsCheckmate(), p.IsStalemate(), c.mate, c.stale)
		}
	}
}

// MaterialAllowsMate says false exactly for the material that can never
// mate (R6's material cases), for either side.
func TestMaterialAllowsMate_R6(t *testing.T) {
	for _, c := range []struct {
		fen          string
		white, black bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false},     // bare kings
		{"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", false, false},    // a lone knight against a bare king
		{"4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", true, true},    // ... against a pawn that can block
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", true, false},   // bishops of both colours
		{"4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1", false, false}, // bishops of one colour (c1, g1: dark)
		{"4k3/8/8/8/3b4/8/8/2B1K3 w - - 0 1", false, false}, // bishops of both sides, all on dark squares (c1, d4)
		{"4k3/8/8/8/4b3/8/8/2B1K3 w - - 0 1", true, true},   // bishops on dark (c1) and light (e4) squares
		{"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", true, false},   // two knights
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", true, false},     // a rook
		{"4k3/7p/8/8/8/8/8/4K3 w - - 0 1", false, true},     // a pawn for Black
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if w, b := p.MaterialAllowsMate(White), p.MaterialAllowsMate(Black); w != c.white || b != c.black {
			t.Errorf("%s: white %v black %v, want %v %v", c.fen, w, b, c.white, c.black)
		}
	}
}

// Legal gives the moves LegalMoves lists, in the same order, on the perft
// suite's positions, and allocates nothing.
func TestLegal_SameAsLegalMoves(t *testing.T) {
	for _, fen := range []string{StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		i := 0
		for m := range p.Legal() {
			if i >= ml.Len() || ml.At(i) != m {
				t.Fatalf("%s: move %d is %v", fen, i, m)
			}
			i++
		}
		if i != ml.Len() {
			t.Errorf("%s: %d moves, LegalMoves lists %d", fen, i, ml.Len())
		}
		// Stopping early stops.
		n := 0
		for range p.Legal() {
			n++
			if n == 3 {
				break
			}
		}
		if n != 3 {
			t.Errorf("%s: break after %d", fen, n)
		}
		if a := testing.AllocsPerRun(100, func() {
			for m := range p.Legal() {
				_ = m
			}
		}); a != 0 {
			t.Errorf("%s: ranging over Legal allocates %.1f times", fen, a)
		}
	}
}

// Making NoMove (a failed parser's move) or a move from a square without a
// piece of the side to move panics with a message that says so, instead
// of corrupting the position (O-O-O was once played as "remove the rook on
// a1").
func TestApply_NoMoveAndMissingPiecePanic(t *testing.T) {
	p := StartPosition()
	m, err := p.ParseSAN("0-0-0")
	if err == nil || m != NoMove {
		t.Fatalf("0-0-0 at the start: %v, %v", m, err)
	}
	panics := func(name string, want string, f func()) {
		t.Helper()
		defer func() {
			r := recover()
			if r == nil {
				t.Errorf("%s: no panic", name)
				return
			}
			if s, _ := r.(string); !strings.Contains(s, want) {
				t.Errorf("%s: panic %v, want it to say %q", name, r, want)
			}
		}()
		f()
	}
	panics("Apply(NoMove)", "NoMove", func() { q := *p; q.Apply(m) })
	panics("Play(NoMove)", "NoMove", func() { p.Play(m) })
	panics("Make(NoMove)", "NoMove", func() { q := *p; q.Make(m) })
	panics("Play(e4e5)", "e4 holds no piece", func() { p.Play(NewMove(E4, E5)) })
	panics("Play(e2e2)", "goes from e2 to itself", func() { p.Play(NewMove(E2, E2)) })
	panics("Apply(e7e5) with White to move", "e7 holds no piece of the side to move", func() { q := *p; q.Apply(NewMove(E7, E5)) })
	panics("Play(e7e5) with White to move", "e7 holds no piece of the side to move", func() { p.Play(NewMove(E7, E5)) })
	if p.FEN() != StartFEN {
		t.Errorf("the position changed: %s", p.FEN())
	}
}

// Move.String writes the stored form (castling as king takes rook), and
// Position.UCI the UCI of the position's variant.
func TestMoveString_AndUCI(t *testing.T) {
	p, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, err := p.ParseSAN("O-O")
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != "e1h1" || p.UCI(m) != "e1g1" {
		t.Errorf("O-O: String %s, UCI %s", m, p.UCI(m))
	}
	q, _, err := ParseFENWith("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Options{Chess960: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	if q.UCI(m) != "e1h1" {
		t.Errorf("O-O in Chess960: UCI %s", q.UCI(m))
	}
}

// Diagram draws the board with White at the bottom and says the state.
func TestDiagram(t *testing.T) {
	p, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1")
	want := "8 r . . . k . . r\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 R . . . K . . R\n  a b c d e f g h\nBlack to move · castling Kq · en passant -"
	if got := p.Diagram(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// The iterator against the loop it replaces: a MoveList filled and read.
func BenchmarkLegalIterator(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for m := range p.Legal() {
			n += int(m & 1)
		}
	}
	_ = n
}

func BenchmarkLegalMoveList(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		var ml MoveList
		p.LegalMoves(&ml)
		for i := 0; i < ml.Len(); i++ {
			n += int(ml.At(i) & 1)
		}
	}
	_ = n
}

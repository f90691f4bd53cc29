package winnable_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/winnable"
)

func Example() {
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",                          // king and bishop against king
		"2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",                        // bishops of both colours
		"4k3/8/8/1p1p1p1p/1P1P1P1P/8/4K3/8 b - - 0 1",              // a locked pawn chain
		"Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - - 0 1",       // only White's bishop gets out
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // the start
	} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			fmt.Println(err)
			continue
		}
		r := winnable.Analyze(p)
		fmt.Println(r.Class(), r.Decided)
	}
	// Output:
	// -- true
	// WB true
	// -- true
	// W- true
	// WB true
}

func ExampleCanMate() {
	// White has just run out of time (Article 6.9): Black, with a lone
	// knight against the white king and pawn, still has a helpmate, so
	// White loses; White, with king and pawn, could also still mate.
	p, _ := chess.ParseFEN("8/8/8/4k3/8/4n3/4P3/4K3 w - - 0 1")
	fmt.Println(winnable.CanMate(p, chess.Black), winnable.CanMate(p, chess.White))
	// Output:
	// true true
}

package chess_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
)

// Read a position, list its castling moves, play one and write the FEN.
func Example() {
	p, err := chess.ParseFEN("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	var moves chess.MoveList
	p.LegalMoves(&moves)
	for _, m := range moves.Slice() {
		if m.IsCastling() {
			fmt.Println(p.SAN(m), p.UCI(m))
		}
	}
	m, _ := p.ParseSAN("0-0")
	fmt.Println(p.Play(m).FEN())
	// Output:
	// O-O e1g1
	// r3k2r/8/8/8/8/8/8/RN3RK1 b kq - 1 1
}

// A bad FEN is an error that says what is wrong and where.
func ExampleParseFEN() {
	_, err := chess.ParseFEN("4k3/8/8/8/8/8/8/4K3 w K - 0 1")
	fmt.Println(err)
	// Output:
	// fen "4k3/8/8/8/8/8/8/4K3 w K - 0 1": castling: castling right K but no white rook on the king's h-side (e.g. on h1)
}

// Count the leaf nodes of the move tree.
func ExamplePerft() {
	fmt.Println(chess.Perft(chess.StartPosition(), 4))
	// Output:
	// 197281
}

// Two positions are the same for repetition when their identities are equal.
func ExamplePosition_Identity() {
	a, _ := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	b, _ := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 12 40")
	fmt.Println(a.Identity() == b.Identity())
	// Output:
	// false
}

// QuickSANParts finds a move from the parts of its text, "Nbd2" being a
// knight to d2 from the b-file; an ambiguous or impossible move is not
// found (ParseSAN then says why).
func ExamplePosition_QuickSANParts() {
	p, err := chess.ParseFEN("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		panic(err)
	}
	c4, d2 := chess.NewSquare(2, 3), chess.NewSquare(3, 1)
	if m, ok := p.QuickSANParts(chess.Pawn, c4, -1, -1); ok {
		fmt.Println(p.SAN(m), p.UCI(m))
	}
	if m, ok := p.QuickSANParts(chess.Knight, d2, 1, -1); ok {
		fmt.Println(p.SAN(m), p.UCI(m))
	}
	if _, ok := p.QuickSANParts(chess.Knight, d2, -1, -1); !ok {
		fmt.Println("Nd2: two knights can go there")
	}
	// Output:
	// c4 c2c4
	// Nbd2 b1d2
	// Nd2: two knights can go there
}

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
	m, err := p.ParseSAN("0-0")
	if err != nil {
		panic(err)
	}
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

// The questions everyone asks of a position: checkmate, stalemate, can a
// side still mate at all, and its legal moves.
func ExamplePosition_IsCheckmate() {
	mate, _ := chess.ParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	stale, _ := chess.ParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	fmt.Println(mate.IsCheckmate(), mate.IsStalemate())
	fmt.Println(stale.IsCheckmate(), stale.IsStalemate())
	// White, with a queen, could mate; Black, with a bare king, cannot.
	p, _ := chess.ParseFEN("7k/8/8/8/8/8/1N6/K5Q1 w - - 0 1")
	fmt.Println(p.MaterialAllowsMate(chess.White), p.MaterialAllowsMate(chess.Black))
	// Output:
	// true false
	// false true
	// true false
}

// Range over the legal moves.
func ExamplePosition_Legal() {
	p, _ := chess.ParseFEN("k7/8/8/8/8/8/8/K6R w - - 0 1")
	n := 0
	for m := range p.Legal() {
		if p.PieceAt(m.From()).Type() == chess.King {
			fmt.Println(p.SAN(m))
		}
		n++
	}
	fmt.Println(n, "legal moves")
	// Output:
	// Kb1
	// Ka2
	// Kb2
	// 16 legal moves
}

// A position as text, for tests and terminals.
func ExamplePosition_Diagram() {
	p := chess.StartPosition()
	m, err := p.ParseSAN("e4")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Play(m).Diagram())
	// Output:
	// 8 r n b q k b n r
	// 7 p p p p p p p p
	// 6 . . . . . . . .
	// 5 . . . . . . . .
	// 4 . . . . P . . .
	// 3 . . . . . . . .
	// 2 P P P P . P P P
	// 1 R N B Q K B N R
	//   a b c d e f g h
	// Black to move · castling KQkq · en passant -
}

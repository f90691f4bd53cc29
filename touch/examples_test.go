package touch

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

const castlingFEN = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"

// Worked example 1: king first, castling kingside.
func TestProtocolExample1_T8_KingFirstCastling(t *testing.T) {
	_, got := script(t, castlingFEN, "fide", false, "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "2 must castle e1 king 4.7.2", "4 move O-O")
}

// Worked example 2: rook first under FIDE (T4b, I1: Rf1 was made, so the
// replacing move is Rf1, 4.7) and under US Chess (T4d).
func TestProtocolExample2_T4b_T4d_RookFirst(t *testing.T) {
	lines := []string{"w lift h1", "w drop f1", "w lift e1", "w drop g1", "w clock"}
	e, got := script(t, castlingFEN, "fide", false, lines...)
	expect(t, got, "1 must move h1 4.3.1", "2 move Rf1", "5 illegal 7.5.1 1", "5 must move h1 Rf1 4.7")
	if e.Position().FEN() != castlingFEN {
		t.Errorf("the position before Rf1 must be reinstated: %s", e.Position().FEN())
	}
	_, got = script(t, castlingFEN, "uscf", false, lines...)
	expect(t, got, "1 must move h1 4.3.1", "3 must move h1 4.4.2", "4 move O-O")
}

// Worked example 3: the opponent's piece touched first (T3b, T3c). The
// protocol page calls the piece on f3 a knight, which cannot reach d5; a
// bishop on f3 can, so the test uses one (same squares, same rulings).
func TestProtocolExample3_T3b_T3c_OpponentPieceFirst(t *testing.T) {
	fen := "4k3/p7/8/3n4/8/5B2/P7/4K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w touch d5", "w lift f3", "w remove d5", "w drop d5", "w clock")
	expect(t, got, "1 must capture d5 4.3.2", "2 must capture d5 with f3 4.3.3", "4 move Bxd5")
	_, got = script(t, fen, "fide", false, "w touch d5", "w lift f3", "w drop e4")
	expect(t, got, "1 must capture d5 4.3.2", "2 must capture d5 with f3 4.3.3", "3 move Be4", "3 violation 4.3.3")
}

// Worked example 4: promotion (T5, T7, I2).
func TestProtocolExample4_T5_I2_Promotion(t *testing.T) {
	fen := "8/4P3/8/8/8/k7/8/4K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w lift e7", "w release", "w put e8 Q", "w release", "w clock")
	expect(t, got, "1 must move e7 4.3.1", "4 move e8=Q")
	_, got = script(t, fen, "fide", false, "w lift e7", "w release", "w put e8 N", "w lift e8", "w release", "w put e8 Q", "w release")
	expect(t, got, "1 must move e7 4.3.1", "7 move e8=Q", "7 violation 4.4.4")
	e, got := script(t, fen, "fide", false, "w lift e7", "w drop e8", "w clock")
	expect(t, got, "1 must move e7 4.3.1", "3 move e8=Q", "3 illegal 7.5.2 1")
	if e.Position().PieceAt(chess.E8) != chess.WhiteQueen || e.Position().Turn() != chess.Black {
		t.Errorf("the pawn becomes a queen and the move stands: %s", e.Position().FEN())
	}
}

// Worked example 5: adjusting (T2).
func TestProtocolExample5_T2_Adjust(t *testing.T) {
	_, got := script(t, "", "fide", false, "w adjust c2", "b adjust c7", "w lift e2", "w drop e4", "w clock")
	expect(t, got, "2 violation 4.2.1", "3 must move e2 4.3.1", "4 move e4")
}

// Worked example 6: two hands (T1, 7.5.4): the move stands and counts.
func TestProtocolExample6_T1_I3_TwoHands(t *testing.T) {
	e, got := script(t, castlingFEN, "fide", false, "w lift e1 right", "w lift h1 left", "w drop g1 right", "w drop f1 left", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "2 must castle e1 king 4.4.1", "4 move O-O", "5 illegal 7.5.4 1")
	if e.Position().Turn() != chess.Black || e.Summary().Illegal.White != 1 {
		t.Errorf("the castling stands: %s, %+v", e.Position().FEN(), e.Summary().Illegal)
	}
}

// Worked example 7 (R2): Karpov–Miles — the "third" repetition differs in
// castling rights, so the claim is refused; one cycle later it is correct.
func TestProtocolExample7_R2_KarpovMiles(t *testing.T) {
	// Black's a8 rook and e8 king unmoved: the first occurrence of the
	// position still has black's queenside right. The rook goes a8-a4-a8
	// while the white knight shuffles b5-c3-b5.
	fen := "r3k3/8/8/1N6/8/8/8/4K3 b q - 0 1"
	cycle := []string{"b lift a8", "b drop a4", "b clock", "w lift b5", "w drop c3", "w clock",
		"b lift a4", "b drop a8", "b clock", "w lift c3", "w drop b5", "w clock"}
	var lines []string
	lines = append(lines, cycle...)
	lines = append(lines, cycle...)
	lines = append(lines, "b claim threefold")
	e, got := script(t, fen, "fide", false, lines...)
	expect(t, got[len(got)-1:], "25 claim threefold false 9.5.3")
	if e.Summary().Result != "*" {
		t.Fatal("an incorrect claim does not end the game")
	}
	lines = append(lines, cycle...)
	lines = append(lines, "b claim threefold")
	e, got = script(t, fen, "fide", false, lines...)
	expect(t, got[len(got)-2:], "38 claim threefold true 9.2.2", "38 result 1/2-1/2 threefold")
	if e.Summary().Result != "1/2-1/2" {
		t.Error("the correct claim draws")
	}
}

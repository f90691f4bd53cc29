package chess

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 99 150",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: %s -> %s", fen, got)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8P/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "rank 3 has 9 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "has 7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "white has 2 kings"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has no king"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K but no white rook"},
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling right K but no white rook on the king's h-side (e.g. on h1)"},
		{"4k3/8/8/8/8/8/8/4K2R w KX - 0 1", "'X' is not a castling right"},
		{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", "needs the king on e1"},
		{"4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "repeats the rook on h1"},
		{"4k3/8/8/8/8/8/8/4K2R x - - 0 1", "side to move"},
		{"4k3/8/8/8/8/8/8/4K2R w - e3 0 1", "e3 is not on rank 6"},
		{"4k3/8/8/8/8/8/8/4K2R w - e6 0 1", "no black pawn on e5"},
		{"4k3/8/8/8/8/8/8/4K2R w - - -1 1", "halfmove clock"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 0", "fullmove number"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 x", "fullmove number"},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"},
		{"4k3/8/8/8/8/8/8/4K1Px w - - 0 1", "rank 1 has 'x'"},
		{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on h8"},
		{"4k3/8/8/8/8/8/8/4K3", "has 1 fields"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "has 7 fields"},
		{"", "has 0 fields"},
		{"QQQQQQQQ/QQQQQQQQ/QQk5/8/8/8/8/4K3 w - - 0 1", "white has 19 pieces, more than 16"},
		{"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "more than 8 pawns could give"},
		{"b3r2k/8/5n2/8/4K3/8/8/8 w - - 0 1", "in check by 3 pieces"},
	} {
		_, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("%q: accepted, want error %q", c.fen, c.want)
			continue
		}
		if _, ok := err.(*FENError); !ok {
			t.Errorf("%q: error type %T", c.fen, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want it to say %q", c.fen, err, c.want)
		}
	}
}

func TestFENLenient(t *testing.T) {
	// Impossible castling rights are dropped and reported.
	p, notes, err := ParseFENWith("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", Options{}, true)
	if err != nil || p.CastlingRights() != 0 || len(notes) != 4 {
		t.Errorf("lenient rights: %v %v %q", p, err, notes)
	}
	// Odd material is accepted and reported.
	p, notes, err = ParseFENWith("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -", Options{}, true)
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "odd material") {
		t.Fatalf("lenient material: %v %q", err, notes)
	}
	if n := p.CountLegal(); n != 270 {
		t.Errorf("odd material: %d legal moves, want 270", n)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	if ml.Len() != 270 || len(ml.Slice()) != 270 || ml.At(269) == NoMove {
		t.Errorf("move list overflow: %d", ml.Len())
	}
	// An impossible en passant square is dropped; a bad counter reads as default.
	p, notes, err = ParseFENWith("4k3/8/8/8/8/8/8/4K3 w - e6 x 0", Options{}, true)
	if err != nil || p.EnPassant() != NoSquare || len(notes) != 3 || p.FullmoveNumber() != 1 {
		t.Errorf("lenient ep/counters: %v %q", err, notes)
	}
	// Missing counters and even missing castling/en passant fields.
	if _, _, err := ParseFENWith("4k3/8/8/8/8/8/8/4K3 w", Options{}, true); err != nil {
		t.Errorf("lenient short FEN: %v", err)
	}
	// What cannot be played is still an error.
	if _, _, err := ParseFENWith("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", Options{}, true); err == nil {
		t.Error("lenient mode accepted the side not to move in check")
	}
}

func TestFENEnPassantKeptOnlyWhenCapturable(t *testing.T) {
	// After 1.e4 no black pawn can take on e3: the square is not kept (X-FEN).
	p := play(t, StartPosition(), "e4")
	if p.EnPassant() != NoSquare || !strings.Contains(p.FEN(), " b KQkq - ") {
		t.Errorf("after e4: %s", p.FEN())
	}
	q, err := ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	if err != nil || q.EnPassant() != E3 {
		t.Errorf("ep square lost: %v %v", q, err)
	}
}

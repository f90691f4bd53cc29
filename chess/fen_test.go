package chess

import (
	"errors"
	"math/rand/v2"
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

// TestParseFEN_ImpossibleCheck: a check that no move can give is an error,
// and in lenient mode it is accepted and reported; the double checks that
// moves do give are accepted without a word.
func TestParseFEN_ImpossibleCheck(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		// Two checkers on one line with the king.
		{"2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1", "the bishop on b6 and the queen on d8, which stand on one line with the king"},
		{"3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", "the bishop on d3 and the queen on a6, which stand on one line"},
		{"5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", "the rook on d3 and the rook on h3, which stand on one line"},
		{"4k3/8/8/8/8/8/8/r2K3r w - - 0 1", "the rook on a1 and the rook on h1, which stand on one line"},
		{"4k3/8/8/8/2p5/3K4/8/5b2 w - - 0 1", "the bishop on f1 and the pawn on c4, which stand on one line"},
		// Two checkers that are pawns or knights.
		{"8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", "the knight on a4 and the knight on a6: a double check needs a bishop, rook or queen"},
		{"4k3/8/8/8/8/2p1p3/3K4/8 w - - 0 1", "the pawn on c3 and the pawn on e3"},
		{"4k3/8/8/8/8/4p3/3K4/1n6 w - - 0 1", "the knight on b1 and the pawn on e3"},
	} {
		_, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("%s: accepted, want an error saying %q", c.fen, c.want)
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != "position" || !strings.Contains(fe.Msg, c.want) {
			t.Errorf("%s: error %v, want a position error saying %q", c.fen, err, c.want)
		}
		p, notes, err := ParseFENWith(c.fen, Options{}, true)
		if err != nil || len(notes) != 1 || !strings.HasPrefix(notes[0], "accepted impossible check: ") || !strings.Contains(notes[0], c.want) {
			t.Errorf("%s lenient: %v %q", c.fen, err, notes)
			continue
		}
		if !p.InCheck() || p.FEN() != c.fen {
			t.Errorf("%s lenient: read as %s", c.fen, p.FEN())
		}
	}
	// Double checks that a move gives.
	for _, c := range []struct{ fen, why string }{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "no check"},
		{"8/8/5k2/p1q5/PP1rp1P1/3P1N2/2RK1r2/5nN1 w - - 0 3", "checkers on one line with the other king"},
		{"4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1", "knight and rook: the knight moved off the e-file"},
		{"4k3/5P2/8/8/8/8/8/4RK2 b - - 0 1", "pawn and rook: exf7 opened the e-file"},
		{"4k3/8/8/8/8/8/8/1K2R2R b - - 0 1", "one rook check only"},
		{"3k4/8/8/B7/8/8/8/3R1K2 b - - 0 1", "rook and bishop (Rd1 discovered by a piece leaving the diagonal)"},
		{"4k3/8/8/8/8/8/8/4K1qr w - - 0 1", "queen and rook on one line with the king, but the rook is blocked"},
	} {
		_, notes, err := ParseFENWith(c.fen, Options{}, true)
		if err != nil || len(notes) != 0 {
			t.Errorf("%s (%s): %v %q", c.fen, c.why, err, notes)
			continue
		}
		if _, err := ParseFEN(c.fen); err != nil {
			t.Errorf("%s (%s): strict: %v", c.fen, c.why, err)
		}
	}
}

// TestParseFEN_ImpossibleCheckEnPassant: an en passant square says the
// last move was a double step; a check that this step cannot have given
// contradicts it. Strict mode rejects the FEN, lenient mode drops the
// square (and with it the en passant capture) and reports it.
func TestParseFEN_ImpossibleCheckEnPassant(t *testing.T) {
	for _, c := range []struct{ fen, want, without string }{
		{"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", "d3 says white's last move was d2-d4, but the check by the queen on f1 was there before it", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1"},
		{"1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1", "d6 says black's last move was d7-d5, but the check by the bishop on b8 was there before it", "1b1k4/8/8/1rPpK3/8/8/8/8 w - - 0 1"},
		// The check by the rook on a4 was not blocked by the pawn on d2.
		{"8/8/8/8/3Pp2k/8/8/4K2R b - d3 0 1", "the check by the rook on h1 was there before it", "8/8/8/8/3Pp2k/8/8/4K2R b - - 0 1"},
		// Though no pawn can take on d3 and the square would not be kept.
		{"8/8/8/8/3P3k/8/8/K6Q b - d3 0 1", "the check by the queen on h1 was there before it", "8/8/8/8/3P3k/8/8/K6Q b - - 0 1"},
		// Two checkers: a double step cannot give both, whether or not they
		// could arise otherwise.
		{"8/8/8/R3k3/3Pp3/8/8/K7 b - d3 0 1", "which cannot give 2 checks at once", "8/8/8/R3k3/3Pp3/8/8/K7 b - - 0 1"},
	} {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != "en passant" || !strings.Contains(fe.Msg, c.want) {
			t.Errorf("%s: error %v, want an en passant error saying %q", c.fen, err, c.want)
		}
		p, notes, err := ParseFENWith(c.fen, Options{}, true)
		if err != nil || len(notes) != 1 || notes[0] != "dropped en passant square: "+fe.Msg {
			t.Errorf("%s lenient: %v %q", c.fen, err, notes)
			continue
		}
		if p.EnPassant() != NoSquare || p.FEN() != c.without {
			t.Errorf("%s lenient: read as %s, want %s", c.fen, p.FEN(), c.without)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if m.IsEnPassant() {
				t.Errorf("%s lenient: en passant %s listed", c.fen, m)
			}
		}
	}
	// The checks a double step does give, by the pawn or by the line it
	// opens, keep the square; so does a square no pawn can take on.
	for _, c := range []struct{ fen, ep string }{
		{"8/8/8/4k3/3Pp3/8/8/K7 b - d3 0 1", "d3"},   // the pawn gives check and may be taken en passant
		{"K7/8/8/8/3Pp3/8/Q6k/8 b - d3 0 1", "d3"},   // d2-d4 opened the queen's rank
		{"8/8/7k/8/3Pp3/8/8/2B1K3 b - d3 0 1", "d3"}, // d2-d4 opened the bishop's diagonal
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "e3"},
		{"8/8/8/8/3P4/8/Q6k/K7 b - d3 0 1", "-"}, // no pawn to take: the square is not kept, the check stands
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		if p.EnPassant().String() != c.ep {
			t.Errorf("%s: en passant %s, want %s", c.fen, p.EnPassant(), c.ep)
		}
	}
	p := mustFEN(t, "8/8/8/4k3/3Pp3/8/8/K7 b - d3 0 1")
	if m, err := p.ParseSAN("exd3"); err != nil || !m.IsEnPassant() {
		t.Errorf("exd3 taking the checking pawn: %v %v", m, err)
	}
	// The rule needs a square that fits the board: a square that fails
	// epProblem is reported for that, as before.
	if _, err := ParseFEN("8/8/8/1k6/4p3/8/3P4/4KQ2 b - d3 0 1"); err == nil || !strings.Contains(err.Error(), "no white pawn on d4") {
		t.Errorf("d3 with the pawn still on d2: %v", err)
	}
}

// TestParseFEN_PlayedChecksPass: every check that legal play gives, double
// checks and checks after a double step included, reads back in strict
// mode. The children in check of the positions along random games from
// the suites are tried.
func TestParseFEN_PlayedChecksPass(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var starts []PerftCase
	starts = append(starts, loadSuite(t, "perftsuite.epd")...)
	starts = append(starts, loadSuite(t, "chess960.perft")[:200]...)
	starts = append(starts, loadSuite(t, "tricky.perft")...)
	checks, doubles, epChecks := 0, 0, 0
	var ml MoveList
	for _, c := range starts {
		opts := Options{Chess960: c.Chess960}
		p, err := ParseFEN(c.FEN)
		if c.Chess960 {
			p, _, err = ParseFENWith(c.FEN, opts, false)
		}
		if err != nil {
			continue // the suites hold some positions no game reaches
		}
		for ply := 0; ply < 80; ply++ {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			for _, m := range ml.Slice() {
				q := p.Play(m)
				if !q.InCheck() {
					continue
				}
				checks++
				if q.Checkers().More() {
					doubles++
				}
				fen := q.FEN()
				if q.EnPassant() != NoSquare {
					epChecks++
				} else if m.From().File() == m.To().File() && p.PieceAt(m.From()).Type() == Pawn && (m.To()-m.From() == 16 || m.From()-m.To() == 16) {
					// Write the square even where no pawn can take, as
					// plain FEN does, so that the rule is tried.
					f := strings.Fields(fen)
					f[3] = Square((int(m.From()) + int(m.To())) / 2).String()
					fen = strings.Join(f, " ")
					epChecks++
				}
				if _, notes, err := ParseFENWith(fen, opts, false); err != nil || len(notes) != 0 {
					t.Fatalf("%s then %s: %s does not read back: %v %q", p.FEN(), m, fen, err, notes)
				}
			}
			p = p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	t.Logf("%d checks, %d double checks, %d checks after a double step", checks, doubles, epChecks)
	if doubles == 0 || epChecks == 0 {
		t.Fatalf("no double checks (%d) or checks after a double step (%d) tried", doubles, epChecks)
	}
}

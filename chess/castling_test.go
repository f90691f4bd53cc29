package chess

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// castles returns the SAN of the legal castling moves of a position.
func castles(t *testing.T, p *Position) []string {
	t.Helper()
	var ml MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		if m.IsCastling() {
			out = append(out, p.sanNoCheck(m))
		}
	}
	slices.Sort(out)
	return out
}

func mustFEN(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustFENWith(t *testing.T, fen string, o Options) *Position {
	t.Helper()
	p, _, err := ParseFENWith(fen, o, false)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// play makes the moves (SAN or UCI) and fails the test on the first bad one.
func play(t *testing.T, p *Position, moves ...string) *Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseSAN(s)
		if err != nil {
			var uciErr error
			if m, uciErr = p.ParseUCI(s); uciErr != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
		p = p.Play(m)
	}
	return p
}

func expectCastles(t *testing.T, p *Position, want ...string) {
	t.Helper()
	if got := strings.Join(castles(t, p), " "); got != strings.Join(want, " ") {
		t.Errorf("%s: castling moves %q, want %q", p.FEN(), got, strings.Join(want, " "))
	}
}

func TestCastling_C1_KingAndRookSquares(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, c := range []struct{ san, fen string }{
		{"O-O", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"O-O-O", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"},
	} {
		if got := play(t, p, c.san).FEN(); got != c.fen {
			t.Errorf("%s: %s, want %s", c.san, got, c.fen)
		}
	}
	q := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
	if got := play(t, q, "O-O").FEN(); got != "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2" {
		t.Errorf("black O-O: %s", got)
	}
	if got := play(t, q, "O-O-O").FEN(); got != "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2" {
		t.Errorf("black O-O-O: %s", got)
	}
}

func TestCastling_C2_RightLostByKingMove(t *testing.T) {
	p := play(t, mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "Ke2", "Ke7", "Ke1", "Ke8")
	if got := p.FEN(); got != "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3" {
		t.Errorf("after king walks: %s", got)
	}
	expectCastles(t, p)
}

func TestCastling_C2_RightLostByRookMove(t *testing.T) {
	p := play(t, mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "Rh2", "Ra7", "Rh1", "Ra8")
	if got := p.FEN(); got != "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3" {
		t.Errorf("after rook walks: %s", got)
	}
	expectCastles(t, p, "O-O-O")
}

func TestCastling_C2_RightLostByRookCapture(t *testing.T) {
	// The white bishop takes the rook on its home square a8: black loses q.
	p := play(t, mustFEN(t, "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1"), "Bxa8")
	if got := p.FEN(); got != "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1" {
		t.Errorf("after Bxa8: %s", got)
	}
	expectCastles(t, p, "O-O")
}

func TestCastling_C3_NotOutOfCheck(t *testing.T) {
	expectCastles(t, mustFEN(t, "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1")) // Kxe2 only
	expectCastles(t, mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "O-O", "O-O-O")
}

func TestCastling_C3_NotThroughCheck(t *testing.T) {
	// Black rook on f8 attacks f1, crossed by the king castling kingside.
	expectCastles(t, mustFEN(t, "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O-O")
	// d1 attacked: no queenside castling.
	expectCastles(t, mustFEN(t, "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O")
}

func TestCastling_C3_NotIntoCheck(t *testing.T) {
	expectCastles(t, mustFEN(t, "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O-O")
	expectCastles(t, mustFEN(t, "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O")
}

func TestCastling_C3_PieceBetween(t *testing.T) {
	expectCastles(t, mustFEN(t, "4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1"), "O-O-O")
	expectCastles(t, mustFEN(t, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "O-O")
	// A piece on b1 blocks the rook's way, so it prevents queenside castling too.
	expectCastles(t, mustFEN(t, "4k3/8/8/8/8/8/8/Rn2K2R w KQ - 0 1"), "O-O")
}

func TestCastling_C4_RookAttackedOrCrossingAttackedSquare(t *testing.T) {
	// Rook h1 attacked by the rook on h8; b1 attacked by the rook on b8.
	expectCastles(t, mustFEN(t, "1r2k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O", "O-O-O")
}

func TestCastling_C4_CheckEarlierInTheGame(t *testing.T) {
	// White is checked, blocks with the knight, and keeps both rights: castling
	// was only prevented for now (C3). The rook on b8 then attacks b1 (C4).
	p := play(t, mustFEN(t, "3r4/8/2k5/8/8/2N5/8/R3K2R b KQ - 0 1"), "Re8+")
	expectCastles(t, p)
	p = play(t, p, "Ne4", "Rb8")
	if !strings.Contains(p.FEN(), " KQ ") {
		t.Errorf("rights lost by a check: %s", p.FEN())
	}
	expectCastles(t, p, "O-O", "O-O-O")
}

// The four worked examples of the Albanian seed (laws C5).
func TestCastling_C5_KnightBetweenQueenside(t *testing.T) {
	expectCastles(t, mustFEN(t, "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"), "O-O")
}

func TestCastling_C5_QueenGivesCheck(t *testing.T) {
	expectCastles(t, mustFEN(t, "r3k2r/8/8/8/4Q3/8/8/6K1 b kq - 0 1"))
}

func TestCastling_C5_QueenAttacksC1RookH1Attacked(t *testing.T) {
	p := mustFEN(t, "4k3/8/2q5/8/8/8/8/R3K2R w KQ - 0 1")
	if !p.IsAttacked(H1, Black) || !p.IsAttacked(C1, Black) {
		t.Fatal("the queen should attack c1 and the rook on h1")
	}
	expectCastles(t, p, "O-O")
}

func TestCastling_C5_QueenAttacksF8AndB8(t *testing.T) {
	p := mustFEN(t, "r3k2r/3p4/3Q4/8/8/8/8/4K3 b kq - 0 1")
	if !p.IsAttacked(F8, White) || !p.IsAttacked(B8, White) {
		t.Fatal("the queen should attack f8 and b8")
	}
	expectCastles(t, p, "O-O-O")
}

func TestCastling_C6_VerticalKrabbe(t *testing.T) {
	// Tim Krabbé, 1972, mate in 3: 1.e7 Kxf3 2.e8=R Kg2 3.O-O-O-O#. The FEN
	// gives black castling rights without black rooks: read leniently.
	fen := "8/8/4P3/3p4/2p3p1/1pP1kPPp/1P5P/R3K2R w KQkq - 0 1"
	p, notes, err := ParseFENWith(fen, Options{Vertical: true}, true)
	if err != nil || len(notes) != 2 {
		t.Fatalf("lenient read: %v, notes %q (want the two black rights dropped)", err, notes)
	}
	p = play(t, p, "e7", "Kxf3", "e8=R", "Kg2")
	if !p.CastlingRights().Has(E8) {
		t.Fatalf("the rook promoted on e8 should count as unmoved; rights %v", p.CastlingRights().Squares())
	}
	m, err := p.ParseSAN("O-O-O-O#")
	if err != nil {
		t.Fatal(err)
	}
	if m.KingTo() != E3 || m.RookTo() != E2 || p.SAN(m) != "O-O-O-O#" || p.UCI(m) != "e1e3" {
		t.Errorf("vertical castling: king %s rook %s SAN %s UCI %s", m.KingTo(), m.RookTo(), p.SAN(m), p.UCI(m))
	}
	q := p.Play(m)
	if q.PieceAt(E3) != WhiteKing || q.PieceAt(E2) != WhiteRook || q.CountLegal() != 0 {
		t.Errorf("after O-O-O-O: %s", q.FEN())
	}
	if back, err := p.ParseUCI("e1e3"); err != nil || back != m {
		t.Errorf("e1e3 reads as %v, %v", back, err)
	}
	// Without the 1971 rules, the same line gives no vertical castling.
	std, _, _ := ParseFENWith(fen, Options{}, true)
	std = play(t, std, "e7", "Kxf3", "e8=R", "Kg2")
	if _, err := std.ParseSAN("O-O-O-O"); err == nil {
		t.Error("vertical castling must be illegal under today's rules")
	}
}

func TestCastling_C6_VerticalNeedsEmptyFileAndSafeSquares(t *testing.T) {
	p := mustFENWith(t, "4R3/8/8/8/8/8/8/4K2k w - - 0 1", Options{Vertical: true})
	expectCastles(t, p) // FEN cannot give the right: the history must
	p.castle = E8.Bitboard()
	p.unmovedKings = E1.Bitboard()
	expectCastles(t, p, "O-O-O-O")
	blocked := *p
	blocked.put(BlackKnight, E5)
	expectCastles(t, &blocked)
	attacked := *p
	attacked.put(BlackRook, A3) // e3, the king's landing square
	expectCastles(t, &attacked)
	crossing := *p
	crossing.put(BlackBishop, G4) // e2 is crossed by the king
	expectCastles(t, &crossing)
}

func TestCastling_C7_Chess960(t *testing.T) {
	// Shredder-FEN and X-FEN name the same rooks.
	shredder := mustFENWith(t, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", Options{Chess960: true})
	xfen := mustFENWith(t, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", Options{Chess960: true})
	if shredder.CastlingRights() != xfen.CastlingRights() || shredder.CastlingRights() != F1.Bitboard()|H1.Bitboard()|F8.Bitboard()|H8.Bitboard() {
		t.Errorf("rights %v vs %v", shredder.CastlingRights().Squares(), xfen.CastlingRights().Squares())
	}
	if got := shredder.FEN(); got != "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9" {
		t.Errorf("X-FEN out: %s", got)
	}
	if got := xfen.ShredderFEN(); got != "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" {
		t.Errorf("Shredder-FEN out: %s", got)
	}
	// King g1, rooks f1 and h1: neither castling is possible yet (the f1
	// rook blocks O-O; b1, c1 and e1 block O-O-O).
	expectCastles(t, shredder)
	p := play(t, mustFENWith(t, "3k4/8/8/8/8/8/8/4RRK1 w F - 0 1", Options{Chess960: true}), "Re2", "Kc7")
	expectCastles(t, p, "O-O-O")
	m, _ := p.ParseSAN("O-O-O")
	if p.UCI(m) != "g1f1" {
		t.Errorf("960 UCI is king takes rook, got %s", p.UCI(m))
	}
	if got := p.Play(m).FEN(); got != "8/2k5/8/8/8/8/4R3/2KR4 b - - 3 2" {
		t.Errorf("after 960 O-O-O: %s", got)
	}
	// A king that stays on g1 while castling kingside.
	q := mustFENWith(t, "4k3/8/8/8/8/8/8/5RKR w H - 0 1", Options{Chess960: true})
	q.remove(F1)
	expectCastles(t, q, "O-O")
	// The X-FEN letter names an inner rook where K would be ambiguous.
	inner := mustFENWith(t, "4k3/8/8/8/8/8/8/1R1K1RR1 w F - 0 1", Options{Chess960: true})
	if inner.CastlingRights() != F1.Bitboard() || !strings.Contains(inner.FEN(), " F ") {
		t.Errorf("inner rook right: %v, %s", inner.CastlingRights().Squares(), inner.FEN())
	}
}

func TestCastling_C7_UCIEncodings(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	a, err1 := p.ParseUCI("e1g1")
	b, err2 := p.ParseUCI("e1h1")
	if err1 != nil || err2 != nil || a != b || !a.IsCastling() {
		t.Fatalf("e1g1 %v %v, e1h1 %v %v", a, err1, b, err2)
	}
	if p.UCI(a) != "e1g1" {
		t.Errorf("standard UCI castling: %s", p.UCI(a))
	}
	q := mustFENWith(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Options{Chess960: true})
	m, err := q.ParseUCI("e1a1")
	if err != nil || q.UCI(m) != "e1a1" {
		t.Errorf("960 e1a1: %v %v", m, err)
	}
}

func TestCastling_C7_RookShieldingTheKingsDestination(t *testing.T) {
	// King e1 and rook b1; a black queen on a1 attacks c1 once b1 is empty.
	p := mustFENWith(t, "4k3/8/8/8/8/8/8/qR2K3 w B - 0 1", Options{Chess960: true})
	expectCastles(t, p)
}

// TestParseFEN_Chess960TwoRightsOnOneSide: a king castles with at most one
// rook on each side (C7), so a FEN giving two rights on one side is an
// error; lenient mode keeps the outermost rook's right (the one K or Q
// would name) and reports the other.
func TestParseFEN_Chess960TwoRightsOnOneSide(t *testing.T) {
	c960 := Options{Chess960: true}
	for _, c := range []struct {
		fen, want, kept, field string
	}{
		{"2rrk3/8/8/8/8/8/3PPPPP/2RK4 w cd - 0 1", "castling rights c and d name two rooks on the a-side of the black king (c8 and d8)", "2rrk3/8/8/8/8/8/3PPPPP/2RK4 w q - 0 1", "c"},
		{"2rrk3/8/8/8/8/8/3PPPPP/2RK4 w dc - 0 1", "castling rights c and d name two rooks on the a-side", "2rrk3/8/8/8/8/8/3PPPPP/2RK4 w q - 0 1", "c"},
		{"2rrk3/8/8/8/8/8/3PPPPP/2RK4 w qd - 0 1", "castling rights q and d name two rooks", "2rrk3/8/8/8/8/8/3PPPPP/2RK4 w q - 0 1", "q"},
		{"4k3/8/8/8/8/8/8/1K3RRR w KG - 0 1", "castling rights K and G name two rooks on the h-side of the white king (h1 and g1)", "4k3/8/8/8/8/8/8/1K3RRR w K - 0 1", "K"},
		{"4k3/8/8/8/8/8/8/1K3RRR w FGH - 0 1", "name two rooks on the h-side of the white king", "4k3/8/8/8/8/8/8/1K3RRR w K - 0 1", "H"},
	} {
		_, _, err := ParseFENWith(c.fen, c960, false)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != "castling" || !strings.Contains(fe.Msg, c.want) {
			t.Errorf("%s: error %v, want a castling error saying %q", c.fen, err, c.want)
		}
		p, notes, err := ParseFENWith(c.fen, c960, true)
		if err != nil || len(notes) == 0 || !strings.HasPrefix(notes[0], "dropped castling right ") || !strings.Contains(notes[0], c.want) ||
			!strings.HasSuffix(notes[0], "the outermost rook's right ("+c.field+") is kept") {
			t.Errorf("%s lenient: %v %q", c.fen, err, notes)
			continue
		}
		if p.FEN() != c.kept {
			t.Errorf("%s lenient: read as %s, want %s", c.fen, p.FEN(), c.kept)
		}
	}
	// One right on each side stays.
	p := mustFENWith(t, "2r1k1r1/4p3/8/8/8/8/8/1RK1R3 w BEcg - 0 1", c960)
	if p.ShredderFEN() != "2r1k1r1/4p3/8/8/8/8/8/1RK1R3 w EBgc - 0 1" {
		t.Errorf("one right a side: %s", p.ShredderFEN())
	}
	// Read as Chess960 by the lenient reader of a standard FEN, the same rule.
	p, notes, err := ParseFENWith("2rrk3/8/8/8/8/8/3PPPPP/2RK4 w cd - 0 1", Options{}, true)
	if err != nil || len(notes) != 2 || !strings.Contains(notes[0], "read as Chess960") || p.CastlingRights() != C8.Bitboard() {
		t.Errorf("standard lenient: %v %q", err, notes)
	}
}

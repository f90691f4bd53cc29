package chess

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// sanForms returns ways of writing m in p: its SAN with and without check
// marks and capture sign, with annotations, with full or partial origin,
// and a few wrong ones.
func sanForms(p *Position, m Move) []string {
	san := p.SAN(m)
	bare := strings.TrimRight(san, "+#")
	forms := []string{san, bare, bare + "!?", bare + "#", strings.Replace(bare, "x", "", 1), strings.ReplaceAll(bare, "O", "0"), strings.Replace(bare, "O", "0", 1)}
	from, to := m.From().String(), m.To().String()
	switch {
	case bare[0] >= 'A' && bare[0] <= 'Z' && bare[0] != 'O':
		forms = append(forms, bare[:1]+to, bare[:1]+from+to, bare[:1]+from+"x"+to, bare[:1]+from[1:]+to, bare[:1]+from[:1]+to, "P"+to)
	case bare[0] >= 'a' && bare[0] <= 'h':
		forms = append(forms, bare[1:], from[:1]+"x"+to, from[:1]+to, strings.TrimSuffix(bare, "=Q"), bare+"=Q", bare+"=K", bare+"=q", from+to)
	}
	return forms
}

// TestQuickSANAgreesWithParseSAN plays random games from the positions of
// the perft suites and checks QuickSAN against ParseSAN for every legal
// move, written in several ways, and for some moves that are not legal.
func TestQuickSANAgreesWithParseSAN(t *testing.T) {
	var starts []PerftCase
	starts = append(starts, loadSuite(t, "perftsuite.epd")...)
	starts = append(starts, loadSuite(t, "tricky.perft")...)
	starts = append(starts, loadSuite(t, "chess960.perft")[:100]...)
	tried, answered := 0, 0
	// The first positions again, with vertical castling (laws C6).
	vertical := func(i int) bool { return i >= len(starts) }
	randomGames(t, 3, append(starts, starts[:60]...), vertical, 40, func(p *Position, legal []Move) {
		var texts []string
		for _, m := range legal {
			texts = append(texts, sanForms(p, m)...)
		}
		texts = append(texts, "O-O", "O-O-O", "0-0", "0-0-0", "O-O-O-O", "O-O-", "O--O", "OO", "O-O-O-O-O", "Ke9", "e", "xe4", "Nxe4", "Qa1", "Rh8", "Kd2", "e5", "d5", "exd5", "hxg7", "b8=N", "axb1=Q", "N1", "Bb", "Qd1d1")
		for _, s := range texts {
			tried++
			got, ok := p.QuickSAN(s)
			if !ok {
				continue
			}
			answered++
			if want, err := p.ParseSAN(s); err != nil || got != want {
				t.Fatalf("%q in %s: QuickSAN %v, ParseSAN %v %v", s, p.FEN(), got, want, err)
			}
		}
	})
	t.Logf("%d texts, %d answered by QuickSAN", tried, answered)
	if answered < tried/4 {
		t.Fatalf("QuickSAN answered only %d of %d", answered, tried)
	}
}

// TestQuickSANPartsAgreesWithQuickSAN plays random games from the
// positions of the perft suites and checks, for every text of the plain
// forms ("e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1e2") with every piece
// and destination and with origins taken from the board, that
// QuickSANParts of the text's parts answers as QuickSAN of the text.
func TestQuickSANPartsAgreesWithQuickSAN(t *testing.T) {
	var starts []PerftCase
	starts = append(starts, loadSuite(t, "perftsuite.epd")...)
	starts = append(starts, loadSuite(t, "chess960.perft")[:50]...)
	tried, found := 0, 0
	randomGames(t, 7, starts, nil, 30, func(p *Position, legal []Move) {
		var texts []string
		for to := range Square(64) {
			sq := to.String()
			texts = append(texts, sq, "N"+sq, "B"+sq, "R"+sq+"+", "Q"+sq, "K"+sq, "ax"+sq, "h"+sq)
		}
		for _, m := range legal {
			from, sq := m.From().String(), m.To().String()
			letter := p.PieceAt(m.From()).Type().Letter()
			if letter == "P" {
				letter = ""
			}
			texts = append(texts, letter+sq, letter+"x"+sq, from[:1]+"x"+sq)
			if letter != "" {
				texts = append(texts, letter+from[:1]+sq, letter+from[1:]+sq+"#")
			}
		}
		for _, s := range texts {
			tp, to, file, rank, ok := plainParts(s)
			if !ok {
				continue
			}
			tried++
			got, gotOK := p.QuickSANParts(tp, to, file, rank)
			want, wantOK := p.QuickSAN(s)
			if got != want || gotOK != wantOK {
				t.Fatalf("%q in %s: QuickSANParts %v %v, QuickSAN %v %v", s, p.FEN(), got, gotOK, want, wantOK)
			}
			if gotOK {
				found++
			}
		}
	})
	t.Logf("%d texts, %d moves found", tried, found)
	if found < tried/20 {
		t.Fatalf("only %d of %d texts name a move", found, tried)
	}
}

// randomGames plays, from each start, a random game of up to plies plies
// (seeded by seed), and calls visit in every position with its legal
// moves before a move is made; vertical, if set, tells which starts allow
// vertical castling. visit must leave the position as it is.
func randomGames(t *testing.T, seed uint64, starts []PerftCase, vertical func(i int) bool, plies int, visit func(p *Position, legal []Move)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var ml MoveList
	for i, c := range starts {
		p, _, err := ParseFENWith(c.FEN, Options{Chess960: c.Chess960, Vertical: vertical != nil && vertical(i)}, true)
		if err != nil {
			t.Fatal(err)
		}
		for range plies {
			p.LegalMoves(&ml)
			visit(p, ml.Slice())
			if ml.Len() == 0 {
				break
			}
			p.Make(ml.At(rng.IntN(ml.Len())))
		}
	}
}

// plainParts reads a text of the plain forms of SAN into its parts, as
// the PGN reader does, for TestQuickSANPartsAgreesWithQuickSAN.
func plainParts(s string) (t PieceType, to Square, fromFile, fromRank int, ok bool) {
	s = strings.TrimRight(s, "+#")
	if n := len(s); n < 2 || n > 4 || s[n-2] < 'a' || s[n-2] > 'h' || s[n-1] < '1' || s[n-1] > '8' {
		return 0, 0, 0, 0, false
	}
	to = NewSquare(int(s[len(s)-2]-'a'), int(s[len(s)-1]-'1'))
	hint := s[:len(s)-2]
	t, fromFile, fromRank = Pawn, -1, -1
	if hint != "" && strings.Contains("NBRQK", hint[:1]) {
		t = sanPiece[hint[0]]
		hint = hint[1:]
	}
	switch {
	case hint == "" && t != Pawn, hint == "x" && t != Pawn:
	case hint == "" && t == Pawn:
	case len(hint) == 2 && t == Pawn && hint[0] >= 'a' && hint[0] <= 'h' && hint[1] == 'x':
		fromFile = int(hint[0] - 'a')
	case len(hint) == 1 && t != Pawn && hint[0] >= 'a' && hint[0] <= 'h':
		fromFile = int(hint[0] - 'a')
	case len(hint) == 1 && t != Pawn && hint[0] >= '1' && hint[0] <= '8':
		fromRank = int(hint[0] - '1')
	default:
		return 0, 0, 0, 0, false
	}
	return t, to, fromFile, fromRank, true
}

// FuzzQuickSAN: QuickSAN never panics, and where it answers it gives the
// move ParseSAN gives.
func FuzzQuickSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "O-O-O-O", "exd6", "e8=Q+", "e8Q", "Ng1f3", "Qh4e1", "Nf3!?", "Kxd2", "Rae1", "R1e2", "hxg8=N#", "bxc3", "Bb5", "h8=b", "bxa8=b", "b8b", ""} {
		f.Add(StartFEN, s, false, false)
		f.Add("r3k2r/P6p/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", s, false, true)
		f.Add("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", s, false, false)
		f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", s, false, false)
		f.Add("4k3/8/8/8/1b6/8/3N4/4K2R w K - 0 1", s, false, true)
		f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", s, true, false)
		f.Add("r3k3/1P5P/8/8/8/8/8/4K3 w - - 0 1", s, false, false)
	}
	f.Fuzz(func(t *testing.T, fen, san string, chess960, vertical bool) {
		p, _, err := ParseFENWith(fen, Options{Chess960: chess960, Vertical: vertical}, true)
		if err != nil {
			return
		}
		got, ok := p.QuickSAN(san)
		if !ok {
			return
		}
		if want, err := p.ParseSAN(san); err != nil || got != want {
			t.Fatalf("%q in %s: QuickSAN %v, ParseSAN %v %v", san, p.FEN(), got, want, err)
		}
	})
}

// TestReachTable: the table QuickSAN starts from is filled (it is built
// after the attack tables, by file order).
func TestReachTable(t *testing.T) {
	for s := range Square(64) {
		if reach[Knight][s] != KnightAttacks(s) || reach[King][s] != KingAttacks(s) ||
			reach[Queen][s] != BishopAttacks(s, 0)|RookAttacks(s, 0) || reach[Queen][s] == 0 {
			t.Fatalf("reach table wrong on %v", s)
		}
	}
}

// TestHasLegalMove: HasLegalMove agrees with CountLegal along random games
// from the perft suite positions, checkmates and stalemates included.
func TestHasLegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var ml MoveList
	seen := [2]int{}
	for _, c := range loadSuite(t, "perftsuite.epd") {
		p, _, err := ParseFENWith(c.FEN, Options{Chess960: c.Chess960}, true)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200; ply++ {
			has := p.CountLegal() != 0
			if p.HasLegalMove() != has {
				t.Fatalf("HasLegalMove %v in %s", !has, p.FEN())
			}
			if has {
				seen[1]++
			} else {
				seen[0]++
				break
			}
			p.LegalMoves(&ml)
			p.Make(ml.Slice()[rng.IntN(ml.Len())])
		}
	}
	for _, fen := range []string{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.HasLegalMove() || p.CountLegal() != 0 {
			t.Errorf("%s: a legal move found", fen)
		}
	}
	t.Logf("%d positions with a move, %d without", seen[1], seen[0])
}

package chess

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// FuzzFEN: no input makes the reader panic, and what it accepts writes
// back to a FEN that reads as the same position.
func FuzzFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
		"4k3/8/8/8/8/8/8/4K2R w KX - 0 1", "", "8/8/8/8/8/8/8/8 w - -",
		// Checks no move gives, and two castling rights on one side.
		"2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1", "8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
		"8/8/8/4k3/3Pp3/8/8/K7 b - d3 0 1", "2rrk3/8/8/8/8/8/3PPPPP/2RK4 w cd - 0 1"} {
		f.Add(s, false, false)
		f.Add(s, true, true)
	}
	f.Fuzz(func(t *testing.T, fen string, chess960, lenient bool) {
		p, _, err := ParseFENWith(fen, Options{Chess960: chess960}, lenient)
		if err != nil {
			return
		}
		checkFENRoundTrip(t, p)
		var ml MoveList
		p.LegalMoves(&ml)
		if ml.Len() != p.CountLegal() {
			t.Fatalf("%s: LegalMoves %d, CountLegal %d", p.FEN(), ml.Len(), p.CountLegal())
		}
	})
}

// FuzzSAN: no input makes the SAN reader panic, and any move it accepts
// is legal and formats to SAN that reads back to the same move.
func FuzzSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6 e.p.", "e8=Q+", "e8Q", "Ng1f3", "Qh4e1", "a8(Q)", "Nf3!?", "--", "Z0", "O-O-O-O", ""} {
		f.Add(StartFEN, s)
		f.Add("r3k2r/P6p/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", s)
	}
	for _, s := range []string{"h8=b", "h8b", "bxa8=b", "b8=b+", "h8(b)", "h8/b", "h8=", "bxa8"} {
		f.Add("r3k3/1P5P/8/8/8/8/8/4K3 w - - 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, san string) {
		p, _, err := ParseFENWith(fen, Options{}, true)
		if err != nil {
			return
		}
		m, err := p.ParseSAN(san)
		if err != nil {
			return
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if !ml.Contains(m) {
			t.Fatalf("%s: %q read as illegal %v", p.FEN(), san, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("%s: SAN %s of %q does not read back: %v", p.FEN(), p.SAN(m), san, err)
		}
	})
}

// FuzzUCI: no input makes the UCI reader panic, and accepted moves are legal.
func FuzzUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e1h1", "a7a8q", "0000", "e2e4k", ""} {
		f.Add(StartFEN, s, false)
		f.Add("r3k2r/P6p/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", s, true)
	}
	f.Fuzz(func(t *testing.T, fen, uci string, chess960 bool) {
		p, _, err := ParseFENWith(fen, Options{Chess960: chess960}, true)
		if err != nil {
			return
		}
		m, err := p.ParseUCI(uci)
		if err != nil {
			return
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if !ml.Contains(m) {
			t.Fatalf("%s: %q read as illegal %v", p.FEN(), uci, m)
		}
		if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
			t.Fatalf("%s: UCI %s does not read back", p.FEN(), p.UCI(m))
		}
	})
}

// FuzzReadPerftSuite: no suite file makes the reader panic; what it reads
// has a line for every position and no negative depth, and its positions
// (those that read as a FEN) read again once written in the one-line form.
func FuzzReadPerftSuite(f *testing.F) {
	for _, name := range []string{"perftsuite.epd", "tricky.perft", "chess960.perft"} {
		data, err := os.ReadFile(suitePath(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 2000)])
	}
	f.Add([]byte("id x\nepd 8/8/8/8/8/8/8/8 w - -\nperft 1 0\n# c\nfoo ;D1 20 ;D2 400\n"))
	f.Add([]byte("perft 1 20\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := ReadPerftSuite(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b strings.Builder
		var written []PerftCase
		for _, c := range cases {
			if c.Line <= 0 {
				t.Fatalf("case %+v has no line", c)
			}
			for _, e := range c.Expected {
				if e.Depth < 0 {
					t.Fatalf("case %+v: negative depth", c)
				}
			}
			if _, _, err := ParseFENWith(c.FEN, Options{Chess960: c.Chess960}, true); err != nil || len(c.Expected) == 0 || strings.Contains(c.FEN, ";") {
				continue // only positions are written back, in the one-line form
			}
			b.WriteString(c.FEN)
			for _, e := range c.Expected {
				fmt.Fprintf(&b, " ;D%d %d", e.Depth, e.Nodes)
			}
			b.WriteString("\n")
			written = append(written, c)
		}
		again, err := ReadPerftSuite(strings.NewReader(b.String()))
		if err != nil || len(again) != len(written) {
			t.Fatalf("what was read does not read again: %v\n%s", err, b.String())
		}
		for i, c := range again {
			if c.FEN != written[i].FEN || !slices.Equal(c.Expected, written[i].Expected) {
				t.Fatalf("read again as %+v, not %+v", c, written[i])
			}
		}
	})
}

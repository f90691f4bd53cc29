package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
)

// TestQuickSANAgreesWithParseSAN checks quickSAN against ParseSAN in every
// position of the real games, for every legal move written in
// several ways (with and without check marks, capture signs and
// disambiguation, with the full origin) and a few moves that are not.
func TestQuickSANAgreesWithParseSAN(t *testing.T) {
	var ml chess.MoveList
	positions, tried, quick := 0, 0, 0
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn", "FWWRC.pgn", "uzchesscup.pgn"} {
		f, err := os.Open(filepath.Join(testdata, "real", name))
		if err != nil {
			t.Fatal(err)
		}
		rd := pgn.NewReader(f)
		for games := 0; games < 80; games++ {
			pg, err := rd.Read()
			if err != nil {
				break
			}
			start, _, err := chess.ParseFENWith(chess.StartFEN, chess.Options{}, true)
			if err != nil {
				t.Fatal(err)
			}
			g := game.NewWith(start, game.Config{CanMate: (*chess.Position).MaterialAllowsMate, Transcribe: true})
			for _, mv := range pg.Moves {
				p := &g.Positions()[g.Ply()]
				positions++
				p.LegalMoves(&ml)
				var texts []string
				for _, m := range ml.Slice() {
					san := p.SAN(m)
					bare := strings.TrimRight(san, "+#")
					texts = append(texts, san, bare, bare+"!?", strings.Replace(bare, "x", "", 1))
					if len(bare) >= 3 && bare[0] >= 'A' && bare[0] <= 'Z' && bare[0] != 'O' {
						to := m.To().String()
						texts = append(texts, bare[:1]+to, bare[:1]+m.From().String()+to, bare[:1]+m.From().String()+"x"+to,
							bare[:1]+m.From().String()[1:]+to, bare[:1]+m.From().String()[:1]+to)
					} else if bare[0] >= 'a' && bare[0] <= 'h' {
						texts = append(texts, bare[1:], m.From().String()[:1]+"x"+bare[len(bare)-2:], strings.TrimSuffix(bare, "=Q"), bare+"=Q", bare+"=K")
					}
				}
				texts = append(texts, mv.SAN, "Ke9", "Pe4", "e", "xe4", "Nxe4", "Qa1", "Rh8", "e5", "d5", "exd5", "hxg7")
				for _, s := range texts {
					tried++
					want, werr := p.ParseSAN(s)
					got, ok := p.QuickSAN(s)
					if !ok {
						continue
					}
					quick++
					if werr != nil || got != want {
						t.Fatalf("%s in %s: QuickSAN %v, ParseSAN %v %v", s, p.FEN(), got, want, werr)
					}
				}
				m, err := g.ParseMove(mv.SAN)
				if err != nil {
					break
				}
				g.PlayLegal(m)
			}
		}
		f.Close()
	}
	t.Logf("%d positions, %d texts, %d answered by QuickSAN", positions, tried, quick)
	if quick == 0 {
		t.Fatal("QuickSAN answered nothing")
	}
}

// TestPlainPartsAgreeWithQuickSAN: for every move of the real games that
// the PGN reader reads into its parts (pgn.PlainSAN, numbered as the
// chess package numbers pieces and squares), QuickSANParts of the parts,
// as the replay calls it, gives what QuickSAN gives for the text.
func TestPlainPartsAgreeWithQuickSAN(t *testing.T) {
	moves, plain := 0, 0
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn", "FWWRC.pgn", "uzchesscup.pgn"} {
		f, err := os.Open(filepath.Join(testdata, "real", name))
		if err != nil {
			t.Fatal(err)
		}
		rd := pgn.NewReader(f)
		var ml pgn.MainLine
		for games := 0; games < 300; games++ {
			if err := rd.ReadMainLine(&ml); err != nil {
				break
			}
			p, _, err := chess.ParseFENWith(chess.StartFEN, chess.Options{}, true)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ml.Len() {
				moves++
				want, wantOK := p.QuickSANBytes(ml.SANBytes(i))
				if ps := ml.Plain(i); ps != 0 {
					plain++
					got, gotOK := p.QuickSANParts(chess.PieceType(ps.Piece()), chess.Square(ps.To()), ps.FromFile(), ps.FromRank())
					if got != want || gotOK != wantOK {
						t.Fatalf("%s: %q in %s: QuickSANParts %v %v, QuickSAN %v %v", name, ml.SAN(i), p.FEN(), got, gotOK, want, wantOK)
					}
				}
				if !wantOK {
					if want, err = p.ParseSAN(ml.SAN(i)); err != nil {
						break
					}
				}
				p.Make(want)
			}
		}
		f.Close()
	}
	t.Logf("%d moves, %d read into parts", moves, plain)
	if plain < moves/2 {
		t.Fatalf("only %d of %d moves read into parts", plain, moves)
	}
}

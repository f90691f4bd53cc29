package game

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/pgn"
)

// PGN to game to PGN, on every game of the repository's PGN files (real
// games: world championships, a Chess960 event, lichess and python-chess's
// test files): the game written back, read again and replayed, has the
// same moves, and every tag it was read with; what PGN adds is only the
// roster's unknowns, SetUp and FEN, Variant and Termination.
func TestFromPGN_RoundTripOnTheTestData(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "pgn", "*", "*.pgn"))
	games, refused, chess960 := 0, 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for pg, err := range pgn.NewReader(bytes.NewReader(b)).All() {
			if err != nil {
				continue
			}
			g, err := FromPGN(pg)
			if err != nil {
				refused++ // an illegal move or a variant of the edge cases
				continue
			}
			games++
			if g.Start().Options().Chess960 {
				chess960++
			}
			out := g.PGN()
			var buf bytes.Buffer
			if err := pgn.NewWriter(&buf).Write(out); err != nil {
				t.Fatalf("%s game %d: write: %v", f, pg.Line, err)
			}
			back, err := pgn.NewReader(&buf).Read()
			if err != nil {
				t.Fatalf("%s line %d: read back: %v\n%s", f, pg.Line, err, buf.String())
			}
			g2, err := FromPGN(back)
			if err != nil {
				t.Fatalf("%s line %d: replay the written game: %v\n%s", f, pg.Line, err, buf.String())
			}
			if !slices.Equal(g.Moves(), g2.Moves()) || g.Start().FEN() != g2.Start().FEN() {
				t.Errorf("%s line %d: the moves differ after the round trip", f, pg.Line)
			}
			for _, tag := range pg.Tags {
				if tag.Name == "Result" && out.Tag("Result") != tag.Value {
					if _, ended := g.Outcome(); ended {
						continue // the game's own result (a checkmate the file scored otherwise)
					}
					if v := tag.Value; v != "1-0" && v != "0-1" && v != "1/2-1/2" && v != "*" {
						continue // no result ("?"): written as the standard's "*"
					}
				}
				if back.Tag(tag.Name) != pg.Tag(tag.Name) {
					t.Errorf("%s line %d: tag %s is %q, was %q", f, pg.Line, tag.Name, back.Tag(tag.Name), pg.Tag(tag.Name))
				}
			}
			added := map[string]bool{"Event": true, "Site": true, "Date": true, "Round": true, "White": true, "Black": true, "Result": true,
				"SetUp": true, "FEN": true, "Variant": true, "Termination": true}
			for _, tag := range back.Tags {
				if !pg.HasTag(tag.Name) && !added[tag.Name] {
					t.Errorf("%s line %d: tag %s added", f, pg.Line, tag.Name)
				}
			}
		}
	}
	t.Logf("%d games round-tripped (%d Chess960), %d refused", games, chess960, refused)
	if games < 50 || chess960 == 0 {
		t.Errorf("only %d games (%d Chess960) round-tripped", games, chess960)
	}
}

// The first move that cannot be played is named with its number and text.
func TestFromPGN_BadMoveNamed(t *testing.T) {
	pg, err := pgn.NewReader(strings.NewReader("[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Qxf7 *\n")).Read()
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromPGN(pg)
	if err == nil || !strings.Contains(err.Error(), "move 3... Qxf7") {
		t.Errorf("error %v, want it to name move 3... Qxf7", err)
	}
	pg.SetTag("SetUp", "1") // and no FEN
	if _, err := FromPGN(pg); err == nil || !strings.Contains(err.Error(), "no FEN tag") {
		t.Errorf("SetUp 1 without a FEN: %v", err)
	}
	pg.SetTag("SetUp", "0")
	pg.SetTag("FEN", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	if _, err := FromPGN(pg); err == nil || !strings.Contains(err.Error(), "SetUp \"0\"") {
		t.Errorf("SetUp 0 with a FEN: %v", err)
	}
	pg.SetTag("SetUp", "1")
	if _, err := FromPGN(pg); err == nil || !strings.Contains(err.Error(), "move 1. e4") {
		t.Errorf("SetUp 1 with a FEN where e4 cannot be played: %v", err)
	}
	pg.SetTag("Variant", "Crazyhouse")
	if _, err := FromPGN(pg); err == nil || !strings.Contains(err.Error(), "crazyhouse") {
		t.Errorf("a crazyhouse game: %v", err)
	}
}

// From a FEN, with SetUp: the position is the FEN's; PGN writes SetUp and
// FEN back, the result of the checkmate and the standard's Termination.
func TestFromPGN_FENAndTermination(t *testing.T) {
	text := "[Event \"Study\"]\n[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# *\n"
	pg, err := pgn.NewReader(strings.NewReader(text)).Read()
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromPGN(pg)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Position().IsCheckmate() {
		t.Fatalf("not mate:\n%s", g.Position().Diagram())
	}
	out := g.PGN()
	if out.Tag("Result") != "1-0" || out.Result != "1-0" || out.Tag("Termination") != "normal" || out.Tag("FEN") != "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" || out.Tag("SetUp") != "1" || out.Tag("Event") != "Study" || out.Tag("Site") != "?" {
		t.Errorf("tags %+v, result %s", out.Tags, out.Result)
	}
	if len(out.Moves) != 1 || out.Moves[0].SAN != "Ra8#" {
		t.Errorf("moves %v", out.Moves)
	}
	// A game not over: "*" and unterminated.
	g2 := New(chess.StartPosition())
	if _, err := g2.PlayText("e4"); err != nil {
		t.Fatal(err)
	}
	if o := g2.PGN(); o.Result != "*" || o.Tag("Termination") != "unterminated" || o.HasTag("FEN") {
		t.Errorf("a game going on: %+v %s", o.Tags, o.Result)
	}
}

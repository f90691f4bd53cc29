package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// malformed lists the test files that hold broken games, with the number
// of errors expected.
var malformed = map[string]int{
	"edge-cases/corrupted.pgn": 1, // cut off in the middle of a move: "63. Kx"
}

// fileGames is the number of games in each test file, counted by hand
// (or, for the large files, by TestRealFileCounts).
var fileGames = map[string]int{
	"edge-cases/backslash_header.pgn":   1,
	"edge-cases/bare":                   1,
	"edge-cases/basic.pgn":              1,
	"edge-cases/black2move.pgn":         1,
	"edge-cases/book.pgn":               1,
	"edge-cases/castling.pgn":           1,
	"edge-cases/corrupted.pgn":          0,
	"edge-cases/empty_body.pgn":         2,
	"edge-cases/fishtest-fastchess.pgn": 4,
	"edge-cases/kasparov-deep-blue.pgn": 6,
	"edge-cases/magnus-grischuk.pgn":    1,
	"edge-cases/multiple.pgn":           4,
	"edge-cases/newline.pgn":            1,
	"edge-cases/no_moves.pgn":           1,
	"edge-cases/no_moves_but_comment_followed_by_termination_marker.pgn": 2,
	"edge-cases/no_moves_but_game_termination.pgn":                       1,
	"edge-cases/no_moves_but_game_termination_2.pgn":                     1,
	"edge-cases/no_moves_but_game_termination_3.pgn":                     1,
	"edge-cases/no_moves_but_game_termination_multiple.pgn":              2,
	"edge-cases/no_moves_but_game_termination_multiple_2.pgn":            3,
	"edge-cases/no_moves_two_games.pgn":                                  2,
	"edge-cases/no_result.pgn":                                           1,
	"edge-cases/skip.pgn":                                                2,
	"edge-cases/square_bracket_in_header.pgn":                            1,
	"edge-cases/threefold_repetition.pgn":                                1,
	"edge-cases/variations.pgn":                                          1,
	"python-chess/anastasian-lewis.pgn":                                  1,
	"python-chess/antichess-programfox.pgn":                              2,
	"python-chess/chessbase-empty-line.pgn":                              1,
	"python-chess/cutechess-fischerrandom.pgn":                           4,
	"python-chess/kasparov-deep-blue-1997.pgn":                           6,
	"python-chess/knightvuillaume-jannlee-zh-lichess.pgn":                1,
	"python-chess/molinari-bordais-1979.pgn":                             1,
	"python-chess/nepomniachtchi-liren-game1.pgn":                        1,
	"python-chess/saturs-jannlee-zh-lichess.pgn":                         1,
	"python-chess/stockfish-learning.pgn":                                1,
	"python-chess/uci-moves.pgn":                                         1,
	"python-chess/utf8-bom.pgn":                                          2,
	"python-chess/variations-nags-and-comments.pgn":                      1,
	"real/FWWRC.pgn":                                                     605,
	"real/lichess_db_1000k.pgn":                                          438,
	"real/twic1599_1000k.pgn":                                            1110,
	"real/uzchesscup.pgn":                                                45,
}

// testFiles lists every file under the test data folder, as slash paths
// relative to it.
func testFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(testdataDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(testdataDir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no test data found")
	}
	return files
}

// TestTestdataFiles reads every PGN test file: no panic, the expected
// number of games, and errors only in the malformed files.
func TestTestdataFiles(t *testing.T) {
	for _, rel := range testFiles(t) {
		t.Run(rel, func(t *testing.T) {
			out := readAll(t, readTestFile(t, rel))
			games, errs := gamesOf(out)
			if want, ok := fileGames[rel]; !ok {
				t.Logf("new test file: %d games, %d errors", len(games), len(errs))
			} else if len(games) != want {
				t.Errorf("got %d games, want %d", len(games), want)
			}
			if len(errs) != malformed[rel] {
				t.Errorf("got %d errors, want %d: %v", len(errs), malformed[rel], errs)
			}
			for i, g := range games {
				if g.Line < 1 {
					t.Errorf("game %d: line %d", i+1, g.Line)
				}
			}
		})
	}
}

// countLines counts the lines of data that start with prefix.
func countLines(data []byte, prefix string) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), prefix) {
			n++
		}
	}
	return n
}

// TestRealFileCounts compares the number of games read from the real
// files with a count made independently of the reader.
func TestRealFileCounts(t *testing.T) {
	for _, tc := range []struct {
		file, firstTag string
	}{
		{"real/lichess_db_1000k.pgn", "[Event "},
		{"real/twic1599_1000k.pgn", "[Event "},
		{"real/FWWRC.pgn", "[Event "},      // header-only games
		{"real/uzchesscup.pgn", "[Round "}, // only the first game has an Event tag
	} {
		data := readTestFile(t, tc.file)
		want := countLines(data, tc.firstTag)
		games, errs := gamesOf(readAll(t, data))
		if len(errs) > 0 {
			t.Errorf("%s: errors: %v", tc.file, errs)
		}
		if len(games) != want || want != fileGames[tc.file] {
			t.Errorf("%s: read %d games, counted %d %q lines, table says %d", tc.file, len(games), want, tc.firstTag, fileGames[tc.file])
		}
	}
}

// TestMainlineLengths checks main lines counted by hand from the files.
func TestMainlineLengths(t *testing.T) {
	for _, tc := range []struct {
		file   string
		game   int // 0-based
		plies  int
		last   string
		result string
	}{
		{"python-chess/molinari-bordais-1979.pgn", 0, 10, "Nd3#", "0-1"},
		{"edge-cases/black2move.pgn", 0, 3, "Nc5", ""},
		{"edge-cases/castling.pgn", 0, 6, "Na6", ""},
		{"edge-cases/threefold_repetition.pgn", 0, 9, "Rg7", ""},
		{"edge-cases/bare", 0, 111, "Kc1", "1/2-1/2"},
		{"edge-cases/book.pgn", 0, 16, "e4", "1/2-1/2"},
		{"edge-cases/magnus-grischuk.pgn", 0, 89, "Bg6", "1-0"},
		{"edge-cases/variations.pgn", 0, 108, "Kg7", "1/2-1/2"},
		{"edge-cases/kasparov-deep-blue.pgn", 5, 37, "c4", "1-0"},
		{"edge-cases/basic.pgn", 0, 130, "Kxh3", "1/2-1/2"},
		{"python-chess/nepomniachtchi-liren-game1.pgn", 0, 97, "Ke3", "1/2-1/2"},
		{"python-chess/chessbase-empty-line.pgn", 0, 134, "Bd6", "0-1"},
		{"python-chess/anastasian-lewis.pgn", 0, 84, "Qh1+", "1-0"},
		{"real/lichess_db_1000k.pgn", 0, 42, "Qg2#", "0-1"},
		{"real/twic1599_1000k.pgn", 0, 74, "Re3", "0-1"},
		{"real/FWWRC.pgn", 0, 0, "", ""},
	} {
		games, _ := gamesOf(readAll(t, readTestFile(t, tc.file)))
		if tc.game >= len(games) {
			t.Errorf("%s: no game %d", tc.file, tc.game)
			continue
		}
		g := games[tc.game]
		last := ""
		if n := len(g.Moves); n > 0 {
			last = g.Moves[n-1].SAN
		}
		if len(g.Moves) != tc.plies || last != tc.last || g.Result != tc.result {
			t.Errorf("%s game %d: %d plies ending %q, result %q; want %d ending %q, result %q",
				tc.file, tc.game, len(g.Moves), last, g.Result, tc.plies, tc.last, tc.result)
		}
	}
}

// TestPlyCount checks the main line length against the PlyCount tag, in
// every game that has one, except those where the tag is known to be off.
func TestPlyCount(t *testing.T) {
	wrongTag := map[string]bool{
		"edge-cases/castling.pgn": true, // tag copied from basic.pgn, movetext cut short
		"edge-cases/newline.pgn":  true, // same
		"edge-cases/skip.pgn":     true, // same
		"edge-cases/no_moves.pgn": true, // same
	}
	checked := 0
	for _, rel := range testFiles(t) {
		if malformed[rel] > 0 || wrongTag[rel] {
			continue
		}
		games, _ := gamesOf(readAll(t, readTestFile(t, rel)))
		for i, g := range games {
			pc := g.Tag("PlyCount")
			if pc == "" {
				continue
			}
			n, err := strconv.Atoi(pc)
			if err != nil {
				t.Errorf("%s game %d: PlyCount %q", rel, i, pc)
				continue
			}
			checked++
			if n != len(g.Moves) {
				t.Errorf("%s game %d (line %d): %d plies, PlyCount %d", rel, i+1, g.Line, len(g.Moves), n)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d games checked", checked)
	}
}

func TestTags(t *testing.T) {
	g := readOne(t, "[Event \"Tournament \\\"A\\\" \\\\ B\"]\n"+
		"[Variation \"closing ] opening\"]\n"+
		"[White \"New-cfe8\\\"dsadsa\\\"ce842c\"] [Black \"Two on one line\"]\n"+
		"[  Spaced   \"x\"  ]\n"+
		"[Empty \"\"]\n"+
		"\n1. e4 *\n")
	want := []Tag{
		{"Event", `Tournament "A" \ B`},
		{"Variation", "closing ] opening"},
		{"White", `New-cfe8"dsadsa"ce842c`},
		{"Black", "Two on one line"},
		{"Spaced", "x"},
		{"Empty", ""},
	}
	if len(g.Tags) != len(want) {
		t.Fatalf("tags %q, want %q", g.Tags, want)
	}
	for i := range want {
		if g.Tags[i] != want[i] {
			t.Errorf("tag %d: %q, want %q", i, g.Tags[i], want[i])
		}
	}
	if g.Tag("Black") != "Two on one line" || g.Tag("Nope") != "" || !g.HasTag("Empty") || g.HasTag("Nope") {
		t.Error("Tag/HasTag lookup wrong")
	}
	g.SetTag("Black", "B")
	g.SetTag("Round", "3")
	if g.Tag("Black") != "B" || g.Tags[len(g.Tags)-1] != (Tag{"Round", "3"}) {
		t.Errorf("SetTag: %q", g.Tags)
	}

	// A backslash before the closing quote, as some programs write it.
	g = readOne(t, string(readTestFile(t, "edge-cases/backslash_header.pgn")))
	if got := g.Tag("Event"); got != `Tournament \` {
		t.Errorf("Event = %q", got)
	}
	if len(g.Moves) != 95 || g.Result != "1-0" {
		t.Errorf("%d plies, result %q", len(g.Moves), g.Result)
	}
}

func TestMovetextForms(t *testing.T) {
	for _, tc := range []struct {
		name, in, moves, result string
	}{
		{"glued numbers", "1.e4 e5 2.Nf3 Nc6 3.Bb5 1-0", "e4 e5 Nf3 Nc6 Bb5", "1-0"},
		{"black numbers", "12... Nf6 13. e5 12...Nd5 1/2-1/2", "Nf6 e5 Nd5", "1/2-1/2"},
		{"number without dot", "1 e4 2 d4 *", "e4 d4", "*"},
		{"null moves", "1. e4 -- 2. Z0 e5 *", "e4 -- Z0 e5", "*"},
		{"castling with zeros", "1. 0-0 0-0-0+ 2. O-O O-O-O# *", "0-0 0-0-0+ O-O O-O-O#", "*"},
		{"promotions", "1. e8Q exd8=N+ 2. e8=Q# b1(N)", "", ""},
		{"drops and uci", "1. N@f3 P@e6 2. @e4 e2e4 3. e7e8q Ng1-f3 4. e2-e4 Qh4xe1 *", "N@f3 P@e6 @e4 e2e4 e7e8q Ng1-f3 e2-e4 Qh4xe1", "*"},
		{"suffixes", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *", "e4! e5? Nf3!! Nc6?? Bb5!? a6?!", "*"},
		{"empty lines", "\n\n1. e4\n\n\ne5\n\n*\n\n", "e4 e5", "*"},
		{"crlf", "[Event \"x\"]\r\n\r\n1. e4 {a\r\nb} e5 ; c\r\n2. d4 1-0\r\n", "e4 e5 d4", "1-0"},
		{"escape lines", "% ignored [Event \"no\"]\n[Event \"x\"]\n%ignored too\n\n1. e4\n% 1-0\ne5 *", "e4 e5", "*"},
		{"no result at eof", "1. e4 e5 2. Nf3", "e4 e5 Nf3", ""},
		{"bom", "\xef\xbb\xbf[Event \"x\"]\n\n1. e4 *", "e4", "*"},
		{"result glued to move", "1. e4 e5*", "e4 e5", "*"},
		{"en passant mark", "1. e4 d5 2. e5 f5 3. exf6 e.p. e5 4. e4\ne.p. *", "e4 d5 e5 f5 exf6 e5 e4", "*"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "promotions" {
				// "b1(N)" is not a move: its "(N)" opens a variation with a
				// non-move in it.
				out := readAll(t, []byte(tc.in))
				if len(out) != 1 || out[0].err == nil {
					t.Fatalf("want one error, got %v", out)
				}
				g := readOne(t, "1. e8Q exd8=N+ 2. e8=Q# bxa1=R *")
				if got := sans(g.Moves); got != "e8Q exd8=N+ e8=Q# bxa1=R" {
					t.Errorf("moves %q", got)
				}
				return
			}
			g := readOne(t, tc.in)
			if got := sans(g.Moves); got != tc.moves {
				t.Errorf("moves %q, want %q", got, tc.moves)
			}
			if g.Result != tc.result {
				t.Errorf("result %q, want %q", g.Result, tc.result)
			}
			roundTrip(t, g)
		})
	}
}

func TestComments(t *testing.T) {
	g := readOne(t, "[Event \"x\"]\n\n{Game  comment\n  on two lines} ; and a line comment\n"+
		"1. e4 {after e4} {second} 1... {before e5} e5 $1 {after NAG}\n"+
		"2. Nf3 (2. d4 {var} ; rest of line } with brace\n) {after var} 2... Nc6 {[%clk 0:04:59.5] [%eval -0.3,21]}\n"+
		"3. Bb5 {}  *")
	if d := diffStrings("game", g.Comments, []string{"Game comment on two lines", "and a line comment"}); d != "" {
		t.Error(d)
	}
	e4, e5, nf3, nc6, bb5 := g.Moves[0], g.Moves[1], g.Moves[2], g.Moves[3], g.Moves[4]
	if d := diffStrings("e4 after", e4.After, []string{"after e4", "second"}); d != "" {
		t.Error(d)
	}
	if d := diffStrings("e5 before", e5.Before, []string{"before e5"}); d != "" {
		t.Error(d)
	}
	if d := diffStrings("e5 after", e5.After, []string{"after NAG"}); d != "" {
		t.Error(d)
	}
	if len(e5.NAGs) != 1 || e5.NAGs[0] != 1 {
		t.Errorf("e5 NAGs %v", e5.NAGs)
	}
	if len(nf3.Variations) != 1 || sans(nf3.Variations[0]) != "d4" {
		t.Fatalf("Nf3 variations %v", nf3.Variations)
	}
	if d := diffStrings("d4 after", nf3.Variations[0][0].After, []string{"var", "rest of line } with brace"}); d != "" {
		t.Error(d)
	}
	if d := diffStrings("Nc6 before", nc6.Before, []string{"after var"}); d != "" {
		t.Error(d)
	}
	if d, ok := nc6.Clock(); !ok || d != 4*time.Minute+59*time.Second+500*time.Millisecond {
		t.Errorf("clock %v %v", d, ok)
	}
	if e, ok := nc6.Eval(); !ok || e != (Evaluation{Centipawns: -30, Depth: 21}) {
		t.Errorf("eval %+v %v", e, ok)
	}
	if d := diffStrings("Bb5 after", bb5.After, []string{""}); d != "" {
		t.Error(d)
	}
	out := roundTrip(t, g)
	if !strings.Contains(out, "; rest of line } with brace\n") {
		t.Errorf("comment with a brace not written as a line comment:\n%s", out)
	}
}

func TestNoMoves(t *testing.T) {
	games := readGames(t, string(readTestFile(t, "edge-cases/no_moves_but_comment_followed_by_termination_marker.pgn")))
	for _, g := range games {
		if len(g.Moves) != 0 || g.Result != "0-1" || len(g.Comments) != 1 || g.Comments[0] != "White's connection stalls" {
			t.Errorf("got %d moves, result %q, comments %q", len(g.Moves), g.Result, g.Comments)
		}
	}
	g := readOne(t, string(readTestFile(t, "edge-cases/no_moves.pgn")))
	if len(g.Moves) != 0 || g.Result != "" || len(g.Tags) != 14 {
		t.Errorf("got %d moves, result %q, %d tags", len(g.Moves), g.Result, len(g.Tags))
	}
	// Header-only games separated by blank lines.
	games = readGames(t, "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n\n[Event \"c\"]\n[Round \"1\"]")
	if len(games) != 3 || games[1].Tag("Event") != "b" || games[2].Tag("Round") != "1" {
		t.Errorf("header-only games: %d", len(games))
	}
	// A blank line inside one header (as ChessBase writes) does not split it.
	g = readOne(t, "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 *")
	if len(g.Tags) != 2 {
		t.Errorf("tags %q", g.Tags)
	}
	// Missing result: the game ends at the next tag section.
	games = readGames(t, "[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 1-0\n")
	if len(games) != 2 || sans(games[0].Moves) != "e4 e5" || games[0].Result != "" || games[1].Line != 4 {
		t.Errorf("missing result: %d games", len(games))
	}
	// Games without tags.
	games = readGames(t, "1. e4 e5 1-0\n1. d4 d5 0-1 1. c4 *")
	if len(games) != 3 || games[2].Result != "*" || games[1].Line != 2 {
		t.Errorf("tagless games: %d", len(games))
	}
	// Stray comments between games are not games.
	games = readGames(t, "1. e4 1-0 {stray}\n; stray too\n[Event \"b\"]\n*")
	if len(games) != 2 {
		t.Errorf("stray comments: %d games", len(games))
	}
	if games := readGames(t, "\n  \n% only an escape line\n"); len(games) != 0 {
		t.Errorf("empty input gave %d games", len(games))
	}
}

func TestVariations(t *testing.T) {
	g := readOne(t, string(readTestFile(t, "python-chess/variations-nags-and-comments.pgn")))
	if d := diffStrings("game", g.Comments, []string{"Main opening:"}); d != "" {
		t.Error(d)
	}
	if got := sans(g.Moves); got != "e4 c5 Nf3 g6 d4 cxd4 Qxd4 Nf6 Ba6 bxa6 O-O Nxe4 Qxe4" {
		t.Errorf("main line %q", got)
	}
	c5 := g.Moves[1]
	if len(c5.Variations) != 3 {
		t.Fatalf("c5 has %d variations", len(c5.Variations))
	}
	v0, v1, v2 := c5.Variations[0], c5.Variations[1], c5.Variations[2]
	if sans(v0) != "d5" || diffStrings("", v0[0].Before, []string{"Scandinavian defense:"}) != "" {
		t.Errorf("variation 1: %q before %q", sans(v0), v0[0].Before)
	}
	if sans(v1) != "h5" || len(v1[0].NAGs) != 1 || v1[0].NAGs[0] != 2 || v1[0].After[0] != "is nonesense" {
		t.Errorf("variation 2: %q", sans(v1))
	}
	if sans(v2) != "e5 Qf3 Bc5 Bc4 Nc6 Ne2" {
		t.Errorf("variation 3: %q", sans(v2))
	}
	ne2 := v2[5]
	if len(ne2.Variations) != 1 || sans(ne2.Variations[0]) != "Qxf7#" || ne2.Variations[0][0].After[0] != "would have been mate" {
		t.Errorf("nested variation: %v", ne2.Variations)
	}
	if g.Moves[len(g.Moves)-1].NAGs[0] != 10 || g.Result != "*" {
		t.Error("last move")
	}

	// Deep nesting and several variations on one move.
	var b strings.Builder
	b.WriteString("1. e4 ")
	const depth = 200
	for i := 0; i < depth; i++ {
		b.WriteString("(1. d4 ")
	}
	b.WriteString(strings.Repeat(")", depth))
	b.WriteString(" (1. c4) e5 *")
	g = readOne(t, b.String())
	n := 0
	for line := g.Moves; len(line[0].Variations) > 0; line = line[0].Variations[0] {
		n++
	}
	if n != depth || len(g.Moves[0].Variations) != 2 {
		t.Errorf("depth %d, %d variations", n, len(g.Moves[0].Variations))
	}
	roundTrip(t, g)

	// An empty variation is dropped; its comments go after the move.
	g = readOne(t, "1. e4 ( {nothing} ) e5 *")
	if len(g.Moves[0].Variations) != 0 || diffStrings("", g.Moves[0].After, []string{"nothing"}) != "" {
		t.Errorf("empty variation: %v %q", g.Moves[0].Variations, g.Moves[0].After)
	}
}

func TestSyntaxErrors(t *testing.T) {
	good := "[Event \"good\"]\n\n1. d4 d5 1-0\n"
	for _, tc := range []struct {
		name, bad string
		line      int
		msg       string
	}{
		{"unterminated comment", "[Event \"bad\"]\n\n1. e4 {never closed\ne5\n\n", 3, "unterminated comment"},
		{"unterminated variation", "[Event \"bad\"]\n\n1. e4 (1. d4\nd5 2. c4\n\n", 3, "unterminated variation"},
		{"variation cut by result", "[Event \"bad\"]\n\n1. e4\n(1. d4 d5 1-0\n\n", 4, "inside a variation"},
		{"unbalanced paren", "[Event \"bad\"]\n\n1. e4 e5 2. Nf3 ) Nc6 *\n\n", 3, "unbalanced"},
		{"garbage token", "[Event \"bad\"]\n\n1. e4 e5\n2. Nf3 &*! Nc6 1-0\n\n", 4, "unexpected token"},
		{"garbage byte", "[Event \"bad\"]\n\n1. e4 e5 ] 2. Nf3 1-0\n\n", 3, "unexpected"},
		{"malformed tag", "[Event \"bad\"]\n[Site no quotes]\n[Date \"?\"]\n\n1. e4 1-0\n\n", 2, "malformed tag"},
		{"unclosed tag", "[Event \"bad]\n\n1. e4 1-0\n\n", 1, "malformed tag"},
		{"bad NAG", "[Event \"bad\"]\n\n1. e4 $x 1-0\n\n", 3, "NAG"},
		{"NAG out of range", "[Event \"bad\"]\n\n1. e4 $256 1-0\n\n", 3, "NAG"},
		{"bad suffix", "[Event \"bad\"]\n\n1. e4 !!! 1-0\n\n", 3, "annotation"},
		{"NAG first", "[Event \"bad\"]\n\n$1 1. e4 1-0\n\n", 3, "before any move"},
		{"variation first", "[Event \"bad\"]\n\n(1. d4) 1. e4 1-0\n\n", 3, "before any move"},
		{"truncated move", "[Event \"bad\"]\n\n1. e4 e5 2. Kx", 3, "unexpected token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := good + "\n" + tc.bad + good
			out := readAll(t, []byte(in))
			if len(out) < 2 || out[0].game == nil || out[1].err == nil {
				t.Fatalf("want a good game then an error, got %v", out)
			}
			se := out[1].err
			badStart := strings.Count(good, "\n") + 2
			if se.Game != 2 || se.Line != badStart+tc.line-1 || !strings.Contains(se.Msg, tc.msg) {
				t.Errorf("error %v; want game 2, line %d, message with %q", se, badStart+tc.line-1, tc.msg)
			}
			want := 3
			if !strings.HasSuffix(tc.bad, "\n") {
				want = 2 // the bad game runs into the next one
			}
			games, errs := gamesOf(out)
			if len(errs) != 1 || len(games) != want-1 {
				t.Fatalf("got %d games and %d errors: %v", len(games), len(errs), errs)
			}
			for _, g := range games {
				if g.Tag("Event") != "good" || sans(g.Moves) != "d4 d5" {
					t.Errorf("bad game leaked: %q %q", g.Tags, sans(g.Moves))
				}
			}
			if want == 3 && games[1].Line != badStart+strings.Count(tc.bad, "\n") {
				t.Errorf("good game after the bad one starts at line %d", games[1].Line)
			}
		})
	}
	var se *SyntaxError
	err := error(&SyntaxError{Game: 3, Line: 14, Msg: "unbalanced ')'"})
	if !errors.As(err, &se) || err.Error() != "pgn: game 3, line 14: unbalanced ')'" {
		t.Errorf("Error() = %q", err.Error())
	}
}

func TestCorruptedFile(t *testing.T) {
	data := readTestFile(t, "edge-cases/corrupted.pgn")
	good := readTestFile(t, "edge-cases/basic.pgn")
	in := bytes.Join([][]byte{good, data, []byte("\n\n"), good}, nil)
	out := readAll(t, in)
	if len(out) != 3 || out[0].game == nil || out[1].err == nil || out[2].game == nil {
		t.Fatalf("got %v", out)
	}
	if out[1].err.Game != 2 {
		t.Errorf("error %v", out[1].err)
	}
	if d := diffGames(out[0].game, out[2].game); d != "" {
		t.Errorf("games around the broken one differ: %s", d)
	}
}

func TestVariant(t *testing.T) {
	for in, want := range map[string]string{
		"":                 "standard",
		"Standard":         "standard",
		"From Position":    "standard",
		"Chess960":         "chess960",
		"chess 960":        "chess960",
		"Fischerandom":     "chess960",
		"fischerandom":     "chess960",
		"FischerRandom":    "chess960",
		"Freestyle":        "chess960",
		"Crazyhouse":       "crazyhouse",
		"Antichess":        "antichess",
		"King of the Hill": "king of the hill",
		" Three-check ":    "three-check",
	} {
		g := &Game{}
		if in != "" {
			g.SetTag("Variant", in)
		}
		if got := g.Variant(); got != want {
			t.Errorf("Variant(%q) = %q, want %q", in, got, want)
		}
	}
	games := readGames(t, string(readTestFile(t, "python-chess/antichess-programfox.pgn")))
	if games[0].Variant() != "antichess" {
		t.Errorf("antichess file: %q", games[0].Variant())
	}
	games = readGames(t, string(readTestFile(t, "python-chess/cutechess-fischerrandom.pgn")))
	if games[0].Variant() != "chess960" || !games[0].SetUp() || !strings.HasPrefix(games[0].FEN(), "nbbrknrq/") {
		t.Errorf("cutechess: %q %v %q", games[0].Variant(), games[0].SetUp(), games[0].FEN())
	}
	if g := readOne(t, "1. e4 *"); g.SetUp() || g.FEN() != "" {
		t.Error("SetUp/FEN without tags")
	}
}

func TestClockEval(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"[%clk 1:23:45]":                       time.Hour + 23*time.Minute + 45*time.Second,
		"[%clk 0:05:00]":                       5 * time.Minute,
		"x [%emt 0:00:01] [%clk 0:00:59.25] y": 59*time.Second + 250*time.Millisecond,
		"[%clk 5:07]":                          5*time.Minute + 7*time.Second,
		"[%clk 100:00:00]":                     100 * time.Hour,
	} {
		if got, ok := Clock(in); !ok || got != want {
			t.Errorf("Clock(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "[%clk]", "[%clk 1:2:3:4]", "[%clk 0:61:00]", "[%clk -1:00:00]", "[%clk 0:00:NaN]", "[%clkx 0:01:00]", "[%clk 0:01:00"} {
		if got, ok := Clock(in); ok {
			t.Errorf("Clock(%q) = %v, want failure", in, got)
		}
	}
	for in, want := range map[string]Evaluation{
		"[%eval 0.3]":               {Centipawns: 30},
		"[%eval -1.25]":             {Centipawns: -125},
		"[%eval 44.73]":             {Centipawns: 4473},
		"[%eval #4]":                {Mate: 4, IsMate: true},
		"[%eval #-2]":               {Mate: -2, IsMate: true},
		"[%eval 0.17,25]":           {Centipawns: 17, Depth: 25},
		"[%clk 0:01:00] [%eval +2]": {Centipawns: 200},
	} {
		if got, ok := Eval(in); !ok || got != want {
			t.Errorf("Eval(%q) = %+v, %v; want %+v", in, got, ok, want)
		}
	}
	for _, in := range []string{"[%eval]", "[%eval x]", "[%eval NaN]", "[%eval Inf]", "[%eval 1e3]", "[%eval #]", "[%eval 0.3,x]"} {
		if got, ok := Eval(in); ok {
			t.Errorf("Eval(%q) = %+v, want failure", in, got)
		}
	}
	if s, ok := Command("{[%csl Ga1,Rb2] [%cal Ge2e4]}", "cal"); !ok || s != "Ge2e4" {
		t.Errorf("Command = %q %v", s, ok)
	}
	// Clock on the real lichess file.
	games := readGames(t, string(readTestFile(t, "real/lichess_db_1000k.pgn")))
	if d, ok := games[0].Moves[0].Clock(); !ok || d != 5*time.Minute {
		t.Errorf("first lichess clock %v %v", d, ok)
	}
	if _, ok := games[0].Moves[0].Eval(); ok {
		t.Error("eval where there is none")
	}
	for s, n := range map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6, "": 0, "!!!": 0} {
		if SuffixNAG(s) != n {
			t.Errorf("SuffixNAG(%q) = %d", s, SuffixNAG(s))
		}
	}
}

// errReader returns its data, then an error.
type errReader struct {
	data []byte
	err  error
}

func (e *errReader) Read(p []byte) (int, error) {
	if len(e.data) == 0 {
		return 0, e.err
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(&errReader{data: []byte("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5"), err: boom})
	if g, err := r.Read(); err != nil || g.Tag("Event") != "a" {
		t.Fatalf("first game: %v", err)
	}
	for i := 0; i < 2; i++ {
		if _, err := r.Read(); err != boom {
			t.Fatalf("got %v, want the reader's error", err)
		}
	}
}

// gameStream produces n copies of a game without holding them all.
type gameStream struct {
	game []byte
	n    int
	pos  int
}

func (s *gameStream) Read(p []byte) (int, error) {
	if s.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, s.game[s.pos:])
	s.pos += k
	if s.pos == len(s.game) {
		s.pos = 0
		s.n--
	}
	return k, nil
}

// TestMemoryFlat reads a large generated stream and checks that the live
// heap does not grow with it.
func TestMemoryFlat(t *testing.T) {
	game := readTestFile(t, "edge-cases/magnus-grischuk.pgn")
	n := 8000 // about 25 MB
	if testing.Short() {
		n = 1000
	}
	r := NewReader(&gameStream{game: game, n: n})
	var ms runtime.MemStats
	maxHeap := uint64(0)
	count := 0
	for {
		g, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		count++
		if len(g.Moves) != 89 {
			t.Fatalf("game %d: %d plies", count, len(g.Moves))
		}
		if count%2000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			maxHeap = max(maxHeap, ms.HeapAlloc)
		}
	}
	if count != n {
		t.Fatalf("read %d games, want %d", count, n)
	}
	t.Logf("%d bytes read, max live heap %d bytes", n*len(game), maxHeap)
	if maxHeap > 16<<20 {
		t.Errorf("live heap reached %d bytes", maxHeap)
	}
}

// TestLongLines checks tokens and comments longer than the buffer.
func TestLongLines(t *testing.T) {
	long := strings.Repeat("x", 3*bufSize)
	g := readOne(t, "1. e4 {"+long+"} ; "+long+"\ne5 *")
	if len(g.Moves[0].After) != 2 || g.Moves[0].After[0] != long || g.Moves[0].After[1] != long {
		t.Error("long comments mangled")
	}
	out := readAll(t, []byte("[Event \""+long+"\"]\n\n1. e4 *\n\n[Event \"ok\"]\n*\n"))
	if len(out) != 2 || out[0].err == nil || out[1].game == nil || out[1].game.Tag("Event") != "ok" {
		t.Errorf("long tag line: %v", out)
	}
	out = readAll(t, []byte("1. e4 N"+long+" *\n\n[Event \"ok\"]\n*\n"))
	if len(out) != 2 || out[0].err == nil || out[1].game == nil {
		t.Errorf("long token: %v", out)
	}
	// A whole file on one line.
	one := strings.Repeat("1. e4 e5 2. Nf3 Nc6 {a comment} 1-0 ", 20000)
	if games := readGames(t, one); len(games) != 20000 {
		t.Errorf("one-line file: %d games", len(games))
	}
}

// TestManyTags makes sure a huge header is read in reasonable time and
// that the duplicate check still splits header-only games.
func TestManyTags(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 50000; i++ {
		b.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n\n")
	}
	b.WriteString("[T7 \"next game\"]\n")
	start := time.Now()
	games := readGames(t, b.String())
	if len(games) != 2 || len(games[0].Tags) != 50000 || games[1].Tag("T7") != "next game" {
		t.Errorf("got %d games", len(games))
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestEOFIsSticky(t *testing.T) {
	r := NewReader(strings.NewReader("1. e4 *"))
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if g, err := r.Read(); g != nil || err != io.EOF {
			t.Fatalf("got %v, %v; want nil, io.EOF", g, err)
		}
	}
}

// TestDeepThenMany checks that a deeply nested game does not slow down the
// games after it.
func TestDeepThenMany(t *testing.T) {
	var b strings.Builder
	b.WriteString("1. e4 ")
	for i := 0; i < 20000; i++ {
		b.WriteString("(1. d4 ")
	}
	b.WriteString(strings.Repeat(")", 20000))
	b.WriteString(" *\n")
	b.WriteString(strings.Repeat("1. e4 e5 *\n", 20000))
	start := time.Now()
	if games := readGames(t, b.String()); len(games) != 20001 {
		t.Errorf("got %d games", len(games))
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestConcatenatedFiles reads files joined with cat, each with its own
// byte order mark.
func TestConcatenatedFiles(t *testing.T) {
	a := readTestFile(t, "python-chess/utf8-bom.pgn")
	games := readGames(t, string(a)+string(a))
	if len(games) != 4 || games[2].Tag("Event") != "A" {
		t.Errorf("got %d games", len(games))
	}
}

// Vertical castling (laws C6) is written O-O-O-O, as in Krabbé's problem.
func TestVerticalCastlingToken(t *testing.T) {
	r := NewReader(strings.NewReader("[FEN \"8/8/4P3/3p4/2p3p1/1pP1kPPp/1P5P/R3K2R w KQ - 0 1\"]\n[SetUp \"1\"]\n\n1. e7 Kxf3 2. e8=R Kg2 3. O-O-O-O# 1-0\n"))
	g, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 5 || g.Moves[4].SAN != "O-O-O-O#" {
		t.Errorf("moves: %d, last %q", len(g.Moves), g.Moves[len(g.Moves)-1].SAN)
	}
}

package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

var testdata = filepath.Join("..", "testdata", "pgn")

// run audits PGN text and returns the findings.
func auditText(t *testing.T, text string, rules string) ([]Finding, Stats) {
	t.Helper()
	rs, err := RulesNamed(rules)
	if err != nil {
		t.Fatal(err)
	}
	var fs []Finding
	st, err := Stream(strings.NewReader(text), "test.pgn", Options{Rules: rs, Workers: 1}, func(f Finding) { fs = append(fs, f) })
	if err != nil {
		t.Fatal(err)
	}
	return fs, st
}

func only(fs []Finding, k Kind) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

func onlyReason(fs []Finding, why Reason) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Reason == why {
			if f.Kind != ResultContradictsLaws {
				panic("reason on a finding of kind " + f.Kind)
			}
			out = append(out, f)
		}
	}
	return out
}

func expectReason(t *testing.T, fs []Finding, why Reason, sev Severity, article string) Finding {
	t.Helper()
	got := onlyReason(fs, why)
	if len(got) != 1 {
		t.Fatalf("want one %s finding, got %d: %v", why, len(got), fs)
	}
	if got[0].Severity != sev || got[0].Article != article {
		t.Fatalf("%s: severity %s article %q, want %s %q", why, got[0].Severity, got[0].Article, sev, article)
	}
	return got[0]
}

func expectKind(t *testing.T, fs []Finding, k Kind, sev Severity, article string) Finding {
	t.Helper()
	got := only(fs, k)
	if len(got) != 1 {
		t.Fatalf("want one %s finding, got %d: %v", k, len(got), fs)
	}
	if got[0].Severity != sev || got[0].Article != article {
		t.Fatalf("%s: severity %s article %q, want %s %q", k, got[0].Severity, got[0].Article, sev, article)
	}
	return got[0]
}

func TestAudit_R6_TimeForfeitBareKing(t *testing.T) {
	pgnText := `[White "A"]
[Black "B"]
[Result "1-0"]
[Termination "Time forfeit"]
[SetUp "1"]
[FEN "7k/8/8/8/8/8/1r6/K7 b - - 0 1"]

1... Rb3 2. Ka2 1-0
`
	fs, _ := auditText(t, pgnText, "fide")
	f := expectReason(t, fs, TimeForfeitNoMate, Error, "6.9")
	if f.White != "A" || f.Black != "B" || f.Game != 1 || f.Line != 1 || f.Ply != 2 {
		t.Errorf("finding %+v", f)
	}
	// The same with the loser's clock at zero and no Termination tag.
	clk := `[Result "1-0"]
[FEN "7k/8/8/8/8/8/1r6/K7 b - - 0 1"]

1... Rb3 { [%clk 0:00:03] } 2. Ka2 { [%clk 0:00:10] } 2... Rb4 { [%clk 0:00:00] } 1-0
`
	fs, _ = auditText(t, clk, "fide")
	expectReason(t, fs, TimeForfeitNoMate, Error, "6.9")
	// The winner on time has a rook: nothing to flag.
	ok := strings.Replace(pgnText, "1-0", "0-1", 2)
	fs, _ = auditText(t, ok, "fide")
	if len(onlyReason(fs, TimeForfeitNoMate)) != 0 {
		t.Errorf("Black can mate: %v", fs)
	}
}

func TestAudit_MovesAfterMate(t *testing.T) {
	fs, _ := auditText(t, "1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n", "fide")
	f := expectKind(t, fs, PlayedAfterEnd, Error, "5.1.1")
	if f.Ply != 5 || !strings.Contains(f.Text, "3.Kf2") {
		t.Errorf("finding %+v", f)
	}
	if len(only(fs, IllegalMove)) != 0 {
		t.Errorf("the move after mate is not an illegal-move finding: %v", fs)
	}
	// A wrong result after the mate.
	fs, _ = auditText(t, "1. f3 e5 2. g4 Qh4# 1-0\n", "fide")
	expectReason(t, fs, WrongResult, Error, "5.1.1")
	fs, _ = auditText(t, "1. f3 e5 2. g4 Qh4# 0-1\n", "fide")
	if len(fs) != 0 {
		t.Errorf("a correct record: %v", fs)
	}
}

func TestAudit_R5_FivefoldScoredAsWin(t *testing.T) {
	moves := "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
	fs, _ := auditText(t, "[Result \"1-0\"]\n\n"+moves+"1-0\n", "fide")
	f := expectReason(t, fs, DecisiveAfterDraw, Error, "9.6.1")
	if f.Ply != 16 {
		t.Errorf("ply %d", f.Ply)
	}
	expectKind(t, fs, Threefold, Info, "9.2")
	// Going on after the fivefold is flagged once.
	fs, _ = auditText(t, moves+"9. e4 e5 1/2-1/2\n", "fide")
	expectKind(t, fs, PlayedAfterEnd, Error, "9.6.1")
}

func TestAudit_IllegalMoveWithFEN(t *testing.T) {
	fs, st := auditText(t, "[White \"X\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n", "fide")
	f := expectKind(t, fs, IllegalMove, Error, "7.5.1")
	want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	if f.FEN != want || f.Ply != 3 || !strings.Contains(f.Text, "2.Ke3") || !strings.Contains(f.Text, want) {
		t.Errorf("finding %+v", f)
	}
	if st.Plies != 2 {
		t.Errorf("plies %d: the rest of the game must be skipped", st.Plies)
	}
}

func TestAudit_StalemateAndDeadPositionResults(t *testing.T) {
	fs, _ := auditText(t, "[FEN \"7k/5K2/8/8/8/8/8/6Q1 w - - 0 1\"]\n\n1. Qg6 1-0\n", "fide")
	expectReason(t, fs, WrongResult, Error, "5.2.1")
	fs, _ = auditText(t, "[FEN \"7k/8/8/8/8/8/r7/K7 w - - 0 1\"]\n\n1. Kxa2 Kg7 0-1\n", "fide")
	expectReason(t, fs, DecisiveAfterDraw, Error, "5.2.2")
	expectKind(t, fs, PlayedAfterEnd, Error, "5.2.2")
}

// R6: a locked pawn wall the material cannot see; the full analysis (a
// stand-in that says nobody can mate, then the default) finds the first
// dead ply.
func TestAudit_R6_DeadPositionBeyondMaterial(t *testing.T) {
	text := `[Result "1-0"]
[FEN "4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1"]

1. Ke2 Ke7 2. Kd2 Kd7 1-0
`
	never := func(*chess.Position, chess.Color) bool { return false }
	var fs []Finding
	if _, err := Stream(strings.NewReader(text), "wall.pgn", Options{Rules: RuleSets["fide"], CanMate: never, Workers: 1}, func(f Finding) { fs = append(fs, f) }); err != nil {
		t.Fatal(err)
	}
	if f := expectKind(t, fs, PlayedAfterEnd, Error, "5.2.2"); f.Ply != 1 {
		t.Errorf("moves after end at ply %d, want 1", f.Ply)
	}
	if f := expectReason(t, fs, DecisiveAfterDraw, Error, "5.2.2"); f.Ply != 0 {
		t.Errorf("dead at ply %d, want 0", f.Ply)
	}
	// The default analysis (the winnable package) sees it too.
	fs, _ = auditText(t, text, "fide")
	expectReason(t, fs, DecisiveAfterDraw, Error, "5.2.2")
	// The material alone does not.
	fs = nil
	Stream(strings.NewReader(text), "wall.pgn", Options{Rules: RuleSets["fide"], CanMate: (*chess.Position).MaterialAllowsMate, Workers: 1}, func(f Finding) { fs = append(fs, f) })
	if len(fs) != 0 {
		t.Errorf("material only: %v", fs)
	}
	// Time forfeit: the winner's pawns are stuck, so the full analysis is asked.
	forfeit := strings.Replace(text, `[Result "1-0"]`, "[Result \"1-0\"]\n[Termination \"Time forfeit\"]", 1)
	onlyBlack := func(_ *chess.Position, c chess.Color) bool { return c == chess.Black }
	fs = nil
	Stream(strings.NewReader(forfeit), "wall.pgn", Options{Rules: RuleSets["fide"], CanMate: onlyBlack, Workers: 1}, func(f Finding) { fs = append(fs, f) })
	expectReason(t, fs, TimeForfeitNoMate, Error, "6.9")
}

func TestAudit_R4_FiftyClaimable(t *testing.T) {
	fs, _ := auditText(t, "[FEN \"7k/8/6K1/8/8/8/Q7/8 w - - 99 80\"]\n\n80. Qb1 Kg8 *\n", "fide")
	f := expectKind(t, fs, Fifty, Info, "9.3")
	if f.Ply != 1 {
		t.Errorf("ply %d", f.Ply)
	}
	// Claimable from the start: reported once.
	fs, _ = auditText(t, "[FEN \"7k/8/6K1/8/8/8/Q7/8 w - - 120 80\"]\n\n80. Qb1 Kg8 81. Qb2 Kh8 *\n", "fide")
	if f := expectKind(t, fs, Fifty, Info, "9.3"); f.Ply != 0 {
		t.Errorf("ply %d", f.Ply)
	}
}

func TestAudit_NullMoveVariantsAndSyntax(t *testing.T) {
	fs, st := auditText(t, `[Variant "Crazyhouse"]

1. e4 e5 2. Nf3 N@f6 *

[White "N"]

1. e4 -- 2. d4 e5 *

1. e4 ) e5 *

[Variant "Chess960"]
[FEN "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1"]

1. O-O O-O-O *

[FEN "not a fen"]

1. e4 *
`, "fide")
	if f := expectKind(t, fs, SkippedVariant, Info, ""); !strings.Contains(f.Text, "crazyhouse") || f.Game != 1 {
		t.Errorf("variant: %+v", f)
	}
	if f := expectKind(t, fs, NullMove, Info, ""); f.Game != 2 || f.Ply != 2 {
		t.Errorf("null move: %+v", f)
	}
	if f := expectKind(t, fs, SyntaxError, Error, ""); f.Game != 3 {
		t.Errorf("syntax: %+v", f)
	}
	if f := expectKind(t, fs, BadFEN, Error, ""); f.Game != 5 {
		t.Errorf("bad FEN: %+v", f)
	}
	if len(only(fs, IllegalMove)) != 0 {
		t.Errorf("Chess960 castling: %v", fs)
	}
	if st.Games != 5 || st.Skipped != 3 {
		t.Errorf("stats %+v", st)
	}
}

// C6: vertical castling is legal only under fide-1971. The move is written
// in UCI (e1e3): the PGN reader does not take "O-O-O-O" as a move token.
func TestAudit_C6_VerticalCastlingRules(t *testing.T) {
	krabbe := `[FEN "8/8/4P3/3p4/2p3p1/1pP1kPPp/1P5P/R3K2R w KQ - 0 1"]

1. e7 Kxf3 2. e8=R Kg2 3. e1e3 1-0
`
	fs, _ := auditText(t, krabbe, "fide-1971")
	if len(fs) != 0 {
		t.Errorf("fide-1971: %v", fs)
	}
	fs, _ = auditText(t, krabbe, "fide")
	expectKind(t, fs, IllegalMove, Error, "7.5.1")
	if _, err := RulesNamed("fide-2099"); err == nil {
		t.Error("unknown rule set accepted")
	}
}

func TestAudit_ParallelMatchesSerial(t *testing.T) {
	path := filepath.Join(testdata, "real", "twic1599_1000k.pgn")
	collect := func(workers int) []Finding {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var fs []Finding
		if _, err := Stream(f, path, Options{Rules: RuleSets["fide"], Workers: workers}, func(x Finding) { fs = append(fs, x) }); err != nil {
			t.Fatal(err)
		}
		return fs
	}
	a, b := collect(1), collect(4)
	if len(a) != len(b) {
		t.Fatalf("serial %d findings, parallel %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("finding %d differs:\n%v\n%v", i, a[i], b[i])
		}
	}
}

// Every PGN file of the test data is audited without a panic or a read error.
func TestAudit_AllTestdataPGN(t *testing.T) {
	var files []string
	filepath.WalkDir(testdata, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no PGN test data in testdata/pgn")
	}
	for _, p := range files {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Stream(f, p, Options{Rules: RuleSets["fide"]}, func(Finding) {})
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func BenchmarkAudit_Lichess(b *testing.B) {
	path := filepath.Join(testdata, "real", "lichess_db_1000k.pgn")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		name := "serial"
		if workers > 1 {
			name = fmt.Sprintf("workers=%d", workers)
		}
		b.Run(name, func(b *testing.B) {
			var st Stats
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				st, err = Stream(strings.NewReader(string(data)), path, Options{Rules: RuleSets["fide"], Workers: workers}, func(Finding) {})
				if err != nil {
					b.Fatal(err)
				}
			}
			secs := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(st.Games)/secs, "games/s")
			b.ReportMetric(float64(st.Plies)/secs, "moves/s")
		})
	}
}

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/klauspost/compress/zstd"
)

var testdataPGN = filepath.Join("..", "..", "testdata", "pgn")

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

const craftedPGN = `[White "Bare"]
[Black "Rook"]
[Result "1-0"]
[Termination "Time forfeit"]
[FEN "7k/8/8/8/8/8/1r6/K7 b - - 0 1"]

1... Rb3 2. Ka2 1-0

[White "Fool"]
[Black "Mate"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 3. Kf2 0-1

[White "Illegal"]
[Black "Move"]

1. e4 e5 2. Ke3 *
`

func TestAuditCmd_AllTestdataPGN(t *testing.T) {
	var files []string
	filepath.WalkDir(testdataPGN, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no PGN test data in testdata/pgn")
	}
	code, out, errs := runCmd(t, "", append([]string{"audit"}, files...)...)
	if code != 1 { // the test data holds illegal moves and wrong results
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	last := out[strings.LastIndex(strings.TrimRight(out, "\n"), "\n")+1:]
	if !strings.HasPrefix(last, "audit: ") || !strings.Contains(last, "games/s") {
		t.Errorf("summary line %q", last)
	}
}

func TestAuditCmd_TextFindings(t *testing.T) {
	code, out, errs := runCmd(t, craftedPGN, "audit", "-")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the games contradict the laws): %s", code, errs)
	}
	for _, want := range []string{
		"-:1 (line 1) Bare vs Rook: [error] result-contradicts-laws (time-forfeit-no-mate): 1-0 won on time, but White cannot checkmate",
		"-:2 (line 9) Fool vs Mate: [error] played-after-end: the game went on with 3.Kf2 after checkmate",
		"-:3 (line 15) Illegal vs Move: [error] illegal-move: illegal move 2.Ke3",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"audit: 3 games (0 skipped)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// jsonLines audits input with --json and returns the decoded objects; the
// status may be 0 or 1 (a game the laws contradict).
func jsonLines(t *testing.T, stdin string, args ...string) []map[string]any {
	t.Helper()
	code, out, errs := runCmd(t, stdin, append([]string{"audit", "--json"}, args...)...)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var objs []map[string]any
	for i, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d is not JSON: %v: %q", i+1, err, line)
		}
		objs = append(objs, m)
	}
	return objs
}

func TestAuditCmd_JSONLines(t *testing.T) {
	objs := jsonLines(t, craftedPGN, "-")
	if len(objs) != 4 {
		t.Fatalf("%d objects, want 3 findings and a summary", len(objs))
	}
	for _, m := range objs[:3] {
		for _, k := range []string{"file", "game", "line", "white", "black", "ply", "kind", "severity", "article", "text", "fen"} {
			if _, ok := m[k]; !ok {
				t.Errorf("finding without %q: %v", k, m)
			}
		}
	}
	if objs[0]["kind"] != "result-contradicts-laws" || objs[0]["reason"] != "time-forfeit-no-mate" || objs[1]["kind"] != "played-after-end" || objs[2]["kind"] != "illegal-move" {
		t.Errorf("kinds %v (%v) %v %v", objs[0]["kind"], objs[0]["reason"], objs[1]["kind"], objs[2]["kind"])
	}
	for i, m := range objs[:3] {
		if m["game"] != float64(i+1) {
			t.Errorf("finding %d: game %v", i, m["game"])
		}
	}
	sum := objs[3]
	if sum["kind"] != "summary" || sum["games"] != 3.0 || sum["findings"] != 3.0 {
		t.Errorf("summary %v", sum)
	}
}

func TestAuditCmd_GzipAndZstd(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(craftedPGN))
	zw.Close()
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	zst := enc.EncodeAll([]byte(craftedPGN), nil)
	enc.Close()
	plain := filepath.Join(dir, "games.pgn")
	gzPath := filepath.Join(dir, "games.pgn.gz")
	zstPath := filepath.Join(dir, "games.pgn.zst")
	os.WriteFile(plain, []byte(craftedPGN), 0o644)
	os.WriteFile(gzPath, gz.Bytes(), 0o644)
	os.WriteFile(zstPath, zst, 0o644)

	kinds := func(path string) string {
		var ks []string
		for _, m := range jsonLines(t, "", path) {
			ks = append(ks, m["kind"].(string))
		}
		return strings.Join(ks, " ")
	}
	want := kinds(plain)
	if got := kinds(gzPath); got != want {
		t.Errorf("gzip: %q, want %q", got, want)
	}
	if got := kinds(zstPath); got != want {
		t.Errorf("zstd: %q, want %q", got, want)
	}
	// Compressed data on stdin is recognised too.
	if got := jsonLines(t, string(zst), "-"); len(got) != 4 {
		t.Errorf("zstd on stdin: %d objects", len(got))
	}
	// A .gz file that is not gzip is unreadable input.
	bad := filepath.Join(dir, "bad.pgn.gz")
	os.WriteFile(bad, []byte(craftedPGN), 0o644)
	if code, _, _ := runCmd(t, "", "audit", bad); code != 2 {
		t.Errorf("bad gzip: exit %d, want 2", code)
	}
}

func TestAuditCmd_Errors(t *testing.T) {
	if code, _, _ := runCmd(t, "", "audit", filepath.Join(t.TempDir(), "missing.pgn")); code != 2 {
		t.Errorf("missing file: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "", "audit", "--rules", "fide-2099", "-"); code != 2 {
		t.Errorf("unknown rules: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "", "audit"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	for _, rules := range []string{"fide", "fide-rapid", "fide-blitz", "uscf", "casual", "fide-1971"} {
		if code, _, errs := runCmd(t, craftedPGN, "audit", "--rules", rules, "-"); code != 1 {
			t.Errorf("--rules %s: exit %d, want 1: %s", rules, code, errs)
		}
	}
}

func TestAuditCmd_WorkersKeepOrder(t *testing.T) {
	var text strings.Builder
	for i := 0; i < 200; i++ {
		text.WriteString(craftedPGN)
		text.WriteString("\n")
	}
	_, one, _ := runCmd(t, text.String(), "audit", "--json", "--workers", "1", "-")
	_, four, _ := runCmd(t, text.String(), "audit", "--json", "--workers", "4", "-")
	_, alias, _ := runCmd(t, text.String(), "audit", "--json", "--threads", "3", "-")
	findings := func(out string) string { // the findings, without the timed summary
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		return strings.Join(lines[:len(lines)-1], "\n")
	}
	if n := strings.Count(one, "\n"); n != 601 {
		t.Fatalf("%d lines, want 600 findings and a summary", n)
	}
	if findings(four) != findings(one) || findings(alias) != findings(one) {
		t.Error("--workers 4 or --threads 3 changed the findings or their order")
	}
	_, _, usage := runCmd(t, "", "audit")
	if !strings.Contains(usage, "--workers") || strings.Contains(usage, "--threads") {
		t.Errorf("usage should show --workers and hide --threads:\n%s", usage)
	}
}

func TestAuditCmd_NoProgressWithoutTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) || isTerminal(&bytes.Buffer{}) {
		t.Fatal("a regular file or a buffer taken for a terminal")
	}
	if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		if isTerminal(null) {
			t.Error("/dev/null, a character device, taken for a terminal")
		}
		null.Close()
	}
	if ptmx, tty, err := pty.Open(); err == nil {
		if !isTerminal(tty) {
			t.Error("a pseudo-terminal not taken for a terminal")
		}
		tty.Close()
		ptmx.Close()
	} else {
		t.Logf("no pseudo-terminal here (%v): only the negative cases checked", err)
	}
	var text strings.Builder
	for i := 0; i < 2000; i++ {
		text.WriteString(craftedPGN)
		text.WriteString("\n")
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(path, []byte(text.String()), 0o644)
	var out bytes.Buffer
	if code := run([]string{"audit", path}, strings.NewReader(""), &out, f); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if fi, _ := f.Stat(); fi.Size() != 0 {
		b, _ := os.ReadFile(f.Name())
		t.Errorf("progress written to a non-terminal stderr: %q", b)
	}
}

// TestAuditCmd_SameFindingsForEveryWorkerCountAndInputForm audits all the
// PGN test data (several chunks) as plain text, gzip, zstd and on stdin,
// with 1, 2 and 4 workers, and checks that the findings and the summary's
// counts are the same every time.
func TestAuditCmd_SameFindingsForEveryWorkerCountAndInputForm(t *testing.T) {
	var all []byte
	filepath.WalkDir(testdataPGN, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			all = append(all, data...)
			all = append(all, '\n', '\n')
		}
		return nil
	})
	if len(all) < 2_000_000 {
		t.Fatalf("%d bytes of test data", len(all))
	}
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(all)
	zw.Close()
	enc, _ := zstd.NewWriter(nil)
	zst := enc.EncodeAll(all, nil)
	for name, data := range map[string][]byte{"all.pgn": all, "all.pgn.gz": gz.Bytes(), "all.pgn.zst": zst} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// findings returns the output without the file names and the timed
	// part of the summary.
	findings := func(stdin string, args ...string) string {
		objs := jsonLines(t, stdin, args...)
		var b strings.Builder
		for _, m := range objs {
			delete(m, "file")
			for _, k := range []string{"seconds", "games_per_second", "moves_per_second"} {
				delete(m, k)
			}
			line, _ := json.Marshal(m)
			b.Write(line)
			b.WriteByte('\n')
		}
		return b.String()
	}
	want := findings("", "--workers", "1", filepath.Join(dir, "all.pgn"))
	if n := strings.Count(want, "\n"); n < 100 {
		t.Fatalf("only %d lines of findings", n)
	}
	for _, workers := range []string{"1", "2", "4"} {
		for _, name := range []string{"all.pgn", "all.pgn.gz", "all.pgn.zst", "-"} {
			stdin := ""
			path := filepath.Join(dir, name)
			if name == "-" {
				stdin, path = string(zst), "-"
			}
			if got := findings(stdin, "--workers", workers, path); got != want {
				t.Errorf("--workers %s %s: the findings differ", workers, name)
			}
		}
	}
}

// BenchmarkStartup builds the arbiter binary once and times whole
// processes that do next to nothing: the start-up of each command (the
// package inits, the runtime, the flags). Rerun with
//
//	go test ./cmd/arbiter -run '^$' -bench Startup -benchtime 50x
//
// The anchor, "go-nothing", is a Go program that does nothing: the part
// of a start-up that is starting a process and Go's runtime on this
// machine, which no command can go below.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "arbiter")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	nothing := filepath.Join(dir, "nothing")
	src := filepath.Join(dir, "nothing.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", nothing, src).CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{
		{"go-nothing"},
		{"--version"},
		{"perft", "--depth", "1"},
		{"perft", "--lang", "ru", "--depth", "1"},
		{"replay"},
		{"winnable", "8/8/4k3/8/2b5/8/4K3/5B2 w - - 0 1"},
		{"audit", "-"},
	} {
		b.Run(strings.Join(args[:min(3, len(args))], " "), func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(bin, args...)
				if args[0] == "go-nothing" {
					cmd = exec.Command(nothing)
				}
				cmd.Stdin = strings.NewReader("")
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", args, err, out)
				}
			}
		})
	}
}

// --lang: the findings' severity, kind and reason in the language asked,
// with the article's summary; an unknown language is refused (exit 2).
func TestAuditCmd_Lang(t *testing.T) {
	code, out, errs := runCmd(t, craftedPGN, "audit", "--lang", "ro", "-")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"-:1 (1) Bare – Rook: [eroare] rezultatul contrazice Regulile (câștig la timp al unui jucător care nu putea da mat)",
		"-:3 (15) Illegal – Move: [eroare] mutare ilegală: illegal move 2.Ke3",
		"7.5.1: O mutare ilegală încheiată prin apăsarea ceasului",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code, _, errs := runCmd(t, craftedPGN, "audit", "--lang", "xx", "-"); code != 2 || !strings.Contains(errs, "en, ro, sq") {
		t.Errorf("an unknown language: exit %d, %q", code, errs)
	}
}

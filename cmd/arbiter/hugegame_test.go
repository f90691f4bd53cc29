package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// knightsGame returns a game of knights going back and forth whose text
// is at least size bytes: legal moves all along, a fivefold repetition at
// ply 16, then moves played after the end, sixteen plies a line.
func knightsGame(size int) []byte {
	cycle := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	b := bytes.NewBufferString("[White \"Knights\"]\n[Black \"Shuffle\"]\n[Result \"1/2-1/2\"]\n\n")
	for i := 0; b.Len() < size; i++ {
		if i%2 == 0 {
			fmt.Fprintf(b, "%d. ", i/2+1)
		}
		b.WriteString(cycle[i%4])
		b.WriteByte(' ')
		if i%16 == 15 {
			b.WriteByte('\n')
		}
	}
	b.WriteString("1/2-1/2\n")
	return b.Bytes()
}

// commentGame returns a game of at least size bytes whose moves carry
// long comments (a comment spans two lines).
func commentGame(size int) []byte {
	cycle := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	note := strings.Repeat("words of a long comment ", 10) + "\n" + strings.Repeat("and more of them ", 10)
	b := bytes.NewBufferString("[White \"Long\"]\n[Black \"Comments\"]\n[Result \"*\"]\n\n")
	for i := 0; b.Len() < size; i++ {
		if i%2 == 0 {
			fmt.Fprintf(b, "%d. ", i/2+1)
		}
		fmt.Fprintf(b, "%s {%s}\n", cycle[i%4], note)
	}
	b.WriteString("*\n")
	return b.Bytes()
}

// variationGame returns a game of at least size bytes: one move and a
// variation after another, nested a few deep, then the rest of the game.
func variationGame(size int) []byte {
	b := bytes.NewBufferString("[White \"Long\"]\n[Black \"Variations\"]\n[Result \"*\"]\n\n1. e4 ")
	for b.Len() < size {
		b.WriteString("(1. d4 d5 (1... Nf6 2. c4 (2. Nf3 $1 g6)) 2. c4 $14) \n")
	}
	b.WriteString("1... e5 *\n")
	return b.Bytes()
}

// hugeInput is a short game with a finding, the given game, and another
// short game with a finding, with no blank line before the second short
// game: the splitter cannot cut the stream after the huge game's start.
func hugeInput(game []byte) []byte {
	var b bytes.Buffer
	b.WriteString(craftedPGN)
	b.WriteString("\n")
	b.Write(game)
	b.WriteString("[White \"After\"]\n[Black \"It\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n")
	return b.Bytes()
}

// TestAuditCmd_GameOverTheLimitIsAFinding audits a game longer than
// --max-game-bytes between short games, as plain text, gzip, zstd and on
// stdin with 1, 2 and 4 workers: the long game is one game-too-long
// finding, the games after it are audited, and the output is the same
// every time. --max-game-bytes out of range is a usage error.
func TestAuditCmd_GameOverTheLimitIsAFinding(t *testing.T) {
	for _, game := range [][]byte{knightsGame(300_000), commentGame(300_000), variationGame(300_000)} {
		all := hugeInput(game)
		dir := t.TempDir()
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(all)
		zw.Close()
		enc, _ := zstd.NewWriter(nil)
		zst := enc.EncodeAll(all, nil)
		for name, data := range map[string][]byte{"huge.pgn": all, "huge.pgn.gz": gz.Bytes(), "huge.pgn.zst": zst} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		findings := func(stdin string, args ...string) string {
			code, out, errs := runCmd(t, stdin, append([]string{"audit", "--max-game-bytes", "100000"}, args...)...)
			if code != 1 { // illegal moves and wrong results among them
				t.Fatalf("exit %d, want 1: %s", code, errs)
			}
			out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
			return out[:strings.LastIndex(out, "; ")] // without the timing
		}
		want := findings("", "--workers", "1", filepath.Join(dir, "huge.pgn"))
		kinds := kindsOf(want)
		if kinds != "1:result-contradicts-laws 2:played-after-end 3:illegal-move 4:game-too-long 5:played-after-end" {
			t.Fatalf("findings %s:\n%s", kinds, want)
		}
		if !strings.Contains(want, "huge.pgn:4 (line 20) ? vs ?: [error] game-too-long: the game's text is longer than 100000 bytes") ||
			!strings.Contains(want, "audit: 5 games (1 skipped)") {
			t.Fatalf("output:\n%s", want)
		}
		for _, workers := range []string{"1", "2", "4"} {
			for _, name := range []string{"huge.pgn", "huge.pgn.gz", "huge.pgn.zst", "-"} {
				stdin, path := "", filepath.Join(dir, name)
				if name == "-" {
					stdin, path = string(all), "-"
				}
				got := fileName.ReplaceAllString(findings(stdin, "--workers", workers, path), "huge.pgn:")
				if got != want {
					t.Errorf("--workers %s %s: the findings differ:\n%s\nwant\n%s", workers, name, got, want)
				}
			}
		}
		// Under the default limit the game is read and replayed (the
		// knights up to MaxPlies).
		if _, out, _ := runCmd(t, string(all), "audit", "-"); strings.Contains(out, "text is longer") || !strings.Contains(out, "audit: 5 games (0 skipped)") {
			t.Errorf("a game of %d bytes under the default limit:\n%s", len(game), out)
		}
	}
	for _, bad := range []string{"0", "-5", "2000000000"} {
		if code, _, errs := runCmd(t, craftedPGN, "audit", "--max-game-bytes", bad, "-"); code != 2 || !strings.Contains(errs, "--max-game-bytes") {
			t.Errorf("--max-game-bytes %s: exit %d, %q", bad, code, errs)
		}
	}
}

// findingLine reads the game number and the kind of a finding of the
// text output.
var findingLine = regexp.MustCompile(`(?m)^[^ ]+:(\d+) \(line \d+\) .* vs .*: \[[a-z]+\] ([a-z-]+)`)

// fileName is the name of the input at the start of a finding.
var fileName = regexp.MustCompile(`(?m)^(huge\.pgn\.gz|huge\.pgn\.zst|-):`)

// kindsOf lists "game:kind" for each finding of the text output.
func kindsOf(out string) string {
	var ks []string
	for _, m := range findingLine.FindAllStringSubmatch(out, -1) {
		ks = append(ks, m[1]+":"+m[2])
	}
	return strings.Join(ks, " ")
}

// BenchmarkAuditHugeGame writes, at test time, inputs of one game of 30
// MB (knights going back and forth, long comments, variations), each
// between two short games with no blank line to cut at, and audits them
// with the built arbiter binary, as plain text, gzip, zstd and on stdin,
// with one and two workers. It reports the peak resident memory of the
// whole process (its maximum resident set size, as /usr/bin/time -v shows
// it) in MB, and fails above the 1 GB of the README's Slurm example. Under
// the default --max-game-bytes the huge game is a game-too-long finding;
// with the limit raised to 64 MiB (knights, "limit=64MiB") it is read
// whole and replayed up to MaxPlies. Rerun with
//
//	go test ./cmd/arbiter -run '^$' -bench AuditHugeGame -benchtime 1x
//
// Linux counts in the peak of a process started by vfork, as os/exec
// starts one, the peak of its parent until then: the benchmark lets go of
// the inputs it wrote and resets its own peak (/proc/self/clear_refs)
// before each run, and reports its own resident memory at the start of
// the run as parent-RSS-MB, below which the peak cannot be read.
func BenchmarkAuditHugeGame(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "arbiter")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	const size = 30_000_000
	for _, kind := range []struct {
		name string
		game func(int) []byte
	}{{"knights", knightsGame}, {"comments", commentGame}, {"variations", variationGame}} {
		plain := filepath.Join(dir, kind.name+".pgn")
		n := writeForms(b, plain, hugeInput(kind.game(size)))
		limits := []string{""}
		if kind.name == "knights" {
			limits = append(limits, "64MiB")
		}
		for _, limit := range limits {
			for _, form := range []string{"pgn", "gz", "zst", "stdin"} {
				for _, workers := range []string{"1", "2"} {
					name := fmt.Sprintf("%s/%s/workers=%s", kind.name, form, workers)
					args := []string{"audit", "--workers", workers}
					if limit != "" {
						name = fmt.Sprintf("%s/limit=%s/%s/workers=%s", kind.name, limit, form, workers)
						args = append(args, "--max-game-bytes", fmt.Sprint(64<<20))
					}
					path := plain
					switch form {
					case "gz", "zst":
						path += "." + form
					case "stdin":
						path = "-"
					}
					args = append(args, path)
					b.Run(name, func(b *testing.B) {
						b.SetBytes(int64(n))
						var peak, parent int64
						for b.Loop() {
							cmd := exec.Command(bin, args...)
							if form == "stdin" {
								f, err := os.Open(plain)
								if err != nil {
									b.Fatal(err)
								}
								defer f.Close()
								cmd.Stdin = f
							}
							var out bytes.Buffer
							cmd.Stdout, cmd.Stderr = &out, io.Discard
							parent = max(parent, resetPeak())
							if err := cmd.Run(); err != nil {
								b.Fatalf("%v: %v", args, err)
							}
							if !strings.Contains(out.String(), "game-too-long") || !strings.Contains(out.String(), "audit: 5 games") {
								b.Fatalf("%v: no game-too-long finding, or not 5 games:\n%s", args, out.String())
							}
							peak = max(peak, peakRSS(cmd.ProcessState))
						}
						if peak == 0 {
							b.Skip("no resident set size on this system")
						}
						b.ReportMetric(float64(peak)/1e6, "peak-RSS-MB")
						b.ReportMetric(float64(parent)/1e6, "parent-RSS-MB")
						if peak > 1e9 {
							b.Errorf("peak resident memory %d MB, over the 1 GB budget", peak/1e6)
						}
					})
				}
			}
		}
	}
}

// writeForms writes data to path, and compressed to path.gz and
// path.zst, and returns its length.
func writeForms(b *testing.B, path string, data []byte) int {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		b.Fatal(err)
	}
	zst := enc.EncodeAll(data, nil)
	for name, d := range map[string][]byte{path: data, path + ".gz": gz.Bytes(), path + ".zst": zst} {
		if err := os.WriteFile(name, d, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return len(data)
}

// resetPeak lets go of the memory this process no longer uses, resets its
// peak resident set to what it holds now (Linux; elsewhere nothing), and
// returns that in bytes (0 where it cannot be read).
func resetPeak() int64 {
	runtime.GC()
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb * 1024
		}
	}
	return 0
}

// TestAuditCmd_MemoryLimitRestored checks that the soft memory limit an
// audit sets is the process's own again once it returns, and that it is
// left alone when GOMEMLIMIT is set; and that the limit grows with the
// workers and with --max-game-bytes.
func TestAuditCmd_MemoryLimitRestored(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	if code, _, errs := runCmd(t, craftedPGN, "audit", "--workers", "2", "-"); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("memory limit %d after the audit, %d before", got, before)
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	if code, _, _ := runCmd(t, craftedPGN, "audit", "-"); code != 1 || debug.SetMemoryLimit(-1) != before {
		t.Errorf("exit %d, memory limit %d", code, debug.SetMemoryLimit(-1))
	}
	if a, b, c := auditMemoryLimit(1, 1<<20), auditMemoryLimit(4, 1<<20), auditMemoryLimit(1, 64<<20); !(a < b && a < c && a > 64<<20) {
		t.Errorf("limits %d %d %d", a, b, c)
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runWinnableArgs(args ...string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	status = run(append([]string{"winnable"}, args...), strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), status
}

func TestWinnableFENs(t *testing.T) {
	out, errOut, status := runWinnableArgs(
		"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",     // king and bishop against king
		"2b5/8/8/4k3/8/8/8/2B1K3 w - -",       // bishops of both colours, no counters
		"4k3/8/8/1p1p1p1p/1P1P1P1P/8/4K3/8 b", // a locked chain, side to move only
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",     // king and pawn against king
	)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if want := "--\nWB\n--\nW-\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
}

func TestWinnableBadFEN(t *testing.T) {
	out, errOut, status := runWinnableArgs("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "not a fen")
	if status != 2 {
		t.Errorf("status %d, want 2", status)
	}
	if out != "--\n" {
		t.Errorf("stdout %q: the good FEN must still be answered", out)
	}
	if !strings.Contains(errOut, "arbiter winnable:") || !strings.Contains(errOut, "not a fen") {
		t.Errorf("stderr %q does not explain the bad FEN", errOut)
	}
	if _, _, status := runWinnableArgs(); status != 2 {
		t.Errorf("no argument: status %d, want 2", status)
	}
}

func TestWinnableFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "cases.txt")
	data := "# a comment\n" +
		"-- 8/8/8/4k3/8/8/8/4K3 w - -\n" +
		"\n" +
		"WB 8/8/8/4k3/8/8/8/3NK3 w - -\n" + // wrong on purpose: K+N v K is dead
		"WB rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n" +
		"W- no/such/fen w - -\n"
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, status := runWinnableArgs("--file", name)
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got := lines[len(lines)-1]; got != "2 passed, 2 failed" {
		t.Errorf("last line %q, want %q", got, "2 passed, 2 failed")
	}
	if !strings.Contains(out, "line 4: expected WB, got --: 8/8/8/4k3/8/8/8/3NK3 w - -") {
		t.Errorf("mismatch not reported with line, expected, got and FEN:\n%s", out)
	}
	if !strings.Contains(out, "line 6:") {
		t.Errorf("bad FEN line not reported:\n%s", out)
	}

	// All correct, read from standard input.
	var stdout, stderr bytes.Buffer
	status = run([]string{"winnable", "--file", "-"}, strings.NewReader("-- 8/8/8/4k3/8/8/8/4K3 w - -\n"), &stdout, &stderr)
	if status != 0 || stdout.String() != "1 passed, 0 failed\n" {
		t.Errorf("stdin: status %d, stdout %q", status, stdout.String())
	}
}

// TestWinnableVectorHead checks the first positions of the test
// vector through the command (the winnable package checks all of them).
func TestWinnableVectorHead(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "unwinnable", "test-vector.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) > 120 {
		lines = lines[:120]
	}
	name := filepath.Join(t.TempDir(), "head.txt")
	if err := os.WriteFile(name, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, status := runWinnableArgs("--file", name)
	if status != 0 || !strings.HasSuffix(out, " passed, 0 failed\n") {
		t.Errorf("status %d, output:\n%s", status, out)
	}
}

package main

import (
	"strings"
	"testing"
)

// One game each: what it holds, and the audit's status on it alone.
var exitCases = []struct {
	name   string
	pgn    string
	status int
}{
	{"a clean game", "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n", 0},
	{"a threefold repetition that could have been claimed", "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 1/2-1/2\n", 0},
	{"an illegal move", "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n", 1},
	{"moves after a checkmate", "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n", 1},
	{"a win on time without mating material", "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n[FEN \"7k/8/8/8/8/8/1r6/K7 b - - 0 1\"]\n\n1... Rb3 2. Ka2 1-0\n", 1},
}

// The audit fails (1) on a game the laws contradict, not on a claimable
// draw; an unreadable file is 2 whatever the games say.
func TestAuditCmd_ExitStatus(t *testing.T) {
	for _, c := range exitCases {
		code, out, errs := runCmd(t, c.pgn, "audit", "-")
		if code != c.status {
			t.Errorf("%s: status %d, want %d\n%s%s", c.name, code, c.status, out, errs)
		}
	}
	if code, _, _ := runCmd(t, exitCases[2].pgn, "audit", "-", "/no/such/file.pgn"); code != 2 {
		t.Errorf("an illegal move and a missing file: status %d, want 2", code)
	}
}

// Flags may come after the file names.
func TestAuditCmd_FlagsAfterFiles(t *testing.T) {
	code, out, errs := runCmd(t, exitCases[1].pgn, "audit", "-", "--json", "--severity", "info")
	if code != 0 || !strings.Contains(out, `"kind":"claimable-threefold"`) || !strings.Contains(out, `"kind":"summary"`) {
		t.Fatalf("status %d:\n%s%s", code, out, errs)
	}
}

// The progress line is redrawn with a carriage return and spaces, never an
// escape sequence (a Windows console without virtual terminal processing
// prints those), and kept short of the terminal's last column.
func TestProgressFrame(t *testing.T) {
	p := &progress{width: 20}
	if got := p.frame("games.pgn: 1.0 MB, 10 games"); got != "\rgames.pgn: 1.0 MB, " {
		t.Errorf("cut to the width: %q", got)
	}
	if got := p.frame("short"); got != "\rshort"+strings.Repeat(" ", 14) {
		t.Errorf("over a longer line: %q", got)
	}
	if got := p.frame("longer line"); got != "\rlonger line" {
		t.Errorf("over a shorter line: %q", got)
	}
	p = &progress{} // width unknown: not cut
	long := strings.Repeat("x", 200)
	if got := p.frame(long); got != "\r"+long || strings.Contains(got, "\x1b") {
		t.Errorf("unknown width: %q", got)
	}
}

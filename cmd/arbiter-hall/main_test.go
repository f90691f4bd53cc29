package main

import (
	"bytes"
	"flag"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/internal/cli"
)

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// Asking a command for its flags is not an error: every command prints
// its usage and exits 0 on -h and --help, and 2 on a flag it does not know.
func TestHelpExitsZero(t *testing.T) {
	for _, err := range cli.HelpProblems(program) {
		t.Error(err)
	}
}

// A port already taken gets a hint at --addr, not only the system's words.
func TestServePortClashHintsAtAddr(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	db := filepath.Join(t.TempDir(), "a.db")
	code, _, errs := runCmd(t, "", "serve", "--addr", ln.Addr().String(), "--db", db)
	if code != 1 {
		t.Fatalf("status %d, want 1; stderr %q", code, errs)
	}
	if !strings.Contains(errs, "--addr") || !strings.Contains(errs, ln.Addr().String()) {
		t.Fatalf("no hint at --addr: %q", errs)
	}
}

var updateMan = flag.Bool("update-man", false, "write packaging/man/arbiter-hall.1 from the program's help")

// The manual page the packages install is the program's own help.
func TestManPage(t *testing.T) {
	if err := cli.CheckManPage(program, "../../packaging/man/arbiter-hall.1", *updateMan); err != nil {
		t.Fatal(err)
	}
}

var dumpWords = flag.String("dump-words", "", "write the program's own texts (message id → English) to this JSON file")

// The program's own words, its usage and every command's help, are in
// every catalogue: "arbiter-hall --lang ru serve --help" is Russian.
func TestWords_EveryTextInEveryCatalogue(t *testing.T) {
	problems, err := cli.CheckWords(program, *dumpWords)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

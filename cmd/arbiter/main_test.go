package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/internal/cli"
)

// Asking a command for its flags is not an error: every command prints
// its usage and exits 0 on -h and --help, and 2 on a flag it does not know.
func TestHelpExitsZero(t *testing.T) {
	for _, err := range cli.HelpProblems(program) {
		t.Error(err)
	}
}

// The hall's commands are not here, and the answer says where they are.
func TestServeIsInArbiterHall(t *testing.T) {
	code, _, errs := runCmd(t, "", "serve")
	if code != 2 || !strings.Contains(errs, "arbiter-hall serve") {
		t.Fatalf("arbiter-hall serve: status %d, stderr %q", code, errs)
	}
}

var updateMan = flag.Bool("update-man", false, "write packaging/man/arbiter.1 from the program's help")

// The manual page the packages install is the program's own help.
func TestManPage(t *testing.T) {
	if err := cli.CheckManPage(program, "../../packaging/man/arbiter.1", *updateMan); err != nil {
		t.Fatal(err)
	}
}

var dumpWords = flag.String("dump-words", "", "write the program's own texts (message id → English) to this JSON file")

// The program's own words, its usage and every command's help, are in
// every catalogue: "arbiter --lang ro perft --help" is Romanian.
func TestWords_EveryTextInEveryCatalogue(t *testing.T) {
	problems, err := cli.CheckWords(program, *dumpWords)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

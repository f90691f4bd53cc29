// Command arbiter is the Laws of Chess on the command line: the tools
// that start in milliseconds and link nothing of the server. Subcommands:
//
//	arbiter replay    rule on a game given as actions (JSON Lines)
//	arbiter audit     check PGN files against the Laws
//	arbiter winnable  tell who can still checkmate in a position
//	arbiter perft     count legal move trees (move generator check and benchmark)
//	arbiter pair      pair a Swiss round by the FIDE Dutch system from a TRF file,
//	                  check a file's pairings, or print a Berger round-robin round
//
// The tournament hall's programs, the server and the e-board reader, are
// the commands of arbiter-hall (cmd/arbiter-hall): "arbiter-hall serve"
// and "arbiter-hall eboard".
//
// Run "arbiter help" for the list, "arbiter CMD --help" for a command's
// flags and examples, and "arbiter --version" for the version. Flags may
// follow the operands ("arbiter audit FILE --json").
package main

import "github.com/arbiterchess/arbiter/internal/cli"

// command is one subcommand; commands, filled by the init functions of
// this package's files (one file per subcommand), are the program's.
type command = cli.Command

var commands = map[string]command{}

// program is the arbiter command line.
var program = &cli.Program{
	Name:    "arbiter",
	Summary: "the Laws of Chess on the command line: rule on games, audit PGN, can-mate questions, perft",
	About: `arbiter applies the Laws of Chess as a tournament arbiter does: replay rules
on a game given as the actions of the hands at the board (touch, lift, drop,
clock, claim) under FIDE Article 4 (touch-move), 7.5 (illegal moves) and 9
(draws); audit checks PGN files against the Laws; winnable tells who can
still checkmate; perft counts move trees.

It links nothing of the tournament hall's server, which is arbiter-hall(1),
and starts in milliseconds.`,
	Commands: commands,
	Elsewhere: map[string]string{
		"serve":  "arbiter-hall serve (go run ./cmd/arbiter-hall serve)",
		"eboard": "arbiter-hall eboard (go run ./cmd/arbiter-hall eboard)",
	},
	ExitStatus: []string{
		"0: done; for audit, no game with an illegal move or a result the laws contradict.",
		"1: the command failed; for audit, a game has an illegal move, a result the laws contradict or moves after its end (claimable draws are not failures); for winnable --file and perft --epd, an answer differs from the expected one.",
		"2: the command line is wrong (an unknown flag, a missing operand), or an input could not be read.",
	},
	SeeAlso: []string{"arbiter-hall(1)"},
}

func main() { program.Main() }

// run is the program on the arguments and streams given (the tests' way in).
var run = program.Run

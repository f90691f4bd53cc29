// Command arbiter is the Laws of Chess on the command line: the tools
// that start in milliseconds and link nothing of the server. Subcommands:
//
//	arbiter replay    rule on a game given as actions (JSON Lines)
//	arbiter audit     check PGN files against the Laws
//	arbiter winnable  tell who can still checkmate in a position
//	arbiter perft     count legal move trees (move generator check and benchmark)
//
// The tournament hall's programs, the server and the e-board reader, are
// the commands of arbiter-hall (cmd/arbiter-hall): "arbiter-hall serve"
// and "arbiter-hall eboard".
//
// Run "arbiter help" for the list, and "arbiter CMD -h" for a command's flags.
package main

import "github.com/arbiterchess/arbiter/internal/cli"

// command is one subcommand; commands, filled by the init functions of
// this package's files (one file per subcommand), are the program's.
type command = cli.Command

var commands = map[string]command{}

// program is the arbiter command line.
var program = &cli.Program{
	Name:     "arbiter",
	Commands: commands,
	Elsewhere: map[string]string{
		"serve":  "arbiter-hall serve (go run ./cmd/arbiter-hall serve)",
		"eboard": "arbiter-hall eboard (go run ./cmd/arbiter-hall eboard)",
	},
}

var parseFlags = cli.ParseFlags

func main() { program.Main() }

// run is the program on the arguments and streams given (the tests' way in).
var run = program.Run

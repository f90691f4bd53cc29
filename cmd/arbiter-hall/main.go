// Command arbiter-hall is the tournament hall's programs: the arbiter
// server, which boards post to and everyone follows live, and the
// e-board reader that feeds it. Subcommands:
//
//	arbiter-hall serve     the arbiter server and its web pages
//	arbiter-hall eboard    read a DGT board (or its simulator) into actions
//
// The tools of the Laws alone (replay, audit, winnable, perft) are the
// commands of arbiter (cmd/arbiter), which links none of the server and
// so starts in milliseconds.
//
// Run "arbiter-hall help" for the list, and "arbiter-hall CMD -h" for a
// command's flags.
package main

import "github.com/arbiterchess/arbiter/internal/cli"

// command is one subcommand; commands, filled by the init functions of
// this package's files (one file per subcommand), are the program's.
type command = cli.Command

var commands = map[string]command{}

// program is the arbiter-hall command line.
var program = &cli.Program{
	Name:     "arbiter-hall",
	Commands: commands,
	Elsewhere: map[string]string{
		"replay":   "arbiter replay",
		"audit":    "arbiter audit",
		"winnable": "arbiter winnable",
		"perft":    "arbiter perft",
	},
}

var parseFlags = cli.ParseFlags

func main() { program.Main() }

// run is the program on the arguments and streams given (the tests' way in).
var run = program.Run

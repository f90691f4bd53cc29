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
// Run "arbiter-hall help" for the list, "arbiter-hall CMD --help" for a
// command's flags, their environment variables and examples, and
// "arbiter-hall --version" for the version.
package main

import "github.com/arbiterchess/arbiter/internal/cli"

// command is one subcommand; commands, filled by the init functions of
// this package's files (one file per subcommand), are the program's.
type command = cli.Command

var commands = map[string]command{}

// program is the arbiter-hall command line.
var program = &cli.Program{
	Name:    "arbiter-hall",
	Summary: "the chess arbiter's tournament hall: the server everyone follows live, and the e-board reader",
	About: `serve runs the arbiter server: each board of the hall (a DGT e-board through
eboard, or the web page) posts what the players' hands do; the server rules
on it under the Laws of Chess (touch-move, illegal moves, draws, the clocks
it owns), stores every action before it acknowledges it, and shows every
game live on its web pages: play, board, hall, the arbiter's desk, events.

eboard reads a DGT board on a serial port (or plays a script as one) and
forwards the actions to a game of the server.

The Debian package runs serve as the arbiter-hall service (systemd), as the
arbiter user, with its database under /var/lib/arbiter and its settings in
/etc/default/arbiter-hall.`,
	Commands: commands,
	Elsewhere: map[string]string{
		"replay":   "arbiter replay",
		"audit":    "arbiter audit",
		"winnable": "arbiter winnable",
		"perft":    "arbiter perft",
	},
	ExitStatus: []string{
		"0: done (serve: stopped by SIGINT or SIGTERM after a clean shutdown).",
		"1: the command failed: serve could not listen or open its database; eboard lost actions the server refused or never answered.",
		"2: the command line or a setting is wrong (an unknown flag, a bad value in a flag or its environment variable).",
	},
	SeeAlso: []string{"arbiter(1)", "systemctl(1)"},
}

func main() { program.Main() }

// run is the program on the arguments and streams given (the tests' way in).
var run = program.Run

// Command arbiter applies the Laws of Chess the way a tournament arbiter
// does. Subcommands:
//
//	arbiter serve     the arbiter server and its web pages
//	arbiter replay    rule on a game given as actions (JSON Lines)
//	arbiter eboard    read a DGT board (or its simulator) into actions
//	arbiter audit     check PGN files against the Laws
//	arbiter winnable  tell who can still checkmate in a position
//	arbiter perft     count legal move trees (move generator check and benchmark)
//
// Run "arbiter help" for the list, and "arbiter CMD -h" for a command's flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand: it reads its arguments and returns an exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by the init functions of the files of this package,
// one file per subcommand.
var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "arbiter: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: arbiter COMMAND [flags]")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}

// parseFlags parses a command's arguments. ok is false when the command
// must stop at once, with status: 0 after -h or --help (the usage is
// printed), 2 after a flag the command does not know.
func parseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		return 0, false
	default:
		return 2, false
	}
}

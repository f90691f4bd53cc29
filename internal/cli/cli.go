// Package cli is the frame the project's programs share: a program is a
// set of subcommands, each a function of its arguments and its three
// streams that returns the process's exit status.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Command is one subcommand of a Program.
type Command struct {
	// Summary is the line "NAME help" prints for the command.
	Summary string
	// Run reads the command's arguments (those after its name) and
	// returns an exit status: 0 done, 1 failed, 2 misused.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// Program is a command line of subcommands: "NAME COMMAND [flags]".
type Program struct {
	// Name is the program's name, as the usage line prints it.
	Name string
	// Commands are the subcommands by name.
	Commands map[string]Command
	// Elsewhere names commands another program has: the answer to one of
	// them is that program's usage line for it, not "unknown command".
	Elsewhere map[string]string
}

// Run runs the subcommand args[0] with the rest of args; no command, or
// help, prints the list of commands.
func (p *Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		p.Usage(stdout)
		return 0
	}
	c, ok := p.Commands[args[0]]
	if !ok {
		if other, ok := p.Elsewhere[args[0]]; ok {
			fmt.Fprintf(stderr, "%s: %s is a command of another program: %s\n", p.Name, args[0], other)
			return 2
		}
		fmt.Fprintf(stderr, "%s: unknown command %q\n", p.Name, args[0])
		p.Usage(stderr)
		return 2
	}
	return c.Run(args[1:], stdin, stdout, stderr)
}

// Usage prints the program's usage line and its commands, by name.
func (p *Program) Usage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s COMMAND [flags]\ncommands:\n", p.Name)
	for _, n := range sortedKeys(p.Commands) {
		fmt.Fprintf(w, "  %-10s %s\n", n, p.Commands[n].Summary)
	}
	if len(p.Elsewhere) > 0 {
		fmt.Fprintln(w, "elsewhere:")
		for _, n := range sortedKeys(p.Elsewhere) {
			fmt.Fprintf(w, "  %-10s %s\n", n, p.Elsewhere[n])
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ParseFlags parses a command's arguments. ok is false when the command
// must stop at once, with status: 0 after -h or --help (the usage is
// printed), 2 after a flag the command does not know.
func ParseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
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

// HelpProblems asks every command of p for its flags (-h and --help) and
// with a flag it does not know, and returns what went wrong: a command
// must print its usage on standard error and exit 0 for help, 2 for the
// unknown flag.
func HelpProblems(p *Program) []error {
	var problems []error
	for _, name := range sortedKeys(p.Commands) {
		for _, h := range []string{"-h", "--help"} {
			var out, errs strings.Builder
			code := p.Run([]string{name, h}, strings.NewReader(""), &out, &errs)
			if code != 0 {
				problems = append(problems, fmt.Errorf("%s %s %s: status %d, want 0", p.Name, name, h, code))
			}
			if !strings.Contains(errs.String(), "usage") && !strings.Contains(errs.String(), "-") {
				problems = append(problems, fmt.Errorf("%s %s %s printed no usage: %q", p.Name, name, h, errs.String()))
			}
		}
		var out, errs strings.Builder
		if code := p.Run([]string{name, "--no-such-flag"}, strings.NewReader(""), &out, &errs); code != 2 {
			problems = append(problems, fmt.Errorf("%s %s --no-such-flag: status %d, want 2", p.Name, name, code))
		}
	}
	return problems
}

// Main runs the program on the process's arguments and streams, and exits
// with the command's status.
func (p *Program) Main() {
	os.Exit(p.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

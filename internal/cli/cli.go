// Package cli is the frame the project's programs share: a program is a
// set of subcommands, each a function of its arguments and its three
// streams that returns the process's exit status.
//
// The conventions it keeps for every command: flags may come before,
// between or after the operands ("arbiter audit FILE --json"; "--" ends
// the flags); a program run with no arguments prints its usage on
// standard error and exits 2; -h and --help print a command's usage, its
// flags and examples on standard error and exit 0; "PROGRAM --version"
// prints the version (Version). A flag may be read from the environment
// when the command line leaves it unset (Help.Env).
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/lang"
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
	// Summary says in one line what the program is (the NAME line of its
	// manual page).
	Summary string
	// About is what the program's manual page says of it before its
	// commands: paragraphs separated by blank lines.
	About string
	// Commands are the subcommands by name.
	Commands map[string]Command
	// Elsewhere names commands another program has: the answer to one of
	// them is that program's usage line for it, not "unknown command".
	Elsewhere map[string]string
	// ExitStatus explains the exit statuses for the manual page, one
	// paragraph each.
	ExitStatus []string
	// SeeAlso names related manual pages, such as "arbiter-hall(1)".
	SeeAlso []string
	// Getenv reads the environment for the language of the program's
	// words (LangOf); nil is os.Getenv.
	Getenv func(string) string
}

// Run runs the subcommand args[0] with the rest of args. No arguments
// prints the list of commands on stderr (status 2); help, -h or --help
// prints it on stdout (status 0); --version prints the version.
//
// The program speaks the language LangOf finds in args and the
// environment; "--lang L" may also come before the command.
func (p *Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	getenv := p.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	l, err := LangOf(args, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "%s: --lang: %v\n", p.Name, err)
		return 2
	}
	SetWords(l)
	if len(args) > 0 && (args[0] == "--lang" || args[0] == "-lang") {
		args = args[min(2, len(args)):]
	} else if len(args) > 0 && (strings.HasPrefix(args[0], "--lang=") || strings.HasPrefix(args[0], "-lang=")) {
		args = args[1:]
	}
	if len(args) == 0 {
		p.Usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		p.Usage(stdout)
		return 0
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, VersionLine(p.Name))
		return 0
	}
	c, ok := p.Commands[args[0]]
	if !ok {
		if other, ok := p.Elsewhere[args[0]]; ok {
			fmt.Fprintf(stderr, "%s: %s\n", p.Name, say("cli.elsewhere-command", "{{.Command}} is a command of another program: {{.Other}}", "Command", args[0], "Other", other))
			return 2
		}
		fmt.Fprintf(stderr, "%s: %s\n", p.Name, say("cli.unknown-command", "unknown command {{.Command}}", "Command", fmt.Sprintf("%q", args[0])))
		p.Usage(stderr)
		return 2
	}
	return c.Run(args[1:], stdin, stdout, stderr)
}

// Usage prints the program's usage line and its commands, by name.
func (p *Program) Usage(w io.Writer) {
	usage := say("cli.usage", "usage:")
	pad := strings.Repeat(" ", utf8.RuneCountInString(usage))
	fmt.Fprintf(w, "%s %s %s\n", usage, p.Name, say("cli.usage-line", "COMMAND [flags] [operands]"))
	fmt.Fprintf(w, "%s %s %s\n", pad, p.Name, say("cli.usage-help", "COMMAND --help     (the command's flags and examples)"))
	fmt.Fprintf(w, "%s %s --version\n", pad, p.Name)
	fmt.Fprintln(w, say("cli.commands", "commands:"))
	for _, n := range sortedKeys(p.Commands) {
		fmt.Fprintf(w, "  %-10s %s\n", n, say(idOf(p.Name+" "+n)+".summary", p.Commands[n].Summary))
	}
	if len(p.Elsewhere) > 0 {
		fmt.Fprintln(w, say("cli.elsewhere", "elsewhere:"))
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

// ParseFlags parses a command's arguments, flags and operands in any
// order: "FILE --json" is "--json FILE", and everything after "--" is an
// operand. fs.Args() holds the operands afterwards, in their order. ok is
// false when the command must stop at once, with status: 0 after -h or
// --help (the usage is printed), 2 after a flag the command does not
// know.
func ParseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	var operands []string
	for {
		err := fs.Parse(args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			return 0, false
		case err != nil:
			return 2, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			operands = append(operands, rest...) // after "--": no more flags
			break
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
	// Parsing "--" and the operands leaves the flags as they are and
	// makes fs.Args() the operands.
	if err := fs.Parse(append([]string{"--"}, operands...)); err != nil {
		return 2, false
	}
	return 0, true
}

// Help is what a command's --help prints around its flags, and where its
// flags are read from besides the command line.
type Help struct {
	// Name is the command as typed: "arbiter audit".
	Name string
	// Usage is the synopsis: the first line follows "usage: ", the others
	// are aligned below it.
	Usage []string
	// Text is said after the synopsis (lines of up to 80 characters).
	Text string
	// Env maps a flag's name to the environment variable that sets it
	// when the command line does not: the command line wins, then the
	// environment, then the flag's default.
	Env map[string]string
	// Examples are command lines, each with what it does after a "#".
	Examples []string
}

// Apply makes h the usage fs prints (on fs.Output()) for -h, --help and a
// flag it does not know: the synopsis, the text, the flags with their
// defaults and environment variables (a flag whose usage is empty is an
// alias left out), and the examples.
//
// A command without a flag --lang gets one: the language of the
// program's own words (LangOf reads it before the command runs).
func (h Help) Apply(fs *flag.FlagSet) {
	if fs.Lookup("lang") == nil {
		fs.String("lang", "", say("cli.flag.lang", "the language of the program's own words (help and messages): {{.Codes}}; default $LC_ALL, $LC_MESSAGES or $LANG", "Codes", strings.Join(lang.Codes, ", ")))
	}
	fs.Usage = func() { h.Print(fs.Output(), fs) }
}

// Print writes the help of the command whose flags are fs to w.
func (h Help) Print(w io.Writer, fs *flag.FlagSet) {
	id := idOf(h.Name)
	usage := say("cli.usage", "usage:")
	pad := strings.Repeat(" ", utf8.RuneCountInString(usage))
	for i, u := range h.Usage {
		if i == 0 {
			fmt.Fprintf(w, "%s %s\n", usage, u)
		} else {
			fmt.Fprintf(w, "%s %s\n", pad, u)
		}
	}
	if h.Text != "" {
		fmt.Fprintln(w, strings.TrimRight(Say(id+".text", h.Text, nil), "\n"))
	}
	n := 0
	fs.VisitAll(func(f *flag.Flag) {
		if f.Usage == "" {
			return
		}
		if n == 0 {
			fmt.Fprintln(w, say("cli.flags", "flags:"))
		}
		n++
		name, usage := flag.UnquoteUsage(f)
		if f.Name != "lang" || !isZeroDefault(f) {
			usage = Say(id+".flag."+f.Name, usage, nil)
		}
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintln(w, line)
		usage = "    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if !isZeroDefault(f) {
			if isString(f) {
				usage += " " + say("cli.default", "(default {{.Value}})", "Value", fmt.Sprintf("%q", f.DefValue))
			} else {
				usage += " " + say("cli.default", "(default {{.Value}})", "Value", f.DefValue)
			}
		}
		if v := h.Env[f.Name]; v != "" {
			usage += fmt.Sprintf(" [$%s]", v)
		}
		fmt.Fprintln(w, usage)
	})
	if len(h.Examples) > 0 {
		fmt.Fprintln(w, say("cli.examples", "examples:"))
		for i, e := range h.Examples {
			// The words after the "#" are said in the language; the
			// command line stays as it is typed.
			if j := strings.Index(e, "# "); j >= 0 {
				e = e[:j+2] + Say(fmt.Sprintf("%s.example.%d", id, i+1), e[j+2:], nil)
			}
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
}

// isString reports whether a flag holds a string (its default is quoted).
func isString(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, ok = g.Get().(string)
	return ok
}

// isZeroDefault reports whether a flag's default is its type's zero value,
// which the help leaves unsaid.
func isZeroDefault(f *flag.Flag) bool {
	switch f.DefValue {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// Parse parses a command's arguments as ParseFlags does, then sets each
// flag of h.Env the command line left unset from its environment variable,
// when that is set and not empty (getenv is os.Getenv, or a test's). A
// value the flag refuses is said on fs.Output() with the variable's name,
// and ends the command with status 2.
func (h Help) Parse(fs *flag.FlagSet, args []string, getenv func(string) string) (status int, ok bool) {
	h.Apply(fs)
	if status, ok := ParseFlags(fs, args); !ok {
		return status, false
	}
	if err := FromEnv(fs, h.Env, getenv); err != nil {
		fmt.Fprintf(fs.Output(), "%s: %v\n", h.Name, err)
		return 2, false
	}
	return 0, true
}

// FromEnv sets every flag named in env (flag name → variable) that the
// command line left unset from its variable, when that is set and not
// empty.
func FromEnv(fs *flag.FlagSet, env map[string]string, getenv func(string) string) error {
	if getenv == nil {
		getenv = os.Getenv
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range sortedKeys(env) {
		v := getenv(env[name])
		if set[name] || v == "" {
			continue
		}
		if fs.Lookup(name) == nil {
			return fmt.Errorf("no flag --%s for $%s", name, env[name])
		}
		if err := fs.Set(name, v); err != nil {
			return fmt.Errorf("$%s (for --%s): %v", env[name], name, err)
		}
	}
	return nil
}

// HelpProblems asks every command of p for its flags (-h and --help) and
// with a flag it does not know, and returns what went wrong: a command
// must print its usage, with an example, on standard error and exit 0 for
// help, 2 for the unknown flag. It also checks that the program without
// arguments prints its usage on standard error with status 2.
func HelpProblems(p *Program) []error {
	var problems []error
	for _, name := range sortedKeys(p.Commands) {
		for _, h := range []string{"-h", "--help"} {
			var out, errs strings.Builder
			code := p.Run([]string{name, h}, strings.NewReader(""), &out, &errs)
			if code != 0 {
				problems = append(problems, fmt.Errorf("%s %s %s: status %d, want 0", p.Name, name, h, code))
			}
			if !strings.Contains(errs.String(), "usage") || !strings.Contains(errs.String(), "-") {
				problems = append(problems, fmt.Errorf("%s %s %s printed no usage: %q", p.Name, name, h, errs.String()))
			} else if !strings.Contains(errs.String(), "example") {
				problems = append(problems, fmt.Errorf("%s %s %s printed no example: %q", p.Name, name, h, errs.String()))
			}
		}
		var out, errs strings.Builder
		if code := p.Run([]string{name, "--no-such-flag"}, strings.NewReader(""), &out, &errs); code != 2 {
			problems = append(problems, fmt.Errorf("%s %s --no-such-flag: status %d, want 2", p.Name, name, code))
		}
	}
	var out, errs strings.Builder
	if code := p.Run(nil, strings.NewReader(""), &out, &errs); code != 2 || out.Len() > 0 || !strings.Contains(errs.String(), "usage") {
		problems = append(problems, fmt.Errorf("%s without arguments: status %d, stdout %q, stderr %q; want the usage on stderr and 2", p.Name, code, out.String(), errs.String()))
	}
	return problems
}

// Main runs the program on the process's arguments and streams, and exits
// with the command's status.
func (p *Program) Main() {
	os.Exit(p.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

package cli_test

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/internal/cli"
)

// greetHelp is the help of the examples' and tests' command.
var greetHelp = cli.Help{
	Name:     "demo greet",
	Usage:    []string{"demo greet [--name N] [--loud] [WORD...]"},
	Text:     "Greets someone, and says the words after it.",
	Env:      map[string]string{"name": "DEMO_NAME"},
	Examples: []string{"demo greet --name Magnus   # hello, Magnus"},
}

// greet is a command of the examples and tests: it greets its flag's name
// and repeats its operands.
func greet(getenv func(string) string) func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		fs := flag.NewFlagSet("greet", flag.ContinueOnError)
		fs.SetOutput(stderr)
		name := fs.String("name", "arbiter", "whom to greet")
		loud := fs.Bool("loud", false, "shout")
		if status, ok := greetHelp.Parse(fs, args, getenv); !ok {
			return status
		}
		line := fmt.Sprintf("hello, %s", *name)
		if *loud {
			line = strings.ToUpper(line)
		}
		fmt.Fprintln(stdout, strings.Join(append([]string{line}, fs.Args()...), " "))
		return 0
	}
}

func program() *cli.Program {
	return &cli.Program{
		Name:      "demo",
		Summary:   "a demonstration",
		About:     "Greets.\n\nAnd nothing else.",
		Commands:  map[string]cli.Command{"greet": {Summary: "say hello", Run: greet(func(string) string { return "" })}},
		Elsewhere: map[string]string{"serve": "demo-hall serve"},
		SeeAlso:   []string{"demo-hall(1)"},
	}
}

func Example() {
	p := program()
	p.Run([]string{"greet", "--name", "Magnus"}, strings.NewReader(""), os.Stdout, os.Stderr)
	p.Run([]string{"greet", "a", "--loud", "b", "--", "--name"}, strings.NewReader(""), os.Stdout, os.Stderr)
	p.Run([]string{"help"}, strings.NewReader(""), os.Stdout, os.Stderr)
	// Output:
	// hello, Magnus
	// HELLO, ARBITER a b --name
	// usage: demo COMMAND [flags] [operands]
	//        demo COMMAND --help     (the command's flags and examples)
	//        demo --version
	// commands:
	//   greet      say hello
	// elsewhere:
	//   serve      demo-hall serve
}

func TestRun_StatusAndMessages(t *testing.T) {
	p := program()
	for _, c := range []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"greet"}, 0, "hello, arbiter", ""},
		{[]string{"greet", "-h"}, 0, "", "-name"},
		{[]string{"greet", "--nope"}, 2, "", "-nope"},
		{[]string{"greet", "x", "--nope"}, 2, "", "-nope"},
		{[]string{"serve"}, 2, "", "demo: serve is a command of another program: demo-hall serve"},
		{[]string{"nothing"}, 2, "", `demo: unknown command "nothing"`},
		{nil, 2, "", "usage: demo COMMAND"},
		{[]string{"--help"}, 0, "usage: demo COMMAND", ""},
		{[]string{"--version"}, 0, "demo ", ""},
	} {
		var out, errs strings.Builder
		if got := p.Run(c.args, strings.NewReader(""), &out, &errs); got != c.status {
			t.Errorf("%v: status %d, want %d", c.args, got, c.status)
		}
		if !strings.Contains(out.String(), c.stdout) || c.stdout == "" && out.Len() > 0 {
			t.Errorf("%v: stdout %q, want it to hold %q", c.args, out.String(), c.stdout)
		}
		if !strings.Contains(errs.String(), c.stderr) || c.stderr == "" && errs.Len() > 0 {
			t.Errorf("%v: stderr %q, want it to hold %q", c.args, errs.String(), c.stderr)
		}
	}
}

// Flags may follow the operands; "--" makes the rest operands, and a lone
// "-" (standard input) is an operand.
func TestParseFlags_Interleaved(t *testing.T) {
	for _, c := range []struct {
		args     []string
		json     bool
		workers  int
		operands []string
	}{
		{[]string{"a.pgn", "--json"}, true, 0, []string{"a.pgn"}},
		{[]string{"--json", "a.pgn", "b.pgn"}, true, 0, []string{"a.pgn", "b.pgn"}},
		{[]string{"a.pgn", "--workers", "3", "b.pgn", "--json"}, true, 3, []string{"a.pgn", "b.pgn"}},
		{[]string{"-", "--workers=2"}, false, 2, []string{"-"}},
		{[]string{"a.pgn", "--", "--json", "-x"}, false, 0, []string{"a.pgn", "--json", "-x"}},
		{nil, false, 0, nil},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		asJSON := fs.Bool("json", false, "")
		workers := fs.Int("workers", 0, "")
		if _, ok := cli.ParseFlags(fs, c.args); !ok {
			t.Fatalf("%q: not parsed", c.args)
		}
		if *asJSON != c.json || *workers != c.workers || fmt.Sprint(fs.Args()) != fmt.Sprint(c.operands) {
			t.Errorf("%q: json %v workers %d operands %q, want %v %d %q", c.args, *asJSON, *workers, fs.Args(), c.json, c.workers, c.operands)
		}
	}
}

// The command line wins over the environment, which wins over the default;
// a value the flag refuses names its variable.
func TestHelpParse_Environment(t *testing.T) {
	env := map[string]string{"DEMO_NAME": "Judit", "DEMO_WORKERS": "many"}
	getenv := func(k string) string { return env[k] }
	run := func(args ...string) (int, string, string) {
		var out, errs strings.Builder
		code := greet(getenv)(args, strings.NewReader(""), &out, &errs)
		return code, out.String(), errs.String()
	}
	if _, out, _ := run(); out != "hello, Judit\n" {
		t.Errorf("from the environment: %q", out)
	}
	if _, out, _ := run("--name", "Hou"); out != "hello, Hou\n" {
		t.Errorf("the command line over the environment: %q", out)
	}

	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Int("workers", 1, "")
	err := cli.FromEnv(fs, map[string]string{"workers": "DEMO_WORKERS"}, getenv)
	if err == nil || !strings.Contains(err.Error(), "$DEMO_WORKERS") {
		t.Errorf("a bad value: %v", err)
	}
	h := cli.Help{Name: "demo t", Env: map[string]string{"workers": "DEMO_WORKERS"}}
	var errs strings.Builder
	fs = flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(&errs)
	fs.Int("workers", 1, "")
	if status, ok := h.Parse(fs, nil, getenv); ok || status != 2 || !strings.Contains(errs.String(), "demo t: $DEMO_WORKERS") {
		t.Errorf("Parse with a bad value: status %d ok %v, %q", status, ok, errs.String())
	}
}

// The help lists the synopsis, the text, every flag but the hidden ones
// with its default and variable, and the examples.
func TestHelp_Print(t *testing.T) {
	fs := flag.NewFlagSet("greet", flag.ContinueOnError)
	fs.String("name", "arbiter", "whom to greet")
	fs.Bool("loud", false, "shout")
	fs.Int("n", 0, "") // hidden
	var b strings.Builder
	greetHelp.Print(&b, fs)
	want := `usage: demo greet [--name N] [--loud] [WORD...]
Greets someone, and says the words after it.
flags:
  --loud
    	shout
  --name string
    	whom to greet (default "arbiter") [$DEMO_NAME]
examples:
  demo greet --name Magnus   # hello, Magnus
`
	if b.String() != want {
		t.Errorf("help:\n%s\nwant:\n%s", b.String(), want)
	}
}

// HelpProblems finds a command that does not answer -h with status 0.
func TestHelpProblems(t *testing.T) {
	p := program()
	if errs := cli.HelpProblems(p); len(errs) != 0 {
		t.Fatalf("a good program: %v", errs)
	}
	p.Commands["bad"] = cli.Command{Summary: "ignores its flags", Run: func([]string, io.Reader, io.Writer, io.Writer) int { return 1 }}
	if errs := cli.HelpProblems(p); len(errs) != 5 {
		t.Fatalf("a command that always fails: %d problems %v, want 5 (-h and --help: status and usage each; the unknown flag)", len(errs), errs)
	}
}

// The version line names the program and the platform; a test binary has
// no release version.
func TestVersionLine(t *testing.T) {
	l := cli.VersionLine("demo")
	b := cli.Build()
	if !strings.HasPrefix(l, "demo "+b.Version+" (") || !strings.Contains(l, b.Platform) || !strings.Contains(l, b.Go) {
		t.Errorf("version line %q, build %+v", l, b)
	}
	if cli.Version() == "" {
		t.Error("empty version")
	}
}

// The manual page holds each command's help, escaped for roff.
func TestMan(t *testing.T) {
	var b strings.Builder
	program().Man(&b)
	m := b.String()
	for _, want := range []string{
		".TH DEMO 1",
		"demo \\- a demonstration",
		".SS greet",
		"  \\-\\-name string",
		"[$DEMO_NAME]",
		".BR demo\\-hall (1)",
	} {
		if !strings.Contains(m, want) {
			t.Errorf("the page lacks %q:\n%s", want, m)
		}
	}
	for _, l := range strings.Split(m, "\n") {
		if strings.HasPrefix(l, "'") {
			t.Errorf("a line roff reads as a request: %q", l)
		}
	}
}

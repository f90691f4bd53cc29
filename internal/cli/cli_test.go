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

// greet is a command of the examples and tests: it greets its flag's name.
func greet(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("greet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "arbiter", "whom to greet")
	if status, ok := cli.ParseFlags(fs, args); !ok {
		return status
	}
	fmt.Fprintf(stdout, "hello, %s\n", *name)
	return 0
}

func program() *cli.Program {
	return &cli.Program{
		Name:      "demo",
		Commands:  map[string]cli.Command{"greet": {Summary: "say hello", Run: greet}},
		Elsewhere: map[string]string{"serve": "demo-hall serve"},
	}
}

func Example() {
	p := program()
	p.Run([]string{"greet", "--name", "Magnus"}, strings.NewReader(""), os.Stdout, os.Stderr)
	p.Run([]string{"help"}, strings.NewReader(""), os.Stdout, os.Stderr)
	// Output:
	// hello, Magnus
	// usage: demo COMMAND [flags]
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
		stderr string
	}{
		{[]string{"greet"}, 0, ""},
		{[]string{"greet", "-h"}, 0, "-name"},
		{[]string{"greet", "--nope"}, 2, "-nope"},
		{[]string{"serve"}, 2, "demo: serve is a command of another program: demo-hall serve"},
		{[]string{"nothing"}, 2, `demo: unknown command "nothing"`},
	} {
		var out, errs strings.Builder
		if got := p.Run(c.args, strings.NewReader(""), &out, &errs); got != c.status {
			t.Errorf("%v: status %d, want %d", c.args, got, c.status)
		}
		if !strings.Contains(errs.String(), c.stderr) {
			t.Errorf("%v: stderr %q, want it to hold %q", c.args, errs.String(), c.stderr)
		}
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

package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// consoleCommand is one "$ command" of a console block of the README and
// the output printed after it.
type consoleCommand struct {
	line int // in the README
	cmd  string
	want []string
}

// readmeConsole returns the commands of the README's console blocks.
func readmeConsole(t *testing.T, text string) []consoleCommand {
	t.Helper()
	var cmds []consoleCommand
	in := false
	for i, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "```console"):
			in = true
		case in && strings.HasPrefix(l, "```"):
			in = false
		case in && strings.HasPrefix(l, "$ "):
			cmds = append(cmds, consoleCommand{line: i + 1, cmd: strings.TrimPrefix(l, "$ ")})
		case in:
			if len(cmds) == 0 {
				t.Fatalf("README line %d: output before any command", i+1)
			}
			c := &cmds[len(cmds)-1]
			c.want = append(c.want, l)
		}
	}
	return cmds
}

// words splits a command line as a shell would one without variables:
// on spaces, but not within quotes.
func words(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	quote, inWord := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// sameLine compares an output line with the README's: an audit's summary
// line up to its timing, which changes from run to run.
func sameLine(got, want string) bool {
	if strings.HasPrefix(want, "audit: ") && strings.HasPrefix(got, "audit: ") {
		cut := func(s string) string { return s[:strings.LastIndex(s, "; ")] }
		return strings.Contains(got, "; ") && strings.Contains(want, "; ") && cut(got) == cut(want)
	}
	return got == want
}

// The README's sample outputs are what the commands print: every command
// of its console blocks runs from the repository's root, and its standard
// output (or "echo $?", its status) must be the lines the README shows. The
// README also stays a front door, under 250 lines.
func TestREADME_SampleOutputs(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n >= 250 {
		t.Errorf("README.md has %d lines: keep it under 250, and the details in docs/", n)
	}
	cmds := readmeConsole(t, string(b))
	if len(cmds) < 4 {
		t.Fatalf("%d console commands in the README, want replay, winnable, audit and perft at least", len(cmds))
	}
	t.Chdir("../..")
	status := -1
	for _, c := range cmds {
		args, err := words(c.cmd)
		if err != nil {
			t.Fatalf("README line %d: %v", c.line, err)
		}
		var got []string
		switch {
		case c.cmd == "echo $?":
			got = []string{fmt.Sprint(status)}
		case args[0] == "arbiter":
			var out, errs bytes.Buffer
			status = run(args[1:], strings.NewReader(""), &out, &errs)
			got = strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if status > 1 {
				t.Errorf("README line %d: %s: status %d: %s", c.line, c.cmd, status, errs.String())
			}
		default:
			t.Errorf("README line %d: %q is no command of arbiter: console blocks hold what the test can run", c.line, c.cmd)
			continue
		}
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(got); i++ {
			ok = sameLine(got[i], c.want[i])
		}
		if !ok {
			t.Errorf("README line %d: %s prints\n%s\nbut the README shows\n%s", c.line, c.cmd, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// The comparison forgives an audit's timing and nothing else.
func TestREADME_SameLine(t *testing.T) {
	a := "audit: 2 games (0 skipped), 9 moves (plies) in 2 files; findings 2: illegal-move 2; 0.000 s, 4660 games/s, 20972 moves/s"
	b := "audit: 2 games (0 skipped), 9 moves (plies) in 2 files; findings 2: illegal-move 2; 0.001 s, 2000 games/s, 9000 moves/s"
	c := "audit: 2 games (0 skipped), 9 moves (plies) in 2 files; findings 1: illegal-move 1; 0.001 s, 2000 games/s, 9000 moves/s"
	if !sameLine(b, a) || sameLine(c, a) || sameLine("--", "WB") {
		t.Error("sameLine")
	}
	if w, _ := words(`arbiter winnable "8/8 w - - 0 1" --x 'a b'`); fmt.Sprint(w) != "[arbiter winnable 8/8 w - - 0 1 --x a b]" {
		t.Errorf("words: %q", w)
	}
}

// Command testsum reads the events of "go test -json" on its standard
// input and writes what plain "go test" writes (a line per package, the
// output of the tests that failed), then the tests that were skipped,
// grouped by the reason their t.Skip gave, so that a run without -v
// still says what it did not test:
//
//	go test ./... -json | go run ./internal/testsum
//
// It exits 1 when a test or a build failed, when the input holds no
// test events, or when a skip reason names a kind of test listed in
// ARBITER_TEST_REQUIRE ("browser", "postgres", comma-separated): CI sets
// it, so that tests meant to run there cannot pass by skipping.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// kinds are the skip reasons of the tests that need a service, by the
// name ARBITER_TEST_REQUIRE gives them: the reason's opening words.
var kinds = map[string]string{
	"browser":  "browser tests skipped",
	"postgres": "PostgreSQL tests skipped",
}

// reasonLine is a test's log line: "    file_test.go:38: message".
var reasonLine = regexp.MustCompile(`^\s+[^\s:]+\.go:\d+: (.*)$`)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Getenv("ARBITER_TEST_REQUIRE")))
}

// run reads the events from in, writes the summary to out and returns
// the exit status.
func run(in io.Reader, out io.Writer, require string) int {
	type key struct{ pkg, test string }
	outputs := map[key][]string{} // the output of each test, and of each package ("")
	last := map[key]string{}      // each test's last log message
	skipped := map[string][]string{}
	failedTests := map[key]bool{}
	failed, events := false, 0
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			// Not an event: build errors and the like, shown as they are.
			fmt.Fprintln(out, sc.Text())
			if t := sc.Text(); strings.HasPrefix(t, "FAIL") || strings.HasPrefix(t, "#") {
				failed = true
			}
			continue
		}
		events++
		k := key{e.Package, e.Test}
		switch e.Action {
		case "output", "build-output":
			outputs[k] = append(outputs[k], e.Output)
			if m := reasonLine.FindStringSubmatch(strings.TrimRight(e.Output, "\n")); m != nil && e.Test != "" {
				last[k] = m[1]
			}
		case "build-fail":
			failed = true
		case "skip":
			if e.Test == "" {
				fmt.Fprintf(out, "?   \t%s\t[no test files]\n", e.Package)
				continue
			}
			reason := last[k]
			if reason == "" {
				reason = "(no reason given)"
			}
			skipped[reason] = append(skipped[reason], e.Package+" "+e.Test)
		case "fail":
			failed = true
			if e.Test != "" {
				failedTests[k] = true
				continue // its output is shown with its package's
			}
			tests := []string{}
			for pk := range outputs {
				if pk.pkg == e.Package && failedTests[pk] {
					tests = append(tests, pk.test)
				}
			}
			sort.Strings(tests)
			for _, t := range tests {
				fmt.Fprint(out, strings.Join(outputs[key{e.Package, t}], ""))
			}
			fmt.Fprint(out, strings.Join(outputs[key{e.Package, ""}], ""))
		case "pass":
			if e.Test == "" {
				fmt.Fprintf(out, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
			}
		}
		if (e.Action == "pass" || e.Action == "fail" || e.Action == "skip") && e.Test == "" {
			for pk := range outputs {
				if pk.pkg == e.Package {
					delete(outputs, pk)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(out, "testsum: reading the events: %v\n", err)
		failed = true
	}
	if events == 0 {
		fmt.Fprintln(out, "testsum: no test events: pipe go test -json into it")
		return 1
	}
	status := 0
	if failed {
		status = 1
	}
	if len(skipped) == 0 {
		fmt.Fprintln(out, "skipped: none")
		return status
	}
	reasons := make([]string, 0, len(skipped))
	n := 0
	for r, ts := range skipped {
		reasons = append(reasons, r)
		n += len(ts)
	}
	sort.Strings(reasons)
	fmt.Fprintf(out, "skipped: %s, for these reasons:\n", plural(n, "test"))
	for _, r := range reasons {
		ts := skipped[r]
		sort.Strings(ts)
		fmt.Fprintf(out, "- %s: %s (%s", r, plural(len(ts), "test"), ts[0])
		if len(ts) > 1 {
			fmt.Fprintf(out, ", and %d more", len(ts)-1)
		}
		fmt.Fprintln(out, ")")
	}
	for _, kind := range strings.Split(require, ",") {
		kind = strings.TrimSpace(kind)
		if kind == "" {
			continue
		}
		prefix, ok := kinds[kind]
		if !ok {
			fmt.Fprintf(out, "testsum: ARBITER_TEST_REQUIRE names %q: the kinds are browser and postgres\n", kind)
			status = 1
			continue
		}
		for _, r := range reasons {
			if strings.HasPrefix(r, prefix) {
				fmt.Fprintf(out, "FAIL: the %s tests are required here (ARBITER_TEST_REQUIRE) and %d were skipped\n", kind, len(skipped[r]))
				status = 1
			}
		}
	}
	return status
}

// plural writes a count with its noun.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

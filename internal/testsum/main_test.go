package main

import (
	"strings"
	"testing"
)

// events are go test -json lines of two packages: one passes with a
// browser test skipped, one has a test skipped without a service.
const events = `{"Action":"start","Package":"p/web"}
{"Action":"run","Package":"p/web","Test":"TestPage"}
{"Action":"output","Package":"p/web","Test":"TestPage","Output":"=== RUN   TestPage\n"}
{"Action":"output","Package":"p/web","Test":"TestPage","Output":"    harness_test.go:38: browser tests skipped: no chromium\n"}
{"Action":"output","Package":"p/web","Test":"TestPage","Output":"--- SKIP: TestPage (0.00s)\n"}
{"Action":"skip","Package":"p/web","Test":"TestPage"}
{"Action":"pass","Package":"p/web","Elapsed":0.05}
{"Action":"run","Package":"p/store","Test":"TestA/postgres"}
{"Action":"output","Package":"p/store","Test":"TestA/postgres","Output":"    pgtest.go:31: PostgreSQL tests skipped: set X\n"}
{"Action":"skip","Package":"p/store","Test":"TestA/postgres"}
{"Action":"run","Package":"p/store","Test":"TestB"}
{"Action":"output","Package":"p/store","Test":"TestB","Output":"    b_test.go:9: wrong\n"}
{"Action":"fail","Package":"p/store","Test":"TestB"}
{"Action":"run","Package":"p/store","Test":"TestC"}
{"Action":"output","Package":"p/store","Test":"TestC","Output":"    c_test.go:9: fine log\n"}
{"Action":"pass","Package":"p/store","Test":"TestC"}
{"Action":"fail","Package":"p/store","Elapsed":1}
{"Action":"skip","Package":"p/none"}
`

// The summary: a line per package, the failed test's output alone, the
// skips by reason; the status says a failure, and a required kind that
// was skipped.
func TestRun(t *testing.T) {
	var out strings.Builder
	if st := run(strings.NewReader(events), &out, ""); st != 1 {
		t.Errorf("status %d with a failed test", st)
	}
	got := out.String()
	for _, want := range []string{
		"ok  \tp/web\t0.050s\n",
		"    b_test.go:9: wrong\n",
		"?   \tp/none\t[no test files]\n",
		"skipped: 2 tests, for these reasons:\n- PostgreSQL tests skipped: set X: 1 test (p/store TestA/postgres)\n- browser tests skipped: no chromium: 1 test (p/web TestPage)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "fine log") {
		t.Errorf("a passing test's output is shown:\n%s", got)
	}

	passing := strings.ReplaceAll(events, `"Action":"fail"`, `"Action":"pass"`)
	for require, want := range map[string]int{"": 0, "browser": 1, "postgres": 1, "browser,postgres": 1, "pgn": 1} {
		out.Reset()
		if st := run(strings.NewReader(passing), &out, require); st != want {
			t.Errorf("ARBITER_TEST_REQUIRE=%q: status %d, want %d\n%s", require, st, want, out.String())
		}
	}
	out.Reset()
	if st := run(strings.NewReader("# p\nsyntax error\n"), &out, ""); st != 1 {
		t.Errorf("no events: status %d", st)
	}
}

package pgncheck

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records a failure instead of stopping.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	panic(r)
}

func read(tb testing.TB, text string) (moves [][]string, failed string) {
	r := &recorder{TB: tb}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		failed = r.failed
	}()
	return Moves(r, text), ""
}

// A good PGN gives its moves; an illegal move fails the test.
func TestMoves(t *testing.T) {
	good := "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {[%clk 0:05:00]} e5 2. Nf3 *\n"
	moves, failed := read(t, good)
	if failed != "" || len(moves) != 1 || strings.Join(moves[0], " ") != "e4 e5 Nf3" {
		t.Fatalf("good PGN: %v %q", moves, failed)
	}
	if _, failed := read(t, strings.Replace(good, "Nf3", "Ke3", 1)); !strings.Contains(failed, "pgn-extract reports") {
		t.Fatalf("an illegal move passed: %q", failed)
	}
}

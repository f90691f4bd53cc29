package winnable

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// TestTiming runs Analyze over the vector and lists the slowest positions.
func TestTiming(t *testing.T) {
	if os.Getenv("TIMING") == "" {
		t.Skip()
	}
	type rec struct {
		d    time.Duration
		line int
		s    string
	}
	var recs []rec
	var total time.Duration
	bad, und := 0, 0
	for _, e := range loadVector(t) {
		t0 := time.Now()
		r := Analyze(e.pos)
		d := time.Since(t0)
		total += d
		if r.Class() != e.want {
			bad++
			t.Logf("WRONG line %d want %s got %s decided %v %s", e.line, e.want, r.Class(), r.Decided, e.fen)
		}
		if !r.Decided {
			und++
			t.Logf("UNDECIDED line %d want %s got %s %s", e.line, e.want, r.Class(), e.fen)
		}
		recs = append(recs, rec{d, e.line, fmt.Sprintf("%s %s nodes %d %s", e.want, r.Class(), r.Nodes, e.fen)})
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].d > recs[j].d })
	for _, r := range recs[:40] {
		t.Logf("%v line %d %s", r.d, r.line, r.s)
	}
	t.Logf("total %v, %d wrong, %d undecided", total, bad, und)
}

func TestOne(t *testing.T) {
	fen := os.Getenv("ONE")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	r := Analyze(p)
	t.Logf("%s decided %v nodes %d in %v lines %v", r.Class(), r.Decided, r.Nodes, time.Since(t0), r.Lines)
}

package winnable

import (
	"fmt"
	"os"
	"sort"
	"syscall"
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
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	nodes := 0
	agg := new(analyzer)
	if os.Getenv("CLTRACE") != "" {
		closureTrace = func(p *chess.Position, x chess.Color, plans, nodes int, mate bool) {
			t.Logf("CLOSURE %v plans %d nodes %d mate %v %s", x, plans, nodes, mate, p.FEN())
		}
		defer func() { closureTrace = nil }()
	}
	bad, und := 0, 0
	for _, e := range loadVector(t) {
		t0 := time.Now()
		r := agg.analyze(e.pos, [2]bool{true, true})
		d := time.Since(t0)
		nodes += r.Nodes
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
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano() - ru0.Utime.Nano())
	t.Logf("stages:\n%v", &agg.stats)
	t.Logf("total %v (cpu %v), nodes %d, %d wrong, %d undecided", total, cpu, nodes, bad, und)
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

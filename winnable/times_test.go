package winnable

import (
	"os"
	"slices"
	"testing"
	"time"
)

// TestVectorTimes logs the distribution of analysis times over the test
// vector, one position after the other, and the slowest positions. It is a
// measuring tool: it runs only when WINNABLE_TIMES is set, as in
//
//	WINNABLE_TIMES=1 go test ./winnable -run VectorTimes -v
func TestVectorTimes(t *testing.T) {
	if os.Getenv("WINNABLE_TIMES") == "" {
		t.Skip("set WINNABLE_TIMES to run")
	}
	entries := loadVector(t)
	type rec struct {
		d     time.Duration
		nodes int
		e     vectorEntry
	}
	recs := make([]rec, 0, len(entries))
	var total time.Duration
	nodes := 0
	for _, e := range entries {
		t0 := time.Now()
		r := Analyze(e.pos)
		d := time.Since(t0)
		total += d
		nodes += r.Nodes
		recs = append(recs, rec{d, r.Nodes, e})
	}
	slices.SortFunc(recs, func(a, b rec) int { return int(b.d - a.d) })
	n := len(recs)
	t.Logf("%d positions in %v (%.0f a second), %d nodes", n, total, float64(n)/total.Seconds(), nodes)
	t.Logf("max %v, p99 %v, p90 %v, median %v", recs[0].d, recs[n/100].d, recs[n/10].d, recs[n/2].d)
	for _, r := range recs[:min(n, 10)] {
		t.Logf("%12v %9d nodes  %s %s", r.d, r.nodes, r.e.want, r.e.fen)
	}
}

package winnable

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkVectorTimes reports the distribution of analysis times over the
// test vector, one position after the other (slowest, 99th percentile,
// median), and logs the slowest positions:
//
//	go test ./winnable -run '^$' -bench VectorTimes -benchtime 1x -v
func BenchmarkVectorTimes(b *testing.B) {
	entries := loadVector(b)
	type rec struct {
		d     time.Duration
		nodes int
		e     vectorEntry
	}
	recs := make([]rec, 0, len(entries))
	var total time.Duration
	nodes := 0
	for b.Loop() {
		recs, total, nodes = recs[:0], 0, 0
		for _, e := range entries {
			t0 := time.Now()
			r := Analyze(e.pos)
			d := time.Since(t0)
			total += d
			nodes += r.Nodes
			recs = append(recs, rec{d, r.Nodes, e})
		}
	}
	slices.SortFunc(recs, func(a, b rec) int { return int(b.d - a.d) })
	n := len(recs)
	b.ReportMetric(float64(n)/total.Seconds(), "pos/s")
	b.ReportMetric(float64(recs[0].d.Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(recs[n/100].d.Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(recs[n/2].d.Microseconds()), "median-µs")
	b.Logf("%d positions in %v, %d nodes; p90 %v", n, total, nodes, recs[n/10].d)
	for _, r := range recs[:min(n, 10)] {
		b.Logf("%12v %9d nodes  %s %s", r.d, r.nodes, r.e.want, r.e.fen)
	}
}

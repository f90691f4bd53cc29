package touch

import (
	"slices"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
)

// BenchmarkActionLatency replays every game of the lichess sample
// as clean actions, timing each action, and reports the slowest action,
// the 99.9th percentile and how many actions took over a millisecond. Run
// it with: go test ./touch -run '^$' -bench ActionLatency -benchtime 1x
func BenchmarkActionLatency(b *testing.B) {
	games := realGames(b, 1<<30)
	var times []time.Duration
	for b.Loop() {
		times = times[:0]
		for _, acts := range games {
			e, _ := New(protocol.Start{}, Options{})
			for i, a := range acts {
				start := time.Now()
				e.Apply(i+1, a)
				times = append(times, time.Since(start))
			}
		}
	}
	slices.Sort(times)
	over := len(times) - slices.IndexFunc(times, func(d time.Duration) bool { return d > time.Millisecond })
	if over > len(times) {
		over = 0
	}
	b.ReportMetric(float64(len(times)), "actions")
	b.ReportMetric(float64(times[len(times)-1].Microseconds()), "max-µs")
	b.ReportMetric(float64(times[len(times)*999/1000].Microseconds()), "p99.9-µs")
	b.ReportMetric(float64(over), "over-1ms")
}

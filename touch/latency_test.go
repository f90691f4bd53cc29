package touch

import (
	"slices"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
)

// BenchmarkActionLatency replays every game of the lichess sample as clean
// actions, timing each action, and reports the mean, the slowest action,
// the 99.9th percentile and how many actions took over a millisecond:
// without a clock, and with a running clock (5400+30, every action
// carrying t, a second apart). Run it with:
//
//	go test ./touch -run '^$' -bench ActionLatency -benchtime 1x
func BenchmarkActionLatency(b *testing.B) {
	games := realGames(b, 1<<30)
	for _, clocked := range []bool{false, true} {
		name := "no-clock"
		start := protocol.Start{}
		if clocked {
			name = "clock"
			start.Clock = &protocol.Clock{White: 5400, Black: 5400, Increment: 30}
		}
		b.Run(name, func(b *testing.B) {
			var times []time.Duration
			var total time.Duration
			for b.Loop() {
				times = times[:0]
				total = 0
				for _, acts := range games {
					e, _ := New(start, Options{})
					for i, a := range acts {
						if clocked {
							t := int64(i) * 1000
							a.T = &t
						}
						begin := time.Now()
						e.Apply(i+1, a)
						d := time.Since(begin)
						total += d
						times = append(times, d)
					}
				}
			}
			slices.Sort(times)
			over := len(times) - slices.IndexFunc(times, func(d time.Duration) bool { return d > time.Millisecond })
			if over > len(times) {
				over = 0
			}
			b.ReportMetric(float64(len(times)), "actions")
			b.ReportMetric(float64(total.Microseconds())/float64(len(times)), "mean-µs")
			b.ReportMetric(float64(times[len(times)-1].Microseconds()), "max-µs")
			b.ReportMetric(float64(times[len(times)*999/1000].Microseconds()), "p99.9-µs")
			b.ReportMetric(float64(over), "over-1ms")
		})
	}
}

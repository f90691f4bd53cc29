package winnable

import "testing"

// BenchmarkTestVector analyses every position of the test vector,
// one after the other on one goroutine, and reports positions per second.
// Run it with: go test ./winnable -run '^$' -bench TestVector -benchtime 3x
func BenchmarkTestVector(b *testing.B) {
	entries := loadVector(b)
	n := 0
	for b.Loop() {
		for _, e := range entries {
			Analyze(e.pos)
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "pos/s")
}

// BenchmarkStart analyses the starting position.
func BenchmarkStart(b *testing.B) {
	p := chessStart()
	for b.Loop() {
		Analyze(p)
	}
}

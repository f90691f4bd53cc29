package winnable

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// BenchmarkStages answers the questions of the file named by
// WINNABLE_STAGES (lines "WB fen", "W- fen", "-B fen" as BenchmarkRealGames
// writes them with WINNABLE_DUMP, or "A fen" for Alive), or else those of
// the test vector, White first and Black only when White cannot, and
// reports the slowest and the count over a millisecond; with -v it logs
// the time of each stage of the analysis for the slowest questions. A tool
// for tuning:
//
//	go test ./winnable -run '^$' -bench Stages -benchtime 1x -v
func BenchmarkStages(b *testing.B) {
	var lines []string
	if name := os.Getenv("WINNABLE_STAGES"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		lines = strings.Split(string(data), "\n")
	} else {
		for _, e := range loadVector(b) {
			lines = append(lines, "WB "+e.fen)
		}
	}
	for b.Loop() {
		stageTimes(b, lines)
	}
}

// stageTimes answers the questions and reports on them (BenchmarkStages).
func stageTimes(b *testing.B, lines []string) {
	type rec struct {
		d     time.Duration
		fen   string
		trace string
	}
	var recs []rec
	var total time.Duration
	nodes, maxNodes := 0, 0
	perStage := map[string]time.Duration{}
	for _, line := range lines {
		ask, fen, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok || len(ask) != 2 && ask != "A" {
			continue
		}
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			b.Fatal(err)
		}
		var sb strings.Builder
		a := pool.Get().(*analyzer)
		t0 := time.Now()
		last := t0
		a.trace = func(stage string) {
			now := time.Now()
			perStage[stage] += now.Sub(last)
			if d := now.Sub(last); d > 20*time.Microsecond {
				fmt.Fprintf(&sb, " %s=%v", stage, d.Round(time.Microsecond))
			}
			last = now
		}
		n := 0
		if ask == "A" {
			a.either = true
			n += a.analyze(p, [2]bool{true, true}).Nodes
			a.either = false
		}
		for c := chess.White; c <= chess.Black && ask != "A"; c++ {
			if ask[c] == '-' {
				continue
			}
			fmt.Fprintf(&sb, " [%v]", c)
			var w [2]bool
			w[c] = true
			r := a.analyze(p, w)
			n += r.Nodes
			if r.Can(c) {
				break
			}
		}
		d := time.Since(t0)
		nodes += n
		maxNodes = max(maxNodes, n)
		a.trace = nil
		pool.Put(a)
		total += d
		recs = append(recs, rec{d, ask + " " + fen, sb.String()})
	}
	slices.SortFunc(recs, func(a, b rec) int { return int(b.d - a.d) })
	n := len(recs)
	if n == 0 {
		return
	}
	over := 0
	for _, r := range recs {
		if r.d > time.Millisecond {
			over++
		}
	}
	b.ReportMetric(float64(recs[0].d.Microseconds()), "max-µs")
	b.ReportMetric(float64(over), "over-1ms")
	b.Logf("%d questions in %v; max %v, p99 %v, median %v, %d over 1 ms; %d positions looked at, %d at most", n, total, recs[0].d, recs[n/100].d, recs[n/2].d, over, nodes, maxNodes)
	var stages []string
	for st := range perStage {
		stages = append(stages, st)
	}
	slices.SortFunc(stages, func(x, y string) int { return int(perStage[y] - perStage[x]) })
	for _, st := range stages {
		b.Logf("stage %-16s %v", st, perStage[st].Round(time.Microsecond))
	}
	for _, r := range recs[:min(n, 40)] {
		b.Logf("%9v %s:%s", r.d.Round(time.Microsecond), r.fen, r.trace)
	}
}

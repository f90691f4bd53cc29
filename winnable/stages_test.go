package winnable

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// TestStageTimes is a measuring tool: it reads questions from the file
// named by WINNABLE_STAGES (lines "WB fen", "W- fen" or "-B fen", as
// TestDumpRealQueries writes them, or "A fen"), answers each as the game
// record does (White first, Black only when White cannot; Alive for "A"), and logs, for the slowest,
// the time of every stage of the analysis.
func TestStageTimes(t *testing.T) {
	name := os.Getenv("WINNABLE_STAGES")
	if name == "" {
		t.Skip("set WINNABLE_STAGES to run")
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type rec struct {
		d     time.Duration
		fen   string
		trace string
	}
	var recs []rec
	var total time.Duration
	nodes, maxNodes := 0, 0
	perStage := map[string]time.Duration{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ask, fen, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if !ok || len(ask) != 2 && ask != "A" {
			continue
		}
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			t.Fatal(err)
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
	t.Logf("%d questions in %v; max %v, p99 %v, median %v, %d over 1 ms; %d positions looked at, %d at most", n, total, recs[0].d, recs[n/100].d, recs[n/2].d, over, nodes, maxNodes)
	var stages []string
	for st := range perStage {
		stages = append(stages, st)
	}
	slices.SortFunc(stages, func(a, b string) int { return int(perStage[b] - perStage[a]) })
	for _, st := range stages {
		t.Logf("stage %-16s %v", st, perStage[st].Round(time.Microsecond))
	}
	for _, r := range recs[:min(n, 40)] {
		t.Logf("%9v %s:%s", r.d.Round(time.Microsecond), r.fen, r.trace)
	}
}

package winnable

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// TestHelpmateRate measures how many "can" answers of the vector the
// helpmate search proves on its own (tuning aid).
func TestHelpmateRate(t *testing.T) {
	lim, _ := strconv.Atoi(os.Getenv("HMLIMIT"))
	if lim == 0 {
		t.Skip()
	}
	depth, _ := strconv.Atoi(os.Getenv("HMDEPTH"))
	if w, _ := strconv.Atoi(os.Getenv("BFW")); w > 0 {
		bfWeight = w
	}
	a := new(analyzer)
	found, total, nodes, noPlan := 0, 0, 0, 0
	t0 := time.Now()
	skip := map[string]bool{}
	if f := os.Getenv("ONLY"); f != "" {
		data, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" {
				skip[l] = true
			}
		}
	}
	for _, e := range loadVector(t) {
		for c := chess.White; c <= chess.Black; c++ {
			if e.want[c] == '-' {
				continue
			}
			if len(skip) > 0 && !skip[fmt.Sprintf("%d %c", e.line, "WB"[c])] {
				continue
			}
			total++
			var line []chess.Move
			hasPlan := true
			if os.Getenv("PLAN") != "" {
				a.ex.run(e.pos, want(c))
				plans := a.ex.buildPlans(e.pos, c, 3)
				if len(plans) == 0 {
					plans = a.ex.findPlans(e.pos, c, 3)
				}
				if len(plans) == 0 {
					noPlan++
					hasPlan = false
				}
				for _, pl := range plans {
					if line = a.bestFirst(e.pos, c, &pl, lim/3); line != nil {
						break
					}
				}
			} else if os.Getenv("GUIDED") != "" {
				line = a.guidedHelpmate(e.pos, c, 3, depth, lim/3)
			} else {
				line = a.helpmate(e.pos, c, depth, lim)
			}
			nodes += a.hm.nodes
			if line != nil {
				found++
				if !verifyLine(e.pos, c, line) {
					t.Errorf("line %d: bad mating line", e.line)
				}
			} else if os.Getenv("HMV") != "" && hasPlan {
				t.Logf("miss %d %c %s", e.line, "WB"[c], e.fen)
			}
		}
	}
	t.Logf("found %d/%d, nodes %d, %v (no plan %d)", found, total, nodes, time.Since(t0), noPlan)
}

// verifyLine replays line from p and checks that it ends in checkmate by c.
func verifyLine(p *chess.Position, c chess.Color, line []chess.Move) bool {
	q := *p
	var ml chess.MoveList
	for _, m := range line {
		q.LegalMoves(&ml)
		if !ml.Contains(m) {
			return false
		}
		q.Make(m)
	}
	q.LegalMoves(&ml)
	return ml.Len() == 0 && q.InCheck() && q.Turn() != c
}

// TestClosureOrder compares the closure search with and without the plan's
// move ordering on the "can" answers of the vector (tuning aid).
func TestClosureOrder(t *testing.T) {
	if os.Getenv("CLORDER") == "" {
		t.Skip()
	}
	a := new(analyzer)
	var n [2]int
	var found [2]int
	total := 0
	for _, e := range loadVector(t) {
		for c := chess.White; c <= chess.Black; c++ {
			if e.want[c] == '-' {
				continue
			}
			if a.helpmate(e.pos, c, quickBudget, quickNodes) != nil {
				continue
			}
			total++
			a.ex.run(e.pos, want(c))
			plans := a.ex.buildPlans(e.pos, c, 1)
			if len(plans) == 0 {
				plans = a.ex.findPlans(e.pos, c, 1)
			}
			for k := 0; k < 2; k++ {
				a.order = nil
				if k == 1 && len(plans) > 0 {
					a.order = &plans[0]
				}
				mate, _ := a.closure(e.pos, c, 300000)
				n[k] += a.count
				if mate {
					found[k]++
				}
			}
			a.order = nil
		}
	}
	t.Logf("%d positions: unordered found %d in %d nodes; ordered found %d in %d nodes", total, found[0], n[0], found[1], n[1])
}

// TestKingSearchSizes lists how many states the king search needs when it
// proves something, and what it costs when it does not (tuning aid).
func TestKingSearchSizes(t *testing.T) {
	if os.Getenv("KSSIZES") == "" {
		t.Skip()
	}
	a := new(analyzer)
	var okSizes, failSizes []int
	var okTime, failTime time.Duration
	for _, e := range loadVector(t) {
		imp := a.ex.run(e.pos, [2]bool{true, true})
		w := wideImpossible(e.pos, [2]bool{!imp[0], !imp[1]}, &a.wide)
		want := [2]bool{!imp[0] && !w[0], !imp[1] && !w[1]}
		for c := chess.White; c <= chess.Black; c++ {
			if want[c] && a.helpmate(e.pos, c, quickBudget, quickNodes) != nil {
				want[c] = false
			}
		}
		if !want[0] && !want[1] {
			continue
		}
		t0 := time.Now()
		k := a.ks.run(e.pos, want)
		d := time.Since(t0)
		if k[0] || k[1] {
			okSizes = append(okSizes, len(a.ks.seen))
			okTime += d
		} else {
			failSizes = append(failSizes, len(a.ks.seen))
			failTime += d
		}
	}
	hist := func(v []int) string {
		b := make([]int, 6)
		for _, x := range v {
			switch {
			case x < 100:
				b[0]++
			case x < 1000:
				b[1]++
			case x < 5000:
				b[2]++
			case x < 20000:
				b[3]++
			case x < 60000:
				b[4]++
			default:
				b[5]++
			}
		}
		return fmt.Sprint(b)
	}
	t.Logf("proofs %d in %v, sizes <100,<1k,<5k,<20k,<60k,more: %s", len(okSizes), okTime, hist(okSizes))
	t.Logf("failures %d in %v, sizes: %s", len(failSizes), failTime, hist(failSizes))
}

package winnable

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// TestDiag writes a per-position table of what each stage achieves.
func TestDiag(t *testing.T) {
	out := os.Getenv("DIAG")
	if out == "" {
		t.Skip()
	}
	f, _ := os.Create(out)
	defer f.Close()
	a := new(analyzer)
	for _, e := range loadVector(t) {
		for c := chess.White; c <= chess.Black; c++ {
			can := e.want[c] != '-'
			t0 := time.Now()
			a.ex.start(want(c))
			imp := a.ex.run(e.pos, want(c))[c]
			states, ovf := len(a.ex.states), a.ex.overflow
			if !imp {
				imp = a.ks.run(e.pos, want(c))[c]
				states += len(a.ks.seen)
				ovf = ovf || a.ks.overflow
			}
			t1 := time.Since(t0)
			stage := "abstract"
			var hmN, clN int
			if !imp {
				a.resetCache()
				line := a.helpmate(e.pos, c, quickBudget, quickNodes)
				hmN = a.hm.nodes
				if line != nil {
					stage = "quickhm"
				} else {
					mate, complete := a.closure(e.pos, c, 20000)
					clN = a.count
					switch {
					case complete && mate:
						stage = "closure-mate"
					case complete:
						stage = "closure-dead"
					default:
						stage = "undecided"
					}
				}
			}
			fmt.Fprintf(f, "%d %c can=%v stage=%s states=%d ovf=%v abs=%v hm=%d cl=%d total=%v %s\n",
				e.line, "WB"[c], can, stage, states, ovf, t1, hmN, clN, time.Since(t0), e.fen)
		}
	}
}

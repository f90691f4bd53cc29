package standings

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// FuzzCompute computes the standings of any file the trf package reads,
// with any tie-break list, on both systems: it must not panic, must list
// every player once with one value per tie-break, ranks that start at 1
// and never go down, and give the same table twice.
func FuzzCompute(f *testing.F) {
	names, _ := filepath.Glob("../trf/testdata/real/*/*")
	for _, n := range names {
		if data, err := os.ReadFile(n); err == nil && len(data) < 20000 {
			f.Add(data, "BH/C1,BH,SB,DE,KS,PS/C1,WIN,WON,BPG,BWG,GE", false)
			f.Add(data, "DE,SB,ARO/C1,TPR,PTP", true)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, list string, rr bool) {
		tr, err := trf.Parse(data)
		if err != nil {
			return
		}
		tbs, err := ParseTiebreaks(list)
		if err != nil {
			return
		}
		o := Options{System: Swiss, Tiebreaks: tbs, Unrated: 1000}
		if rr {
			o.System = RoundRobin
		}
		tab, err := Compute(tr, o)
		if err != nil {
			t.Fatalf("compute: %v", err)
		}
		if len(tab.Rows) != len(tr.Players) {
			t.Fatalf("%d rows for %d players", len(tab.Rows), len(tr.Players))
		}
		seen := map[int]bool{}
		for i, r := range tab.Rows {
			if seen[r.Start] || len(r.Values) != len(tbs) {
				t.Fatalf("row %d: %+v", i, r)
			}
			seen[r.Start] = true
			if i == 0 && r.Rank != 1 || i > 0 && (r.Rank < tab.Rows[i-1].Rank || r.Rank > i+1) {
				t.Fatalf("row %d: rank %d after %+v", i, r.Rank, tab.Rows)
			}
		}
		again, _ := Compute(tr, o)
		for i := range tab.Rows {
			if again.Rows[i].Start != tab.Rows[i].Start || again.Rows[i].Rank != tab.Rows[i].Rank {
				t.Fatalf("second computation differs at row %d", i)
			}
		}
	})
}

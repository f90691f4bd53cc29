package standings

import (
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/trf"
)

// A four-player Swiss: player 1 won round 3 by forfeit against player 4,
// who had 0.5 points for Buchholz.
const forfeitClub = `012 Club Swiss
001    1      Alder, Jon                        2200                             2.5          3 w 1     2 b =     4 w +
001    2      Brook, Ada                        2100                             2.5          4 b 1     1 w =     3 b 1
001    3      Cole, Sam                         2000                             0.5          1 b 0  0000 - H     2 w 0
001    4      Dale, Kim                         1900                             0.5          2 w 0  0000 - H     1 b -
`

// Under the 2026 amendment the forfeit round counts at most the absent
// opponent's score (0.5), under the 2024 rules the winner's own (2.5).
func TestC07_16_4_1_ForfeitCountsAtMostOpponentScore(t *testing.T) {
	tr, err := trf.Parse([]byte(forfeitClub))
	if err != nil {
		t.Fatal(err)
	}
	tbs, err := ParseTiebreaks("BH,BH/C1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rules    Rules
		bh, cut1 float64
	}{{Rules2024, 5.5, 5}, {Rules2026, 3.5, 3}} {
		tab, err := Compute(tr, Options{System: Swiss, Tiebreaks: tbs, Rules: c.rules})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range tab.Rows {
			if r.Start == 1 && (r.Values[0] != c.bh || r.Values[1] != c.cut1) {
				t.Errorf("rules %d: player 1 BH, BH/C1 = %v, want %v %v", c.rules, r.Values, c.bh, c.cut1)
			}
		}
	}
}

// The amendment applies to events starting on or after 1 March 2026.
func TestC07_Amendment2026_InForceFromMarch2026(t *testing.T) {
	for _, c := range []struct {
		date string
		want Rules
	}{{"2025-12-31", Rules2024}, {"2026-02-28", Rules2024}, {"2026-03-01", Rules2026}, {"2026-04-10", Rules2026}} {
		d, _ := time.Parse("2006-01-02", c.date)
		if got := RulesFor(d); got != c.want {
			t.Errorf("RulesFor(%s) = %d, want %d", c.date, got, c.want)
		}
	}
}

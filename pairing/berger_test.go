package pairing

import (
	"fmt"
	"strings"
	"testing"
)

// bergerTables are the Berger tables of FIDE Handbook C.05, Annex 1
// ("Berger Tables for Round-Robin Tournaments"), written out round by
// round, board by board, White first.
var bergerTables = map[int][]string{
	4: {
		"1-4 2-3",
		"4-3 1-2",
		"2-4 3-1",
	},
	6: {
		"1-6 2-5 3-4",
		"6-4 5-3 1-2",
		"2-6 3-1 4-5",
		"6-5 1-4 2-3",
		"3-6 4-2 5-1",
	},
	8: {
		"1-8 2-7 3-6 4-5",
		"8-5 6-4 7-3 1-2",
		"2-8 3-1 4-7 5-6",
		"8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7",
		"8-7 1-6 2-5 3-4",
		"4-8 5-3 6-2 7-1",
	},
	10: {
		"1-10 2-9 3-8 4-7 5-6",
		"10-6 7-5 8-4 9-3 1-2",
		"2-10 3-1 4-9 5-8 6-7",
		"10-7 8-6 9-5 1-4 2-3",
		"3-10 4-2 5-1 6-9 7-8",
		"10-8 9-7 1-6 2-5 3-4",
		"4-10 5-3 6-2 7-1 8-9",
		"10-9 1-8 2-7 3-6 4-5",
		"5-10 6-4 7-3 8-2 9-1",
	},
	12: {
		"1-12 2-11 3-10 4-9 5-8 6-7",
		"12-7 8-6 9-5 10-4 11-3 1-2",
		"2-12 3-1 4-11 5-10 6-9 7-8",
		"12-8 9-7 10-6 11-5 1-4 2-3",
		"3-12 4-2 5-1 6-11 7-10 8-9",
		"12-9 10-8 11-7 1-6 2-5 3-4",
		"4-12 5-3 6-2 7-1 8-11 9-10",
		"12-10 11-9 1-8 2-7 3-6 4-5",
		"5-12 6-4 7-3 8-2 9-1 10-11",
		"12-11 1-10 2-9 3-8 4-7 5-6",
		"6-12 7-5 8-4 9-3 10-2 11-1",
	},
	14: {
		"1-14 2-13 3-12 4-11 5-10 6-9 7-8",
		"14-8 9-7 10-6 11-5 12-4 13-3 1-2",
		"2-14 3-1 4-13 5-12 6-11 7-10 8-9",
		"14-9 10-8 11-7 12-6 13-5 1-4 2-3",
		"3-14 4-2 5-1 6-13 7-12 8-11 9-10",
		"14-10 11-9 12-8 13-7 1-6 2-5 3-4",
		"4-14 5-3 6-2 7-1 8-13 9-12 10-11",
		"14-11 12-10 13-9 1-8 2-7 3-6 4-5",
		"5-14 6-4 7-3 8-2 9-1 10-13 11-12",
		"14-12 13-11 1-10 2-9 3-8 4-7 5-6",
		"6-14 7-5 8-4 9-3 10-2 11-1 12-13",
		"14-13 1-12 2-11 3-10 4-9 5-8 6-7",
		"7-14 8-6 9-5 10-4 11-3 12-2 13-1",
	},
}

func formatRound(ps []Pair) string {
	var s []string
	for _, p := range ps {
		s = append(s, fmt.Sprintf("%d-%d", p.White, p.Black))
	}
	return strings.Join(s, " ")
}

func TestBergerTables(t *testing.T) {
	for n, table := range bergerTables {
		for r, want := range table {
			got, err := Berger(n, r+1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if formatRound(got) != want {
				t.Errorf("%d players, round %d: got %s, want %s", n, r+1, formatRound(got), want)
			}
		}
	}
}

// TestBergerOdd checks that an odd number of players uses the next even
// table, the highest number being the bye.
func TestBergerOdd(t *testing.T) {
	for n, table := range bergerTables {
		odd := n - 1
		for r, row := range table {
			var want []string
			bye := ""
			for _, g := range strings.Fields(row) {
				var w, b int
				fmt.Sscanf(g, "%d-%d", &w, &b)
				switch {
				case w == n:
					bye = fmt.Sprintf("%d-0", b)
				case b == n:
					bye = fmt.Sprintf("%d-0", w)
				default:
					want = append(want, g)
				}
			}
			want = append(want, bye)
			got, err := Berger(odd, r+1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if formatRound(got) != strings.Join(want, " ") {
				t.Errorf("%d players, round %d: got %s, want %s", odd, r+1, formatRound(got), strings.Join(want, " "))
			}
		}
	}
}

// TestBergerComplete checks for many sizes that everyone meets everyone
// once per cycle, with reversed colours in the second cycle of a double
// round robin, and that nobody has three games running with one colour
// where the two cycles meet.
// The tables of C.05 Annex 1 are headed "3 or 4 players", "5 or 6
// players" and so on: with an odd number of players the highest number
// of the next table counts as a bye, and every other game keeps the
// table's colours (no colour of a game is swapped because a player of
// the round has the bye). Here for 3, 5 and 7 players, written out from
// the tables for 4, 6 and 8, the bye last as "player-0".
func TestBergerOddC05Annex1(t *testing.T) {
	tables := map[int][]string{
		3: {"2-3 1-0", "1-2 3-0", "3-1 2-0"},
		5: {"2-5 3-4 1-0", "5-3 1-2 4-0", "3-1 4-5 2-0", "1-4 2-3 5-0", "4-2 5-1 3-0"},
		7: {
			"2-7 3-6 4-5 1-0",
			"6-4 7-3 1-2 5-0",
			"3-1 4-7 5-6 2-0",
			"7-5 1-4 2-3 6-0",
			"4-2 5-1 6-7 3-0",
			"1-6 2-5 3-4 7-0",
			"5-3 6-2 7-1 4-0",
		},
	}
	for n, table := range tables {
		if Rounds(n, Options{}) != len(table) {
			t.Errorf("%d players: %d rounds, want %d", n, Rounds(n, Options{}), len(table))
		}
		for r, want := range table {
			got, err := Berger(n, r+1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if formatRound(got) != want {
				t.Errorf("%d players, round %d: got %s, want %s (C.05 Annex 1)", n, r+1, formatRound(got), want)
			}
			// The second cycle of a double round robin reverses every
			// game's colours; the bye stays.
			second, err := Berger(n, len(table)+r+1, Options{Double: true})
			if err != nil {
				t.Fatal(err)
			}
			var rev []string
			for _, g := range strings.Fields(want) {
				w, b, _ := strings.Cut(g, "-")
				if b == "0" {
					rev = append(rev, g)
				} else {
					rev = append(rev, b+"-"+w)
				}
			}
			if formatRound(second) != strings.Join(rev, " ") {
				t.Errorf("%d players, double, round %d: got %s, want %s", n, len(table)+r+1, formatRound(second), strings.Join(rev, " "))
			}
		}
	}
}

func TestBergerComplete(t *testing.T) {
	for n := 2; n <= 30; n++ {
		for _, o := range []Options{{}, {Double: true}, {Double: true, KeepLastRounds: true}} {
			table, err := BergerTable(n, o)
			if err != nil {
				t.Fatal(err)
			}
			met := map[[2]int]int{}
			colours := make([][]byte, n+1)
			for _, round := range table {
				seen := map[int]bool{}
				for _, p := range round {
					for _, x := range []int{p.White, p.Black} {
						if x == 0 {
							continue
						}
						if seen[x] || x < 0 || x > n {
							t.Fatalf("n=%d %+v: player %d twice or out of range in %v", n, o, x, round)
						}
						seen[x] = true
					}
					if p.IsBye() {
						colours[p.White] = append(colours[p.White], '-')
						continue
					}
					met[[2]int{p.White, p.Black}]++
					colours[p.White] = append(colours[p.White], 'w')
					colours[p.Black] = append(colours[p.Black], 'b')
				}
				if len(seen) != n {
					t.Fatalf("n=%d %+v: %d players in a round", n, o, len(seen))
				}
			}
			for a := 1; a <= n; a++ {
				for b := a + 1; b <= n; b++ {
					ab, ba := met[[2]int{a, b}], met[[2]int{b, a}]
					if !o.Double && ab+ba != 1 || o.Double && (ab != 1 || ba != 1) {
						t.Fatalf("n=%d %+v: %d-%d met %d+%d times", n, o, a, b, ab, ba)
					}
				}
			}
			if o.Double && !o.KeepLastRounds && n >= 4 {
				for x := 1; x <= n; x++ {
					if strings.Contains(string(colours[x]), "www") || strings.Contains(string(colours[x]), "bbb") {
						// Only the meeting of the cycles is at stake.
						mid := Rounds(n, Options{})
						s := string(colours[x][mid-2 : mid+1])
						if s == "www" || s == "bbb" {
							t.Errorf("n=%d: player %d has %s at the cycles' meeting", n, x, s)
						}
					}
				}
			}
		}
	}
}

func TestBergerDoubleSecondCycle(t *testing.T) {
	first, _ := Berger(6, 1, Options{Double: true})
	second, _ := Berger(6, 6, Options{Double: true})
	if formatRound(first) != "1-6 2-5 3-4" || formatRound(second) != "6-1 5-2 4-3" {
		t.Errorf("rounds 1 and 6 of a double round robin of 6: %s / %s", formatRound(first), formatRound(second))
	}
	r4, _ := Berger(6, 4, Options{Double: true})
	r5, _ := Berger(6, 5, Options{Double: true})
	if formatRound(r4) != "3-6 4-2 5-1" || formatRound(r5) != "6-5 1-4 2-3" {
		t.Errorf("rounds 4 and 5 of a double round robin of 6 should be the table's 5 and 4: %s / %s", formatRound(r4), formatRound(r5))
	}
}

func TestBergerErrors(t *testing.T) {
	for _, c := range []struct{ n, r int }{{1, 1}, {0, 1}, {-3, 1}, {4, 0}, {4, 4}, {5, 6}, {maxRoundRobin + 1, 1}} {
		if _, err := Berger(c.n, c.r, Options{}); err == nil {
			t.Errorf("Berger(%d, %d) gave no error", c.n, c.r)
		}
	}
	if _, err := BergerTable(1, Options{}); err == nil {
		t.Error("BergerTable(1) gave no error")
	}
}

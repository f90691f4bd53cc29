package pairing_test

import (
	"fmt"
	"strings"

	"github.com/arbiterchess/arbiter/pairing"
	"github.com/arbiterchess/arbiter/trf"
)

// The third round of a round robin of five players by the Berger table:
// player 4 has the bye.
func ExampleBerger() {
	round, err := pairing.Berger(5, 3, pairing.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range round {
		if p.IsBye() {
			fmt.Println(p.White, "bye")
			continue
		}
		fmt.Println(p.White, "-", p.Black)
	}
	// Output:
	// 3 - 1
	// 4 - 5
	// 2 bye
}

// firstRound is a TRF file of four players whose first round paired 1
// with 2 and 3 with 4.
func firstRound() string {
	var b strings.Builder
	for _, p := range []struct {
		id, opp  int
		col, res string
		pts      float64
	}{{1, 2, "w", "1", 1}, {2, 1, "b", "0", 0}, {3, 4, "w", "=", 0.5}, {4, 3, "b", "=", 0.5}} {
		fmt.Fprintf(&b, "001 %4d      %-33s %4d%28s%4.1f%7s%4d %s %s\n",
			p.id, fmt.Sprintf("Player %d", p.id), 2500-10*p.id, "", p.pts, "", p.opp, p.col, p.res)
	}
	return b.String() + "XXR 3\nXXC white1\n"
}

// A first round checked against the Dutch system: the rules pair the
// top half against the bottom half, 1-3 and 4-2, not 1-2 and 3-4.
func ExampleCheckDutch() {
	t, err := trf.Parse([]byte(firstRound()))
	if err != nil {
		fmt.Println(err)
		return
	}
	checks, err := pairing.CheckDutch(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range checks {
		fmt.Println("round", c.Round, "differs:", c.Differs())
		fmt.Println("rules:", c.Rules)
		fmt.Println("file: ", c.File)
	}
	// Output:
	// round 1 differs: true
	// rules: [1 3 4 2]
	// file:  [1 2 3 4]
}

// The state of the file for its round 1, paired again, and for round 2,
// the next: in round 2 the winner, who had White, meets a drawer who had
// Black.
func ExampleStateBefore() {
	t, err := trf.Parse([]byte(firstRound()))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range []int{1, 2} {
		s, err := pairing.StateBefore(t, r)
		if err != nil {
			fmt.Println(err)
			return
		}
		pairs, err := pairing.Dutch(s)
		fmt.Println("round", s.Round, pairs, err)
	}
	// Output:
	// round 1 [1 3 4 2] <nil>
	// round 2 [4 1 2 3] <nil>
}

package standings_test

import (
	"fmt"
	"log"

	"github.com/arbiterchess/arbiter/standings"
	"github.com/arbiterchess/arbiter/trf"
)

// A four-player Swiss after three rounds: player 4 took a half-point bye
// in round 2 and forfeited round 3.
const club = `012 Club Swiss
001    1      Alder, Jon                        2200                             2.5          3 w 1     2 b =     4 w +
001    2      Brook, Ada                        2100                             2.5          4 b 1     1 w =     3 b 1
001    3      Cole, Sam                         2000                             0.5          1 b 0  0000 - H     2 w 0
001    4      Dale, Kim                         1900                             0.5          2 w 0  0000 - H     1 b -
`

// Rank the players by points, then Buchholz without its least
// significant value, Buchholz and Sonneborn-Berger.
func ExampleCompute() {
	t, err := trf.Parse([]byte(club))
	if err != nil {
		log.Fatal(err)
	}
	tbs, err := standings.ParseTiebreaks("BH/C1,BH,SB")
	if err != nil {
		log.Fatal(err)
	}
	tab, err := standings.Compute(t, standings.Options{System: standings.Swiss, Tiebreaks: tbs})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("rank start points", tab.Tiebreaks)
	for _, r := range tab.Rows {
		fmt.Println(r.Rank, r.Start, r.Points, r.Values)
	}
	// Output:
	// rank start points [BH/C1 BH SB]
	// 1 1 2.5 [5 5.5 4.25]
	// 2 2 2.5 [3 3.5 2.25]
	// 3 3 0.5 [5 5.5 0.25]
	// 4 4 0.5 [3 3.5 0.25]
}

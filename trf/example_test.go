package trf_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/arbiterchess/arbiter/trf"
)

// A three-player event after round 1, with round 2 paired: player 3 has
// asked for a half-point bye.
const clubRapid = `012 Club Rapid
142 2
001    1 m IM Alder, Jon                        2405 ENG     1234567 1990/01/01  1.0    1     3 w 1     2 b
001    2 wWIM Brook, Ada                        2300 SCO     2345678 1994/05/05  1.0    2  0000 - U     1 w
001    3 m    Cole, Sam                         2150 WLS     3456789 2001/09/09  0.5    3     1 b 0  0000 - H
`

// Read a file, list the next round's boards, enter a result and write
// the file back for the pairing program.
func Example() {
	t, err := trf.Parse([]byte(clubRapid))
	if err != nil {
		log.Fatal(err)
	}
	rd, err := t.Pairings(2)
	if err != nil {
		log.Fatal(err)
	}
	for _, g := range rd.Games {
		fmt.Printf("board %d: %s - %s %s\n", g.Board, t.Player(g.White).Name, t.Player(g.Black).Name, g.Result)
	}
	for _, b := range rd.Byes {
		fmt.Printf("bye: %s (%s)\n", t.Player(b.Player).Name, b.Result)
	}

	res, _ := trf.ParseOutcome("1/2-1/2")
	if err := t.SetResult(2, 2, 1, res); err != nil {
		log.Fatal(err)
	}
	t.UpdateStandings()
	if err := t.Write(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// board 1: Brook, Ada - Alder, Jon *
	// bye: Cole, Sam (H)
	// 012 Club Rapid
	// 142 2
	// 001    1 m IM Alder, Jon                        2405 ENG     1234567 1990/01/01  1.5    1     3 w 1     2 b =
	// 001    2 wWIM Brook, Ada                        2300 SCO     2345678 1994/05/05  1.5    2  0000 - U     1 w =
	// 001    3 m    Cole, Sam                         2150 WLS     3456789 2001/09/09  0.5    3     1 b 0  0000 - H
}

// A malformed file gives an *Error naming the line and column.
func ExampleParse_error() {
	bad := strings.Replace(clubRapid, "1 b 0", "1 x 0", 1)
	_, err := trf.Parse([]byte(bad))
	fmt.Println(err)
	// Output:
	// trf: line 5, column 97: round 1: the colour must be w, b, - or blank
}

// Round 1's pairings: one game, and the pairing-allocated bye.
func ExampleTournament_Pairings() {
	t, _ := trf.Parse([]byte(clubRapid))
	rd, _ := t.Pairings(1)
	for _, g := range rd.Games {
		fmt.Printf("board %d: %d-%d %s\n", g.Board, g.White, g.Black, g.Result)
	}
	for _, b := range rd.Byes {
		fmt.Printf("bye %d: %s\n", b.Player, b.Result)
	}
	// Output:
	// board 1: 1-3 1-0
	// bye 2: U
}

// A forfeit is written as + and - in the two blocks.
func ExampleTournament_SetResult() {
	t, _ := trf.Parse([]byte(clubRapid))
	if err := t.SetResult(2, 2, 1, trf.WhiteWinsForfeit); err != nil {
		log.Fatal(err)
	}
	fmt.Println(t.Player(2).Entry(2).Result, t.Player(2).Points)
	fmt.Println(t.Player(1).Entry(2).Result, t.Player(1).Points)
	// Output:
	// + 2.0
	// - 1.0
}

func ExampleParseOutcome() {
	for _, s := range []string{"1-0", "½-½", "-+", "W-L", "*"} {
		o, _ := trf.ParseOutcome(s)
		fmt.Printf("%s: white %q, black %q\n", o, o.White, o.Black)
	}
	// Output:
	// 1-0: white "1", black "0"
	// 1/2-1/2: white "=", black "="
	// -+: white "-", black "+"
	// W-L: white "W", black "L"
	// *: white " ", black " "
}

package game_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
)

// A knight shuffle, a refused and a granted threefold claim.
func Example() {
	g := game.New(chess.StartPosition())
	for _, san := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"} {
		if _, err := g.PlayText(san); err != nil {
			panic(err)
		}
	}
	// Black claims before 4...Ng8: the start position would appear a third time.
	r, _ := g.ClaimThreefold("Ng8")
	fmt.Println(r.Granted, r.Article, r.Plies)
	o, _ := g.Outcome()
	fmt.Println(o)
	// Output:
	// true 9.2.1 [0 4 8]
	// 1/2-1/2 threefold (9.2)
}

// An incorrect claim is a ruling: the intended move must be played.
func ExampleGame_ClaimThreefold() {
	g := game.New(chess.StartPosition())
	g.PlayText("Nf3")
	g.PlayText("Nf6")
	g.PlayText("Ng1")
	r, _ := g.ClaimThreefold("Ng8")
	fmt.Println(r.Granted, r.Article, r.MustPlay)
	fmt.Println(r.Text)
	// Output:
	// false 9.5.3 true
	// Ng8 would produce the position for the 2nd time only (plies 0, 4); Ng8 must be played
}

// The automatic endings need no claim.
func ExampleGame_Outcome() {
	g, _ := game.FromFEN("7k/8/6K1/8/8/8/Q7/8 w - - 149 120", chess.Options{})
	g.PlayText("Qa8")
	o, _ := g.Outcome()
	fmt.Println(o.Result, o.Reason, o.Article)
	// Output:
	// 1-0 checkmate 5.1.1
}

// Read a PGN game, replay it under the Laws, and write it back: the
// commonest task, in three calls.
func Example_pgn() {
	text := `[Event "Casual"]
[White "Anna"]
[Black "Boris"]
[Result "*"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *
`
	pg, err := pgn.NewReader(strings.NewReader(text)).Read()
	if err != nil {
		panic(err)
	}
	g, err := game.FromPGN(pg)
	if err != nil {
		panic(err) // names the first bad move: "move 4. Qxf7: ..."
	}
	fmt.Println(g.Position().IsCheckmate())
	if err := pgn.NewWriter(os.Stdout).Write(g.PGN()); err != nil {
		panic(err)
	}
	// Output:
	// true
	// [Event "Casual"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Anna"]
	// [Black "Boris"]
	// [Result "1-0"]
	// [Termination "normal"]
	//
	// 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
}

package scoresheet_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/touch"
)

// The rulings of each action go on the sheet with the game's ply after
// it; Annotate then writes them on the moves that stand.
func Example() {
	e, _ := touch.New(protocol.Start{}, touch.Options{})
	sheet := scoresheet.New(e.Game().Start())
	for i, a := range []protocol.Action{
		{By: "white", Act: "touch", Sq: "g1"},
		{By: "white", Act: "lift", Sq: "e2"},
		{By: "white", Act: "drop", Sq: "e4"},
		{By: "white", Act: "clock"},
	} {
		sheet.Add(&a, e.Apply(i+1, a), e.Game().Ply())
	}
	g := e.Game().PGN() // the moves as PGN
	sheet.Annotate(g)   // the rulings as comments on them
	fmt.Println(g.Moves[0].SAN, g.Moves[0].After)
	// Output: e4 [violation 4.3.1 by white: touched the knight on g1 first but moved the pawn on e2]
}

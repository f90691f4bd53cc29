package touch_test

import (
	"encoding/json"
	"fmt"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/touch"
)

// Rook first, then the king: under FIDE rules the castling is an illegal
// move and the rook is owed (laws T4b, I1).
func Example() {
	e, _ := touch.New(protocol.Start{FEN: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, touch.Options{})
	actions := []protocol.Action{
		{By: "white", Act: "lift", Sq: "h1"},
		{By: "white", Act: "drop", Sq: "f1"},
		{By: "white", Act: "lift", Sq: "e1"},
		{By: "white", Act: "drop", Sq: "g1"},
		{By: "white", Act: "clock"},
	}
	for i, a := range actions {
		for _, r := range e.Apply(i+1, a) {
			b, _ := json.Marshal(r)
			fmt.Println(string(b))
		}
	}
	// Output:
	// {"at":1,"kind":"must","by":"white","rule":"move","sq":"h1","article":"4.3.1"}
	// {"at":2,"kind":"move","by":"white","san":"Rf1","uci":"h1f1","ply":1,"fen":"r3k2r/8/8/8/8/8/8/R3KR2 b Qkq - 1 1"}
	// {"at":5,"kind":"illegal","by":"white","article":"7.5.1","text":"the board showed Ke1-g1, Rh1-f1","count":1,"bonus":{"to":"black","seconds":120},"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","msg":"illegal.board-showed","board":[{"piece":"K","from":"e1","to":"g1"},{"piece":"R","from":"h1","to":"f1"}]}
	// {"at":5,"kind":"must","by":"white","rule":"move","sq":"h1","san":"Rf1","article":"4.7"}
}

package protocol_test

import (
	"encoding/json"
	"fmt"

	"github.com/arbiterchess/arbiter/protocol"
)

// Read the lines a board sends: a start line, then actions; a line that is
// not well formed is an error that says why.
func Example() {
	for _, line := range []string{
		`{"start": {"rules": "fide", "clock": "90 min/40 moves + 30 min + 30 sec per move"}}`,
		`{"by": "white", "act": "lift", "sq": "e2", "t": 1200}`,
		`{"by": "white", "act": "drop", "sq": "e9"}`,
	} {
		l, err := protocol.ParseLine([]byte(line))
		switch {
		case err != nil:
			fmt.Println("refused:", err)
		case l.Start != nil:
			fmt.Println("start:", l.Start.Rules, "with a clock:", l.Start.Clock != nil)
		default:
			fmt.Println("action:", l.Action.By, l.Action.Act, l.Action.Sq)
		}
	}
	// A ruling, as the engine writes it.
	b, _ := json.Marshal(protocol.Ruling{At: 9, Kind: protocol.KindViolation, By: "black", Article: "4.3.1",
		Text: "touched the knight on g8 first but moved the pawn on e7", Msg: "violation.moved-other", Piece: "N", Sq: "g8", Other: "P", From: "e7"})
	fmt.Println(string(b))
	// Output:
	// start: fide with a clock: true
	// action: white lift e2
	// refused: drop needs a square a1..h8 in sq, not "e9"
	// {"at":9,"kind":"violation","by":"black","sq":"g8","article":"4.3.1","text":"touched the knight on g8 first but moved the pawn on e7","msg":"violation.moved-other","piece":"N","other":"P","from":"e7"}
}

package reader_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/arbiterchess/arbiter/eboard/reader"
)

// A scripted board read as a DGT board: the script (what the board's
// sensors and clock report, JSON Lines) is played over an in-process
// serial line, and Play prints the start line, then the actions of the
// players' hands, in the order the hands did them, on the script's time
// (t, in milliseconds). With Server, Game and Token set, the same actions
// go to that game of an arbiter server; with Replay, the touch engine's
// rulings are printed instead.
func ExamplePlay() {
	dir, err := os.MkdirTemp("", "reader-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "e4.jsonl")
	// 1. e4 e5: each pawn lifted, put down, and the clock pressed.
	err = os.WriteFile(script, []byte(`{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "e7", "piece": ""}
{"t": 3300, "sq": "e5", "piece": "p"}
{"t": 4000, "clock": "black"}
`), 0o644)
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	c := reader.Config{Sim: script, SimLine: reader.SimMemory, Speed: 20, Quiet: 600 * time.Millisecond}
	if err := reader.Play(c, &out, os.Stderr); err != nil {
		panic(err)
	}
	fmt.Print(out.String())
	// Output:
	// {"start":{}}
	// {"by":"white","act":"lift","sq":"e2","t":1000}
	// {"by":"white","act":"drop","sq":"e4","t":1300}
	// {"by":"white","act":"clock","t":2000}
	// {"by":"black","act":"lift","sq":"e7","t":3000}
	// {"by":"black","act":"drop","sq":"e5","t":3300}
	// {"by":"black","act":"clock","t":4000}
}

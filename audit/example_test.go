package audit_test

import (
	"fmt"
	"strings"

	"github.com/arbiterchess/arbiter/audit"
)

// Audit a PGN stream: a fool's mate scored as a draw, and a game that goes
// on after checkmate.
func Example() {
	games := `[White "Fool"] [Black "Mate"] [Result "1/2-1/2"]

1. f3 e5 2. g4 Qh4# 1/2-1/2

[White "After"] [Black "End"] [Result "0-1"]

1. f3 e5 2. g4 Qh4# 3. Kf2 0-1
`
	st, err := audit.Stream(strings.NewReader(games), "club.pgn", audit.Options{Rules: audit.RuleSets["fide"], Workers: 1}, func(f audit.Finding) {
		fmt.Println(f.Severity, f.Kind, f.Reason, f.Ply)
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Games, "games")
	// Output:
	// error result-contradicts-laws wrong-result 4
	// error played-after-end  5
	// 2 games
}

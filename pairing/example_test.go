package pairing_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/pairing"
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

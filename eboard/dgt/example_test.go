package dgt_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/eboard/dgt"
)

// Two field updates, the pawn seen on e4 before e2 clears, with a byte of
// line noise between them.
func ExampleParse() {
	line := []byte{0x8e, 0x00, 0x05, 36, 0x01, 0x13, 0x8e, 0x00, 0x05, 52, 0x00}
	msgs, _, skipped := dgt.Parse(line)
	for _, m := range msgs {
		f, c, _ := m.FieldUpdate()
		fmt.Println(f.Square(), c.Piece())
	}
	fmt.Println("skipped", skipped)
	// Output:
	// e4 P
	// e2 .
	// skipped 1
}

package dgt

import (
	"io"

	"github.com/arbiterchess/arbiter/chess"
)

// LEDs shows squares on the LEDs of a DGT Revelation II, writing its
// SetLEDs commands (0x60, size 4, pattern, start field, end field, 0x00)
// to W, usually a *Board.
//
// What the board does with a start and an end field that differ is not
// documented reliably (a range, or the two squares); LEDs only ever sends
// a single field (start = end) per square, which means the same either
// way, and puts all lights out with pattern 0 over fields 0 to 63. This
// is a best-effort encoding not checked on hardware.
type LEDs struct {
	W io.Writer
}

// Show puts every light out, then lights the given squares.
func (l LEDs) Show(squares []chess.Square) error {
	cmd := LEDCommand(0, 0, 63)
	for _, sq := range squares {
		f := FieldOf(sq)
		cmd = append(cmd, LEDCommand(1, f, f)...)
	}
	_, err := l.W.Write(cmd)
	return err
}

// Clear puts every light out.
func (l LEDs) Clear() error {
	_, err := l.W.Write(LEDCommand(0, 0, 63))
	return err
}

package eboard

import (
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// Feedback is a board's way of showing squares to the players, such as
// the LEDs of a DGT Revelation II.
type Feedback interface {
	// Show lights exactly these squares (none: all dark).
	Show(squares []chess.Square) error
	// Clear puts every light out.
	Clear() error
}

// Light shows on f what the rulings ask the players to see: the square of
// an obligation (must: its sq) and the two squares of a move the arbiter
// has just accepted (move: the from and to squares of its uci). An illegal
// move or the end of the game puts the lights out. When several rulings
// call for lights, the last one wins; other rulings change nothing.
func Light(f Feedback, rulings []protocol.Ruling) error {
	var show []chess.Square
	act, clear := false, false
	for _, r := range rulings {
		switch r.Kind {
		case protocol.KindMust:
			if sq, err := chess.ParseSquare(r.Sq); err == nil {
				show, act, clear = []chess.Square{sq}, true, false
			}
		case protocol.KindMove:
			if len(r.UCI) >= 4 {
				from, err1 := chess.ParseSquare(r.UCI[:2])
				to, err2 := chess.ParseSquare(r.UCI[2:4])
				if err1 == nil && err2 == nil {
					show, act, clear = []chess.Square{from, to}, true, false
				}
			}
		case protocol.KindIllegal, protocol.KindResult:
			show, act, clear = nil, true, true
		}
	}
	switch {
	case !act:
		return nil
	case clear:
		return f.Clear()
	}
	return f.Show(show)
}

// Recorder is a Feedback that remembers what it was asked to show, for
// tests: one line per call, "show e2 e4" or "clear".
type Recorder struct {
	Calls []string
}

// Show records the squares.
func (r *Recorder) Show(squares []chess.Square) error {
	var b strings.Builder
	b.WriteString("show")
	for _, s := range squares {
		b.WriteByte(' ')
		b.WriteString(s.String())
	}
	r.Calls = append(r.Calls, b.String())
	return nil
}

// Clear records "clear".
func (r *Recorder) Clear() error {
	r.Calls = append(r.Calls, "clear")
	return nil
}

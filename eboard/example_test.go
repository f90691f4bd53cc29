package eboard_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/protocol"
)

// 1.e4 as a DGT board reports it: the pawn seen on e4 in the same scan as
// e2 clears (e4 first, in square order), then the clock.
func ExampleTranslate() {
	events := []eboard.Event{
		{T: 1000, Sq: chess.E4, Piece: chess.WhitePawn},
		{T: 1000, Sq: chess.E2},
		{T: 1800, Clock: true, By: chess.White},
	}
	actions, err := eboard.Translate(protocol.Start{}, eboard.Options{}, events)
	if err != nil {
		panic(err)
	}
	for _, a := range actions {
		fmt.Println(a.By, a.Act, a.Sq)
	}
	// Output:
	// white lift e2
	// white drop e4
	// white clock
}

// Black's knight on d5 is lifted first, then White's knight, which lands
// on d5: the first lift turns out to be the removal of a captured piece.
func ExampleTranslator() {
	start := protocol.Start{FEN: "4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1"}
	t, err := eboard.New(start, eboard.Options{})
	if err != nil {
		panic(err)
	}
	show := func(as []protocol.Action) {
		for _, a := range as {
			fmt.Println(a.By, a.Act, a.Sq)
		}
	}
	show(t.Feed(eboard.Event{T: 1000, Sq: chess.D5}))
	fmt.Println("-- lift or remove? not known yet")
	show(t.Feed(eboard.Event{T: 1400, Sq: chess.E3}))
	show(t.Feed(eboard.Event{T: 1900, Sq: chess.D5, Piece: chess.WhiteKnight}))
	show(t.Feed(eboard.Event{T: 2600, Clock: true, By: chess.White}))
	// Output:
	// -- lift or remove? not known yet
	// white remove d5
	// white lift e3
	// white drop d5
	// white clock
}

// What a board with LEDs shows after the arbiter's rulings.
func ExampleLight() {
	var leds eboard.Recorder
	eboard.Light(&leds, []protocol.Ruling{{Kind: protocol.KindMust, Sq: "g1"}})
	eboard.Light(&leds, []protocol.Ruling{{Kind: protocol.KindMove, UCI: "g1f3"}})
	fmt.Println(leds.Calls)
	// Output:
	// [show g1 show g1 f3]
}

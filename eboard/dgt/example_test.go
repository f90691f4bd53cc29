package dgt_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/protocol"
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

// The set-and-run command that shows 1:30:00 on the left of the clock
// and 1:29:58 on the right, the left one running.
func ExampleSetNRun_Command() {
	s := dgt.SetNRun{Left: 90 * time.Minute, Right: 89*time.Minute + 58*time.Second, Run: dgt.LeftSide}
	fmt.Printf("% x\n", s.Command())
	fmt.Println(s)
	// Output:
	// 2b 0a 03 0a 01 1e 00 01 1d 3a 09 00
	// left 1:30:00, right 1:29:58, left runs
}

// Setting a DGT3000 through the board: here a simulated one, with a game
// of five minutes a side. The board must be in UpdateAll mode (it
// acknowledges clock commands only then), and its messages must be read
// meanwhile, as Watch does.
func ExampleBoard_SetClock() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sim := &dgt.Sim{Script: &eboard.Script{Start: protocol.Start{Clock: &protocol.Clock{White: 300, Black: 300}}}}
	simSide, boardSide := net.Pipe()
	go sim.Run(ctx, simSide)
	board := dgt.NewBoard(boardSide)
	defer board.Close()
	go func() {
		for {
			if _, err := board.Read(); err != nil {
				return
			}
		}
	}()
	board.Send(dgt.UpdateAll)
	major, _, err := board.ClockVersion(ctx)
	fmt.Println("DGT3000:", err == nil && major == dgt.DGT3000)
	set := dgt.SetNRun{Left: 5 * time.Minute, Right: 4*time.Minute + 30*time.Second, Run: dgt.RightSide}
	fmt.Println("set:", board.SetClock(ctx, set))
	cmds := sim.ClockCommands()
	got, _ := cmds[len(cmds)-1].SetNRun()
	fmt.Println("the clock got:", got)
	// Output:
	// DGT3000: true
	// set: <nil>
	// the clock got: left 0:05:00, right 0:04:30, right runs
}

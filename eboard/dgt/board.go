package dgt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"go.bug.st/serial"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
)

// Board is a DGT board on a serial line (or on any byte stream).
type Board struct {
	rw     io.ReadWriteCloser
	parser Parser
	queue  []Message
	stamps []time.Time // when the bytes completing each queued message arrived
	buf    []byte
	wmu    sync.Mutex
}

// Open opens the serial port at path (such as /dev/ttyUSB0, or the
// terminal side of a pseudo-terminal) at 9600 baud, 8N1.
func Open(path string) (*Board, error) {
	p, err := serial.Open(path, &serial.Mode{BaudRate: 9600, DataBits: 8, Parity: serial.NoParity, StopBits: serial.OneStopBit})
	if err != nil {
		return nil, fmt.Errorf("dgt: open %s: %w", path, err)
	}
	return NewBoard(p), nil
}

// NewBoard returns a board talking over rw.
func NewBoard(rw io.ReadWriteCloser) *Board {
	return &Board{rw: rw, buf: make([]byte, 256)}
}

// Write sends bytes to the board (commands, LED patterns).
func (b *Board) Write(p []byte) (int, error) {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	return b.rw.Write(p)
}

// Send sends one-byte commands.
func (b *Board) Send(cmds ...byte) error {
	_, err := b.Write(cmds)
	return err
}

// Read returns the next message from the board, skipping garbage. It
// blocks until a message is complete or the line fails.
func (b *Board) Read() (Message, error) {
	m, _, err := b.ReadAt()
	return m, err
}

// ReadAt is Read that also tells when the message's last bytes arrived.
func (b *Board) ReadAt() (Message, time.Time, error) {
	for len(b.queue) == 0 {
		n, err := b.rw.Read(b.buf)
		if n > 0 {
			now := time.Now()
			for _, m := range b.parser.Feed(b.buf[:n]) {
				b.queue = append(b.queue, m)
				b.stamps = append(b.stamps, now)
			}
		}
		if err != nil && len(b.queue) == 0 {
			return Message{}, time.Time{}, err
		}
	}
	m, at := b.queue[0], b.stamps[0]
	b.queue, b.stamps = b.queue[1:], b.stamps[1:]
	return m, at, nil
}

// Skipped returns how many bytes from the board were garbage so far.
func (b *Board) Skipped() int { return b.parser.Skipped() }

// Close closes the line; a Read in progress returns an error.
func (b *Board) Close() error { return b.rw.Close() }

// WatchOptions say how Watch runs a game on a board.
type WatchOptions struct {
	// Start is where the pieces must stand before the game begins. Watch
	// waits (and says so through Log) until the board shows it.
	Start Board64
	// Stamp gives the event time of the n-th report of the board (field
	// updates and clock messages, counted from 0) that arrived at a
	// moment. It must agree with the clock the events are translated on:
	// for a real board, the Of method of that eboard.Timeline; for a Sim,
	// its Stamp method. Nil stamps milliseconds since Watch began.
	Stamp func(n int, arrived time.Time) int64
	// Clock asks for clock messages as well (UpdateAll instead of
	// UpdateBoard), for a DGT XL plugged into the board. Clock messages
	// that come unasked are read all the same.
	Clock bool
	// Turn is the player to move at the start; the clock's first press
	// is taken to be his until a clock message says otherwise.
	Turn chess.Color
	// WhiteRight says White sits on the right of the clock (default left).
	WhiteRight bool
	// Log, if set, hears what Watch is doing and what looks wrong.
	Log func(msg string)
	// Timeout bounds each wait for an answer of the board (default 5 s).
	Timeout time.Duration
}

// ErrNoAnswer is returned when the board does not answer in time.
var ErrNoAnswer = errors.New("dgt: the board did not answer")

// Watch plays a game on the board: it asks for the pieces, waits until
// they stand as in opt.Start, switches the board to update mode, and then
// sends an event for every field update and every press of the clock to
// events, in the order the board reported them. When ctx ends it asks the
// board for its pieces once more, so that every report sent before is
// read, and returns nil after the answer (or ErrNoAnswer). It closes
// events when it returns.
func (b *Board) Watch(ctx context.Context, opt WatchOptions, events chan<- eboard.Event) error {
	defer close(events)
	var arrived time.Time // when the message being handled arrived
	if opt.Timeout <= 0 {
		opt.Timeout = 5 * time.Second
	}
	if opt.Stamp == nil {
		tl := eboard.Timeline{Zero: time.Now()}
		opt.Stamp = func(_ int, at time.Time) int64 { return tl.Of(at) }
	}
	reports := 0 // field updates and clock messages so far
	stamp := func() int64 {
		reports++
		return opt.Stamp(reports-1, arrived)
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			opt.Log(fmt.Sprintf(format, args...))
		}
	}
	type stamped struct {
		Message
		at time.Time
	}
	msgs := make(chan stamped)
	errc := make(chan error, 1)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			m, at, err := b.ReadAt()
			if err != nil {
				errc <- err
				return
			}
			select {
			case msgs <- stamped{m, at}:
			case <-done:
				return
			}
		}
	}()
	// next waits for a message; within opt.Timeout if answer is set.
	next := func(ctx context.Context, answer bool) (Message, error) {
		t := time.NewTimer(opt.Timeout)
		defer t.Stop()
		if !answer {
			t.Stop()
		}
		select {
		case m := <-msgs:
			arrived = m.at
			return m.Message, nil
		case err := <-errc:
			return Message{}, err
		case <-t.C:
			return Message{}, ErrNoAnswer
		case <-ctx.Done():
			return Message{}, ctx.Err()
		}
	}

	if err := b.Send(Reset, SendBoard); err != nil {
		return err
	}
	var board Board64
	for {
		m, err := next(ctx, true)
		if err != nil {
			return err
		}
		if d, ok := m.BoardDump(); ok {
			board = d
			break
		}
	}
	mode := UpdateBoard
	if opt.Clock {
		mode = UpdateAll
	}
	if err := b.Send(mode); err != nil {
		return err
	}
	sideOf := func(c chess.Color) int {
		if (c == chess.White) != opt.WhiteRight {
			return 1
		}
		return 2
	}
	colourOf := func(side int) chess.Color {
		if (side == 1) != opt.WhiteRight {
			return chess.White
		}
		return chess.Black
	}
	clockTurn := sideOf(opt.Turn) // 1 left, 2 right
	// clockPress follows the clock's turn and reports who pressed.
	clockPress := func(m Message) (chess.Color, bool) {
		s, ok := m.Clock()
		if !ok || !s.Connected || s.LeftTurn == s.RightTurn {
			return 0, false
		}
		side := 1
		if s.RightTurn {
			side = 2
		}
		prev := clockTurn
		clockTurn = side
		return colourOf(prev), side != prev
	}
	if diff := board.Differences(opt.Start); len(diff) > 0 {
		logf("set up the start position: %d squares differ (%v)", len(diff), diff)
		for len(board.Differences(opt.Start)) > 0 {
			m, err := next(ctx, false) // the players take their time
			if err != nil {
				if err == ctx.Err() {
					return nil
				}
				return err
			}
			if f, c, ok := m.FieldUpdate(); ok {
				board[f] = c
				stamp()
			} else if d, ok := m.BoardDump(); ok {
				board = d
			} else if m.ID == MsgClock {
				clockPress(m)
				stamp()
			}
		}
		logf("start position set")
	}

	handle := func(m Message) {
		switch m.ID {
		case MsgFieldUpdate:
			f, c, _ := m.FieldUpdate()
			board[f] = c
			e := eboard.Event{T: stamp(), Sq: f.Square(), Piece: c.Piece()}
			e.Unknown = c.Occupied() && !c.Known()
			events <- e
		case MsgClock:
			t := stamp()
			if by, pressed := clockPress(m); pressed {
				events <- eboard.Event{T: t, Clock: true, By: by}
			}
		}
	}
	for {
		select {
		case m := <-msgs:
			arrived = m.at
			handle(m.Message)
			continue
		case err := <-errc:
			return err
		case <-ctx.Done():
		}
		break
	}
	// Drain: the answer to SendBoard comes after every report before it.
	if err := b.Send(SendBoard); err != nil {
		return nil
	}
	for {
		m, err := next(context.Background(), true)
		if err != nil {
			if err == ErrNoAnswer {
				return err
			}
			return nil
		}
		if d, ok := m.BoardDump(); ok {
			if diff := d.Differences(board); len(diff) > 0 {
				logf("the board's pieces differ from its reports on %v", diff)
			}
			return nil
		}
		handle(m)
	}
}

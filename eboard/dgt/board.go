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
	"github.com/arbiterchess/arbiter/protocol"
)

// Board is a DGT board on a serial line (or on any byte stream).
type Board struct {
	// AckTimeout bounds the wait for a clock's acknowledgement of a clock
	// command (default 3 s; DGT says it usually comes within one or two).
	AckTimeout time.Duration

	rw     io.ReadWriteCloser
	parser Parser
	queue  []Message
	stamps []time.Time // when the bytes completing each queued message arrived
	buf    []byte
	wmu    sync.Mutex

	cmu     sync.Mutex    // held by the clock command under way: one at a time
	amu     sync.Mutex    // guards acks, turn, setRun and setting
	acks    chan ClockAck // while a clock command waits: where its acknowledgement goes
	turn    Side          // the clock's turn, as Watch follows it
	setRun  Side          // the side the last set-and-run sent makes run
	setting bool          // a set-and-run that changes the turn is sent, and Watch has not read its acknowledgement
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
				if a, ok := m.ClockAck(); ok {
					b.ack(a)
				}
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

// ack hands a clock's acknowledgement to the clock command waiting, if any.
func (b *Board) ack(a ClockAck) {
	b.amu.Lock()
	defer b.amu.Unlock()
	if b.acks != nil {
		select {
		case b.acks <- a:
		default:
		}
	}
}

// ErrNoAck is returned when the clock does not acknowledge a clock
// command in time.
var ErrNoAck = errors.New("dgt: the clock did not acknowledge the command")

// ClockError is a clock's refusal of a command: an acknowledgement with
// an error status.
type ClockError struct {
	Sub byte     // the sub-command sent (ClockSetNRun...)
	Ack ClockAck // the clock's answer
}

// Error says which command the clock refused.
func (e *ClockError) Error() string {
	msg := fmt.Sprintf("dgt: the clock refused clock command %#02x (status %#02x)", e.Sub, e.Ack.Status)
	if e.Sub == ClockSetNRun {
		msg += ": a DGT XL takes set-and-run only in its mode 23"
	}
	return msg
}

// ClockCommand sends one clock command (see EncodeClockCommand) and waits
// for the clock's acknowledgement of it, within AckTimeout or until ctx
// ends. It returns a *ClockError when the clock refuses the command, and
// an error wrapping ErrNoAck when no acknowledgement comes: no clock is
// plugged in, or the board is not in an update mode with clock data
// (UpdateAll, UpdateNice), the only modes in which it acknowledges.
//
// Clock commands go one at a time, as DGT asks: a second call waits until
// the first is acknowledged or has given up. The board's messages must be
// being read meanwhile (by Watch, or by calls of Read), for that is where
// the acknowledgement is found; it is still returned by Read as well.
// Acknowledgements the clock sends unasked (a button pressed) are not
// taken for the answer.
func (b *Board) ClockCommand(ctx context.Context, cmd []byte) (ClockAck, error) {
	cmds, rest, _ := ParseCommands(cmd)
	if len(cmds) != 1 || len(rest) != 0 {
		return ClockAck{}, fmt.Errorf("dgt: not one clock command: % x", cmd)
	}
	sub, _, ok := cmds[0].Clock()
	if !ok {
		return ClockAck{}, fmt.Errorf("dgt: not a clock command: % x", cmd)
	}
	set, isSet := cmds[0].SetNRun()
	b.cmu.Lock()
	defer b.cmu.Unlock()
	acks := make(chan ClockAck, 8)
	b.amu.Lock()
	b.acks = acks
	if isSet {
		b.setRun, b.setting = set.Run, set.Run != b.turn && set.Run != NoSide
	}
	b.amu.Unlock()
	ok = false
	defer func() {
		b.amu.Lock()
		b.acks = nil
		if isSet && !ok {
			b.setting = false // refused or lost: the clock runs as it did
		}
		b.amu.Unlock()
	}()
	if _, err := b.Write(cmd); err != nil {
		return ClockAck{}, err
	}
	wait := b.AckTimeout
	if wait <= 0 {
		wait = 3 * time.Second
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case a := <-acks:
			switch {
			case !a.OK():
				return a, &ClockError{Sub: sub, Ack: a}
			case a.Unasked() || a.Command != sub:
				continue
			}
			ok = true
			return a, nil
		case <-t.C:
			return ClockAck{}, fmt.Errorf("%w %#02x within %v (is a clock plugged into the board, and the board in UpdateAll mode?)", ErrNoAck, sub, wait)
		case <-ctx.Done():
			return ClockAck{}, ctx.Err()
		}
	}
}

// turnTo is how Watch follows the clock's turn: it reports whether a turn
// of the clock to side is the work of a set-and-run that changed the
// turn (and no press), and records the turn.
func (b *Board) turnTo(side Side) (set bool) {
	b.amu.Lock()
	defer b.amu.Unlock()
	set = b.setting && side == b.setRun
	b.turn = side
	return set
}

// setAcked tells Watch, reading the acknowledgement of a set-and-run,
// whether it changed the turn, and to which side.
func (b *Board) setAcked() (Side, bool) {
	b.amu.Lock()
	defer b.amu.Unlock()
	if !b.setting {
		return NoSide, false
	}
	b.setting = false
	b.turn = b.setRun
	return b.setRun, true
}

// SetClock sets the clock plugged into the board (a DGT3000) to show s
// and run as it says, and waits for the clock's acknowledgement (see
// ClockCommand).
func (b *Board) SetClock(ctx context.Context, s SetNRun) error {
	_, err := b.ClockCommand(ctx, s.Command())
	return err
}

// ClockVersion asks the clock plugged into the board for its version (a
// DGT3000 gives main version DGT3000) and waits for the answer (see
// ClockCommand).
func (b *Board) ClockVersion(ctx context.Context) (major, minor int, err error) {
	a, err := b.ClockCommand(ctx, EncodeClockCommand(ClockVersion))
	if err != nil {
		return 0, 0, err
	}
	major, minor = a.Version()
	return major, minor, nil
}

// SerialNumber asks the board for its serial number, before Watch: the
// long form first (LongSerial, ten characters), then, when no answer has
// come within half of wait, the five digits every board answers
// (SerialNumber). It stops the board's updates (Reset) and drops what the
// board sends before the answer. A board answers the same form every
// time, so the number it gives names it in a boards file.
//
// When no answer comes within wait (ErrNoAnswer) or ctx ends, a read of
// the line is still under way: close the board then, nothing else may
// read it.
func (b *Board) SerialNumber(ctx context.Context, wait time.Duration) (string, error) {
	type answer struct {
		serial string
		err    error
	}
	got := make(chan answer, 1)
	go func() {
		for {
			m, err := b.Read()
			if err != nil {
				got <- answer{err: err}
				return
			}
			if s, ok := m.SerialNumber(); ok {
				got <- answer{serial: s}
				return
			}
		}
	}()
	if err := b.Send(Reset, LongSerial); err != nil {
		return "", err
	}
	short := time.NewTimer(wait / 2)
	defer short.Stop()
	end := time.NewTimer(wait)
	defer end.Stop()
	for {
		select {
		case a := <-got:
			return a.serial, a.err
		case <-short.C:
			if err := b.Send(SerialNumber); err != nil {
				return "", err
			}
		case <-end.C:
			return "", fmt.Errorf("%w with its serial number within %v", ErrNoAnswer, wait)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
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
	// updates and clock messages stating the clock's state, counted from
	// 0; a clock's acknowledgement is no report) that arrived at a
	// moment. It must agree with the clock the events are translated on:
	// for a real board, the Of method of that eboard.Timeline; for a Sim,
	// its Stamp method. Nil stamps milliseconds since Watch began.
	Stamp func(n int, arrived time.Time) int64
	// Clock asks for clock messages as well (UpdateAll instead of
	// UpdateBoard), for a clock plugged into the board (DGT XL, DGT3000).
	// Clock messages that come unasked are read all the same. Setting
	// the clock (SetClock) needs it: the board acknowledges clock
	// commands only in this mode.
	Clock bool
	// Times puts the clock's times into the events (eboard.Event.Times):
	// a press carries the times its clock message showed, and every other
	// clock message that shows times is sent as an event of its own, a
	// reading. Set it when the clock keeps the game's time (laws K5: the
	// times of a clock connected to the board are the clock of record).
	Times bool
	// Turn is the player to move at the start; the clock's first press
	// is taken to be his until a clock message says otherwise.
	Turn chess.Color
	// WhiteRight says White sits on the right of the clock (default left).
	WhiteRight bool
	// Log, if set, hears what Watch is doing and what looks wrong.
	Log func(msg string)
	// Ready, if set, is called once the board is in update mode and its
	// pieces stand as in Start: the game begins. Watch goes on at once:
	// Ready must not wait for the board (start a clock command from it in
	// a goroutine of its own).
	Ready func()
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
	reports := 0 // field updates and clock states (not acknowledgements) so far
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
	colourOf := func(side Side) chess.Color {
		if SideOf(chess.White, opt.WhiteRight) == side {
			return chess.White
		}
		return chess.Black
	}
	clockTurn := SideOf(opt.Turn, opt.WhiteRight)
	b.turnTo(clockTurn)
	// clockPress follows the clock's turn and reports who pressed. A
	// turn that a set-and-run gave the clock is no press.
	clockPress := func(s ClockState) (chess.Color, bool) {
		if !s.Connected || s.LeftTurn == s.RightTurn {
			return 0, false
		}
		side := LeftSide
		if s.RightTurn {
			side = RightSide
		}
		prev := clockTurn
		clockTurn = side
		if b.turnTo(side) {
			return 0, false
		}
		return colourOf(prev), side != prev
	}
	// clockAck follows the clock's turn through a set-and-run.
	clockAck := func(m Message) {
		if a, ok := m.ClockAck(); ok && a.OK() && a.Command == ClockSetNRun {
			if side, ok := b.setAcked(); ok {
				clockTurn = side
			}
		}
	}
	// timesOf returns what the clock shows, by colour.
	timesOf := func(s ClockState) *protocol.Times {
		if !opt.Times || !s.Connected {
			return nil
		}
		white, black := s.Left, s.Right
		if opt.WhiteRight {
			white, black = black, white
		}
		return &protocol.Times{White: white.Milliseconds(), Black: black.Milliseconds()}
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
			} else if cs, ok := m.Clock(); ok {
				clockPress(cs)
				stamp()
			} else {
				clockAck(m)
			}
		}
		logf("start position set")
	}
	if opt.Ready != nil {
		opt.Ready()
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
			cs, ok := m.Clock()
			if !ok {
				clockAck(m) // an acknowledgement: no report of the board
				return
			}
			t := stamp()
			times := timesOf(cs)
			if by, pressed := clockPress(cs); pressed {
				events <- eboard.Event{T: t, Clock: true, By: by, Times: times}
			} else if times != nil {
				events <- eboard.Event{T: t, Times: times}
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

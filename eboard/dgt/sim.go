package dgt

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
)

// Sim plays a script as a DGT board would report it, on a byte stream
// such as the master side of a pseudo-terminal: it answers Reset,
// SendBoard, SendClock, SerialNumber, LongSerial and Version, records LED commands,
// and once the reader switches update mode on it plays the script's
// reports as field updates at their times (divided by Speed). Reports
// that share a time go out in one write, as one scan of a real board.
//
// A Sim is also the clock of its game (an eboard.Clock): event time is
// the script's t, running at Speed from the moment update mode starts,
// and never past the time of a scan the reader has not received yet.
// Give Watch its Stamp method: every report is then stamped with the t of
// the scan that carried it, so a loaded machine that delays the bytes
// (a pseudo-terminal hands them over in a kernel worker) cannot merge,
// split or reorder scans, and a simulated game gives the same actions on
// every run.
//
// A script with clock lines, times lines or a clock in its start line
// gets a clock, a DGT3000 plugged into the board (White on the left
// unless WhiteRight): the board tells its state in clock messages when
// update mode starts and after every press, as a board in UpdateAll mode
// would. With a clock in the start line the clock shows the start's
// times, runs from t 0 for the player to move, and is also reported every
// second of script time; a press stops the presser's clock and starts
// the opponent's (no increment: the computer sets the clock, see
// SetNRun); a times line sets the clock to show those times. The clock
// answers clock commands (ClockMessage) with acknowledgements when the
// board is in UpdateAll or UpdateNice mode, as DGT's boards do: version
// DGT3000, and set-and-run is applied at once, to show in the next
// report. Pieces of an occupancy-only script ("?") are sent as
// Unidentified.
type Sim struct {
	Script *eboard.Script // the game to play
	Speed  float64        // how many times faster than the script's t; 0 means 1
	// Played, if set, is called once every report has been written.
	Played func()
	// WhiteRight seats White on the right of the clock (as
	// WatchOptions.WhiteRight).
	WhiteRight bool
	// Serial is the board's serial number: the answer to LongSerial, cut
	// to ten characters, and to SerialNumber, its last five (padded with
	// zeros). Empty is 00001.
	Serial string

	mu        sync.Mutex // guards leds, clockCmds and the schedule below
	wmu       sync.Mutex
	leds      [][]byte
	clockCmds []Command
	zero      time.Time // when update mode started; zero before
	scans     []scan    // every scan the script will send, in order
	received  int       // reports the reader has stamped
}

// scan is a batch of reports sent together.
type scan struct {
	t     int64
	items []int // indices of the script's events, or tick for a report of the clock's times
	end   int   // reports sent up to and including this scan
}

// tick is the item of a scan that reports the clock's times.
const tick = -1

// simClock is the clock of a simulated board.
type simClock struct {
	left, right time.Duration // shown at since
	since       int64         // script time
	turn        Side          // whose clock counts down while running
	running     bool
}

// at returns what the clock shows at script time t.
func (c *simClock) at(t int64) (left, right time.Duration) {
	left, right = c.left, c.right
	if c.running {
		gone := time.Duration(max(0, t-c.since)) * time.Millisecond
		switch c.turn {
		case LeftSide:
			left = max(0, left-gone)
		case RightSide:
			right = max(0, right-gone)
		}
	}
	return left, right
}

func (c *simClock) settle(t int64) {
	c.left, c.right = c.at(t)
	c.since = max(c.since, t)
}

func (c *simClock) state(t int64) ClockState {
	l, r := c.at(t)
	return ClockState{Left: l, Right: r, Running: c.running, LeftTurn: c.turn == LeftSide, RightTurn: c.turn == RightSide, Connected: true}
}

// press is the press of the player sitting on side.
func (c *simClock) press(t int64, side Side) {
	c.settle(t)
	c.turn, c.running = LeftSide, true
	if side == LeftSide {
		c.turn = RightSide
	}
}

// show sets the times shown, as of t.
func (c *simClock) show(t int64, left, right time.Duration) {
	c.settle(t)
	c.left, c.right = left, right
}

// ClockCommands returns the clock commands the sim has received, in order.
func (s *Sim) ClockCommands() []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Command(nil), s.clockCmds...)
}

// serial is the board's serial number, 00001 unless Serial says.
func (s *Sim) serial() string {
	if s.Serial == "" {
		return "00001"
	}
	return s.Serial
}

// Now returns the event time of the simulated game (eboard.Clock).
func (s *Sim) Now() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.zero.IsZero() {
		return 0
	}
	now := eboard.Timeline{Zero: s.zero, Speed: s.Speed}.Now()
	for _, sc := range s.scans {
		if sc.end > s.received {
			return min(now, sc.t) // not yet read: time waits for it
		}
	}
	return now
}

// At returns when the event time ms comes on the wall clock (eboard.Clock).
func (s *Sim) At(ms int64) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.zero.IsZero() {
		return time.Now().Add(time.Millisecond)
	}
	return eboard.Timeline{Zero: s.zero, Speed: s.Speed}.At(ms)
}

// Stamp returns the script time of the scan that carried the n-th report
// (counted from 0 since update mode), for WatchOptions.Stamp.
func (s *Sim) Stamp(n int, arrived time.Time) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received = max(s.received, n+1)
	for _, sc := range s.scans {
		if sc.end > n {
			return sc.t
		}
	}
	if s.zero.IsZero() {
		return 0
	}
	return eboard.Timeline{Zero: s.zero, Speed: s.Speed}.Of(arrived)
}

// LEDs returns the LED commands the sim has received, in order.
func (s *Sim) LEDs() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.leds...)
}

// Run plays the script on rw until ctx ends or rw fails. It returns nil
// when ctx ends.
func (s *Sim) Run(ctx context.Context, rw io.ReadWriter) error {
	pos, err := eboard.Position(s.Script.Start)
	if err != nil {
		return err
	}
	occupancy := s.Script.Occupancy()
	var board Board64
	for sq := range chess.Square(64) {
		c := CodeOf(pos.PieceAt(sq))
		if occupancy && c != Empty {
			c = Unidentified
		}
		board[FieldOf(sq)] = c
	}
	timed := s.Script.Start.Clock != nil
	hasClock := timed
	last := int64(0)
	for _, e := range s.Script.Events {
		hasClock = hasClock || e.Clock || e.Times != nil
		last = max(last, e.T)
	}
	var ticks []int64
	if hasClock {
		ticks = append(ticks, 0) // the clock's state at the start
	}
	for t := int64(1000); timed && t <= last; t += 1000 {
		ticks = append(ticks, t)
	}
	var scans []scan
	add := func(t int64, item int) {
		if n := len(scans); n > 0 && scans[n-1].t == t {
			scans[n-1].items = append(scans[n-1].items, item)
			return
		}
		scans = append(scans, scan{t: t, items: []int{item}})
	}
	for i, k := 0, 0; i < len(s.Script.Events) || k < len(ticks); {
		if k < len(ticks) && (i == len(s.Script.Events) || ticks[k] <= s.Script.Events[i].T) {
			add(ticks[k], tick)
			k++
			continue
		}
		add(s.Script.Events[i].T, i)
		i++
	}
	for i := range scans {
		scans[i].end = len(scans[i].items)
		if i > 0 {
			scans[i].end += scans[i-1].end
		}
	}
	sides := func(white, black time.Duration) (time.Duration, time.Duration) {
		if s.WhiteRight {
			return black, white
		}
		return white, black
	}
	clock := simClock{turn: SideOf(pos.Turn(), s.WhiteRight), running: timed}
	if c := s.Script.Start.Clock; c != nil {
		clock.left, clock.right = sides(time.Duration(c.White)*time.Second, time.Duration(c.Black)*time.Second)
	}
	// now is the script time, for commands that come when they come.
	now := func() int64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.zero.IsZero() {
			return 0
		}
		return eboard.Timeline{Zero: s.zero, Speed: s.Speed}.Now()
	}

	var bmu sync.Mutex // guards board, clock and mode
	mode := Reset
	write := func(msgs ...Message) error {
		var out []byte
		for _, m := range msgs {
			out = append(out, m.Bytes()...)
		}
		s.wmu.Lock()
		defer s.wmu.Unlock()
		_, err := rw.Write(out)
		return err
	}
	// clockCommand applies a command to the clock and returns its
	// acknowledgement.
	clockCommand := func(c Command) ClockAck {
		sub, _, _ := c.Clock()
		ack := ClockAck{Status: AckOK, Command: sub}
		switch sub {
		case ClockVersion:
			ack.Data[0] = DGT3000<<4 | 1
		case ClockSetNRun:
			set, ok := c.SetNRun()
			if !ok {
				ack.Status = AckError
				break
			}
			clock.show(now(), set.Left, set.Right)
			clock.turn, clock.running = set.Run, set.Run != NoSide
		}
		return ack
	}

	update := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		var once sync.Once
		var cp CommandParser
		buf := make([]byte, 64)
		for {
			n, err := rw.Read(buf)
			if err != nil {
				errc <- err
				return
			}
			for _, c := range cp.Feed(buf[:n]) {
				var err error
				bmu.Lock()
				switch c.Code {
				case SetLEDs:
					s.mu.Lock()
					s.leds = append(s.leds, c.Bytes())
					s.mu.Unlock()
				case ClockMessage:
					s.mu.Lock()
					s.clockCmds = append(s.clockCmds, c)
					s.mu.Unlock()
					if hasClock {
						ack := clockCommand(c)
						if mode == UpdateAll || mode == UpdateNice {
							err = write(EncodeClockAck(ack))
						}
					}
				case Reset:
					mode = Reset
				case SendBoard:
					err = write(EncodeBoardDump(board))
				case SendClock:
					err = write(EncodeClock(clock.state(now())))
				case SerialNumber:
					err = write(EncodeSerialNumber(s.serial()[max(0, len(s.serial())-5):]))
				case LongSerial:
					err = write(EncodeLongSerial(s.serial()))
				case Version:
					err = write(EncodeVersion(1, 0))
				case UpdateBoard, UpdateAll, UpdateNice:
					mode = c.Code
					once.Do(func() { close(update) })
				}
				bmu.Unlock()
				if err != nil {
					errc <- err
					return
				}
			}
		}
	}()

	select {
	case <-update:
	case <-ctx.Done():
		return nil
	case err := <-errc:
		return err
	}
	tl := eboard.Timeline{Zero: time.Now(), Speed: s.Speed}
	s.mu.Lock()
	s.zero, s.scans = tl.Zero, scans
	s.mu.Unlock()
	for _, sc := range scans {
		if d := time.Until(tl.At(sc.t)); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return nil
			case err := <-errc:
				t.Stop()
				return err
			}
		}
		var msgs []Message
		bmu.Lock()
		for _, it := range sc.items {
			if it == tick {
				msgs = append(msgs, EncodeClock(clock.state(sc.t)))
				continue
			}
			e := s.Script.Events[it]
			if e.Clock || e.Times != nil {
				if e.Clock {
					clock.press(sc.t, SideOf(e.By, s.WhiteRight))
				}
				if e.Times != nil {
					l, r := sides(time.Duration(e.Times.White)*time.Millisecond, time.Duration(e.Times.Black)*time.Millisecond)
					clock.show(sc.t, l, r)
				}
				msgs = append(msgs, EncodeClock(clock.state(sc.t)))
				continue
			}
			c := CodeOf(e.Piece)
			if e.Unknown {
				c = Unidentified
			}
			f := FieldOf(e.Sq)
			board[f] = c
			msgs = append(msgs, EncodeFieldUpdate(f, c))
		}
		err := write(msgs...)
		bmu.Unlock()
		if err != nil {
			return err
		}
	}
	if s.Played != nil {
		s.Played()
	}
	select {
	case <-ctx.Done():
		return nil
	case err := <-errc:
		return err
	}
}

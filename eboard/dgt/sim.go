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
// SendBoard, SendClock, SerialNumber and Version, records LED commands,
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
// A script with clock lines gets a clock: the board tells its state when
// update mode starts and after every press, in clock messages (left side
// White), as a board with a DGT XL would in UpdateAll mode. Pieces of an
// occupancy-only script ("?") are sent as Unidentified.
type Sim struct {
	Script *eboard.Script // the game to play
	Speed  float64        // how many times faster than the script's t; 0 means 1
	// Played, if set, is called once every report has been written.
	Played func()

	mu       sync.Mutex // guards leds and the clock below
	wmu      sync.Mutex
	leds     [][]byte
	zero     time.Time // when update mode started; zero before
	scans    []scan    // every scan the script will send, in order
	received int       // reports the reader has stamped
}

// scan is a batch of reports sent together.
type scan struct {
	t   int64
	end int // reports sent up to and including this scan
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
	hasClock := false
	for _, e := range s.Script.Events {
		hasClock = hasClock || e.Clock
	}
	var scans []scan
	if hasClock {
		scans = append(scans, scan{t: 0, end: 1}) // the clock's state at the start
	}
	for i, e := range s.Script.Events {
		end := 1
		if len(scans) > 0 {
			end += scans[len(scans)-1].end
		}
		if i > 0 && s.Script.Events[i-1].T == e.T {
			scans[len(scans)-1].end = end
		} else {
			scans = append(scans, scan{t: e.T, end: end})
		}
	}
	clock := ClockState{Running: false, Connected: true, LeftTurn: pos.Turn() == chess.White, RightTurn: pos.Turn() == chess.Black}
	if c := s.Script.Start.Clock; c != nil {
		clock.Left, clock.Right = time.Duration(c.White)*time.Second, time.Duration(c.Black)*time.Second
	}

	var bmu sync.Mutex // guards board and clock
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

	update := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		var once sync.Once
		buf := make([]byte, 64)
		var pending []byte
		for {
			n, err := rw.Read(buf)
			if err != nil {
				errc <- err
				return
			}
			pending = append(pending, buf[:n]...)
			for len(pending) > 0 {
				cmd := pending[0]
				if cmd == SetLEDs {
					if len(pending) < 6 {
						break
					}
					s.mu.Lock()
					s.leds = append(s.leds, append([]byte(nil), pending[:6]...))
					s.mu.Unlock()
					pending = pending[6:]
					continue
				}
				pending = pending[1:]
				var err error
				bmu.Lock()
				switch cmd {
				case SendBoard:
					err = write(EncodeBoardDump(board))
				case SendClock:
					err = write(EncodeClock(clock))
				case SerialNumber:
					err = write(EncodeSerialNumber("00001"))
				case Version:
					err = write(EncodeVersion(1, 0))
				case UpdateBoard, UpdateAll:
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
	if hasClock {
		bmu.Lock()
		err := write(EncodeClock(clock))
		bmu.Unlock()
		if err != nil {
			return err
		}
	}
	evs := s.Script.Events
	for len(evs) > 0 {
		n := 1
		for n < len(evs) && evs[n].T == evs[0].T {
			n++
		}
		batch := evs[:n]
		evs = evs[n:]
		if d := time.Until(tl.At(batch[0].T)); d > 0 {
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
		for _, e := range batch {
			if e.Clock {
				white := e.By == chess.White
				clock.Running, clock.LeftTurn, clock.RightTurn = true, !white, white
				msgs = append(msgs, EncodeClock(clock))
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

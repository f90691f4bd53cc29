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
// A script with clock lines gets a clock: the board tells its state when
// update mode starts and after every press, in clock messages (left side
// White), as a board with a DGT XL would in UpdateAll mode. Pieces of an
// occupancy-only script ("?") are sent as Unidentified.
type Sim struct {
	Script *eboard.Script
	Speed  float64 // 0 means 1
	// Played, if set, is called once every report has been written.
	Played func()

	mu   sync.Mutex
	wmu  sync.Mutex
	leds [][]byte
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

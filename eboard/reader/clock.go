package reader

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/protocol"
)

// clockTimes is what the players' clock is to show: the milliseconds each
// player has at the game's time at, and whose clock runs ("white",
// "black", or "" when both stand).
type clockTimes struct {
	white, black int64
	runs         string
	at           int64
	why          string // for the log: "the start", "the bonus of line 12"
}

// clockSetter sets the clock plugged into the board (a DGT3000), as laws
// K5 ask of the arbiter's software: at the start of the game, and to the
// arbiter's times after a time bonus. It works off the game's path (the
// board's reports flow on while the clock answers), one command at a
// time: while the clock is busy the newest times wait and older ones are
// dropped, for a set-and-run states both clocks whole. The running clock
// is set to its time less what has gone since the moment of the times
// (at), so the command's delay costs no one. Unless always, it first asks
// the clock's version and sets only a DGT3000.
type clockSetter struct {
	board      *dgt.Board
	clock      eboard.Clock
	whiteRight bool
	always     bool
	logf, warn func(format string, args ...any)

	mu      sync.Mutex
	pending *clockTimes
	wake    chan struct{}
	ready   chan struct{}
	once    sync.Once
	bonus   bool // a ruling with a bonus was seen, and its time ruling not yet
	// everyPress: the time control adds time the DGT3000 does not add by
	// itself under set-and-run (an increment, periods, a delay): the clock
	// is set after every press, from its time ruling.
	everyPress bool
}

func newClockSetter(b *dgt.Board, clock eboard.Clock, whiteRight, always bool, logf, warn func(string, ...any)) *clockSetter {
	return &clockSetter{board: b, clock: clock, whiteRight: whiteRight, always: always, logf: logf, warn: warn,
		wake: make(chan struct{}, 1), ready: make(chan struct{})}
}

// begin is called when the game begins: the board is in update mode, and
// the clock is to show the start's times.
func (s *clockSetter) begin(start clockTimes) {
	s.request(start)
	s.once.Do(func() { close(s.ready) })
}

// request asks for the clock to show t, in place of any times still
// waiting.
func (s *clockSetter) request(t clockTimes) {
	s.mu.Lock()
	s.pending = &t
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// rulings hears the rulings on action a. A ruling of kind time that
// follows a ruling with a bonus (in these rulings or earlier ones) gives
// the times the clock must show.
func (s *clockSetter) rulings(rs []protocol.Ruling, a protocol.Action) {
	if s == nil {
		return
	}
	r, bonus := timeAfterBonus(rs, s.bonus)
	s.bonus = bonus
	why := ""
	if r != nil {
		why = fmt.Sprintf("the bonus of line %d", r.At)
	} else if s.everyPress && a.Act == protocol.ClockPress {
		for i := range rs {
			if rs[i].Kind == protocol.KindTime {
				r, why = &rs[i], fmt.Sprintf("the press of line %d (the clock adds no increment itself)", rs[i].At)
			}
		}
	}
	if r == nil {
		return
	}
	if r.White == nil || r.Black == nil || r.Runs == nil || *r.Runs != "white" && *r.Runs != "black" && *r.Runs != "" {
		s.warn("the time ruling of line %d does not say white, black and runs: the clock is not set", r.At)
		return
	}
	at := int64(0)
	if a.T != nil {
		at = *a.T
	} else {
		at = s.clock.Now()
	}
	s.request(clockTimes{white: *r.White, black: *r.Black, runs: *r.Runs, at: at, why: why})
}

// timeAfterBonus returns the last ruling of kind time in rs that follows
// a ruling with a bonus (bonus says one came before rs), and whether a
// bonus is still waiting for its time ruling after rs.
func timeAfterBonus(rs []protocol.Ruling, bonus bool) (*protocol.Ruling, bool) {
	var found *protocol.Ruling
	for i, r := range rs {
		if r.Bonus != nil {
			bonus = true
		}
		if r.Kind == protocol.KindTime && bonus {
			found, bonus = &rs[i], false
		}
	}
	return found, bonus
}

// run sets the clock as asked until ctx ends.
func (s *clockSetter) run(ctx context.Context) {
	select {
	case <-s.ready:
	case <-ctx.Done():
		return
	}
	if !s.always {
		major, minor, err := s.board.ClockVersion(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			s.warn("no DGT3000 answers through the board, the clock is not set: %v", err)
			return
		case major != dgt.DGT3000:
			s.warn("the clock (version %d.%d) is no DGT3000 and is not set; --set-clock sets it all the same", major, minor)
			return
		}
		s.logf("a DGT3000 (version %d.%d) is plugged into the board", major, minor)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		s.mu.Lock()
		t := s.pending
		s.pending = nil
		s.mu.Unlock()
		if t == nil {
			continue
		}
		set := s.setNRun(*t, s.clock.Now())
		if err := s.board.SetClock(ctx, set); err != nil {
			if ctx.Err() == nil {
				s.warn("setting the clock for %s (%v): %v", t.why, set, err)
			}
			continue
		}
		s.logf("clock set for %s: %v", t.why, set)
	}
}

// setNRun returns the command that makes the clock show t at the game's
// time now.
func (s *clockSetter) setNRun(t clockTimes, now int64) dgt.SetNRun {
	gone := max(0, now-t.at)
	white, black := t.white, t.black
	run := dgt.NoSide
	switch t.runs {
	case "white":
		white -= gone
		run = dgt.SideOf(chess.White, s.whiteRight)
	case "black":
		black -= gone
		run = dgt.SideOf(chess.Black, s.whiteRight)
	}
	left, right := white, black
	if s.whiteRight {
		left, right = black, white
	}
	return dgt.SetNRun{Left: time.Duration(left) * time.Millisecond, Right: time.Duration(right) * time.Millisecond, Run: run}
}

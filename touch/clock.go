package touch

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// chessClock is the game's clock as the arbiter keeps it (FIDE Article
// 6, laws K1–K5), reckoned from the actions' t (milliseconds since the
// start) alone, so that a game's clocks are the replay of its log. It
// runs once an action carries t: White's clock (the side to move's) from
// t 0 (6.6). A game whose actions carry no t has no clock figures.
type chessClock struct {
	tc protocol.Clock
	on bool // an action carried t
	// base is the time left of each side when its clock last started (for
	// the side whose clock runs) or stopped.
	base  [2]int64
	runs  int   // the side whose clock runs, or -1
	since int64 // when the running clock started (t)
	moves [2]int
	now   int64 // the t of the last action that carried one
	// paused is set while the arbiter has stopped the clocks (6.11.2):
	// they read as they did at pausedAt, and resuming moves the running
	// clock's start on by the pause.
	paused   bool
	pausedAt int64
	// pressed is set by a press that switched the clock during the action
	// being applied; changed by anything else that changed the times.
	pressed, changed bool
}

const noSide = -1

func newClock(tc *protocol.Clock, turn chess.Color) chessClock {
	c := chessClock{runs: noSide}
	if tc == nil {
		return c
	}
	c.tc = *tc
	c.base = [2]int64{int64(tc.White) * 1000, int64(tc.Black) * 1000}
	c.runs = int(turn)
	return c
}

// has reports whether the game has a time control.
func (c *chessClock) has() bool { return c.tc.White > 0 || c.tc.Black > 0 }

// used is what the running clock has taken from its base after d ms of
// the turn: all of it, but the first Delay seconds under the US delay.
func (c *chessClock) used(d int64) int64 {
	if c.tc.DelayMode == protocol.DelayUS {
		d -= int64(c.tc.Delay) * 1000
	}
	return max(d, 0)
}

// eff is the clocks' own time at t: t itself, or the moment they were
// paused while they stand.
func (c *chessClock) eff(t int64) int64 {
	if c.paused {
		return min(t, c.pausedAt)
	}
	return t
}

// left returns the time left of side s at t.
func (c *chessClock) left(s int, t int64) int64 {
	t = c.eff(t)
	if s == c.runs {
		return c.base[s] - c.used(t-c.since)
	}
	return c.base[s]
}

// zeroAt returns when the running clock reaches zero (not paused).
func (c *chessClock) zeroAt() int64 {
	d := c.base[c.runs]
	if c.tc.DelayMode == protocol.DelayUS {
		d += int64(c.tc.Delay) * 1000
	}
	return c.since + d
}

// stop stops the running clock at t.
func (c *chessClock) stop(t int64) {
	if c.runs == noSide {
		return
	}
	c.base[c.runs] = c.left(c.runs, t)
	c.runs = noSide
}

// start starts side s's clock at t. While the clocks are paused it
// starts from the moment of the pause, so that it runs only once they are
// resumed.
func (c *chessClock) start(s int, t int64) {
	c.stop(t)
	c.runs, c.since = s, c.eff(t)
}

// press is side s completing a move by his press at t: his clock stops,
// with the Bronstein delay given back, the increment and any period's
// time added, and the opponent's starts (6.2.1, K1).
func (c *chessClock) press(s int, t int64) {
	if c.runs != s {
		return // his clock does not run: the press changes nothing
	}
	t = c.eff(t) // while paused, the opponent's clock is set going at resume
	took := t - c.since
	c.stop(t)
	if c.tc.DelayMode == protocol.DelayBronstein {
		c.base[s] += min(took, int64(c.tc.Delay)*1000)
	}
	c.base[s] += int64(c.tc.Increment) * 1000
	c.moves[s]++
	for _, p := range c.tc.Periods {
		if p.Moves == c.moves[s] {
			c.base[s] += int64(p.Add) * 1000
		}
	}
	c.start(1-s, t)
	c.pressed = true
}

// add gives side s seconds more (a time bonus, 7.5.5, 9.5.3; laws K4).
func (c *chessClock) add(s int, seconds int) {
	c.base[s] += int64(seconds) * 1000
	c.changed = true
}

// set takes what a physical clock showed at t as the clock of record
// (laws K5).
func (c *chessClock) set(x protocol.Times, t int64) {
	t = c.eff(t)
	for s, v := range [2]int64{x.White, x.Black} {
		if s == c.runs {
			c.base[s] = v + c.used(t-c.since)
		} else {
			c.base[s] = v
		}
	}
}

// times returns both clocks at the last action.
func (c *chessClock) times() protocol.Times {
	return protocol.Times{White: c.left(0, c.now), Black: c.left(1, c.now)}
}

// pause stops both clocks at t (6.11.1, 6.11.2).
func (c *chessClock) pause(t int64) {
	c.paused, c.pausedAt = true, t
	c.changed = true
}

// resume sets the clocks going again at t: the running clock goes on from
// what it showed when they were paused.
func (c *chessClock) resume(t int64) {
	if c.runs != noSide {
		c.since += t - c.pausedAt
	}
	c.paused = false
	c.changed = true
}

// ruling is the time ruling of the clocks now.
func (c *chessClock) ruling(at int) protocol.Ruling {
	x := c.times()
	runs := ""
	if c.runs != noSide && !c.paused {
		runs = chess.Color(c.runs).String()
	}
	return protocol.Ruling{At: at, Kind: protocol.KindTime, White: &x.White, Black: &x.Black, Runs: &runs}
}

// clockBefore runs the clock up to the action's t before the action is
// applied: a physical clock's times become the clock of record, and a
// flag that fell before the action ends the game first (6.9: the action
// itself is then an error). It returns the rulings that end the game, or
// nil. A flag of the side whose time ran out is the flag itself.
func (e *Engine) clockBefore(at int, a protocol.Action) []protocol.Ruling {
	c := &e.clock
	if a.T == nil || !c.has() {
		return nil
	}
	t := *a.T
	if !c.on {
		c.on, c.since = true, 0
	}
	if t < c.now {
		t = c.now // time does not run backwards
	}
	c.now = t
	if a.Times != nil {
		c.set(*a.Times, t)
	}
	if c.runs == noSide || c.left(c.runs, t) > 0 {
		return nil
	}
	side := chess.Color(c.runs)
	if a.Act == protocol.Flag && flagged(a) == side {
		return nil
	}
	c.now = max(c.zeroAt(), 0)
	out := e.flag(at, side, true)
	c.now = t
	return out
}

// flagged returns the side a flag action names: the player's own, the
// one the arbiter names, or the opponent of the player an assistant
// assists (D.2.10.5).
func flagged(a protocol.Action) chess.Color {
	s := a.By
	switch a.By {
	case protocol.ByArbiter:
		s = a.Side
	case protocol.ByAssistant:
		c, _ := chess.ParseColor(a.Side)
		return c.Other()
	}
	c, _ := chess.ParseColor(s)
	return c
}

// premature refuses a flag claimed while the clocks show time left.
func (e *Engine) premature(at int, side chess.Color) []protocol.Ruling {
	c := &e.clock
	if !c.on {
		return nil
	}
	if left := c.left(int(side), c.now); left > 0 {
		return e.failSay(at, ErrFlagNotFallen, map[string]string{"Side": side.String(), "Left": clockText(left)}, "refused (6.8): %s's flag has not fallen: %s left on his clock", side, clockText(left))
	}
	return nil
}

// clockAfter brings the clock up to date with an action's rulings: the
// time bonuses go onto the clocks they name, a move taken back gives the
// clock to the player who must move again, a result stops the clock; a
// time ruling follows whatever changed the times.
func (e *Engine) clockAfter(at int, rs []protocol.Ruling) []protocol.Ruling {
	c := &e.clock
	if !c.on {
		c.pressed, c.changed = false, false
		return rs
	}
	for _, r := range rs {
		if r.Bonus != nil {
			to, _ := chess.ParseColor(r.Bonus.To)
			c.add(int(to), r.Bonus.Seconds)
		}
		if r.Kind == protocol.KindClaim && r.Granted != nil && *r.Granted && !e.over {
			if s := int(e.t.start.Turn()); s != c.runs {
				c.start(s, c.now)
				c.changed = true
			}
		}
	}
	if e.over {
		c.stop(c.now)
		c.pressed, c.changed = false, false
		return rs
	}
	if c.pressed || c.changed {
		rs = append(rs, c.ruling(at))
	}
	c.pressed, c.changed = false, false
	return rs
}

// Clock returns the time left on each clock at the last action, and false
// when the game has no clock or its actions carry no t.
func (e *Engine) Clock() (protocol.Times, bool) {
	if !e.clock.on {
		return protocol.Times{}, false
	}
	return e.clock.times(), true
}

// ClockAt returns the time left on each clock at t (in the actions' time,
// not before the last action), as the clocks would show it with no action
// coming: for a display. A flag is not ruled by it. It is false without a
// running clock figure (no clock, or no action with t yet).
func (e *Engine) ClockAt(t int64) (protocol.Times, bool) {
	if !e.clock.on {
		return protocol.Times{}, false
	}
	t = max(t, e.clock.now)
	return protocol.Times{White: max(e.clock.left(0, t), 0), Black: max(e.clock.left(1, t), 0)}, true
}

// Running returns whose clock runs, and false when both stand (before the
// clock starts, while the arbiter has paused them, after the result, or
// without a clock).
func (e *Engine) Running() (chess.Color, bool) {
	if !e.clock.on || e.clock.runs == noSide || e.clock.paused {
		return chess.White, false
	}
	return chess.Color(e.clock.runs), true
}

// ZeroAt returns the moment (in the actions' t) at which the running
// clock reaches zero if no action comes, and false when no clock runs: a
// server watches it to record the arbiter's flag observation.
func (e *Engine) ZeroAt() (int64, bool) {
	if !e.clock.on || e.clock.runs == noSide || e.clock.paused || e.over {
		return 0, false
	}
	return e.clock.zeroAt(), true
}

// inLastSeconds reports whether a player has less than n seconds left on
// his clock at the last action (the last minutes of a time control, US
// Chess 11H). Without clock figures it is false.
func (e *Engine) inLastSeconds(n int) bool {
	c := &e.clock
	if !c.on || !c.has() {
		return false
	}
	x := c.times()
	return x.White < int64(n)*1000 || x.Black < int64(n)*1000
}

// clockText writes ms as h:mm:ss, or m:ss under an hour.
func clockText(ms int64) string {
	s := (ms + 999) / 1000
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockAct applies the acts on the clocks: a pause by the arbiter
// (6.11.1) or by a player seeking his assistance (6.11.2), the arbiter's
// resume (6.11.3) and set-clock, whose times clockBefore has already made
// the clock of record (6.10.2). A game without a time control has no
// clocks to act on.
func (e *Engine) clockAct(at int, a protocol.Action) []protocol.Ruling {
	c := &e.clock
	if !c.has() {
		return e.failSay(at, ErrNoClock, map[string]string{"Act": a.Act}, "the game has no clock to %s", a.Act)
	}
	if !c.on {
		// An act with no t in a game whose actions carried none: the
		// clocks are reckoned from here, at t 0.
		c.on, c.since = true, 0
	}
	switch a.Act {
	case protocol.Pause:
		if c.paused {
			return e.failSay(at, ErrPaused, nil, "the clocks are already paused")
		}
		c.pause(c.now)
	case protocol.Resume:
		if !c.paused {
			return e.failSay(at, ErrNotPaused, nil, "the clocks are not paused")
		}
		c.resume(c.now)
	case protocol.SetClock:
		if a.T == nil {
			c.set(*a.Times, c.now) // clockBefore sets the times of an action with t
		}
		c.changed = true
	}
	return nil
}

package server

import (
	"fmt"
	"net/http"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// DefaultDrift is Options.Drift when none is given.
const DefaultDrift = 2 * time.Second

// noteThreshold is the least correction of a t that is noted: a t a few
// milliseconds after its arrival (clocks a hair apart) is re-stamped
// without a word.
const noteThreshold = 250 * time.Millisecond

// drift returns the server's allowed drift.
func (s *Server) drift() time.Duration {
	if s.opts.Drift > 0 {
		return s.opts.Drift
	}
	return DefaultDrift
}

// checkTime is the server's own reckoning of an action's time, which
// decides over what a board says (the trust page: time is the server's).
// An action without t is stamped with its arrival, as before. A board's t
// is taken when it lies within the drift before the arrival (in the
// game's time, from its origin); a t later than the arrival, or earlier
// than the drift allows (actions a board held while offline, a t re-sent
// to save thinking time, a forged one), is re-stamped to the arrival and
// noted, with the t the board gave. The first action of a game starts its
// clock: its t may be at most the drift. The caller holds g.mu.
func (g *live) checkTime(a *protocol.Action, now time.Time, drift time.Duration) *store.Note {
	if g.meta.Start.Clock == nil {
		return nil
	}
	if a.T == nil {
		g.stamp(a, now)
		return nil
	}
	given := *a.T
	arrival := int64(0)
	if !g.origin.IsZero() {
		arrival = now.Sub(g.origin).Milliseconds()
	}
	lo := arrival - drift.Milliseconds()
	if g.origin.IsZero() {
		lo = 0
		if given <= drift.Milliseconds() {
			return nil // the first action: its t is when the clock started, now less t
		}
	} else if given >= lo && given <= arrival {
		return nil
	}
	t := arrival
	a.T = &t
	off := time.Duration(given-arrival) * time.Millisecond
	if off.Abs() < noteThreshold {
		return nil
	}
	var why string
	switch {
	case g.origin.IsZero():
		why = fmt.Sprintf("the board's t %s for the game's first action: the clock starts with this action (t 0)", msText(given))
	case off > 0:
		why = fmt.Sprintf("the board's t %s is %s after the action reached the server (%s): re-stamped to its arrival", msText(given), off.Round(time.Millisecond), msText(arrival))
	default:
		why = fmt.Sprintf("the board's t %s is %s before the action reached the server (%s), beyond the %s allowed (held by the board while the server was out of reach, or sent again): re-stamped to its arrival; the arbiter may correct the clocks",
			msText(given), (-off).Round(time.Millisecond), msText(arrival), drift)
	}
	return &store.Note{Kind: store.NoteRestamped, Text: why, BoardT: &given}
}

// checkTimes holds a physical clock's times (laws K5: the clock of
// record) that differ from the server's reckoning at the action by more
// than the drift: they are taken off the action (the engine never sees
// them, so no flag follows from them) and kept in a note for the arbiter,
// who accepts or corrects them (POST /api/games/{game}/clock, 6.10.2).
// The caller holds g.mu; a.T is set.
func (g *live) checkTimes(a *protocol.Action, drift time.Duration) *store.Note {
	if a.Times == nil || g.meta.Start.Clock == nil || a.T == nil {
		return nil
	}
	reck, runs := g.reckoning(*a.T)
	d := drift.Milliseconds()
	if abs64(a.Times.White-reck.White) <= d && abs64(a.Times.Black-reck.Black) <= d {
		return nil
	}
	if g.firstReading(*a.Times, reck, d) {
		return nil
	}
	shown := *a.Times
	a.Times = nil
	return &store.Note{Kind: store.NoteClockHeld, Times: &shown, Reckoned: &reck, Runs: runs,
		Text: fmt.Sprintf("the board's clock showed white %s, black %s where the server reckons white %s, black %s: held for the arbiter, who accepts or corrects the clocks (6.10.2); no flag follows from it",
			clockText(shown.White), clockText(shown.Black), clockText(reck.White), clockText(reck.Black))}
}

// firstReading reports whether x, a physical clock's reading before the
// game's clock has started on the server, is that of a clock set to the
// time control and started before the first action (as an e-board reader
// starts it when the game begins): the clock of the side to move has run
// down, by no more than the time since the game was created, and the
// other shows its initial time. Such a clock is the clock of record from
// the start (K5); the first reading of any other kind is held. The caller
// holds g.mu.
func (g *live) firstReading(x, initial protocol.Times, drift int64) bool {
	if _, started := g.eng.ClockAt(0); started {
		return false
	}
	ran, still := x.White, x.Black
	iran, istill := initial.White, initial.Black
	if g.eng.Position().Turn().String() == "black" {
		ran, still, iran, istill = x.Black, x.White, initial.Black, initial.White
	}
	used := iran - ran
	return abs64(still-istill) <= drift && used >= -drift && used <= time.Since(g.meta.Created).Milliseconds()+drift
}

// reckoning returns the clocks as the server reckons them at the game's
// time t (the initial times before the clock started), and whose clock
// runs. The caller holds g.mu.
func (g *live) reckoning(t int64) (protocol.Times, string) {
	tc := g.meta.Start.Clock
	if x, ok := g.eng.ClockAt(t); ok {
		runs := ""
		if c, ok := g.eng.Running(); ok {
			runs = c.String()
		}
		return x, runs
	}
	return protocol.Times{White: int64(tc.White) * 1000, Black: int64(tc.Black) * 1000}, g.eng.Position().Turn().String()
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// clockText writes a clock's milliseconds as a clock shows them: h:mm:ss
// or m:ss, with tenths when not a whole second ("4:57", "0:09.5").
func clockText(ms int64) string {
	neg := ""
	if ms < 0 {
		neg, ms = "-", -ms
	}
	s, tenths := ms/1000, ms%1000/100
	var out string
	if s >= 3600 {
		out = fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	} else {
		out = fmt.Sprintf("%d:%02d", s/60, s%60)
	}
	if tenths != 0 {
		out += fmt.Sprintf(".%d", tenths)
	}
	return neg + out
}

// msText writes milliseconds as a duration, "12.345s".
func msText(ms int64) string {
	return (time.Duration(ms) * time.Millisecond).Round(time.Millisecond).String()
}

// postClock serves POST /api/games/{game}/clock (the arbiter's token):
// the arbiter accepts the held reading of a physical clock or sets both
// clocks; either is an arbiter's set-clock action in the game's log,
// which closes the discrepancy.
func (s *Server) postClock(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, ok := s.arbiterGame(w, r, "clocks")
	if !ok {
		return
	}
	var spec ClockSpec
	if err := readJSON(w, r, &spec); err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	var times protocol.Times
	var err error
	switch {
	case g.meta.Start.Clock == nil:
		err = apiMsg(http.StatusConflict, "server.no-clock", "Game", g.meta.ID)
	case spec.Accept && (spec.White != nil || spec.Black != nil):
		err = apiMsg(http.StatusBadRequest, "server.clock-accept-or-set")
	case spec.Accept && g.held == nil:
		err = apiMsg(http.StatusConflict, "server.no-held-reading", "Game", g.meta.ID)
	case spec.Accept:
		h := g.held
		times = *h.Times
		now := int64(0)
		if !g.origin.IsZero() {
			now = time.Since(g.origin).Milliseconds()
		}
		// The reading was at the held entry's t; the clock that ran then
		// has run on since.
		var at int64
		for i := len(g.log) - 1; i >= 0; i-- {
			if g.log[i].N == h.At && g.log[i].Action != nil && g.log[i].Action.T != nil {
				at = *g.log[i].Action.T
				break
			}
		}
		switch h.Runs {
		case "white":
			times.White = max(times.White-max(now-at, 0), 0)
		case "black":
			times.Black = max(times.Black-max(now-at, 0), 0)
		}
	case spec.White == nil || spec.Black == nil:
		err = apiMsg(http.StatusBadRequest, "server.clock-both")
	default:
		times = protocol.Times{White: *spec.White, Black: *spec.Black}
	}
	g.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	a := protocol.Action{By: protocol.ByArbiter, Act: protocol.SetClock, Times: &times}
	if err := a.Check(); err != nil {
		writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
		return
	}
	res, err := s.post(ctx, g, poster{author: store.ByArbiter}, []protocol.Action{a})
	if err != nil {
		writeErr(w, err)
		return
	}
	s.log.Info("arbiter set the clocks", "game", g.meta.ID, "white_ms", times.White, "black_ms", times.Black, "accepted", spec.Accept)
	writeJSON(w, http.StatusOK, res)
}

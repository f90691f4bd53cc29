package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// DefaultHeartbeat is Options.Heartbeat when none is given.
const DefaultHeartbeat = 2 * time.Second

// outage is a stretch during which no server process ran: from the last
// heartbeat of any process to this one's start.
type outage struct {
	from, to time.Time
}

// heartbeat returns the period of the server's heartbeat.
func (s *Server) heartbeat() time.Duration {
	if s.opts.Heartbeat > 0 {
		return s.opts.Heartbeat
	}
	return DefaultHeartbeat
}

// findOutage reads, at the start, the last heartbeat of any process: when
// it is older than two periods, no server ran from then to now, and the
// clocks the server owns must not be charged for that time (laws K6).
func (s *Server) findOutage(ctx context.Context, now time.Time) {
	last, ok, err := s.store.LastBeat(ctx)
	if err != nil {
		s.log.Warn("heartbeat: reading the last one", "cause", err.Error())
		return
	}
	if !ok || now.Sub(last) <= 2*s.heartbeat() {
		return
	}
	s.outage = &outage{from: last, to: now}
	s.log.Warn("the server was down: the clocks it owns are credited with the gap as each game loads", "from", last.Format(time.RFC3339Nano), "to", now.Format(time.RFC3339Nano), "seconds", now.Sub(last).Seconds())
}

// beat writes this process's heartbeat every period until done is closed,
// and once more at the end (a clean stop is then known to the second).
func (s *Server) beat(done <-chan struct{}) {
	write := func() {
		ctx, cancel := context.WithTimeout(context.Background(), s.heartbeat())
		defer cancel()
		if err := s.store.Beat(ctx, s.process, time.Now()); err != nil {
			s.log.Debug("heartbeat not written", "cause", err.Error())
		}
	}
	write()
	every(done, s.heartbeat(), func() bool { write(); return true })
}

// newProcess is a random id for this process's heartbeat row (not 1: that
// row is the health check's).
func newProcess() int64 { return 2 + rand.Int64N(1<<30) } // the column is a 32-bit INTEGER on PostgreSQL

// creditOutage credits a game whose clock the server owns with the time
// the server was down: an arbiter's pause at the last heartbeat (or the
// game's last action, if later) and his resume at the restart, entered in
// its log with a note, so that no flag falls in the gap and a replay
// reckons the same times. A game whose physical clock is of record (its
// actions carry times) keeps its own times: that clock ran on. Another
// process that credited the same outage first is seen under the game's
// write lock. The caller holds g.mu.
func (s *Server) creditOutage(ctx context.Context, g *live) error {
	o := s.outage
	if o == nil || g.meta.Start.Clock == nil || g.origin.IsZero() || g.decision != nil || g.physicalClock() || g.credited(o) {
		return nil
	}
	if _, running := g.eng.Running(); !running {
		return nil
	}
	from := o.from.Sub(g.origin).Milliseconds()
	if last := g.lastT(); last > from {
		from = last
	}
	to := o.to.Sub(g.origin).Milliseconds()
	if to-from < 1000 {
		return nil // under a second: nothing worth entering
	}
	if g.broken {
		if err := s.rebuild(g); err != nil {
			return err
		}
	}
	var add []record
	err := s.store.Append(ctx, g.meta.ID, int64(len(g.log)), "", func(missing []store.Entry) ([]store.Entry, error) {
		s.catchUp(g, missing)
		add = nil
		if g.credited(o) {
			return nil, nil
		}
		if _, running := g.eng.Running(); !running {
			return nil, nil
		}
		now := time.Now().UTC()
		from, to := from, to
		note := store.Note{Kind: store.NoteOutage, From: &o.from, To: &o.to,
			Text: fmt.Sprintf("the server was down from %s to %s (%s): the clocks were stopped then, as the players could not press (6.11.1, 6.11.3, 6.10.2)",
				o.from.Format("15:04:05"), o.to.Format("15:04:05"), o.to.Sub(o.from).Round(time.Second))}
		var es []store.Entry
		for i, a := range []protocol.Action{{By: protocol.ByArbiter, Act: protocol.Pause, T: &from}, {By: protocol.ByArbiter, Act: protocol.Resume, T: &to}} {
			n := int64(len(g.log)) + int64(i) + 1
			g.broken = true
			rs := g.apply(int(n), a)
			if rs == nil {
				rs = []protocol.Ruling{}
			}
			act := a
			e := store.Entry{Game: g.meta.ID, N: n, Author: store.ByArbiter, Kind: store.KindAction, Action: &act, Rulings: rs, Time: now}
			if i == 1 {
				e.Notes = []store.Note{note}
			}
			es = append(es, e)
			add = append(add, record{Entry: e, ply: g.eng.Game().Ply()})
		}
		return es, nil
	})
	if err != nil {
		return err
	}
	g.broken = false
	for i := range add {
		g.track(&add[i].Entry)
		g.log = append(g.log, add[i])
		g.logged.Store(int64(len(g.log)))
		s.publishEntry(g, &g.log[len(g.log)-1], nil)
	}
	if len(add) > 0 {
		s.log.Info("outage credited", "game", g.meta.ID, "from_t", from, "to_t", to)
	}
	return nil
}

// physicalClock reports whether a physical clock is of record in g: an
// action of its log carried times (or had them held). The caller holds
// g.mu.
func (g *live) physicalClock() bool {
	for i := range g.log {
		if a := g.log[i].Action; a != nil && a.Times != nil && a.By != protocol.ByArbiter {
			return true
		}
		for _, n := range g.log[i].Notes {
			if n.Kind == store.NoteClockHeld {
				return true
			}
		}
	}
	return false
}

// credited reports whether g's log has the credit of outage o already.
func (g *live) credited(o *outage) bool {
	for i := len(g.log) - 1; i >= 0; i-- {
		for _, n := range g.log[i].Notes {
			if n.Kind == store.NoteOutage && n.From != nil && n.From.Equal(o.from) {
				return true
			}
		}
	}
	return false
}

// lastT returns the t of g's last action that has one, or 0.
func (g *live) lastT() int64 {
	for i := len(g.log) - 1; i >= 0; i-- {
		if a := g.log[i].Action; a != nil && a.T != nil {
			return *a.T
		}
	}
	return 0
}

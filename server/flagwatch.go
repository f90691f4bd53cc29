package server

import (
	"container/heap"
	"context"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// flagWatch watches every running clock of the server with one timer: a
// heap of the moments at which a clock reaches zero, one per game. When
// one passes with no action coming, the server records the arbiter's
// observation of that flag in the game's log (protocol page, "Clocks"),
// durably, so that the log replays to the same result. Arming or
// disarming a game costs O(log n).
type flagWatch struct {
	mu     sync.Mutex
	h      deadlines
	byGame map[string]*deadline
	wake   chan struct{}
}

// deadline is the moment game's running clock reaches zero; zero is that
// moment in the game's own time (the actions' t).
type deadline struct {
	at    time.Time
	game  string
	zero  int64
	index int // in the heap
}

type deadlines []*deadline

func (d deadlines) Len() int           { return len(d) }
func (d deadlines) Less(i, j int) bool { return d[i].at.Before(d[j].at) }
func (d deadlines) Swap(i, j int) {
	d[i], d[j] = d[j], d[i]
	d[i].index, d[j].index = i, j
}
func (d *deadlines) Push(x any) {
	x.(*deadline).index = len(*d)
	*d = append(*d, x.(*deadline))
}
func (d *deadlines) Pop() any {
	old := *d
	x := old[len(old)-1]
	*d = old[:len(old)-1]
	return x
}

func newFlagWatch() *flagWatch {
	return &flagWatch{byGame: map[string]*deadline{}, wake: make(chan struct{}, 1)}
}

// arm sets game's deadline, replacing the one it had.
func (w *flagWatch) arm(game string, at time.Time, zero int64) {
	w.mu.Lock()
	if d, ok := w.byGame[game]; ok {
		d.at, d.zero = at, zero
		heap.Fix(&w.h, d.index)
	} else {
		d := &deadline{at: at, game: game, zero: zero}
		w.byGame[game] = d
		heap.Push(&w.h, d)
	}
	first := w.h[0].game == game
	w.mu.Unlock()
	if first {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// disarm removes game's deadline, if any.
func (w *flagWatch) disarm(game string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if d, ok := w.byGame[game]; ok {
		heap.Remove(&w.h, d.index)
		delete(w.byGame, game)
	}
}

// due pops the deadlines passed at now, and returns how long until the
// next one (or a long wait when there is none).
func (w *flagWatch) due(now time.Time) ([]deadline, time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []deadline
	for len(w.h) > 0 && !w.h[0].at.After(now) {
		d := heap.Pop(&w.h).(*deadline)
		delete(w.byGame, d.game)
		out = append(out, *d)
	}
	if len(w.h) == 0 {
		return out, time.Hour
	}
	return out, w.h[0].at.Sub(now)
}

// Len returns the number of deadlines armed (for tests and metrics).
func (w *flagWatch) Len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.h)
}

// watchFlags runs the flag watch until done is closed.
func (s *Server) watchFlags(done <-chan struct{}) {
	t := time.NewTimer(time.Hour)
	defer t.Stop()
	for {
		ready, wait := s.flags.due(time.Now())
		for _, d := range ready {
			s.flagFell(d)
		}
		if len(ready) > 0 {
			continue
		}
		t.Reset(wait)
		select {
		case <-done:
			return
		case <-s.flags.wake:
		case <-t.C:
		}
		if !t.Stop() {
			select {
			case <-t.C:
			default:
			}
		}
	}
}

// flagFell records the arbiter's flag observation for d if the game's
// clock still runs towards that moment (else the game re-arms itself).
func (s *Server) flagFell(d deadline) {
	ctx := context.Background()
	g, err := s.game(ctx, d.game)
	if err != nil {
		s.log.Warn("flag watch: game unavailable", "game", d.game, "err", err)
		return
	}
	g.mu.Lock()
	z, running := g.eng.ZeroAt()
	side, _ := g.eng.Running()
	current := running && z == d.zero && g.decision == nil
	if !current {
		s.armFlag(g)
	}
	g.mu.Unlock()
	if !current {
		return
	}
	t := d.zero
	a := protocol.Action{By: protocol.ByArbiter, Act: protocol.Flag, Side: side.String(), T: &t}
	if _, err := s.post(ctx, g, poster{author: store.ByArbiter}, []protocol.Action{a}); err != nil {
		s.log.Info("flag watch: observation not recorded", "game", d.game, "err", err)
		return
	}
	s.metrics.flagObserved(time.Since(d.at))
	s.log.Info("flag fell", "game", d.game, "side", side.String(), "late_ms", ms(time.Since(d.at)))
}

// armFlag arms the flag watch for g's running clock, if any. The caller
// holds g.mu.
func (s *Server) armFlag(g *live) {
	z, ok := g.eng.ZeroAt()
	if !ok || g.origin.IsZero() || g.decision != nil {
		s.flags.disarm(g.meta.ID)
		return
	}
	s.flags.arm(g.meta.ID, g.origin.Add(time.Duration(z)*time.Millisecond), z)
}

// rearm loads, after a start, every game with a clock that is not over,
// so that the flag watch covers the clocks that ran while the server was
// down: a flag that fell meanwhile is recorded at once, at the moment it
// fell.
func (s *Server) rearm(ctx context.Context) {
	events, err := s.store.Events(ctx)
	if err != nil {
		s.log.Warn("flag watch: listing events", "err", err)
		return
	}
	for _, ev := range events {
		games, err := s.store.Games(ctx, ev.ID)
		if err != nil {
			s.log.Warn("flag watch: listing games", "event", ev.ID, "err", err)
			continue
		}
		for _, m := range games {
			if m.Start.Clock == nil {
				continue
			}
			if _, err := s.game(ctx, m.ID); err != nil {
				s.log.Warn("flag watch: loading", "game", m.ID, "err", err)
			}
		}
	}
}

package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/arbiterchess/arbiter/server/store"
)

// MaxDelay bounds an event's broadcast delay and the feed's delay=, in
// seconds.
const MaxDelay = 3600

// coldReplay is the number of entries beyond which advancing a shadow
// waits for its turn (Server.replays).
const coldReplay = 32

// delayTick is how often the delayed streams release what has become old
// enough.
const delayTick = 250 * time.Millisecond

// maxPasts bounds the shadows a game keeps for feed readers who ask for a
// longer delay than the event's (delay=, rounded by feedDelay), each
// advanced as time passes: enough for every step feedDelay makes.
const maxPasts = 40

// What anonymous readers see passes one gate (the trust page): an event
// may set a broadcast delay of S seconds (Event.Delay), and then every
// read without the event's arbiter token or the game's board token (game
// and event views, logs, PGN, the feed, the live sockets) shows each game
// as it stood S seconds ago. The gate's state is a shadow of each game: a
// live value, not registered with the server, replayed from a prefix of
// the game's log and advanced as time passes (never under the game's own
// lock, so that posts never wait for it). The event delay's shadow of a
// game (live.shadow) is shared by every anonymous reader and publishes
// each entry it takes to the delayed followers of the game and its event.

// eventDelay returns an event's broadcast delay, from memory once read.
func (s *Server) eventDelay(ctx context.Context, eventID string) (time.Duration, error) {
	s.delayMu.Lock()
	d, ok := s.delays[eventID]
	s.delayMu.Unlock()
	if ok {
		return d, nil
	}
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		return 0, err
	}
	d = time.Duration(ev.Delay) * time.Second
	s.delayMu.Lock()
	if s.delays == nil {
		s.delays = map[string]time.Duration{}
	}
	s.delays[eventID] = d
	s.delayMu.Unlock()
	return d, nil
}

// readsLive reports whether a request may read game g (or, g nil, the
// event) live: with the event's arbiter token, or g's board token (or its
// table's, in its round). A wrong token reads as anonymous.
func (s *Server) readsLive(ctx context.Context, r *http.Request, eventID string, g *live) bool {
	tok := requestToken(r)
	if tok == "" {
		return false
	}
	if g != nil {
		_, err := s.author(ctx, tok, g) // the game's board or table, or the arbiter
		return err == nil
	}
	arb, err := s.arbiterHash(ctx, eventID)
	return err == nil && hashMatches(hashToken(tok), arb)
}

// readerDelay returns the delay a request reads game g (or, g nil, the
// event) with: none for the live readers, else the event's.
func (s *Server) readerDelay(ctx context.Context, r *http.Request, eventID string, g *live) (time.Duration, error) {
	d, err := s.eventDelay(ctx, eventID)
	if err != nil || d == 0 {
		return 0, err
	}
	if s.readsLive(ctx, r, eventID, g) {
		return 0, nil
	}
	return d, nil
}

// newShadow returns an empty shadow of g, lag behind it. The caller holds
// g.mu.
func (s *Server) newShadow(g *live, lag time.Duration) (*live, error) {
	eng, err := s.newEngine(g.meta)
	if err != nil {
		return nil, err
	}
	return &live{meta: g.meta, eng: eng, seqs: map[seqKey]int64{}, white: g.white, black: g.black, lag: lag}, nil
}

// past returns g as it stood lag ago (lag > 0): the event delay's shadow
// (stream), advanced to now, or a shadow of its own for another lag.
// The shadow is the caller's to lock.
func (s *Server) past(ctx context.Context, g *live, lag time.Duration, stream bool) (*live, error) {
	cutoff := time.Now().Add(-lag)
	g.mu.Lock()
	if err := s.sync(ctx, g); err != nil {
		g.mu.Unlock()
		return nil, err
	}
	k := g.upTo(cutoff)
	recs := g.log[:k:k] // entries are never changed once in the log: read without g.mu
	sh := g.shadow
	if !stream {
		sh = g.pasts[lag]
	}
	if sh == nil || sh.lag != lag {
		var err error
		if sh, err = s.newShadow(g, lag); err != nil {
			g.mu.Unlock()
			return nil, err
		}
		if stream {
			g.shadow = sh
		} else {
			if g.pasts == nil || len(g.pasts) >= maxPasts {
				g.pasts = map[time.Duration]*live{} // a reader changing his delay at every poll: start the cache again
			}
			g.pasts[lag] = sh
		}
	}
	g.mu.Unlock()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if k-len(sh.log) > coldReplay {
		// A long replay (a shadow just made, or far behind): one at a time
		// on the whole server, so that readers never take the cores the
		// boards' posts need.
		s.replays <- struct{}{}
		defer func() { <-s.replays }()
	}
	if len(sh.log) > k {
		// Behind the shadow (the event's delay grew): start again.
		fresh, err := s.newShadow(sh, lag)
		if err != nil {
			return nil, err
		}
		sh.eng, sh.log, sh.seqs, sh.decision, sh.origin, sh.held = fresh.eng, nil, fresh.seqs, nil, time.Time{}, nil
	}
	s.advance(sh, recs, stream)
	return sh, nil
}

// advance replays into shadow sh the entries of recs it lacks; a stream
// shadow publishes each to the delayed followers of its game and event.
// The caller holds sh.mu.
//
// A shadow's log is a prefix of its game's (records are never changed
// once in the log, and the ply after each is the same in any replay):
// only its engine is its own.
func (s *Server) advance(sh *live, recs []record, stream bool) {
	for n := len(sh.log); n < len(recs); n++ {
		r := &recs[n]
		switch r.Kind {
		case store.KindAction:
			sh.apply(int(r.N), *r.Action)
		case store.KindDecision:
			sh.setDecision(r.Decision)
		}
		sh.setOrigin(r.Entry)
		sh.track(&r.Entry)
		sh.log = recs[: n+1 : n+1]
		if stream {
			s.publishDelayed(sh, r)
		}
	}
}

// feedDelay rounds a delay the feed's delay= asks for up to a step that
// grows with it (a second up to 10 s, 10 s up to a minute, a minute up to
// ten, five beyond), so that readers asking for 900 and 901 s share what
// is kept for them.
func feedDelay(d time.Duration) time.Duration {
	step := time.Second
	switch {
	case d > 10*time.Minute:
		step = 5 * time.Minute
	case d > time.Minute:
		step = time.Minute
	case d > 10*time.Second:
		step = 10 * time.Second
	}
	return min((d+step-1)/step*step, MaxDelay*time.Second)
}

// publishDelayed sends a shadow's new entry to the delayed followers of
// its game and event, with the state after it. The caller holds sh.mu.
func (s *Server) publishDelayed(sh *live, r *record) {
	if !s.hub.delayedWatched(sh.meta.ID, sh.meta.Event) {
		return
	}
	st := sh.after(time.Now())
	e := r.Entry
	m := Message{Type: "entry", Event: sh.meta.Event, GameID: sh.meta.ID, Entry: &e, FEN: st.fen, Ply: r.ply, Duty: st.duty, Result: st.result, Reason: st.reason,
		Claimable: st.claimable, DrawOffer: st.drawOffer, Decision: sh.decision, Clock: st.clock}
	b, err := json.Marshal(m)
	if err != nil {
		s.log.Error("encode delayed entry", "err", err)
		return
	}
	s.hub.publishIn(&s.hub.delayed, sh.meta.ID, sh.meta.Event, b, func() outMsg { return eventSnapshot(sh) })
}

// releaseDelayed advances, every delayTick until done is closed, the
// stream shadows of the games that delayed followers follow, so that
// each entry reaches them once it is old enough.
func (s *Server) releaseDelayed(done <-chan struct{}) {
	every(done, delayTick, func() bool {
		games, events := s.hub.delayedFollowed()
		if len(games) == 0 && len(events) == 0 {
			return true
		}
		var todo []*live
		for _, g := range s.loadedGames() {
			g.mu.Lock()
			if g.eng != nil && (games[g.meta.ID] || events[g.meta.Event]) {
				todo = append(todo, g)
			}
			g.mu.Unlock()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, g := range todo {
			g.mu.Lock()
			event := g.meta.Event
			g.mu.Unlock()
			d, err := s.eventDelay(ctx, event)
			if err != nil || d == 0 {
				continue
			}
			if _, err := s.past(ctx, g, d, true); err != nil {
				s.log.Warn("delayed stream", "game", g.meta.ID, "cause", err.Error())
			}
		}
		return true
	})
}

// putDelay serves PUT /api/events/{event}/delay (the arbiter's token):
// the event's broadcast delay changes for every anonymous reader; its
// delayed followers, and its anonymous live ones (a delay set from 0), are
// disconnected, to come back with a fresh snapshot at the new delay.
func (s *Server) putDelay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	var spec DelaySpec
	if err := readJSON(w, r, &spec); err != nil {
		writeErr(w, err)
		return
	}
	if spec.Delay < 0 || spec.Delay > MaxDelay {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.delay-range", "Max", MaxDelay, "Got", spec.Delay))
		return
	}
	if err := s.store.SetDelay(ctx, id, spec.Delay); err != nil {
		writeErr(w, err)
		return
	}
	s.delayChanged(id, time.Duration(spec.Delay)*time.Second)
	s.log.Info("broadcast delay set", "event", id, "seconds", spec.Delay)
	writeJSON(w, http.StatusOK, map[string]any{"event": id, "delay": spec.Delay})
}

// delayChanged applies an event's new delay in memory: the shadows of its
// games are dropped, and its delayed and anonymous followers disconnected.
func (s *Server) delayChanged(eventID string, d time.Duration) {
	s.delayMu.Lock()
	if s.delays == nil {
		s.delays = map[string]time.Duration{}
	}
	s.delays[eventID] = d
	s.delayMu.Unlock()
	var ids []string
	for _, g := range s.loadedGames() {
		g.mu.Lock()
		if g.meta.Event == eventID {
			g.shadow, g.pasts = nil, nil
			ids = append(ids, g.meta.ID)
		}
		g.mu.Unlock()
	}
	s.hub.dropForDelay(eventID, ids)
	s.forgetList(eventID)
}

// delayParam reads the feed's delay= (seconds, 0 to MaxDelay).
func delayParam(r *http.Request) (time.Duration, error) {
	q := r.URL.Query().Get("delay")
	if q == "" {
		return 0, nil
	}
	var n int
	for _, c := range q {
		if c < '0' || c > '9' || n > MaxDelay {
			return 0, apiMsg(http.StatusBadRequest, "server.delay-range", "Max", MaxDelay, "Got", strconv.Quote(q))
		}
		n = n*10 + int(c-'0')
	}
	if n > MaxDelay {
		return 0, apiMsg(http.StatusBadRequest, "server.delay-range", "Max", MaxDelay, "Got", strconv.Quote(q))
	}
	return time.Duration(n) * time.Second, nil
}

// readView calls f with game id as the request may read it: live for the
// arbiter and the game's board, else as it stood the event's delay ago
// (a shadow). f runs with the game's (or the shadow's) lock held.
func (s *Server) readView(ctx context.Context, r *http.Request, id string, f func(g *live)) error {
	g, err := s.game(ctx, id)
	if err != nil {
		return err
	}
	g.mu.Lock()
	event := g.meta.Event
	g.mu.Unlock()
	d, err := s.readerDelay(ctx, r, event, g)
	if err != nil {
		return err
	}
	if d == 0 {
		return s.readGame(ctx, id, f)
	}
	sh, err := s.past(ctx, g, d, true)
	if err != nil {
		return err
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	f(sh)
	return nil
}

// readerOf says whose view a request reads of game g: "arbiter", "board"
// or "anyone" (GameView.Reader).
func (s *Server) readerOf(ctx context.Context, r *http.Request, g *live) string {
	tok := requestToken(r)
	if tok == "" {
		return "anyone"
	}
	who, err := s.author(ctx, tok, g)
	switch {
	case err != nil:
		return "anyone"
	case who.author == store.ByArbiter:
		return "arbiter"
	}
	return "board"
}

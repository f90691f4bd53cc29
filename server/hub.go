package server

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/lang"
)

// outMsg is one message of a follower's queue: encoded (b), or a
// snapshot to encode when it is first written (snap), so that a game is
// held only for the time of copying its view.
type outMsg struct {
	b    []byte
	snap *sharedSnap
}

// bytes returns the message, encoded.
func (m outMsg) bytes() []byte {
	if m.snap != nil {
		return m.snap.bytes()
	}
	return m.b
}

// sharedSnap is a game's snapshot at n entries, encoded once for all the
// followers that get it: the hall's followers share a game's while its
// log does not grow (its clock's figures are those of the moment it was
// taken, which the snapshot says).
type sharedSnap struct {
	n    int64
	once sync.Once
	m    *Message // until encoded
	b    []byte
}

func (x *sharedSnap) bytes() []byte {
	x.once.Do(func() {
		var err error
		if x.b, err = json.Marshal(x.m); err != nil {
			x.b = nil
		}
		x.m = nil
	})
	return x.b
}

// subscriber is one live follower: a queue of messages, which its socket's
// writer takes whole each time it wakes (the messages queued meanwhile go
// out together). A follower too slow to drain its queue is dropped (its
// socket closed); it reconnects and gets a fresh snapshot.
type subscriber struct {
	mu    sync.Mutex
	queue []outMsg
	limit int
	// pending holds, while a hall's follower takes its snapshots, the games
	// whose snapshot is not queued yet: their entries are not queued (the
	// snapshot, taken later, has them). nil once every snapshot is queued.
	pending map[string]bool
	// known holds, for a hall's follower, the games it has (or will have)
	// a snapshot of; nil for a game's follower. A game new to it (added
	// on another process, or after the event's list it was given was
	// read) comes as a snapshot where its first entry would, and its
	// entries after that.
	known map[string]bool
	// dropped is set when the queue overflowed: nothing more is queued
	// (the socket closes), so that the follower never sees a gap.
	dropped bool
	// anon marks a live follower without the event's or the game's token:
	// the event's broadcast delay, if one is set, applies to him.
	anon bool
	// why is what the follower is told when it is dropped ("" for the
	// overflow's words).
	why  string
	wake chan struct{} // a token when the queue has messages
	// gather is how long the writer waits, once woken, for more messages
	// to write with the first (0: none). A hall's follower gets an entry
	// per action of any game: a thousand a second in a large hall, which
	// go out a few at a time rather than one write (and one wake-up of
	// the writer) each.
	gather time.Duration
	// lang is the language the follower reads the rulings' text in (the
	// socket's ?lang=, else its Accept-Language; English when nil).
	lang *lang.Lang
	gone chan struct{}
	once sync.Once
}

// newSubscriber makes a subscriber of games games (one for a game's
// follower, the event's games for a hall's). Its queue holds 1,024
// messages, and ten more per game: its snapshot and nine seconds of
// entries at one a second (a hall's follower gets an entry per action of
// any game, and takes its snapshots while they come, one hall's follower
// at a time: writeBatch).
func newSubscriber(games int) *subscriber {
	return &subscriber{limit: 1024 + 10*games, wake: make(chan struct{}, 1), gone: make(chan struct{})}
}

func (sb *subscriber) drop() { sb.once.Do(func() { close(sb.gone) }) }

// push queues a message of a game ("" for none), unless the game's
// snapshot is pending. A hall's follower that has no snapshot of the game
// gets snap() in place of m (snap, nil for none, is called with the
// game's lock held).
func (sb *subscriber) push(game string, m outMsg, snap func() outMsg) {
	sb.mu.Lock()
	if sb.dropped || game != "" && sb.pending[game] {
		sb.mu.Unlock()
		return
	}
	if len(sb.queue) >= sb.limit {
		sb.dropped, sb.queue = true, nil
		sb.mu.Unlock()
		sb.drop()
		return
	}
	if snap != nil && sb.known != nil && !sb.known[game] {
		sb.known[game] = true
		m = snap()
	}
	sb.queue = append(sb.queue, m)
	sb.mu.Unlock()
	select {
	case sb.wake <- struct{}{}:
	default:
	}
}

// snapshot queues the snapshot of a game whose snapshot was pending; the
// caller holds the game's lock, so that its entries come after.
func (sb *subscriber) snapshot(game string, m outMsg) {
	sb.mu.Lock()
	delete(sb.pending, game)
	sb.mu.Unlock()
	sb.push(game, m, nil)
}

// take returns the queued messages and empties the queue, which goes on in
// spare (the slice the previous take returned, written out).
func (sb *subscriber) take(spare []outMsg) []outMsg {
	clear(spare)
	sb.mu.Lock()
	q := sb.queue
	if cap(spare) > 4*sb.limit/3 {
		spare = nil // after a burst (a hall's snapshots): let it go
	}
	sb.queue = spare[:0]
	sb.mu.Unlock()
	return q
}

// followers are the subscribers of each game (or of each event).
type followers map[string]map[*subscriber]bool

// lane is a set of followers of games and of events: the live ones, who
// see every entry at once, or the delayed ones, who see the games as they
// stood the event's broadcast delay ago (delay.go).
type lane struct {
	byGame, byEvent followers
}

func newLane() lane { return lane{byGame: followers{}, byEvent: followers{}} }

// hub routes the entries of games to the followers of a game or of its
// event, in two lanes.
type hub struct {
	mu            sync.Mutex
	live, delayed lane
	// followers counts the subscriptions, and peak their most since
	// releaseMemory last looked, for releaseMemory.
	followers, peak int
}

func newHub() *hub { return &hub{live: newLane(), delayed: newLane()} }

// follow adds sb to the followers of key (a game or an event) in m, one
// of the lanes' maps.
func (h *hub) follow(m followers, key string, sb *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if m[key] == nil {
		m[key] = map[*subscriber]bool{}
	}
	if !m[key][sb] {
		h.followers++
		h.peak = max(h.peak, h.followers)
	}
	m[key][sb] = true
}

// unfollow removes sb from the followers of key in m.
func (h *hub) unfollow(m followers, key string, sb *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if m[key][sb] {
		h.followers--
	}
	delete(m[key], sb)
	if len(m[key]) == 0 {
		delete(m, key)
	}
}

// count returns the number of subscriptions and their peak since the
// last call, which starts the next peak from now.
func (h *hub) count() (now, peak int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	now, peak = h.followers, h.peak
	h.peak = h.followers
	return now, peak
}

// watchedIn reports whether anyone in lane l follows the game or its event.
func (h *hub) watchedIn(l *lane, game, event string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(l.byGame[game]) > 0 || len(l.byEvent[event]) > 0
}

// watched reports whether anyone follows the game or its event live.
func (h *hub) watched(game, event string) bool { return h.watchedIn(&h.live, game, event) }

// delayedWatched reports whether delayed followers follow the game or its
// event.
func (h *hub) delayedWatched(game, event string) bool { return h.watchedIn(&h.delayed, game, event) }

// watchingEvents reports whether anyone follows any event live.
func (h *hub) watchingEvents() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.live.byEvent) > 0
}

// delayedFollowed returns the games and events delayed followers follow.
func (h *hub) delayedFollowed() (games, events map[string]bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	games, events = make(map[string]bool, len(h.delayed.byGame)), make(map[string]bool, len(h.delayed.byEvent))
	for id := range h.delayed.byGame {
		games[id] = true
	}
	for id := range h.delayed.byEvent {
		events[id] = true
	}
	return games, events
}

// publishIn sends a message to the followers in lane l of the game and of
// its event; a follower of the event that has no snapshot of the game
// gets snap() in its place. The caller holds the game's lock (a shadow's
// for the delayed lane).
func (h *hub) publishIn(l *lane, game, event string, b []byte, snap func() outMsg) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range l.byGame[game] {
		sb.push(game, outMsg{b: b}, nil)
	}
	for sb := range l.byEvent[event] {
		sb.push(game, outMsg{b: b}, snap)
	}
}

// publish is publishIn for the live followers.
func (h *hub) publish(game, event string, b []byte, snap func() outMsg) {
	h.publishIn(&h.live, game, event, b, snap)
}

// dropForDelay disconnects the followers an event's new broadcast delay
// concerns: the delayed ones of the event and of the games given, and the
// anonymous live ones (a delay set from 0). They come back at the new
// delay.
func (h *hub) dropForDelay(event string, games []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	drop := func(sbs map[*subscriber]bool, anonOnly bool) {
		for sb := range sbs {
			if !anonOnly || sb.anon {
				sb.why = "the event's broadcast delay changed: reconnect to follow at the new delay"
				sb.drop()
			}
		}
	}
	drop(h.delayed.byEvent[event], false)
	drop(h.live.byEvent[event], true)
	for _, id := range games {
		drop(h.delayed.byGame[id], false)
		drop(h.live.byGame[id], true)
	}
}

// publishEntry sends a new log entry of g to its followers, with st, the
// state of the game after it (nil: the engine's now, for an entry just
// applied). The caller holds g.mu, which keeps entries in order and after
// the snapshots.
func (s *Server) publishEntry(g *live, r *record, st *stateAfter) {
	s.touched(g.meta.Event)
	if !s.hub.watched(g.meta.ID, g.meta.Event) {
		return
	}
	if st == nil {
		st = g.after(r.Time)
	}
	e := r.Entry
	m := Message{Type: "entry", Event: g.meta.Event, GameID: g.meta.ID, Entry: &e, FEN: st.fen, Ply: r.ply, Duty: st.duty, Result: st.result, Reason: st.reason,
		Claimable: st.claimable, DrawOffer: st.drawOffer, Decision: g.decision, Clock: st.clock}
	b, err := json.Marshal(m)
	if err != nil {
		s.log.Error("encode entry", "err", err)
		return
	}
	s.hub.publish(g.meta.ID, g.meta.Event, b, func() outMsg { return eventSnapshot(g) })
}

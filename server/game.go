package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/touch"
)

// record is one entry of a game's log as the server keeps it in memory,
// with the number of plies after it (for the PGN's comments). The rest of
// the game's state after an entry (stateAfter) goes to live followers
// with the entry and is not kept: a hall holds a thousand games of
// hundreds of entries each, and every pointer kept is one more for the
// collector to follow on each cycle.
type record struct {
	store.Entry
	ply int // plies in the game after the entry
}

// stateAfter is the game's state after an entry, sent with it to live
// followers (publishEntry).
type stateAfter struct {
	fen    string           // the legal position
	duty   *protocol.Ruling // the obligation
	result string           // the result in force
	reason string
	// claimable, drawOffer and clock are the Article 4 violation the
	// opponent may claim, the open draw offer and the clocks.
	claimable *protocol.ViolationRef
	drawOffer string
	clock     *ClockView
}

// after returns the state of the game now, after its entry of time t.
// The caller holds g.mu.
func (g *live) after(t time.Time) *stateAfter {
	st := &stateAfter{fen: g.eng.Position().FEN()}
	if d, ok := g.eng.Duty(); ok {
		st.duty = &d
	}
	st.result, st.reason = g.result()
	if c, ok := g.eng.Claimable(); ok {
		st.claimable = &c
	}
	if c, ok := g.eng.DrawOffer(); ok {
		st.drawOffer = c.String()
	}
	st.clock = g.clockView(t)
	return st
}

// judged is an entry a post makes, with the state of the game after it:
// a post of several actions is judged whole before it is stored, and its
// entries are published after. The last entry's state is nil: it is the
// engine's when the entries are published, and publishEntry builds it
// only for a game someone follows.
type judged struct {
	record
	state *stateAfter
}

// seqKey identifies an idempotent action: who sent it and its seq.
type seqKey struct {
	author string
	seq    int64
}

// live is a game loaded in memory: its metadata, its log, and the engine
// that replayed the log. mu serialises everything done to it.
type live struct {
	mu       sync.Mutex
	meta     store.Game
	eng      *touch.Engine
	log      []record
	seqs     map[seqKey]int64 // → entry number
	decision *store.Decision  // the arbiter's decision in force, or nil
	// used is when the game was last asked for (Server.evict).
	used time.Time
	// pgnCache is the game's last PGN text for the event's feed.
	pgnCache pgnCache
	// white and black are the players from the event's list, or nil for
	// a game typed without players.
	white, black *store.Player
	// origin is the server time of the game's t 0: the time of its first
	// action (less that action's own t, where it gave one). Zero while no
	// action came, or for a game without a clock.
	origin time.Time
	// heard is the highest head of the game notified to this process.
	heard atomic.Int64
	// logged is len(log), for the notifications' listener, which need not
	// wait for the game to learn that it knows an entry already.
	logged atomic.Int64
	// eventSnap is the game's last event snapshot (a hall follower's),
	// for the next ones while the log has not grown.
	eventSnap atomic.Pointer[sharedSnap]
	// broken is set when the engine may differ from the replay of log (an
	// action was refused, or a write failed): rebuild before use.
	broken bool
	// held is the physical clock's reading held for the arbiter (a clock
	// discrepancy), until an arbiter's set-clock; nil when none is open.
	held *EntryNote
	// shadow is the game as anonymous readers see it under the event's
	// broadcast delay (delay.go), or nil. lag is set on a shadow only:
	// how far behind the game it is (its clocks are read that long ago).
	shadow *live
	lag    time.Duration
	// pasts are shadows at longer delays than the event's, for the feed's
	// delay= (at most maxPasts).
	pasts map[time.Duration]*live
}

// track follows what an entry opens or closes beside the engine: a clock
// discrepancy held for the arbiter, closed by his set-clock. The caller
// holds g.mu.
func (g *live) track(e *store.Entry) {
	if e.Kind != store.KindAction || e.Action == nil {
		return
	}
	if e.Action.By == protocol.ByArbiter && e.Action.Act == protocol.SetClock {
		g.held = nil
	}
	for _, n := range e.Notes {
		if n.Kind == store.NoteClockHeld {
			g.held = &EntryNote{At: e.N, Note: n}
		}
	}
}

// newEngine starts a game's engine.
func (s *Server) newEngine(meta store.Game) (*touch.Engine, error) {
	return touch.New(meta.Start, touch.Options{Enforce: meta.Enforce, CanMate: s.canMate})
}

// game returns the live game with the given id, loading (replaying) it on
// first use. It returns store.ErrNotFound for an unknown game.
func (s *Server) game(ctx context.Context, id string) (*live, error) {
	for {
		g, err := s.loadGame(ctx, id)
		if g != nil {
			g.mu.Lock()
			g.used = time.Now()
			g.mu.Unlock()
		}
		if g != nil || err != nil {
			return g, err
		}
	}
}

// loadGame returns the game, loading it if needed; nil, nil when another
// caller's load failed meanwhile (try again).
func (s *Server) loadGame(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	g, ok := s.games[id]
	if !ok {
		g = &live{}
		s.games[id] = g
	}
	s.mu.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.eng != nil {
		return g, nil
	}
	s.mu.Lock()
	current := s.games[id] == g
	s.mu.Unlock()
	if !current {
		return nil, nil
	}
	meta, err := s.store.Game(ctx, id)
	if err == nil {
		err = s.load(ctx, g, meta)
	}
	if err != nil {
		s.mu.Lock()
		if s.games[id] == g {
			delete(s.games, id)
		}
		s.mu.Unlock()
		return nil, err
	}
	return g, nil
}

// load replays a game's whole log from the store into g.
func (s *Server) load(ctx context.Context, g *live, meta store.Game) error {
	eng, err := s.newEngine(meta)
	if err != nil {
		return fmt.Errorf("game %s: %w", meta.ID, err)
	}
	entries, err := s.store.Entries(ctx, meta.ID, 0)
	if err != nil {
		return err
	}
	g.white, g.black = nil, nil
	if meta.WhiteRank > 0 || meta.BlackRank > 0 {
		r, err := s.roster(ctx, meta.Event)
		if err != nil {
			return err
		}
		g.white, g.black = r.byRank[meta.WhiteRank], r.byRank[meta.BlackRank]
	}
	g.meta, g.eng, g.log, g.seqs, g.decision, g.broken, g.origin, g.held = meta, eng, nil, map[seqKey]int64{}, nil, false, time.Time{}, nil
	g.logged.Store(0)
	for _, e := range entries {
		s.replayStored(g, e)
	}
	if err := s.creditOutage(ctx, g); err != nil {
		// The game stays loaded, uncredited; the arbiter can set the clocks.
		s.log.Warn("outage not credited", "game", meta.ID, "cause", err.Error())
	}
	s.armFlag(g)
	return nil
}

// rebuild replays the in-memory log into a fresh engine, dropping whatever
// a refused action or a failed write left in the old one.
func (s *Server) rebuild(g *live) error {
	eng, err := s.newEngine(g.meta)
	if err != nil {
		return err
	}
	g.eng, g.decision = eng, nil
	for i := range g.log {
		r := &g.log[i]
		switch r.Kind {
		case store.KindAction:
			g.apply(int(r.N), *r.Action)
		case store.KindDecision:
			g.setDecision(r.Decision)
		}
	}
	g.broken = false
	return nil
}

// sync brings g up to date with the store (entries appended by another
// process, or by a write whose outcome was unknown) and publishes what it
// found. The caller holds g.mu.
func (s *Server) sync(ctx context.Context, g *live) error {
	if !g.broken && !s.store.Postgres() {
		// One process owns an SQLite file: what it has not broken is up to
		// date, and no query is needed (a hall's follower syncs every
		// game).
		return nil
	}
	if g.broken {
		if err := s.rebuild(g); err != nil {
			return err
		}
	}
	head, err := s.store.Head(ctx, g.meta.ID)
	if err != nil {
		return err
	}
	return s.syncTo(ctx, g, head)
}

// syncLive is sync for the snapshot of a live follower: on PostgreSQL,
// while the store's listener listens and has heard of no entry beyond
// the game's log, no query is made. An entry committed elsewhere whose
// notification is still on its way is then not in the snapshot, but
// reaches the follower right after it, as the notification arrives
// (notified). Reads that answer once (GET) use sync.
func (s *Server) syncLive(ctx context.Context, g *live) error {
	if s.store.Postgres() && !g.broken && s.store.Listening() && g.heard.Load() <= int64(len(g.log)) {
		return nil
	}
	return s.sync(ctx, g)
}

// syncTo is sync with the game's head already read from the store while
// the caller held g.mu (a hall's follower reads every game's in one
// query).
func (s *Server) syncTo(ctx context.Context, g *live, head int64) error {
	if g.broken {
		if err := s.rebuild(g); err != nil {
			return err
		}
	}
	if head <= int64(len(g.log)) {
		return nil
	}
	entries, err := s.store.Entries(ctx, g.meta.ID, int64(len(g.log)))
	if err != nil {
		return err
	}
	s.catchUp(g, entries)
	return nil
}

// catchUp applies entries written elsewhere and publishes them.
func (s *Server) catchUp(g *live, entries []store.Entry) {
	for _, e := range entries {
		if e.N != int64(len(g.log))+1 {
			continue // already known
		}
		s.replayStored(g, e)
		s.publishEntry(g, &g.log[len(g.log)-1], nil)
	}
}

// replayStored applies a stored entry and checks that the engine gives the
// rulings that were stored; a difference (an engine changed since) is
// logged, and the stored rulings stay the record.
func (s *Server) replayStored(g *live, e store.Entry) {
	var got []protocol.Ruling
	switch e.Kind {
	case store.KindAction:
		got = g.apply(int(e.N), *e.Action)
	case store.KindDecision:
		got = decisionRulings(e.N, e.Decision)
		g.setDecision(e.Decision)
	}
	if !sameRulings(got, e.Rulings) {
		s.log.Warn("replay gives other rulings than stored", "game", e.Game, "n", e.N, "stored", e.Rulings, "replayed", got)
	}
	g.push(e)
}

func sameRulings(a, b []protocol.Ruling) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

// push appends an entry that the engine has applied to the in-memory log.
func (g *live) push(e store.Entry) {
	if e.Rulings == nil {
		e.Rulings = []protocol.Ruling{}
	}
	if e.Seq != 0 {
		g.seqs[seqKey{e.Author, e.Seq}] = e.N
	}
	g.setOrigin(e)
	g.track(&e)
	g.log = append(g.log, record{Entry: e, ply: g.eng.Game().Ply()})
	g.logged.Store(int64(len(g.log)))
}

// setOrigin sets the game's time origin from its first action.
func (g *live) setOrigin(e store.Entry) {
	if !g.origin.IsZero() || g.meta.Start.Clock == nil || e.Kind != store.KindAction || e.Action == nil {
		return
	}
	g.origin = e.Time
	if e.Action.T != nil {
		g.origin = e.Time.Add(-time.Duration(*e.Action.T) * time.Millisecond)
	}
}

// stamp gives an action without t its time in the game, from the server's
// clock: the server owns time (its first action starts the game's clock).
func (g *live) stamp(a *protocol.Action, now time.Time) {
	if a.T != nil || g.meta.Start.Clock == nil {
		return
	}
	origin := g.origin
	if origin.IsZero() {
		origin = now
	}
	t := now.Sub(origin).Milliseconds()
	a.T = &t
}

// apply applies the action of entry n to the engine and returns its
// rulings; while the arbiter's decision stands, the game is over and the
// action is recorded with an after-end ruling (laws K7) without reaching
// the engine.
func (g *live) apply(n int, a protocol.Action) []protocol.Ruling {
	if g.decision != nil {
		return decidedRulings(n, a, g.decision)
	}
	return g.eng.Apply(n, a)
}

// decidedRulings is the after-end ruling of an action made while the
// arbiter's decision d stands.
func decidedRulings(n int, a protocol.Action, d *store.Decision) []protocol.Ruling {
	return []protocol.Ruling{{At: n, Kind: protocol.KindAfterEnd, By: a.By, Result: d.Result, Reason: "arbiter",
		Text: "the arbiter has decided the result (" + d.Result + "): this changes nothing"}}
}

// setDecision records the arbiter's decision ("*" withdraws it).
func (g *live) setDecision(d *store.Decision) {
	if d == nil || d.Result == "*" {
		g.decision = nil
		return
	}
	c := *d
	g.decision = &c
}

// result returns the result in force: the arbiter's decision, else the
// engine's.
func (g *live) result() (result, reason string) {
	if g.decision != nil {
		return g.decision.Result, "arbiter"
	}
	sum := g.eng.Summary()
	return sum.Result, sum.Reason
}

// decisionRulings are the rulings of an arbiter's decision: a result
// ruling with reason "arbiter" (an extension of the protocol's reasons).
func decisionRulings(n int64, d *store.Decision) []protocol.Ruling {
	return []protocol.Ruling{{At: int(n), Kind: protocol.KindResult, Result: d.Result, Reason: "arbiter", Text: d.Reason}}
}

func apiErr(status int, format string, args ...any) *APIError {
	return &APIError{Status: status, Err: fmt.Sprintf(format, args...)}
}

// apiMsg is an error answer with message msg of the catalogues, its
// parameters given as name, value pairs (each value written as %v
// writes it); its English is the English catalogue's.
func apiMsg(status int, msg string, kv ...any) *APIError {
	var args map[string]string
	if len(kv) > 0 {
		args = make(map[string]string, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			args[fmt.Sprint(kv[i])] = fmt.Sprint(kv[i+1])
		}
	}
	return &APIError{Status: status, Err: lang.English().Say(msg, args), Msg: msg, Args: args}
}

func refused(status, index int, msg string, rs []protocol.Ruling) *APIError {
	return &APIError{Status: status, Err: msg, Index: &index, Rulings: rs}
}

// sameAction compares two actions, sequence numbers aside.
func sameAction(a, b protocol.Action) bool {
	a.Seq, b.Seq = 0, 0
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// slowPost is the time above which a post is logged as slow, with the
// share of the engine and of the store.
const slowPost = 100 * time.Millisecond

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// post appends actions by who to a game: all of them, or none when one
// is refused (400, with the engine's error ruling), the board token they
// came with has been replaced (403), or the write fails. Actions whose seq
// was posted before are answered with their original acknowledgement and
// not applied again.
//
// The engine judges the actions before the write starts, so that the
// database's write lock is held for SQL only, and the entries are written
// at the head the game has in memory (AppendAt: one statement on
// PostgreSQL). If the log moved on meanwhile (another process appended),
// the engine is rebuilt and the actions judged again, under the game's
// write lock this time.
func (s *Server) post(ctx context.Context, g *live, who poster, actions []protocol.Action) (res PostResult, err error) {
	defer s.metrics.posted(time.Now(), len(actions), &res, &err)
	s.lastPost.Store(time.Now().UnixNano())
	g.mu.Lock()
	defer g.mu.Unlock()
	res, wrote, err := s.postLocked(ctx, g, who, actions)
	if !wrote {
		if terr := s.boardTokenStands(ctx, g, who); terr != nil {
			return PostResult{}, terr
		}
	}
	return res, err
}

// boardTokenStands checks, for an answer that wrote nothing (the acks of
// a retry, a refusal), that a board's token has not been replaced by
// another process since this one read the game's board hash: the store
// checks that for every append, this for the answers that need none. On
// SQLite one process owns the file and the hash in memory is the store's.
// The caller holds g.mu.
func (s *Server) boardTokenStands(ctx context.Context, g *live, who poster) error {
	if who.author != store.ByBoard || !s.store.Postgres() {
		return nil
	}
	meta, err := s.store.Game(ctx, g.meta.ID)
	if err != nil {
		return err
	}
	if !hashMatches(who.boardHash, meta.BoardHash) {
		g.meta.BoardHash = meta.BoardHash
		return tokenReplaced(g.meta.ID)
	}
	return nil
}

// tokenReplaced is the answer to a board token that was replaced.
func tokenReplaced(game string) error {
	return apiMsg(http.StatusForbidden, "server.board-token-replaced", "Game", game)
}

// postLocked is post under g.mu; wrote tells whether it wrote to the
// store (or tried to), which checks the board token itself.
func (s *Server) postLocked(ctx context.Context, g *live, who poster, actions []protocol.Action) (_ PostResult, wrote bool, _ error) {
	author := who.author
	if g.broken {
		if err := s.rebuild(g); err != nil {
			return PostResult{}, false, err
		}
	}
	// A retry whose every action is known needs no transaction.
	if acks, ok := g.knownAcks(author, actions); ok {
		return PostResult{Game: g.meta.ID, N: int64(len(g.log)), Acks: acks}, false, nil
	}
	if len(g.log)+len(actions) > maxLogEntries {
		return PostResult{}, false, apiMsg(http.StatusConflict, "server.log-full", "Game", g.meta.ID, "N", len(g.log), "Max", maxLogEntries)
	}
	t0 := time.Now()
	var judged, stored time.Duration
	defer func() {
		if d := time.Since(t0); d > slowPost {
			s.log.Warn("slow post", "game", g.meta.ID, "actions", len(actions), "ms", ms(d), "engine_ms", ms(judged), "store_ms", ms(stored))
		}
	}()
	// First without the lock: judge, then append if the log has not moved.
	tj := time.Now()
	states, acks, err := s.judge(g, author, actions)
	if err != nil && s.store.Postgres() {
		// A refusal may come of a log this process has not seen whole
		// (another process appended; an acceptance would find out when it
		// writes): catch up, and judge again if the log moved.
		n := len(g.log)
		if err := s.sync(ctx, g); err != nil {
			return PostResult{}, false, err
		}
		if len(g.log) != n {
			states, acks, err = s.judge(g, author, actions)
		}
	}
	judged += time.Since(tj)
	if err != nil {
		return PostResult{}, false, err // g.broken tells whether to rebuild
	}
	if len(states) == 0 {
		return PostResult{Game: g.meta.ID, N: int64(len(g.log)), Acks: acks}, false, nil
	}
	ts := time.Now()
	err = s.store.AppendAt(ctx, g.meta.ID, int64(len(g.log)), who.boardHash, entriesOf(states))
	stored += time.Since(ts)
	if errors.Is(err, store.ErrStale) {
		// Another process wrote to the game meanwhile. Judge again, this
		// time under the game's write lock, so that it cannot happen twice.
		if err := s.rebuild(g); err != nil {
			return PostResult{}, true, err
		}
		ts := time.Now()
		var again time.Duration
		err = s.store.Append(ctx, g.meta.ID, int64(len(g.log)), who.boardHash, func(m []store.Entry) ([]store.Entry, error) {
			s.catchUp(g, m) // committed by others: part of the log whatever happens next
			tj := time.Now()
			states, acks, err = s.judge(g, author, actions)
			again = time.Since(tj)
			if err != nil {
				return nil, err
			}
			return entriesOf(states), nil
		})
		judged += again
		stored += time.Since(ts) - again
		if err == nil && len(states) == 0 {
			g.broken = false
			return PostResult{Game: g.meta.ID, N: int64(len(g.log)), Acks: acks}, true, nil
		}
	}
	if err != nil {
		switch {
		case errors.Is(err, store.ErrConflict):
			return PostResult{}, true, apiErr(http.StatusConflict, "%v", err)
		case errors.Is(err, store.ErrTokenChanged):
			if meta, merr := s.store.Game(ctx, g.meta.ID); merr == nil {
				g.meta.BoardHash = meta.BoardHash
			}
			return PostResult{}, true, tokenReplaced(g.meta.ID)
		}
		return PostResult{}, true, err // g.broken: rebuilt on next use
	}
	g.broken = false
	for _, st := range states {
		if st.Seq != 0 {
			g.seqs[seqKey{st.Author, st.Seq}] = st.N
		}
		g.track(&st.Entry)
		g.log = append(g.log, st.record)
		g.logged.Store(int64(len(g.log)))
		s.publishEntry(g, &g.log[len(g.log)-1], st.state)
	}
	s.armFlag(g)
	return PostResult{Game: g.meta.ID, N: int64(len(g.log)), Acks: acks}, true, nil
}

// entriesOf returns the store entries of a post's entries.
func entriesOf(rs []judged) []store.Entry {
	es := make([]store.Entry, len(rs))
	for i := range rs {
		es[i] = rs[i].Entry
	}
	return es
}

// judge applies the new actions of a post to the engine and returns the
// entries to append and the acknowledgements. A refusal is returned as an
// *APIError; once an action reached the engine g.broken is set, so that
// the engine is rebuilt from the log unless the records get stored.
func (s *Server) judge(g *live, author string, actions []protocol.Action) ([]judged, []Ack, error) {
	var states []judged
	var acks []Ack
	now := time.Now().UTC()
	n := int64(len(g.log))
	batch := map[seqKey]int{} // seq → index in states, within this post
	for i, a := range actions {
		if a.Seq != 0 {
			k := seqKey{author, a.Seq}
			if at, ok := g.seqs[k]; ok {
				orig := g.log[at-1]
				if !sameAction(*orig.Action, a) {
					return nil, nil, refused(http.StatusConflict, i, fmt.Sprintf("seq %d was already used for another action (entry %d)", a.Seq, at), nil)
				}
				acks = append(acks, Ack{N: orig.N, Seq: a.Seq, Rulings: orig.Rulings, Duplicate: true})
				continue
			}
			if j, ok := batch[k]; ok {
				if !sameAction(*states[j].Action, a) {
					return nil, nil, refused(http.StatusConflict, i, fmt.Sprintf("seq %d appears twice in the post with different actions", a.Seq), nil)
				}
				acks = append(acks, Ack{N: states[j].N, Seq: a.Seq, Rulings: states[j].Rulings, Duplicate: true})
				continue
			}
		}
		if a.By == protocol.ByArbiter && author != store.ByArbiter {
			return nil, nil, refused(http.StatusForbidden, i, "an action by the arbiter needs the arbiter's token", nil)
		}
		if k := len(states) - 1; k >= 0 && states[k].state == nil {
			states[k].state = g.after(now) // the entry before, before this action moves the engine on
		}
		n++
		g.broken = true // the engine now runs ahead of the log
		// A board's t and times are checked against the server's
		// reckoning (clockcheck.go); the arbiter's, and the server's own
		// entries (a flag observed at the moment it fell), are taken.
		var notes []store.Note
		if author == store.ByBoard {
			if nt := g.checkTime(&a, now, s.drift()); nt != nil {
				notes = append(notes, *nt)
			}
			if nt := g.checkTimes(&a, s.drift()); nt != nil {
				notes = append(notes, *nt)
			}
		} else {
			g.stamp(&a, now)
		}
		rs := g.apply(int(n), a)
		if rs == nil {
			rs = []protocol.Ruling{}
		}
		for _, r := range rs {
			if r.Kind == protocol.KindError {
				return nil, nil, refused(http.StatusBadRequest, i, r.Error, rs)
			}
		}
		act := a
		e := store.Entry{Game: g.meta.ID, N: n, Author: author, Seq: a.Seq, Kind: store.KindAction, Action: &act, Rulings: rs, Time: now, Notes: notes}
		if g.origin.IsZero() && g.meta.Start.Clock != nil {
			g.setOrigin(e) // the first action starts the clock
		}
		if a.Seq != 0 {
			batch[seqKey{author, a.Seq}] = len(states)
		}
		acks = append(acks, Ack{N: n, Seq: a.Seq, Rulings: rs})
		states = append(states, judged{record: record{Entry: e, ply: g.eng.Game().Ply()}})
	}
	return states, acks, nil
}

// knownAcks answers a post whose actions all carry a seq already in the
// log, with the original acknowledgements.
func (g *live) knownAcks(author string, actions []protocol.Action) ([]Ack, bool) {
	acks := make([]Ack, 0, len(actions))
	for _, a := range actions {
		if a.Seq == 0 {
			return nil, false
		}
		at, ok := g.seqs[seqKey{author, a.Seq}]
		if !ok || !sameAction(*g.log[at-1].Action, a) {
			return nil, false
		}
		orig := g.log[at-1]
		acks = append(acks, Ack{N: orig.N, Seq: a.Seq, Rulings: orig.Rulings, Duplicate: true})
	}
	return acks, len(acks) > 0
}

// decide appends the arbiter's decision on the result.
func (s *Server) decide(ctx context.Context, g *live, d store.Decision) (PostResult, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.broken {
		if err := s.rebuild(g); err != nil {
			return PostResult{}, err
		}
	}
	var st record
	err := s.store.Append(ctx, g.meta.ID, int64(len(g.log)), "", func(missing []store.Entry) ([]store.Entry, error) {
		s.catchUp(g, missing)
		n := int64(len(g.log)) + 1
		e := store.Entry{Game: g.meta.ID, N: n, Author: store.ByArbiter, Kind: store.KindDecision, Decision: &d, Rulings: decisionRulings(n, &d), Time: time.Now().UTC()}
		st = record{Entry: e}
		return []store.Entry{e}, nil
	})
	if err != nil {
		return PostResult{}, err
	}
	g.setDecision(&d)
	g.push(st.Entry)
	s.publishEntry(g, &g.log[len(g.log)-1], nil)
	s.armFlag(g) // a withdrawn decision lets the clock run on
	last := g.log[len(g.log)-1]
	return PostResult{Game: g.meta.ID, N: last.N, Acks: []Ack{{N: last.N, Rulings: last.Rulings}}}, nil
}

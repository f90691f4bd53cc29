package server

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/internal/safetext"
	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/touch"
)

// pgnRecord builds the PGN of a game from its engine, log and decision:
// the tags a broadcast matches games by (Event, Site, Date, Round
// "round.board", White, Black, with the players' ratings, titles and FIDE
// IDs where the event has them), TimeControl, the moves as they stand with
// their clocks ([%clk]), and the arbiter's rulings as comments on the
// moves they concern (package scoresheet).
func pgnRecord(ev store.Event, m store.Game, eng *touch.Engine, log []record, decision *store.Decision, wp, bp *store.Player) *pgn.Game {
	gm := eng.Game()
	sum := eng.Summary()
	result, reason := sum.Result, sum.Reason
	if decision != nil {
		result, reason = decision.Result, "arbiter"
		if decision.Forfeit {
			// A forfeit: the game was not played. PGN has no 0-0: a double
			// forfeit is "*", which the standard gives to abandoned games.
			reason = "forfeit"
			if result == "0-0" {
				result, reason = "*", "double-forfeit"
			}
		}
	}
	site := ev.Site
	if site == "" {
		site = "?"
	}
	date := m.Created.Format("2006.01.02")
	tags := []pgn.Tag{{Name: "Event", Value: ev.Name}, {Name: "Site", Value: site}, {Name: "Date", Value: date},
		{Name: "Round", Value: fmt.Sprintf("%d.%d", m.Round, m.Board)}}
	var white, black store.Player
	if wp != nil {
		white = *wp
	}
	if bp != nil {
		black = *bp
	}
	name := func(p store.Player, typed string) string {
		if p.Name != "" {
			return p.Name
		}
		return typed
	}
	tags = append(tags, pgn.Tag{Name: "White", Value: name(white, m.White)}, pgn.Tag{Name: "Black", Value: name(black, m.Black)},
		pgn.Tag{Name: "Result", Value: result})
	for _, side := range []struct {
		color string
		p     store.Player
	}{{"White", white}, {"Black", black}} {
		if side.p.Rating > 0 {
			tags = append(tags, pgn.Tag{Name: side.color + "Elo", Value: strconv.Itoa(side.p.Rating)})
		}
		if t := strings.ToUpper(side.p.Title); pgnTitles[t] {
			tags = append(tags, pgn.Tag{Name: side.color + "Title", Value: t})
		}
		if side.p.FIDEID != "" {
			tags = append(tags, pgn.Tag{Name: side.color + "FideId", Value: side.p.FIDEID})
		}
	}
	tags = append(tags, pgn.Tag{Name: "Board", Value: strconv.Itoa(m.Board)})
	tags = append(tags, scoresheet.Tags(m.Start, gm.Start(), eng.Rules().Name, reason)...)
	if reason == "" {
		tags = append(tags, pgn.Tag{Name: "Termination", Value: scoresheet.Termination("")})
	}
	tags = append(tags, pgn.Tag{Name: "GameId", Value: m.ID})
	for i := range tags {
		// Text stored before names were checked at input may hold a line
		// break or a control character: a tag is one line (safetext).
		tags[i].Value = safetext.Clean(tags[i].Value)
	}
	sheet := scoresheet.New(gm.Start())
	if l, err := lang.Parse(ev.Info.Lang); err == nil && ev.Info.Lang != "" {
		sheet.In(l)
	}
	for _, r := range log {
		sheet.Add(r.Action, r.Rulings, r.ply)
	}
	return sheet.Game(tags, sum.Moves, result)
}

// pgnTitles are the titles a PGN's WhiteTitle and BlackTitle carry: the
// FIDE titles and the national master titles, in the forms lichess's
// broadcasts show (a TRF's old codes are mapped to them on import); any
// other title is left out rather than dropped by a reader.
var pgnTitles = map[string]bool{"GM": true, "IM": true, "FM": true, "CM": true, "WGM": true, "WIM": true, "WFM": true, "WCM": true, "NM": true, "WNM": true, "LM": true}

// pgnGame builds the PGN of g as it stands. The caller holds g.mu.
func (g *live) pgnGame(ev store.Event) *pgn.Game {
	return pgnRecord(ev, g.meta, g.eng, g.log, g.decision, g.white, g.black)
}

// pgnText returns the PGN text of g as it stands (a game, or a shadow of
// it), from its cache while its log and the event's and players' version
// have not changed. The caller holds g.mu.
func (s *Server) pgnText(g *live, ev store.Event, version uint64) ([]byte, error) {
	if c := g.pgnCache; c.text != nil && c.n == len(g.log) && c.version == version {
		return c.text, nil
	}
	var buf bytes.Buffer
	if err := pgn.NewWriter(&buf).Write(g.pgnGame(ev)); err != nil {
		return nil, err
	}
	g.pgnCache = pgnCache{n: len(g.log), version: version, text: buf.Bytes()}
	return buf.Bytes(), nil
}

// pgnCache is a game's last PGN text: after its n entries, for an event
// and players of the given version.
type pgnCache struct {
	n       int
	version uint64
	text    []byte
}

// upTo returns how many of g's entries had been stored by cutoff (all of
// them for a zero cutoff). The caller holds g.mu.
func (g *live) upTo(cutoff time.Time) int {
	if cutoff.IsZero() {
		return len(g.log)
	}
	return sort.Search(len(g.log), func(i int) bool { return g.log[i].Time.After(cutoff) })
}

// eventVersion fingerprints what of an event goes into its PGN, so that
// caches and ETags change when it does.
func eventVersion(ev store.Event) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", ev.ID, ev.Name, ev.Site, ev.Info.Lang)
	return h.Sum64()
}

// playerVersion fingerprints a game's players for the same purpose.
func playerVersion(ps ...*store.Player) uint64 {
	h := fnv.New64a()
	for _, p := range ps {
		if p != nil {
			fmt.Fprintf(h, "%d\x00%s\x00%s\x00%s\x00%d\x00", p.Rank, p.Name, p.Title, p.FIDEID, p.Rating)
		}
		h.Write([]byte{1})
	}
	return h.Sum64()
}

func (s *Server) gamePGN(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("game")
	g, err := s.game(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	eventID := g.meta.Event
	g.mu.Unlock()
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		writeErr(w, err)
		return
	}
	// The comments' language: ?lang=, else the event's, else the
	// reader's Accept-Language.
	if q := r.URL.Query().Get("lang"); q != "" {
		l, err := lang.Parse(q)
		if err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
		ev.Info.Lang = l.Code()
	} else if ev.Info.Lang == "" && r.Header.Get("Accept-Language") != "" {
		ev.Info.Lang = lang.Match(r.Header.Get("Accept-Language")).Code()
	}
	var pg *pgn.Game
	err = s.readView(ctx, r, id, func(g *live) { pg = g.pgnGame(ev) })
	var buf bytes.Buffer
	if err == nil {
		err = pgn.NewWriter(&buf).Write(pg)
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	writePGN(w, buf.Bytes())
}

// eventPGN serves the event's games as PGN, live: a broadcast source that
// lichess polls every few seconds (round=N for one round; boards=A-B for
// some of its boards, as a lichess round takes at most 100 games; delay=S
// serves each game as it stood S seconds ago, against cheating). The answer has
// an ETag; a poll with If-None-Match gets 304 while nothing changed.
func (s *Server) eventPGN(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	round, err := roundParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	delay, err := delayParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	lo, hi := 1, maxBoard
	if q := r.URL.Query().Get("boards"); q != "" {
		a, b, ok := strings.Cut(q, "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || x < 1 || y < x {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.boards-range", "Got", strconv.Quote(q)))
			return
		}
		lo, hi = x, y
	}
	id := r.PathValue("event")
	// The event's delay holds for every reader but the arbiter: delay=
	// may only lengthen it (rounded up by feedDelay, so that readers share
	// what is kept for them).
	least, err := s.readerDelay(ctx, r, id, nil)
	if err != nil {
		writeErr(w, err)
		return
	}
	if delay > least {
		delay = feedDelay(delay)
	}
	stream := false
	if delay <= least {
		delay, stream = least, least > 0
	}
	body, etag, err := s.eventFeed(ctx, id, round, lo, hi, delay, stream)
	if err != nil {
		writeErr(w, err)
		return
	}
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "no-cache")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if delay > 0 {
		// Delayed feeds are written one at a time on the server: however
		// many readers poll, they take one core at most, and the boards'
		// posts keep the other.
		select {
		case s.feeds <- struct{}{}:
		case <-ctx.Done():
			writeErr(w, ctx.Err())
			return
		}
		defer func() { <-s.feeds }()
	}
	b, err := body()
	if err != nil {
		writeErr(w, err)
		return
	}
	writePGN(w, b)
}

// eventFeed returns the ETag of an event's PGN (a round of it, as it stood
// delay ago) and a function that writes the PGN itself, so that a 304
// costs no PGN. The PGN is whole or an error: a game that cannot be
// written fails it.
//
// A delayed feed is read from the games' shadows (delay.go): the event's
// delay's (stream), or kept for this delay; never replayed under a game's
// lock.
func (s *Server) eventFeed(ctx context.Context, id string, round, lo, hi int, delay time.Duration, stream bool) (func() ([]byte, error), string, error) {
	ev, metas, err := s.eventGames(ctx, id)
	if err != nil {
		return nil, "", err
	}
	version := eventVersion(ev)
	var cutoff time.Time
	if delay > 0 {
		cutoff = time.Now().Add(-delay)
	}
	type item struct {
		g *live
		k int
	}
	var items []item
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%d\x00%d\x00%d-%d\x00", version, round, delay, lo, hi)
	for _, m := range metas {
		if round != 0 && m.Round != round || m.Board < lo || m.Board > hi {
			continue
		}
		g, err := s.game(ctx, m.ID)
		if err != nil {
			return nil, "", err
		}
		g.mu.Lock()
		if s.store.Postgres() || g.broken {
			err = s.sync(ctx, g) // another process may have written
		}
		k := g.upTo(cutoff)
		pv := playerVersion(g.white, g.black)
		g.mu.Unlock()
		if err != nil {
			return nil, "", err
		}
		fmt.Fprintf(h, "%s:%d:%x\x00", m.ID, k, pv)
		items = append(items, item{g, k})
	}
	etag := fmt.Sprintf(`"%x"`, h.Sum64())
	body := func() ([]byte, error) {
		var buf bytes.Buffer
		for _, it := range items {
			g := it.g
			if delay > 0 {
				sh, err := s.past(ctx, g, delay, stream)
				if err != nil {
					return nil, err
				}
				g = sh
			}
			g.mu.Lock()
			text, err := s.pgnText(g, ev, version^playerVersion(g.white, g.black))
			g.mu.Unlock()
			if err != nil {
				// Never a feed with a game silently missing: the whole
				// answer fails, and says which game.
				s.log.Error("event PGN: a game cannot be written", "event", id, "game", it.g.meta.ID, "err", err)
				return nil, fmt.Errorf("the PGN of game %s cannot be written: %w", it.g.meta.ID, err)
			}
			buf.Write(text)
		}
		return buf.Bytes(), nil
	}
	return body, etag, nil
}

func writePGN(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// feedTTL is how long the feed trusts its copy of an event's game list: a
// poll costs no query of the games while it is fresh, and a game added
// (here or by another process) shows within that time.
const feedTTL = 2 * time.Second

// eventList is an event and its games as the feed last read them.
type eventList struct {
	ev    store.Event
	games []store.Game
	read  time.Time
}

// eventGames returns an event and its games, from a copy at most feedTTL
// old.
func (s *Server) eventGames(ctx context.Context, id string) (store.Event, []store.Game, error) {
	s.listMu.Lock()
	l, ok := s.lists[id]
	s.listMu.Unlock()
	if ok && time.Since(l.read) < feedTTL {
		return l.ev, l.games, nil
	}
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		return store.Event{}, nil, err
	}
	games, err := s.store.Games(ctx, id)
	if err != nil {
		return store.Event{}, nil, err
	}
	s.listMu.Lock()
	if s.lists == nil {
		s.lists = map[string]eventList{}
	}
	s.lists[id] = eventList{ev: ev, games: games, read: time.Now()}
	s.listMu.Unlock()
	return ev, games, nil
}

// forgetList drops the feed's copy of an event's game list (games were
// added, players changed).
func (s *Server) forgetList(id string) {
	s.listMu.Lock()
	delete(s.lists, id)
	s.listMu.Unlock()
}

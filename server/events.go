package server

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/standings"
)

// newGames checks game specs (the engine must accept each start) and makes
// store records and tokens for them. Boards left at 0 are numbered after
// the highest board of their round in taken.
func (s *Server) newGames(eventID string, def *protocol.Start, specs []GameSpec, taken map[int]int) ([]store.Game, []string, error) {
	now := time.Now().UTC()
	if len(specs) > maxGamesPerRequest {
		return nil, nil, apiMsg(http.StatusBadRequest, "server.too-many-games", "N", len(specs), "Max", maxGamesPerRequest)
	}
	games := make([]store.Game, 0, len(specs))
	tokens := make([]string, 0, len(specs))
	for i, sp := range specs {
		if sp.Round == 0 {
			sp.Round = 1
		}
		if sp.Round < 0 || sp.Board < 0 || sp.Round > maxRound || sp.Board > maxBoard {
			return nil, nil, apiMsg(http.StatusBadRequest, "server.game-round-board", "Game", i, "MaxRound", maxRound, "MaxBoard", maxBoard)
		}
		for _, f := range []struct{ name, v string }{{"white", sp.White}, {"black", sp.Black}} {
			if err := textField(fmt.Sprintf("game %d: %s", i, f.name), f.v); err != nil {
				return nil, nil, err
			}
		}
		if sp.Board == 0 {
			sp.Board = taken[sp.Round] + 1
			if sp.Board > maxBoard {
				return nil, nil, apiMsg(http.StatusBadRequest, "server.no-board-left", "Game", i, "Round", sp.Round, "MaxBoard", maxBoard)
			}
		}
		if sp.Board > taken[sp.Round] {
			taken[sp.Round] = sp.Board
		}
		if def != nil && reflect.ValueOf(sp.Start).IsZero() {
			sp.Start = *def
		}
		g := store.Game{ID: newID(), Event: eventID, Round: sp.Round, Board: sp.Board, White: sp.White, Black: sp.Black,
			Start: sp.Start, Enforce: sp.Enforce, Created: now}
		if g.White == "" {
			g.White = "?"
		}
		if g.Black == "" {
			g.Black = "?"
		}
		if _, err := s.newEngine(g); err != nil {
			return nil, nil, apiErr(http.StatusBadRequest, "game %d: %v", i, err)
		}
		tok := newToken(boardPrefix)
		g.BoardHash = hashToken(tok)
		games = append(games, g)
		tokens = append(tokens, tok)
	}
	return games, tokens, nil
}

// created loads the new games and pairs their views with their tokens.
func (s *Server) created(ctx context.Context, games []store.Game, tokens []string) ([]CreatedGame, error) {
	out := make([]CreatedGame, 0, len(games))
	for i, gm := range games {
		g, err := s.game(ctx, gm.ID)
		if err != nil {
			return nil, err
		}
		g.mu.Lock()
		v := g.view(false)
		s.publishSnapshot(g)
		g.mu.Unlock()
		out = append(out, CreatedGame{GameView: v, BoardToken: tokens[i]})
	}
	return out, nil
}

func (s *Server) createEvent(w http.ResponseWriter, r *http.Request) {
	if s.opts.AdminToken == "" && s.viaProxy(r) {
		// Served on loopback without an admin token, but reached through a
		// reverse proxy: anyone on the proxy's side could create events.
		writeErr(w, apiMsg(http.StatusForbidden, "server.proxy-no-admin"))
		return
	}
	if s.opts.AdminToken != "" {
		tok := requestToken(r)
		if tok == "" {
			writeErr(w, apiMsg(http.StatusUnauthorized, "server.admin-needed"))
			return
		}
		if !tokenMatches(tok, hashToken(s.opts.AdminToken)) {
			writeErr(w, apiMsg(http.StatusForbidden, "server.admin-wrong"))
			return
		}
	}
	var spec EventSpec
	if err := readJSON(w, r, &spec); err != nil {
		writeErr(w, err)
		return
	}
	if spec.Name == "" {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.event-name"))
		return
	}
	for _, f := range []struct{ name, v string }{{"name", spec.Name}, {"site", spec.Site}} {
		if err := textField(f.name, f.v); err != nil {
			writeErr(w, err)
			return
		}
	}
	if spec.Delay < 0 || spec.Delay > MaxDelay {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.delay-range", "Max", MaxDelay, "Got", spec.Delay))
		return
	}
	ev := store.Event{ID: newID(), Name: spec.Name, Site: spec.Site, Created: time.Now().UTC(), Start: spec.Start, Delay: spec.Delay,
		Info: store.EventInfo{Kind: spec.Kind}}
	if spec.Kind != "" && spec.Kind != "game" {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.event-kind", "Got", strconv.Quote(spec.Kind)))
		return
	}
	if spec.Lang != "" {
		l, err := lang.Parse(spec.Lang)
		if err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
		ev.Info.Lang = l.Code()
	}
	if _, _, err := parseRules(spec.TiebreakRules); err != nil {
		writeErr(w, err)
		return
	}
	ev.Info.TiebreakRules = spec.TiebreakRules
	if spec.System != "" {
		sys, err := standings.ParseSystem(spec.System)
		if err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
		ev.Info.System = string(sys)
	}
	if spec.Tiebreaks != "" {
		tbs, err := standings.ParseTiebreaks(spec.Tiebreaks)
		if err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
		names := make([]string, len(tbs))
		for i, tb := range tbs {
			names[i] = tb.String()
		}
		ev.Info.Tiebreaks = strings.Join(names, ",")
	}
	if spec.Start != nil && spec.Start.Clock != nil {
		ev.Info.TimeControl = scoresheet.TimeControl(spec.Start.Clock)
	}
	arb := newToken(arbiterPrefix)
	ev.ArbiterHash = hashToken(arb)
	games, tokens, err := s.newGames(ev.ID, spec.Start, spec.Games, map[int]int{})
	if err != nil {
		writeErr(w, err)
		return
	}
	if err := s.store.CreateEvent(r.Context(), ev, games); err != nil {
		writeErr(w, err)
		return
	}
	cg, err := s.created(r.Context(), games, tokens)
	if err != nil {
		writeErr(w, err)
		return
	}
	s.log.Info("event created", "event", ev.ID, "name", ev.Name, "games", len(games))
	writeJSON(w, http.StatusCreated, CreatedEvent{ID: ev.ID, Name: ev.Name, Site: ev.Site, ArbiterToken: arb, Games: cg})
}

// eventsPage is the default and largest page of GET /api/events.
const eventsPage = 100

// listEvents serves GET /api/events: the events, newest first, a page at
// a time (limit, at most eventsPage; offset); a Link header names the
// next page when there is one.
func (s *Server) listEvents(w http.ResponseWriter, r *http.Request) {
	limit, offset := eventsPage, 0
	for _, p := range []struct {
		name string
		v    *int
		max  int
	}{{"limit", &limit, eventsPage}, {"offset", &offset, 1 << 30}} {
		q := r.URL.Query().Get(p.name)
		if q == "" {
			continue
		}
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > p.max || p.name == "limit" && n == 0 {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.param-range", "Name", p.name, "Min", map[string]int{"limit": 1}[p.name], "Max", p.max, "Got", strconv.Quote(q)))
			return
		}
		*p.v = n
	}
	evs, err := s.store.EventsPage(r.Context(), offset, limit+1)
	if err != nil {
		writeErr(w, err)
		return
	}
	progress, err := s.store.EventsProgress(r.Context(), offset, limit+1)
	if err != nil {
		writeErr(w, err)
		return
	}
	if len(evs) > limit {
		evs = evs[:limit]
		w.Header().Set("Link", fmt.Sprintf("<%s?offset=%d&limit=%d>; rel=\"next\"", r.URL.Path, offset+limit, limit))
	}
	out := make([]EventItem, len(evs))
	for i, ev := range evs {
		p := progress[ev.ID]
		out[i] = EventItem{Event: ev, CurrentRound: p.CurrentRound, Rounds: p.Rounds, GameCount: p.Games, Status: eventStatus(ev, p)}
	}
	writeJSON(w, http.StatusOK, out)
}

// eventStatus says where an event stands, in words.
func eventStatus(ev store.Event, p store.Progress) string {
	switch {
	case ev.Info.Kind == "game":
		return "a game on one screen"
	case p.Games == 0:
		return "no games yet"
	case p.CurrentRound == 0 && p.Rounds == 1:
		return "1 round paired, no round started"
	case p.CurrentRound == 0:
		return fmt.Sprintf("%d rounds paired, no round started", p.Rounds)
	}
	return fmt.Sprintf("round %d of %d", p.CurrentRound, p.Rounds)
}

// eventView reads an event and the views of its games (round may select
// one round; 0 is all), as they stood lag ago (0: live).
func (s *Server) eventView(ctx context.Context, id string, round int, lag time.Duration) (*EventView, []*live, error) {
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	metas, err := s.store.Games(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	v := &EventView{ID: ev.ID, Name: ev.Name, Site: ev.Site, Created: ev.Created, Start: ev.Start, Info: ev.Info, Delay: ev.Delay, Rounds: []int{}, Games: []*GameView{},
		Matches: eventMatches(ev, metas)}
	if v.CurrentRound, err = s.store.CurrentRound(ctx, ev.ID); err != nil {
		return nil, nil, err
	}
	var lives []*live
	for _, m := range metas {
		if n := len(v.Rounds); n == 0 || v.Rounds[n-1] != m.Round {
			v.Rounds = append(v.Rounds, m.Round) // the games come by round
		}
		if round != 0 && m.Round != round {
			continue
		}
		g, err := s.game(ctx, m.ID)
		if err != nil {
			return nil, nil, err
		}
		lives = append(lives, g)
		if lag > 0 {
			sh, err := s.past(ctx, g, lag, true)
			if err != nil {
				return nil, nil, err
			}
			sh.mu.Lock()
			v.Games = append(v.Games, sh.view(false))
			sh.mu.Unlock()
			continue
		}
		g.mu.Lock()
		err = s.sync(ctx, g)
		if err == nil {
			v.Games = append(v.Games, g.view(false))
		}
		g.mu.Unlock()
		if err != nil {
			return nil, nil, err
		}
	}
	return v, lives, nil
}

func roundParam(r *http.Request) (int, error) {
	q := r.URL.Query().Get("round")
	if q == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 1 {
		return 0, apiMsg(http.StatusBadRequest, "server.round-positive", "Got", strconv.Quote(q))
	}
	return n, nil
}

func (s *Server) getEvent(w http.ResponseWriter, r *http.Request) {
	round, err := roundParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	id := r.PathValue("event")
	lag, err := s.readerDelay(r.Context(), r, id, nil)
	if err != nil {
		writeErr(w, err)
		return
	}
	v, _, err := s.eventView(r.Context(), id, round, lag)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) addGames(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	var body struct {
		Start *protocol.Start `json:"start,omitempty"`
		Games []GameSpec      `json:"games"`
	}
	if err := readJSON(w, r, &body); err != nil {
		writeErr(w, err)
		return
	}
	existing, err := s.store.Games(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	taken := map[int]int{}
	for _, g := range existing {
		taken[g.Round] = max(taken[g.Round], g.Board)
	}
	def := body.Start
	if def == nil {
		// Games added later inherit the event's settings (rules, clock).
		ev, err := s.store.Event(ctx, id)
		if err != nil {
			writeErr(w, err)
			return
		}
		def = ev.Start
	}
	s.forgetList(id)
	games, tokens, err := s.newGames(id, def, body.Games, taken)
	if err != nil {
		writeErr(w, err)
		return
	}
	if err := s.store.AddGames(ctx, id, games); err != nil {
		writeErr(w, err)
		return
	}
	cg, err := s.created(ctx, games, tokens)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"event": id, "games": cg})
}

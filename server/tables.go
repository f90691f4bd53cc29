package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/arbiterchess/arbiter/server/store"
)

// Tables: an event's boards are tables, numbered as the pairings number
// them (a game's board). A table's token (tbl_...) is valid for the whole
// event: it posts to, and reads live, the game paired at that table in
// the round the arbiter started last; between rounds it posts to nothing.
// Game board tokens keep working.

// tablePrefix starts a table token.
const tablePrefix = "tbl_"

// tableTTL is how long a process trusts its copy of an event's tables and
// current round (another process's round start or new token is seen
// within it; this process's at once).
const tableTTL = 2 * time.Second

// eventTables is an event's tables and current round as last read.
type eventTables struct {
	hashes map[int]string
	round  int
	read   time.Time
}

// tables returns an event's table hashes and current round, from a copy
// at most tableTTL old.
func (s *Server) tables(ctx context.Context, event string) (eventTables, error) {
	s.tableMu.Lock()
	t, ok := s.tableCache[event]
	s.tableMu.Unlock()
	if ok && time.Since(t.read) < tableTTL {
		return t, nil
	}
	hashes, err := s.store.TableHashes(ctx, event)
	if err != nil {
		return eventTables{}, err
	}
	round, err := s.store.CurrentRound(ctx, event)
	if err != nil {
		return eventTables{}, err
	}
	t = eventTables{hashes: hashes, round: round, read: time.Now()}
	s.tableMu.Lock()
	if s.tableCache == nil {
		s.tableCache = map[string]eventTables{}
	}
	s.tableCache[event] = t
	s.tableMu.Unlock()
	return t, nil
}

// forgetTables drops the copy of an event's tables (changed here).
func (s *Server) forgetTables(event string) {
	s.tableMu.Lock()
	delete(s.tableCache, event)
	s.tableMu.Unlock()
}

// tableOf reports whether hash h is the token of the table of game g
// (its board) in the event's current round, which is g's. The caller
// does not hold g.mu.
func (s *Server) tableOf(ctx context.Context, h string, g *live) bool {
	g.mu.Lock()
	event, round, board := g.meta.Event, g.meta.Round, g.meta.Board
	g.mu.Unlock()
	t, err := s.tables(ctx, event)
	return err == nil && t.round == round && hashMatches(h, t.hashes[board])
}

// tableParam reads a table number from a path.
func tableParam(r *http.Request) (int, error) {
	n, err := strconv.Atoi(r.PathValue("table"))
	if err != nil || n < 1 || n > maxBoard {
		return 0, apiMsg(http.StatusBadRequest, "server.table-number", "Max", maxBoard, "Got", strconv.Quote(r.PathValue("table")))
	}
	return n, nil
}

// postTableToken serves POST /api/events/{event}/tables/{table}/token
// (the arbiter's): a new token for the table; the old one stops working.
func (s *Server) postTableToken(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	n, err := tableParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	tok := newToken(tablePrefix)
	if err := s.store.SetTableHash(ctx, id, n, hashToken(tok)); err != nil {
		writeErr(w, err)
		return
	}
	s.forgetTables(id)
	s.log.Info("table token issued", "event", id, "table", n)
	writeJSON(w, http.StatusOK, map[string]any{"event": id, "table": n, "table_token": tok})
}

// startRound serves POST /api/events/{event}/rounds/{round}/start (the
// arbiter's): the tables' tokens go to the round's games from now on.
func (s *Server) startRound(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	round, err := strconv.Atoi(r.PathValue("round"))
	if err != nil || round < 1 || round > maxRound {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.round-number", "Max", maxRound, "Got", strconv.Quote(r.PathValue("round"))))
		return
	}
	games, err := s.store.Games(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	out := RoundStart{Event: id, Round: round, Tables: []TableGame{}}
	for _, g := range games {
		if g.Round == round {
			out.Tables = append(out.Tables, TableGame{Table: g.Board, Game: g.ID, White: g.White, Black: g.Black})
		}
	}
	if len(out.Tables) == 0 {
		writeErr(w, apiMsg(http.StatusConflict, "server.round-no-games", "Round", round, "Event", id))
		return
	}
	if err := s.store.SetCurrentRound(ctx, id, round); err != nil {
		writeErr(w, err)
		return
	}
	s.forgetTables(id)
	s.log.Info("round started", "event", id, "round", round, "games", len(out.Tables))
	writeJSON(w, http.StatusOK, out)
}

// tableGame returns the game paired at table n of the event's current
// round, checking that the request carries that table's token: 401
// without a token, 403 with another, 409 when the table has no game in
// the current round (between rounds, or a table not used in it).
func (s *Server) tableGame(ctx context.Context, r *http.Request, event string, n int) (*live, error) {
	t, err := s.tableToken(ctx, r, event, n)
	if err != nil {
		return nil, err
	}
	if t.round == 0 {
		return nil, apiMsg(http.StatusConflict, "server.no-round-started", "Event", event)
	}
	_, metas, err := s.eventGames(ctx, event)
	if err != nil {
		return nil, err
	}
	for _, m := range metas {
		if m.Round == t.round && m.Board == n {
			return s.game(ctx, m.ID)
		}
	}
	return nil, apiMsg(http.StatusConflict, "server.table-no-game", "Table", n, "Round", t.round, "Event", event)
}

// postTableActions serves POST /api/events/{event}/tables/{table}/actions
// (the table's token): the actions go to the game paired at the table in
// the current round, as a board's post to it.
func (s *Server) postTableActions(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	n, err := tableParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	g, err := s.tableGame(ctx, r, r.PathValue("event"), n)
	if err != nil {
		writeErr(w, err)
		return
	}
	body, err := readBody(w, r)
	if err != nil {
		writeErr(w, err)
		return
	}
	actions, err := ParseActions(body)
	if err != nil {
		writeErr(w, err)
		return
	}
	res, err := s.post(ctx, g, poster{author: store.ByBoard}, actions)
	postAnswer(w, l, res, err)
}

// getTable serves GET /api/events/{event}/tables/{table} (the table's
// token).
func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	n, err := tableParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	id := r.PathValue("event")
	g, err := s.tableGame(ctx, r, id, n)
	if err != nil {
		writeErr(w, err)
		return
	}
	var v *GameView
	if err := s.readGame(ctx, g.meta.ID, func(g *live) { v = g.view(true) }); err != nil {
		writeErr(w, err)
		return
	}
	v.Reader = "board"
	writeJSON(w, http.StatusOK, TableView{Event: id, Table: n, Round: v.Round, Game: v})
}

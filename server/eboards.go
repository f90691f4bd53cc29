package server

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"time"
)

// E-board status: the e-board reader at a hall's machine says, for each
// table it serves, what its board is doing (PUT
// /api/events/{event}/tables/{table}/eboard, the table's token), and the
// arbiter's pages read it back for every table (GET
// /api/events/{event}/eboards, the arbiter's token). It is a report of
// the moment, kept in this process's memory and never stored: a reader
// sends it again when it changes and at least every half minute, and a
// report older than eboardStale says so.

// eboardStale is how old a report may be before the table's board is
// shown as no longer reporting.
const eboardStale = 90 * time.Second

// maxEboardTables bounds the reports kept for one event (a table number
// is at most maxBoard anyway).
const maxEboardTables = maxBoard

// eboardReports holds the e-board reports of every event, by table.
type eboardReports struct {
	mu     sync.Mutex
	events map[string]map[int]EboardView
}

func (e *eboardReports) put(event string, v EboardView) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.events == nil {
		e.events = map[string]map[int]EboardView{}
	}
	t := e.events[event]
	if t == nil {
		t = map[int]EboardView{}
		e.events[event] = t
	}
	if _, ok := t[v.Table]; ok || len(t) < maxEboardTables {
		t[v.Table] = v
	}
}

func (e *eboardReports) list(event string, now time.Time) []EboardView {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := []EboardView{}
	for _, v := range e.events[event] {
		v.Stale = now.Sub(v.Seen) > eboardStale
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Table < out[j].Table })
	return out
}

// putEboard serves PUT /api/events/{event}/tables/{table}/eboard (the
// table's token, in or between rounds).
func (s *Server) putEboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	n, err := tableParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	if _, err := s.tableToken(ctx, r, id, n); err != nil {
		writeErr(w, err)
		return
	}
	var st EboardStatus
	if err := readJSON(w, r, &st); err != nil {
		writeErr(w, err)
		return
	}
	for _, f := range []struct{ name, v string }{{"serial", st.Serial}, {"port", st.Port}, {"last_action", st.LastAction}, {"game", st.Game}, {"message", st.Message}} {
		if err := textField(f.name, f.v); err != nil {
			writeErr(w, err)
			return
		}
	}
	if st.LastAction != "" {
		if _, err := time.Parse(time.RFC3339, st.LastAction); err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "last_action is a time as RFC 3339 writes it (2026-12-03T17:04:05Z), not %q", st.LastAction))
			return
		}
	}
	if st.Queued < 0 || st.Round < 0 || st.Round > maxRound {
		writeErr(w, apiErr(http.StatusBadRequest, "queued is 0 or more and round 0 to %d", maxRound))
		return
	}
	s.eboards.put(id, EboardView{Table: n, EboardStatus: st, Seen: time.Now().UTC()})
	w.WriteHeader(http.StatusNoContent)
}

// getEboards serves GET /api/events/{event}/eboards (the arbiter's): the
// last report of every table's e-board.
func (s *Server) getEboards(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, Eboards{Event: id, Boards: s.eboards.list(id, time.Now())})
}

// tableToken checks that the request carries the token of table n of the
// event: 401 without a token, 403 with another. It returns the event's
// tables.
func (s *Server) tableToken(ctx context.Context, r *http.Request, event string, n int) (eventTables, error) {
	tok := requestToken(r)
	if tok == "" {
		return eventTables{}, apiMsg(http.StatusUnauthorized, "server.table-token")
	}
	t, err := s.tables(ctx, event)
	if err != nil {
		return eventTables{}, err
	}
	if !hashMatches(hashToken(tok), t.hashes[n]) {
		// Issued by another process since this one read the tables?
		s.forgetTables(event)
		if t, err = s.tables(ctx, event); err != nil {
			return eventTables{}, err
		}
		if !hashMatches(hashToken(tok), t.hashes[n]) {
			return eventTables{}, apiMsg(http.StatusForbidden, "server.not-table-token", "Table", n, "Event", event)
		}
	}
	return t, nil
}

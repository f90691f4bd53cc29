package server

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/server/store"
)

// writeCheck writes the health row when the last write is older than
// healthWriteEvery, or now, and returns the outcome of the last one.
// Callers at the same time share one write.
func (s *Server) writeCheck(ctx context.Context, now bool) error {
	s.healthMu.Lock()
	defer s.healthMu.Unlock()
	if !now && !s.healthAt.IsZero() && time.Since(s.healthAt) < healthWriteEvery {
		return s.healthErr
	}
	err := s.store.WriteCheck(ctx)
	if err != nil {
		s.log.Warn("health: the database does not take writes", "cause", err.Error())
	}
	s.healthAt, s.healthErr = time.Now(), err
	return err
}

// storeErrorWindow is how long a failed request keeps /healthz degraded.
const storeErrorWindow = time.Minute

// noteStoreError remembers a request that failed on the server's side
// (the database, most often) for /healthz.
func (s *Server) noteStoreError(msg string) {
	s.errMu.Lock()
	s.errAt, s.errMsg = time.Now(), msg
	s.errMu.Unlock()
}

// lastStoreError returns when the last request failed, and how.
func (s *Server) lastStoreError() (time.Time, string) {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	return s.errAt, s.errMsg
}

// healthWriteEvery is how often /healthz writes its row for anonymous
// callers: a monitor polling every second costs one write in five.
const healthWriteEvery = 5 * time.Second

// health serves /healthz: the database's lasting fault (its file removed
// or replaced), whether it answers, whether it takes writes (a row of its
// own written at most every healthWriteEvery for anonymous callers, at
// once for the admin token), and the last fault of a request while it is
// recent.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Fault(); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "failed", "error": err.Error() + ": the server takes no writes until it is restarted on its database"})
		return
	}
	if err := s.store.Ping(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": faultErr(store.ErrUnavailable).Err})
		return
	}
	now := s.opts.AdminToken != "" && tokenMatches(requestToken(r), hashToken(s.opts.AdminToken))
	if err := s.writeCheck(ctx, now); err != nil {
		msg := "the database does not take writes"
		if f := faultOf(err); f != nil {
			msg += ": " + f.Error()
		}
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "read-only", "error": msg})
		return
	}
	if at, msg := s.lastStoreError(); time.Since(at) < storeErrorWindow {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "degraded", "error": fmt.Sprintf("a request failed in the database %s ago: %s", time.Since(at).Round(time.Second), msg)})
		return
	}
	v, _ := s.store.Version(ctx)
	ok := map[string]any{"status": "ok", "database": s.store.Describe(), "schema": v, "version": cli.Version()}
	if n := s.store.NotificationsFailed(); n > 0 {
		// The log is whole; other processes' followers may lag a game.
		ok["notifications_failed"] = n
	}
	writeJSON(w, http.StatusOK, ok)
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"service": "arbiter",
		"docs":    "docs/api.md in the arbiter repository",
		"routes": []string{
			"GET /healthz", "GET /readyz",
			"POST /api/events", "GET /api/events", "GET /api/events/{event}", "POST /api/events/{event}/games",
			"GET /api/events/{event}/pgn", "GET /api/events/{event}/live",
			"PUT /api/events/{event}/delay", "PUT /api/events/{event}/broadcast", "GET /api/events/{event}/broadcast",
			"POST /api/events/{event}/trf", "GET /api/events/{event}/trf", "GET /api/events/{event}/standings",
			"GET /api/games/{game}", "GET /api/games/{game}/log", "POST /api/games/{game}/actions",
			"POST /api/games/{game}/result", "POST /api/games/{game}/clock", "POST /api/games/{game}/board-token",
			"GET /api/games/{game}/pgn", "GET /api/games/{game}/live",
			"POST /api/events/{event}/tables/{table}/token", "POST /api/events/{event}/tables/{table}/actions",
			"GET /api/events/{event}/tables/{table}", "PUT /api/events/{event}/tables/{table}/eboard",
			"GET /api/events/{event}/eboards", "POST /api/events/{event}/rounds/{round}/start",
		},
	})
}

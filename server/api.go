package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/standings"
)

// maxBody bounds a request body.
const maxBody = 4 << 20

// writeJSON answers with a JSON value.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// writeErr answers with an error: an *APIError as it is, store errors as
// 404/409, a fault of the database (store.Classify: unavailable, disk
// full, read-only, damaged, its file removed) as 503 in plain words, and
// anything else as 500. The client never gets a driver's message: the
// cause goes to the server's log (logRequests), at WARN or ERROR.
func writeErr(w http.ResponseWriter, err error) {
	var ae *APIError
	switch {
	case errors.As(err, &ae):
	case errors.Is(err, store.ErrNotFound):
		ae = apiMsg(http.StatusNotFound, "server.not-found")
	case errors.Is(err, store.ErrConflict):
		ae = apiErr(http.StatusConflict, "%v", err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		ae = apiMsg(http.StatusServiceUnavailable, "server.timeout")
		noteCause(w, err)
	default:
		if f := faultOf(err); f != nil {
			ae = faultErr(f)
			w.Header().Set("Retry-After", "5")
		} else {
			ae = apiMsg(http.StatusInternalServerError, "server.failed")
		}
		noteCause(w, err)
	}
	if l := answerLang(w); l != nil && l != lang.English() && (ae.Msg != "" || len(ae.Rulings) > 0) {
		c := *ae
		if c.Msg != "" {
			c.Text = l.Say(c.Msg, c.Args)
		}
		c.Rulings = inLang(l, c.Rulings)
		if c.Msg == "" && len(c.Rulings) == 1 && c.Rulings[0].Kind == protocol.KindError {
			c.Text = c.Rulings[0].Text // a post the engine refused says why
		}
		ae = &c
	}
	writeJSON(w, ae.Status, ae)
}

// answerLang is the language of the request w answers (?lang=, else its
// Accept-Language), or nil when w does not say which request it answers.
func answerLang(w http.ResponseWriter) *lang.Lang {
	for {
		switch x := w.(type) {
		case *statusWriter:
			if x.req == nil {
				return nil
			}
			if l, err := readerLang(x.req); err == nil {
				return l
			}
			return lang.Match(x.req.Header.Get("Accept-Language"))
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return nil
		}
	}
}

// faultOf returns the database fault err stands for (store.Classify), or
// nil.
func faultOf(err error) error {
	err = store.Classify(err)
	for _, f := range []error{store.ErrGone, store.ErrUnavailable, store.ErrFull, store.ErrReadOnly, store.ErrCorrupt} {
		if errors.Is(err, f) {
			return f
		}
	}
	return nil
}

// faultErr says a database fault to a client.
func faultErr(f error) *APIError {
	switch f {
	case store.ErrGone:
		return apiMsg(http.StatusServiceUnavailable, "server.db-gone")
	case store.ErrFull:
		return apiMsg(http.StatusServiceUnavailable, "server.db-full")
	case store.ErrReadOnly:
		return apiMsg(http.StatusServiceUnavailable, "server.db-read-only")
	case store.ErrCorrupt:
		return apiMsg(http.StatusServiceUnavailable, "server.db-corrupt")
	}
	return apiMsg(http.StatusServiceUnavailable, "server.db-unavailable")
}

// noteCause tells the request log the cause of an error answer.
func noteCause(w http.ResponseWriter, err error) {
	for {
		switch x := w.(type) {
		case *statusWriter:
			x.cause = err
			return
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return
		}
	}
}

// statusWriter remembers the status of an answer for the request log, and
// the cause of an error answer (noteCause).
type statusWriter struct {
	http.ResponseWriter
	status int
	cause  error
	// req is the request answered: its language says the error answers'
	// text (writeErr).
	req *http.Request
}

// WriteHeader records the status and passes it on.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write records an implicit 200 and passes the bytes on.
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket upgrade) reach
// the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs one line per request: method, path, status, duration.
// Successful reads are logged at debug level, the rest at info.
func (s *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := time.Now()
		sw := &statusWriter{ResponseWriter: w, req: r}
		h.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if r.Method == http.MethodGet && sw.status < 400 || r.URL.Path == "/healthz" {
			level = slog.LevelDebug
		}
		if sw.cause != nil {
			// A fault: its cause, which the client was not shown.
			level = slog.LevelError
			if f := faultOf(sw.cause); f != nil {
				level = slog.LevelWarn
				s.noteStoreError(r.Method + " " + r.URL.Path + ": " + f.Error())
				s.metrics.storeError(f)
			}
			s.log.Log(r.Context(), level, "request failed", "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", ms(time.Since(t)), "cause", sw.cause.Error())
			return
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", ms(time.Since(t)))
	})
}

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

// readJSON decodes a JSON request body into v, refusing unknown fields,
// a body over maxBody (413) and NUL characters.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apiMsg(http.StatusBadRequest, "server.malformed-json", "Err", err)
	}
	if dec.More() {
		return apiMsg(http.StatusBadRequest, "server.json-two-values")
	}
	return nil
}

// GameSpec describes a game to create: the players, where it is played,
// and how it starts (rules, position, clock: a protocol start line).
// Enforce refuses violating actions at once instead of recording them
// (touch.Options.Enforce).
type GameSpec struct {
	Round   int            `json:"round,omitempty"`
	Board   int            `json:"board,omitempty"`
	White   string         `json:"white,omitempty"`
	Black   string         `json:"black,omitempty"`
	Start   protocol.Start `json:"start"`
	Enforce bool           `json:"enforce,omitempty"`
}

// EventSpec is the body of POST /api/events. Start, when set, is the
// default start of every game that gives none (the event's rule set and
// clock).
type EventSpec struct {
	Name  string          `json:"name"`
	Site  string          `json:"site,omitempty"`
	Start *protocol.Start `json:"start,omitempty"`
	// Delay is the broadcast delay in seconds (0 to MaxDelay): anonymous
	// readers see each game as it stood that long ago.
	Delay int `json:"delay,omitempty"`
	// System is the pairing system ("swiss" or "round-robin") the
	// standings count unplayed rounds by (default: the TRF file's).
	System string `json:"system,omitempty"`
	// Tiebreaks are the standings' tie-breaks in C.07's names, in order
	// ("BH/C1,BH,SB"; default: the TRF file's, else the system's).
	Tiebreaks string `json:"tiebreaks,omitempty"`
	// TiebreakRules is the version of C.07 the standings apply: "2024",
	// "2026", or absent for the one in force on the event's first day.
	TiebreakRules string `json:"tiebreak_rules,omitempty"`
	// Kind is "game" for a lone game played on one screen (the events
	// list keeps such games apart from tournaments), "" for a tournament.
	Kind string `json:"kind,omitempty"`
	// Lang is the event's language ("ro"; package lang's codes): the
	// comments of its PGN and its broadcast are in it (default English).
	Lang  string     `json:"lang,omitempty"`
	Games []GameSpec `json:"games"`
}

// CreatedGame is a game just created, with its board token (shown once).
type CreatedGame struct {
	*GameView
	BoardToken string `json:"board_token"`
}

// CreatedEvent answers POST /api/events: the event, the arbiter's token
// and the games with their board tokens. The tokens are shown only here:
// the server keeps their hashes.
type CreatedEvent struct {
	ID           string        `json:"id"`
	Name         string        `json:"name"`
	Site         string        `json:"site,omitempty"`
	ArbiterToken string        `json:"arbiter_token"`
	Games        []CreatedGame `json:"games"`
}

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

// EventItem is an event as GET /api/events lists it: the event, how far
// it has gone, and that in words.
type EventItem struct {
	store.Event
	// CurrentRound is the round the arbiter started last (0: none);
	// Rounds the last round paired; GameCount the number of games.
	CurrentRound int `json:"current_round"`
	Rounds       int `json:"rounds"`
	GameCount    int `json:"game_count"`
	// Status says where the event stands: "a game on one screen",
	// "no games yet", "paired, no round started", "round 2 of 7".
	Status string `json:"status"`
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

// arbiterOf checks that the request carries the arbiter's token of the
// event: 401 without a token, 403 with another.
func (s *Server) arbiterOf(ctx context.Context, r *http.Request, eventID string) error {
	tok := requestToken(r)
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		return err
	}
	if tok == "" {
		return apiMsg(http.StatusUnauthorized, "server.arbiter-token")
	}
	if !tokenMatches(tok, ev.ArbiterHash) {
		return apiMsg(http.StatusForbidden, "server.not-arbiter-token", "Event", eventID)
	}
	return nil
}

// poster is who posts to a game: the author (store.ByBoard or
// store.ByArbiter) and, for the board, the hash of the token it posted
// with, which the store checks again when it appends.
type poster struct {
	author    string
	boardHash string
}

// author returns who a token speaks for in game g: the board or the
// arbiter; 401 without a token, 403 with one that is neither.
func (s *Server) author(ctx context.Context, tok string, g *live) (poster, error) {
	return s.authorFor(ctx, tok, g, "server.post-token")
}

// authorFor is author with the message of the 401 for a route (need, a
// message id).
//
// The hashes are those kept in memory with the game (the board's, read
// when it was loaded and replaced by newBoardToken) and the event's (an
// arbiter's token is never replaced). Another process may have replaced
// the board token: a token that matches neither is checked against the
// store before it is refused, and a token that matches an outdated board
// hash is refused by the store when it appends (Append and AppendAt check
// the hash under the game's write lock) and by post when its answer needs
// no append (boardTokenStands).
func (s *Server) authorFor(ctx context.Context, tok string, g *live, need string) (poster, error) {
	if tok == "" {
		return poster{}, apiMsg(http.StatusUnauthorized, need)
	}
	h := hashToken(tok)
	g.mu.Lock()
	id, event, board := g.meta.ID, g.meta.Event, g.meta.BoardHash
	g.mu.Unlock()
	if hashMatches(h, board) {
		return poster{store.ByBoard, h}, nil
	}
	arb, err := s.arbiterHash(ctx, event)
	if err != nil {
		return poster{}, err
	}
	if hashMatches(h, arb) {
		return poster{author: store.ByArbiter}, nil
	}
	if s.tableOf(ctx, h, g) {
		// The token of the game's table, while its round is the current
		// one: the board's (no game token's hash for the store to check).
		return poster{author: store.ByBoard}, nil
	}
	meta, err := s.store.Game(ctx, id)
	if err != nil {
		return poster{}, err
	}
	if hashMatches(h, meta.BoardHash) {
		// Issued by another process since the game was loaded here.
		g.mu.Lock()
		g.meta.BoardHash = meta.BoardHash
		g.mu.Unlock()
		return poster{store.ByBoard, h}, nil
	}
	return poster{}, apiMsg(http.StatusForbidden, "server.token-not-game", "Game", id)
}

// arbiterHash returns the hash of an event's arbiter token, read once
// from the store (it is never replaced).
func (s *Server) arbiterHash(ctx context.Context, eventID string) (string, error) {
	if h, ok := s.arbiters.Load(eventID); ok {
		return h.(string), nil
	}
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		return "", err
	}
	s.arbiters.Store(eventID, ev.ArbiterHash)
	return ev.ArbiterHash, nil
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

// readGame loads a game and brings it up to date with the store.
func (s *Server) readGame(ctx context.Context, id string, f func(g *live)) error {
	g, err := s.game(ctx, id)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := s.sync(ctx, g); err != nil {
		return err
	}
	f(g)
	return nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	var v *GameView
	if err := s.readView(r.Context(), r, r.PathValue("game"), func(g *live) { v = g.view(true) }); err != nil {
		writeErr(w, err)
		return
	}
	if d, err := s.eventDelay(r.Context(), v.Event); err == nil {
		v.Delay = int(d / time.Second)
	}
	if g, err := s.game(r.Context(), v.ID); err == nil {
		v.Reader = s.readerOf(r.Context(), r, g)
	}
	viewInLang(l, v)
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) getLog(w http.ResponseWriter, r *http.Request) {
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	after := int64(0)
	if q := r.URL.Query().Get("after"); q != "" {
		n, err := strconv.ParseInt(q, 10, 64)
		if err != nil || n < 0 {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.after-range", "Got", strconv.Quote(q)))
			return
		}
		after = n
	}
	limit := int64(logPage)
	if q := r.URL.Query().Get("limit"); q != "" {
		n, err := strconv.ParseInt(q, 10, 64)
		if err != nil || n < 1 || n > logPage {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.limit-range", "Max", logPage, "Got", strconv.Quote(q)))
			return
		}
		limit = n
	}
	entries := []store.Entry{}
	more := false
	err = s.readView(r.Context(), r, r.PathValue("game"), func(g *live) {
		end := min(after+limit, int64(len(g.log)))
		for i := min(after, int64(len(g.log))); i < end; i++ {
			e := g.log[i].Entry
			e.Rulings = inLang(l, e.Rulings)
			entries = append(entries, e)
		}
		more = end < int64(len(g.log))
	})
	if more && len(entries) > 0 {
		// The next page: the Link header names it (RFC 8288).
		next := entries[len(entries)-1].N
		link := fmt.Sprintf("%s?after=%d&limit=%d", r.URL.Path, next, limit)
		if q := r.URL.Query().Get("lang"); q != "" {
			link += "&lang=" + l.Code()
		}
		w.Header().Set("Link", "<"+link+">; rel=\"next\"")
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, entries)
}

// ParseActions reads the actions of a post: a JSON array of action
// objects, one object, or JSON Lines (objects one after another). Each
// action is checked as protocol.ParseLine checks an input line; start
// lines are refused (a game's start is given when it is created).
func ParseActions(body []byte) ([]protocol.Action, error) {
	body = bytes.TrimSpace(body)
	var raws []json.RawMessage
	if len(body) > 0 && body[0] == '[' {
		if err := json.Unmarshal(body, &raws); err != nil {
			return nil, apiMsg(http.StatusBadRequest, "server.malformed-json", "Err", err)
		}
	} else {
		dec := json.NewDecoder(bytes.NewReader(body))
		for {
			var raw json.RawMessage
			err := dec.Decode(&raw)
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, apiMsg(http.StatusBadRequest, "server.malformed-json-after", "N", len(raws), "Err", err)
			}
			raws = append(raws, raw)
		}
	}
	if len(raws) == 0 {
		return nil, apiMsg(http.StatusBadRequest, "server.no-actions")
	}
	if len(raws) > maxActionsPerPost {
		return nil, apiMsg(http.StatusBadRequest, "server.too-many-actions", "N", len(raws), "Max", maxActionsPerPost)
	}
	out := make([]protocol.Action, 0, len(raws))
	for i, raw := range raws {
		l, err := protocol.ParseLine(raw)
		if err != nil {
			return nil, refused(http.StatusBadRequest, i, err.Error(), nil)
		}
		if l.Start != nil {
			return nil, refused(http.StatusBadRequest, i, "a start line is not an action: the start is set when the game is created", nil)
		}
		if l.Action.Seq < 0 || l.Action.Seq > maxSeq {
			return nil, refused(http.StatusBadRequest, i, fmt.Sprintf("seq must be positive and at most 2^53-1 (%d)", int64(maxSeq)), nil)
		}
		if len(l.Action.Move) > 20 {
			return nil, refused(http.StatusBadRequest, i, "move is longer than 20 characters", nil)
		}
		out = append(out, l.Action)
	}
	return out, nil
}

func (s *Server) postActions(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	g, err := s.game(ctx, r.PathValue("game"))
	if err != nil {
		writeErr(w, err)
		return
	}
	who, err := s.author(ctx, requestToken(r), g)
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
	res, err := s.post(ctx, g, who, actions)
	postAnswer(w, l, res, err)
}

// DecisionSpec is the body of POST /api/games/{game}/result: the result
// ("1-0", "0-1", "1/2-1/2", or "*" to withdraw an earlier decision), the
// arbiter's reason, in words, and whether it is a forfeit (the game not
// played: "1-0" or "0-1", or "0-0" when both players lose by forfeit).
type DecisionSpec struct {
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
	Forfeit bool   `json:"forfeit,omitempty"` // 1-0 or 0-1 by forfeit; 0-0 both lose by forfeit
}

// arbiterGame loads the request's game and checks that the token is the
// arbiter's; otherwise it writes the error (404, 401, 403) and reports
// false. what is what only the arbiter may do: "result", "board-token" or
// "clocks", the last part of the messages server.arbiter-only.* and
// server.arbiter-token-for.*.
func (s *Server) arbiterGame(w http.ResponseWriter, r *http.Request, what string) (*live, bool) {
	g, err := s.game(r.Context(), r.PathValue("game"))
	if err != nil {
		writeErr(w, err)
		return nil, false
	}
	if who, err := s.authorFor(r.Context(), requestToken(r), g, "server.arbiter-token-for."+what); err != nil || who.author != store.ByArbiter {
		if err == nil {
			err = apiMsg(http.StatusForbidden, "server.arbiter-only."+what)
		}
		writeErr(w, err)
		return nil, false
	}
	return g, true
}

func (s *Server) postResult(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, ok := s.arbiterGame(w, r, "result")
	if !ok {
		return
	}
	var d DecisionSpec
	if err := readJSON(w, r, &d); err != nil {
		writeErr(w, err)
		return
	}
	switch {
	case d.Forfeit && (d.Result == "1-0" || d.Result == "0-1" || d.Result == "0-0"):
	case d.Forfeit:
		writeErr(w, apiMsg(http.StatusBadRequest, "server.forfeit-result", "Got", strconv.Quote(d.Result)))
		return
	case d.Result == "1-0" || d.Result == "0-1" || d.Result == "1/2-1/2" || d.Result == "*":
	default:
		writeErr(w, apiMsg(http.StatusBadRequest, "server.result-value", "Got", strconv.Quote(d.Result)))
		return
	}
	if err := textField("reason", d.Reason); err != nil {
		writeErr(w, err)
		return
	}
	res, err := s.decide(ctx, g, store.Decision{Result: d.Result, Reason: d.Reason, Forfeit: d.Forfeit})
	if err != nil {
		writeErr(w, err)
		return
	}
	s.log.Info("arbiter decision", "game", g.meta.ID, "result", d.Result)
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) newBoardToken(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, ok := s.arbiterGame(w, r, "board-token")
	if !ok {
		return
	}
	tok := newToken(boardPrefix)
	h := hashToken(tok)
	g.mu.Lock()
	err := s.store.SetBoardHash(ctx, g.meta.ID, h)
	if err == nil {
		g.meta.BoardHash = h
	}
	g.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": g.meta.ID, "board_token": tok})
}

// publishSnapshot sends the whole game to its followers (a game new to
// them). The caller holds g.mu.
func (s *Server) publishSnapshot(g *live) {
	if !s.hub.watched(g.meta.ID, g.meta.Event) {
		return
	}
	b, err := json.Marshal(Message{Type: "snapshot", Event: g.meta.Event, GameID: g.meta.ID, Game: g.view(false)})
	if err != nil {
		return
	}
	s.hub.publish(g.meta.ID, g.meta.Event, b, func() outMsg { return outMsg{b: b} })
}

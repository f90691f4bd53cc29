package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/server/store"
)

// Options configure a Server.
type Options struct {
	// Store is the database (required).
	Store *store.Store
	// Logger receives structured logs; nil discards them.
	Logger *slog.Logger
	// Static, when set, serves every GET request no API route takes (the
	// web page's files, mounted at "/"). When nil, "/" answers with a short
	// JSON index of the API.
	Static http.Handler
	// AdminToken, when set, must be presented (Authorization: Bearer) to
	// create an event. Empty lets anyone who reaches the server create one.
	AdminToken string
	// CanMate decides dead positions; nil uses game.DefaultCanMate (material,
	// then the full analysis where a position may be dead). Its
	// answers are remembered (it must depend on the position only).
	CanMate func(*chess.Position, chess.Color) bool
	// TrustedProxies are the addresses of the reverse proxies in front of
	// the server (nginx, Caddy on the same host: 127.0.0.1/32). A request
	// from one of them is checked against the host it forwards
	// (X-Forwarded-Host, or Forwarded's host) rather than its own Host.
	// Whatever this says, a request that comes through a proxy (it has
	// forwarding headers, or comes from a trusted proxy) may create an
	// event only with AdminToken: a hall served on loopback behind a proxy
	// is on the internet.
	TrustedProxies []netip.Prefix
	// Drift is how far before its arrival a board's t may lie and how far
	// a physical clock's times may differ from the server's reckoning
	// before the server re-stamps the one and holds the other for the
	// arbiter (the trust page of the API). Zero means DefaultDrift.
	Drift time.Duration
	// Heartbeat is how often the server writes that it runs, so that after
	// an outage it credits the clocks it owns with the time it was down
	// (within a period). Zero means DefaultHeartbeat.
	Heartbeat time.Duration
	// MaxSockets bounds the live sockets (WebSockets) one client address
	// holds at once; zero means DefaultMaxSockets, a negative number no
	// bound. Clients on loopback are not counted; behind a reverse proxy
	// the bound is per client only when the proxy is trusted
	// (TrustedProxies), which says the client's address.
	MaxSockets int
	// LichessURL is the base URL pushes to lichess go to (tests and
	// mirrors); empty means DefaultLichessURL.
	LichessURL string
	// PGNDir, when set, is a folder where the PGN of every round and game
	// is kept up to date as anonymous readers see it (push.go).
	PGNDir string
	// FrameAncestors are the sites whose pages may frame the embeddable
	// boards (/embed/...), as Content-Security-Policy frame-ancestors
	// sources ("https://club.example.org").
	FrameAncestors []string
	// IdleGame is how long a game nobody follows stays in memory after its
	// last use; it is loaded again from its log on demand. Zero means 5
	// minutes.
	IdleGame time.Duration
	// Metrics, when set, counts what the server does (NewMetrics); nil
	// counts nothing.
	Metrics *Metrics
}

// Server serves the API over one store. Build it with New; it is safe for
// concurrent use.
type Server struct {
	store   *store.Store
	log     *slog.Logger
	opts    Options
	canMate func(*chess.Position, chess.Color) bool
	mux     *http.ServeMux
	hub     *hub

	mu    sync.Mutex
	games map[string]*live // games loaded in memory, by id

	// arbiters caches the hash of each event's arbiter token (event id →
	// string), which is never replaced.
	arbiters sync.Map

	// flags watches every running clock (one timer for all games).
	flags *flagWatch

	// delays are the events' broadcast delays, read once (eventDelay).
	delayMu sync.Mutex
	delays  map[string]time.Duration

	// pushes are the events' pushes to lichess (push.go); activity when
	// each event's games last changed, for the PGN folder.
	pushMu   sync.Mutex
	pushes   map[string]*eventPush
	actMu    sync.Mutex
	activity map[string]time.Time

	// tableCache holds the events' tables and current rounds (tables.go).
	tableMu    sync.Mutex
	tableCache map[string]eventTables
	// eboards holds the e-board readers' last reports (eboards.go).
	eboards eboardReports

	// sockets counts the live sockets of each client address
	// (socketAllowed).
	sockMu  sync.Mutex
	sockets map[netip.Addr]int

	// rosters are the events' players, read once (roster).
	rosterMu sync.Mutex
	rosters  map[string]*roster

	// lists are the feed's copies of events' game lists.
	listMu sync.Mutex
	lists  map[string]eventList

	// healthAt and healthErr are the last write of /healthz (writeCheck).
	healthMu  sync.Mutex
	healthAt  time.Time
	healthErr error

	// errAt and errMsg are the last request that failed on the server's
	// side, for /healthz.
	errMu  sync.Mutex
	errAt  time.Time
	errMsg string

	// notes are the notifications of entries this process does not know
	// yet (game → head), for catchUpNotes, which noteWake wakes.
	noteMu   sync.Mutex
	notes    map[string]int64
	noteWake chan struct{}

	// heavy is held by the socket writer writing a large batch
	// (writeBatch); replays by a long replay of a shadow (past).
	heavy   chan struct{}
	replays chan struct{}
	// feeds is held while a delayed feed is written (eventPGN).
	feeds chan struct{}

	// lastPost is when the last post came (Unix nanoseconds), for
	// releaseMemory.
	lastPost atomic.Int64

	// process is this process's heartbeat id; outage the stretch no
	// process ran before it started, or nil.
	process int64
	outage  *outage

	// done is closed by Close: live streams end.
	done      chan struct{}
	closeOnce sync.Once

	// metrics counts (nil: nothing); started is set once the flag watch
	// has looked at the clocks that ran while no server did (/readyz).
	metrics *Metrics
	started atomic.Bool
}

// New returns a server over opts.Store.
func New(opts Options) (*Server, error) {
	if opts.Store == nil {
		return nil, errors.New("server: no store")
	}
	s := &Server{store: opts.Store, log: opts.Logger, opts: opts, canMate: opts.CanMate, hub: newHub(),
		games: map[string]*live{}, heavy: make(chan struct{}, 1), replays: make(chan struct{}, 1), feeds: make(chan struct{}, 1), noteWake: make(chan struct{}, 1), done: make(chan struct{})}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.canMate == nil {
		s.canMate = game.DefaultCanMate
	}
	s.canMate = newMateMemo(s.canMate, 1<<18).CanMate
	if s.metrics = opts.Metrics; s.metrics != nil {
		if err := s.metrics.attach(s); err != nil {
			return nil, err
		}
	}
	s.flags = newFlagWatch()
	s.process = newProcess()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	s.findOutage(ctx, time.Now())
	cancel()
	s.routes()
	go s.watchFlags(s.done)
	go func() { s.rearm(context.Background()); s.started.Store(true) }()
	go s.evictIdle(s.done)
	go s.releaseMemory(s.done, 10*time.Second)
	go s.catchUpNotes(s.done)
	go s.watchStore(s.done, time.Second)
	go s.beat(s.done)
	go s.releaseDelayed(s.done)
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
	s.loadPushes(ctx)
	cancel()
	go s.pushLoop(s.done)
	if opts.PGNDir != "" {
		go s.pgnDirLoop(s.done)
	}
	return s, nil
}

// watchStore logs, once, the store's lasting fault (its file removed or
// replaced), until done is closed: the operator learns it from the log
// even if no one writes or asks /healthz.
func (s *Server) watchStore(done <-chan struct{}, period time.Duration) {
	every(done, period, func() bool {
		if err := s.store.Fault(); err != nil {
			s.log.Error("the database takes no more writes: restart the server on its database file", "cause", err.Error())
			return false
		}
		return true
	})
}

// every calls f every period until done is closed or f returns false.
func every(done <-chan struct{}, period time.Duration, f func() bool) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		if !f() {
			return
		}
	}
}

// routes registers the API on the mux. Every API route lives under /api/
// (and /healthz), so a static site can own "/" (Options.Static).
func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /healthz", s.health)
	m.HandleFunc("GET /readyz", s.ready)
	m.HandleFunc("POST /api/events", s.createEvent)
	m.HandleFunc("GET /api/events", s.listEvents)
	m.HandleFunc("GET /api/events/{event}", s.getEvent)
	m.HandleFunc("POST /api/events/{event}/games", s.addGames)
	m.HandleFunc("GET /api/events/{event}/pgn", s.eventPGN)
	m.HandleFunc("PUT /api/events/{event}/delay", s.putDelay)
	m.HandleFunc("PUT /api/events/{event}/broadcast", s.putBroadcast)
	m.HandleFunc("GET /api/events/{event}/broadcast", s.getBroadcast)
	m.HandleFunc("POST /api/events/{event}/tables/{table}/token", s.postTableToken)
	m.HandleFunc("POST /api/events/{event}/tables/{table}/actions", s.postTableActions)
	m.HandleFunc("GET /api/events/{event}/tables/{table}", s.getTable)
	m.HandleFunc("PUT /api/events/{event}/tables/{table}/eboard", s.putEboard)
	m.HandleFunc("GET /api/events/{event}/eboards", s.getEboards)
	m.HandleFunc("POST /api/events/{event}/rounds/{round}/start", s.startRound)
	m.HandleFunc("GET /api/events/{event}/live", s.followEvent)
	m.HandleFunc("POST /api/events/{event}/trf", s.importTRF)
	m.HandleFunc("GET /api/events/{event}/trf", s.exportTRF)
	m.HandleFunc("GET /api/events/{event}/standings", s.getStandings)
	m.HandleFunc("PUT /api/events/{event}/tiebreak-rules", s.putTiebreakRules)
	m.HandleFunc("GET /api/games/{game}", s.getGame)
	m.HandleFunc("GET /api/games/{game}/log", s.getLog)
	m.HandleFunc("POST /api/games/{game}/actions", s.postActions)
	m.HandleFunc("POST /api/games/{game}/result", s.postResult)
	m.HandleFunc("POST /api/games/{game}/clock", s.postClock)
	m.HandleFunc("POST /api/games/{game}/board-token", s.newBoardToken)
	m.HandleFunc("GET /api/games/{game}/pgn", s.gamePGN)
	m.HandleFunc("GET /api/games/{game}/live", s.followGame)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if s.methodNotAllowed(w, r) {
			return
		}
		writeErr(w, apiMsg(http.StatusNotFound, "server.no-route", "Method", r.Method, "Path", r.URL.Path))
	})
	if s.opts.Static != nil {
		m.Handle("/", s.opts.Static)
	} else {
		m.HandleFunc("GET /{$}", s.index)
	}
	s.mux = m
}

// Handler returns the HTTP handler of the API, with request logging.
func (s *Server) Handler() http.Handler { return s.logRequests(s.guard(s.mux)) }

// Run follows the entries other processes append (PostgreSQL
// notifications) until ctx ends, so that live followers connected to this
// process see them. On SQLite it only waits for ctx.
func (s *Server) Run(ctx context.Context) error {
	return s.store.Listen(ctx, s.notified, s.resync)
}

// Close ends the live streams (their sockets are closed with "going
// away"). It does not close the store.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		// The last heartbeat: a clean stop is known to the millisecond.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		s.store.Beat(ctx, s.process, time.Now())
		cancel()
	})
}

// notified handles another process's (or this one's) new entry of a game,
// as the listener hears of it: what this process knows already is
// dropped at once, the rest is left to catchUpNotes, so that the listener
// never waits for a game or a query.
func (s *Server) notified(gameID string, head int64) {
	if head == unknownHead {
		s.notifiedNow(gameID, head)
		return
	}
	s.mu.Lock()
	g, loaded := s.games[gameID]
	s.mu.Unlock()
	if loaded {
		for {
			h := g.heard.Load()
			if h >= head || g.heard.CompareAndSwap(h, head) {
				break
			}
		}
		if g.logged.Load() >= head {
			return // known already (most often: appended by this process)
		}
	}
	s.noteMu.Lock()
	if s.notes == nil {
		s.notes = map[string]int64{}
	}
	s.notes[gameID] = max(s.notes[gameID], head)
	s.noteMu.Unlock()
	select {
	case s.noteWake <- struct{}{}:
	default:
	}
}

// catchUpNotes brings the followed games notified to this process up to
// date, until done is closed: the entries of all the games notified
// meanwhile are read in one query.
func (s *Server) catchUpNotes(done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-s.noteWake:
		}
		s.noteMu.Lock()
		notes := s.notes
		s.notes = nil
		s.noteMu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		after := map[string]int64{}
		games := map[string]*live{}
		for id, head := range notes {
			s.mu.Lock()
			g, loaded := s.games[id]
			s.mu.Unlock()
			if !loaded {
				s.notifiedNow(id, head) // a game new to this process
				continue
			}
			if n := g.logged.Load(); n < head {
				g.mu.Lock()
				watched := g.eng != nil && s.hub.watched(id, g.meta.Event)
				g.mu.Unlock()
				if watched { // reads and writes sync lazily; only followers need pushing
					after[id], games[id] = n, g
				}
			}
		}
		entries, err := s.store.EntriesAfter(ctx, after)
		if err != nil {
			s.log.Warn("catch up after notifications", "games", len(after), "err", err)
		}
		for id, g := range games {
			g.mu.Lock()
			if g.eng != nil {
				if err == nil && !g.broken {
					s.catchUp(g, entries[id])
				}
				if int64(len(g.log)) < notes[id] {
					if err := s.syncTo(ctx, g, notes[id]); err != nil {
						s.log.Warn("sync after notification", "game", id, "err", err)
					}
				}
			}
			g.mu.Unlock()
		}
		cancel()
	}
}

// notifiedNow handles a notification at once (a game this process has
// not loaded, or a resync).
func (s *Server) notifiedNow(gameID string, head int64) {
	ctx := context.Background()
	s.mu.Lock()
	g, loaded := s.games[gameID]
	s.mu.Unlock()
	if !loaded {
		if !s.hub.watchingEvents() {
			return
		}
		meta, err := s.store.Game(ctx, gameID)
		if err != nil || !s.hub.watched(gameID, meta.Event) {
			return
		}
		g, err = s.game(ctx, gameID)
		if err != nil {
			return
		}
		// A game this process had not seen: its followers get it whole.
		g.mu.Lock()
		s.publishSnapshot(g)
		g.mu.Unlock()
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.eng == nil || int64(len(g.log)) >= head || !s.hub.watched(gameID, g.meta.Event) {
		return
	}
	var err error
	if head == unknownHead {
		err = s.sync(ctx, g)
	} else {
		err = s.syncTo(ctx, g, head) // the head is the notification's: no query for it
	}
	if err != nil {
		s.log.Warn("sync after notification", "game", gameID, "err", err)
	}
}

// unknownHead is the head resync passes to notified: the store is asked.
const unknownHead = 1 << 62

// resync checks every followed game after the listener (re)connected.
// Every loaded game, followed or not, is marked as having heard of an
// unknown head: notifications may have been missed while the listener
// was away, so its followers' snapshots (syncLive) ask the store again
// from now on rather than trust what this process heard.
func (s *Server) resync() {
	s.mu.Lock()
	ids := make([]string, 0, len(s.games))
	for id, g := range s.games {
		ids = append(ids, id)
		g.heard.Store(unknownHead)
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.notified(id, unknownHead)
	}
}

// evictIdle frees, until done is closed, the games nobody follows that
// were not used for Options.IdleGame: memory stays bounded by the games
// in use, whatever was created. A freed game is loaded again from its log
// when asked for (its clock's flag included).
func (s *Server) evictIdle(done <-chan struct{}) {
	idle := s.opts.IdleGame
	if idle <= 0 {
		idle = 5 * time.Minute
	}
	every(done, max(idle/4, 10*time.Millisecond), func() bool {
		s.evict(time.Now().Add(-idle))
		return true
	})
}

// releaseMemory returns the memory freed by followers who left to the
// operating system, until done is closed: every period, when at least
// half of the followers counted at the peak since the last release (and
// a hundred or more) have gone. Go's runtime would give it back too, but
// over minutes: a hall's spectators leaving at the end of a round leave
// hundreds of megabytes (their sockets' buffers, the garbage of the
// snapshots sent) that the next round may not need.
//
// Giving back everything at once (debug.FreeOSMemory) holds up every post
// for as long as it takes, a second for a few hundred megabytes on a
// small machine; so it is done only when no post came for a period (the
// boards are quiet, as at the end of a round). While boards post, a
// collection lowers the heap's goal to what is in use now, and the
// runtime gives back what is above it in the background.
func (s *Server) releaseMemory(done <-chan struct{}, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	peak := 0
	owed := false // a release made while boards posted: give back the rest once quiet
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		n, p := s.hub.count()
		peak = max(peak, p)
		gone := peak - n
		left := gone >= 100 && 2*gone >= peak
		if !left && !owed {
			continue
		}
		quiet := time.Since(time.Unix(0, s.lastPost.Load())) >= period
		switch {
		case quiet:
			debug.FreeOSMemory()
			owed = false
		case left:
			runtime.GC()
			owed = true
		default:
			continue
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		s.log.Info("memory released", "followers", n, "gone", gone, "quiet", quiet, "heap_mb", m.HeapInuse>>20, "stacks_mb", m.StackInuse>>20,
			"released_mb", m.HeapReleased>>20, "sys_mb", m.Sys>>20)
		peak = n
	}
}

// loadedGames returns the games in memory.
func (s *Server) loadedGames() []*live {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*live, 0, len(s.games))
	for _, g := range s.games {
		out = append(out, g)
	}
	return out
}

// evict frees the games not used since before and nobody follows.
func (s *Server) evict(before time.Time) {
	for _, g := range s.loadedGames() {
		if !g.mu.TryLock() {
			continue // in use
		}
		free := g.eng != nil && g.used.Before(before) && !s.hub.watched(g.meta.ID, g.meta.Event) && !s.hub.delayedWatched(g.meta.ID, g.meta.Event)
		id := g.meta.ID
		g.mu.Unlock()
		if !free {
			continue
		}
		s.mu.Lock()
		if s.games[id] == g {
			delete(s.games, id)
		}
		s.mu.Unlock()
	}
}

// loaded returns the number of games in memory.
func (s *Server) loaded() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

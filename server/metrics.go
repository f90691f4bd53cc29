package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/server/store"
)

// Metrics are a server's Prometheus metrics, served on a listener of their
// own, never on the API's ("arbiter-hall serve --metrics-addr"; off by
// default). One Metrics belongs to one Server (Options.Metrics).
//
//	arbiter_actions_total{outcome}      actions posted: accepted, duplicate (a retry acknowledged again),
//	                                    refused (the laws or the API said no: the whole post), failed (not stored)
//	arbiter_ack_seconds                 from a post's arrival at its game to its acknowledgement (commit included)
//	arbiter_followers                   live subscriptions (a game's or a hall's followers)
//	arbiter_push_messages_total         messages written to the live followers
//	arbiter_followers_dropped_total{why} followers dropped: slow (their queue overflowed) or delay (an event's delay set)
//	arbiter_store_errors_total{fault}   requests answered 503 for a database fault (unavailable, full, read-only, ...)
//	arbiter_flag_lag_seconds            from a clock's zero to the flag watch's observation of it
//	arbiter_flags_armed                 running clocks the flag watch follows
//	arbiter_games_loaded                games held in memory
//	arbiter_lichess_pushes_total{outcome} pushes of a round to lichess: ok, refused_games (ok, some games refused),
//	                                    wait (429), token (401/403), failed (an error, a timeout)
//	arbiter_ready                       1 when /readyz answers 200
//	arbiter_build_info{version,go}      1, with the build's version
//
// beside the Go runtime's and the process's own (go_*, process_*).
type Metrics struct {
	reg       *prometheus.Registry
	actions   *prometheus.CounterVec
	ack       prometheus.Histogram
	pushed    prometheus.Counter
	dropped   *prometheus.CounterVec
	storeErrs *prometheus.CounterVec
	flagLag   prometheus.Histogram
	lichess   *prometheus.CounterVec
	attached  atomic.Bool
}

// NewMetrics returns the metrics of a server to be, on a registry of their
// own.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_actions_total",
			Help: "Actions posted to games, by outcome: accepted, duplicate (a retry acknowledged again), refused (the whole post refused by the laws or the API), failed (not stored: the database or the server failed).",
		}, []string{"outcome"}),
		ack: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "arbiter_ack_seconds",
			Help:    "Time from a post's arrival at its game to its acknowledgement (the store's commit included), of the posts acknowledged.",
			Buckets: prometheus.ExponentialBuckets(0.00025, 2, 15), // 0.25 ms to 4 s
		}),
		pushed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "arbiter_push_messages_total",
			Help: "Messages written to the live followers' sockets.",
		}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_followers_dropped_total",
			Help: "Live followers dropped by the server: slow (its queue overflowed) or delay (the event's broadcast delay was set).",
		}, []string{"why"}),
		storeErrs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_store_errors_total",
			Help: "Requests answered 503 for a fault of the database, by fault.",
		}, []string{"fault"}),
		flagLag: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "arbiter_flag_lag_seconds",
			Help:    "Time from a running clock's zero to the flag watch's recorded observation of the flag.",
			Buckets: prometheus.ExponentialBuckets(0.001, 2, 14), // 1 ms to 8 s
		}),
		lichess: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_lichess_pushes_total",
			Help: "Pushes of a round's PGN to lichess, by outcome: ok, refused_games (taken, some games refused), wait (429), token (401 or 403), failed.",
		}, []string{"outcome"}),
	}
	for _, o := range []string{"ok", "refused_games", "wait", "token", "failed"} {
		m.lichess.WithLabelValues(o)
	}
	for _, o := range []string{"accepted", "duplicate", "refused", "failed"} {
		m.actions.WithLabelValues(o)
	}
	for _, w := range []string{"slow", "delay"} {
		m.dropped.WithLabelValues(w)
	}
	for _, f := range []string{"unavailable", "full", "read-only", "corrupt", "gone"} {
		m.storeErrs.WithLabelValues(f)
	}
	b := cli.Build()
	info := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "arbiter_build_info",
		Help:        "The build of the server: 1, with its version and Go release.",
		ConstLabels: prometheus.Labels{"version": b.Version, "go": b.Go},
	})
	info.Set(1)
	m.reg.MustRegister(m.actions, m.ack, m.pushed, m.dropped, m.storeErrs, m.flagLag, m.lichess, info,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// attach adds the gauges read from s itself. A second server is refused:
// the gauges would read the first.
func (m *Metrics) attach(s *Server) error {
	if !m.attached.CompareAndSwap(false, true) {
		return errors.New("server: these Metrics belong to another server already")
	}
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "arbiter_followers", Help: "Live subscriptions: a game's or a hall's followers."}, func() float64 {
			s.hub.mu.Lock()
			defer s.hub.mu.Unlock()
			return float64(s.hub.followers)
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "arbiter_games_loaded", Help: "Games held in memory."}, func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			return float64(len(s.games))
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "arbiter_flags_armed", Help: "Running clocks the flag watch follows."}, func() float64 {
			return float64(s.flags.Len())
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "arbiter_ready", Help: "1 when the server is ready (GET /readyz answers 200), else 0."}, func() float64 {
			if s.readiness(context.Background()) == "ready" {
				return 1
			}
			return 0
		}),
	)
	return nil
}

// posted counts the actions of a post, and the time of its answer when it
// was acknowledged; begin is when the post reached its game. A nil
// Metrics counts nothing.
func (m *Metrics) posted(begin time.Time, actions int, res *PostResult, err *error) {
	if m == nil {
		return
	}
	var ae *APIError
	switch {
	case *err == nil:
		dup := 0
		for _, a := range res.Acks {
			if a.Duplicate {
				dup++
			}
		}
		m.actions.WithLabelValues("accepted").Add(float64(len(res.Acks) - dup))
		m.actions.WithLabelValues("duplicate").Add(float64(dup))
		m.ack.Observe(time.Since(begin).Seconds())
	case errors.As(*err, &ae) && ae.Status < 500:
		m.actions.WithLabelValues("refused").Add(float64(actions))
	default:
		m.actions.WithLabelValues("failed").Add(float64(actions))
	}
}

// storeError counts a request answered 503 for the database fault f.
func (m *Metrics) storeError(f error) {
	if m == nil {
		return
	}
	name := "unavailable"
	switch f {
	case store.ErrGone:
		name = "gone"
	case store.ErrFull:
		name = "full"
	case store.ErrReadOnly:
		name = "read-only"
	case store.ErrCorrupt:
		name = "corrupt"
	}
	m.storeErrs.WithLabelValues(name).Inc()
}

// flagObserved records how late the flag watch recorded a flag.
func (m *Metrics) flagObserved(late time.Duration) {
	if m == nil {
		return
	}
	m.flagLag.Observe(late.Seconds())
}

// lichessPush counts a push to lichess by its outcome.
func (m *Metrics) lichessPush(outcome string) {
	if m == nil {
		return
	}
	m.lichess.WithLabelValues(outcome).Inc()
}

// pushedTo counts messages written to a live follower.
func (m *Metrics) pushedTo(n int) {
	if m == nil {
		return
	}
	m.pushed.Add(float64(n))
}

// followerDropped counts a live follower the server dropped; delayed says
// the event's broadcast delay was the cause, not a queue that overflowed.
func (m *Metrics) followerDropped(delayed bool) {
	if m == nil {
		return
	}
	why := "slow"
	if delayed {
		why = "delay"
	}
	m.dropped.WithLabelValues(why).Inc()
}

// readiness says whether the server is ready to take posts: "starting"
// until the flag watch has looked at every running clock after the start,
// "stopping" once it is closing, "failed" or "unavailable" when the
// database is, else "ready".
func (s *Server) readiness(ctx context.Context) string {
	select {
	case <-s.done:
		return "stopping"
	default:
	}
	if !s.started.Load() {
		return "starting"
	}
	if s.store.Fault() != nil {
		return "failed"
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if s.store.Ping(ctx) != nil {
		return "unavailable"
	}
	return "ready"
}

// ready serves GET /readyz, the readiness check: 200 once the server is
// ready to take posts, 503 while it starts, stops, or cannot reach its
// database (its status says which). It writes nothing: /healthz is the
// health check that also proves the database takes writes.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	st := s.readiness(r.Context())
	code := http.StatusOK
	if st != "ready" {
		code = http.StatusServiceUnavailable
	}
	writeJSON(w, code, map[string]string{"status": st, "version": cli.Version()})
}

// serveMetrics serves m on addr until stop is called; it returns the
// metrics' URL.
func serveMetrics(addr string, m *Metrics, log *slog.Logger) (url string, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go hs.Serve(ln)
	return URL(ln.Addr()) + "metrics", func() { hs.Close() }, nil
}

package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/arbiterchess/arbiter/server/store"
)

// Config configures ListenAndServe.
type Config struct {
	// Addr is the address to listen on, such as ":8080" or
	// "127.0.0.1:0" (a free port).
	Addr string
	// DB is an SQLite file name or a postgres:// URL (store.Open).
	DB string
	// Logger receives structured logs; nil uses slog.Default().
	Logger *slog.Logger
	// NewHall lets an SQLite file that exists but holds no hall become a
	// new one (store.Options.NewHall).
	NewHall bool
	// Static, AdminToken and TrustedProxies are passed to Options.
	Static         http.Handler
	AdminToken     string
	TrustedProxies []netip.Prefix
	// LichessURL, PGNDir and FrameAncestors are passed to Options.
	LichessURL     string
	PGNDir         string
	FrameAncestors []string
	// Ready, when set, is called with the server's URL once it listens.
	Ready func(url string)
	// ShutdownTimeout bounds the graceful shutdown (default 10 s).
	ShutdownTimeout time.Duration
	// MetricsAddr, when set, is the address of a listener of its own
	// serving the server's Prometheus metrics at /metrics (Metrics).
	MetricsAddr string
}

// ListenAndServe opens the database, serves the API on cfg.Addr until ctx
// ends (on SIGINT or SIGTERM in "arbiter-hall serve"), then shuts down
// gracefully: it stops accepting, lets requests in flight finish (each
// acknowledged action is already stored), closes the live streams and the
// database.
func ListenAndServe(ctx context.Context, cfg Config) error {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	st, err := store.OpenWith(ctx, cfg.DB, store.Options{NewHall: cfg.NewHall})
	if err != nil {
		return err
	}
	defer st.Close()
	var metrics *Metrics
	if cfg.MetricsAddr != "" {
		metrics = NewMetrics()
	}
	srv, err := New(Options{Store: st, Logger: log, Static: cfg.Static, AdminToken: cfg.AdminToken, TrustedProxies: cfg.TrustedProxies, Metrics: metrics,
		LichessURL: cfg.LichessURL, PGNDir: cfg.PGNDir, FrameAncestors: cfg.FrameAncestors})
	if err != nil {
		return err
	}
	if metrics != nil {
		murl, stopMetrics, err := serveMetrics(cfg.MetricsAddr, metrics, log)
		if err != nil {
			srv.Close()
			return fmt.Errorf("metrics: %w", err)
		}
		defer stopMetrics()
		log.Info("metrics", "url", murl)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		// An idle keep-alive connection is closed after a minute; the
		// routes set read and write deadlines of their own (guard), but
		// for the WebSockets, which keep their pings.
		IdleTimeout: time.Minute,
		ErrorLog:    slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	hs.RegisterOnShutdown(srv.Close)
	url := URL(ln.Addr())
	log.Info("serving", "url", url, "database", st.Describe())
	if cfg.Ready != nil {
		cfg.Ready(url)
	}

	runCtx, stopRun := context.WithCancel(context.Background())
	defer stopRun()
	go srv.Run(runCtx)

	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	timeout := cfg.ShutdownTimeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	sctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err = hs.Shutdown(sctx)
	srv.Close()
	stopRun()
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("serve", "err", err)
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// URL returns the http URL to open for a listening address: a wildcard
// host (":8080", "0.0.0.0", "[::]") is shown as localhost.
func URL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost" // one way in among others: "arbiter-hall serve" says so
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

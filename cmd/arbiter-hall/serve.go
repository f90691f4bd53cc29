package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/web"
)

func init() {
	commands["serve"] = command{Summary: "run the arbiter server: boards post actions, everyone follows the games live", Run: runServe}
}

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on: loopback by default; \":8080\" for every interface (then creating events needs an admin token); \"127.0.0.1:0\" picks a free port")
	db := fs.String("db", "arbiter.db", "database: an SQLite file, or a postgres://user@host:port/db URL")
	adminToken := fs.String("admin-token", "", "if set, creating an event needs this token (prefer $ARBITER_ADMIN_TOKEN or --admin-token-file: a command line is visible to every user of the machine)")
	adminFile := fs.String("admin-token-file", "", "read the admin token from this file (its first line)")
	newHall := fs.Bool("new-hall", false, "let an SQLite file that exists but holds no hall (an empty file) become a new hall; a file that does not exist is always created")
	proxies := fs.String("trusted-proxy", "", "addresses of the reverse proxies in front of the server, IPs or prefixes separated by commas (\"127.0.0.1\"): their X-Forwarded-Host is the host pages are checked against; creating events through them needs the admin token")
	metricsAddr := fs.String("metrics-addr", "", "serve Prometheus metrics at http://ADDR/metrics, a listener of their own (off when empty; \"127.0.0.1:9180\" keeps them on this machine)")
	lichessURL := fs.String("lichess-url", server.DefaultLichessURL, "where pushes to lichess go (a test stand-in or a mirror)")
	pgnDir := fs.String("pgn-dir", "", "keep the PGN of every round and game in this folder, as spectators see it (for lichess's Broadcaster app or an FTP uploader)")
	frames := fs.String("frame-ancestors", "", "the sites whose pages may frame the embeddable boards (/embed/...), separated by spaces or commas (\"https://club.example.org\")")
	logFormat := fs.String("log", "text", "log format on stderr: text or json")
	debug := fs.Bool("debug", false, "log every request, reads included")
	help := cli.Help{
		Name:  "arbiter-hall serve",
		Usage: []string{"arbiter-hall serve [--addr 127.0.0.1:8080] [--db FILE|postgres://...] [--admin-token-file F] [--metrics-addr ADDR] [flags]"},
		Text: `Runs the arbiter server: the web pages (play, board, hall, desk, events) and
the API under /api/ that boards post to; GET /healthz is its health, GET
/readyz its readiness. Every setting may come from the environment instead
of the command line (the variable in brackets); the command line wins.`,
		Env: map[string]string{
			"addr": "ARBITER_ADDR", "db": "ARBITER_DB", "admin-token": "ARBITER_ADMIN_TOKEN", "admin-token-file": "ARBITER_ADMIN_TOKEN_FILE",
			"new-hall": "ARBITER_NEW_HALL", "trusted-proxy": "ARBITER_TRUSTED_PROXY", "metrics-addr": "ARBITER_METRICS_ADDR",
			"lichess-url": "ARBITER_LICHESS_URL", "pgn-dir": "ARBITER_PGN_DIR", "frame-ancestors": "ARBITER_FRAME_ANCESTORS",
			"log": "ARBITER_LOG", "debug": "ARBITER_DEBUG",
		},
		Examples: []string{
			"arbiter-hall serve                                        # http://127.0.0.1:8080/, games in ./arbiter.db",
			"arbiter-hall serve --addr :8080 --admin-token-file token  # the whole hall's network; events need the token",
			"ARBITER_DB=postgres://arbiter@db:5432/hall arbiter-hall serve --metrics-addr 127.0.0.1:9180",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	level := slog.LevelInfo
	if *debug {
		level = slog.LevelDebug
	}
	var h slog.Handler
	switch *logFormat {
	case "text":
		h = slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})
	case "json":
		h = slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level})
	default:
		fmt.Fprintf(stderr, "arbiter-hall serve: --log must be text or json, not %q\n", *logFormat)
		return 2
	}
	if *adminFile != "" {
		b, err := os.ReadFile(*adminFile)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter-hall serve:", err)
			return 2
		}
		*adminToken, _, _ = strings.Cut(strings.TrimSpace(string(b)), "\n")
		if *adminToken == "" {
			fmt.Fprintf(stderr, "arbiter-hall serve: %s holds no token\n", *adminFile)
			return 2
		}
	}
	frameSites := strings.FieldsFunc(*frames, func(r rune) bool { return r == ' ' || r == ',' })
	if err := web.CheckFrameAncestors(frameSites); err != nil {
		fmt.Fprintln(stderr, "arbiter-hall serve: --frame-ancestors:", err)
		return 2
	}
	trusted, err := server.ParseProxies(*proxies)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter-hall serve: --trusted-proxy:", err)
		return 2
	}
	wide := !server.Loopback(*addr)
	if (wide || len(trusted) > 0) && *adminToken == "" {
		// Beyond loopback, or behind a proxy, nobody may create events
		// without a token: one is made for this run and said once.
		*adminToken = server.NewAdminToken()
		why := "listening beyond loopback"
		if !wide {
			why = "behind a reverse proxy"
		}
		fmt.Fprintf(stdout, "arbiter: %s, so creating events needs this admin token (made for this run; keep one with --admin-token-file or $ARBITER_ADMIN_TOKEN):\n%s\n", why, *adminToken)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = server.ListenAndServe(ctx, server.Config{
		Addr:           *addr,
		MetricsAddr:    *metricsAddr,
		DB:             *db,
		NewHall:        *newHall,
		Logger:         slog.New(h),
		AdminToken:     *adminToken,
		TrustedProxies: trusted,
		LichessURL:     *lichessURL,
		PGNDir:         *pgnDir,
		FrameAncestors: frameSites,
		Static:         web.HandlerWith(web.Options{FrameAncestors: frameSites}),
		Ready: func(url string) {
			fmt.Fprintf(stdout, "arbiter: serving on %s\n", url)
			if wide {
				fmt.Fprintf(stdout, "arbiter: listening on %s: every interface this address takes, not only this machine\n", *addr)
			}
		},
	})
	if err != nil {
		fmt.Fprintln(stderr, "arbiter-hall serve:", err)
		if addrInUse(err) {
			where := "--addr " + *addr
			if *metricsAddr != "" {
				where += " or --metrics-addr " + *metricsAddr
			}
			fmt.Fprintf(stderr, "arbiter-hall serve: another program already listens on %s; choose another address (for example --addr 127.0.0.1:8081)\n", where)
		}
		return 1
	}
	return 0
}

// wsaeaddrinuse is Windows's "address already in use" (WSAEADDRINUSE),
// which syscall.EADDRINUSE does not match there.
const wsaeaddrinuse = syscall.Errno(10048)

// addrInUse reports whether err says that another program listens on the
// address: EADDRINUSE on Unix, WSAEADDRINUSE on Windows.
func addrInUse(err error) bool {
	return errors.Is(err, syscall.EADDRINUSE) || errors.Is(err, wsaeaddrinuse)
}

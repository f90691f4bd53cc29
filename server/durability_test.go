package server

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgtest"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// logBuffer collects a server's log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// serveLogged runs a server over dsn with its log in a buffer.
func serveLogged(t *testing.T, dsn string, opts Options) (*Server, *httptest.Server, *logBuffer) {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	lb := &logBuffer{}
	opts.Store = st
	opts.Logger = slog.New(slog.NewTextHandler(lb, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return srv, hs, lb
}

// Durability you can see: with the hall's database files removed under
// the running server, a post is not acknowledged (503 in plain words, not
// the driver's), /healthz says the server takes no writes and why, and
// the log says it at WARN or ERROR with the cause.
func TestDurability_FilesRemovedUnderTheServer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arbiter.db")
	_, hs, lb := serveLogged(t, path, Options{})
	ev := createEvent(t, hs.URL, 1, protocol.Start{})
	g := ev.Games[0]
	acts := moves(t, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", true)
	acked := 0
	for i, a := range acts {
		if i == 7 {
			for _, f := range []string{path, path + "-wal", path + "-shm"} {
				os.Remove(f)
			}
		}
		st, body := call(t, "POST", hs.URL+"/api/games/"+g.ID+"/actions", g.BoardToken, a, nil)
		if st == http.StatusOK {
			acked++
			continue
		}
		// The first post after the files went is refused as a fault; the
		// ones after it may also be refused by the engine (they follow an
		// action that was not stored).
		if i == 7 && (st != http.StatusServiceUnavailable || !strings.Contains(string(body), "database file was removed or replaced") || strings.Contains(string(body), "sqlite")) {
			t.Fatalf("post %d after the files went: %d %s", i, st, body)
		}
	}
	if acked != 7 {
		t.Errorf("%d posts acknowledged after the files were removed", acked-7)
	}
	st, _, body := raw(t, "GET", hs.URL+"/healthz", "", "", nil)
	if st != http.StatusServiceUnavailable || !strings.Contains(body, "failed") || !strings.Contains(body, "arbiter.db") {
		t.Errorf("healthz: %d %s", st, body)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(lb.String(), "level=ERROR msg=\"the database takes no more writes") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if l := lb.String(); !strings.Contains(l, "level=ERROR msg=\"the database takes no more writes") || !strings.Contains(l, "level=WARN msg=\"request failed\"") || !strings.Contains(l, "cause=") {
		t.Errorf("the log:\n%s", l)
	}
}

// Faults are logged with their cause and told in plain words: PostgreSQL
// stopped under a running server (the connection to it cut) makes a post
// 503 "unavailable" (the driver's message stays in the log), and
// /healthz 503.
func TestFault_PostgresStoppedTellsClientsAndLog(t *testing.T) {
	dsn, cut := pgtest.Cuttable(t)
	_, hs, lb := serveLogged(t, dsn, Options{})
	ev := createEvent(t, hs.URL, 1, protocol.Start{})
	g := ev.Games[0]
	cut()
	st, body := call(t, "POST", hs.URL+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"lift","sq":"e2"}`, nil)
	if st != http.StatusServiceUnavailable || !strings.Contains(string(body), "database is unavailable") || strings.Contains(string(body), "dial") {
		t.Errorf("post with PostgreSQL gone: %d %s", st, body)
	}
	if st, _, body := raw(t, "GET", hs.URL+"/healthz", "", "", nil); st != http.StatusServiceUnavailable {
		t.Errorf("healthz: %d %s", st, body)
	}
	if l := lb.String(); !strings.Contains(l, "level=WARN msg=\"request failed\"") || !strings.Contains(l, "cause=") {
		t.Errorf("the log:\n%s", l)
	}
}

// Anonymous /healthz reads: it writes its row at most every
// healthWriteEvery, however often it is asked; the admin token makes it
// write now.
func TestHealth_AnonymousReadsOnly(t *testing.T) {
	srv, hs := serveOn(t, Options{AdminToken: "adm_secret"})
	for i := 0; i < 5; i++ {
		if st, _, body := raw(t, "GET", hs.URL+"/healthz", "", "", nil); st != http.StatusOK {
			t.Fatalf("healthz: %d %s", st, body)
		}
	}
	srv.healthMu.Lock()
	first := srv.healthAt
	srv.healthMu.Unlock()
	for i := 0; i < 20; i++ {
		raw(t, "GET", hs.URL+"/healthz", "", "", nil)
	}
	srv.healthMu.Lock()
	again := srv.healthAt
	srv.healthMu.Unlock()
	if first.IsZero() || !again.Equal(first) {
		t.Errorf("anonymous health checks wrote again: %v then %v", first, again)
	}
	raw(t, "GET", hs.URL+"/healthz", "", "", map[string]string{"Authorization": "Bearer adm_secret"})
	srv.healthMu.Lock()
	admin := srv.healthAt
	srv.healthMu.Unlock()
	if !admin.After(first) {
		t.Errorf("the admin's check did not write: %v", admin)
	}
}

// Behind a reverse proxy on the same host: a request that comes through
// a proxy (forwarding headers) may not create an event on a server that
// has no admin token; with a trusted proxy the Origin check follows the
// host it forwards.
func TestProxy_AdminTokenAndForwardedHost(t *testing.T) {
	_, open := serveOn(t, Options{})
	body := `{"name":"Open","games":[]}`
	for _, h := range []map[string]string{{"X-Forwarded-For": "203.0.113.9"}, {"Forwarded": "for=203.0.113.9;host=chess.example.org"}, {"X-Real-Ip": "203.0.113.9"}} {
		if st, _, b := raw(t, "POST", open.URL+"/api/events", "application/json", body, h); st != http.StatusForbidden || !strings.Contains(b, "admin token") {
			t.Errorf("through a proxy %v without an admin token: %d %s", h, st, b)
		}
	}
	if st, _, b := raw(t, "POST", open.URL+"/api/events", "application/json", body, nil); st != http.StatusCreated {
		t.Errorf("on loopback without a proxy: %d %s", st, b)
	}
	trusted, err := ParseProxies("127.0.0.1, ::1/128")
	if err != nil {
		t.Fatal(err)
	}
	_, behind := serveOn(t, Options{AdminToken: "adm_x", TrustedProxies: trusted})
	site := map[string]string{"Authorization": "Bearer adm_x", "Origin": "https://chess.example.org", "X-Forwarded-Host": "chess.example.org", "X-Forwarded-For": "203.0.113.9"}
	if st, _, b := raw(t, "POST", behind.URL+"/api/events", "application/json", body, site); st != http.StatusCreated {
		t.Errorf("the site's own page through a trusted proxy: %d %s", st, b)
	}
	site["Origin"] = "https://evil.example.com"
	if st, _, b := raw(t, "POST", behind.URL+"/api/events", "application/json", body, site); st != http.StatusForbidden {
		t.Errorf("another site through the proxy: %d %s", st, b)
	}
	// Not trusted: the forwarded host counts for nothing.
	_, direct := serveOn(t, Options{AdminToken: "adm_x"})
	site["Origin"] = "https://chess.example.org"
	if st, _, b := raw(t, "POST", direct.URL+"/api/events", "application/json", body, site); st != http.StatusForbidden {
		t.Errorf("a forwarded host from an untrusted peer: %d %s", st, b)
	}
	for _, bad := range []string{"10.0.0.0/33", "not-an-ip"} {
		if _, err := ParseProxies(bad); err == nil {
			t.Errorf("ParseProxies(%q) took it", bad)
		}
	}
}

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/internal/apitest"
	"github.com/arbiterchess/arbiter/internal/pgtest"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/touch"
	"github.com/arbiterchess/arbiter/winnable"
)

// backend is a database the tests run against.
type backend struct {
	name string
	// dsn returns a fresh, empty database for one test.
	dsn func(t testing.TB) string
}

// backends are SQLite always, and PostgreSQL when ARBITER_TEST_POSTGRES is
// set.
func backends() []backend {
	return []backend{
		{"sqlite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "arbiter.db") }},
		{"postgres", pgtest.Schema},
	}
}

// forEachBackend runs f as a subtest on each database.
func forEachBackend(t *testing.T, f func(t *testing.T, dsn string)) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) { f(t, b.dsn(t)) })
	}
}

// testServer is a server on a store, behind an httptest server.
type testServer struct {
	*Server
	store  *store.Store
	http   *httptest.Server
	url    string
	stopFn func()
}

// stop ends a server started by startServerWith before the test does.
func (ts *testServer) stop() {
	if ts.stopFn != nil {
		ts.stopFn()
	}
}

// startServer opens dsn and serves it on a loopback port; everything is
// closed at the end of the test.
func startServer(t *testing.T, dsn string) *testServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Run(ctx)
	hs := httptest.NewServer(srv.Handler())
	ts := &testServer{Server: srv, store: st, http: hs, url: hs.URL}
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
		cancel()
		st.Close()
	})
	return ts
}

// call makes a request and decodes a JSON answer into out (when not nil).
// It returns the status and the raw body.
func call(t testing.TB, method, url, token string, body any, out any) (int, []byte) {
	t.Helper()
	st, raw := apitest.Call(t, method, url, token, body)
	if out != nil && st < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, raw)
		}
	}
	return st, raw
}

// createEvent creates an event with n games (white "W1".., black "B1"..).
func createEvent(t *testing.T, base string, n int, start protocol.Start) CreatedEvent {
	t.Helper()
	spec := EventSpec{Name: "Test open", Site: "Loopback", Start: &start}
	for i := 0; i < n; i++ {
		spec.Games = append(spec.Games, GameSpec{White: fmt.Sprintf("W%d", i+1), Black: fmt.Sprintf("B%d", i+1)})
	}
	var ev CreatedEvent
	if st, raw := call(t, "POST", base+"/api/events", "", spec, &ev); st != http.StatusCreated {
		t.Fatalf("create event: %d %s", st, raw)
	}
	return ev
}

// getGame reads a game view.
func getGame(t *testing.T, base, id string) GameView {
	t.Helper()
	var v GameView
	if st, raw := call(t, "GET", base+"/api/games/"+id, "", nil, &v); st != http.StatusOK {
		t.Fatalf("get game: %d %s", st, raw)
	}
	return v
}

// replaySummary is what a fresh engine says after the actions of a log:
// the reference a stored game must equal.
func replaySummary(t *testing.T, start protocol.Start, entries []store.Entry) (protocol.Summary, []protocol.Ruling) {
	t.Helper()
	e, err := touch.New(start, touch.Options{CanMate: winnable.CanMate})
	if err != nil {
		t.Fatal(err)
	}
	var rs []protocol.Ruling
	for _, x := range entries {
		if x.Kind == store.KindAction {
			rs = append(rs, e.Apply(int(x.N), *x.Action)...)
		}
	}
	return e.Summary(), rs
}

// readLog reads a game's whole log over the API.
func readLog(t *testing.T, base, id string) []store.Entry {
	t.Helper()
	var es []store.Entry
	if st, raw := call(t, "GET", base+"/api/games/"+id+"/log", "", nil, &es); st != http.StatusOK {
		t.Fatalf("log: %d %s", st, raw)
	}
	return es
}

// mustJSON encodes v for comparisons.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func newRecorder() *httptest.ResponseRecorder { return httptest.NewRecorder() }

func mustRequest(t *testing.T, method, path string) *http.Request {
	t.Helper()
	return httptest.NewRequest(method, path, nil)
}

func ioNopCloser(s string) io.ReadCloser { return io.NopCloser(strings.NewReader(s)) }

// restartPort returns a loopback address for a server that the test stops
// and starts again on the same port. The port is drawn below the range the
// system hands out for ":0" (from 32768 on Linux), so that another
// program's listener is unlikely to take it in between.
func restartPort(t *testing.T) string {
	t.Helper()
	for i := 0; i < 200; i++ {
		addr := fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(10000))
		if ln, err := net.Listen("tcp", addr); err == nil {
			ln.Close()
			return addr
		}
	}
	t.Fatal("no free loopback port")
	return ""
}

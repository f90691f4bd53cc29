package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// metricsServer is a server with metrics, on a temporary SQLite file.
func metricsServer(t *testing.T) (*testServer, *Metrics) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "arbiter.db"))
	if err != nil {
		t.Fatal(err)
	}
	m := NewMetrics()
	srv, err := New(Options{Store: st, Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options{Store: st, Metrics: m}); err == nil {
		t.Error("one Metrics taken by a second server")
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); hs.Close(); st.Close() })
	return &testServer{Server: srv, store: st, http: hs, url: hs.URL}, m
}

// scrape returns the metrics' text and a reader of one sample's value.
func scrape(t *testing.T, m *Metrics) (string, func(series string) float64) {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	text := rec.Body.String()
	return text, func(series string) float64 {
		re := regexp.MustCompile("(?m)^" + regexp.QuoteMeta(series) + " ([0-9.e+-]+)$")
		mm := re.FindStringSubmatch(text)
		if mm == nil {
			t.Fatalf("no sample %s in:\n%s", series, text)
		}
		v, _ := strconv.ParseFloat(mm[1], 64)
		return v
	}
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("no %s after 5 s", what)
		}
	}
}

// The metrics count accepted, duplicate and refused actions, time the
// acknowledgements, follow the followers and the messages pushed to them,
// and time the flag watch; /readyz says ready, and /healthz the version.
func TestMetrics(t *testing.T) {
	ts, m := metricsServer(t)
	waitFor(t, "readiness", func() bool {
		st, _ := call(t, "GET", ts.url+"/readyz", "", nil, nil)
		return st == http.StatusOK
	})
	var health map[string]any
	if st, raw := call(t, "GET", ts.url+"/healthz", "", nil, &health); st != http.StatusOK || health["version"] == "" || health["version"] == nil {
		t.Errorf("healthz: %d %s", st, raw)
	}

	ev := createEvent(t, ts.url, 1, protocol.Start{Clock: &protocol.Clock{White: 60, Black: 1}})
	g := ev.Games[0]
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	follower, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+"/api/games/"+g.ID+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer follower.CloseNow()
	go func() { // read what the server pushes
		for {
			if _, _, err := follower.Read(ctx); err != nil {
				return
			}
		}
	}()
	post := func(body string, want int) {
		t.Helper()
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, nil); st != want {
			t.Fatalf("%s: %d %s, want %d", body, st, raw, want)
		}
	}
	post(`{"by":"white","act":"lift","sq":"e2","seq":1,"t":0}`, http.StatusOK)
	post(`{"by":"white","act":"lift","sq":"e2","seq":1,"t":0}`, http.StatusOK) // a retry
	post(`{"by":"white","act":"drop","sq":"e4","seq":2}`, http.StatusOK)
	post(`{"by":"arbiter","act":"flag","side":"black","seq":3}`, http.StatusForbidden) // not the board's to post
	post(`{"by":"white","act":"clock","seq":4}`, http.StatusOK)                        // Black's second runs
	waitResult(t, ts.url, g.ID, 5*time.Second)

	text, value := scrape(t, m)
	for series, want := range map[string]float64{
		`arbiter_actions_total{outcome="accepted"}`:  4, // three posted and the arbiter's flag
		`arbiter_actions_total{outcome="duplicate"}`: 1,
		`arbiter_actions_total{outcome="refused"}`:   1,
		`arbiter_actions_total{outcome="failed"}`:    0,
		`arbiter_ack_seconds_count`:                  5, // the retry's too
		`arbiter_store_errors_total{fault="full"}`:   0,
		`arbiter_flag_lag_seconds_count`:             1,
		`arbiter_followers`:                          1,
		`arbiter_ready`:                              1,
		`arbiter_flags_armed`:                        0,
	} {
		if got := value(series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	if value("arbiter_push_messages_total") < 1 {
		t.Errorf("no message pushed to the follower")
	}
	for _, name := range []string{"arbiter_store_errors_total", "arbiter_followers_dropped_total", "arbiter_build_info", "go_goroutines"} {
		if !strings.Contains(text, "# TYPE "+name) {
			t.Errorf("no %s", name)
		}
	}
	follower.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "the follower's departure", func() bool {
		_, value := scrape(t, m)
		return value("arbiter_followers") == 0
	})
}

// A server without metrics counts nothing and fails nothing.
func TestMetrics_Off(t *testing.T) {
	var m *Metrics
	err := error(nil)
	m.posted(time.Now(), 1, &PostResult{}, &err)
	m.storeError(store.ErrFull)
	m.flagObserved(time.Second)
	m.pushedTo(3)
	m.followerDropped(true)
}

// /readyz answers 503 "stopping" once the server closes.
func TestReadyz_Stopping(t *testing.T) {
	ts, _ := metricsServer(t)
	waitFor(t, "readiness", func() bool { return ts.readiness(context.Background()) == "ready" })
	ts.Close()
	var body map[string]string
	rec := httptest.NewRecorder()
	ts.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"stopping"`) {
		t.Fatalf("%d %s %v", rec.Code, rec.Body.String(), body)
	}
}

// ListenAndServe serves the metrics on their own listener, not on the
// API's.
func TestListenAndServe_MetricsAddr(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	done := make(chan error, 1)
	metricsAddr := restartPort(t)
	go func() {
		done <- ListenAndServe(ctx, Config{Addr: "127.0.0.1:0", MetricsAddr: metricsAddr, DB: filepath.Join(t.TempDir(), "a.db"), Ready: func(u string) { ready <- u }})
	}()
	var api string
	select {
	case api = <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	res, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("metrics: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if st, _ := call(t, "GET", api+"metrics", "", nil, nil); st != http.StatusNotFound {
		t.Errorf("the API's listener serves /metrics: %d", st)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Each database fault is counted under its name.
func TestMetrics_StoreErrors(t *testing.T) {
	m := NewMetrics()
	m.storeError(store.ErrFull)
	m.storeError(store.ErrGone)
	m.storeError(store.ErrUnavailable)
	_, value := scrape(t, m)
	for series, want := range map[string]float64{
		`arbiter_store_errors_total{fault="full"}`:        1,
		`arbiter_store_errors_total{fault="gone"}`:        1,
		`arbiter_store_errors_total{fault="unavailable"}`: 1,
		`arbiter_store_errors_total{fault="read-only"}`:   0,
	} {
		if got := value(series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
}

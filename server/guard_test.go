package server

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// raw makes a request with a chosen content type and headers, and returns
// the status, the header and the body.
func raw(t testing.TB, method, url, ctype, body string, header map[string]string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// Defects 1 and 5: games a request may create and actions a post may
// carry are bounded (a post stays below the followers' queue), and a game
// nobody follows is freed from memory and loaded again on demand.
func TestGuard_1_5_Bounds(t *testing.T) {
	ts := startServer(t, "file:"+t.TempDir()+"/a.db")
	games := strings.Repeat(`{},`, maxGamesPerRequest) + `{}`
	if st, _, body := raw(t, "POST", ts.url+"/api/events", "application/json", `{"name":"big","games":[`+games+`]}`, nil); st != http.StatusBadRequest || !strings.Contains(body, "at most 1000") {
		t.Errorf("1,001 games: %d %s", st, body)
	}
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	g := ev.Games[0]
	post := strings.Repeat(`{"by":"white","act":"touch","sq":"e2"}`+"\n", maxActionsPerPost+1)
	if st, _, body := raw(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", "application/x-ndjson", post, map[string]string{"Authorization": "Bearer " + g.BoardToken}); st != http.StatusBadRequest || !strings.Contains(body, "at most 500") {
		t.Errorf("501 actions: %d %s", st, body)
	}
}

func TestGuard_1_IdleGamesFreed(t *testing.T) {
	srv, hs := serveOn(t, Options{IdleGame: 50 * time.Millisecond})
	ts := hs.URL
	ev := createEvent(t, ts, 20, protocol.Start{})
	if srv.loaded() < 20 {
		t.Fatalf("%d games loaded after creating 20", srv.loaded())
	}
	end := time.Now().Add(5 * time.Second)
	for srv.loaded() > 0 && time.Now().Before(end) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := srv.loaded(); n != 0 {
		t.Fatalf("%d idle games still in memory", n)
	}
	// Loaded again on demand, whole.
	if v := getGame(t, ts, ev.Games[3].ID); v.ID != ev.Games[3].ID || v.FEN == "" {
		t.Fatalf("reloaded: %+v", v)
	}
}

// Defect 3: a body sent too slowly is cut off (the read deadline), not
// held open.
func TestGuard_3_SlowBodyCutOff(t *testing.T) {
	old := bodyReadTimeout
	bodyReadTimeout = 300 * time.Millisecond
	defer func() { bodyReadTimeout = old }()
	ts := startServer(t, "file:"+t.TempDir()+"/c.db")
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	start := time.Now()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	io.ReadAll(conn) // the server answers (or closes) once the deadline passes
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("the slow body held the connection %v", d)
	}
}

// Defect 4: no cross-site state change: a text/plain body gets 415, a
// foreign Origin 403.
func TestGuard_4_CrossSite(t *testing.T) {
	ts := startServer(t, "file:"+t.TempDir()+"/d.db")
	if st, _, body := raw(t, "POST", ts.url+"/api/events", "text/plain", `{"name":"x"}`, nil); st != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d %s", st, body)
	}
	if st, _, body := raw(t, "POST", ts.url+"/api/events", "application/json", `{"name":"x"}`, map[string]string{"Origin": "https://evil.example"}); st != http.StatusForbidden {
		t.Errorf("foreign origin: %d %s", st, body)
	}
	self := "http://" + strings.TrimPrefix(ts.url, "http://")
	if st, _, body := raw(t, "POST", ts.url+"/api/events", "application/json", `{"name":"x"}`, map[string]string{"Origin": self}); st != http.StatusCreated {
		t.Errorf("own origin: %d %s", st, body)
	}
}

// Defects 6, 7, 8, 9, 11, 12: paged log, bounded text, numbers in range,
// NUL refused on every store, the right status codes, tokens in query
// strings for WebSockets only, nosniff, and 1007 on a text frame that is
// not UTF-8.
func TestGuard_6_to_12(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		board := map[string]string{"Authorization": "Bearer " + g.BoardToken}
		arb := map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}
		actions := ts.url + "/api/games/" + g.ID + "/actions"
		for i := 0; i < 3; i++ {
			raw(t, "POST", actions, "application/json", `[{"by":"white","act":"touch","sq":"e2"}]`, board)
		}
		// 6: the log in pages, with a Link to the next.
		st, h, body := raw(t, "GET", ts.url+"/api/games/"+g.ID+"/log?limit=2", "", "", nil)
		if st != 200 || strings.Count(body, `"n":`) != 2 || !strings.Contains(h.Get("Link"), "after=2") {
			t.Errorf("log page: %d %s %s", st, h.Get("Link"), body)
		}
		if st, _, _ := raw(t, "GET", ts.url+"/api/games/"+g.ID+"/log?limit=5000", "", "", nil); st != 400 {
			t.Errorf("limit over the page: %d", st)
		}
		if st, _, _ := raw(t, "POST", ts.url+"/api/games/"+g.ID+"/result", "application/json", `{"result":"1-0","reason":"`+strings.Repeat("x", 4000)+`"}`, arb); st != 400 {
			t.Errorf("a 4,000-character reason: %d", st)
		}
		// 7: seq and numbers in range.
		if st, _, body := raw(t, "POST", actions, "application/json", `{"by":"white","act":"touch","sq":"e2","seq":9007199254740992}`, board); st != 400 || !strings.Contains(body, "2^53") {
			t.Errorf("seq 2^53: %d %s", st, body)
		}
		if st, _, _ := raw(t, "POST", ts.url+"/api/events/"+ev.ID+"/games", "application/json", `{"games":[{"board":2147483648}]}`, arb); st != 400 {
			t.Errorf("board 2^31: %d", st)
		}
		// 8: NUL, on every store alike.
		if st, _, body := raw(t, "POST", ts.url+"/api/events", "application/json", `{"name":"a\u0000b"}`, nil); st != 400 || !strings.Contains(body, "NUL") {
			t.Errorf("NUL: %d %s", st, body)
		}
		// 9: 413, 405 with Allow, the words of a missing token.
		if st, _, _ := raw(t, "POST", actions, "application/json", `[`+strings.Repeat(" ", maxBody)+`]`, board); st != http.StatusRequestEntityTooLarge {
			t.Errorf("a body over the limit: %d", st)
		}
		if st, h, _ := raw(t, "GET", actions, "", "", nil); st != http.StatusMethodNotAllowed || h.Get("Allow") != "POST" {
			t.Errorf("GET /actions: %d Allow %q", st, h.Get("Allow"))
		}
		if st, h, _ := raw(t, "PUT", ts.url+"/api/events", "application/json", `{}`, nil); st != http.StatusMethodNotAllowed || !strings.Contains(h.Get("Allow"), "GET") || !strings.Contains(h.Get("Allow"), "POST") {
			t.Errorf("PUT /api/events: %d Allow %q", st, h.Get("Allow"))
		}
		if st, _, body := raw(t, "POST", ts.url+"/api/games/"+g.ID+"/result", "application/json", `{"result":"1-0"}`, nil); st != 401 || strings.Contains(body, "posting") || !strings.Contains(body, "arbiter") {
			t.Errorf("no token on /result: %d %s", st, body)
		}
		// 11: a token in the query string is not taken on plain requests.
		if st, _, _ := raw(t, "POST", actions+"?token="+g.BoardToken, "application/json", `{"by":"white","act":"touch","sq":"e2"}`, nil); st != 401 {
			t.Errorf("token in the query string: %d", st)
		}
		// 12: nosniff, and 1007 on a text frame that is not UTF-8.
		if _, h, _ := raw(t, "GET", ts.url+"/api/games/"+g.ID, "", "", nil); h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("no nosniff: %v", h)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+"/api/games/"+g.ID+"/live?token="+g.BoardToken, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		c.Read(ctx) // the snapshot
		c.Write(ctx, websocket.MessageText, []byte{'{', 0xff, 0xfe, '}'})
		for {
			if _, _, err := c.Read(ctx); err != nil {
				if websocket.CloseStatus(err) != websocket.StatusInvalidFramePayloadData {
					t.Errorf("invalid UTF-8 closed with %v", err)
				}
				break
			}
		}
	})
}

// Defect 10: /healthz tells when the database does not take writes.
func TestGuard_10_HealthTellsWrites(t *testing.T) {
	srv, hs := serveOn(t, Options{})
	ts, st := hs.URL, srv.store
	if code, _, body := raw(t, "GET", ts+"/healthz", "", "", nil); code != 200 {
		t.Fatalf("healthy: %d %s", code, body)
	}
	st.Close() // the database goes away under the server
	if code, _, body := raw(t, "GET", ts+"/healthz", "", "", nil); code != http.StatusServiceUnavailable {
		t.Fatalf("with the database gone: %d %s", code, body)
	}
}

func newHTTPTest(srv *Server) *httptest.Server { return httptest.NewServer(srv.Handler()) }

// serveOn runs a server with opts over a fresh SQLite file, on a test HTTP
// server; both end with the test.
func serveOn(tb testing.TB, opts Options) (*Server, *httptest.Server) {
	tb.Helper()
	st, err := store.Open(context.Background(), filepath.Join(tb.TempDir(), "arbiter.db"))
	if err != nil {
		tb.Fatal(err)
	}
	opts.Store = st
	srv, err := New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	hs := newHTTPTest(srv)
	tb.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return srv, hs
}

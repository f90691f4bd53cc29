package server

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/protocol"
)

// standIn is a stand-in of lichess's push endpoint, on loopback, to its
// documented contract: POST /api/broadcast/round/{roundId}/push with
// "Authorization: Bearer TOKEN" and the round's PGN as text/plain; 200
// with {"games": [{"tags": {...}, "moves": N} or {"tags", "error"}]};
// 429 with Retry-After when pushed too often, 401 for a bad token. Its
// answers may be scripted (fail) before the normal ones.
type standIn struct {
	mu     sync.Mutex
	token  string
	pushes []standInPush
	fail   []func(w http.ResponseWriter) // answers given, in order, before normal ones
	srv    *httptest.Server
}

type standInPush struct {
	round, auth, ctype string
	moves              int // all the games' moves
	games              int
	status             int
}

func newStandIn(t *testing.T, token string) *standIn {
	si := &standIn{token: token}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/broadcast/round/{round}/push", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p := standInPush{round: r.PathValue("round"), auth: r.Header.Get("Authorization"), ctype: r.Header.Get("Content-Type")}
		si.mu.Lock()
		defer si.mu.Unlock()
		if len(si.fail) > 0 {
			f := si.fail[0]
			si.fail = si.fail[1:]
			rec := httptest.NewRecorder()
			f(rec)
			p.status = rec.Code
			si.pushes = append(si.pushes, p)
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Code)
			w.Write(rec.Body.Bytes())
			return
		}
		if p.auth != "Bearer "+si.token {
			p.status = http.StatusUnauthorized
			si.pushes = append(si.pushes, p)
			http.Error(w, `{"error":"No such token"}`, http.StatusUnauthorized)
			return
		}
		type game struct {
			Tags  map[string]string `json:"tags"`
			Moves int               `json:"moves,omitempty"`
			Error string            `json:"error,omitempty"`
		}
		var ans struct {
			Games []game `json:"games"`
		}
		rd := pgn.NewReader(strings.NewReader(string(body)))
		for {
			g, err := rd.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				ans.Games = append(ans.Games, game{Error: err.Error()})
				continue
			}
			tags := map[string]string{}
			for _, tg := range g.Tags {
				tags[tg.Name] = tg.Value
			}
			ans.Games = append(ans.Games, game{Tags: tags, Moves: len(g.Moves)})
			p.moves += len(g.Moves)
			p.games++
		}
		p.status = http.StatusOK
		si.pushes = append(si.pushes, p)
		json.NewEncoder(w).Encode(ans)
	})
	si.srv = httptest.NewServer(mux)
	t.Cleanup(si.srv.Close)
	return si
}

func (si *standIn) snapshot() []standInPush {
	si.mu.Lock()
	defer si.mu.Unlock()
	return append([]standInPush(nil), si.pushes...)
}

// fastPushes makes the pusher's pace a test's, for the test.
func fastPushes(t *testing.T) {
	oldTick, oldEvery, oldMax, oldTimeout := pushTick, pushEvery, pushBackoffMax, pushTimeout
	pushTick, pushEvery, pushBackoffMax, pushTimeout = 20*time.Millisecond, 50*time.Millisecond, 400*time.Millisecond, 500*time.Millisecond
	t.Cleanup(func() { pushTick, pushEvery, pushBackoffMax, pushTimeout = oldTick, oldEvery, oldMax, oldTimeout })
}

// waitFor polls cond until it holds or the deadline passes.
func waitUntil(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Push to lichess from behind NAT: a round's PGN reaches lichess's
// endpoint (a stand-in of its contract on loopback) whenever it changes,
// in order, nothing lost: through a 429 with Retry-After, a 5xx, a
// timeout and a restart of the hall server in the middle of the round.
// The token is in no answer, log line, export or PGN; the desk reads each
// round's status with lichess's per-game answers; a refused token stops
// the pushes until another is given. The PGN folder keeps the round and
// its games' files, replaced whole.
func TestPush_RoundReachesLichessInOrderAcrossFaultsAndARestart(t *testing.T) {
	fastPushes(t)
	const token = "lip_Secret7Token9"
	si := newStandIn(t, token)
	si.fail = []func(http.ResponseWriter){
		func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		},
		func(w http.ResponseWriter) { http.Error(w, "upstream unavailable", http.StatusBadGateway) },
		func(w http.ResponseWriter) {
			time.Sleep(700 * time.Millisecond)
			w.WriteHeader(http.StatusGatewayTimeout)
		}, // past the pusher's timeout
	}
	dsn := filepath.Join(t.TempDir(), "hall.db")
	pgnDir := filepath.Join(t.TempDir(), "pgn")
	logs := &logBuffer{}
	start := func() *testServer {
		ts := startServerWith(t, dsn, Options{LichessURL: si.srv.URL, PGNDir: pgnDir, Logger: newTestLogger(logs), Metrics: NewMetrics()})
		return ts
	}
	ts := start()
	ev := createEvent(t, ts.url, 2, protocol.Start{Clock: &protocol.Clock{White: 5400, Black: 5400, Periods: []protocol.Period{{Moves: 40, Add: 1800}}, Increment: 30}})
	if st, answer := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.ArbiterToken, fmt.Sprintf(`{"lichess_token":%q,"rounds":{"1":"AbCd1234"}}`, token), nil); st != http.StatusOK {
		t.Fatalf("settings: %d %s", st, answer)
	}
	if st, _ := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.Games[0].BoardToken, `{"rounds":{}}`, nil); st != http.StatusForbidden {
		t.Errorf("a board setting the push: %d", st)
	}
	first := moves(t, "e2e4 e7e5 g1f3 b8c6", true)
	second := moves(t, "f1b5 a7a6 b5a4 g8f6", true)
	total := func() int {
		ps := si.snapshot()
		for i := len(ps) - 1; i >= 0; i-- {
			if ps[i].status == http.StatusOK {
				return ps[i].moves
			}
		}
		return -1
	}
	for _, g := range ev.Games {
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, first, nil)
	}
	waitUntil(t, "the first moves pushed", 10*time.Second, func() bool { return total() == 8 })
	// The hall server restarts in the middle of the round.
	ts.stop()
	ts = start()
	for _, g := range ev.Games {
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, second, nil)
	}
	waitUntil(t, "every move pushed", 10*time.Second, func() bool { return total() == 16 })
	ps := si.snapshot()
	last := 0
	for i, p := range ps {
		if p.round != "AbCd1234" || p.auth != "Bearer "+token || !strings.HasPrefix(p.ctype, "text/plain") {
			t.Errorf("push %d: %+v", i, p)
		}
		if p.status == http.StatusOK {
			if p.moves < last || p.games != 2 {
				t.Errorf("push %d went back: %d moves after %d (%d games)", i, p.moves, last, p.games)
			}
			last = p.moves
		}
	}
	if ps[0].status != http.StatusTooManyRequests || ps[1].status != http.StatusBadGateway {
		t.Errorf("the scripted failures: %+v", ps[:3])
	}
	// The pushes are counted in the metrics, by outcome.
	rec := httptest.NewRecorder()
	ts.opts.Metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if m := rec.Body.String(); !strings.Contains(m, `arbiter_lichess_pushes_total{outcome="ok"}`) || strings.Contains(m, `arbiter_lichess_pushes_total{outcome="ok"} 0`) {
		t.Errorf("metrics:\n%s", m)
	}
	// The desk's view: the status and lichess's answer, not the token.
	var bv BroadcastView
	st, answer := call(t, "GET", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.ArbiterToken, nil, &bv)
	if st != http.StatusOK || !bv.TokenSet || len(bv.Rounds) != 1 || bv.Rounds[0].LastPush == nil || len(bv.Rounds[0].Games) != 2 || bv.Rounds[0].Games[0].Moves != 8 {
		t.Errorf("status: %d %s", st, answer)
	}
	// The multi-period control in lichess's form.
	if _, _, body := raw3(t, ts.url+"/api/events/"+ev.ID+"/pgn?round=1"); !strings.Contains(body, `[TimeControl "40/5400+30:1800+30"]`) {
		t.Errorf("the feed's TimeControl:\n%s", body)
	}
	// The PGN folder: the round and each game.
	waitUntil(t, "the round file", 5*time.Second, func() bool {
		b, err := os.ReadFile(filepath.Join(pgnDir, ev.ID, "round-1.pgn"))
		return err == nil && strings.Count(string(b), "[Event ") == 2 && strings.Count(string(b), "Nf6") == 2
	})
	waitUntil(t, "the game files", 5*time.Second, func() bool {
		b, err := os.ReadFile(filepath.Join(pgnDir, ev.ID, "round-1", "board-2.pgn"))
		return err == nil && strings.Count(string(b), "[Event ") == 1 && strings.Contains(string(b), "Nf6")
	})
	// The token is in nothing the server says or writes.
	for _, path := range []string{"/api/events/" + ev.ID, "/api/events/" + ev.ID + "/pgn", "/api/events/" + ev.ID + "/broadcast", "/api/events", "/api/games/" + ev.Games[0].ID + "/log"} {
		_, _, body := raw(t, "GET", ts.url+path, "", "", map[string]string{"Authorization": "Bearer " + ev.ArbiterToken})
		if strings.Contains(body, token) {
			t.Errorf("%s shows the token", path)
		}
	}
	if strings.Contains(logs.String(), token) {
		t.Errorf("the log shows the token")
	}
	filepath.Walk(pgnDir, func(p string, fi os.FileInfo, err error) error {
		if b, _ := os.ReadFile(p); err == nil && !fi.IsDir() && strings.Contains(string(b), token) {
			t.Errorf("%s holds the token", p)
		}
		return nil
	})
	// A token lichess refuses: the pushes stop, the desk says why, until
	// another token is given.
	si.mu.Lock()
	si.token = "lip_other"
	n := len(si.pushes)
	si.mu.Unlock()
	call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.ArbiterToken, `{"rounds":{"1":"AbCd1234"}}`, nil) // the same token, pushed again
	waitUntil(t, "the refusal", 5*time.Second, func() bool { return len(si.snapshot()) > n })
	time.Sleep(300 * time.Millisecond)
	if got := len(si.snapshot()); got != n+1 {
		t.Errorf("pushes after a refused token: %d", got-n)
	}
	call(t, "GET", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.ArbiterToken, nil, &bv)
	if !strings.Contains(bv.Rounds[0].Error, "refused the token (401)") {
		t.Errorf("the refusal's status: %+v", bv.Rounds[0])
	}
	call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.ArbiterToken, `{"lichess_token":"lip_other","rounds":{"1":"AbCd1234"}}`, nil)
	waitUntil(t, "a push with the new token", 5*time.Second, func() bool {
		ps := si.snapshot()
		return ps[len(ps)-1].status == http.StatusOK && ps[len(ps)-1].auth == "Bearer lip_other"
	})
	// Malformed settings.
	for _, body := range []string{`{"lichess_token":"lip x","rounds":{"1":"AbCd1234"}}`, `{"lichess_token":"lip_x","rounds":{"one":"AbCd1234"}}`, `{"lichess_token":"lip_x","rounds":{"1":"short"}}`} {
		if st, _ := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/broadcast", ev.ArbiterToken, body, nil); st != http.StatusBadRequest {
			t.Errorf("%s: %d", body, st)
		}
	}
}

// raw3 GETs a URL.
func raw3(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	return raw(t, "GET", url, "", "", nil)
}

// The PGN lichess is pushed writes a multi-period TimeControl as lichess
// reads it (the first period and the increment); other tags stay.
func TestLichessPGN_TimeControl(t *testing.T) {
	in := "[Event \"x\"]\n[TimeControl \"40/5400+30:1800+30\"]\n\n1. e4 *\n\n[Event \"y\"]\n[TimeControl \"300+2\"]\n\n*\n"
	out := string(lichessPGN([]byte(in)))
	if !strings.Contains(out, `[TimeControl "5400+30"]`) || !strings.Contains(out, `[TimeControl "300+2"]`) || !strings.Contains(out, "1. e4 *") {
		t.Errorf("lichess PGN:\n%s", out)
	}
}

// newTestLogger logs at debug level into a buffer.
func newTestLogger(b *logBuffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// Read-only routes and feeds answer other sites' pages (CORS, without
// credentials); what changes state does not.
func TestCORS_ReadsOnly(t *testing.T) {
	_, hs := serveOn(t, Options{})
	ev := createEvent(t, hs.URL, 1, protocol.Start{})
	for _, path := range []string{"/api/events", "/api/events/" + ev.ID + "/pgn", "/api/games/" + ev.Games[0].ID, "/healthz"} {
		_, h, _ := raw(t, "GET", hs.URL+path, "", "", map[string]string{"Origin": "https://club.example.org"})
		if h.Get("Access-Control-Allow-Origin") != "*" || h.Get("Access-Control-Allow-Credentials") != "" || !strings.Contains(h.Get("Access-Control-Expose-Headers"), "ETag") {
			t.Errorf("%s: %v", path, h)
		}
	}
	_, h, _ := raw(t, "POST", hs.URL+"/api/games/"+ev.Games[0].ID+"/actions", "application/json", `{"by":"white","act":"lift","sq":"e2"}`, map[string]string{"Authorization": "Bearer " + ev.Games[0].BoardToken})
	if h.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("a post answers cross-origin: %v", h)
	}
}

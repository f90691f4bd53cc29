package reader

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/apitest"
	"github.com/arbiterchess/arbiter/server"
)

type eboardGame struct {
	ID         string `json:"id"`
	BoardToken string `json:"board_token"`
}

// startEboardServer runs a server for the test and creates the event
// described by body; it returns the base URL and the games.
func startEboardServer(t *testing.T, body string) (string, []eboardGame) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- server.ListenAndServe(ctx, server.Config{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "arbiter.db"),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Ready: func(u string) { urls <- u }})
	}()
	t.Cleanup(func() { cancel(); <-done })
	var base string
	select {
	case base = <-urls:
	case err := <-done:
		t.Fatal(err)
	}
	base = strings.TrimSuffix(base, "/")
	resp, err := http.Post(base+"/api/events", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var ev struct {
		Games []eboardGame `json:"games"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&ev); err != nil || len(ev.Games) == 0 {
		t.Fatalf("event: %v %+v", err, ev)
	}
	return base, ev.Games
}

func readView(t *testing.T, base, id string) server.GameView {
	t.Helper()
	resp, err := http.Get(base + "/api/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v server.GameView
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// liveBuffer is a stream the command writes while the test reads it.
type liveBuffer struct {
	mu      sync.Mutex
	b       strings.Builder
	changed chan struct{}
}

func newLiveBuffer() *liveBuffer { return &liveBuffer{changed: make(chan struct{}, 1)} }

func (w *liveBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
	return w.b.Write(p)
}

func (w *liveBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// waitFor waits until the stream holds s (a minute at most: far more
// than it takes).
func (w *liveBuffer) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := time.After(time.Minute)
	for !strings.Contains(w.String(), s) {
		select {
		case <-w.changed:
		case <-deadline:
			t.Fatalf("no %q in:\n%s", s, w.String())
		}
	}
}

// hallEvent is an event of two tables in round 1, started, with each
// table's token.
type hallEvent struct {
	base, id, arbiter string
	games             map[int]string // table → game
	tokens            map[int]string
}

func startHallEvent(t *testing.T) hallEvent {
	t.Helper()
	base, _ := startEboardServer(t, `{"name":"hall","games":[{"white":"W1","black":"B1","round":1,"board":1},{"white":"W2","black":"B2","round":1,"board":2}]}`)
	// The event to serve, created with its id and arbiter token read (the
	// helper's own event is left aside).
	var ev struct {
		ID           string `json:"id"`
		ArbiterToken string `json:"arbiter_token"`
		Games        []struct {
			ID    string `json:"id"`
			Board int    `json:"board"`
		} `json:"games"`
	}
	hallCall(t, "POST", base+"/api/events", "", `{"name":"hall","games":[{"white":"W1","black":"B1","round":1,"board":1},{"white":"W2","black":"B2","round":1,"board":2}]}`, &ev)
	e := hallEvent{base: base, id: ev.ID, arbiter: ev.ArbiterToken, games: map[int]string{}, tokens: map[int]string{}}
	for _, g := range ev.Games {
		e.games[g.Board] = g.ID
		var tok struct {
			Token string `json:"table_token"`
		}
		hallCall(t, "POST", base+"/api/events/"+ev.ID+"/tables/"+strconv.Itoa(g.Board)+"/token", ev.ArbiterToken, "", &tok)
		e.tokens[g.Board] = tok.Token
	}
	hallCall(t, "POST", base+"/api/events/"+ev.ID+"/rounds/1/start", ev.ArbiterToken, "", nil)
	return e
}

func hallCall(t *testing.T, method, url, token, body string, out any) {
	t.Helper()
	st, raw := apitest.Call(t, method, url, token, body)
	if st/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, url, st, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(err)
		}
	}
}

// Two scripted games: 1. e4 e5 and 1. d4 d5 2. c4, with clock presses.
const (
	hallGameA = `{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "e7", "piece": ""}
{"t": 3300, "sq": "e5", "piece": "p"}
{"t": 4000, "clock": "black"}
`
	hallGameB = `{"t": 1000, "sq": "d2", "piece": ""}
{"t": 1300, "sq": "d4", "piece": "P"}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "d7", "piece": ""}
{"t": 3300, "sq": "d5", "piece": "p"}
{"t": 4000, "clock": "black"}
{"t": 5000, "sq": "c2", "piece": ""}
{"t": 5300, "sq": "c4", "piece": "P"}
{"t": 6000, "clock": "white"}
`
)

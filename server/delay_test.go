package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/coder/websocket"
)

// A delay that holds: an event's broadcast delay applies to every
// anonymous read (game and event views, the log, the game's PGN, the
// feed, whose delay= may only lengthen it, and the live sockets of the
// game and of the event); the arbiter's and the board's tokens read live.
func TestDelay_AnonymousReadersSeeTheGamesAsTheyStood(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		var ev CreatedEvent
		if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Open","delay":2,"games":[{"white":"Ann","black":"Bob"}]}`, &ev); st != http.StatusCreated {
			t.Fatalf("event: %d %s", st, raw)
		}
		g := ev.Games[0]
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ws := func(path string) *websocket.Conn {
			c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.CloseNow() })
			return c
		}
		gameWS, hallWS := ws("/api/games/"+g.ID+"/live"), ws("/api/events/"+ev.ID+"/live")
		boardWS := ws("/api/games/" + g.ID + "/live?token=" + g.BoardToken)
		for _, c := range []*websocket.Conn{gameWS, hallWS, boardWS} {
			if _, _, err := c.Read(ctx); err != nil { // the snapshots
				t.Fatal(err)
			}
		}
		posted := time.Now()
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, moves(t, "e2e4 e7e5", true), nil); st != http.StatusOK {
			t.Fatalf("post: %d %s", st, raw)
		}
		// Live for the tokens.
		var v GameView
		call(t, "GET", ts.url+"/api/games/"+g.ID, g.BoardToken, nil, &v)
		if len(v.Moves) != 2 {
			t.Errorf("the board reads %v", v.Moves)
		}
		var e EventView
		call(t, "GET", ts.url+"/api/events/"+ev.ID, ev.ArbiterToken, nil, &e)
		if len(e.Games[0].Moves) != 2 || e.Delay != 2 {
			t.Errorf("the arbiter reads %v (delay %d)", e.Games[0].Moves, e.Delay)
		}
		if _, b, err := boardWS.Read(ctx); err != nil || !strings.Contains(string(b), `"type":"entry"`) {
			t.Errorf("the board's socket: %s %v", b, err)
		}
		// Delayed for everyone else, whatever delay= asks.
		for _, path := range []string{"/api/games/" + g.ID, "/api/events/" + ev.ID} {
			_, _, body := raw(t, "GET", ts.url+path, "", "", nil)
			if strings.Contains(body, `"e4"`) {
				t.Errorf("anonymous %s shows the move at once:\n%s", path, body)
			}
		}
		if es := readLog(t, ts.url, g.ID); len(es) != 0 {
			t.Errorf("the anonymous log has %d entries", len(es))
		}
		for _, path := range []string{"/api/games/" + g.ID + "/pgn", "/api/events/" + ev.ID + "/pgn", "/api/events/" + ev.ID + "/pgn?delay=0", "/api/events/" + ev.ID + "/pgn?delay=1"} {
			_, _, body := raw(t, "GET", ts.url+path, "", "", nil)
			if strings.Contains(body, "1. e4") {
				t.Errorf("anonymous %s shows the move at once:\n%s", path, body)
			}
		}
		if _, _, body := raw(t, "GET", ts.url+"/api/events/"+ev.ID+"/pgn", "", "", map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}); !strings.Contains(body, "1. e4 e5") {
			t.Errorf("the arbiter's feed:\n%s", body)
		}
		// The sockets get the entries once they are two seconds old.
		for name, c := range map[string]*websocket.Conn{"game": gameWS, "hall": hallWS} {
			_, b, err := c.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var m Message
			json.Unmarshal(b, &m)
			if m.Type != "entry" || m.Entry.N != 1 || time.Since(posted) < 1900*time.Millisecond {
				t.Errorf("%s socket: %s after %s", name, m.Type, time.Since(posted))
			}
		}
		time.Sleep(time.Until(posted.Add(2500 * time.Millisecond)))
		call(t, "GET", ts.url+"/api/games/"+g.ID, "", nil, &v)
		if len(v.Moves) != 2 {
			t.Errorf("after the delay, anonymous reads %v", v.Moves)
		}
		if _, _, body := raw(t, "GET", ts.url+"/api/events/"+ev.ID+"/pgn?delay=600", "", "", nil); strings.Contains(body, "1. e4") {
			t.Errorf("delay=600 lengthens the delay:\n%s", body)
		}
		// The arbiter changes the delay: the delayed sockets are closed, to
		// come back at the new one.
		if st, raw := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/delay", g.BoardToken, `{"delay":60}`, nil); st != http.StatusForbidden {
			t.Errorf("a board setting the delay: %d %s", st, raw)
		}
		if st, raw := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/delay", ev.ArbiterToken, `{"delay":60}`, nil); st != http.StatusOK {
			t.Fatalf("set the delay: %d %s", st, raw)
		}
		for {
			_, b, err := gameWS.Read(ctx)
			if err != nil {
				break
			}
			if strings.Contains(string(b), `"dropped":true`) {
				continue
			}
		}
		call(t, "GET", ts.url+"/api/games/"+g.ID, "", nil, &v)
		if len(v.Moves) != 0 {
			t.Errorf("at 60 s, anonymous reads %v", v.Moves)
		}
		if st, _ := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/delay", ev.ArbiterToken, `{"delay":3601}`, nil); st != http.StatusBadRequest {
			t.Errorf("a delay of 3601 s: %d", st)
		}
	})
}

// Bounded cost: one client address holds at most MaxSockets live sockets;
// GET /api/events comes a page at a time.
func TestBounds_SocketsPerClientAndEventPages(t *testing.T) {
	trusted, _ := ParseProxies("127.0.0.1,::1")
	_, hs := serveOn(t, Options{MaxSockets: 3, TrustedProxies: trusted, AdminToken: "adm"})
	var ev CreatedEvent
	call(t, "POST", hs.URL+"/api/events", "adm", `{"name":"Open","games":[{"white":"A","black":"B"}]}`, &ev)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dial := func(client string) (*websocket.Conn, int) {
		h := http.Header{"X-Forwarded-For": {client}}
		c, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/events/"+ev.ID+"/live", &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			if res != nil {
				return nil, res.StatusCode
			}
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		return c, http.StatusSwitchingProtocols
	}
	for i := 0; i < 3; i++ {
		if _, st := dial("198.51.100.7"); st != http.StatusSwitchingProtocols {
			t.Fatalf("socket %d: %d", i, st)
		}
	}
	if _, st := dial("198.51.100.7"); st != http.StatusTooManyRequests {
		t.Errorf("a fourth socket from one client: %d", st)
	}
	c, st := dial("198.51.100.8")
	if st != http.StatusSwitchingProtocols {
		t.Errorf("another client: %d", st)
	}
	c.Close(websocket.StatusNormalClosure, "")
	// Pages of events.
	for i := 0; i < 4; i++ {
		call(t, "POST", hs.URL+"/api/events", "adm", `{"name":"More","games":[]}`, nil)
	}
	st, h, body := raw(t, "GET", hs.URL+"/api/events?limit=2", "", "", nil)
	var page []map[string]any
	json.Unmarshal([]byte(body), &page)
	if st != http.StatusOK || len(page) != 2 || !strings.Contains(h.Get("Link"), "offset=2&limit=2") {
		t.Errorf("first page: %d %d events, Link %q", st, len(page), h.Get("Link"))
	}
	_, h, body = raw(t, "GET", hs.URL+"/api/events?offset=4&limit=2", "", "", nil)
	json.Unmarshal([]byte(body), &page)
	if len(page) != 1 || h.Get("Link") != "" {
		t.Errorf("last page: %d events, Link %q", len(page), h.Get("Link"))
	}
	if st, _, _ := raw(t, "GET", hs.URL+"/api/events?limit=0", "", "", nil); st != http.StatusBadRequest {
		t.Errorf("limit=0: %d", st)
	}
	_ = protocol.KindMove
}

// A delay set from 0 holds at once: the anonymous live followers of the
// event's hall and games are disconnected (to come back delayed), while
// the board's socket stays live; a socket opened with a wrong token reads
// as anonymous, and the game view says the event's delay.
func TestDelay_SetFromZeroDropsAnonymousLiveFollowers(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	g := ev.Games[0]
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	dial := func(path string) *websocket.Conn {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		if _, _, err := c.Read(ctx); err != nil { // the snapshot
			t.Fatal(err)
		}
		return c
	}
	hall, game := dial("/api/events/"+ev.ID+"/live"), dial("/api/games/"+g.ID+"/live?token=brd_wrong")
	board := dial("/api/games/" + g.ID + "/live?token=" + g.BoardToken)
	if st, raw := call(t, "PUT", ts.url+"/api/events/"+ev.ID+"/delay", ev.ArbiterToken, `{"delay":3600}`, nil); st != http.StatusOK {
		t.Fatalf("delay: %d %s", st, raw)
	}
	for name, c := range map[string]*websocket.Conn{"hall": hall, "game (wrong token)": game} {
		_, b, err := c.Read(ctx)
		if err != nil || !strings.Contains(string(b), `"dropped":true`) || !strings.Contains(string(b), "broadcast delay changed") {
			t.Errorf("%s: %s %v", name, b, err)
		}
	}
	call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, moves(t, "e2e4", false), nil)
	if _, b, err := board.Read(ctx); err != nil || !strings.Contains(string(b), `"type":"entry"`) {
		t.Errorf("the board's socket after the change: %s %v", b, err)
	}
	// Back, anonymous: the game as it stood an hour ago.
	c := dial("/api/games/" + g.ID + "/live?token=brd_wrong")
	rctx, rcancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer rcancel()
	if _, b, err := c.Read(rctx); err == nil {
		t.Errorf("a delayed follower got %s at once", b)
	}
	var v GameView
	call(t, "GET", ts.url+"/api/games/"+g.ID, "", nil, &v)
	if v.Delay != 3600 || len(v.Moves) != 0 || v.Reader != "anyone" {
		t.Errorf("anonymous game view: delay %d, moves %v, reader %q", v.Delay, v.Moves, v.Reader)
	}
	// The view says whose it is: a page whose board token was replaced
	// learns it reads as anyone does.
	for tok, want := range map[string]string{g.BoardToken: "board", ev.ArbiterToken: "arbiter", "brd_wrong": "anyone"} {
		call(t, "GET", ts.url+"/api/games/"+g.ID, tok, nil, &v)
		if v.Reader != want {
			t.Errorf("reader with %.8s: %q, want %q", tok, v.Reader, want)
		}
	}
	c2, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+"/api/games/"+g.ID+"/live?token="+g.BoardToken, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.CloseNow()
	if m := readMessage(t, ctx, c2); m.Type != "snapshot" || m.Game.Reader != "board" {
		t.Errorf("the board's snapshot: %s %q", m.Type, m.Game.Reader)
	}
}

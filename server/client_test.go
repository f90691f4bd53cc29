package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgtest"
	"github.com/arbiterchess/arbiter/internal/randgame"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/coder/websocket"
)

func TestRandomGame_EveryActionAccepted(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	as := randgame.Sensor(1, 120)
	var res PostResult
	if st, raw := call(t, "POST", ts.url+"/api/games/"+ev.Games[0].ID+"/actions", ev.Games[0].BoardToken, as, &res); st != http.StatusOK {
		t.Fatalf("%d %s", st, raw)
	}
	if v := getGame(t, ts.url, ev.Games[0].ID); len(v.Moves) < 100 || v.Result != "*" {
		t.Fatalf("%d moves, result %s", len(v.Moves), v.Result)
	}
}

// restartable is a server on a fixed loopback address that can be stopped
// and started again over the same database, as a crash and a restart
// would.
type restartable struct {
	t    *testing.T
	dsn  string
	addr string
	mu   sync.Mutex
	cur  *testServerOn
}

type testServerOn struct {
	srv    *Server
	st     *store.Store
	hs     *httptest.Server
	cancel context.CancelFunc
}

func newRestartable(t *testing.T, dsn string) *restartable {
	rs := &restartable{t: t, dsn: dsn, addr: restartPort(t)}
	rs.start(nil)
	t.Cleanup(rs.stop)
	return rs
}

func (rs *restartable) url() string { return "http://" + rs.addr }

func (rs *restartable) start(ln net.Listener) {
	rs.t.Helper()
	var err error
	if ln == nil {
		for i := 0; i < 100; i++ {
			if ln, err = net.Listen("tcp", rs.addr); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err != nil {
			rs.t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, rs.dsn)
	if err != nil {
		rs.t.Fatal(err)
	}
	srv, _ := New(Options{Store: st})
	go srv.Run(ctx)
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	rs.mu.Lock()
	rs.cur = &testServerOn{srv: srv, st: st, hs: hs, cancel: cancel}
	rs.mu.Unlock()
}

// stop drops every connection at once, like a crash.
func (rs *restartable) stop() {
	rs.mu.Lock()
	c := rs.cur
	rs.cur = nil
	rs.mu.Unlock()
	if c == nil {
		return
	}
	c.srv.Close()
	c.hs.CloseClientConnections()
	c.hs.Close()
	c.cancel()
	c.st.Close()
}

func TestClient_ReconnectsWithoutLosingOrDuplicating(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		rs := newRestartable(t, dsn)
		ev := createEvent(t, rs.url(), 1, protocol.Start{})
		g := ev.Games[0]
		c := NewClient(rs.url())
		c.MaxBackoff = 100 * time.Millisecond
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()

		as := randgame.Sensor(2, 40)
		type posted struct {
			seq int64
			ack Ack
		}
		var got []posted
		for i := range as {
			if i == len(as)/3 || i == 2*len(as)/3 {
				// The server dies; it comes back 300 ms later while the client retries.
				rs.stop()
				go func() { time.Sleep(300 * time.Millisecond); rs.start(nil) }()
			}
			one := as[i : i+1]
			acks, err := c.Post(ctx, g.ID, g.BoardToken, one)
			if err != nil {
				t.Fatalf("action %d: %v", i, err)
			}
			got = append(got, posted{one[0].Seq, acks[0]})
		}
		// Sequence numbers 1, 2, 3 ..., one entry each, in order.
		log := readLog(t, rs.url(), g.ID)
		if len(log) != len(as) {
			t.Fatalf("%d entries for %d actions", len(log), len(as))
		}
		for i, e := range log {
			if e.N != int64(i+1) || e.Seq != int64(i+1) || got[i].seq != e.Seq || got[i].ack.N != e.N || !sameAction(*e.Action, as[i]) {
				t.Fatalf("entry %d: %+v, posted %+v", i, e, got[i])
			}
		}
		// Posting the same numbered actions again changes nothing.
		c2 := NewClient(rs.url())
		defer c2.Close()
		acks, err := c2.Post(ctx, g.ID, g.BoardToken, as[:5])
		if err != nil || len(acks) != 5 || !acks[4].Duplicate || acks[4].N != 5 {
			t.Fatalf("repost: %+v %v", acks, err)
		}
		// A new client continues after the highest seq stored.
		more := []protocol.Action{{By: "white", Act: protocol.OfferDraw}}
		if _, err := c2.Post(ctx, g.ID, g.BoardToken, more); err != nil || more[0].Seq != int64(len(as)+1) {
			t.Fatalf("new client: seq %d, %v", more[0].Seq, err)
		}
		// Refusals come back as *APIError, not retried.
		_, err = c2.Post(ctx, g.ID, g.BoardToken, []protocol.Action{{By: "white", Act: protocol.Lift, Sq: "e4", Hand: "left"}, {By: "white", Act: protocol.Lift, Sq: "h3", Hand: "left"}})
		var ae *APIError
		if !errors.As(err, &ae) || ae.Status != 400 || ae.Index == nil {
			t.Fatalf("refused post: %v", err)
		}
		_, err = NewClient(rs.url()).Post(ctx, g.ID, "brd_wrong", []protocol.Action{{By: "white", Act: protocol.ClockPress}})
		if !errors.As(err, &ae) || ae.Status != http.StatusForbidden {
			t.Fatalf("wrong token: %v", err)
		}
		// Follow gets the snapshot.
		fctx, fcancel := context.WithTimeout(ctx, 5*time.Second)
		defer fcancel()
		stop := errors.New("stop")
		err = c2.Follow(fctx, g.ID, func(m Message) error {
			if m.Type != "snapshot" || m.Game.N != int64(len(as)+1) {
				return fmt.Errorf("first message %+v", m)
			}
			return stop
		})
		if err != stop {
			t.Fatal(err)
		}
	})
}

func TestPostgres_TwoProcessesServeOneEvent(t *testing.T) {
	a, b, ev := twoProcessesOneGame(t)
	g := ev.Games[0]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// A spectator on b follows the game.
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.url, "http")+"/api/games/"+g.ID+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if m := readMessage(t, ctx, ws); m.Type != "snapshot" {
		t.Fatalf("%+v", m)
	}
	// A move posted on a, the answer on b.
	call(t, "POST", a.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `[{"by":"white","act":"lift","sq":"e2","seq":1},{"by":"white","act":"drop","sq":"e4","seq":2},{"by":"white","act":"clock","seq":3}]`, nil)
	var res PostResult
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `[{"by":"black","act":"lift","sq":"e7","seq":4},{"by":"black","act":"drop","sq":"e5","seq":5}]`, &res); st != http.StatusOK {
		t.Fatalf("post on b: %d %s", st, raw)
	}
	if res.Acks[1].N != 5 || res.Acks[1].Rulings[0].SAN != "e5" {
		t.Fatalf("b did not see a's move: %+v", res)
	}
	// Both write to the game at once (white adjusts a piece: accepted, no
	// change): every post lands, numbered without gaps or doubles.
	const each = 40
	var wg sync.WaitGroup
	for k, base := range []string{a.url, b.url} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				seq := 100 + k*each + i
				body := fmt.Sprintf(`{"by":"white","act":"adjust","sq":"a1","seq":%d}`, seq)
				if st, raw := call(t, "POST", base+"/api/games/"+g.ID+"/actions", g.BoardToken, body, nil); st != http.StatusOK {
					t.Errorf("seq %d: %d %s", seq, st, raw)
					return
				}
			}
		}()
	}
	wg.Wait()
	// The follower on b saw every entry, in order, whichever process took it.
	want := int64(5 + 2*each)
	for n := int64(1); n <= want; n++ {
		m := readMessage(t, ctx, ws)
		if m.Type != "entry" || m.Entry.N != n {
			t.Fatalf("follower: want entry %d, got %+v", n, m)
		}
	}
	va, vb := getGame(t, a.url, g.ID), getGame(t, b.url, g.ID)
	if va.N != want || mustJSON(t, va) != mustJSON(t, vb) {
		t.Fatalf("a and b differ:\n%s\n%s", mustJSON(t, va), mustJSON(t, vb))
	}
	seen := map[int64]bool{}
	for _, e := range readLog(t, b.url, g.ID) {
		if seen[e.Seq] {
			t.Fatalf("seq %d twice", e.Seq)
		}
		seen[e.Seq] = true
	}
}

// A game added to an event on one process reaches a hall follower on the
// other as a snapshot, even when that process had the game loaded before
// its first entry (a spectator looked at it): never as entries of a game
// the follower has no board for.
func TestPostgres_HallFollowerGetsAGameAddedOnAnotherProcess(t *testing.T) {
	a, b, ev := twoProcessesOneGame(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	hall, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.url, "http")+"/api/events/"+ev.ID+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer hall.CloseNow()
	if m := readMessage(t, ctx, hall); m.Type != "snapshot" || m.GameID != ev.Games[0].ID {
		t.Fatalf("first message: %+v", m)
	}

	var more CreatedEvent
	spec := map[string]any{"games": []GameSpec{{White: "Late", Black: "Comer"}}}
	if st, raw := call(t, "POST", a.url+"/api/events/"+ev.ID+"/games", ev.ArbiterToken, spec, &more); st != http.StatusCreated {
		t.Fatalf("add a game on a: %d %s", st, raw)
	}
	g := more.Games[0]
	getGame(t, b.url, g.ID) // b loads it, with no entry yet
	call(t, "POST", a.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `[{"by":"white","act":"lift","sq":"e2","seq":1},{"by":"white","act":"drop","sq":"e4","seq":2}]`, nil)

	m := readMessage(t, ctx, hall)
	if m.Type != "snapshot" || m.GameID != g.ID || m.Game == nil {
		t.Fatalf("the hall follower on b got %s of %s before any snapshot of it", m.Type, m.GameID)
	}
	// The snapshot holds the entries up to where it was taken; the ones
	// after it come as entries, none twice.
	next := m.Game.N + 1
	for next <= 2 {
		m = readMessage(t, ctx, hall)
		if m.Type != "entry" || m.GameID != g.ID || m.Entry.N != next {
			t.Fatalf("want entry %d of %s, got %+v", next, g.ID, m)
		}
		next++
	}
}

// A board token replaced on one process is refused at once on the other,
// which keeps the old hash in memory (over its open socket and over HTTP),
// and the new token posts on both.
func TestPostgres_BoardTokenReplacedOnAnotherProcess(t *testing.T) {
	a, b, ev := twoProcessesOneGame(t)
	g := ev.Games[0]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	board, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.url, "http")+"/api/games/"+g.ID+"/live?follow=false&token="+g.BoardToken, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer board.CloseNow()
	board.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"lift","sq":"e2","seq":1}`))
	if m := readMessage(t, ctx, board); m.Type != "ack" {
		t.Fatalf("first post on b: %+v", m)
	}
	var nt struct {
		BoardToken string `json:"board_token"`
	}
	if st, raw := call(t, "POST", a.url+"/api/games/"+g.ID+"/board-token", ev.ArbiterToken, nil, &nt); st != http.StatusOK {
		t.Fatalf("new token on a: %d %s", st, raw)
	}
	board.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"drop","sq":"e4","seq":2}`))
	if m := readMessage(t, ctx, board); m.Type != "error" || m.Error.Status != http.StatusForbidden {
		t.Fatalf("old token on b's socket after a's new one: %+v", m)
	}
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"drop","sq":"e4","seq":2}`, nil); st != http.StatusForbidden {
		t.Fatalf("old token over HTTP on b: %d %s", st, raw)
	}
	for _, base := range []string{b.url, a.url} {
		if v := getGame(t, base, g.ID); v.N != 1 {
			t.Fatalf("%s: n %d after the refused posts", base, v.N)
		}
	}
	var res PostResult
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", nt.BoardToken, `{"by":"white","act":"drop","sq":"e4","seq":2}`, &res); st != http.StatusOK || res.N != 2 {
		t.Fatalf("new token on b: %d %s", st, raw)
	}
	if st, raw := call(t, "POST", a.url+"/api/games/"+g.ID+"/actions", nt.BoardToken, `{"by":"black","act":"lift","sq":"e7","seq":3}`, &res); st != http.StatusOK || res.N != 3 {
		t.Fatalf("new token on a: %d %s", st, raw)
	}
	// And the old token stays refused on b once b knows the new one.
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"black","act":"drop","sq":"e5","seq":4}`, nil); st != http.StatusForbidden {
		t.Fatalf("old token on b, later: %d %s", st, raw)
	}
}

// A board token replaced on one process gets no answer that writes
// nothing on the other either: the retry of a post it made (answered from
// memory with its acks before) and an action the engine refuses are 403,
// as an append is. Before, the process that kept the old hash in memory
// gave the old token its acks again and the engine's refusal.
func TestPostgres_ReplacedBoardTokenGetsNoAnswerFromMemory(t *testing.T) {
	a, b, ev := twoProcessesOneGame(t)
	g := ev.Games[0]
	play := moves(t, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6", true)
	for i := range play {
		play[i].Seq = int64(i + 1)
	}
	body := mustJSON(t, play)
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, nil); st != http.StatusOK {
		t.Fatalf("moves on b: %d %s", st, raw)
	}
	late := `{"by":"white","act":"lift","sq":"a3","seq":100}` // no piece there: the engine refuses it
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, late, nil); st != http.StatusBadRequest {
		t.Fatalf("an impossible action, before the new token: %d %s (want the engine's refusal)", st, raw)
	}
	var res PostResult
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, &res); st != http.StatusOK || !res.Acks[0].Duplicate {
		t.Fatalf("the retry before the new token: %d %s (want its acks again)", st, raw)
	}
	if st, raw := call(t, "POST", a.url+"/api/games/"+g.ID+"/board-token", ev.ArbiterToken, nil, nil); st != http.StatusOK {
		t.Fatalf("new token on a: %d %s", st, raw)
	}
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, nil); st != http.StatusForbidden {
		t.Fatalf("the retry with the old token on b: %d %s, want 403", st, raw)
	}
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", g.BoardToken, late, nil); st != http.StatusForbidden {
		t.Fatalf("a refused action with the old token on b: %d %s, want 403", st, raw)
	}
	// The arbiter's token is not a board's: its refusal is still the engine's.
	if st, raw := call(t, "POST", b.url+"/api/games/"+g.ID+"/actions", ev.ArbiterToken, late, nil); st != http.StatusBadRequest {
		t.Fatalf("the arbiter's refused action on b: %d %s, want 400", st, raw)
	}
}

// twoProcessesOneGame starts two servers on one new PostgreSQL schema and
// creates an event of one game on the first.
func twoProcessesOneGame(t *testing.T) (a, b *testServer, ev CreatedEvent) {
	t.Helper()
	dsn := pgtest.Schema(t)
	a, b = startServer(t, dsn), startServer(t, dsn)
	return a, b, createEvent(t, a.url, 1, protocol.Start{})
}

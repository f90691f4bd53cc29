package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/randgame"
	"github.com/arbiterchess/arbiter/protocol"
)

// waitState returns the next report of the client, failing the test if
// none comes within a minute (a generous bound: reports come within
// seconds).
func waitState(t *testing.T, states <-chan ClientState) ClientState {
	t.Helper()
	select {
	case s := <-states:
		return s
	case <-time.After(time.Minute):
		t.Fatal("no report of the server's state")
		return ClientState{}
	}
}

// waitOutcomes returns the next n outcomes of a Sender.
func waitOutcomes(t *testing.T, outs <-chan Outcome, n int) []Outcome {
	t.Helper()
	var got []Outcome
	for len(got) < n {
		select {
		case o := <-outs:
			got = append(got, o)
		case <-time.After(time.Minute):
			t.Fatalf("%d outcomes of %d", len(got), n)
		}
	}
	return got
}

// The server dies while a board's actions are being posted through a
// Sender, and comes back on the same address: the client reports the
// outage once, with the cause and the actions held, and once it is back
// the actions held meanwhile, in order; the server's log has every action
// once, in the order added.
func TestClient_OutageReportedOnceThenBackWithTheHeldActions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		rs := newRestartable(t, dsn)
		ev := createEvent(t, rs.url(), 1, protocol.Start{})
		g := ev.Games[0]
		c := NewClient(rs.url())
		c.MaxBackoff = 50 * time.Millisecond
		c.RemindEvery = time.Hour // one report of the outage, however slow the machine
		states := make(chan ClientState, 100)
		c.OnState = func(s ClientState) { states <- s }
		defer c.Close()
		outs := make(chan Outcome, 1000)
		sender := c.NewSender(g.ID, g.BoardToken, func(o Outcome) { outs <- o })

		as := randgame.Sensor(3, 30)
		third := len(as) / 3
		sender.Add(as[:third]...)
		for i, o := range waitOutcomes(t, outs, third) {
			if o.Err != nil || o.Ack == nil || o.Ack.N != int64(i+1) {
				t.Fatalf("before the outage, action %d: %+v", i, o)
			}
		}

		rs.stop()
		sender.Add(as[third : 2*third]...)
		s := waitState(t, states)
		if s.Reachable || s.Reminder || s.Cause != "connection refused" || s.URL != rs.url() || s.Held != third || s.Down.IsZero() || s.At.Before(s.Down) {
			t.Fatalf("first report: %+v", s)
		}
		if n := sender.Held(); n != third {
			t.Fatalf("the sender holds %d actions, want %d", n, third)
		}
		// More actions while the server is away: held too.
		sender.Add(as[2*third:]...)
		rs.start(nil)

		held := len(as) - third
		s = waitState(t, states)
		if !s.Reachable || s.Reminder || len(s.Sent) != held || len(s.Acks) != held || s.Refused != 0 || s.Up.Before(s.Down) || s.Held != 0 {
			t.Fatalf("back: %+v", s)
		}
		for i, a := range s.Sent {
			if !sameAction(a, as[third+i]) || a.Seq != int64(third+i+1) || s.Acks[i].N != int64(third+i+1) {
				t.Fatalf("held action %d: %+v, ack %+v", i, a, s.Acks[i])
			}
		}
		for i, o := range waitOutcomes(t, outs, held) {
			if o.Err != nil || o.Ack == nil || o.Ack.N != int64(third+i+1) || o.Action.Seq != int64(third+i+1) {
				t.Fatalf("after the outage, action %d: %+v", third+i, o)
			}
		}
		if unsent, err := sender.Close(context.Background()); len(unsent) != 0 || err != nil {
			t.Fatalf("close: %d unsent, %v", len(unsent), err)
		}
		select {
		case s := <-states:
			t.Fatalf("a further report: %+v", s)
		default:
		}

		log := readLog(t, rs.url(), g.ID)
		if len(log) != len(as) {
			t.Fatalf("%d entries for %d actions", len(log), len(as))
		}
		for i, e := range log {
			if e.N != int64(i+1) || e.Seq != int64(i+1) || !sameAction(*e.Action, as[i]) {
				t.Fatalf("entry %d: %+v, want %+v", i, e, as[i])
			}
		}
	})
}

// switchProxy is a reverse proxy in front of a server that can be told
// that its server is away: it then answers 502 Bad Gateway, as a hall's
// proxy does.
type switchProxy struct {
	away atomic.Bool
	rp   *httputil.ReverseProxy
}

func (p *switchProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.away.Load() {
		http.Error(w, "<html>bad gateway</html>", http.StatusBadGateway)
		return
	}
	p.rp.ServeHTTP(w, r)
}

// Behind a proxy whose server is away (502), a Post is held: reported
// once with the proxy's answer as the cause, then reminded (on a clock
// that runs 10 s a reading), then back with its actions; the server
// stores them once.
func TestClient_ProxyBadGatewayReportedThenRemindedThenBack(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	g := ev.Games[0]
	target, _ := url.Parse(ts.url)
	proxy := &switchProxy{rp: httputil.NewSingleHostReverseProxy(target)}
	hs := httptest.NewServer(proxy)
	defer hs.Close()

	c := NewClient(hs.URL)
	c.MaxBackoff = 20 * time.Millisecond
	var clock atomic.Int64
	t0 := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return t0.Add(time.Duration(clock.Add(1)) * 10 * time.Second) }
	states := make(chan ClientState, 100)
	c.OnState = func(s ClientState) { states <- s }
	defer c.Close()

	proxy.away.Store(true)
	as := moves(t, "e2e4 e7e5", true)
	type result struct {
		acks []Ack
		err  error
	}
	done := make(chan result, 1)
	go func() {
		acks, err := c.Post(context.Background(), g.ID, g.BoardToken, as)
		done <- result{acks, err}
	}()
	s := waitState(t, states)
	if s.Reachable || s.Reminder || s.Cause != "it answers 502 Bad Gateway" || s.Held != len(as) || s.URL != hs.URL {
		t.Fatalf("first report: %+v", s)
	}
	r := waitState(t, states)
	if r.Reachable || !r.Reminder || r.Held != len(as) || r.At.Sub(r.Down) < 30*time.Second || !r.Down.Equal(s.Down) {
		t.Fatalf("reminder: %+v (first %+v)", r, s)
	}
	proxy.away.Store(false)
	res := <-done
	if res.err != nil || len(res.acks) != len(as) {
		t.Fatalf("post: %+v %v", res.acks, res.err)
	}
	var back ClientState
	for back = waitState(t, states); back.Reminder; back = waitState(t, states) {
	}
	if !back.Reachable || len(back.Sent) != len(as) || !back.Down.Equal(s.Down) || back.Up.Before(r.At) {
		t.Fatalf("back: %+v", back)
	}
	var sans []string
	for _, ack := range back.Acks {
		for _, ru := range ack.Rulings {
			if ru.Kind == protocol.KindMove {
				sans = append(sans, ru.SAN)
			}
		}
	}
	if strings.Join(sans, " ") != "e4 e5" {
		t.Fatalf("moves of the held actions: %v", sans)
	}
	if log := readLog(t, ts.url, g.ID); len(log) != len(as) {
		t.Fatalf("%d entries for %d actions", len(log), len(as))
	}
}

// A refused action is no outage: the Sender reports it and posts the
// actions added with it without it, in order; a bad token is refused
// too, and neither is reported as the server being unreachable.
func TestClient_RefusalsAreNotOutages(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	g := ev.Games[0]
	c := NewClient(ts.url)
	var reports atomic.Int32
	c.OnState = func(ClientState) { reports.Add(1) }
	defer c.Close()

	outs := make(chan Outcome, 10)
	sender := c.NewSender(g.ID, g.BoardToken, func(o Outcome) { outs <- o })
	lift := protocol.Action{By: "white", Act: protocol.Lift, Sq: "e2"}
	nothing := protocol.Action{By: "white", Act: protocol.Lift, Sq: "e5"} // no piece there
	drop := protocol.Action{By: "white", Act: protocol.Drop, Sq: "e4"}
	sender.Add(lift, nothing, drop)
	got := waitOutcomes(t, outs, 3)
	var ae *APIError
	if got[0].Ack == nil || got[0].Ack.N != 1 || !errors.As(got[1].Err, &ae) || ae.Status != http.StatusBadRequest || got[2].Ack == nil || got[2].Ack.N != 2 {
		t.Fatalf("outcomes: %+v", got)
	}
	if _, err := sender.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	log := readLog(t, ts.url, g.ID)
	if len(log) != 2 || !sameAction(*log[0].Action, lift) || !sameAction(*log[1].Action, drop) {
		t.Fatalf("log: %+v", log)
	}

	bad := c.NewSender(g.ID, "brd_wrong", func(o Outcome) { outs <- o })
	bad.Add(protocol.Action{By: "black", Act: protocol.Lift, Sq: "e7"})
	if o := waitOutcomes(t, outs, 1)[0]; !errors.As(o.Err, &ae) || ae.Status != http.StatusForbidden {
		t.Fatalf("wrong token: %+v", o)
	}
	if unsent, err := bad.Close(context.Background()); len(unsent) != 0 || err != nil {
		t.Fatalf("close: %v %v", unsent, err)
	}
	if n := reports.Load(); n != 0 {
		t.Fatalf("%d reports of an outage for refusals", n)
	}
}

// A Sender closed while the server is away gives back the actions it
// could not deliver, with their seqs, when Close's context ends.
func TestClient_SenderClosedDuringAnOutageGivesBackTheUnsent(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody listens there now
	c := NewClient("http://" + addr)
	c.MaxBackoff = 20 * time.Millisecond
	states := make(chan ClientState, 10)
	c.OnState = func(s ClientState) { states <- s }
	sender := c.NewSender("g1", "brd_x", nil)
	as := []protocol.Action{{By: "white", Act: protocol.Lift, Sq: "e2", Seq: 7}, {By: "white", Act: protocol.Drop, Sq: "e4", Seq: 8}}
	sender.Add(as...)
	if s := waitState(t, states); s.Reachable || s.Held != 2 {
		t.Fatalf("report: %+v", s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	unsent, err := sender.Close(ctx)
	if !errors.Is(err, context.Canceled) || len(unsent) != 2 || unsent[0].Seq != 7 || unsent[1].Sq != "e4" {
		t.Fatalf("unsent %+v, %v", unsent, err)
	}
	if n := sender.Held(); n != 0 {
		t.Fatalf("%d still held after Close", n)
	}
}

// The causes of an outage, in plain words.
func TestClient_UnreachableCauseInPlainWords(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	for _, c := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("failed to WebSocket dial: %w", refused), "connection refused"},
		{&APIError{Status: 502, Err: "502 Bad Gateway"}, "it answers 502 Bad Gateway"},
		{&APIError{Status: 503, Err: "the database is read-only"}, "it answers 503 Service Unavailable: the database is read-only"},
		{&net.DNSError{Name: "hall", Err: "no such host", IsNotFound: true}, "no host is named hall"},
		{fmt.Errorf("reading: %w", context.DeadlineExceeded), "timed out"},
		{fmt.Errorf("reading: %w", io.EOF), "the connection was closed"},
		{&net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}, "connection reset"},
		{errors.New("something else"), "something else"},
	} {
		if got := unreachableCause(c.err); got != c.want {
			t.Errorf("%v: %q, want %q", c.err, got, c.want)
		}
	}
}

// Many posts held at once by several goroutines, through one client: the
// count of held actions is theirs, and the back report has them all.
func TestClient_HeldCountsConcurrentPosts(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 3, protocol.Start{})
	target, _ := url.Parse(ts.url)
	proxy := &switchProxy{rp: httputil.NewSingleHostReverseProxy(target)}
	hs := httptest.NewServer(proxy)
	defer hs.Close()
	c := NewClient(hs.URL)
	c.MaxBackoff = 20 * time.Millisecond
	c.RemindEvery = -1
	states := make(chan ClientState, 100)
	c.OnState = func(s ClientState) { states <- s }
	defer c.Close()

	proxy.away.Store(true)
	var wg sync.WaitGroup
	for _, g := range ev.Games {
		wg.Add(1)
		as := moves(t, "e2e4", true)
		go func() {
			defer wg.Done()
			if _, err := c.Post(context.Background(), g.ID, g.BoardToken, as); err != nil {
				t.Error(err)
			}
		}()
	}
	// The first report may come before every post has begun: wait until
	// the client holds them all.
	s := waitState(t, states)
	if s.Reachable {
		t.Fatalf("first report: %+v", s)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		c.hmu.Lock()
		held := c.health.held
		c.hmu.Unlock()
		if held == 3*3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d actions held, want 9", held)
		}
	}
	proxy.away.Store(false)
	wg.Wait()
	back := waitState(t, states)
	if !back.Reachable || len(back.Sent) != 9 {
		t.Fatalf("back: %d sent, %+v", len(back.Sent), back)
	}
}

package reader

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
)

// What the reader says of its client's reports.
func TestServerStateLine(t *testing.T) {
	t0 := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	ms := func(n int64) *int64 { return &n }
	for _, c := range []struct {
		s    server.ClientState
		want string
	}{
		{server.ClientState{URL: "http://hall:8080", Cause: "connection refused", Down: t0, At: t0, Held: 3},
			"WARN the server http://hall:8080 is unreachable (connection refused); keeping the board's actions (3 so far) and retrying"},
		{server.ClientState{URL: "http://hall:8080", Reminder: true, Cause: "timed out", Down: t0, At: t0.Add(95 * time.Second), Held: 1},
			"WARN the server http://hall:8080 is still unreachable after 1 min 35 s (timed out); 1 action held"},
		{server.ClientState{URL: "http://hall:8080", Reachable: true, Down: t0, Up: t0.Add(42 * time.Second),
			Sent: []protocol.Action{{T: ms(61000)}, {T: ms(62500)}, {}},
			Acks: []server.Ack{{Rulings: []protocol.Ruling{{Kind: protocol.KindMove, SAN: "e4"}}}, {}, {Rulings: []protocol.Ruling{{Kind: protocol.KindMove, SAN: "e5"}}}}},
			"the server http://hall:8080 is back after 42 s; sent the 3 actions held meanwhile (t 61.0 s to 62.5 s; moves e4 e5)"},
		{server.ClientState{URL: "http://hall:8080", Reachable: true, Down: t0, Up: t0.Add(2 * time.Hour), Refused: 1},
			"the server http://hall:8080 is back after 2 h 0 min; sent the 1 action held meanwhile; it refused 1 of them"},
	} {
		if got := serverStateLine(c.s); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

// The game over and the server away, the reader says it waits; stopped
// (an interrupt), it prints the actions the server never answered, in
// order, and ends with status 1, not with the interrupt's error.
func TestEboardForwarder_StoppedWaitingListsTheUnsent(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody listens there now
	client := server.NewClient("http://" + addr)
	client.MaxBackoff = 20 * time.Millisecond
	defer client.Close()
	stderr := newLiveBuffer()
	f := newForwarder(client, "g1", "brd_x", voice{w: stderr, prefix: "arbiter-hall eboard: "}, nil)
	for _, sq := range []string{"e2", "e4"} {
		if err := f.add(protocol.Action{By: "white", Act: protocol.Lift, Sq: sq}); err != nil {
			t.Fatal(err)
		}
	}
	stderr.waitFor(t, "is unreachable (connection refused)")
	ctx, stop := context.WithCancel(context.Background())
	stop()
	err = f.finish(ctx)
	if err == nil || err.Error() != "2 actions never reached the server (printed above)" {
		t.Fatalf("finish: %v", err)
	}
	errs := stderr.String()
	for _, want := range []string{
		"waiting for the server to take the 2 actions still held",
		"the server never answered 2 actions; here they are, in order:\n" + `{"by":"white","act":"lift","sq":"e2"`,
		`{"by":"white","act":"lift","sq":"e4"}`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("no %q in:\n%s", want, errs)
		}
	}
	if !errors.As(err, new(UnsentError)) {
		t.Errorf("%T is not an UnsentError (exit status 1)", err)
	}
}

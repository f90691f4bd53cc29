package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// postOne posts one action as the board and returns its acknowledgement.
func postOne(t *testing.T, base string, g CreatedGame, a string) Ack {
	t.Helper()
	var res PostResult
	if st, raw := call(t, "POST", base+"/api/games/"+g.ID+"/actions", g.BoardToken, a, &res); st != http.StatusOK {
		t.Fatalf("%s: %d %s", a, st, raw)
	}
	return res.Acks[0]
}

// gameTime returns the game's own time now, from its view's clock (t at
// at), as a board keeping to the server's time would stamp it.
func gameTime(t *testing.T, base, id string) int64 {
	t.Helper()
	v := getGame(t, base, id)
	if v.Clock == nil || !v.Clock.Started {
		t.Fatalf("the clock has not started: %+v", v.Clock)
	}
	return v.Clock.T + time.Since(v.Clock.At).Milliseconds()
}

// Time is the server's (the trust page): a board's t within the drift
// before its arrival is taken; a t earlier than that (re-sent to save
// thinking time, or held by a board while offline) or later than its
// arrival is re-stamped to the arrival and noted with the t the board
// gave; so is the first action's t beyond the drift.
func TestTime_BoardTWithinTheDriftOrRestamped(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServerWith(t, dsn, Options{Drift: 500 * time.Millisecond})
		ev := createEvent(t, ts.url, 2, protocol.Start{Clock: &protocol.Clock{White: 300, Black: 300}})
		g := ev.Games[0]
		postOne(t, ts.url, g, `{"by":"white","act":"lift","sq":"e2","t":0}`)
		time.Sleep(1200 * time.Millisecond)
		// White thought 1.2 s, and re-sends the previous action's t.
		ack := postOne(t, ts.url, g, `{"by":"white","act":"drop","sq":"e4","t":0}`)
		log := readLog(t, ts.url, g.ID)
		e := log[len(log)-1]
		if len(e.Notes) != 1 || e.Notes[0].Kind != store.NoteRestamped || *e.Notes[0].BoardT != 0 || *e.Action.T < 1100 {
			t.Fatalf("a t 1.2 s before its arrival: %+v %+v (ack %+v)", e.Action, e.Notes, ack)
		}
		// A t in the future.
		postOne(t, ts.url, g, `{"by":"white","act":"clock","t":99999999}`)
		log = readLog(t, ts.url, g.ID)
		e = log[len(log)-1]
		if len(e.Notes) != 1 || e.Notes[0].Kind != store.NoteRestamped || *e.Action.T > 10000 || !strings.Contains(e.Notes[0].Text, "after the action reached") {
			t.Fatalf("a t in the future: %+v %+v", e.Action, e.Notes)
		}
		// A t within the drift is the board's.
		want := gameTime(t, ts.url, g.ID) - 200
		postOne(t, ts.url, g, fmt.Sprintf(`{"by":"black","act":"lift","sq":"e7","t":%d}`, want))
		log = readLog(t, ts.url, g.ID)
		e = log[len(log)-1]
		if len(e.Notes) != 0 || *e.Action.T != want {
			t.Fatalf("a t within the drift: %d, want %d; notes %+v", *e.Action.T, want, e.Notes)
		}
		// The first action of a game: a t beyond the drift starts the
		// clock now, noted.
		g2 := ev.Games[1]
		postOne(t, ts.url, g2, `{"by":"white","act":"lift","sq":"d2","t":600000}`)
		log = readLog(t, ts.url, g2.ID)
		if e := log[0]; *e.Action.T != 0 || len(e.Notes) != 1 {
			t.Fatalf("a first action 10 minutes in: %+v %+v", e.Action, e.Notes)
		}
		if v := getGame(t, ts.url, g2.ID); v.Clock.White < 299000 || len(v.Notes) != 1 {
			t.Errorf("white's clock after a forged first t: %+v, notes %+v", v.Clock, v.Notes)
		}
	})
}

// A physical clock's times (K5) that jump against the server's reckoning
// by more than the drift decide nothing: held as a clock discrepancy on
// the game (for the desk) with both readings, no flag follows, until the
// arbiter accepts them (6.10.2) or sets the clocks himself.
func TestTime_PhysicalClockDiscrepancyHeldForTheArbiter(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServerWith(t, dsn, Options{})
		ev := createEvent(t, ts.url, 5, protocol.Start{Clock: &protocol.Clock{White: 300, Black: 300}})
		// A first reading: a clock started before the first action (an
		// e-board reader starts it when the game begins) is the clock of
		// record; one that ran down the other side's time, or more of the
		// mover's than the game has existed, is held.
		for i, c := range []struct {
			times string
			held  bool
		}{{`{"white":298500,"black":300000}`, false}, {`{"white":300000,"black":1000}`, true}, {`{"white":1000,"black":300000}`, true}} {
			g := ev.Games[2+i]
			postOne(t, ts.url, g, `{"by":"white","act":"lift","sq":"e2","times":`+c.times+`}`)
			if v := getGame(t, ts.url, g.ID); (v.ClockHeld != nil) != c.held {
				t.Errorf("first reading %s: held %+v, want held %v", c.times, v.ClockHeld, c.held)
			}
		}
		g := ev.Games[0]
		for _, a := range []string{`{"by":"white","act":"lift","sq":"e2"}`, `{"by":"white","act":"drop","sq":"e4"}`} {
			postOne(t, ts.url, g, a)
		}
		// The post: Black's clock all but gone, White's 11 days.
		ack := postOne(t, ts.url, g, `{"by":"white","act":"clock","times":{"white":999999000,"black":1000}}`)
		for _, r := range ack.Rulings {
			if r.Kind == protocol.KindResult {
				t.Fatalf("a forged reading decided the game: %+v", ack.Rulings)
			}
		}
		time.Sleep(1500 * time.Millisecond)
		v := getGame(t, ts.url, g.ID)
		if v.Result != "*" || v.ClockHeld == nil || v.ClockHeld.Times.Black != 1000 || v.ClockHeld.Reckoned.Black < 299000 || v.Clock.Black < 290000 {
			t.Fatalf("after the forged reading: result %s, held %+v, clock %+v", v.Result, v.ClockHeld, v.Clock)
		}
		// Not the arbiter's token: refused.
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g.ID+"/clock", g.BoardToken, `{"accept":true}`, nil); st != http.StatusForbidden {
			t.Errorf("a board accepting the reading: %d", st)
		}
		// The arbiter corrects the clocks: the discrepancy closes.
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/clock", ev.ArbiterToken, `{"white":299000,"black":280000}`, nil); st != http.StatusOK {
			t.Fatalf("the arbiter's correction: %d %s", st, raw)
		}
		v = getGame(t, ts.url, g.ID)
		if v.ClockHeld != nil || v.Clock.White != 299000 || v.Clock.Black > 280000 || v.Clock.Black < 278000 {
			t.Errorf("after the correction: held %+v, clock %+v", v.ClockHeld, v.Clock)
		}
		// A reading within the drift is the clock of record.
		g2 := ev.Games[1]
		postOne(t, ts.url, g2, `{"by":"white","act":"lift","sq":"e2","times":{"white":299500,"black":300000}}`)
		if v := getGame(t, ts.url, g2.ID); v.ClockHeld != nil || len(v.Notes) != 0 {
			t.Errorf("a reading within the drift was held: %+v", v.Notes)
		}
		// A held reading accepted: it becomes the clock of record, and then
		// the flag it shows falls.
		postOne(t, ts.url, g2, `{"by":"white","act":"drop","sq":"e4","times":{"white":1500,"black":300000}}`)
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g2.ID+"/clock", ev.ArbiterToken, `{"accept":true}`, nil); st != http.StatusOK {
			t.Fatalf("accept: %d %s", st, raw)
		}
		deadline := time.Now().Add(5 * time.Second)
		for getGame(t, ts.url, g2.ID).Result == "*" && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if v := getGame(t, ts.url, g2.ID); v.Result != "0-1" || v.ClockHeld != nil {
			t.Errorf("after accepting a reading of 1.5 s: %s, held %+v", v.Result, v.ClockHeld)
		}
	})
}

// An outage costs no one time: the clocks the server owns stand while it
// is down (its heartbeat says from when), credited at restart with an
// arbiter's pause and resume noted in the log; a flag that would have
// fallen in the gap is not recorded; a game whose physical clock is of
// record keeps its own times.
func TestOutage_ClocksStandWhileTheServerIsDown(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		opts := Options{Heartbeat: 100 * time.Millisecond}
		ts := startServerWith(t, dsn, opts)
		ev := createEvent(t, ts.url, 3, protocol.Start{Clock: &protocol.Clock{White: 60, Black: 2}})
		play := func(g CreatedGame, times string) {
			for _, a := range []string{`{"by":"white","act":"lift","sq":"e2"` + times + `}`, `{"by":"white","act":"drop","sq":"e4"` + times + `}`, `{"by":"white","act":"clock"` + times + `}`} {
				postOne(t, ts.url, g, a)
			}
		}
		play(ev.Games[0], "")                                      // Black's 2 s run
		play(ev.Games[1], `,"times":{"white":60000,"black":2000}`) // a physical clock of record
		ts.stop()
		time.Sleep(3 * time.Second) // longer than Black's 2 s
		ts2 := startServerWith(t, dsn, opts)
		v := getGame(t, ts2.url, ev.Games[0].ID)
		if v.Result != "*" || v.Clock.Black < 1000 {
			t.Fatalf("after the outage: result %s, clock %+v", v.Result, v.Clock)
		}
		var credit []EntryNote
		for _, n := range v.Notes {
			if n.Kind == store.NoteOutage {
				credit = append(credit, n)
			}
		}
		if len(credit) != 1 || credit[0].From == nil || credit[0].To.Sub(*credit[0].From) < 2500*time.Millisecond {
			t.Fatalf("outage notes: %+v", v.Notes)
		}
		// The physical clock ran on: its game is not credited.
		if v := getGame(t, ts2.url, ev.Games[1].ID); len(v.Notes) != 0 {
			t.Errorf("the physical clock's game was credited: %+v", v.Notes)
		}
		// The credit is entered once, also after another restart, and the
		// clock runs again: Black's flag falls 2 s into his time.
		ts2.stop()
		ts3 := startServerWith(t, dsn, opts)
		deadline := time.Now().Add(5 * time.Second)
		for getGame(t, ts3.url, ev.Games[0].ID).Result == "*" && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		v = getGame(t, ts3.url, ev.Games[0].ID)
		n := 0
		for _, x := range v.Notes {
			if x.Kind == store.NoteOutage {
				n++
			}
		}
		if v.Result != "1-0" || n != 1 {
			t.Errorf("after the second start: %s, %d outage notes (the first was short)", v.Result, n)
		}
	})
}

// startServerWith is startServer with options; stop ends it early.
func startServerWith(t *testing.T, dsn string, opts Options) *testServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	opts.Store = st
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Run(ctx)
	ts := &testServer{Server: srv, store: st}
	ts.http = newHTTPTest(srv)
	ts.url = ts.http.URL
	stopped := false
	ts.stopFn = func() {
		if stopped {
			return
		}
		stopped = true
		ts.http.Close()
		srv.Close()
		cancel()
		st.Close()
	}
	t.Cleanup(ts.stop)
	return ts
}

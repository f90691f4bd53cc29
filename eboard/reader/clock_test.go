package reader

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/creack/pty"

	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/protocol"
)

func TestTimeAfterBonus(t *testing.T) {
	ms := func(n int64) *int64 { return &n }
	runs := func(s string) *string { return &s }
	bonus := protocol.Ruling{At: 5, Kind: protocol.KindIllegal, Bonus: &protocol.Bonus{To: "black", Seconds: 120}}
	press := protocol.Ruling{At: 4, Kind: protocol.KindTime, White: ms(1), Black: ms(2), Runs: runs("black")}
	after := protocol.Ruling{At: 5, Kind: protocol.KindTime, White: ms(3), Black: ms(4), Runs: runs("black")}
	for _, c := range []struct {
		name      string
		rs        []protocol.Ruling
		before    bool
		want      *protocol.Ruling
		waitAfter bool
	}{
		{"a press's time ruling alone sets nothing", []protocol.Ruling{press}, false, nil, false},
		{"bonus then time", []protocol.Ruling{press, bonus, after}, false, &after, false},
		{"bonus, its time ruling still to come", []protocol.Ruling{bonus}, false, nil, true},
		{"the time ruling after an earlier bonus", []protocol.Ruling{after}, true, &after, false},
		{"time before the bonus does not count", []protocol.Ruling{press, bonus}, false, nil, true},
	} {
		got, wait := timeAfterBonus(c.rs, c.before)
		if (got == nil) != (c.want == nil) || got != nil && *got.White != *c.want.White || wait != c.waitAfter {
			t.Errorf("%s: got %+v, waiting %v", c.name, got, wait)
		}
	}
}

// Laws K5: after a time bonus the arbiter's software sets the clock. The
// rulings (constructed here: the engine gives no time rulings yet) of an
// illegal move with a bonus of two minutes to Black, then a time ruling,
// send a set-and-run to the simulated DGT3000 over a pseudo-terminal; it
// is acknowledged, and the clock's later reports show the arbiter's
// times, Black's running from the ruling's moment.
func TestClockSetter_K5_BonusSetsTheClock(t *testing.T) {
	sc, err := eboard.ReadScript(strings.NewReader(`{"start": {"clock": {"white": 300, "black": 300}}}
{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 2000, "clock": "white"}
{"t": 7000, "sq": "e7", "piece": ""}
`))
	if err != nil {
		t.Fatal(err)
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	board, err := dgt.Open(tty.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer board.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop, stopNow := context.WithCancel(ctx)
	sim := &dgt.Sim{Script: sc, Speed: 4, Played: stopNow}
	go sim.Run(ctx, ptmx)

	var mu sync.Mutex
	var logs []string
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(format, args...))
	}
	setter := newClockSetter(board, sim, false, false, logf, logf)
	setDone := make(chan struct{})
	go func() { defer close(setDone); setter.run(ctx) }()
	pos, _ := eboard.Position(sc.Start)
	events := make(chan eboard.Event, 64)
	werr := make(chan error, 1)
	go func() {
		werr <- board.Watch(stop, dgt.WatchOptions{Start: dgt.PositionBoard(pos), Stamp: sim.Stamp, Turn: pos.Turn(), Clock: true, Times: true,
			Ready: func() { setter.begin(clockTimes{white: 300000, black: 300000, runs: "white", why: "the start"}) }}, events)
	}()
	ms := func(n int64) *int64 { return &n }
	runs := "black"
	var after []eboard.Event
	pressed := false
	for e := range events {
		if e.Clock {
			pressed = true
			at := e.T
			setter.rulings([]protocol.Ruling{
				{At: 4, Kind: protocol.KindIllegal, By: "white", Article: "7.5.5", Bonus: &protocol.Bonus{To: "black", Seconds: 120}},
				{At: 4, Kind: protocol.KindTime, White: ms(297000), Black: ms(420000), Runs: &runs},
			}, protocol.Action{By: "white", Act: protocol.ClockPress, T: &at})
			continue
		}
		if pressed && e.T >= 3000 && e.Times != nil {
			after = append(after, e)
		}
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
	cancel()
	<-setDone
	mu.Lock()
	defer mu.Unlock()
	if !slices.ContainsFunc(logs, func(l string) bool {
		return strings.HasPrefix(l, "clock set for the bonus of line 4: left 0:04:57, right 0:0") && strings.HasSuffix(l, ", right runs")
	}) {
		t.Errorf("logs %q", logs)
	}
	cmds := sim.ClockCommands()
	if len(cmds) != 3 {
		t.Fatalf("the clock got %d commands, want version, start and bonus: %v", len(cmds), cmds)
	}
	if len(after) == 0 {
		t.Fatal("no readings after the bonus")
	}
	for _, e := range after {
		if w, b := e.Times.White, e.Times.Black; w != 297000 || b > 420000-(e.T-2000) || b < 420000-(e.T-2000)-1000 {
			t.Errorf("t %d: the clock shows %d/%d, want 297000/%d", e.T, w, b, 420000-(e.T-2000))
		}
	}
}

// K5 with an increment: the DGT3000 under set-and-run adds none itself,
// so the clock is set after every press from the press's time ruling.
func TestClockSetter_K5_EveryPressWithAnIncrement(t *testing.T) {
	w, b, runs := int64(301000), int64(300000), "black"
	press := []protocol.Ruling{{At: 3, Kind: protocol.KindTime, White: &w, Black: &b, Runs: &runs}}
	s := &clockSetter{clock: eboard.Timeline{}, wake: make(chan struct{}, 1), warn: func(string, ...any) {}}
	s.rulings(press, protocol.Action{By: "white", Act: protocol.ClockPress})
	if s.pending != nil {
		t.Fatalf("without an increment a press sets nothing: %+v", s.pending)
	}
	s.everyPress = true
	s.rulings(press, protocol.Action{By: "white", Act: protocol.ClockPress})
	if s.pending == nil || s.pending.white != 301000 || s.pending.runs != "black" {
		t.Fatalf("with an increment the press sets the clock: %+v", s.pending)
	}
}

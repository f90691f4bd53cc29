package touch

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
)

// timed runs actions "t w lift e2" (t in ms, "-" for none) on a game with
// the given clock and returns every ruling, time rulings written
// "time W B runs" (seconds), and the engine.
func timed(t *testing.T, start protocol.Start, lines ...string) (*Engine, []string) {
	t.Helper()
	e, err := New(start, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range lines {
		f := strings.Fields(l)
		a := protocol.Action{By: map[string]string{"w": "white", "b": "black", "a": "arbiter"}[f[1]], Act: f[2]}
		if f[0] != "-" {
			var ms int64
			for _, c := range f[0] {
				ms = ms*10 + int64(c-'0')
			}
			a.T = &ms
		}
		rest := f[3:]
		switch a.Act {
		case protocol.Flag:
			if len(rest) > 0 {
				a.Side = rest[0]
			}
		case protocol.ClockPress:
			if len(rest) > 0 {
				a.Hand = rest[0]
			}
		case protocol.Claim:
			a.What = rest[0]
		case protocol.Pause, protocol.Resume:
		case protocol.SetClock:
			var w, b int64
			fmt.Sscan(rest[0], &w)
			fmt.Sscan(rest[1], &b)
			a.Times = &protocol.Times{White: w, Black: b}
		default:
			a.Sq = rest[0]
			if len(rest) > 1 {
				a.Hand = rest[1]
			}
		}
		for _, r := range e.Apply(i+1, a) {
			if r.Kind == protocol.KindTime {
				out = append(out, brief(r)+" "+secs(*r.White)+" "+secs(*r.Black)+" "+*r.Runs)
				continue
			}
			out = append(out, brief(r))
		}
	}
	return e, out
}

func secs(ms int64) string {
	s := []byte{}
	if ms < 0 {
		return "-" + secs(-ms)
	}
	v := ms / 1000
	if v == 0 {
		s = append(s, '0')
	}
	for ; v > 0; v /= 10 {
		s = append([]byte{byte('0' + v%10)}, s...)
	}
	if r := ms % 1000; r != 0 {
		s = append(s, '.', byte('0'+r/100), byte('0'+r/10%10), byte('0'+r%10))
	}
	return string(s)
}

func clockStart(c protocol.Clock) protocol.Start { return protocol.Start{Clock: &c} }

// K1: a Fischer increment is added at each press that completes a move,
// from move 1.
func TestK1_FischerIncrementFromMoveOne(t *testing.T) {
	e, got := timed(t, clockStart(protocol.Clock{White: 300, Black: 300, Increment: 2}),
		"0 w lift e2", "1000 w drop e4", "1500 w clock", "4000 b lift e7", "4500 b drop e5", "6500 b clock")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 time 300.500 300 black",
		"4 must move e7 4.3.1", "5 move e5", "6 time 300.500 297 white")
	if c := e.Summary().Clock; c == nil || c.White != 300500 || c.Black != 297000 {
		t.Errorf("summary clock %+v", c)
	}
}

// K1: periods add time once a player has completed move N (FIDE classical:
// 40 moves, then 30 minutes more).
func TestK1_PeriodAfterMoveN(t *testing.T) {
	_, got := timed(t, clockStart(protocol.Clock{White: 60, Black: 60, Periods: []protocol.Period{{Moves: 2, Add: 30}}}),
		"- w lift g1", "- w drop f3", "1000 w clock", "- b lift g8", "- b drop f6", "2000 b clock",
		"- w lift f3", "- w drop g1", "3000 w clock")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "3 time 59 60 black", "4 must move g8 4.3.1", "5 move Nf6", "6 time 59 59 white",
		"7 must move f3 4.3.1", "8 move Ng1", "9 time 88 59 black")
}

// K1: the US delay holds the clock still for the first seconds of each
// turn; the Bronstein delay gives back the time used, up to the delay.
func TestK1_USAndBronsteinDelay(t *testing.T) {
	lines := []string{"- w lift e2", "- w drop e4", "3000 w clock", "- b lift e7", "- b drop e5", "11000 b clock"}
	_, got := timed(t, clockStart(protocol.Clock{White: 300, Black: 300, Delay: 5, DelayMode: "us"}), lines...)
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 time 300 300 black", "4 must move e7 4.3.1", "5 move e5", "6 time 300 297 white")
	_, got = timed(t, clockStart(protocol.Clock{White: 300, Black: 300, Delay: 5, DelayMode: "bronstein"}), lines...)
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 time 300 300 black", "4 must move e7 4.3.1", "5 move e5", "6 time 300 297 white")
	// Bronstein: more than the delay used: only the delay comes back.
	_, got = timed(t, clockStart(protocol.Clock{White: 300, Black: 300, Delay: 5, DelayMode: "bronstein"}), "- w lift e2", "- w drop e4", "9000 w clock")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 time 296 300 black")
}

// K3, 6.9 and the protocol's "Clocks": the flag is ruled at the first
// action at or past the moment the running clock reached zero; the action
// itself is then recorded after the end (after-end), changing nothing. Drawn when the opponent cannot mate (FIDE) or
// has insufficient material (US Chess 14E).
func TestK3_FlagAtTheFirstActionPastZero(t *testing.T) {
	_, got := timed(t, clockStart(protocol.Clock{White: 10, Black: 10}), "0 w lift e2", "10000 w drop e4")
	expect(t, got, "1 must move e2 4.3.1", "2 result 0-1 time", "2 after-end")
	// Black has a lone king: he cannot mate, drawn.
	bare := protocol.Start{FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Clock: &protocol.Clock{White: 10, Black: 10}}
	_, got = timed(t, bare, "12000 w lift e2")
	expect(t, got, "1 result 1/2-1/2 time-vs-no-mate", "1 after-end")
	// King and knight: FIDE 0-1 (a helpmate exists), US Chess drawn.
	kn := protocol.Start{FEN: "8/8/8/4k3/8/2n5/8/R3K3 w - - 0 1", Clock: &protocol.Clock{White: 10, Black: 10}}
	_, got = timed(t, kn, "10000 w lift a1")
	expect(t, got, "1 result 0-1 time", "1 after-end")
	kn.Rules = "uscf"
	_, got = timed(t, kn, "10000 w lift a1")
	expect(t, got, "1 result 1/2-1/2 time-vs-no-mate", "1 after-end")
	// The arbiter's observation of the flag at the moment it fell is the
	// flag itself (what a server records when no action comes).
	_, got = timed(t, clockStart(protocol.Clock{White: 10, Black: 10}), "10000 a flag white")
	expect(t, got, "1 result 0-1 time")
}

// K3, 6.8: a flag claimed while the clocks show time left is refused, with
// the time left in the error.
func TestK3_PrematureFlagRefused(t *testing.T) {
	e, err := New(clockStart(protocol.Clock{White: 300, Black: 300}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t0 := int64(5000)
	rs := e.Apply(1, protocol.Action{By: "black", Act: "flag", T: &t0})
	if len(rs) != 1 || rs[0].Kind != protocol.KindError || !strings.Contains(rs[0].Error, "5:00 left") {
		t.Fatalf("black's premature flag: %+v", rs)
	}
	rs = e.Apply(2, protocol.Action{By: "arbiter", Act: "flag", Side: "white", T: &t0})
	if len(rs) != 1 || rs[0].Kind != protocol.KindError || !strings.Contains(rs[0].Error, "4:55 left") {
		t.Fatalf("white's premature flag: %+v", rs)
	}
}

// K4: the time bonuses go onto the clocks they name: 7.5.5 (two minutes;
// one in rapid and blitz) and 9.5.3.
func TestK4_BonusesOnTheClock(t *testing.T) {
	_, got := timed(t, clockStart(protocol.Clock{White: 300, Black: 300}), "2000 w clock")
	expect(t, got, "1 illegal 7.5.3 1", "1 time 298 420 white")
	rapid := clockStart(protocol.Clock{White: 600, Black: 600})
	rapid.Rules = "fide-rapid"
	_, got = timed(t, rapid, "1000 w clock", "2000 b claim illegal-move")
	expect(t, got, "1 move no move", "1 time 599 600 black", "2 claim illegal-move true A.5.2", "2 illegal 7.5.3 1", "2 time 599 659 white")
	_, got = timed(t, clockStart(protocol.Clock{White: 300, Black: 300}), "1000 w claim threefold")
	if got[len(got)-1] != "1 time 299 420 white" {
		t.Errorf("9.5.3 bonus: %v", got)
	}
}

// K2, 6.2.3: a press with the other hand than the move's is recorded as a
// violation, not an illegal move (12.9).
func TestK2_PressWithTheOtherHand(t *testing.T) {
	e, got := timed(t, clockStart(protocol.Clock{White: 300, Black: 300}), "- w lift e2 left", "- w drop e4 left", "1000 w clock right")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 violation 6.2.3", "3 time 299 300 black")
	if s := e.Summary(); s.Illegal.White != 0 || len(s.Violations) != 1 {
		t.Errorf("summary %+v", s)
	}
	// The same hand, or a press whose hand is not known: nothing.
	_, got = timed(t, clockStart(protocol.Clock{White: 300, Black: 300}), "- w lift e2 left", "- w drop e4 left", "1000 w clock left")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 time 299 300 black")
}

// K5: the times of a physical clock are the clock of record.
func TestK5_PhysicalClockTimesOverride(t *testing.T) {
	e, err := New(clockStart(protocol.Clock{White: 300, Black: 300}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t1 := int64(1000)
	e.Apply(1, protocol.Action{By: "white", Act: "lift", Sq: "e2", T: &t1, Times: &protocol.Times{White: 290000, Black: 295000}})
	if c := e.Summary().Clock; c == nil || c.White != 290000 || c.Black != 295000 {
		t.Fatalf("clock after times: %+v", c)
	}
	t2 := int64(3000)
	e.Apply(2, protocol.Action{By: "white", Act: "drop", Sq: "e4", T: &t2})
	if c := e.Summary().Clock; c.White != 288000 {
		t.Fatalf("White's clock runs on from the physical clock's figure: %+v", c)
	}
	// A physical clock at zero: the flag has fallen.
	t3 := int64(4000)
	rs := e.Apply(3, protocol.Action{By: "white", Act: "clock", T: &t3, Times: &protocol.Times{White: 0, Black: 295000}})
	if len(rs) < 1 || rs[0].Kind != protocol.KindResult || rs[0].Reason != "time" {
		t.Fatalf("flag shown by the physical clock: %+v", rs)
	}
}

// The protocol's "Clocks": a game whose actions carry no t has no clock
// figures, and replays as before.
func TestClocks_NoTNoFigures(t *testing.T) {
	e, got := timed(t, clockStart(protocol.Clock{White: 300, Black: 300, Increment: 2}), "- w lift e2", "- w drop e4", "- w clock", "- w flag")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 result 0-1 time")
	if e.Summary().Clock != nil {
		t.Error("no t, no clock in the summary")
	}
	if _, ok := e.ZeroAt(); ok {
		t.Error("no t, no zero to watch")
	}
}

// The server's flag watch: ZeroAt says when the running clock reaches
// zero.
func TestClocks_ZeroAt(t *testing.T) {
	e, _ := timed(t, clockStart(protocol.Clock{White: 60, Black: 30, Delay: 5, DelayMode: "us"}), "- w lift e2", "- w drop e4", "1000 w clock")
	if z, ok := e.ZeroAt(); !ok || z != 1000+30000+5000 {
		t.Fatalf("ZeroAt %d %v", z, ok)
	}
}

// K6 (6.11.2, 6.10.2): the arbiter pauses the clocks, and while they
// stand no time is used and no flag can fall; resumed, the running clock
// goes on from what it showed (under the US delay too, whose delay is not
// given again); he may set what they show.
func TestK6_ArbiterPausesResumesAndSetsTheClocks(t *testing.T) {
	e, got := timed(t, clockStart(protocol.Clock{White: 10, Black: 10}),
		"0 w lift e2", "2000 a pause", "600000 w drop e4", "601000 w clock", "700000 a resume", "703000 b lift e7")
	expect(t, got, "1 must move e2 4.3.1", "2 time 8 10 ", "3 move e4", "4 time 8 10 ",
		"5 time 8 10 black", "6 must move e7 4.3.1")
	if x := e.Summary().Clock; x == nil || x.White != 8000 || x.Black != 7000 {
		t.Errorf("clock after the pause: %+v, want 8 s and 7 s", x)
	}
	if _, ok := e.ZeroAt(); !ok {
		t.Error("no flag to watch after the resume")
	}
	// While paused nothing falls, and ZeroAt says so.
	e, got = timed(t, clockStart(protocol.Clock{White: 10, Black: 10}), "0 w lift e2", "5000 a pause", "99000 w drop e4")
	expect(t, got, "1 must move e2 4.3.1", "2 time 5 10 ", "3 move e4")
	if _, ok := e.ZeroAt(); ok {
		t.Error("a paused clock has a zero to watch")
	}
	// The US delay: 2 s of the 5 used before the pause, 3 s after it.
	_, got = timed(t, clockStart(protocol.Clock{White: 60, Black: 60, Delay: 5, DelayMode: "us"}),
		"0 w lift e2", "2000 a pause", "50000 a resume", "53000 w drop e4", "54000 w clock")
	expect(t, got, "1 must move e2 4.3.1", "2 time 60 60 ", "3 time 60 60 white", "4 move e4", "5 time 59 60 black")
	// set-clock: the arbiter sets both clocks (6.10.2); the running one runs on from there.
	_, got = timed(t, clockStart(protocol.Clock{White: 60, Black: 60}),
		"0 w lift e2", "1000 a set-clock 30000 45000", "3000 w drop e4", "4000 w clock")
	expect(t, got, "1 must move e2 4.3.1", "2 time 30 45 white", "3 move e4", "4 time 27 45 black")
	// Errors: a resume without a pause, a pause twice, no clock at all.
	_, got = timed(t, clockStart(protocol.Clock{White: 60, Black: 60}), "0 a resume", "0 a pause", "0 a pause")
	expect(t, got, "1 error", "2 time 60 60 ", "3 error")
	_, got = timed(t, protocol.Start{}, "0 a pause")
	expect(t, got, "1 error")
}

// K7: after the result the hands go on (a press to stop the clock, the
// pieces set up again): every well-formed action is recorded with an
// after-end ruling naming the result, and changes nothing.
func TestK7_AfterEnd_ActionsRecordedChangeNothing(t *testing.T) {
	e, got := timed(t, clockStart(protocol.Clock{White: 10, Black: 10}),
		"0 w lift e2", "10000 w drop e4", "11000 w clock", "12000 b lift e7", "13000 a pause", "14000 b knock e8")
	expect(t, got, "1 must move e2 4.3.1", "2 result 0-1 time", "2 after-end", "3 after-end", "4 after-end", "5 after-end", "6 after-end")
	s := e.Summary()
	if s.Result != "0-1" || s.Errors != 0 || len(s.Moves) != 0 {
		t.Errorf("summary after the end: %+v", s)
	}
	rs := e.Apply(7, protocol.Action{By: "white", Act: "clock"})
	if len(rs) != 1 || rs[0].Result != "0-1" || rs[0].Reason != "time" || rs[0].By != "white" {
		t.Errorf("after-end ruling %+v", rs)
	}
	// A malformed action is still an error.
	if rs := e.Apply(8, protocol.Action{By: "white", Act: "lift", Sq: "z9"}); len(rs) != 1 || rs[0].Kind != protocol.KindError {
		t.Errorf("malformed after the end: %+v", rs)
	}
}

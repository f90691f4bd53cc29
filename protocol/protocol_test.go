package protocol

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	l, err := ParseLine([]byte(`{"start": {"fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "rules": "uscf", "clock": {"white": 300, "black": 300, "increment": 2}}}`))
	if err != nil || l.Start == nil || l.Start.Rules != "uscf" || l.Start.Clock.Increment != 2 {
		t.Fatalf("start: %+v %v", l, err)
	}
	l, err = ParseLine([]byte(`{"by": "white", "act": "lift", "sq": "e2", "t": 1200, "unknown": 1}`))
	if err != nil || l.Start != nil || l.Action.Act != Lift || *l.Action.T != 1200 || l.Action.HandName() != "right" {
		t.Fatalf("action: %+v %v", l, err)
	}
	// The protocol page's extensions: the arbiter's acts, knock, a king
	// put back, the held piece named.
	for _, line := range []string{
		`{"by": "arbiter", "act": "flag", "side": "white"}`,
		`{"by": "arbiter", "act": "claim", "what": "illegal-move"}`,
		`{"by": "black", "act": "knock", "sq": "g8"}`,
		`{"by": "white", "act": "put", "sq": "c1", "piece": "K"}`,
		`{"by": "white", "act": "drop", "sq": "g1", "piece": "K"}`,
		`{"by": "arbiter", "act": "pause", "t": 5000}`,
		`{"by": "arbiter", "act": "resume"}`,
		`{"by": "black", "act": "pause", "t": 7000}`,
		`{"by": "white", "act": "put", "sq": "e8", "piece": "P"}`,
		`{"by": "white", "act": "put", "sq": "e8", "piece": "Q", "colour": "black"}`,
		`{"by": "black", "act": "knock", "sq": "g8", "to": "f6"}`,
		`{"by": "arbiter", "act": "claim", "what": "illegal-move", "time_pressure": true}`,
		`{"by": "arbiter", "act": "setup-error", "what": "colours-reversed"}`,
		`{"by": "black", "act": "announce", "move": "Nf6"}`,
		`{"by": "white", "act": "lift", "sq": "g8", "mirror": true}`,
		`{"by": "assistant", "side": "black", "act": "clock"}`,
		`{"by": "assistant", "side": "black", "act": "drop", "sq": "e4"}`,
		`{"by": "assistant", "side": "white", "act": "boards-differ"}`,
		`{"by": "arbiter", "act": "boards-differ"}`,
		`{"start": {"visually_disabled": "both", "supervision": "full", "variations": "11H1"}}`,
		`{"by": "arbiter", "act": "set-clock", "times": {"white": 60000, "black": 1000}}`,
	} {
		if _, err := ParseLine([]byte(line)); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	for _, c := range []struct{ line, want string }{
		{`{"by": "white", "act": "jump", "sq": "e2"}`, "unknown act"},
		{`{"by": "red", "act": "lift", "sq": "e2"}`, "by must be"},
		{`{"by": "white", "act": "lift", "sq": "e9"}`, "needs a square"},
		{`{"by": "white", "act": "lift"}`, "needs a square"},
		{`{"by": "white", "act": "put", "sq": "e8", "piece": "X"}`, "put needs piece"},
		{`{"by": "white", "act": "put", "sq": "e8", "piece": "Q", "colour": "red"}`, "colour goes with put"},
		{`{"by": "white", "act": "lift", "sq": "e8", "colour": "black"}`, "colour goes with put"},
		{`{"by": "white", "act": "knock", "sq": "e8", "to": "e9"}`, "to goes with knock"},
		{`{"by": "white", "act": "lift", "sq": "e8", "to": "e7"}`, "to goes with knock"},
		{`{"by": "white", "act": "claim", "what": "illegal-move", "time_pressure": true}`, "time_pressure goes with"},
		{`{"by": "arbiter", "act": "setup-error", "what": "pieces"}`, "setup-error needs what"},
		{`{"by": "white", "act": "setup-error", "what": "initial-position"}`, "the arbiter's act"},
		{`{"by": "black", "act": "announce"}`, "announce needs the move"},
		{`{"by": "arbiter", "act": "announce", "move": "e4"}`, "the arbiter may"},
		{`{"by": "white", "act": "clock", "mirror": true}`, "mirror goes with a hand act"},
		{`{"by": "assistant", "act": "clock"}`, "needs side"},
		{`{"by": "assistant", "side": "white", "act": "resign"}`, "an assistant may"},
		{`{"start": {"visually_disabled": "grey"}}`, "visually_disabled must be"},
		{`{"start": {"supervision": "some"}}`, "supervision must be"},
		{`{"by": "white", "act": "drop", "sq": "e8", "piece": "X"}`, "piece must name a held piece"},
		{`{"by": "arbiter", "act": "flag"}`, "needs side"},
		{`{"by": "arbiter", "act": "lift", "sq": "e2"}`, "the arbiter may"},
		{`{"by": "arbiter", "act": "claim", "what": "threefold"}`, "the arbiter may"},
		{`{"by": "white", "act": "knock"}`, "needs a square"},
		{`{"by": "white", "act": "resume"}`, "the arbiter's act"},
		{`{"by": "black", "act": "set-clock", "times": {"white": 1, "black": 2}}`, "the arbiter's act"},
		{`{"by": "arbiter", "act": "set-clock"}`, "set-clock needs times"},
		{`{"by": "white", "act": "claim", "what": "boredom"}`, "claim needs what"},
		{`{"by": "white", "act": "lift", "sq": "e2", "hand": "third"}`, "hand must be"},
		{`{"by": "white", "act": `, "not a JSON object"},
		{`[1,2]`, "not a JSON object"},
	} {
		if _, err := ParseLine([]byte(c.line)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.line, err, c.want)
		}
	}
}

func TestRulingJSON(t *testing.T) {
	granted := false
	r := Ruling{At: 20, Kind: KindClaim, By: "black", What: ClaimThreefold, Granted: &granted, Article: "9.5.3", Bonus: &Bonus{To: "white", Seconds: 120}}
	b, _ := json.Marshal(r)
	want := `{"at":20,"kind":"claim","by":"black","what":"threefold","granted":false,"article":"9.5.3","bonus":{"to":"white","seconds":120}}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add([]byte(`{"by": "white", "act": "lift", "sq": "e2"}`))
	f.Add([]byte(`{"start": {"fen": "x"}}`))
	f.Add([]byte(`{"by": "black", "act": "claim", "what": "threefold", "move": "Nf3"}`))
	f.Add([]byte(`{"start": {"rules": "fide-blitz", "supervision": "full", "variations": "11H1, 10I2", "visually_disabled": "both", "clock": {"white": 180, "black": 180, "increment": 2, "periods": [{"moves": 40, "add": 60}]}}}`))
	f.Add([]byte(`{"by": "assistant", "side": "black", "act": "drop", "sq": "e4", "mirror": true}`))
	f.Add([]byte(`{"by": "white", "act": "knock", "sq": "g1", "to": "h3"}`))
	f.Add([]byte(`{"by": "white", "act": "put", "sq": "e8", "piece": "Q", "colour": "black"}`))
	f.Add([]byte(`{"by": "arbiter", "act": "setup-error", "what": "colours-reversed"}`))
	f.Add([]byte(`{"by": "arbiter", "act": "claim", "what": "illegal-move", "time_pressure": true}`))
	f.Add([]byte(`{"by": "black", "act": "announce", "move": "O-O-O"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := ParseLine(b)
		if err == nil && l.Start == nil && l.Action.Check() != nil {
			t.Fatal("accepted an action that Check refuses")
		}
		// What is accepted writes back to a line that reads the same.
		if err == nil && l.Start != nil {
			w, _ := json.Marshal(map[string]*Start{"start": l.Start})
			if again, err := ParseLine(w); err != nil || !reflect.DeepEqual(again.Start, l.Start) {
				t.Fatalf("start %s read back as %+v, %v", w, again.Start, err)
			}
		}
		if err == nil && l.Start == nil {
			w, _ := json.Marshal(l.Action)
			again, err := ParseLine(w)
			if err != nil || again.Start != nil || !reflect.DeepEqual(again.Action, l.Action) {
				t.Fatalf("action %s read back as %+v, %v", w, again.Action, err)
			}
		}
	})
}

// TestClockCheck: a time control (laws K1) is refused where a figure is
// negative or beyond the bounds, a delay has no mode or an unknown one,
// or its periods are out of order; the time controls played pass, and a
// start line with a bad clock is an error of ParseLine.
func TestClockCheck(t *testing.T) {
	good := []Clock{
		{},
		{White: 5400, Black: 5400, Increment: 30, Periods: []Period{{Moves: 40, Add: 1800}}},
		{White: 7200, Black: 7200, Periods: []Period{{Moves: 40, Add: 3600}, {Moves: 60, Add: 900}}},
		{White: 1800, Black: 1800, Delay: 5, DelayMode: DelayUS},
		{White: 300, Black: 240, Delay: 2, DelayMode: DelayBronstein},
		{White: MaxClockSeconds, Black: MaxClockSeconds, Periods: []Period{{Moves: MaxPeriodMoves, Add: MaxClockSeconds}}},
	}
	for _, c := range good {
		if err := c.Check(); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
	}
	bad := map[string]Clock{
		"white must be":      {White: -1, Black: 300},
		"black must be":      {White: 300, Black: MaxClockSeconds + 1},
		"increment must be":  {White: 300, Black: 300, Increment: -2},
		"needs its":          {White: 300, Black: 300, Delay: 5},
		"delay_mode must":    {White: 300, Black: 300, Delay: 5, DelayMode: "fischer"},
		"period 2 must":      {White: 300, Black: 300, Periods: []Period{{Moves: 40, Add: 60}, {Moves: 40, Add: 60}}},
		"period 1 must add":  {White: 300, Black: 300, Periods: []Period{{Moves: 40, Add: -60}}},
		"period 1 must come": {White: 300, Black: 300, Periods: []Period{{Moves: MaxPeriodMoves + 1, Add: 60}}},
		"periods, at most":   {White: 300, Black: 300, Periods: make([]Period, MaxPeriods+1)},
	}
	for want, c := range bad {
		if err := c.Check(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want an error with %q", c, err, want)
		}
	}
	if _, err := ParseLine([]byte(`{"start": {"clock": {"white": 9223372036854775807, "black": 300}}}`)); err == nil || !strings.Contains(err.Error(), "white must be") {
		t.Errorf("a start line with a bad clock: %v", err)
	}
}

// TestActionTimesBounded: an action's t (milliseconds since the start)
// and the times of a physical clock (laws K5) are refused out of bounds:
// negative, or beyond what the clocks' arithmetic and a JavaScript reader
// hold exactly.
func TestActionTimesBounded(t *testing.T) {
	for line, want := range map[string]string{
		`{"by":"white","act":"clock","t":-5}`:                                                "t must be",
		`{"by":"white","act":"clock","t":9007199254740992}`:                                  "t must be",
		`{"by":"white","act":"clock","t":5,"times":{"white":-1,"black":1}}`:                  "times must be",
		`{"by":"white","act":"clock","t":5,"times":{"white":1,"black":9223372036854775807}}`: "times must be",
	} {
		if _, err := ParseLine([]byte(line)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", line, err, want)
		}
	}
	if _, err := ParseLine([]byte(`{"by":"white","act":"clock","t":9007199254740991,"times":{"white":0,"black":1000000000}}`)); err != nil {
		t.Errorf("the largest t and times: %v", err)
	}
}

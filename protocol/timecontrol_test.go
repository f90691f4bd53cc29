package protocol

import (
	"encoding/json"
	"reflect"
	"testing"
)

// K1: time controls as people write them, each the clock it means.
func TestK1_ParseClock_TheFormsPeopleWrite(t *testing.T) {
	classical := Clock{White: 5400, Black: 5400, Increment: 30, Periods: []Period{{Moves: 40, Add: 1800}}}
	for _, c := range []struct {
		in   string
		want Clock
	}{
		{"90 min/40 moves + 30 min + 30 sec per move", classical},
		{"90/40+30+30s", classical},
		{"90/40+30/30+30s", classical},
		{"90'/40 + 30' + 30''", classical},
		{"90 minutes for 40 moves, then 30 minutes, with 30 seconds a move from move one", classical},
		{"40/5400+30:1800+30", classical},
		{"5400+30", Clock{White: 5400, Black: 5400, Increment: 30}},
		{"15+10", Clock{White: 900, Black: 900, Increment: 10}},
		{"3+2", Clock{White: 180, Black: 180, Increment: 2}},
		{"180+2", Clock{White: 180, Black: 180, Increment: 2}},
		{"300", Clock{White: 300, Black: 300}},
		{"15 min + 10 sec", Clock{White: 900, Black: 900, Increment: 10}},
		{"G/90;inc30", Clock{White: 5400, Black: 5400, Increment: 30}},
		{"G/90+30", Clock{White: 5400, Black: 5400, Increment: 30}},
		{"G/30;d5", Clock{White: 1800, Black: 1800, Delay: 5, DelayMode: DelayUS}},
		{"40/90, SD/30;d5", Clock{White: 5400, Black: 5400, Delay: 5, DelayMode: DelayUS, Periods: []Period{{Moves: 40, Add: 1800}}}},
		{"2 hours/40 moves + 1 hour", Clock{White: 7200, Black: 7200, Periods: []Period{{Moves: 40, Add: 3600}}}},
	} {
		got, err := ParseClock(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%q: %+v, want %+v", c.in, *got, c.want)
		}
	}
	for _, bad := range []string{"", "-", "fast", "40 moves", "90 + 30 min", "G/x", "40/90, SD/x"} {
		if c, err := ParseClock(bad); err == nil {
			t.Errorf("%q read as %+v", bad, c)
		}
	}
}

// A start line's clock may be a string as people write it, or the object.
func TestClockJSON_StringOrObject(t *testing.T) {
	var s Start
	if err := json.Unmarshal([]byte(`{"clock":"90 min/40 moves + 30 min + 30 sec per move"}`), &s); err != nil || s.Clock == nil || s.Clock.White != 5400 || len(s.Clock.Periods) != 1 {
		t.Fatalf("string clock: %+v %v", s.Clock, err)
	}
	if err := json.Unmarshal([]byte(`{"clock":{"white":60,"black":60,"increment":1}}`), &s); err != nil || s.Clock.White != 60 || s.Clock.Increment != 1 {
		t.Fatalf("object clock: %+v %v", s.Clock, err)
	}
	if err := json.Unmarshal([]byte(`{"clock":"slow"}`), &s); err == nil {
		t.Fatal("an unreadable clock was read")
	}
}

func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"90/40+30+30s", "G/90;inc30", "40/90, SD/30;d5", "15+10", "40/5400+30:1800+30", "90'/40 + 30' + 30''"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseClock(s)
		if err != nil {
			return
		}
		if err := c.Check(); err != nil {
			t.Fatalf("%q: a clock that does not check: %v", s, err)
		}
	})
}

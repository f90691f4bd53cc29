package scoresheet_test

import (
	"reflect"
	"testing"

	"github.com/arbiterchess/arbiter/scoresheet"
)

// FuzzParseTimeControl: no text makes ParseTimeControl panic, a clock it
// reads has its periods in order, and it writes back (TimeControl) to a
// text that reads as the same clock.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"300+2", "180", "40/5400+30:1800+30", "40/7200:20/3600:900", "?", "-", "G/30;d5", "5400+x", "1800:600", "40/300+2:600+5", "0", "1/1:1/1:1", "9223372036854775807/1:9223372036854775807/1:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := scoresheet.ParseTimeControl(s)
		if err != nil {
			return
		}
		if c.White <= 0 || c.Black != c.White || c.Increment < 0 {
			t.Fatalf("%q: clock %+v", s, c)
		}
		last := 0
		for _, p := range c.Periods {
			if p.Moves <= last || p.Add <= 0 {
				t.Fatalf("%q: periods %+v (each after more moves than the last, with time added)", s, c.Periods)
			}
			last = p.Moves
		}
		text := scoresheet.TimeControl(c)
		again, err := scoresheet.ParseTimeControl(text)
		if err != nil || !reflect.DeepEqual(again, c) {
			t.Fatalf("%q: clock %+v written %q reads as %+v, %v", s, c, text, again, err)
		}
	})
}

package randgame

import (
	"slices"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/touch"
	"github.com/arbiterchess/arbiter/winnable"
)

// A seed gives one game (of up to the plies asked: it stops where every
// move left would end the game), always the same, whose every action the
// engine accepts without a violation, an illegal move or an end of the game.
func TestSensor_SameForASeedAndAccepted(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		as := Sensor(seed, 80)
		if !slices.Equal(as, Sensor(seed, 80)) {
			t.Fatalf("seed %d: two different games", seed)
		}
		if len(as) < 3 {
			t.Fatalf("seed %d: %d actions, not even a move", seed, len(as))
		}
		e, err := touch.New(protocol.Start{}, touch.Options{CanMate: winnable.CanMate})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range as {
			for _, r := range e.Apply(i+1, a) {
				switch r.Kind {
				case protocol.KindViolation, protocol.KindIllegal, protocol.KindError, protocol.KindResult:
					t.Fatalf("seed %d action %d %+v: %+v", seed, i+1, a, r)
				}
			}
		}
	}
}

package winnable

import "testing"

// Alive tells a dead position (laws R6, Article 5.2.2) from a live one as
// Analyze does: checked on every third position of the test vector,
// whose dead positions are the class "--".
func TestAlive_R6_DeadPositionsOfTheVector(t *testing.T) {
	entries := loadVector(t)
	dead, alive := 0, 0
	for i, e := range entries {
		if i%3 != 0 {
			continue
		}
		want := e.want != "--"
		if got := Alive(e.pos); got != want {
			t.Errorf("line %d %s: Alive = %v, want %v (class %s)", e.line, e.fen, got, want, e.want)
		}
		if want {
			alive++
		} else {
			dead++
		}
	}
	if dead == 0 || alive == 0 {
		t.Fatalf("the sample must hold both dead (%d) and live (%d) positions", dead, alive)
	}
	// Alive leaves the pooled analyzer as it found it: Analyze afterwards
	// still reports both sides.
	p := chessStart()
	if r := Analyze(p); !r.White || !r.Black {
		t.Fatalf("Analyze after Alive on the start position: %s", r.Class())
	}
}

package winnable

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// TestPosSet checks the position set: a position is new once per search,
// the set empties between searches (also when the epoch wraps), and it
// keeps its members when it grows, into a new array or within the one it
// has.
func TestPosSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []chess.Position
	seen := map[chess.Identity]bool{}
	for len(ps) < 20000 {
		p := randomWalk(chess.StartPosition(), rng, 1+rng.IntN(30))
		if id := p.Identity(); !seen[id] && p.EnPassant() == chess.NoSquare {
			seen[id] = true
			ps = append(ps, *p)
		}
	}
	var s posSet
	for round := 0; round < 300; round++ {
		s.reset()
		n := 100
		if round%50 == 0 {
			n = len(ps) // grow well past the first table
		}
		for i := 0; i < n; i++ {
			if !s.insert(&ps[i]) {
				t.Fatalf("round %d: position %d not new", round, i)
			}
		}
		for i := 0; i < n; i++ {
			if s.insert(&ps[i]) {
				t.Fatalf("round %d: position %d new twice", round, i)
			}
		}
	}
	// A large array is kept from search to search (the table starts small
	// inside it and grows in place) until release lets it go.
	s.keys = make([]slot, 2*keepSlots)
	for round := 0; round < 2; round++ {
		s.reset()
		if len(s.keys) != 2*keepSlots || s.mask != minSlots-1 {
			t.Fatalf("round %d: reset left %d slots, mask %d", round, len(s.keys), s.mask)
		}
		for i := range ps {
			if !s.insert(&ps[i]) {
				t.Fatalf("large array, round %d: position %d not new", round, i)
			}
		}
		for i := range ps {
			if s.insert(&ps[i]) {
				t.Fatalf("large array, round %d: position %d new twice", round, i)
			}
		}
	}
	s.release()
	if s.keys != nil {
		t.Fatal("release kept a large array")
	}
	s.reset()
	for i := 0; i < 5000; i++ {
		if !s.insert(&ps[i]) || s.insert(&ps[i]) {
			t.Fatalf("after release: position %d", i)
		}
	}
}

// TestClosureResume checks that a closure search stopped at its budget
// and resumed ends as one run with the larger budget does.
func TestClosureResume(t *testing.T) {
	entries := loadVector(t)
	a, b := new(analyzer), new(analyzer)
	for i := 0; i < len(entries); i += 37 {
		p := entries[i].pos
		for c := chess.White; c <= chess.Black; c++ {
			mate1, complete1 := a.closure(p, c, 3000)
			line1 := append([]chess.Move(nil), a.line...)
			mate2, complete2 := b.closure(p, c, 0) // stops before the start
			if mate2 || complete2 {
				t.Fatalf("%s %v: a closure search with no budget settled something", entries[i].fen, c)
			}
			if _, complete := b.resume(100); complete {
				t.Fatalf("%s %v: resuming a search that never started reported it complete", entries[i].fen, c)
			}
			mate2, complete2 = b.closure(p, c, 100)
			for budget := 200; !complete2 && budget <= 3000; budget += 100 {
				mate2, complete2 = b.resume(budget)
			}
			if mate1 != mate2 || complete1 != complete2 {
				t.Errorf("%s %v: one run %v %v, resumed %v %v", entries[i].fen, c, mate1, complete1, mate2, complete2)
			}
			if mate2 && (!matesBy(p, c, b.line) || len(line1) != len(b.line)) {
				t.Errorf("%s %v: the resumed search's line differs", entries[i].fen, c)
			}
		}
	}
}

// TestPlayouts checks that the lines the playouts find end in the mate,
// and that they find the mates of some positions of the test vector.
func TestPlayouts(t *testing.T) {
	entries := loadVector(t)
	a := new(analyzer)
	found := 0
	for _, e := range entries {
		for c := chess.White; c <= chess.Black; c++ {
			line := a.playouts(e.pos, c, 3, 100, 0)
			if line == nil {
				continue
			}
			found++
			if e.want[c] == '-' || !matesBy(e.pos, c, line) {
				t.Errorf("%s: the playout line for %v does not end in its checkmate: %v", e.fen, c, line)
			}
		}
	}
	if found < 200 {
		t.Errorf("the playouts found only %d mates", found)
	}
	t.Logf("%d mates found", found)
}

// TestClosureBoth checks the one closure walk for both sides against a
// walk for each: with the same budget, a complete walk for both finds a
// mate for exactly the sides the separate complete walks find one for,
// with lines that end in that side's checkmate, and a walk for both that
// ends at the first mate (as Alive asks) finds a mate only where some
// side has one.
func TestClosureBoth(t *testing.T) {
	entries := loadVector(t)
	a := new(analyzer)
	const budget = 20000
	compared, mates := 0, 0
	for i := 0; i < len(entries); i += 7 {
		p := entries[i].pos
		var single [2]bool
		settled := true
		for c := chess.White; c <= chess.Black; c++ {
			mate, complete := a.closure(p, c, budget)
			single[c] = mate
			settled = settled && complete
		}
		both, complete := a.closureFor(p, [2]bool{true, true}, false, budget)
		if !settled || !complete {
			continue // a walk for both may go further within the budget, or less far
		}
		compared++
		if both != single {
			t.Fatalf("%s: one walk for both found mates %v, a walk for each %v", entries[i].fen, both, single)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if both[c] {
				mates++
				if !matesBy(p, c, a.clines[c]) {
					t.Fatalf("%s: the walk for both gave %v a line that does not mate", entries[i].fen, c)
				}
			}
		}
		first, _ := a.closureFor(p, [2]bool{true, true}, true, budget)
		if (first[0] || first[1]) != (single[0] || single[1]) || first[0] && first[1] {
			t.Fatalf("%s: the walk ending at the first mate found %v, a walk for each %v", entries[i].fen, first, single)
		}
	}
	if compared < 100 || mates < 50 {
		t.Fatalf("only %d positions settled by every walk, %d mates: the test compares too little", compared, mates)
	}
	t.Logf("%d positions, %d mates", compared, mates)
}

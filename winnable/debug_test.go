package winnable

import (
	"fmt"
	"os"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

func (s *astate) String() string {
	out := ""
	for c := 0; c < 2; c++ {
		out += fmt.Sprintf("side %d pawns %v king %v\n", c, s.pawns[c].Squares(), s.king[c].Squares())
		for i := 0; i < int(s.n[c]); i++ {
			out += fmt.Sprintf("  %v %v\n", s.units[c][i].t, s.units[c][i].region.Squares())
		}
	}
	return out
}

func TestDebugFEN(t *testing.T) {
	fen := os.Getenv("FEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	var root astate
	rootState(p, &root)
	var e explorer
	e.start([2]bool{true, true})
	e.add(&root)
	for i := 0; i < len(e.states) && !e.done(); i++ {
		before := e.possible
		e.expand(i)
		if e.possible != before {
			t.Logf("state %d makes mate possible %v:\n%v", i, e.possible, &e.states[i])
		}
	}
	t.Logf("states %d overflow %v possible %v", len(e.states), e.overflow, e.possible)
}

package pairing

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// dutchCase is a tournament cut after a round and bbpPairings' pairing
// of the next one (see testdata/dutch/SOURCES.md).
type dutchCase struct {
	name  string
	state *State
	want  []Pair
}

func loadDutchCases(t testing.TB) []dutchCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "dutch", "*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases in testdata/dutch: %v", err)
	}
	var cases []dutchCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tour, err := trf.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		s, err := NewState(tour)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		pf, err := os.Open(strings.TrimSuffix(f, ".trf") + ".pairs")
		if err != nil {
			t.Fatal(err)
		}
		want, err := ReadPairs(pf)
		pf.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases = append(cases, dutchCase{filepath.Base(f), s, want})
	}
	return cases
}

// sortedPairs returns the pairs in a canonical order, for comparing
// pairings whatever their board order.
func sortedPairs(ps []Pair) []string {
	var s []string
	for _, p := range ps {
		s = append(s, p.String())
	}
	sort.Strings(s)
	return s
}

// TestDutchAgainstBBP pairs every case the engine covers and requires
// the same pairs and colours as bbpPairings.
func TestDutchAgainstBBP(t *testing.T) {
	covered := 0
	for _, c := range loadDutchCases(t) {
		got, err := Dutch(c.state)
		if err != nil {
			t.Errorf("%s (round %d): %v", c.name, c.state.Round, err)
			continue
		}
		covered++
		if !sameBoards(got, c.want) {
			t.Errorf("%s (round %d): got %v, bbpPairings %v", c.name, c.state.Round, sortedPairs(got), sortedPairs(c.want))
		}
	}
	t.Logf("%d cases paired and compared", covered)
	if covered == 0 {
		t.Fatal("no case covered")
	}
}

// sameBoards reports whether a and b are the same pairs with the same
// colours in the same board order.
func sameBoards(a, b []Pair) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDutchErrors(t *testing.T) {
	if _, err := Dutch(nil); err == nil {
		t.Error("Dutch(nil) gave no error")
	}
	// Round 1 without an initial colour.
	tour, err := trf.Parse([]byte(trfLine(1) + trfLine(2) + "XXR 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewState(tour)
	if err != nil {
		t.Fatal(err)
	}
	var pe *PairingError
	if _, err := Dutch(s); !errors.As(err, &pe) || len(pe.Players) == 0 {
		t.Errorf("no initial colour: %v", err)
	}
	s.InitialColour = White
	got, err := Dutch(s)
	if err != nil || !sameBoards(got, []Pair{{1, 2}}) {
		t.Errorf("two players: %v %v", got, err)
	}
	// Three players, the last two of whom may not have the bye: the first
	// gets it, and 2 (rank 1, odd) has the other colour than the initial.
	third := &PlayerState{ID: 3, PairingBye: true, Rank: 2}
	s.Players = append(s.Players, third)
	s.byID[3] = third
	s.Players[1].UnplayedWin = true
	got, err = Dutch(s)
	if err != nil || !sameBoards(got, []Pair{{3, 2}, {1, 0}}) {
		t.Errorf("bye to the only eligible player: %v %v", got, err)
	}
	s.Players[0].PairingBye = true
	if _, err := Dutch(s); !errors.As(err, &pe) || len(pe.Players) != 3 || !strings.Contains(pe.Error(), "C.2") {
		t.Errorf("nobody eligible for the bye: %v", err)
	}
}

func TestNewStateErrors(t *testing.T) {
	if _, err := NewState(nil); err == nil {
		t.Error("NewState(nil) gave no error")
	}
	for _, in := range []string{
		// player 1 meets 2, but 2 meets 3
		trfLine(1, "   2 w 1") + trfLine(2, "   3 b 0") + trfLine(3, "   2 w 1"),
		// an opponent not in the file
		trfLine(1, "   9 w 1"),
		// every round paired already
		trfLine(1, "   2 w 1") + trfLine(2, "   1 b 0") + "XXR 1\n",
	} {
		tour, err := trf.Parse([]byte(in))
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if _, err := NewState(tour); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

// trfLine writes a 001 record for player id with the given round blocks.
func trfLine(id int, blocks ...string) string {
	b := []byte(strings.Repeat(" ", 91))
	copy(b, fmt.Sprintf("001 %4d      Player %d", id, id))
	copy(b[48:], fmt.Sprintf("%4d", 2500-id))
	return strings.TrimRight(string(b)+strings.Join(blocks, "  "), " ") + "\n"
}

// TestBoardOrderAgainstBBP puts bbpPairings' pairs of every case, in
// reverse, back in board order, and requires bbpPairings' order.
func TestBoardOrderAgainstBBP(t *testing.T) {
	for _, c := range loadDutchCases(t) {
		ps := append([]Pair(nil), c.want...)
		for i, j := 0, len(ps)-1; i < j; i, j = i+1, j-1 {
			ps[i], ps[j] = ps[j], ps[i]
		}
		c.state.BoardOrder(ps)
		if !sameBoards(ps, c.want) {
			t.Errorf("%s: order %v, bbpPairings %v", c.name, ps, c.want)
		}
	}
}

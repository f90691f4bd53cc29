package pairing

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// bruteMatching returns the size of a maximum matching by trying
// everything (for small graphs).
func bruteMatching(n int, edge [][]bool, used []bool, from int) int {
	for from < n && used[from] {
		from++
	}
	if from >= n {
		return 0
	}
	used[from] = true
	best := bruteMatching(n, edge, used, from+1) // from stays unmatched
	for u := from + 1; u < n; u++ {
		if !used[u] && edge[from][u] {
			used[u] = true
			best = max(best, 1+bruteMatching(n, edge, used, from+1))
			used[u] = false
		}
	}
	used[from] = false
	return best
}

func TestMaxCardinalityMatching(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.Intn(11)
		p := rng.Float64()
		edge := make([][]bool, n)
		for i := range edge {
			edge[i] = make([]bool, n)
		}
		adj := make([][]int, n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p {
					edge[i][j], edge[j][i] = true, true
					adj[i] = append(adj[i], j)
					adj[j] = append(adj[j], i)
				}
			}
		}
		mate := maxCardinalityMatching(adj)
		size := 0
		for v, m := range mate {
			if m < 0 {
				continue
			}
			if mate[m] != v || !edge[v][m] {
				t.Fatalf("trial %d: not a matching: %v", trial, mate)
			}
			size++
		}
		if want := bruteMatching(n, edge, make([]bool, n), 0); size/2 != want {
			t.Fatalf("trial %d: %d pairs, the largest has %d (adj %v)", trial, size/2, want, adj)
		}
	}
}

// TestFeasibleCases checks that every round bbpPairings paired passes
// the absolute criteria, and that bbpPairings' pairs are compatible.
func TestFeasibleCases(t *testing.T) {
	for _, c := range loadDutchCases(t) {
		if err := c.state.Feasible(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		for _, p := range c.want {
			if p.IsBye() {
				if !c.state.Player(p.White).CanHavePairingBye() {
					t.Errorf("%s: bbpPairings gave the bye to %d", c.name, p.White)
				}
				continue
			}
			if !c.state.Compatible(c.state.Player(p.White), c.state.Player(p.Black)) {
				t.Errorf("%s: %v is not compatible", c.name, p)
			}
		}
	}
}

func TestFeasibleRefuses(t *testing.T) {
	// Three players who have all met: nobody can be paired.
	played := func(opp int, c Colour) RoundRecord {
		return RoundRecord{Opponent: opp, Colour: c, Played: true, Paired: true}
	}
	a := &PlayerState{ID: 1, Rounds: []RoundRecord{played(2, White), played(3, Black)}}
	b := &PlayerState{ID: 2, Rounds: []RoundRecord{played(1, Black), played(3, White)}, Rank: 1}
	c := &PlayerState{ID: 3, Rounds: []RoundRecord{played(2, Black), played(1, White)}, Rank: 2}
	s := &State{Round: 3, TotalRounds: 5, InitialColour: White, Players: []*PlayerState{a, b, c}, byID: map[int]*PlayerState{1: a, 2: b, 3: c}}
	var pe *PairingError
	if err := s.Feasible(); !errors.As(err, &pe) || len(pe.Players) != 2 {
		t.Errorf("three players who have met: %v", err)
	}
	// Two players with the same absolute preference: not in a middle round,
	// allowed in the last when one is a topscorer.
	x := &PlayerState{ID: 1, Rounds: []RoundRecord{played(3, White), played(4, White)}, Score: 20}
	y := &PlayerState{ID: 2, Rounds: []RoundRecord{played(4, White), played(3, White)}, Rank: 1}
	s = &State{Round: 3, TotalRounds: 5, Players: []*PlayerState{x, y}, byID: map[int]*PlayerState{1: x, 2: y}, Scoring: trf.DefaultScoring()}
	if s.Compatible(x, y) || s.Feasible() == nil {
		t.Error("two absolute Black preferences paired in round 3")
	}
	s.TotalRounds = 3
	if !s.Compatible(x, y) || s.Feasible() != nil {
		t.Error("a topscorer in the last round may meet the same absolute preference")
	}
}

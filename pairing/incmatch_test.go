package pairing

import (
	"math/rand"
	"testing"
)

// TestIncMatcher changes the edges of random vertices of random graphs
// again and again and requires, after every computation, a valid
// matching of the largest total weight (by trying everything), with
// weights that need more than one word.
func TestIncMatcher(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	trials := 3000
	if testing.Short() {
		trials = 300
	}
	for trial := 0; trial < trials; trial++ {
		n := 2 + rng.Intn(9)
		shift := 0
		if trial%2 == 1 {
			shift = 70 // the weights above one word
		}
		maxW := int64(1 + rng.Intn(30))
		w := make([][]int64, n)
		has := make([][]bool, n)
		for i := range w {
			w[i] = make([]int64, n)
			has[i] = make([]bool, n)
		}
		m := newIncMatcher(n, 6+shift)
		val := func(x int64) []uint64 {
			v := make([]uint64, m.w)
			v[0] = uint64(x)
			wShl(v, shift)
			return v
		}
		set := func(u, v int, x int64) {
			w[u][v], w[v][u] = x, x
			has[u][v], has[v][u] = x > 0, x > 0
			m.setWeight(u, v, val(x))
		}
		p := rng.Float64()
		for u := 0; u < n; u++ {
			for v := u + 1; v < n; v++ {
				if rng.Float64() < p {
					set(u, v, 1+rng.Int63n(maxW))
				}
			}
		}
		for step := 0; step < 6; step++ {
			m.compute()
			mate := m.matching(nil)
			var total int64
			for u, v := range mate {
				if v >= 0 {
					if mate[v] != u || !has[u][v] {
						t.Fatalf("trial %d step %d: not a matching: %v", trial, step, mate)
					}
					if u < v {
						total += w[u][v]
					}
				}
			}
			if want := bruteWeight(n, w, has, make([]bool, n), 0); total != want {
				t.Fatalf("trial %d step %d: weight %d, best %d (%v)", trial, step, total, want, mate)
			}
			// Change the edges of one or two vertices.
			for c := 1 + rng.Intn(2); c > 0; c-- {
				u := rng.Intn(n)
				for v := 0; v < n; v++ {
					if v != u && rng.Float64() < 0.5 {
						x := int64(0)
						if rng.Float64() < p {
							x = 1 + rng.Int63n(maxW)
						}
						set(u, v, x)
					}
				}
			}
		}
	}
}

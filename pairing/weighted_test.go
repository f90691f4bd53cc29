package pairing

import (
	"math/rand"
	"testing"
)

// bruteWeight returns the largest total weight of a matching, trying
// everything.
func bruteWeight(n int, w [][]int64, has [][]bool, used []bool, from int) int64 {
	for from < n && used[from] {
		from++
	}
	if from >= n {
		return 0
	}
	used[from] = true
	best := bruteWeight(n, w, has, used, from+1)
	for u := from + 1; u < n; u++ {
		if !used[u] && has[from][u] {
			used[u] = true
			best = max(best, w[from][u]+bruteWeight(n, w, has, used, from+1))
			used[u] = false
		}
	}
	used[from] = false
	return best
}

func TestMaxWeightMatching(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for trial := 0; trial < 20000; trial++ {
		n := 1 + rng.Intn(10)
		if trial%500 == 0 {
			n = 12 + rng.Intn(3)
		}
		p := rng.Float64()
		maxW := int64(1 + rng.Intn(20))
		if trial%3 == 0 {
			maxW = 1 << 40
		}
		w := make([][]int64, n)
		has := make([][]bool, n)
		for i := range w {
			w[i] = make([]int64, n)
			has[i] = make([]bool, n)
		}
		var edges []wEdge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p {
					x := 1 + rng.Int63n(maxW)
					w[i][j], w[j][i], has[i][j], has[j][i] = x, x, true, true
					edges = append(edges, wEdge{i, j, x})
				}
			}
		}
		mate := maxWeightMatching(n, edges)
		var total int64
		for v, m := range mate {
			if m < 0 {
				continue
			}
			if mate[m] != v || !has[v][m] {
				t.Fatalf("trial %d: not a matching: %v (edges %v)", trial, mate, edges)
			}
			if v < m {
				total += w[v][m]
			}
		}
		if want := bruteWeight(n, w, has, make([]bool, n), 0); total != want {
			t.Fatalf("trial %d: weight %d, the best is %d (edges %v, mate %v)", trial, total, want, edges, mate)
		}
	}
}

// BenchmarkMaxWeightMatching500 matches a complete graph of 500
// vertices with random weights (the size of a 500-player round).
func BenchmarkMaxWeightMatching500(b *testing.B) {
	rng := rand.New(rand.NewSource(3))
	var edges []wEdge
	for i := 0; i < 500; i++ {
		for j := i + 1; j < 500; j++ {
			edges = append(edges, wEdge{i, j, 1 + rng.Int63n(1<<40)})
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		maxWeightMatching(500, edges)
	}
}

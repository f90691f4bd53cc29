package pairing

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// loadBench reads testdata/bench/swissNNNN_rR.trf and bbpPairings'
// pairing of it (see testdata/bench/SOURCES.md).
func loadBench(tb testing.TB, players, round int) (*trf.Tournament, []Pair) {
	tb.Helper()
	name := filepath.Join("testdata", "bench", fmt.Sprintf("swiss%04d_r%d", players, round))
	data, err := os.ReadFile(name + ".trf")
	if err != nil {
		tb.Fatal(err)
	}
	t, err := trf.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	pf, err := os.Open(name + ".pairs")
	if err != nil {
		tb.Fatal(err)
	}
	defer pf.Close()
	want, err := ReadPairs(pf)
	if err != nil {
		tb.Fatal(err)
	}
	return t, want
}

// BenchmarkDutch pairs round 3, 6 and 9 of 9-round Swisses of 50 to
// 1000 players (the file read and the state built outside the timing)
// and checks the result against bbpPairings'.
func BenchmarkDutch(b *testing.B) {
	for _, players := range []int{50, 100, 200, 500, 1000} {
		for _, round := range []int{3, 6, 9} {
			b.Run(fmt.Sprintf("players=%d/round=%d", players, round), func(b *testing.B) {
				t, want := loadBench(b, players, round)
				b.ReportAllocs()
				for b.Loop() {
					s, err := NewState(t)
					if err != nil {
						b.Fatal(err)
					}
					got, err := Dutch(s)
					if err != nil {
						b.Fatal(err)
					}
					if !sameBoards(got, want) {
						b.Fatalf("the pairing differs from bbpPairings'")
					}
				}
			})
		}
	}
}

// TestDutchBenchFiles pairs the benchmark's files up to 200 players (the
// larger ones only without -short) and requires bbpPairings' pairing.
func TestDutchBenchFiles(t *testing.T) {
	sizes := []int{50, 100, 200, 500}
	if testing.Short() {
		sizes = sizes[:3]
	}
	for _, players := range sizes {
		for _, round := range []int{3, 6, 9} {
			tour, want := loadBench(t, players, round)
			s, err := NewState(tour)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Dutch(s)
			if err != nil {
				t.Fatalf("%d players, round %d: %v", players, round, err)
			}
			if !sameBoards(got, want) {
				t.Errorf("%d players, round %d: got %v, bbpPairings %v", players, round, got, want)
			}
		}
	}
}

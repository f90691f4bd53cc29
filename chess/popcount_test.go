package chess

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestPopcount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 10000; i++ {
		x := rng.Uint64() & rng.Uint64()
		if popcount(x) != bits.OnesCount64(x) {
			t.Fatalf("popcount(%x) = %d", x, popcount(x))
		}
	}
	if popcount(0) != 0 || popcount(^uint64(0)) != 64 {
		t.Fatal("popcount edge cases")
	}
}

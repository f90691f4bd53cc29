package pairing

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

func FuzzReadPairs(f *testing.F) {
	for _, s := range []string{"0\n", "2\n1 2\n3 0\n", "1\n1 1\n", "3\n1 2\n", "x\n", "1\n2 1\n5\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pairs, err := ReadPairs(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WritePairs(&buf, pairs); err != nil {
			t.Fatal(err)
		}
		again, err := ReadPairs(&buf)
		if err != nil || !sameBoards(pairs, again) {
			t.Fatalf("write then read: %v %v / %v", pairs, again, err)
		}
	})
}

// FuzzNewState feeds TRF files to NewState and Dutch: an error, never a
// panic.
func FuzzNewState(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "dutch", "00*.trf"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tour, err := trf.Parse(data)
		if err != nil {
			return
		}
		s, err := NewState(tour)
		if err != nil {
			return
		}
		pairs, err := Dutch(s)
		if err != nil {
			return
		}
		seen := map[int]bool{}
		for _, p := range pairs {
			for _, x := range []int{p.White, p.Black} {
				if x != 0 && (seen[x] || s.Player(x) == nil || s.Player(x).Absent) {
					t.Fatalf("player %d paired twice, or absent, or unknown: %v", x, pairs)
				}
				seen[x] = true
			}
		}
	})
}

package pairing

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// fuzzTournament writes a TRF file from data: up to 14 players and 5
// rounds played, each round's pairing, results, byes and absences drawn
// from the bytes (any pairing, not necessarily a Dutch one), and the
// byes entered for the next round.
func fuzzTournament(data []byte) string {
	pos := 0
	next := func(n int) int {
		if n <= 0 {
			return 0
		}
		if pos >= len(data) {
			pos++
			return pos % n
		}
		b := int(data[pos])
		pos++
		return b % n
	}
	n := 2 + next(13)
	rounds := 1 + next(5)
	blocks := make([][]string, n+1)
	for r := 0; r < rounds; r++ {
		order := make([]int, 0, n)
		for id := 1; id <= n; id++ {
			if next(9) == 0 {
				blocks[id] = append(blocks[id], "0000 - "+[]string{"H", "Z", "F", "-"}[next(4)])
				continue
			}
			order = append(order, id)
		}
		for i := len(order) - 1; i > 0; i-- {
			j := next(i + 1)
			order[i], order[j] = order[j], order[i]
		}
		if len(order)%2 == 1 {
			id := order[len(order)-1]
			order = order[:len(order)-1]
			blocks[id] = append(blocks[id], "0000 - U")
		}
		for i := 0; i+1 < len(order); i += 2 {
			w, b := order[i], order[i+1]
			res := []string{"1", "0", "=", "+", "-"}[next(5)]
			other := map[string]string{"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[res]
			if res == "+" || res == "-" {
				if next(2) == 0 {
					other = "-"
				}
			}
			blocks[w] = append(blocks[w], fmt.Sprintf("%4d w %s", b, res))
			blocks[b] = append(blocks[b], fmt.Sprintf("%4d b %s", w, other))
		}
	}
	var sb strings.Builder
	for id := 1; id <= n; id++ {
		bl := blocks[id]
		if next(7) == 0 {
			bl = append(bl, "0000 - "+[]string{"H", "Z"}[next(2)])
		}
		sb.WriteString(trfLine(id, bl...))
	}
	fmt.Fprintf(&sb, "XXR %d\nXXC white1\n", rounds+1+next(3))
	return sb.String()
}

// FuzzDutchAbsolute pairs random small tournaments: Dutch never panics,
// and either pairs every player present once, the pairs meeting the
// absolute criteria (C.1, C.3) and the pairing-allocated bye, if any, to
// one player who may have it when their number is odd (C.2), or returns
// a *PairingError exactly when State.Feasible finds the round cannot be
// paired.
func FuzzDutchAbsolute(f *testing.F) {
	for _, s := range []string{"", "\x05\x02\x00\x01", "\x0c\x04\x07\x03\x01\x00\x02\x09", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		text := fuzzTournament(data)
		tour, err := trf.Parse([]byte(text))
		if err != nil {
			t.Fatalf("the generated file does not parse: %v\n%s", err, text)
		}
		s, err := NewState(tour)
		if err != nil {
			return
		}
		feasible := s.Feasible()
		pairs, err := Dutch(s)
		if err != nil {
			var pe *PairingError
			if !errors.As(err, &pe) || len(pe.Players) == 0 {
				t.Fatalf("not a PairingError naming players: %v\n%s", err, text)
			}
			if feasible == nil {
				t.Fatalf("Dutch refuses a round that Feasible accepts: %v\n%s", err, text)
			}
			return
		}
		if feasible != nil {
			t.Fatalf("Dutch pairs a round that Feasible refuses (%v)\n%s", feasible, text)
		}
		seen := map[int]bool{}
		byes, present := 0, 0
		for _, p := range s.Players {
			if !p.Absent {
				present++
			}
		}
		for _, p := range pairs {
			a, b := s.Player(p.White), s.Player(p.Black)
			if a == nil || a.Absent || seen[a.ID] {
				t.Fatalf("player %d unknown, absent or paired twice: %v\n%s", p.White, pairs, text)
			}
			seen[a.ID] = true
			if p.IsBye() {
				byes++
				if !a.CanHavePairingBye() {
					t.Fatalf("the bye to %d, who may not have it (C.2): %v\n%s", a.ID, pairs, text)
				}
				continue
			}
			if b == nil || b.Absent || seen[b.ID] {
				t.Fatalf("player %d unknown, absent or paired twice: %v\n%s", p.Black, pairs, text)
			}
			seen[b.ID] = true
			if !s.Compatible(a, b) {
				t.Fatalf("%d-%d breaks C.1 or C.3: %v\n%s", a.ID, b.ID, pairs, text)
			}
		}
		if len(seen) != present || byes != present%2 {
			t.Fatalf("%d players present, %d paired, %d byes: %v\n%s", present, len(seen), byes, pairs, text)
		}
	})
}

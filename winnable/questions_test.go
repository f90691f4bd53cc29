package winnable

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// question is one "can this side still checkmate?" asked of a position.
type question struct {
	pos *chess.Position
	x   chess.Color
}

// loadQuestions reads the file named by WINNABLE_POSITIONS: one position a
// line, a FEN of four or six fields, then optionally "white" or "black" for
// the side asked about (by default the side that made the last move, the
// one a flag fall would make the winner); anything after that is ignored,
// as are blank lines and lines starting with '#'. Without the variable it
// asks about both sides of every position of the test vector, each a
// question of its own.
func loadQuestions(tb testing.TB) []question {
	tb.Helper()
	name := os.Getenv("WINNABLE_POSITIONS")
	if name == "" {
		var qs []question
		for _, e := range loadVector(tb) {
			qs = append(qs, question{e.pos, chess.White}, question{e.pos, chess.Black})
		}
		return qs
	}
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var qs []question
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 4 {
			tb.Fatalf("%s:%d: not a FEN", name, n)
		}
		k := 4
		for k < 6 && k < len(fields) && strings.Trim(fields[k], "0123456789") == "" {
			k++
		}
		p, _, err := chess.ParseFENWith(strings.Join(fields[:k], " "), chess.Options{}, true)
		if err != nil {
			tb.Fatalf("%s:%d: %v", name, n, err)
		}
		x := p.Turn() ^ 1
		if k < len(fields) {
			switch fields[k] {
			case "white":
				x = chess.White
			case "black":
				x = chess.Black
			}
		}
		qs = append(qs, question{p, x})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return qs
}

// BenchmarkQuestions asks CanMate the questions of loadQuestions one after
// the other on one goroutine and reports questions per second, the
// slowest, the 99th percentile and the median, and how many were answered
// "cannot". It is the measure to set beside other tools that answer one
// side at a time:
//
//	go test ./winnable -run '^$' -bench Questions -benchtime 1x
//	WINNABLE_POSITIONS=positions.txt go test ./winnable -run '^$' -bench Questions -benchtime 1x
func BenchmarkQuestions(b *testing.B) {
	qs := loadQuestions(b)
	times := make([]time.Duration, len(qs))
	var total time.Duration
	cannot := 0
	for b.Loop() {
		total, cannot = 0, 0
		for i, q := range qs {
			t0 := time.Now()
			if !CanMate(q.pos, q.x) {
				cannot++
			}
			times[i] = time.Since(t0)
			total += times[i]
		}
	}
	slices.Sort(times)
	n := len(times)
	b.ReportMetric(float64(n)/total.Seconds(), "questions/s")
	b.ReportMetric(float64(times[n-1].Microseconds()), "max-µs")
	b.ReportMetric(float64(times[n*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(times[n/2].Nanoseconds())/1000, "median-µs")
	b.ReportMetric(float64(cannot), "cannot")
}

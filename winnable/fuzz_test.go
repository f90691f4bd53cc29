package winnable

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// FuzzAnalyze analyses every position a lenient FEN reader accepts, odd
// material included: no panic, and every side found able to mate comes
// with a line that ends in its checkmate.
//
//	go test ./winnable -run '^$' -fuzz FuzzAnalyze -fuzztime 60s
func FuzzAnalyze(f *testing.F) {
	for _, fen := range []string{
		"QQQQQQQB/Q6Q/Q6R/Q5RB/B6k/Q3Q2B/Q6Q/KQQQ1Q1Q w - - 0 1",
		"k7/8/8/8/8/8/NNNNNNNN/NNNNNNNK w - - 0 1",
		"8/8/8/4k3/8/8/8/4K2R w K - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	} {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			return
		}
		r := Analyze(p)
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) && r.Lines[c] != nil && !matesBy(p, c, r.Lines[c]) {
				t.Fatalf("%s: the line for %v does not end in its checkmate", fen, c)
			}
		}
	})
}

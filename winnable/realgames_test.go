package winnable_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/winnable"
)

// realQuery is one question the game record or the audit asks about a
// position of a real game: can these sides still checkmate?
type realQuery struct {
	pos  *chess.Position
	ask  [2]bool
	last bool // the final position of its game
}

// realQueries replays the games of the real-game PGN files and
// returns the questions a game record asks on the way: after every move
// where game.MayBeDead holds, and at every final position, for each side
// the material leaves able to mate. It fails the test when the real-game data
// is missing.
func realQueries(tb testing.TB) []realQuery {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "pgn", "real", "*.pgn"))
	if len(files) == 0 {
		tb.Fatal("the real-game PGN files are missing from testdata/pgn/real")
	}
	var out []realQuery
	add := func(p *chess.Position, last bool) {
		q := realQuery{pos: p, last: last}
		for c := chess.White; c <= chess.Black; c++ {
			q.ask[c] = p.MaterialAllowsMate(c)
		}
		if q.ask[0] || q.ask[1] {
			out = append(out, q)
		}
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		r := pgn.NewReader(f)
		for {
			g, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				var se *pgn.SyntaxError
				if errors.As(err, &se) {
					continue
				}
				break
			}
			if g.SetUp() || g.Variant() != "standard" || len(g.Moves) == 0 {
				continue
			}
			p := chess.StartPosition()
			for _, mv := range g.Moves {
				m, err := p.ParseSAN(mv.SAN)
				if err != nil {
					break
				}
				p = p.Play(m)
				if game.MayBeDead(p) {
					add(p, false)
				}
			}
			add(p, true)
		}
		f.Close()
	}
	return out
}

// deadPosition asks what the game record asks: whether neither side that
// the material leaves able to mate can. With both sides in question it
// asks Alive (stopping at the first side able to mate); with one, CanMate.
func deadPosition(q realQuery) bool {
	if q.ask[chess.White] && q.ask[chess.Black] {
		return !winnable.Alive(q.pos)
	}
	for c := chess.White; c <= chess.Black; c++ {
		if q.ask[c] && winnable.CanMate(q.pos, c) {
			return false
		}
	}
	return true
}

// BenchmarkRealGames asks the winnable analysis what the game record and
// the audit ask about real games (see realQueries), one question after the
// other on one goroutine, and reports positions per second and the
// slowest position. With WINNABLE_DUMP naming a file, it also writes the
// questions there, one line each ("WB", "W-" or "-B", the sides asked, and
// a FEN), the input BenchmarkStages reads from WINNABLE_STAGES.
func BenchmarkRealGames(b *testing.B) {
	qs := realQueries(b)
	if name := os.Getenv("WINNABLE_DUMP"); name != "" {
		var out []byte
		for _, q := range qs {
			s := []byte("--")
			if q.ask[0] {
				s[0] = 'W'
			}
			if q.ask[1] {
				s[1] = 'B'
			}
			out = append(out, string(s)+" "+q.pos.FEN()+"\n"...)
		}
		if err := os.WriteFile(name, out, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	var worst time.Duration
	for b.Loop() {
		for _, q := range qs {
			t0 := time.Now()
			deadPosition(q)
			worst = max(worst, time.Since(t0))
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "pos/s")
	b.ReportMetric(float64(worst.Microseconds()), "max-µs")
	b.ReportMetric(float64(len(qs)), "positions")
}

// TestRealGames checks the answers on the real-game positions: every side
// found able to mate has a mating line, and the analysis is decided. It
// logs the distribution of the times.
func TestRealGames(t *testing.T) {
	qs := realQueries(t)
	if testing.Short() {
		qs = qs[:len(qs)/10]
	}
	var times []time.Duration
	type slow struct {
		d     time.Duration
		fen   string
		class string
		nodes int
	}
	var slowest []slow
	undecided := 0
	for _, q := range qs {
		t0 := time.Now()
		r := winnable.Analyze(q.pos)
		d := time.Since(t0)
		times = append(times, d)
		slowest = append(slowest, slow{d, q.pos.FEN(), r.Class(), r.Nodes})
		if !r.Decided {
			undecided++
		}
		for c := chess.White; c <= chess.Black; c++ {
			if r.Can(c) && r.Lines[c] != nil && !winnable.MatesBy(q.pos, c, r.Lines[c]) {
				t.Errorf("%s: the line for %v does not end in its checkmate", q.pos.FEN(), c)
			}
		}
	}
	slices.Sort(times)
	n := len(times)
	if n == 0 {
		return
	}
	t.Logf("%d positions, %d undecided; median %v, p99 %v, max %v", n, undecided, times[n/2], times[n*99/100], times[n-1])
	slices.SortFunc(slowest, func(a, b slow) int { return int(b.d - a.d) })
	for _, s := range slowest[:min(len(slowest), 10)] {
		t.Logf("%v %s %d nodes: %s", s.d, s.class, s.nodes, s.fen)
	}
}

// TestGateFindsDeadPositions checks that the game record would ask the
// analysis about nearly every dead position of the test vector: those
// the material decides or game.MayBeDead lets through.
func TestGateFindsDeadPositions(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "unwinnable", "test-vector.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dead, asked := 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		fen, ok := strings.CutPrefix(strings.TrimSpace(line), "-- ")
		if !ok {
			continue
		}
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		dead++
		if game.MayBeDead(p) || !p.MaterialAllowsMate(chess.White) && !p.MaterialAllowsMate(chess.Black) {
			asked++
		}
	}
	if dead == 0 || asked < dead*98/100 {
		t.Errorf("the game would ask about %d of the %d dead positions", asked, dead)
	}
	t.Logf("the game asks about %d of the %d dead positions", asked, dead)
}

package touch

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/protocol"
)

// realGames returns the clean actions of the first n games of the
// lichess sample.
func realGames(tb testing.TB, n int) [][]protocol.Action {
	f, err := os.Open(filepath.Join("..", "testdata", "pgn", "real", "lichess_db_1000k.pgn"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := pgn.NewReader(f)
	var out [][]protocol.Action
	for len(out) < n {
		g, err := r.Read()
		if err != nil {
			break
		}
		p := chess.StartPosition()
		var acts []protocol.Action
		for _, mv := range g.Moves {
			m, err := p.ParseSAN(mv.SAN)
			if err != nil {
				break
			}
			acts = append(acts, ActionsFor(p, m)...)
			p = p.Play(m)
		}
		out = append(out, acts)
	}
	return out
}

// Real games entered as clean actions give their moves with no ruling
// against anyone.
func TestRealGamesReplayCleanly(t *testing.T) {
	games := realGames(t, 60)
	for gi, acts := range games {
		e, _ := New(protocol.Start{}, Options{})
	actions:
		for i, a := range acts {
			for _, r := range e.Apply(i+1, a) {
				switch r.Kind {
				case protocol.KindViolation, protocol.KindIllegal, protocol.KindError:
					t.Fatalf("game %d action %d %+v: %+v", gi+1, i+1, a, r)
				case protocol.KindResult:
					break actions
				}
			}
		}
	}
}

// BenchmarkReplayRealGames replays the actions of real games (the
// lichess sample) and reports actions per second.
func BenchmarkReplayRealGames(b *testing.B) {
	games := realGames(b, 100)
	n := 0
	for b.Loop() {
		for _, acts := range games {
			e, _ := New(protocol.Start{}, Options{})
			for i, a := range acts {
				e.Apply(i+1, a)
			}
			n += len(acts)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "actions/s")
}

package touch

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// randomGame plays random legal moves and returns the clean actions.
func randomGame(seed uint64, plies int) []protocol.Action {
	rng := rand.New(rand.NewPCG(seed, 7))
	p := chess.StartPosition()
	var out []protocol.Action
	for i := 0; i < plies; i++ {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		m := ml.At(rng.IntN(ml.Len()))
		out = append(out, ActionsFor(p, m)...)
		p = p.Play(m)
	}
	return out
}

// Clean actions of random games give exactly the game's moves, no
// violation, no illegal move, no error.
func TestCleanActionsReplayRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		e, err := New(protocol.Start{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
	actions:
		for i, a := range randomGame(seed, 200) {
			for _, r := range e.Apply(i+1, a) {
				switch r.Kind {
				case protocol.KindViolation, protocol.KindIllegal, protocol.KindError:
					t.Fatalf("seed %d action %d %+v: %+v", seed, i+1, a, r)
				case protocol.KindResult:
					break actions // the rest of the random game is after the end
				}
			}
		}
	}
}

type snapshot struct {
	Summary  protocol.Summary
	FEN      string
	Board    [64]man
	Hands    map[string][]held
	Duty     protocol.Ruling
	Knocked  []knock
	Limbo    bool
	Standing string
	Clock    protocol.Times
}

func snap(e *Engine) string {
	s := snapshot{Summary: e.Summary(), FEN: e.Position().FEN(), Board: e.phys.sq, Hands: map[string][]held{}}
	s.Summary.Errors = 0
	for k, hs := range e.phys.hands {
		for _, h := range hs {
			s.Hands[k] = append(s.Hands[k], *h)
		}
	}
	s.Duty, _ = e.Duty()
	s.Knocked, s.Limbo = e.knocked, e.limbo != nil
	if e.standing != nil {
		s.Standing = fmt.Sprintf("%+v", *e.standing)
	}
	s.Clock, _ = e.Clock()
	b, _ := json.Marshal(s.Summary)
	return string(b) + fmt.Sprintf(" %+v %+v %s %+v %+v %v %s %+v", s.Board, s.Hands, s.FEN, s.Duty, s.Knocked, s.Limbo, s.Standing, s.Clock)
}

// FuzzEngine: no sequence of actions panics, and an action answered with
// an error leaves the engine exactly as it was.
func FuzzEngine(f *testing.F) {
	f.Add([]byte{1, 12, 3, 28, 9, 0, 4, 6}, false)
	f.Add([]byte{2, 4, 5, 6, 1, 60, 3, 62, 1, 63, 3, 61, 9}, true)
	f.Add([]byte{0, 1, 52, 60, 1, 52, 8, 0, 0xc8, 0x24, 0x88, 0x31}, false)
	f.Fuzz(func(t *testing.T, data []byte, enforce bool) {
		fen := "r3k2r/pPp1ppp1/8/3pP3/8/8/Pp1PPPPP/R3K2R w KQkq d6 0 1"
		// The first byte picks the regime: standard, blitz (illegal moves
		// stand, A.5.4 holds illegal positions), US Chess, and Appendix D.
		start := protocol.Start{FEN: fen}
		if len(data) > 0 {
			start.Rules = []string{"fide", "fide-blitz", "uscf", "fide-rapid"}[data[0]&3]
			start.VisuallyDisabled = []string{"", "", "white", "both"}[data[0]>>2&3]
			data = data[1:]
		}
		e, err := New(start, Options{Enforce: enforce})
		if err != nil {
			t.Fatal(err)
		}
		acts := protocol.Acts
		if len(data) > 600 {
			data = data[:600] // 300 actions are plenty; longer inputs only slow the fuzzer
		}
		for i := 0; i+1 < len(data); i += 2 {
			a := protocol.Action{By: []string{"white", "black"}[data[i]>>7], Act: acts[int(data[i]&0x7f)%len(acts)],
				Sq: chess.Square(data[i+1] & 63).String(), Hand: []string{"right", "left"}[data[i+1]>>7]}
			a.Piece = []string{"Q", "R", "B", "N", "K", "P"}[int(data[i+1]>>5&7)%6]
			a.What = []string{"touch-move", "illegal-move", "threefold", "fifty", "dead-position"}[int(data[i+1])%5]
			// Now and then the arbiter or an assistant acts, a piece is
			// knocked onto another square, a new piece is of the other
			// colour, a hand works on the other board, a move is announced.
			switch data[i]>>5&3 ^ data[i+1]&3 {
			case 1:
				a.By, a.Side = []string{protocol.ByArbiter, protocol.ByAssistant}[data[i+1]>>2&1], []string{"white", "black"}[data[i+1]>>3&1]
				if a.Act == protocol.SetupError {
					a.What = []string{"initial-position", "board-orientation", "colours-reversed"}[int(data[i+1])%3]
				}
			case 2:
				a.To = chess.Square((data[i+1] + data[i]) & 63).String()
				a.Colour = []string{"white", "black"}[data[i]>>6&1]
			case 3:
				a.Mirror = data[i+1]&4 != 0
				a.Move = []string{"e4", "Nf3", "O-O", "bxa1=Q", "e8", "exd6", "g1g3", "Kd1"}[data[i+1]>>2&7]
			}
			if a.Act == protocol.SetClock {
				a.Times = &protocol.Times{White: int64(data[i+1]) * 1000, Black: 5000}
			}
			before := snap(e)
			rs := e.Apply(i/2+1, a)
			if len(rs) == 1 && rs[0].Kind == protocol.KindError && snap(e) != before {
				t.Fatalf("action %+v: error %q changed the state", a, rs[0].Error)
			}
		}
	})
}

func TestActionsForEverySpecialMove(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{castlingFEN, "e1c1", "O-O-O"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"3r4/4P3/8/8/8/k6p/7P/4K3 w - - 0 1", "e7d8n", "exd8=N"},
	} {
		p, _ := chess.ParseFEN(c.fen)
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Fatal(err)
		}
		e, _ := New(protocol.Start{FEN: c.fen}, Options{})
		var moves []string
		for i, a := range ActionsFor(p, m) {
			for _, r := range e.Apply(i+1, a) {
				if r.Kind == protocol.KindMove {
					moves = append(moves, r.SAN)
				} else if r.Kind != protocol.KindMust {
					t.Errorf("%s: %+v", c.uci, r)
				}
			}
		}
		if !reflect.DeepEqual(moves, []string{c.san}) {
			t.Errorf("%s: moves %v", c.uci, moves)
		}
	}
}

// BenchmarkReplay replays the actions of a long game and reports actions
// per second.
func BenchmarkReplay(b *testing.B) {
	actions := randomGame(3, 300)
	n := 0
	for b.Loop() {
		e, _ := New(protocol.Start{}, Options{})
		for i, a := range actions {
			e.Apply(i+1, a)
		}
		n += len(actions)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "actions/s")
}

// TestNewRefusesABadClock: an engine is not set up with a time control
// out of protocol.Clock's bounds (laws K1), whose milliseconds would
// overflow or run backwards.
func TestNewRefusesABadClock(t *testing.T) {
	for _, c := range []protocol.Clock{{White: 9223372036854775807, Black: 300}, {White: 300, Black: 300, Increment: -30}, {White: 300, Black: 300, Periods: []protocol.Period{{Moves: 40, Add: 60}, {Moves: 20, Add: 60}}}} {
		if _, err := New(protocol.Start{Clock: &c}, Options{}); err == nil || !strings.Contains(err.Error(), "clock:") {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if _, err := New(protocol.Start{Clock: &protocol.Clock{White: 300, Black: 300, Increment: 2}}, Options{}); err != nil {
		t.Errorf("a blitz clock: %v", err)
	}
}

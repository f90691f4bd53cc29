package audit

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/pgn"
)

// randomGames writes n random games in PGN: random legal moves from a few
// start positions (endings with little material or locked pawns among
// them), moves played back and forth to repeat positions, null moves,
// moves in UCI, illegal moves, clocks, a time-forfeit tag and a result
// drawn at random. Such games meet every path of the replay: repetitions,
// claims, automatic endings, dead positions, played-after-end, forfeits.
func randomGames(seed uint64, n int) []byte {
	starts := []string{
		chess.StartFEN,
		"8/8/4k3/8/8/4K3/4B3/8 w - - 0 40",
		"8/8/4k3/8/8/4K3/4N3/8 w - - 0 40",
		"8/2p5/1pP1k3/1P6/8/4K3/8/8 w - - 0 40",
		"8/8/1p2k3/1P6/8/4K3/2B5/8 w - - 0 40",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 60",
		"8/8/8/3k4/8/3K4/8/6Q1 w - - 0 30",
		"8/8/2b1k3/8/8/2B1K3/8/8 w - - 0 50",
	}
	results := []string{"1-0", "0-1", "1/2-1/2", "*"}
	rng := rand.New(rand.NewPCG(seed, 7))
	var w bytes.Buffer
	var ml chess.MoveList
	for gi := 0; gi < n; gi++ {
		fen := starts[rng.IntN(len(starts))]
		p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
		if err != nil {
			panic(err)
		}
		res := results[rng.IntN(len(results))]
		fmt.Fprintf(&w, "[Event \"g%d\"]\n[White \"W%d\"]\n[Black \"B%d\"]\n[Result \"%s\"]\n", gi, gi, gi, res)
		if fen != chess.StartFEN {
			fmt.Fprintf(&w, "[FEN \"%s\"]\n[SetUp \"1\"]\n", fen)
		}
		if rng.IntN(3) == 0 {
			w.WriteString("[Termination \"Time forfeit\"]\n")
		}
		w.WriteString("\n")
		var hist []chess.Move
	plies:
		for k, plies := 0, rng.IntN(160); k < plies; k++ {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			if len(hist) >= 4 && rng.IntN(3) == 0 {
				back := hist[len(hist)-4] // undo it, to repeat positions
				for _, x := range ml.Slice() {
					if x.From() == back.To() && x.To() == back.From() || x == back {
						m = x
						break
					}
				}
			}
			if p.Turn() == chess.White || k == 0 {
				fmt.Fprintf(&w, "%d%s ", p.FullmoveNumber(), map[bool]string{true: ".", false: "..."}[p.Turn() == chess.White])
			}
			san := p.SAN(m)
			switch rng.IntN(200) {
			case 0:
				san = "--"
			case 1:
				san = "Qd1d1"
			case 2:
				san = p.UCI(m)
			}
			w.WriteString(san)
			switch {
			case san == "Qd1d1":
				w.WriteString(" ")
				break plies
			case san == "--":
				if p.InCheck() {
					w.WriteString(" ")
					break plies
				}
				p.MakeNull()
			default:
				p.Make(m)
			}
			hist = append(hist, m)
			if rng.IntN(4) == 0 {
				clk := fmt.Sprintf("0:0%d:%02d", rng.IntN(3), rng.IntN(60))
				if rng.IntN(10) == 0 {
					clk = "0:00:00"
				}
				fmt.Fprintf(&w, " {[%%clk %s]}", clk)
			}
			if rng.IntN(50) == 0 {
				w.WriteString(" (1. e4 {v} ( {empty} ) )")
			}
			w.WriteString(" ")
		}
		fmt.Fprintf(&w, "%s\n\n", res)
	}
	return w.Bytes()
}

// TestAudit_RandomGamesAllWays audits random games serially, on several
// workers, and game by game through Audit with the games read by
// pgn.Reader.Read: the findings must be the same.
func TestAudit_RandomGamesAllWays(t *testing.T) {
	data := randomGames(1, 600)
	rs := RuleSets["fide"]
	var serial []Finding
	st, err := Stream(bytes.NewReader(data), "random.pgn", Options{Rules: rs, Workers: 1}, func(f Finding) { serial = append(serial, f) })
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[Kind]bool{}
	for _, f := range serial {
		kinds[f.Kind] = true
	}
	for _, k := range []Kind{IllegalMove, ResultContradictsLaws, PlayedAfterEnd, Threefold, Fifty, NullMove} {
		if !kinds[k] {
			t.Errorf("no %s finding in the random games", k)
		}
	}
	var parallel []Finding
	if _, err := Stream(bytes.NewReader(data), "random.pgn", Options{Rules: rs, Workers: 3}, func(f Finding) { parallel = append(parallel, f) }); err != nil {
		t.Fatal(err)
	}
	var byGame []Finding
	a := NewAuditor(rs)
	rd := pgn.NewReader(bytes.NewReader(data))
	for n := 1; ; n++ {
		g, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		byGame, _ = a.Audit(g, "random.pgn", n, byGame)
	}
	for _, other := range [][]Finding{parallel, byGame} {
		if len(other) != len(serial) {
			t.Fatalf("%d findings, serially %d", len(other), len(serial))
		}
		for i := range serial {
			if other[i] != serial[i] {
				t.Fatalf("finding %d differs:\n%v\n%v", i, other[i], serial[i])
			}
		}
	}
	if st.Games != 600 || !strings.Contains(fmt.Sprint(st.Findings), "claimable") {
		t.Errorf("stats %+v", st)
	}
}

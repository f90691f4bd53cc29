package winnable

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

func (s *astate) String() string {
	out := ""
	for c := 0; c < 2; c++ {
		out += fmt.Sprintf("side %d pawns %v king %v\n", c, s.pawns[c].Squares(), s.king[c].Squares())
		for i := 0; i < int(s.n[c]); i++ {
			out += fmt.Sprintf("  %v %v\n", s.units[c][i].t, s.units[c][i].region.Squares())
		}
	}
	return out
}

func TestDebugFEN(t *testing.T) {
	fen := os.Getenv("FEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	var root astate
	rootState(p, &root)
	var e explorer
	e.start([2]bool{true, true})
	e.limit = maxStates
	e.add(&root, event{})
	e.tmp.trace = func(k, from chess.Square, open bb) {
		t.Logf("mate picture: king %v checker from %v open %v", k, from, open.Squares())
	}
	for i := 0; i < len(e.states) && !e.done(); i++ {
		before := e.possible
		e.expand(i)
		if e.possible != before {
			t.Logf("state %d makes mate possible %v:\n%v", i, e.possible, &e.states[i])
		}
	}
	t.Logf("states %d overflow %v possible %v", len(e.states), e.overflow, e.possible)
}

func TestDebugGuided(t *testing.T) {
	fen := os.Getenv("GFEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	x := chess.White
	if os.Getenv("GX") == "b" {
		x = chess.Black
	}
	var s astate
	rootState(p, &s)
	s.settle()
	pics := collectPictures(p, &s, x, 400)
	t.Logf("%d pictures", len(pics))
	for i := 0; i < len(pics) && i < 5; i++ {
		out := fmt.Sprintf("guess %d:", pics[i].guess)
		for j := 0; j < pics[i].n; j++ {
			r := pics[i].roles[j]
			out += fmt.Sprintf(" %v%v@%v", r.c, r.t, r.to)
		}
		t.Log(out)
	}
	a := new(analyzer)
	line := a.guidedHelpmate(p, x, 4, 12, 200000)
	t.Logf("line %v nodes %d", line, a.Nodes)
}

func TestDebugPlan(t *testing.T) {
	fen := os.Getenv("PFEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	x := chess.White
	if os.Getenv("GX") == "b" {
		x = chess.Black
	}
	a := new(analyzer)
	bfTrace = func(best int) { t.Logf("best %d", best) }
	bfTraceP = func(h, g int, pos *chess.Position) { t.Logf("h %d g %d %s", h, g, pos.FEN()) }
	defer func() { bfTrace, bfTraceP = nil, nil }()
	a.ex.run(p, want(x))
	plans := a.ex.buildPlans(p, x, 3)
	if len(plans) == 0 {
		plans = a.ex.findPlans(p, x, 3)
	}
	t.Logf("first %v possible %v overflow %v states %d", a.ex.first, a.ex.possible, a.ex.overflow, len(a.ex.states))
	if a.ex.first[x] >= 0 {
		t.Logf("end state:\n%v", &a.ex.states[a.ex.first[x]])
	}
	for _, pl := range plans {
		for j, st := range pl.stages {
			t.Logf("stage %d pawns %v/%v ev %+v", j, st.pawns[0].Squares(), st.pawns[1].Squares(), st.ev)
		}
		out := ""
		for j := 0; j < pl.final.pic.n; j++ {
			r := pl.final.pic.roles[j]
			out += fmt.Sprintf(" %v%v@%v", r.c, r.t, r.to)
		}
		t.Logf("picture%s; distance now %d", out, pl.distance(p))
		line := a.bestFirst(p, x, &pl, 20000)
		t.Logf("line %v", line)
	}
}

func TestDebugHM(t *testing.T) {
	fen := os.Getenv("HFEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	x := chess.White
	if os.Getenv("GX") == "b" {
		x = chess.Black
	}
	a := new(analyzer)
	for _, lim := range []int{1000, 10000, 100000} {
		line := a.helpmate(p, x, 30, lim)
		t.Logf("limit %d: line %v nodes %d", lim, line, a.hm.nodes)
	}
}

func TestDebugWide(t *testing.T) {
	fen := os.Getenv("WFEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	var w wideState
	wideTrace = func(iter int, w *wideState) {
		if iter > 4 {
			return
		}
		out := fmt.Sprintf("iter %d: kings %d/%d squares;", iter, w.v.king[0].Count(), w.v.king[1].Count())
		for i := 0; i < w.np; i++ {
			out += fmt.Sprintf(" %v:%v%v", w.pawns[i].start, w.pawns[i].sq.Squares(), map[bool]string{true: "v", false: ""}[w.pawns[i].vanish])
		}
		t.Log(out)
	}
	defer func() { wideTrace = nil }()
	imp := wideImpossible(p, [2]bool{true, true}, &w)
	t.Logf("impossible %v", imp)
	for i := 0; i < w.np; i++ {
		pw := w.pawns[i]
		t.Logf("pawn %v %v: %v vanish %v bound %v", pw.c, pw.start, pw.sq.Squares(), pw.vanish, pw.bound)
	}
	t.Logf("%v", &w.v)
}

func TestDebugClosure(t *testing.T) {
	fen := os.Getenv("CFEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	x := chess.White
	if os.Getenv("GX") == "b" {
		x = chess.Black
	}
	a := new(analyzer)
	mate, complete := a.closure(p, x, 5000000)
	t.Logf("mate %v complete %v nodes %d line len %d", mate, complete, a.count, len(a.line))
	if mate {
		// Shorten: replay and print the last 30 plies.
		l := a.line
		if len(l) > 30 {
			l = l[len(l)-30:]
		}
		t.Logf("tail %v", l)
	}
}

func TestDebugKS(t *testing.T) {
	fen := os.Getenv("KFEN")
	if fen == "" {
		t.Skip()
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	save := maxKingStates
	maxKingStates = 5000000
	defer func() { maxKingStates = save }()
	var ks kingSearch
	ks.parents = map[uint64]kstate{}
	t0 := time.Now()
	imp := ks.run(p, [2]bool{true, true})
	t.Logf("impossible %v possible %v overflow %v states %d structs %d in %v", imp, ks.possible, ks.overflow, len(ks.seen), len(ks.structs), time.Since(t0))
	for c := 0; c < 2; c++ {
		if !ks.possible[c] || os.Getenv("GX") != "" && os.Getenv("GX") != "wb"[c:c+1] {
			continue
		}
		n := ks.witness[c]
		for i := 0; i < 80; i++ {
			st := &ks.structs[n.st].s
			units := ""
			for cc := 0; cc < 2; cc++ {
				for j := 0; j < int(st.n[cc]); j++ {
					units += fmt.Sprintf(" %d%v(%d)", cc, st.units[cc][j].t, st.units[cc][j].region.Count())
				}
			}
			t.Logf("wk %v bk %v turn %v pawns %v / %v units%s", n.wk, n.bk, n.turn, st.pawns[0].Squares(), st.pawns[1].Squares(), units)
			par, ok := ks.parents[n.key()]
			if !ok || par.key() == n.key() {
				break
			}
			n = par
		}
	}
}

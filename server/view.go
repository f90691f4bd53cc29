package server

import (
	"time"

	"github.com/arbiterchess/arbiter/protocol"
)

// clockView returns g's clocks at now (a shadow's as they stood its lag
// before now, with At now, so that a page counts down from there), or
// nil for a game without a time control. The caller holds g.mu.
func (g *live) clockView(now time.Time) *ClockView {
	tc := g.meta.Start.Clock
	if tc == nil {
		return nil
	}
	if g.origin.IsZero() {
		return &ClockView{White: int64(tc.White) * 1000, Black: int64(tc.Black) * 1000, At: now}
	}
	t := now.Add(-g.lag).Sub(g.origin).Milliseconds() // a shadow's clocks as they stood lag ago
	x, ok := g.eng.ClockAt(t)
	if !ok {
		return &ClockView{White: int64(tc.White) * 1000, Black: int64(tc.Black) * 1000, At: now}
	}
	v := &ClockView{White: x.White, Black: x.Black, At: now, Started: true, T: t}
	if c, ok := g.eng.Running(); ok && g.decision == nil {
		v.Runs = c.String()
	}
	if r, reason := g.result(); r != "*" && (reason == "time" || reason == "time-vs-no-mate") {
		switch {
		case x.White <= 0:
			v.Flag = "white"
		case x.Black <= 0:
			v.Flag = "black"
		}
	}
	return v
}

// view builds the view of g; the caller holds g.mu.
func (g *live) view(withRulings bool) *GameView {
	m := g.meta
	gm := g.eng.Game()
	sum := g.eng.Summary()
	v := &GameView{ID: m.ID, Event: m.Event, Round: m.Round, Board: m.Board, White: m.White, Black: m.Black, WhitePlayer: publicPlayer(g.white), BlackPlayer: publicPlayer(g.black),
		Start: m.Start, Enforce: m.Enforce, Created: m.Created, N: int64(len(g.log)),
		StartFEN: gm.Start().FEN(), FEN: gm.Position().FEN(), Turn: gm.Position().Turn().String(),
		Moves: sum.Moves, Violations: sum.Violations, Claims: []protocol.Ruling{}, Summary: sum, Seqs: map[string]int64{}, Notes: []EntryNote{}}
	if v.Moves == nil {
		v.Moves = []string{}
	}
	pos := gm.Positions()
	v.UCI = make([]string, 0, len(v.Moves))
	for i, mv := range gm.Moves() {
		v.UCI = append(v.UCI, pos[i].UCI(mv))
	}
	if d, ok := g.eng.Duty(); ok {
		v.Duty = &d
	}
	if c, ok := g.eng.Claimable(); ok {
		v.Claimable = &c
	}
	if c, ok := g.eng.DrawOffer(); ok {
		v.DrawOffer = c.String()
	}
	v.Result, v.Reason = g.result()
	if g.decision != nil {
		d := *g.decision
		v.Decision = &d
	}
	if withRulings {
		v.Rulings = []protocol.Ruling{}
	}
	v.Clock = g.clockView(time.Now().UTC())
	if g.held != nil {
		h := *g.held
		v.ClockHeld = &h
	}
	for _, r := range g.log {
		if r.Seq > v.Seqs[r.Author] {
			v.Seqs[r.Author] = r.Seq
		}
		for _, n := range r.Notes {
			v.Notes = append(v.Notes, EntryNote{At: r.N, Note: n})
		}
		for _, x := range r.Rulings {
			if x.Kind == protocol.KindClaim {
				v.Claims = append(v.Claims, x)
			}
			if withRulings {
				v.Rulings = append(v.Rulings, x)
			}
		}
	}
	return v
}

package standings

import (
	"fmt"
	"sort"

	"github.com/arbiterchess/arbiter/trf"
)

// round is what one round was for one player.
type round struct {
	opp    *player // the opponent named by the block, or nil
	pts    int64   // points scored, in tenths
	board  bool    // a game over the board with an opponent
	black  bool    // ... with Black
	pab    bool    // the pairing-allocated bye
	vur    bool    // a voluntary unplayed round (C.07 16)
	win    bool    // as many points as a win gives
	rating int64   // rating points of a game over the board (1, 0.5, 0) in tenths
}

// player is one player's rounds and scores.
type player struct {
	start  int
	rating int
	rounds []round
	score  int64 // points in tenths
	adj    int64 // the score an opponent's Buchholz counts, in tenths
}

// event is a tournament's players after n rounds.
type event struct {
	sys     System
	n       int
	players []*player
	byStart map[int]*player
	winPts  int64
	drawPts int64
	rules   Rules
	unrated int
}

func newEvent(t *trf.Tournament, sys System, n, unrated int) *event {
	sc := t.Scoring()
	ev := &event{sys: sys, n: n, byStart: map[int]*player{}, winPts: int64(sc.WinWhite), unrated: unrated}
	for _, p := range t.Players {
		pl := &player{start: p.StartRank, rating: p.Rating}
		ev.players = append(ev.players, pl)
		ev.byStart[p.StartRank] = pl
	}
	draw := int64(sc.DrawWhite)
	ev.drawPts = draw
	for i, p := range t.Players {
		pl := ev.players[i]
		lastNotVUR := 0
		for r := 1; r <= n; r++ {
			e := p.Entry(r)
			rd := round{pts: int64(sc.Of(e)), opp: ev.byStart[e.Opponent]}
			if e.Opponent == 0 {
				rd.opp = nil
			}
			code := e.Result
			if rd.opp == nil {
				code = e.ByeCode()
			}
			rd.board = rd.opp != nil && code.IsPlayed()
			rd.black = rd.board && e.Colour == trf.Black
			rd.pab = rd.opp == nil && code == trf.PairingBye
			rd.win = rd.pts == ev.winPts && rd.pts > 0
			rd.vur = !rd.board && !rd.pab && code != trf.ForfeitWin && code != trf.FullBye
			if rd.board {
				switch code {
				case trf.Win, trf.UnratedWin:
					rd.rating = 10
				case trf.Draw, trf.UnratedDraw:
					rd.rating = 5
				}
			}
			if !rd.vur {
				lastNotVUR = r
			}
			pl.rounds = append(pl.rounds, rd)
			pl.score += rd.pts
		}
		// An opponent's score for Buchholz: the rounds without an
		// opponent after the last one he did not give up count as draws
		// in a Swiss tournament, as nothing in a round robin.
		for r, rd := range pl.rounds {
			switch {
			case rd.opp != nil || r+1 <= lastNotVUR:
				pl.adj += rd.pts
			case sys == Swiss:
				pl.adj += draw
			}
		}
	}
	return ev
}

// value returns p's value of tie-break tb, in the unit of scale.
func (ev *event) value(p *player, tb Tiebreak) (int64, error) {
	count := func(f func(rd round) bool) (n int64) {
		for _, rd := range p.rounds {
			if f(rd) {
				n++
			}
		}
		return n
	}
	switch tb.Name {
	case "PTS":
		return p.score, nil
	case "WIN":
		return count(func(rd round) bool { return rd.win }), nil
	case "WON":
		return count(func(rd round) bool { return rd.board && rd.win }), nil
	case "BPG":
		return count(func(rd round) bool { return rd.black }), nil
	case "BWG":
		return count(func(rd round) bool { return rd.black && rd.win }), nil
	case "GE":
		return count(func(rd round) bool { return rd.board || rd.pab || rd.win }), nil
	case "BH", "SB":
		return ev.buchholz(p, tb), nil
	case "PS":
		var sum, ps int64
		for r, rd := range p.rounds {
			sum += rd.pts
			if r >= tb.Low {
				ps += sum
			}
		}
		return ps, nil
	case "KS":
		return ev.koya(p), nil
	case "ARO", "TPR", "PTP":
		return ev.rated(p, tb)
	}
	return 0, fmt.Errorf("standings: tie-break %s is not computed here", tb.Name)
}

// item is one round's contribution to Buchholz or Sonneborn-Berger.
type item struct {
	score int64 // the opponent's (or the dummy's) score, tenths
	value int64 // the contribution: score (BH) or score times points (SB)
	vur   bool
}

// buchholz computes BH (in tenths) or SB (in hundredths) with tb's cuts.
func (ev *event) buchholz(p *player, tb Tiebreak) int64 {
	var items []item
	for _, rd := range p.rounds {
		var it item
		switch {
		case rd.board || ev.sys == RoundRobin && rd.opp != nil:
			it.score = rd.opp.adj
		case ev.sys == Swiss:
			it.score, it.vur = p.score, rd.vur // the dummy opponent: the player's own score
			if ev.rules == Rules2026 {
				// C.07 (2026) 16.4: at most the absent opponent's
				// score, or a draw per round without an opponent.
				limit := ev.drawPts * int64(ev.n)
				if rd.opp != nil {
					limit = rd.opp.adj
				}
				it.score = min(it.score, limit)
			}
		default:
			continue // a round robin's round without an opponent
		}
		it.value = it.score
		if tb.Name == "SB" {
			it.value = it.score * rd.pts
		}
		items = append(items, it)
	}
	low, high := min(tb.Low, ev.n), tb.High
	high = min(high, ev.n-low)
	for ; low > 0 && len(items) > 0; low-- {
		least, vur := 0, -1
		for i, it := range items {
			a := items[least]
			if it.score < a.score || it.score == a.score && it.value < a.value {
				least = i
			}
			if it.vur && (vur < 0 || it.score < items[vur].score || it.score == items[vur].score && it.value < items[vur].value) {
				vur = i
			}
		}
		cut := least
		if vur >= 0 && items[least].value <= items[vur].value {
			cut = vur
		}
		items = append(items[:cut], items[cut+1:]...)
	}
	for ; high > 0 && len(items) > 0; high-- {
		most := 0
		for i, it := range items {
			a := items[most]
			if it.score > a.score || it.score == a.score && it.value > a.value {
				most = i
			}
		}
		items = append(items[:most], items[most+1:]...)
	}
	var sum int64
	for _, it := range items {
		sum += it.value
	}
	return sum
}

// koya is the points scored against the opponents who scored at least
// half the points possible.
func (ev *event) koya(p *player) int64 {
	games := int64(ev.n)
	if ev.sys == RoundRobin {
		if ev.n > 0 && ev.n%len(ev.players) == 0 {
			games -= int64(ev.n / len(ev.players)) // a bye a round: one game fewer
		}
		for _, q := range ev.players {
			paired := false
			for _, rd := range q.rounds {
				paired = paired || rd.opp != nil || rd.board || rd.pab
			}
			if !paired {
				games-- // a player who never played
			}
		}
	}
	limit := ev.winPts * games // twice the limit, to stay in whole tenths
	var ks int64
	for _, rd := range p.rounds {
		if rd.opp != nil && 2*rd.opp.score >= limit {
			ks += rd.pts
		}
	}
	return ks
}

// rated computes ARO, TPR or PTP over the games played over the board.
func (ev *event) rated(p *player, tb Tiebreak) (int64, error) {
	var opps []int
	var score int64 // tenths
	type game struct {
		rating int
		pts    int64
	}
	var games []game
	for _, rd := range p.rounds {
		if !rd.board {
			continue
		}
		r := rd.opp.rating
		if r == 0 {
			if ev.unrated == 0 {
				return 0, fmt.Errorf("%w (player %d met unrated player %d)", ErrUnrated, p.start, rd.opp.start)
			}
			r = ev.unrated
		}
		games = append(games, game{r, rd.rating})
	}
	sort.SliceStable(games, func(i, j int) bool { return games[i].rating < games[j].rating })
	low := min(tb.Low, len(games))
	high := min(tb.High, len(games)-low)
	games = games[low : len(games)-high]
	if len(games) == 0 {
		return 0, nil
	}
	var sum int64
	for _, g := range games {
		opps = append(opps, g.rating)
		sum += int64(g.rating)
		score += g.pts
	}
	aro := roundDiv(sum, int64(len(opps)))
	switch tb.Name {
	case "ARO":
		return aro, nil
	case "TPR":
		pct := roundDiv(score*10, int64(len(opps))) // percent
		return aro + dpOf(pct), nil
	}
	return perfect(score, opps), nil
}

// roundDiv is a/b rounded half up, for a >= 0 and b > 0.
func roundDiv(a, b int64) int64 { return (2*a + b) / (2 * b) }

package standings

import "sort"

// directEncounter ranks a group of tied players by their games among
// themselves (C.07 direct encounter) and returns each one's place in the
// group (1 first; equal places for those it cannot separate), in the
// group's order.
//
// When every player of the group has met every other (always so in a
// round robin, where a forfeit counts as the scheduled game), the points
// scored in those games decide (the average where two met more than
// once). Otherwise a player is placed ahead only when his points among
// the group exceed the most the next could have had, counting the games
// not played among them as won; from the first that cannot be separated
// so, the rest share a place. The players it leaves sharing a place are
// ranked among themselves again in the same way, as long as that
// separates someone.
func (ev *event) directEncounter(group []*player) []int {
	place := make(map[*player]int, len(group))
	ev.deGroup(group, 1, place)
	out := make([]int, len(group))
	for i, p := range group {
		out[i] = place[p]
	}
	return out
}

// deGroup places the players of group from first on.
func (ev *event) deGroup(group []*player, first int, place map[*player]int) {
	if len(group) == 1 {
		place[group[0]] = first
		return
	}
	in := make(map[*player]bool, len(group))
	for _, p := range group {
		in[p] = true
	}
	type tally struct {
		p        *player
		pts, top int64 // hundredths
	}
	all := true
	ts := make([]tally, len(group))
	for i, p := range group {
		sum := map[*player]int64{}
		cnt := map[*player]int64{}
		for _, rd := range p.rounds {
			if rd.opp == nil || !in[rd.opp] || !(rd.board || ev.sys == RoundRobin) {
				continue
			}
			sum[rd.opp] += rd.pts
			cnt[rd.opp]++
		}
		var pts int64
		for q, s := range sum {
			pts += s * 10 / cnt[q] // the average of repeated games, in hundredths
		}
		met := len(sum)
		ts[i] = tally{p: p, pts: pts, top: pts}
		if ev.sys != RoundRobin && met < len(group)-1 {
			all = false
			ts[i].top = pts + int64(len(group)-1-met)*ev.winPts*10
		}
	}
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].pts != ts[j].pts {
			return ts[i].pts > ts[j].pts
		}
		if ts[i].top != ts[j].top {
			return ts[i].top > ts[j].top
		}
		return ts[i].p.start < ts[j].p.start
	})
	places := make([]int, len(ts))
	places[0] = first
	if all {
		for i := 1; i < len(ts); i++ {
			places[i] = places[i-1]
			if ts[i].pts != ts[i-1].pts {
				places[i] = first + i
			}
		}
	} else {
		separate := true
		for i := 1; i < len(ts); i++ {
			var best int64 = -1
			for _, t := range ts[i:] {
				best = max(best, t.top)
			}
			if separate && ts[i-1].pts > best {
				places[i] = first + i
			} else {
				places[i] = places[i-1]
				separate = false
			}
		}
	}
	// Those left sharing a place are ranked among themselves again, when
	// the group was split at all.
	for lo := 0; lo < len(ts); {
		hi := lo + 1
		for hi < len(ts) && places[hi] == places[lo] {
			hi++
		}
		sub := make([]*player, 0, hi-lo)
		for _, t := range ts[lo:hi] {
			sub = append(sub, t.p)
		}
		if hi-lo == len(ts) || hi-lo == 1 {
			for _, p := range sub {
				place[p] = places[lo]
			}
		} else {
			ev.deGroup(sub, places[lo], place)
		}
		lo = hi
	}
}

package store

import (
	"fmt"
	"testing"
)

// takeGroup keeps every append once, one per game in a group, in the
// order they came for each game; a group never shares memory with what
// waits (appending to one once wrote over the other: an append was lost
// and another written twice).
func TestTakeGroup_EveryAppendOnceInOrder(t *testing.T) {
	req := func(game string, n int) *pgAppendReq { return &pgAppendReq{game: game, have: int64(n)} }
	x2, x3, x4, y1 := req("x", 2), req("x", 3), req("x", 4), req("y", 1)
	later := make([]*pgAppendReq, 0, 8) // room to grow in place, as in the writer
	later = append(later, x2, x3)
	incoming := []*pgAppendReq{y1, x4}
	more := func() (*pgAppendReq, bool) {
		if len(incoming) == 0 {
			return nil, false
		}
		r := incoming[0]
		incoming = incoming[1:]
		return r, true
	}
	group, rest := takeGroup(later, more)
	show := func(rs []*pgAppendReq) string {
		s := ""
		for _, r := range rs {
			s += fmt.Sprintf("%s%d ", r.game, r.have)
		}
		return s
	}
	if got := show(group); got != "x2 y1 " {
		t.Errorf("group %s, want x2 y1", got)
	}
	if got := show(rest); got != "x3 x4 " {
		t.Errorf("waiting %s, want x3 x4", got)
	}
	group, rest = takeGroup(rest, func() (*pgAppendReq, bool) { return nil, false })
	if show(group) != "x3 " || show(rest) != "x4 " {
		t.Errorf("next: group %s waiting %s, want x3 / x4", show(group), show(rest))
	}
}

package server

import "testing"

// A hall's follower that has no snapshot of a game (one added on another
// process, or after the event's list it was given was read) gets the
// game's snapshot where its first entry would be, and its entries after
// that; a game's follower, and a hall's follower for the games it was
// given, get the entries as they are.
func TestHub_HallFollowerGetsASnapshotOfAGameNewToIt(t *testing.T) {
	h := newHub()
	hall := newSubscriber(1)
	hall.known = map[string]bool{"g1": true}
	one := newSubscriber(1)
	h.follow(h.live.byEvent, "ev", hall)
	h.follow(h.live.byGame, "g2", one)

	snaps := 0
	snap := func() outMsg { snaps++; return outMsg{b: []byte("snapshot g2")} }
	h.publish("g2", "ev", []byte("entry g2 1"), snap)
	h.publish("g2", "ev", []byte("entry g2 2"), snap)
	h.publish("g1", "ev", []byte("entry g1 7"), func() outMsg {
		t.Error("a snapshot of g1, which the hall's follower has")
		return outMsg{}
	})

	got := func(sb *subscriber) (out []string) {
		for _, m := range sb.take(nil) {
			out = append(out, string(m.bytes()))
		}
		return out
	}
	want := []string{"snapshot g2", "entry g2 2", "entry g1 7"}
	if q := got(hall); len(q) != len(want) || q[0] != want[0] || q[1] != want[1] || q[2] != want[2] {
		t.Errorf("hall's follower got %q, want %q", q, want)
	}
	if q := got(one); len(q) != 2 || q[0] != "entry g2 1" || q[1] != "entry g2 2" {
		t.Errorf("game's follower got %q", q)
	}
	if snaps != 1 {
		t.Errorf("%d snapshots taken, want 1", snaps)
	}
}

package store

import (
	"context"
	"fmt"
	"testing"
	"time"
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

// A group of appends locks its games' rows in the order of their ids,
// whatever the order of the group and of the rows in the table: while it
// waits for a row another transaction holds, it holds the rows of lower
// ids and none of higher ones. So two processes whose groups share games
// cannot deadlock (PostgreSQL would abort one after a second's wait).
func TestPostgres_GroupLocksGamesInIdOrder(t *testing.T) {
	{
		s := open(t, postgresSchema(t))
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		now := time.Now()
		// "b" first in the table, "a" after it.
		games := []Game{
			{ID: "b", Event: "e", Round: 1, Board: 1, White: "W", Black: "B", Created: now},
			{ID: "a", Event: "e", Round: 1, Board: 2, White: "W", Black: "B", Created: now},
		}
		if err := s.CreateEvent(ctx, Event{ID: "e", Name: "E", Created: now}, games); err != nil {
			t.Fatal(err)
		}
		have := map[string]int64{}
		for _, round := range []struct {
			held, other string
			group       []string
			otherHeld   bool // by the group, while it waits for held
		}{
			{held: "a", other: "b", group: []string{"b", "a"}, otherHeld: false},
			{held: "b", other: "a", group: []string{"a", "b"}, otherHeld: true},
			{held: "b", other: "a", group: []string{"b", "a"}, otherHeld: true},
		} {
			holder, err := s.db.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := holder.ExecContext(ctx, `SELECT id FROM games WHERE id = $1 FOR UPDATE`, round.held); err != nil {
				t.Fatal(err)
			}
			var group []*pgAppendReq
			for _, id := range round.group {
				have[id]++
				group = append(group, &pgAppendReq{ctx: ctx, game: id, have: have[id] - 1, entries: []Entry{action(have[id], 0)}, done: make(chan error, 1)})
			}
			committed := make(chan struct{})
			go func() { s.pgCommitGroup(group); close(committed) }()
			waitForLockWait(t, ctx, s)
			probe, err := s.db.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = probe.ExecContext(ctx, `SELECT id FROM games WHERE id = $1 FOR UPDATE NOWAIT`, round.other)
			probe.Rollback()
			if gotHeld := err != nil; gotHeld != round.otherHeld {
				t.Errorf("group %v waiting for %q: %q held by it %v, want %v (%v)", round.group, round.held, round.other, gotHeld, round.otherHeld, err)
			}
			holder.Commit()
			<-committed
			for _, r := range group {
				if err := <-r.done; err != nil {
					t.Fatalf("append to %s: %v", r.game, err)
				}
			}
		}
	}
}

// waitForLockWait waits until a statement of the group writer waits for
// a row lock.
func waitForLockWait(t *testing.T, ctx context.Context, s *Store) {
	t.Helper()
	for {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH req AS%'`).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatal("the group never waited for the held row")
		case <-time.After(5 * time.Millisecond):
		}
	}
}

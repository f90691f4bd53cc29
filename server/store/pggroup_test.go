package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgtest"
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

// A group of appends takes an advisory lock per game, in the order of the
// hashes of the games' ids, before it takes any game's row: while it
// waits for one of those locks it holds no row, and it holds the locks
// before that one in the order and none after. So two processes whose
// groups share games wait for one another in turn and never deadlock
// (PostgreSQL would abort one after a second's wait), whatever order a
// plan takes the rows in.
func TestPostgres_GroupLocksItsGamesInOneOrder(t *testing.T) {
	s := open(t, pgtest.Schema(t))
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
	var ha, hb int64
	if err := s.db.QueryRowContext(ctx, `SELECT hashtext('a'), hashtext('b')`).Scan(&ha, &hb); err != nil {
		t.Fatal(err)
	}
	first, second := "a", "b" // in the order of the locks
	if hb < ha {
		first, second = "b", "a"
	}
	have := map[string]int64{}
	for _, round := range []struct {
		held, other string
		group       []string
		otherHeld   bool // the other game's lock, by the group, while it waits
	}{
		{held: first, other: second, group: []string{"b", "a"}, otherHeld: false},
		{held: second, other: first, group: []string{"b", "a"}, otherHeld: true},
		{held: second, other: first, group: []string{"a", "b"}, otherHeld: true},
	} {
		holder, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := holder.ExecContext(ctx, `SELECT pg_advisory_xact_lock(`+appendLockClass+`, hashtext($1))`, round.held); err != nil {
			t.Fatal(err)
		}
		var group []*pgAppendReq
		for _, id := range round.group {
			have[id]++
			group = append(group, &pgAppendReq{ctx: ctx, game: id, have: have[id] - 1, entries: []Entry{action(have[id], 0)}, done: make(chan error, 1)})
		}
		committed := make(chan struct{})
		go func() { s.pgCommitGroup(group); close(committed) }()
		waitForAdvisoryWait(t, ctx, s)
		probe, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"a", "b"} {
			if _, err := probe.ExecContext(ctx, `SELECT id FROM games WHERE id = $1 FOR UPDATE NOWAIT`, id); err != nil {
				t.Errorf("group %v waiting for the lock of %q already holds the row of %q: %v", round.group, round.held, id, err)
			}
		}
		var free bool
		if err := probe.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock(`+appendLockClass+`, hashtext($1))`, round.other).Scan(&free); err != nil {
			t.Fatal(err)
		}
		probe.Rollback()
		if free == round.otherHeld {
			t.Errorf("group %v waiting for the lock of %q: holds that of %q %v, want %v", round.group, round.held, round.other, !free, round.otherHeld)
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

// waitForAdvisoryWait waits until a statement of the group writer waits
// for an advisory lock.
func waitForAdvisoryWait(t *testing.T, ctx context.Context, s *Store) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE 'WITH req AS%'`).Scan(&n)
		if err == nil && n > 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatal("the group never waited for the advisory lock held")
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// BenchmarkPostgres_GroupCommit commits groups of 20 appends of one entry
// each to 200 games (PostgreSQL's group writer, one statement and one
// commit a group). Rerun with
//
//	eval "$(bash server/ci-postgres.sh)"
//	go test ./server/store -run '^$' -bench Postgres_GroupCommit -benchtime 600x
func BenchmarkPostgres_GroupCommit(b *testing.B) {
	s, err := Open(context.Background(), pgtest.Schema(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	now := time.Now()
	var games []Game
	for i := range 200 {
		games = append(games, Game{ID: fmt.Sprintf("g%03d", i*37%200), Event: "e", Round: 1, Board: i + 1, White: "W", Black: "B", Created: now})
	}
	if err := s.CreateEvent(ctx, Event{ID: "e", Name: "E", Created: now}, games); err != nil {
		b.Fatal(err)
	}
	have := map[string]int64{}
	for i := 0; b.Loop(); i++ {
		var group []*pgAppendReq
		for k := range 20 {
			id := games[(i*20+k)%len(games)].ID
			have[id]++
			group = append(group, &pgAppendReq{ctx: ctx, game: id, have: have[id] - 1, entries: []Entry{action(have[id], 0)}, done: make(chan error, 1)})
		}
		s.pgCommitGroup(group)
		for _, r := range group {
			if err := <-r.done; err != nil {
				b.Fatal(err)
			}
		}
	}
}

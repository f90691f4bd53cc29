package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgtest"
	"github.com/arbiterchess/arbiter/protocol"
)

// databases runs f on a fresh SQLite file and, when ARBITER_TEST_POSTGRES
// is set, on a fresh schema of that PostgreSQL server.
func databases(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "store.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, pgtest.Schema(t)) })
}

func open(t *testing.T, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func seed(t *testing.T, s *Store) Game {
	t.Helper()
	now := time.Now()
	g := Game{ID: "g1", Event: "e1", Round: 1, Board: 1, White: "A", Black: "B", Start: protocol.Start{Rules: "uscf"}, BoardHash: "bh", Created: now}
	if err := s.CreateEvent(context.Background(), Event{ID: "e1", Name: "E", ArbiterHash: "ah", Created: now}, []Game{g}); err != nil {
		t.Fatal(err)
	}
	return g
}

func action(n int64, seq int64) Entry {
	return Entry{N: n, Author: ByBoard, Seq: seq, Kind: KindAction, Action: &protocol.Action{By: "white", Act: protocol.Adjust, Sq: "a1"},
		Rulings: []protocol.Ruling{{At: int(n), Kind: protocol.KindMust, Sq: "a1"}}, Time: time.Now()}
}

func TestMigrations_RunOnceAndVersion(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		seed(t, s)
		s2 := open(t, dsn) // a second start: nothing to migrate, data kept
		if v, err := s2.Version(context.Background()); err != nil || v != SchemaVersion {
			t.Fatalf("version %d %v", v, err)
		}
		if g, err := s2.Game(context.Background(), "g1"); err != nil || g.Start.Rules != "uscf" || g.White != "A" {
			t.Fatalf("game %+v %v", g, err)
		}
		// A database from a newer program is refused.
		if _, err := s.db.Exec(s.q(`INSERT INTO schema_migrations (version, applied_ms) VALUES (?, 0)`), SchemaVersion+1); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(context.Background(), dsn); err == nil {
			t.Fatal("opened a database with a newer schema")
		}
	})
}

func TestAppend_NumbersSeqsAndMissing(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		seed(t, s)
		if err := s.Append(ctx, "g1", 0, "", func(m []Entry) ([]Entry, error) { return []Entry{action(1, 1), action(2, 0)}, nil }); err != nil {
			t.Fatal(err)
		}
		// A caller that knows nothing is handed what it missed.
		var missing []Entry
		if err := s.Append(ctx, "g1", 0, "", func(m []Entry) ([]Entry, error) { missing = m; return []Entry{action(3, 2)}, nil }); err != nil {
			t.Fatal(err)
		}
		if len(missing) != 2 || missing[0].Seq != 1 || missing[1].Seq != 0 || missing[0].Action.Seq != 1 || missing[0].Rulings[0].Sq != "a1" {
			t.Fatalf("missing %+v", missing)
		}
		// Wrong numbers, a repeated seq, an error of fn: nothing written.
		if err := s.Append(ctx, "g1", 3, "", func([]Entry) ([]Entry, error) { return []Entry{action(5, 0)}, nil }); err == nil {
			t.Error("a gap was accepted")
		}
		if err := s.Append(ctx, "g1", 3, "", func([]Entry) ([]Entry, error) { return []Entry{action(4, 1)}, nil }); !errors.Is(err, ErrConflict) {
			t.Errorf("repeated seq: %v", err)
		}
		boom := errors.New("boom")
		if err := s.Append(ctx, "g1", 3, "", func([]Entry) ([]Entry, error) { return nil, boom }); err != boom {
			t.Errorf("fn error: %v", err)
		}
		if h, _ := s.Head(ctx, "g1"); h != 3 {
			t.Errorf("head %d", h)
		}
		if err := s.Append(ctx, "nope", 0, "", func([]Entry) ([]Entry, error) { return nil, nil }); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown game: %v", err)
		}
		es, _ := s.Entries(ctx, "g1", 1)
		if len(es) != 2 || es[0].N != 2 || es[1].N != 3 {
			t.Errorf("entries %+v", es)
		}
		if _, err := s.Event(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown event: %v", err)
		}
		if err := s.AddGames(ctx, "e1", []Game{{ID: "g2", Round: 1, Board: 1, Created: time.Now()}}); !errors.Is(err, ErrConflict) {
			t.Errorf("same board twice: %v", err)
		}
	})
}

// Two stores (two processes) append to one game at once; each catches up
// with what the other wrote: the log has no gap and no double.
func TestAppend_TwoWritersOneLog(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		a, b := open(t, dsn), open(t, dsn)
		seed(t, a)
		const each = 50
		var wg sync.WaitGroup
		for k, s := range []*Store{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				have := int64(0)
				for i := 0; i < each; i++ {
					err := s.Append(ctx, "g1", have, "", func(m []Entry) ([]Entry, error) {
						have += int64(len(m))
						return []Entry{action(have+1, int64(k*each+i+1))}, nil
					})
					if err != nil {
						t.Error(err)
						return
					}
					have++
				}
			}()
		}
		wg.Wait()
		es, err := a.Entries(ctx, "g1", 0)
		if err != nil || len(es) != 2*each {
			t.Fatalf("%d entries, %v", len(es), err)
		}
		seqs := map[int64]bool{}
		for i, e := range es {
			if e.N != int64(i+1) || seqs[e.Seq] {
				t.Fatalf("entry %d: %+v", i, e)
			}
			seqs[e.Seq] = true
		}
	})
}

// AppendAt writes at the head it is given only, and both appends refuse
// entries posted with a board token replaced since.
func TestAppendAt_HeadAndBoardToken(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		seed(t, s)
		if err := s.AppendAt(ctx, "g1", 0, "bh", []Entry{action(1, 1), action(2, 2)}); err != nil {
			t.Fatal(err)
		}
		if err := s.AppendAt(ctx, "g1", 1, "bh", []Entry{action(2, 3)}); !errors.Is(err, ErrStale) {
			t.Errorf("behind the head: %v", err)
		}
		if err := s.AppendAt(ctx, "g1", 2, "bh", []Entry{action(3, 2)}); !errors.Is(err, ErrConflict) {
			t.Errorf("repeated seq: %v", err)
		}
		if err := s.AppendAt(ctx, "nope", 0, "", []Entry{action(1, 0)}); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown game: %v", err)
		}
		// Another process (another store) replaces the board token.
		other := open(t, dsn)
		if err := other.SetBoardHash(ctx, "g1", "bh2"); err != nil {
			t.Fatal(err)
		}
		if err := s.AppendAt(ctx, "g1", 2, "bh", []Entry{action(3, 3)}); !errors.Is(err, ErrTokenChanged) {
			t.Errorf("AppendAt with the old token: %v", err)
		}
		if err := s.Append(ctx, "g1", 2, "bh", func([]Entry) ([]Entry, error) { return []Entry{action(3, 3)}, nil }); !errors.Is(err, ErrTokenChanged) {
			t.Errorf("Append with the old token: %v", err)
		}
		if err := s.AppendAt(ctx, "g1", 2, "bh2", []Entry{action(3, 3)}); err != nil {
			t.Errorf("AppendAt with the new token: %v", err)
		}
		if err := s.Append(ctx, "g1", 3, "bh2", func([]Entry) ([]Entry, error) { return []Entry{action(4, 4)}, nil }); err != nil {
			t.Errorf("Append with the new token: %v", err)
		}
		// Without a hash (the arbiter's posts) the token is not checked.
		if err := s.AppendAt(ctx, "g1", 4, "", []Entry{action(5, 5)}); err != nil {
			t.Errorf("AppendAt without a hash: %v", err)
		}
		es, err := s.Entries(ctx, "g1", 0)
		if err != nil || len(es) != 5 {
			t.Fatalf("entries %d %v", len(es), err)
		}
		for i, e := range es {
			if e.N != int64(i+1) || e.Seq != int64(i+1) || e.Action.Seq != e.Seq || e.Rulings[0].Sq != "a1" {
				t.Errorf("entry %d: %+v", i, e)
			}
		}
		if h, _ := s.Head(ctx, "g1"); h != 5 {
			t.Errorf("head %d", h)
		}
		// An entry without seq is stored with a NULL seq: two of them do
		// not collide.
		if err := s.AppendAt(ctx, "g1", 5, "", []Entry{action(6, 0), action(7, 0)}); err != nil {
			t.Errorf("entries without seq: %v", err)
		}
	})
}

func TestListen_PostgresNotifiesEveryProcess(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		if !s.Postgres() {
			t.Skip("SQLite has one process: nothing to listen to")
		}
		seed(t, s)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		got := make(chan string, 1000)
		ready := make(chan bool, 1)
		go s.Listen(ctx, func(g string, h int64) { got <- fmt.Sprintf("%s %d", g, h) }, func() { ready <- true })
		<-ready
		other := open(t, dsn)
		other.Append(ctx, "g1", 0, "", func([]Entry) ([]Entry, error) { return []Entry{action(1, 0)}, nil })
		// The channel is the database's: tests running in other schemas
		// notify on it too.
		for {
			select {
			case m := <-got:
				if m != "g1 1" {
					continue
				}
			case <-ctx.Done():
				t.Fatal("no notification")
			}
			break
		}
	})
}

func TestDescribe_HidesPassword(t *testing.T) {
	s := &Store{dsn: "postgres://arbiter:secret@db:5432/hall", dialect: postgres}
	if d := s.Describe(); d != "postgres://arbiter@db:5432/hall" {
		t.Errorf("%q", d)
	}
}

// Appends committed together keep their own outcomes: a failing one
// (its fn errs, or its seq repeats) writes nothing, the others land.
func TestGroupCommit_EachAppendKeepsItsOutcome(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "group.db"))
	const games = 60
	var gs []Game
	for i := 0; i < games; i++ {
		gs = append(gs, Game{ID: fmt.Sprintf("g%d", i), Event: "e1", Round: 1, Board: i + 1, Created: time.Now()})
	}
	if err := s.CreateEvent(ctx, Event{ID: "e1", Name: "E", Created: time.Now()}, gs); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < games; i++ {
		if err := s.Append(ctx, gs[i].ID, 0, "", func([]Entry) ([]Entry, error) { return []Entry{action(1, 1)}, nil }); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("boom")
	for round := 0; round < 5; round++ {
		var wg sync.WaitGroup
		errs := make([]error, games)
		for i := 0; i < games; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				have, _ := s.Head(ctx, gs[i].ID)
				errs[i] = s.Append(ctx, gs[i].ID, have, "", func([]Entry) ([]Entry, error) {
					switch i % 3 {
					case 1:
						return nil, boom
					case 2:
						return []Entry{action(have+1, 1)}, nil // seq 1 again
					}
					return []Entry{action(have+1, have+1)}, nil
				})
			}()
		}
		wg.Wait()
		for i := 0; i < games; i++ {
			h, _ := s.Head(ctx, gs[i].ID)
			es, _ := s.Entries(ctx, gs[i].ID, 0)
			switch i % 3 {
			case 0:
				if errs[i] != nil || h != int64(round+2) || len(es) != round+2 {
					t.Fatalf("round %d game %d: %v, head %d, %d entries", round, i, errs[i], h, len(es))
				}
			case 1:
				if errs[i] != boom || h != 1 || len(es) != 1 {
					t.Fatalf("round %d game %d: %v, head %d", round, i, errs[i], h)
				}
			case 2:
				if !errors.Is(errs[i], ErrConflict) || h != 1 || len(es) != 1 {
					t.Fatalf("round %d game %d: %v, head %d", round, i, errs[i], h)
				}
			}
		}
	}
	// A closed store refuses appends.
	s.Close()
	if err := s.Append(ctx, "g0", 6, "", func([]Entry) ([]Entry, error) { return []Entry{action(7, 0)}, nil }); err == nil {
		t.Fatal("append to a closed store")
	}
}

// AppendAt's appends waiting together (written in one statement on
// PostgreSQL, one transaction on SQLite) keep their own outcomes: a stale
// one, one whose seq repeats and one with a replaced token write nothing,
// the others land.
func TestAppendAt_GroupKeepsEachOutcome(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		const games = 40
		var gs []Game
		for i := 0; i < games; i++ {
			gs = append(gs, Game{ID: fmt.Sprintf("g%d", i), Event: "e1", Round: 1, Board: i + 1, BoardHash: "bh", Created: time.Now()})
		}
		if err := s.CreateEvent(ctx, Event{ID: "e1", Name: "E", Created: time.Now()}, gs); err != nil {
			t.Fatal(err)
		}
		heads := make([]int64, games)
		for round := int64(0); round < 5; round++ {
			errs := make([]error, games)
			var wg sync.WaitGroup
			for i := 0; i < games; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					have, hash, seq := heads[i], "bh", round+1
					switch {
					case i == 1:
						have++ // ahead of the head
					case i == 2 && round > 0:
						have-- // behind it
					case i == 3 && round > 0:
						seq = 1 // stored in round 0
					case i == 4:
						hash = "other"
					}
					errs[i] = s.AppendAt(ctx, gs[i].ID, have, hash, []Entry{action(have+1, seq)})
				}()
			}
			wg.Wait()
			for i, err := range errs {
				switch {
				case i == 1:
					if err == nil || errors.Is(err, ErrStale) || errors.Is(err, ErrConflict) || errors.Is(err, ErrTokenChanged) {
						t.Errorf("round %d game %d (ahead of the head): %v", round, i, err)
					}
				case i == 2 && round > 0:
					if !errors.Is(err, ErrStale) {
						t.Errorf("round %d game %d (behind the head): %v", round, i, err)
					}
				case i == 3 && round > 0:
					if !errors.Is(err, ErrConflict) {
						t.Errorf("round %d game %d (repeated seq): %v", round, i, err)
					}
				case i == 4:
					if !errors.Is(err, ErrTokenChanged) {
						t.Errorf("round %d game %d (other token): %v", round, i, err)
					}
				case err != nil:
					t.Errorf("round %d game %d: %v", round, i, err)
				default:
					heads[i]++
				}
			}
		}
		for i := 0; i < games; i++ {
			want := int64(5)
			switch i {
			case 1, 4:
				want = 0
			case 2, 3:
				want = 1
			}
			if h, _ := s.Head(ctx, gs[i].ID); h != want || heads[i] != want {
				t.Errorf("game %d: head %d (counted %d), want %d", i, h, heads[i], want)
			}
			if es, _ := s.Entries(ctx, gs[i].ID, 0); int64(len(es)) != want {
				t.Errorf("game %d: %d entries, want %d", i, len(es), want)
			}
		}
	})
}

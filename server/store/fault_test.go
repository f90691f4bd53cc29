package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgtest"
)

// appendOne appends entry have+1 to g.
func appendOne(s *Store, g Game, have int64) error {
	return s.AppendAt(context.Background(), g.ID, have, "", []Entry{action(have+1, 0)})
}

// Durability: the database file or its write-ahead log removed, or
// another file put in their place, under a running store: the next
// commit is not acknowledged (ErrGone), every write after it fails, and
// Fault says why, even with no write (the watcher's check).
func TestDurability_FileRemovedOrReplacedRefusesWrites(t *testing.T) {
	for _, c := range []struct {
		name string
		do   func(path string) error
	}{
		{"database removed", func(p string) error { return os.Remove(p) }},
		{"write-ahead log removed", func(p string) error { return os.Remove(p + "-wal") }},
		{"all removed", func(p string) error {
			for _, f := range []string{p, p + "-wal", p + "-shm"} {
				os.Remove(f)
			}
			return nil
		}},
		{"database replaced", func(p string) error {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if err := os.WriteFile(p+".new", b, 0o644); err != nil {
				return err
			}
			return os.Rename(p+".new", p)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "hall.db")
			s := open(t, path)
			g := seed(t, s)
			if err := appendOne(s, g, 0); err != nil {
				t.Fatal(err)
			}
			if err := c.do(path); err != nil {
				t.Fatal(err)
			}
			err := appendOne(s, g, 1)
			if !errors.Is(err, ErrGone) {
				t.Fatalf("append after the file went: %v, want ErrGone", err)
			}
			if err := s.WriteCheck(context.Background()); !errors.Is(err, ErrGone) {
				t.Errorf("write check: %v", err)
			}
			if err := s.Fault(); !errors.Is(err, ErrGone) || !strings.Contains(err.Error(), "hall.db") {
				t.Errorf("fault: %v", err)
			}
		})
	}
	// Without a write, the watcher notices.
	path := filepath.Join(t.TempDir(), "hall.db")
	s := open(t, path)
	os.Remove(path + "-wal")
	deadline := time.Now().Add(5 * time.Second)
	for s.Fault() == nil && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !errors.Is(s.Fault(), ErrGone) {
		t.Errorf("the watcher did not notice: %v", s.Fault())
	}
}

// The write-ahead log removed under a running store: what was
// acknowledged before is still in the database after a restart (the
// store checkpoints the log it holds open into the database file), and
// nothing is acknowledged after.
func TestDurability_WALRemovedKeepsWhatWasAcknowledged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hall.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	g := seed(t, s)
	const n = 50
	for i := int64(0); i < n; i++ {
		if err := appendOne(s, g, i); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(path + "-wal")
	if err := appendOne(s, g, n); !errors.Is(err, ErrGone) {
		t.Fatalf("append after the log went: %v", err)
	}
	s.Close()
	s2 := open(t, path)
	es, err := s2.Entries(context.Background(), g.ID, 0)
	if err != nil || len(es) != n {
		t.Fatalf("after a restart: %d entries, %v; want the %d acknowledged", len(es), err, n)
	}
}

// Durability at the start: a damaged file, an empty file, a database
// without tables and another program's database are refused with a clear
// message; an empty file becomes a new hall only with NewHall; a missing
// file is a new hall.
func TestDurability_FileCheckedAtStart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	// A hall with some entries, then a page of it damaged.
	good := filepath.Join(dir, "good.db")
	s := open(t, good)
	g := seed(t, s)
	for i := int64(0); i < 200; i++ {
		if err := appendOne(s, g, i); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 4*4096 {
		t.Fatalf("the file is too small to damage a page: %d", len(b))
	}
	for i := 2 * 4096; i < 3*4096; i++ {
		b[i] = 0x5a
	}
	damaged := filepath.Join(dir, "damaged.db")
	os.WriteFile(damaged, b, 0o644)
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	other := filepath.Join(dir, "other.db")
	if o, err := openRaw(other); err == nil {
		o.Exec(`CREATE TABLE recipes (name TEXT)`)
		o.Close()
	}
	for _, c := range []struct {
		path, want string
	}{
		{damaged, "damaged"},
		{empty, "empty file"},
		{other, "another program"},
		{dir, "folder"},
	} {
		s, err := Open(ctx, c.path)
		if err == nil {
			s.Close()
			t.Errorf("%s opened", c.path)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
	if s, err := OpenWith(ctx, empty, Options{NewHall: true}); err != nil {
		t.Errorf("an empty file with NewHall: %v", err)
	} else {
		s.Close()
	}
	if s, err := Open(ctx, filepath.Join(dir, "new.db")); err != nil {
		t.Errorf("a new file: %v", err)
	} else {
		s.Close()
	}
}

// Faults are told by their cause: PostgreSQL going away under a running
// store (a proxy in front of it cut) makes writes fail with
// ErrUnavailable, and a store that cannot reach it at all says so at
// Open.
func TestFault_PostgresStoppedIsUnavailable(t *testing.T) {
	dsn, cut := pgtest.Cuttable(t)
	s := open(t, dsn)
	g := seed(t, s)
	if err := appendOne(s, g, 0); err != nil {
		t.Fatal(err)
	}
	cut()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.AppendAt(ctx, g.ID, 1, "", []Entry{action(2, 0)})
	if err == nil || !errors.Is(Classify(err), ErrUnavailable) {
		t.Fatalf("append with PostgreSQL gone: %v (classified %v)", err, Classify(err))
	}
	_, err = Open(ctx, dsn)
	if err == nil || !errors.Is(err, ErrUnavailable) {
		t.Errorf("open with PostgreSQL gone: %v", err)
	}
}

// openRaw opens an SQLite file with the driver alone.
func openRaw(path string) (*sql.DB, error) { return sql.Open("sqlite", path) }

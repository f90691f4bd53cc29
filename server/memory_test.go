package server

import (
	"context"
	"log/slog"
	"testing"
	"time"
)

// releases is a slog handler that passes on the "quiet" attribute of each
// "memory released" record.
type releases chan bool

func (r releases) Enabled(context.Context, slog.Level) bool { return true }
func (r releases) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r releases) WithGroup(string) slog.Handler            { return r }
func (r releases) Handle(_ context.Context, rec slog.Record) error {
	if rec.Message != "memory released" {
		return nil
	}
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "quiet" {
			r <- a.Value.Bool()
		}
		return true
	})
	return nil
}

// When the spectators leave while boards post, the memory is released by
// a collection only, which holds no post up; the full release
// (FreeOSMemory, which holds every post up while it runs) waits until no
// post came for a period, and then comes once.
func TestReleaseMemory_WholeOnlyWhenBoardsAreQuiet(t *testing.T) {
	got := make(releases, 10)
	s := &Server{hub: newHub(), log: slog.New(got)}
	followers := make([]*subscriber, 200)
	for i := range followers {
		followers[i] = newSubscriber(1)
		s.hub.follow(s.hub.live.byGame, "g", followers[i])
	}
	done := make(chan struct{})
	defer close(done)
	const period = 100 * time.Millisecond
	posting := make(chan struct{})
	go func() { // a board posting every millisecond, until posting closes
		for {
			s.lastPost.Store(time.Now().UnixNano())
			select {
			case <-posting:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	go s.releaseMemory(done, period)
	// none checks that no release comes within d.
	none := func(d time.Duration, while string) {
		t.Helper()
		time.Sleep(d)
		select {
		case q := <-got:
			t.Fatalf("released (quiet %v) %s", q, while)
		default:
		}
	}
	// next waits for the next release and tells whether it was quiet.
	next := func() bool {
		t.Helper()
		select {
		case q := <-got:
			return q
		case <-time.After(5 * time.Second):
			t.Fatal("no release")
			return false
		}
	}
	none(3*period, "while every follower stayed")
	for _, sb := range followers {
		s.hub.unfollow(s.hub.live.byGame, "g", sb)
	}
	if q := next(); q {
		t.Fatal("the first release, while a board posts, was the whole one")
	}
	none(3*period, "again while the board posts and no follower left")
	close(posting)
	if q := next(); !q {
		t.Fatal("the release owed once the board went quiet was not the whole one")
	}
	none(5*period, "again with nothing owed")
}

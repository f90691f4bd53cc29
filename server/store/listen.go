package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// notifyChannel is the PostgreSQL channel on which Append announces new
// entries, with the payload "GAME HEAD".
const notifyChannel = "arbiter_entries"

// Listen calls onEntry(game, head) each time any process appends to a
// game's log, until ctx ends. After every (re)connection it calls
// onResync, since notifications sent while it was not listening are lost:
// the caller should then check the games it follows. On SQLite, where a
// single process owns the file, Listen only waits for ctx to end.
func (s *Store) Listen(ctx context.Context, onEntry func(game string, head int64), onResync func()) error {
	if s.dialect != postgres {
		<-ctx.Done()
		return nil
	}
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, onEntry, onResync)
		if ctx.Err() != nil {
			break
		}
		_ = err // the caller's resync covers what was missed; retry
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		if backoff < 5*time.Second {
			backoff *= 2
		}
	}
	return nil
}

func (s *Store) listenOnce(ctx context.Context, onEntry func(string, int64), onResync func()) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	onResync()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		game, head, ok := strings.Cut(n.Payload, " ")
		if !ok {
			continue
		}
		h, err := strconv.ParseInt(head, 10, 64)
		if err != nil {
			continue
		}
		onEntry(game, h)
	}
}

package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// notifyChannel is the PostgreSQL channel on which appends announce new
// entries, with a payload of "GAME HEAD" lines.
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
	s.listening.Store(true)
	defer s.listening.Store(false)
	onResync()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		// One "GAME HEAD" line per game (the notifier sends several at a
		// time).
		for _, line := range strings.Split(n.Payload, "\n") {
			game, head, ok := strings.Cut(line, " ")
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
}

// notePayload bounds the payload of one notification (PostgreSQL's limit
// is 8,000 bytes).
const notePayload = 7000

// notify queues the notification of a game's new head for the notifier.
// It is sent after the commit, outside the appending transaction: a NOTIFY
// inside it would hold PostgreSQL's notification lock through the commit,
// one committing append at a time.
func (s *Store) notify(gameID string, head int64) {
	if s.dialect != postgres {
		return
	}
	s.noteMu.Lock()
	if head > s.notes[gameID] {
		s.notes[gameID] = head
	}
	s.noteMu.Unlock()
	select {
	case s.noteWake <- struct{}{}:
	default:
	}
}

// notifier sends the queued notifications, as many as are waiting in one
// statement ("GAME HEAD" lines in a payload), until the store closes. A
// notification lost (the process killed after a commit, before its
// notification) delays the entry on the other processes' live followers
// until the game's next entry or their listener's next resync; it loses
// nothing from the log.
func (s *Store) notifier() {
	defer close(s.noteDone)
	for {
		stop := false
		select {
		case <-s.noteWake:
		case <-s.noteStop:
			stop = true
		}
		s.noteMu.Lock()
		notes := s.notes
		s.notes = make(map[string]int64, len(notes))
		s.noteMu.Unlock()
		var payloads []string
		var b strings.Builder
		for game, head := range notes {
			line := game + " " + strconv.FormatInt(head, 10)
			if b.Len() > 0 && b.Len()+1+len(line) > notePayload {
				payloads = append(payloads, b.String())
				b.Reset()
			}
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(line)
		}
		if b.Len() > 0 {
			payloads = append(payloads, b.String())
		}
		if len(payloads) > 0 {
			// One transaction for all: one pass through the notification
			// queue's lock. A failure is tried again once (the heads are
			// the highest known, so a late notification is still right).
			for try := 0; try < 2; try++ {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				_, err := s.db.ExecContext(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, notifyChannel, payloads)
				cancel()
				if err == nil {
					break
				}
				s.notifyFailed.Add(1)
			}
		}
		if stop {
			return
		}
	}
}

// Listening reports whether Listen is connected and listening: every
// append committed since it connected is notified to it (but for one
// whose process died between its commit and its notification).
func (s *Store) Listening() bool { return s.listening.Load() }

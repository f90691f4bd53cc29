package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// pgAppendReq is one AppendAt waiting for a PostgreSQL writer.
type pgAppendReq struct {
	ctx     context.Context
	game    string
	have    int64
	hash    string
	entries []Entry
	done    chan error // buffered: the writer never waits on it
}

// pgWriters is the number of PostgreSQL writers: while one waits for its
// commit, the other gathers the next group.
const pgWriters = 2

// pgAppend hands an AppendAt to the PostgreSQL writers and waits for its
// outcome. Like SQLite's group commit, the appends to different games
// waiting at the same time are written together: one statement, one
// commit (one sync of PostgreSQL's log) for all, each with its own
// outcome, as if alone.
func (s *Store) pgAppend(ctx context.Context, r *pgAppendReq) error {
	r.ctx, r.done = ctx, make(chan error, 1)
	select {
	case s.pgAppends <- r:
	case <-s.pgStopped:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the request is answered (its entries may be
	// committed): the caller must hear the outcome even if ctx ends.
	return outcome(r.done, s.pgStopped)
}

// pgWriter writes the queued appends, as many at a time as are waiting
// (one per game), until the store closes.
func (s *Store) pgWriter() {
	defer s.pgWG.Done()
	writeGroups(s.pgAppends, s.pgStop, s.pgCommitGroup)
}

// appendLockClass is the first key of the advisory locks of appends (the
// second is a hash of the game's id), apart from the migrations' lock.
const appendLockClass = "7170767"

// pgCommitGroup writes a group of appends in one statement, committed on
// its own. Before it touches a row, the statement takes an advisory lock
// per game (held to its commit) in one order for everyone, that of the
// hashes of the ids: two processes whose groups share games wait for one
// another in turn, never in a circle, whatever order the plan then takes
// the rows in (before, each took the rows in its plan's order, and two
// could deadlock until PostgreSQL aborted one after a second). Locking
// the rows themselves in order first (SELECT ... ORDER BY id FOR UPDATE)
// made each group's statement 15–30% slower in
// BenchmarkPostgres_GroupCommit; advisory locks live in memory (about 6%
// there, within its noise). The UPDATE waits for any transaction holding
// a game's row and then checks the head (and the token) again on the row
// as committed: a game's entries are inserted only when its head moved.
// If the statement fails (an entry's seq already stored, say), each
// append is tried alone, so that each gets its own outcome.
func (s *Store) pgCommitGroup(group []*pgAppendReq) {
	var ids, hashes []string
	var haves, heads []int64
	var eGames, authors, kinds, bodies, rulings []string
	var ns, seqs, times []int64
	var live []*pgAppendReq
next:
	for _, r := range group {
		if err := r.ctx.Err(); err != nil {
			r.done <- err
			continue
		}
		type enc struct{ body, rulings string }
		es := make([]enc, len(r.entries))
		for i, e := range r.entries {
			body, rs, err := encodeEntry(e)
			if err != nil {
				r.done <- err
				continue next
			}
			es[i] = enc{body, rs}
		}
		live = append(live, r)
		ids, hashes = append(ids, r.game), append(hashes, r.hash)
		haves, heads = append(haves, r.have), append(heads, r.have+int64(len(r.entries)))
		for i, e := range r.entries {
			eGames, authors, kinds, bodies, rulings = append(eGames, r.game), append(authors, e.Author), append(kinds, e.Kind), append(bodies, es[i].body), append(rulings, es[i].rulings)
			ns, seqs, times = append(ns, e.N), append(seqs, e.Seq), append(times, millis(e.Time))
		}
	}
	if len(live) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `WITH req AS (
		SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[]) AS r (id, have, head, hash)
	), locked AS (
		SELECT count(*) FROM (
			SELECT pg_advisory_xact_lock(`+appendLockClass+`, k) FROM (SELECT DISTINCT hashtext(id) AS k FROM req ORDER BY k) AS ks
		) AS l
	), up AS (
		UPDATE games SET head = req.head FROM req, locked
		WHERE games.id = req.id AND games.head = req.have AND (req.hash = '' OR games.board_hash = req.hash)
		RETURNING games.id
	), ins AS (
		INSERT INTO entries (game_id, n, author, seq, kind, body, rulings, created_ms)
		SELECT e.game_id, e.n, e.author, NULLIF(e.seq, 0), e.kind, e.body, e.rulings, e.created_ms
		FROM unnest($5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::bigint[])
			AS e (game_id, n, author, seq, kind, body, rulings, created_ms)
		JOIN up ON up.id = e.game_id
	)
	SELECT id FROM up`, ids, haves, heads, hashes, eGames, ns, authors, seqs, kinds, bodies, rulings, times)
	moved := map[string]bool{}
	if err == nil {
		for rows.Next() {
			var id string
			if err = rows.Scan(&id); err != nil {
				break
			}
			moved[id] = true
		}
		if err == nil {
			err = rows.Err()
		}
		rows.Close()
	}
	if err != nil {
		var pe *pgconn.PgError
		if len(live) == 1 || !errors.As(err, &pe) {
			// Alone, or an error that is not PostgreSQL's answer to the
			// statement (a broken connection, a timeout): the commit may
			// have happened, so no append is tried again here. Each caller
			// hears the error; its game is read again from the store.
			for _, r := range live {
				r.done <- conflict(err)
			}
			return
		}
		// PostgreSQL refused the statement (an entry's seq already stored,
		// a deadlock): nothing was written. Each alone, for its own outcome.
		for _, r := range live {
			s.pgCommitGroup([]*pgAppendReq{r})
		}
		return
	}
	for _, r := range live {
		if moved[r.game] {
			s.notify(r.game, r.have+int64(len(r.entries)))
			r.done <- nil
			continue
		}
		r.done <- s.whyNotAppended(ctx, r)
	}
}

// whyNotAppended tells why an append did not move its game's head (read
// without a lock: what failed is already committed).
func (s *Store) whyNotAppended(ctx context.Context, r *pgAppendReq) error {
	var head int64
	var hash string
	err := s.db.QueryRowContext(ctx, `SELECT head, board_hash FROM games WHERE id = $1`, r.game).Scan(&head, &hash)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	case r.hash != "" && hash != r.hash:
		return ErrTokenChanged
	case head < r.have:
		return fmt.Errorf("game %s: caller knows %d entries, the log has %d", r.game, r.have, head)
	}
	return ErrStale
}

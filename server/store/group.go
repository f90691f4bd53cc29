package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// errClosed is returned by an append to a closed store.
var errClosed = errors.New("store: closed")

// maxGroup bounds the appends committed together.
const maxGroup = 128

// appendReq is one append waiting for the SQLite writer.
type appendReq struct {
	ctx  context.Context
	game string
	have int64
	hash string // the board token's hash, or ""
	fn   func([]Entry) ([]Entry, error)
	done chan error // buffered: the writer never waits on it
}

// groupAppend hands an append to the writer and waits for its outcome.
func (s *Store) groupAppend(ctx context.Context, gameID string, have int64, boardHash string, fn func([]Entry) ([]Entry, error)) error {
	r := &appendReq{ctx: ctx, game: gameID, have: have, hash: boardHash, fn: fn, done: make(chan error, 1)}
	select {
	case s.appends <- r:
	case <-s.stopped:
		return errClosed
	}
	// Once queued, the request is answered: its fn may run, and its
	// entries may be committed, so the caller must hear the outcome even
	// if ctx ends (the writer skips requests whose ctx has ended before
	// their turn).
	return outcome(r.done, s.stopped)
}

// outcome waits for the answer of a queued append: done's, or errClosed
// once the writers have stopped without giving one.
func outcome(done <-chan error, stopped <-chan struct{}) error {
	select {
	case err := <-done:
		return err
	case <-stopped:
		select {
		case err := <-done:
			return err
		default:
			return errClosed
		}
	}
}

// writer commits the queued appends of SQLite, as many at a time as are
// waiting (one per game): one transaction, one savepoint per append (so
// that one append's failure undoes only its own writes), one commit, one
// sync to disk.
func (s *Store) writer() {
	defer close(s.stopped)
	writeGroups(s.appends, s.stop, s.commitGroup)
}

// grouped is an append request that writeGroups can group: one per game.
type grouped interface{ gameID() string }

func (r *appendReq) gameID() string   { return r.game }
func (r *pgAppendReq) gameID() string { return r.game }

// writeGroups takes the requests of queue in groups, as many as are
// waiting (takeGroup), and hands each group to commit, until stop is
// closed while none waits: the loop of the SQLite writer and of each
// PostgreSQL writer.
func writeGroups[R grouped](queue <-chan R, stop <-chan struct{}, commit func([]R)) {
	var later []R // a second append of a game already in a group
	more := func() (R, bool) {
		select {
		case r := <-queue:
			return r, true
		default:
			var none R
			return none, false
		}
	}
	for {
		if len(later) == 0 {
			select {
			case r := <-queue:
				later = append(later, r)
			case <-stop:
				return
			}
		}
		var group []R
		group, later = takeGroup(later, more)
		commit(group)
	}
}

// takeGroup makes the next group of appends: the first waiting in later
// (which must not be empty), then those more gives (the queue's, while it
// has some) up to maxGroup, one per game: a game's second append must see
// its first committed. An append of a game already in the group goes to
// the end of later, in the order it came, for a group after this one. The
// group has memory of its own: appending to it never writes over later.
func takeGroup[R grouped](later []R, more func() (R, bool)) (group, rest []R) {
	group = []R{later[0]}
	rest = later[1:]
	games := map[string]bool{later[0].gameID(): true}
	for len(group) < maxGroup {
		r, ok := more()
		if !ok {
			break
		}
		if games[r.gameID()] {
			rest = append(rest, r)
			continue
		}
		games[r.gameID()] = true
		group = append(group, r)
	}
	return group, rest
}

// commitGroup runs a group of appends in one transaction.
func (s *Store) commitGroup(group []*appendReq) {
	errs := make([]error, len(group))
	answer := func(commitErr error) {
		for i, r := range group {
			if errs[i] == nil {
				errs[i] = commitErr
			}
			r.done <- errs[i]
		}
	}
	ctx := context.Background()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		answer(err)
		return
	}
	defer tx.Rollback()
	wrote := false
	for i, r := range group {
		if err := r.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		// One savepoint at a time, released before the next: one name.
		if _, err := s.txExec(ctx, tx, "SAVEPOINT a"); err != nil {
			errs[i] = err
			continue
		}
		if _, err := s.appendTx(r.ctx, tx, r.game, r.have, r.hash, r.fn); err != nil {
			errs[i] = err
			if _, rerr := s.txExec(ctx, tx, "ROLLBACK TO a"); rerr != nil {
				answer(rerr) // the transaction is in an unknown state: fail all
				return
			}
		} else {
			wrote = true
		}
		if _, err := s.txExec(ctx, tx, "RELEASE a"); err != nil {
			answer(err)
			return
		}
	}
	if !wrote {
		answer(nil)
		return
	}
	answer(s.commit(tx))
}

// stmts are the SQLite writer's statements, prepared once (by query).
type stmts struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// txStmt returns query's statement within tx: on SQLite one prepared once
// for the store (database/sql prepares it once on each connection), nil
// on PostgreSQL (pgx keeps its own cache of prepared statements).
func (s *Store) txStmt(ctx context.Context, tx *sql.Tx, query string) *sql.Stmt {
	if s.dialect != sqlite {
		return nil
	}
	s.prepared.mu.Lock()
	st := s.prepared.m[query]
	if st == nil {
		var err error
		if st, err = s.db.PrepareContext(ctx, query); err != nil {
			s.prepared.mu.Unlock()
			return nil
		}
		if s.prepared.m == nil {
			s.prepared.m = map[string]*sql.Stmt{}
		}
		s.prepared.m[query] = st
	}
	s.prepared.mu.Unlock()
	return tx.StmtContext(ctx, st)
}

// txExec is tx.ExecContext through txStmt.
func (s *Store) txExec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st := s.txStmt(ctx, tx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}

// txQueryRow is tx.QueryRowContext through txStmt.
func (s *Store) txQueryRow(ctx context.Context, tx *sql.Tx, query string, args ...any) *sql.Row {
	if st := s.txStmt(ctx, tx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return tx.QueryRowContext(ctx, query, args...)
}

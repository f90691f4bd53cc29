package store

import (
	"context"
	"errors"
	"fmt"
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
	select {
	case err := <-r.done:
		return err
	case <-s.stopped:
		select {
		case err := <-r.done:
			return err
		default:
			return errClosed
		}
	}
}

// writer commits the queued appends of SQLite, as many at a time as are
// waiting: one transaction, one savepoint per append (so that one append's
// failure undoes only its own writes), one commit, one sync to disk.
func (s *Store) writer() {
	defer close(s.stopped)
	var next *appendReq // a request held over to the next group
	for {
		var group []*appendReq
		if next != nil {
			group, next = append(group, next), nil
		} else {
			select {
			case r := <-s.appends:
				group = append(group, r)
			case <-s.stop:
				return
			}
		}
		games := map[string]bool{group[0].game: true}
	fill:
		for len(group) < maxGroup {
			select {
			case r := <-s.appends:
				if games[r.game] {
					// One append per game in a group: the second must see
					// the first committed.
					next = r
					break fill
				}
				games[r.game] = true
				group = append(group, r)
			default:
				break fill
			}
		}
		s.commitGroup(group)
	}
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
		sp := fmt.Sprintf("a%d", i)
		if _, err := tx.ExecContext(ctx, "SAVEPOINT "+sp); err != nil {
			errs[i] = err
			continue
		}
		if _, err := s.appendTx(r.ctx, tx, r.game, r.have, r.hash, r.fn); err != nil {
			errs[i] = err
			if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO "+sp); rerr != nil {
				answer(rerr) // the transaction is in an unknown state: fail all
				return
			}
		} else {
			wrote = true
		}
		if _, err := tx.ExecContext(ctx, "RELEASE "+sp); err != nil {
			answer(err)
			return
		}
	}
	if !wrote {
		answer(nil)
		return
	}
	answer(tx.Commit())
}

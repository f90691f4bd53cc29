package store

import (
	"context"
	"database/sql"
	"errors"
)

// SetTableHash stores the hash of the token of an event's table n,
// replacing the one it had (the old token stops working).
func (s *Store) SetTableHash(ctx context.Context, eventID string, n int, hash string) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	var one int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM events WHERE id = ?`), eventID).Scan(&one); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM tables WHERE event_id = ? AND n = ?`), eventID, n); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO tables (event_id, n, hash) VALUES (?, ?, ?)`), eventID, n, hash); err != nil {
		return conflict(err)
	}
	return s.commit(tx)
}

// TableHashes returns the hashes of an event's table tokens, by table.
func (s *Store) TableHashes(ctx context.Context, eventID string) (map[int]string, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT n, hash FROM tables WHERE event_id = ?`), eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var n int
		var h string
		if err := rows.Scan(&n, &h); err != nil {
			return nil, err
		}
		out[n] = h
	}
	return out, rows.Err()
}

// SetCurrentRound records the round the arbiter started.
func (s *Store) SetCurrentRound(ctx context.Context, eventID string, round int) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE events SET current_round = ? WHERE id = ?`), round, eventID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return s.commit(tx)
}

// CurrentRound returns the round the arbiter started last (0: none).
func (s *Store) CurrentRound(ctx context.Context, eventID string) (int, error) {
	var r int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT current_round FROM events WHERE id = ?`), eventID).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return r, err
}

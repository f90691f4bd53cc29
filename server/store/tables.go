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

// Progress is how far an event has gone: the round the arbiter started
// last (0: none), the number of its games and its last paired round.
type Progress struct {
	CurrentRound int
	Games        int
	Rounds       int
}

// EventsProgress returns the progress of the events EventsPage(offset,
// limit) lists, by event.
func (s *Store) EventsProgress(ctx context.Context, offset, limit int) (map[string]Progress, error) {
	q := `SELECT e.id, e.current_round, COUNT(g.id), COALESCE(MAX(g.round), 0) FROM events e LEFT JOIN games g ON g.event_id = e.id
		GROUP BY e.id, e.current_round, e.created_ms ORDER BY e.created_ms DESC, e.id`
	var args []any
	if limit >= 0 {
		q += ` LIMIT ? OFFSET ?`
		args = append(args, limit, offset)
	}
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Progress{}
	for rows.Next() {
		var id string
		var p Progress
		if err := rows.Scan(&id, &p.CurrentRound, &p.Games, &p.Rounds); err != nil {
			return nil, err
		}
		out[id] = p
	}
	return out, rows.Err()
}

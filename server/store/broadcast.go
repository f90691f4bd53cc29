package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
)

// Broadcast is an event's push to lichess: the OAuth token (scope
// study:write) it pushes with, and the lichess round each of its rounds
// goes to. The token is a secret: it is never written in an answer, a
// log line or an export.
type Broadcast struct {
	Event  string
	Token  string
	Rounds map[int]string
}

// SetBroadcast stores an event's push settings, replacing the ones it
// had; a Broadcast without rounds removes them.
func (s *Store) SetBroadcast(ctx context.Context, b Broadcast) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	var one int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM events WHERE id = ?`), b.Event).Scan(&one); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM broadcasts WHERE event_id = ?`), b.Event); err != nil {
		return err
	}
	if len(b.Rounds) > 0 {
		rounds, err := json.Marshal(b.Rounds)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO broadcasts (event_id, token, rounds_json) VALUES (?, ?, ?)`), b.Event, b.Token, string(rounds)); err != nil {
			return err
		}
	}
	return s.commit(tx)
}

// Broadcasts returns every event's push settings.
func (s *Store) Broadcasts(ctx context.Context) ([]Broadcast, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT event_id, token, rounds_json FROM broadcasts ORDER BY event_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Broadcast
	for rows.Next() {
		var b Broadcast
		var rounds string
		if err := rows.Scan(&b.Event, &b.Token, &rounds); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(rounds), &b.Rounds); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

package store

import (
	"context"
	"fmt"
	"time"
)

// migrations are the schema versions, in order: migrations[i] brings the
// schema from version i to version i+1. Never edit a released migration;
// append a new one. The SQL is written for both SQLite and PostgreSQL
// (times are Unix milliseconds, JSON and hashes are text, booleans are
// integers).
var migrations = []string{
	// 1: events, games, and the games' logs.
	`CREATE TABLE events (
		id           TEXT PRIMARY KEY,
		name         TEXT NOT NULL,
		site         TEXT NOT NULL DEFAULT '',
		arbiter_hash TEXT NOT NULL,
		created_ms   BIGINT NOT NULL
	);
	CREATE TABLE games (
		id         TEXT PRIMARY KEY,
		event_id   TEXT NOT NULL REFERENCES events (id),
		round      INTEGER NOT NULL,
		board      INTEGER NOT NULL,
		white      TEXT NOT NULL,
		black      TEXT NOT NULL,
		start_json TEXT NOT NULL,
		enforce    INTEGER NOT NULL,
		board_hash TEXT NOT NULL,
		head       BIGINT NOT NULL DEFAULT 0,
		created_ms BIGINT NOT NULL,
		UNIQUE (event_id, round, board)
	);
	CREATE TABLE entries (
		game_id    TEXT NOT NULL REFERENCES games (id),
		n          BIGINT NOT NULL,
		author     TEXT NOT NULL,
		seq        BIGINT,
		kind       TEXT NOT NULL,
		body       TEXT NOT NULL,
		rulings    TEXT NOT NULL,
		created_ms BIGINT NOT NULL,
		PRIMARY KEY (game_id, n)
	);
	CREATE UNIQUE INDEX entries_seq ON entries (game_id, author, seq)`,
	// 2: a row the health check writes, to tell that writes go through.
	`CREATE TABLE health (
		id         INTEGER PRIMARY KEY,
		checked_ms BIGINT NOT NULL
	)`,
	// 3: an event's settings for the games added later and its tournament
	// data (from a TRF file), the players, and the games' players.
	`ALTER TABLE events ADD COLUMN start_json TEXT NOT NULL DEFAULT '';
	ALTER TABLE events ADD COLUMN info_json TEXT NOT NULL DEFAULT '';
	ALTER TABLE events ADD COLUMN trf TEXT NOT NULL DEFAULT '';
	CREATE TABLE players (
		event_id   TEXT NOT NULL REFERENCES events (id),
		start_rank INTEGER NOT NULL,
		body       TEXT NOT NULL,
		PRIMARY KEY (event_id, start_rank)
	);
	ALTER TABLE games ADD COLUMN white_rank INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN black_rank INTEGER NOT NULL DEFAULT 0`,
	// 4: an event's broadcast delay, in seconds.
	`ALTER TABLE events ADD COLUMN delay_s INTEGER NOT NULL DEFAULT 0`,
	// 5: an event's pushes to lichess: its token and its rounds' ids.
	`CREATE TABLE broadcasts (
		event_id    TEXT PRIMARY KEY REFERENCES events (id),
		token       TEXT NOT NULL,
		rounds_json TEXT NOT NULL
	)`,
	// 6: an event's tables (the hash of each table's token) and the round
	// the arbiter started.
	`CREATE TABLE tables (
		event_id TEXT NOT NULL REFERENCES events (id),
		n        INTEGER NOT NULL,
		hash     TEXT NOT NULL,
		PRIMARY KEY (event_id, n)
	);
	ALTER TABLE events ADD COLUMN current_round INTEGER NOT NULL DEFAULT 0`,
}

// SchemaVersion is the schema version this package writes.
var SchemaVersion = len(migrations)

// migrate applies the migrations the database has not seen yet, each in its
// own transaction. On PostgreSQL an advisory lock keeps two processes that
// start together from both migrating.
func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)`); err != nil {
		return err
	}
	for {
		done, err := s.migrateOne(ctx)
		if err != nil || done {
			return err
		}
	}
}

// migrateOne applies the next migration, if any; done reports that the
// schema is up to date.
func (s *Store) migrateOne(ctx context.Context) (done bool, err error) {
	tx, end, err := s.begin(ctx)
	if err != nil {
		return false, err
	}
	defer end()
	defer tx.Rollback()
	if s.dialect == postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7170766)`); err != nil {
			return false, err
		}
	}
	var v int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return false, err
	}
	if v > len(migrations) {
		return false, fmt.Errorf("the database has schema version %d, newer than this program's %d", v, len(migrations))
	}
	if v == len(migrations) {
		return true, nil
	}
	if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
		return false, fmt.Errorf("migration %d: %w", v+1, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version, applied_ms) VALUES (?, ?)`), v+1, millis(time.Now())); err != nil {
		return false, err
	}
	return false, tx.Commit()
}

// Version returns the schema version of the database.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// Package store keeps the arbiter server's events, games and game logs in
// SQL: an embedded SQLite file by default (pure Go, modernc.org/sqlite), or
// PostgreSQL (github.com/jackc/pgx/v5) when several server processes share
// one database. Both get the same schema, created and upgraded by versioned
// migrations when the store opens.
//
// A game's log is append-only: entry n+1 can only be written by a
// transaction that holds the game's write lock and has seen entries 1..n
// (Append). The database, not a process, orders a game's entries, so
// several processes can append to one game; PostgreSQL notifies every
// listening process of each new entry (Listen).
//
// The store knows nothing of chess: it keeps actions and rulings as the
// protocol package defines them and leaves their meaning to the server.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver
)

// ErrNotFound is returned for an event or game that does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a write breaks a uniqueness rule, such as
// two games on the same board of the same round.
var ErrConflict = errors.New("conflict")

// Event is a tournament, a club evening or any set of games under one
// arbiter.
type Event struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Site    string    `json:"site,omitempty"`
	Created time.Time `json:"created"`
	// Start is the event's settings (rules, position, clock) for every
	// game added without its own.
	Start *protocol.Start `json:"start,omitempty"`
	// Info is the tournament's data a TRF file gave.
	Info EventInfo `json:"info"`
	// ArbiterHash is the SHA-256 of the arbiter's token, in hex.
	ArbiterHash string `json:"-"`
	// TRF is the last TRF file imported, kept whole so that the export
	// keeps every field the pairing program wrote.
	TRF string `json:"-"`
	// Delay is the broadcast delay in seconds: every anonymous reader sees
	// each game as it stood Delay seconds ago (0: live).
	Delay int `json:"delay"`
}

// EventInfo is what a tournament report file says of the event.
type EventInfo struct {
	City        string `json:"city,omitempty"`
	Federation  string `json:"federation,omitempty"`
	StartDate   string `json:"start_date,omitempty"`
	EndDate     string `json:"end_date,omitempty"`
	TimeControl string `json:"time_control,omitempty"` // as the file writes it
	Arbiter     string `json:"arbiter,omitempty"`
	// TRFEncoding is the encoding of the TRF file imported: "" for UTF-8,
	// "Windows-1252" for a file that was not UTF-8 (the event's TRF holds
	// it decoded, and the export writes it back in its own encoding).
	TRFEncoding string `json:"trf_encoding,omitempty"`
	// System is the pairing system the standings count unplayed rounds
	// by: "swiss", "round-robin", or "" for what the TRF file says.
	System string `json:"system,omitempty"`
	// Tiebreaks are the event's tie-breaks in C.07's names, in order
	// ("BH/C1,BH,SB"), or "" for the TRF file's or the system's default.
	Tiebreaks string `json:"tiebreaks,omitempty"`
	// Kind is "game" for a lone game played on one screen, "" for a
	// tournament.
	Kind string `json:"kind,omitempty"`
	// Lang is the event's language (package lang's code): its PGN's
	// comments and its broadcast are in it ("" is English).
	Lang string `json:"lang,omitempty"`
	// TiebreakRules is the version of FIDE's Tie-Break Regulations (C.07)
	// the arbiter chose for the standings: "2024", "2026", or "" for the
	// version in force on the event's first day.
	TiebreakRules string `json:"tiebreak_rules,omitempty"`
}

// Player is a player of an event, as a pairing program knows him: Rank is
// his starting rank (the TRF's player number), unique in the event.
type Player struct {
	Rank       int    `json:"rank"`
	Name       string `json:"name"`
	Title      string `json:"title,omitempty"`
	FIDEID     string `json:"fide_id,omitempty"`
	Rating     int    `json:"rating,omitempty"`
	Federation string `json:"federation,omitempty"`
	Sex        string `json:"sex,omitempty"`
	Birth      string `json:"birth,omitempty"`
}

// Game is one game of an event: who plays, how it starts, and how many
// entries its log has (Head).
type Game struct {
	ID      string         `json:"id"`
	Event   string         `json:"event"`
	Round   int            `json:"round"`
	Board   int            `json:"board"`
	White   string         `json:"white"`
	Black   string         `json:"black"`
	Start   protocol.Start `json:"start"`
	Enforce bool           `json:"enforce"`
	Created time.Time      `json:"created"`
	Head    int64          `json:"n"`
	// WhiteRank and BlackRank are the players' starting ranks in the
	// event's player list, 0 for a game typed without players.
	WhiteRank int `json:"white_rank,omitempty"`
	BlackRank int `json:"black_rank,omitempty"`
	// BoardHash is the SHA-256 of the board's token, in hex.
	BoardHash string `json:"-"`
}

// Entry kinds.
const (
	KindAction   = "action"   // an action of the protocol, replayed by the engine
	KindDecision = "decision" // a result set by the arbiter's decision
)

// Authors of entries.
const (
	ByBoard   = "board"
	ByArbiter = "arbiter"
)

// Entry is one line of a game's log: an action (or an arbiter's
// decision), who sent it, the client's sequence number, and the rulings
// that answered it.
type Entry struct {
	Game     string            `json:"game"`
	N        int64             `json:"n"` // 1-based position in the log, the rulings' "at"
	Author   string            `json:"author"`
	Seq      int64             `json:"seq,omitempty"`
	Kind     string            `json:"kind"`
	Action   *protocol.Action  `json:"action,omitempty"`
	Decision *Decision         `json:"decision,omitempty"`
	Rulings  []protocol.Ruling `json:"rulings"`
	Time     time.Time         `json:"time"`
	// Notes are what the server noted of the action beside the engine's
	// rulings: a board's t re-stamped, a physical clock's times held, the
	// clocks stopped while the server was down.
	Notes []Note `json:"notes,omitempty"`
}

// Note is what the server noted of an action that the engine does not
// rule on: where it did not take what a board sent as it was, or credited
// time back (the server's, not the engine's; see the server's API page).
type Note struct {
	// Kind is NoteRestamped, NoteClockHeld or NoteOutage.
	Kind string `json:"kind"`
	// Text says it in words.
	Text string `json:"text"`
	// BoardT is the t the board gave (NoteRestamped).
	BoardT *int64 `json:"board_t,omitempty"`
	// Times is what a physical clock showed, held rather than taken as the
	// clock of record, and Reckoned the server's reckoning at that moment
	// (NoteClockHeld).
	Times    *protocol.Times `json:"times,omitempty"`
	Reckoned *protocol.Times `json:"reckoned,omitempty"`
	// Runs is whose clock ran at the reading (NoteClockHeld).
	Runs string `json:"runs,omitempty"`
	// From and To are when the server stopped and started again
	// (NoteOutage).
	From *time.Time `json:"from,omitempty"`
	To   *time.Time `json:"to,omitempty"`
}

// The kinds of note.
const (
	NoteRestamped = "restamped"  // the board's t was not taken: the server's arrival time was
	NoteClockHeld = "clock-held" // a physical clock's times differ from the server's reckoning: held for the arbiter
	NoteOutage    = "outage"     // the server was down: the clocks were stopped meanwhile
)

// Decision is a result the arbiter sets on a game. Result "*" withdraws an
// earlier decision.
//
// Forfeit marks a result by forfeit (the game was not played: 1-0 or
// 0-1, or 0-0 when both lose by forfeit); decisions stored before it
// existed read as false.
type Decision struct {
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
	Forfeit bool   `json:"forfeit,omitempty"`
}

// Store is an open database. It is safe for concurrent use.
type Store struct {
	db      *sql.DB
	dsn     string
	dialect dialect
	// writeMu serialises a process's write transactions on SQLite, which
	// allows one writer at a time anyway: waiting on a mutex is cheaper and
	// fairer than SQLite's busy loop.
	writeMu sync.Mutex
	// appends queue the appends for the SQLite writer (group commit).
	appends chan *appendReq
	// prepared are the SQLite writer's prepared statements.
	prepared stmts
	// notes are the notifications of new entries waiting for the
	// PostgreSQL notifier (notify), which noteWake wakes; noteStop ends
	// it and noteDone tells it has.
	noteMu             sync.Mutex
	notes              map[string]int64
	noteWake           chan struct{}
	noteStop, noteDone chan struct{}
	// notifyFailed counts the notifier's statements that failed (each
	// tried twice); see NotificationsFailed.
	notifyFailed atomic.Int64
	// listening is set while Listen listens.
	listening atomic.Bool
	// pgAppends queue the appends (AppendAt) for the PostgreSQL writers;
	// pgStop ends them, pgWG waits for them, pgStopped tells they have.
	pgAppends         chan *pgAppendReq
	pgStop, pgStopped chan struct{}
	pgWG              sync.WaitGroup
	// files are the SQLite files the store opened, and gone the lasting
	// fault once either was removed or replaced (checkFiles).
	files files
	gone  atomic.Pointer[error]
	// stop ends the SQLite writer and checkpointer; stopped and
	// checkpointed tell they have.
	stop, stopped, checkpointed chan struct{}
	closeOnce                   sync.Once
}

type dialect int

const (
	sqlite dialect = iota
	postgres
)

// Options are the choices of OpenWith.
type Options struct {
	// NewHall lets an SQLite file that exists but holds no hall (an empty
	// file, or a database without tables) become a new hall. Without it
	// such a file is refused: an empty file in the place of a hall's
	// database is far more often a mistake (a copy gone wrong, the wrong
	// path) than a wish to start again with nothing.
	NewHall bool
}

// Open is OpenWith without options: a file that does not exist is
// created as a new hall; an empty one is refused.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith opens (creating if needed) the database named by dsn and brings
// its schema up to date. A dsn starting with postgres:// or postgresql://
// is a PostgreSQL connection URL; anything else is the path of an SQLite
// file (":memory:" is not supported, as every connection would see a
// different database).
//
// An SQLite file is checked before it is used: a damaged file
// (PRAGMA quick_check) and a database of another program are refused with
// a clear message, and so is a file that exists but holds no hall unless
// opts.NewHall is set. While the store is open it watches the file and
// its write-ahead log: once either is removed or replaced, every write
// fails with ErrGone (Fault says why), rather than be acknowledged and
// lost.
func OpenWith(ctx context.Context, dsn string, opts Options) (*Store, error) {
	s := &Store{dsn: dsn}
	var err error
	if IsPostgres(dsn) {
		s.dialect = postgres
		s.db, err = sql.Open("pgx", dsn)
		if err == nil {
			s.db.SetMaxOpenConns(32)
			s.db.SetMaxIdleConns(32)
			s.db.SetConnMaxIdleTime(5 * time.Minute)
		}
	} else {
		s.dialect = sqlite
		existed, err := checkNewFile(sqlitePath(dsn), opts.NewHall)
		if err != nil {
			return nil, err
		}
		opts.NewHall = opts.NewHall || !existed
		s.db, err = sql.Open("sqlite", sqliteDSN(dsn))
		if err == nil {
			s.db.SetMaxOpenConns(8)
			s.db.SetMaxIdleConns(8)
		}
	}
	if err != nil {
		return nil, err
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("open %s: %w", s.Describe(), Classify(err))
	}
	if s.dialect == sqlite {
		if err := s.checkSQLite(ctx, opts.NewHall); err != nil {
			s.db.Close()
			return nil, err
		}
	}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("migrate %s: %w", s.Describe(), Classify(err))
	}
	if s.dialect == sqlite {
		// A write makes the write-ahead log exist, so that its identity
		// is known from the start.
		if err := s.WriteCheck(ctx); err != nil {
			s.db.Close()
			return nil, fmt.Errorf("open %s: the first write failed: %w", s.Describe(), Classify(err))
		}
		if err := s.recordFiles(sqlitePath(dsn)); err != nil {
			s.db.Close()
			return nil, fmt.Errorf("open %s: %w", s.Describe(), err)
		}
	}
	if s.dialect == postgres {
		s.notes = map[string]int64{}
		s.noteWake = make(chan struct{}, 1)
		s.noteStop, s.noteDone = make(chan struct{}), make(chan struct{})
		go s.notifier()
		s.pgAppends = make(chan *pgAppendReq, maxGroup)
		s.pgStop, s.pgStopped = make(chan struct{}), make(chan struct{})
		s.pgWG.Add(pgWriters)
		for range pgWriters {
			go s.pgWriter()
		}
	}
	if s.dialect == sqlite {
		s.stop = make(chan struct{})
		s.stopped = make(chan struct{})
		s.checkpointed = make(chan struct{})
		s.appends = make(chan *appendReq, maxGroup)
		go s.checkpointer()
		go s.writer()
		go s.watchFiles(time.Second)
	}
	return s, nil
}

// commit commits a write transaction and, on SQLite, checks that the
// files written are still the database's (checkFiles), before the commit
// (a transaction for a file removed or replaced is rolled back) and after
// it (a commit into a file removed meanwhile is reported as failed, so
// that it is not acknowledged).
func (s *Store) commit(tx *sql.Tx) error {
	if err := s.checkFiles(false); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.checkFiles(false)
}

// sqlitePath is the file name of an SQLite DSN.
func sqlitePath(dsn string) string {
	path := strings.TrimPrefix(dsn, "sqlite://")
	path = strings.TrimPrefix(path, "file:")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	return path
}

// checkNewFile refuses an SQLite file that exists but is empty, unless
// newHall allows it to become a new hall; existed reports whether the
// file was there.
func checkNewFile(path string, newHall bool) (existed bool, err error) {
	fi, err := os.Stat(path)
	if err != nil {
		return false, nil // absent: a new hall
	}
	if fi.IsDir() {
		return true, fmt.Errorf("%s is a folder, not a database file", path)
	}
	if fi.Size() == 0 && !newHall {
		return true, fmt.Errorf("%s is an empty file, not a hall's database: give the right --db, or start with --new-hall to make a new hall in it", path)
	}
	return true, nil
}

// checkSQLite checks an SQLite file before use: not damaged
// (PRAGMA quick_check), this program's (its schema_migrations table), or
// without tables at all, which is a new hall only when newHall allows it
// (or the file was just created).
func (s *Store) checkSQLite(ctx context.Context, newHall bool) error {
	path := sqlitePath(s.dsn)
	var tables int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'`).Scan(&tables); err != nil {
		return fmt.Errorf("%s cannot be read as an SQLite database: %w", path, Classify(err))
	}
	rows, err := s.db.QueryContext(ctx, `PRAGMA quick_check(5)`)
	if err != nil {
		return fmt.Errorf("%s cannot be checked: %w", path, Classify(err))
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return fmt.Errorf("%s cannot be checked: %w", path, Classify(err))
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return fmt.Errorf("%s cannot be checked: %w", path, Classify(err))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s: %s; restore it from a backup (the server takes no chance with a damaged log)", ErrCorrupt, path, strings.Join(problems, "; "))
	}
	if tables == 0 {
		if !newHall {
			return fmt.Errorf("%s is a database with no tables, not a hall's: give the right --db, or start with --new-hall to make a new hall in it", path)
		}
		return nil
	}
	var ours int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&ours); err != nil {
		return fmt.Errorf("%s: %w", path, Classify(err))
	}
	if ours == 0 {
		return fmt.Errorf("%s is the database of another program (it has tables, but not this one's): give the right --db", path)
	}
	return nil
}

// checkpointer copies the SQLite write-ahead log into the database file
// every second, without blocking writers (a passive checkpoint), and
// truncates it when it has grown large.
func (s *Store) checkpointer() {
	defer close(s.checkpointed)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for n := 1; ; n++ {
		select {
		case <-s.stop:
			s.db.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
			return
		case <-tick.C:
		}
		mode := "PASSIVE"
		if n%60 == 0 {
			mode = "TRUNCATE" // once a minute, so the WAL file does not keep its peak size
		}
		s.db.Exec(`PRAGMA wal_checkpoint(` + mode + `)`)
	}
}

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// sqliteDSN turns a file name into a modernc.org/sqlite DSN: WAL journal,
// synchronous=FULL so that a commit is on disk before it returns, a busy
// timeout for other processes, foreign keys, and BEGIN IMMEDIATE so that a
// write transaction takes the write lock before it reads.
func sqliteDSN(path string) string {
	path = sqlitePath(path)
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	// Checkpoints run in the background (checkpointer), not in the commit
	// of whichever post happens to fill the WAL.
	q.Add("_pragma", "wal_autocheckpoint(0)")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Describe names the database for logs, without any password.
func (s *Store) Describe() string {
	if s.dialect == sqlite {
		return "sqlite " + strings.TrimPrefix(s.dsn, "file:")
	}
	u, err := url.Parse(s.dsn)
	if err != nil {
		return "postgres"
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	return u.Redacted()
}

// Postgres reports whether the store is a PostgreSQL database.
func (s *Store) Postgres() bool { return s.dialect == postgres }

// NotificationsFailed returns how many times sending the notifications of
// new entries failed since the store opened (PostgreSQL only). A failed
// notification leaves the other processes' live followers of those games
// behind until the games' next entries; the logs lose nothing.
func (s *Store) NotificationsFailed() int64 { return s.notifyFailed.Load() }

// Close closes the database.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		if s.stop != nil {
			close(s.stop)
			<-s.stopped
			<-s.checkpointed
		}
		if s.pgStop != nil {
			close(s.pgStop)
			s.pgWG.Wait()
			close(s.pgStopped)
		}
		if s.noteStop != nil {
			close(s.noteStop)
			<-s.noteDone
		}
		for _, st := range s.prepared.m {
			st.Close()
		}
	})
	return s.db.Close()
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// q rewrites the ? placeholders of a query for the dialect ($1, $2 ... on
// PostgreSQL). The queries of this package have no ? inside literals.
func (s *Store) q(query string) string {
	if s.dialect == sqlite {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// begin starts a write transaction; done must be called when it ends.
func (s *Store) begin(ctx context.Context) (tx *sql.Tx, done func(), err error) {
	if s.dialect == sqlite {
		s.writeMu.Lock()
		tx, err = s.db.BeginTx(ctx, nil)
		if err != nil {
			s.writeMu.Unlock()
			return nil, nil, err
		}
		return tx, s.writeMu.Unlock, nil
	}
	tx, err = s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	return tx, func() {}, nil
}

// conflict maps a unique-constraint failure to ErrConflict.
func conflict(err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return fmt.Errorf("%w: %s", ErrConflict, pe.Detail)
	}
	if strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return err
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// CreateEvent stores a new event with its first games, in one transaction.
func (s *Store) CreateEvent(ctx context.Context, e Event, games []Game) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	start, info, err := eventJSON(e)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO events (id, name, site, arbiter_hash, created_ms, start_json, info_json, trf, delay_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		e.ID, e.Name, e.Site, e.ArbiterHash, millis(e.Created), start, info, e.TRF, e.Delay); err != nil {
		return conflict(err)
	}
	if err := s.insertGames(ctx, tx, games); err != nil {
		return err
	}
	return s.commit(tx)
}

// AddGames adds games to an existing event.
func (s *Store) AddGames(ctx context.Context, eventID string, games []Game) error {
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
	for i := range games {
		games[i].Event = eventID
	}
	if err := s.insertGames(ctx, tx, games); err != nil {
		return err
	}
	return s.commit(tx)
}

func (s *Store) insertGames(ctx context.Context, tx *sql.Tx, games []Game) error {
	for _, g := range games {
		start, err := json.Marshal(g.Start)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, event_id, round, board, white, black, start_json, enforce, board_hash, head, created_ms, white_rank, black_rank)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`),
			g.ID, g.Event, g.Round, g.Board, g.White, g.Black, string(start), boolInt(g.Enforce), g.BoardHash, millis(g.Created), g.WhiteRank, g.BlackRank); err != nil {
			return conflict(err)
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// eventJSON encodes an event's settings and data for their columns.
func eventJSON(e Event) (start, info string, err error) {
	if e.Start != nil {
		b, err := json.Marshal(e.Start)
		if err != nil {
			return "", "", err
		}
		start = string(b)
	}
	b, err := json.Marshal(e.Info)
	return start, string(b), err
}

const eventColumns = `id, name, site, arbiter_hash, created_ms, start_json, info_json, trf, delay_s`

func scanEvent(sc interface{ Scan(...any) error }) (Event, error) {
	var e Event
	var ms int64
	var start, info string
	if err := sc.Scan(&e.ID, &e.Name, &e.Site, &e.ArbiterHash, &ms, &start, &info, &e.TRF, &e.Delay); err != nil {
		return Event{}, err
	}
	e.Created = fromMillis(ms)
	if start != "" {
		e.Start = &protocol.Start{}
		if err := json.Unmarshal([]byte(start), e.Start); err != nil {
			return Event{}, fmt.Errorf("event %s: start: %w", e.ID, err)
		}
	}
	if info != "" {
		if err := json.Unmarshal([]byte(info), &e.Info); err != nil {
			return Event{}, fmt.Errorf("event %s: info: %w", e.ID, err)
		}
	}
	return e, nil
}

// Event reads one event.
func (s *Store) Event(ctx context.Context, id string) (Event, error) {
	e, err := scanEvent(s.db.QueryRowContext(ctx, s.q(`SELECT `+eventColumns+` FROM events WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Event{}, ErrNotFound
	}
	return e, err
}

// Events lists every event, newest first.
func (s *Store) Events(ctx context.Context) ([]Event, error) {
	return s.EventsPage(ctx, 0, -1)
}

// EventsPage lists events, newest first: limit of them (all with a
// negative limit) after skipping offset.
func (s *Store) EventsPage(ctx context.Context, offset, limit int) ([]Event, error) {
	q := `SELECT ` + eventColumns + ` FROM events ORDER BY created_ms DESC, id`
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
	out := []Event{}
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// updateEvent writes an event's name, site, settings, data and TRF file
// within tx.
func (s *Store) updateEvent(ctx context.Context, tx *sql.Tx, e Event) error {
	start, info, err := eventJSON(e)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, s.q(`UPDATE events SET name = ?, site = ?, start_json = ?, info_json = ?, trf = ? WHERE id = ?`),
		e.Name, e.Site, start, info, e.TRF, e.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// ImportPlayers writes an event (its name, site, settings, data and TRF
// file), creates or updates its players (by starting rank), and adds
// games, in one transaction: a TRF import is whole or nothing.
func (s *Store) ImportPlayers(ctx context.Context, e Event, players []Player, games []Game) error {
	eventID := e.ID
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	if err := s.updateEvent(ctx, tx, e); err != nil {
		return err
	}
	for _, p := range players {
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO players (event_id, start_rank, body) VALUES (?, ?, ?)
			ON CONFLICT (event_id, start_rank) DO UPDATE SET body = excluded.body`), eventID, p.Rank, string(b)); err != nil {
			return err
		}
	}
	for i := range games {
		games[i].Event = eventID
	}
	if err := s.insertGames(ctx, tx, games); err != nil {
		return err
	}
	return s.commit(tx)
}

// Players lists an event's players by starting rank.
func (s *Store) Players(ctx context.Context, eventID string) ([]Player, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT body FROM players WHERE event_id = ? ORDER BY start_rank`), eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Player{}
	for rows.Next() {
		var body string
		var p Player
		if err := rows.Scan(&body); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(body), &p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

const gameColumns = `id, event_id, round, board, white, black, start_json, enforce, board_hash, head, created_ms, white_rank, black_rank`

func scanGame(sc interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var start string
	var enforce int
	var ms int64
	if err := sc.Scan(&g.ID, &g.Event, &g.Round, &g.Board, &g.White, &g.Black, &start, &enforce, &g.BoardHash, &g.Head, &ms, &g.WhiteRank, &g.BlackRank); err != nil {
		return Game{}, err
	}
	if err := json.Unmarshal([]byte(start), &g.Start); err != nil {
		return Game{}, fmt.Errorf("game %s: start: %w", g.ID, err)
	}
	g.Enforce = enforce != 0
	g.Created = fromMillis(ms)
	return g, nil
}

// Game reads one game.
func (s *Store) Game(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

// Games lists the games of an event by round and board.
func (s *Store) Games(ctx context.Context, eventID string) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE event_id = ? ORDER BY round, board, id`), eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Game{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Heads returns the number of entries in the log of each game of an
// event, by game id.
func (s *Store) Heads(ctx context.Context, eventID string) (map[string]int64, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, head FROM games WHERE event_id = ?`), eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var id string
		var n int64
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// Head returns the number of entries in a game's log.
func (s *Store) Head(ctx context.Context, gameID string) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT head FROM games WHERE id = ?`), gameID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return n, err
}

// WriteCheck writes and commits a row of its own, to tell whether the
// database takes writes now (a full disk, a read-only file, a lost
// connection fail it).
func (s *Store) WriteCheck(ctx context.Context) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO health (id, checked_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_ms = excluded.checked_ms`), time.Now().UnixMilli()); err != nil {
		return err
	}
	return s.commit(tx)
}

// SetDelay sets an event's broadcast delay (seconds).
func (s *Store) SetDelay(ctx context.Context, eventID string, seconds int) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE events SET delay_s = ? WHERE id = ?`), seconds, eventID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return s.commit(tx)
}

// SetInfo writes an event's settings and data (its Info), and nothing
// else of it.
func (s *Store) SetInfo(ctx context.Context, eventID string, info EventInfo) error {
	b, err := json.Marshal(info)
	if err != nil {
		return err
	}
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE events SET info_json = ? WHERE id = ?`), string(b), eventID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return s.commit(tx)
}

// Beat writes the heartbeat of a server process (its id, not 1: that row
// is WriteCheck's) at now.
func (s *Store) Beat(ctx context.Context, process int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO health (id, checked_ms) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET checked_ms = excluded.checked_ms`), process, millis(now))
	if err == nil {
		err = s.checkFiles(false)
	}
	return err
}

// LastBeat returns the latest heartbeat of any server process, and false
// when none was ever written. Heartbeats older than a week are dropped.
func (s *Store) LastBeat(ctx context.Context) (time.Time, bool, error) {
	s.db.ExecContext(ctx, s.q(`DELETE FROM health WHERE id <> 1 AND checked_ms < ?`), millis(time.Now().Add(-7*24*time.Hour)))
	var ms sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT MAX(checked_ms) FROM health WHERE id <> 1`).Scan(&ms); err != nil {
		return time.Time{}, false, err
	}
	if !ms.Valid {
		return time.Time{}, false, nil
	}
	return fromMillis(ms.Int64), true, nil
}

// SetBoardHash replaces the hash of a game's board token.
func (s *Store) SetBoardHash(ctx context.Context, gameID, hash string) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET board_hash = ? WHERE id = ?`), hash, gameID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return s.commit(tx)
}

// Entries reads the entries of a game's log after entry number after, in
// order.
func (s *Store) Entries(ctx context.Context, gameID string, after int64) ([]Entry, error) {
	return s.entries(ctx, s.db, gameID, after)
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (s *Store) entries(ctx context.Context, db querier, gameID string, after int64) ([]Entry, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT game_id, n, author, seq, kind, body, rulings, created_ms FROM entries WHERE game_id = ? AND n > ? ORDER BY n`), gameID, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// EntriesAfter reads, for several games at once, the entries of each
// game's log after the number given for it, in order.
func (s *Store) EntriesAfter(ctx context.Context, after map[string]int64) (map[string][]Entry, error) {
	out := make(map[string][]Entry, len(after))
	if len(after) == 0 {
		return out, nil
	}
	if s.dialect != postgres {
		for id, n := range after {
			es, err := s.Entries(ctx, id, n)
			if err != nil {
				return nil, err
			}
			out[id] = es
		}
		return out, nil
	}
	ids, ns := make([]string, 0, len(after)), make([]int64, 0, len(after))
	for id, n := range after {
		ids, ns = append(ids, id), append(ns, n)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT e.game_id, e.n, e.author, e.seq, e.kind, e.body, e.rulings, e.created_ms
		FROM unnest($1::text[], $2::bigint[]) AS q (id, after) JOIN entries e ON e.game_id = q.id AND e.n > q.after
		ORDER BY e.game_id, e.n`, ids, ns)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out[e.Game] = append(out[e.Game], e)
	}
	return out, rows.Err()
}

// scanEntry reads an entry's row: game_id, n, author, seq, kind, body,
// rulings, created_ms.
func scanEntry(rows *sql.Rows) (Entry, error) {
	var e Entry
	var seq sql.NullInt64
	var body, rulings string
	var ms int64
	if err := rows.Scan(&e.Game, &e.N, &e.Author, &seq, &e.Kind, &body, &rulings, &ms); err != nil {
		return Entry{}, err
	}
	e.Seq = seq.Int64
	e.Time = fromMillis(ms)
	var err error
	switch e.Kind {
	case KindAction:
		var x noted
		err = json.Unmarshal([]byte(body), &x)
		e.Action, e.Notes = &x.Action, x.Notes
	case KindDecision:
		e.Decision = new(Decision)
		err = json.Unmarshal([]byte(body), e.Decision)
	default:
		err = fmt.Errorf("unknown kind %q", e.Kind)
	}
	if err == nil {
		err = json.Unmarshal([]byte(rulings), &e.Rulings)
	}
	if err != nil {
		return Entry{}, fmt.Errorf("game %s entry %d: %w", e.Game, e.N, err)
	}
	if e.Action != nil {
		e.Action.Seq = e.Seq
	}
	return e, nil
}

// ErrStale is returned by AppendAt when the game's log has moved past the
// caller's knowledge (another process appended): nothing was written.
var ErrStale = errors.New("store: the game's log has moved on")

// ErrTokenChanged is returned by an append guarded by a board token's hash
// when the game's board token has been replaced since (by this process or
// another): nothing was written.
var ErrTokenChanged = errors.New("store: the board token was replaced")

// Append adds entries to a game's log in one transaction that holds the
// game's write lock (a row lock on PostgreSQL, the database's write lock on
// SQLite). have is the number of entries the caller already knows; fn
// receives the entries stored since (written by another process, or
// missed), and returns the entries to append, numbered from have +
// len(missing) + 1 on. When fn returns an error nothing is written and
// Append returns it. The entries are durable when Append returns nil.
//
// boardHash, when not empty, is the hash of the board token the entries
// were posted with: if the game's board token has been replaced, nothing
// is written and Append returns ErrTokenChanged (the check is made under
// the game's write lock, so that a token replaced by another process is
// refused from the moment its replacement commits).
//
// On SQLite, appends waiting at the same time (to different games) are
// committed together, in one transaction with one sync to disk (group
// commit); each keeps its own outcome, as if alone.
func (s *Store) Append(ctx context.Context, gameID string, have int64, boardHash string, fn func(missing []Entry) ([]Entry, error)) error {
	if s.dialect == sqlite {
		return s.groupAppend(ctx, gameID, have, boardHash, fn)
	}
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	head, err := s.appendTx(ctx, tx, gameID, have, boardHash, fn)
	if err != nil {
		return err
	}
	if err := s.commit(tx); err != nil {
		return err
	}
	if head > 0 {
		s.notify(gameID, head)
	}
	return nil
}

// AppendAt appends entries, numbered from have + 1 on, to a game's log
// whose head is have: the common case of Append, when the caller knows the
// whole log. When the log has moved on it writes nothing and returns
// ErrStale (the caller then uses Append, which hands it the missing
// entries); boardHash is Append's. The entries are durable when AppendAt
// returns nil.
//
// On PostgreSQL it is one statement (checking the head and the token,
// moving the head and inserting the entries) committed on its own: one
// round trip to the database.
func (s *Store) AppendAt(ctx context.Context, gameID string, have int64, boardHash string, entries []Entry) error {
	if len(entries) == 0 {
		return nil
	}
	if s.dialect == sqlite {
		return s.groupAppend(ctx, gameID, have, boardHash, func(missing []Entry) ([]Entry, error) {
			if len(missing) > 0 {
				return nil, ErrStale
			}
			return entries, nil
		})
	}
	for i, e := range entries {
		if e.N != have+int64(i)+1 {
			return fmt.Errorf("game %s: entry numbered %d, want %d", gameID, e.N, have+int64(i)+1)
		}
	}
	return s.pgAppend(ctx, &pgAppendReq{game: gameID, have: have, hash: boardHash, entries: entries})
}

// noted is the body of an action entry with notes: the action's fields
// and the notes beside them (an action's own fields never include
// "notes", and a body without notes reads as before).
type noted struct {
	protocol.Action
	Notes []Note `json:"notes,omitempty"`
}

// encodeEntry returns the body and rulings columns of an entry.
func encodeEntry(e Entry) (body, rulings string, err error) {
	var b []byte
	switch e.Kind {
	case KindAction:
		a := *e.Action
		a.Seq = 0 // kept in its own column
		if len(e.Notes) > 0 {
			b, err = json.Marshal(noted{Action: a, Notes: e.Notes})
		} else {
			b, err = json.Marshal(a)
		}
	case KindDecision:
		b, err = json.Marshal(e.Decision)
	default:
		err = fmt.Errorf("unknown kind %q", e.Kind)
	}
	if err != nil {
		return "", "", err
	}
	rs := e.Rulings
	if rs == nil {
		rs = []protocol.Ruling{}
	}
	r, err := json.Marshal(rs)
	if err != nil {
		return "", "", err
	}
	return string(b), string(r), nil
}

// appendTx is Append inside a transaction that the caller commits; it
// returns the game's new head, or 0 when nothing was appended.
func (s *Store) appendTx(ctx context.Context, tx *sql.Tx, gameID string, have int64, boardHash string, fn func(missing []Entry) ([]Entry, error)) (int64, error) {
	var err error
	lock := `SELECT head, board_hash FROM games WHERE id = ?`
	if s.dialect == postgres {
		lock += ` FOR UPDATE`
	}
	var head int64
	var hash string
	if err := s.txQueryRow(ctx, tx, s.q(lock), gameID).Scan(&head, &hash); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, ErrNotFound
		}
		return 0, err
	}
	if boardHash != "" && hash != boardHash {
		return 0, ErrTokenChanged
	}
	var missing []Entry
	if head > have {
		if missing, err = s.entries(ctx, tx, gameID, have); err != nil {
			return 0, err
		}
		if int64(len(missing)) != head-have {
			return 0, fmt.Errorf("game %s: log has %d entries after %d, head says %d", gameID, len(missing), have, head)
		}
	} else if head < have {
		return 0, fmt.Errorf("game %s: caller knows %d entries, the log has %d", gameID, have, head)
	}
	add, err := fn(missing)
	if err != nil {
		return 0, err
	}
	if len(add) == 0 {
		return 0, nil
	}
	ins := s.q(`INSERT INTO entries (game_id, n, author, seq, kind, body, rulings, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	for i, e := range add {
		if e.N != head+int64(i)+1 {
			return 0, fmt.Errorf("game %s: entry numbered %d, want %d", gameID, e.N, head+int64(i)+1)
		}
		body, rulings, err := encodeEntry(e)
		if err != nil {
			return 0, err
		}
		var seq any
		if e.Seq != 0 {
			seq = e.Seq
		}
		if _, err := s.txExec(ctx, tx, ins, gameID, e.N, e.Author, seq, e.Kind, body, rulings, millis(e.Time)); err != nil {
			return 0, conflict(err)
		}
	}
	newHead := head + int64(len(add))
	if _, err := s.txExec(ctx, tx, s.q(`UPDATE games SET head = ? WHERE id = ?`), newHead, gameID); err != nil {
		return 0, err
	}
	return newHead, nil
}

package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	msqlite "modernc.org/sqlite"
)

// The faults of a database, as the server tells its clients and its log
// (Classify): the causes a driver's error stands for, in words an
// operator acts on. Each is wrapped with the driver's own error, which
// the log keeps.
var (
	// ErrUnavailable: the database does not answer (PostgreSQL stopped or
	// unreachable, a connection lost, SQLite busy beyond its timeout or an
	// I/O error).
	ErrUnavailable = errors.New("the database is unavailable")
	// ErrFull: the disk (or the database's quota) is full.
	ErrFull = errors.New("the database's disk is full")
	// ErrReadOnly: the database (or its file) takes no writes.
	ErrReadOnly = errors.New("the database is read-only")
	// ErrCorrupt: the database file is damaged.
	ErrCorrupt = errors.New("the database file is damaged")
	// ErrGone: the database file the server opened was removed or
	// replaced under it; what it writes would go to a file nobody will
	// open again, so it writes nothing more.
	ErrGone = errors.New("the database file was removed or replaced")
)

// Classify returns err wrapped in the fault it stands for (one of the
// Err variables above, the driver's error kept after it), or err itself
// when it is none of them.
func Classify(err error) error {
	if err == nil {
		return nil
	}
	for _, f := range []error{ErrUnavailable, ErrFull, ErrReadOnly, ErrCorrupt, ErrGone} {
		if errors.Is(err, f) {
			return err
		}
	}
	if f := faultOf(err); f != nil {
		return fmt.Errorf("%w: %v", f, err)
	}
	return err
}

// faultOf maps a driver's error to its fault, or nil.
func faultOf(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "53100": // disk_full
			return ErrFull
		case pe.Code == "25006": // read_only_sql_transaction
			return ErrReadOnly
		case strings.HasPrefix(pe.Code, "08"), // connection exceptions
			pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03", // shutdowns, cannot connect now
			pe.Code == "53300": // too many connections
			return ErrUnavailable
		case pe.Code == "XX001", pe.Code == "XX002": // data or index corrupted
			return ErrCorrupt
		}
		return nil
	}
	var se *msqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case 13: // SQLITE_FULL
			return ErrFull
		case 8: // SQLITE_READONLY
			return ErrReadOnly
		case 11, 26: // SQLITE_CORRUPT, SQLITE_NOTADB
			return ErrCorrupt
		case 10, 14, 5, 6: // SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_BUSY, SQLITE_LOCKED
			return ErrUnavailable
		}
		return nil
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &ce), errors.As(err, &ne), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, driver.ErrBadConn), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, context.DeadlineExceeded):
		return ErrUnavailable
	case errors.Is(err, syscall.ENOSPC):
		return ErrFull
	case errors.Is(err, syscall.EROFS):
		return ErrReadOnly
	}
	if strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "connection refused") {
		return ErrUnavailable
	}
	return nil
}

// fileID is the identity of an SQLite file the store opened: its path
// and what the path named then.
type fileID struct {
	path string
	info os.FileInfo
}

// files are the SQLite files whose identity the store watches: the
// database and its write-ahead log.
type files struct {
	db, wal fileID
}

// recordFiles notes the identity of the database file and of its
// write-ahead log (which the first write creates), so that checkFiles can
// tell when either is removed or replaced.
func (s *Store) recordFiles(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	db, err := os.Stat(abs)
	if err != nil {
		return err
	}
	s.files.db = fileID{abs, db}
	if wal, err := os.Stat(abs + "-wal"); err == nil {
		s.files.wal = fileID{abs + "-wal", wal}
	}
	return nil
}

// checkFiles reports ErrGone when the database file or its write-ahead
// log is no longer the file the store opened (removed, or another file
// in its place). It costs a stat or two; on Linux, deep also looks for a
// removed file among the process's open files.
func (s *Store) checkFiles(deep bool) error {
	if s.dialect != sqlite || s.files.db.info == nil {
		return nil
	}
	if err := s.gone.Load(); err != nil {
		return *err
	}
	for _, f := range []fileID{s.files.db, s.files.wal} {
		if f.info == nil {
			continue
		}
		now, err := os.Stat(f.path)
		switch {
		case err != nil && os.IsNotExist(err):
			return s.fail(fmt.Errorf("%w: %s is gone", ErrGone, f.path))
		case err != nil:
			return fmt.Errorf("%w: %v", ErrUnavailable, err)
		case !os.SameFile(now, f.info):
			return s.fail(fmt.Errorf("%w: %s is another file than the one opened", ErrGone, f.path))
		}
	}
	if deep && runtime.GOOS == "linux" {
		if p := deletedOpenFile(s.files.db.path); p != "" {
			return s.fail(fmt.Errorf("%w: %s was removed while open", ErrGone, p))
		}
	}
	return nil
}

// fail makes err the store's lasting fault: no write is taken after it
// (the server must be restarted on the right file).
func (s *Store) fail(err error) error {
	s.gone.CompareAndSwap(nil, &err)
	return *s.gone.Load()
}

// deletedOpenFile returns the path of a file of the database (path, its
// -wal or -shm) that this process holds open although it was removed,
// or "" (Linux: /proc/self/fd).
func deletedOpenFile(path string) string {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return ""
	}
	for _, e := range ents {
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil || !strings.HasSuffix(target, " (deleted)") {
			continue
		}
		name := strings.TrimSuffix(target, " (deleted)")
		if name == path || name == path+"-wal" || name == path+"-shm" {
			return name
		}
	}
	return ""
}

// Fault returns the store's lasting fault (ErrGone), or nil: a store
// that found its file removed or replaced takes no more writes.
func (s *Store) Fault() error {
	if err := s.gone.Load(); err != nil {
		return *err
	}
	return nil
}

// watchFiles checks the files every period until the store closes, so
// that a file removed while no one writes is noticed (and said by
// /healthz) at once.
func (s *Store) watchFiles(period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		s.checkFiles(true)
	}
}

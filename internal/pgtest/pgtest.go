// Package pgtest gives each test a fresh, empty schema of the PostgreSQL
// server that the ARBITER_TEST_POSTGRES variable names (server/ci-postgres.sh
// starts one and prints the variable), for the tests of every package that
// stores to PostgreSQL.
package pgtest

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver of database/sql
)

// Env names the variable that points the tests at a PostgreSQL server.
const Env = "ARBITER_TEST_POSTGRES"

var schemas atomic.Int64

// Schema returns the URL of a fresh schema of the test PostgreSQL server
// (the server's URL with search_path set to it), dropped when the test
// ends. It skips the test when Env is not set.
func Schema(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Skipf("PostgreSQL tests skipped: set %s (eval \"$(bash server/ci-postgres.sh)\" starts a server and prints it)", Env)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	schema := fmt.Sprintf("t_%d_%d_%d", os.Getpid(), time.Now().UnixNano(), schemas.Add(1))
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("PostgreSQL at %s: %v", Env, err)
	}
	t.Cleanup(func() {
		if db, err := sql.Open("pgx", base); err == nil {
			db.Exec("DROP SCHEMA " + schema + " CASCADE")
			db.Close()
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

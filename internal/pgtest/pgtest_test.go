package pgtest

import (
	"database/sql"
	"strings"
	"testing"
)

// Each call gives a schema of its own, empty, that the URL's connections
// use for their tables.
func TestSchema_FreshAndSeparate(t *testing.T) {
	a, b := Schema(t), Schema(t)
	if a == b || !strings.Contains(a, "search_path=") {
		t.Fatalf("schemas %q and %q", a, b)
	}
	for _, dsn := range []string{a, b} {
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s: %d tables, %v", dsn, n, err)
		}
		if _, err := db.Exec(`CREATE TABLE here (x int)`); err != nil {
			t.Fatal(err)
		}
	}
}

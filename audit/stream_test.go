package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"

	"github.com/arbiterchess/arbiter/pgn"
)

// allTestdataPGN returns every PGN file of the public test data, one after
// the other, each followed by a blank line: real games, edge cases and
// broken files.
func allTestdataPGN(t testing.TB) []byte {
	t.Helper()
	var all []byte
	err := filepath.WalkDir(testdata, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		all = append(all, data...)
		all = append(all, '\n', '\n')
		return err
	})
	if err != nil || len(all) < 1_000_000 {
		t.Fatalf("test data: %d bytes, %v", len(all), err)
	}
	return all
}

// serialAudit audits r the simplest way: one pgn.Reader of the whole
// input, one Auditor, game after game. It is what Stream must give.
func serialAudit(t testing.TB, r io.Reader) ([]Finding, Stats, error) {
	t.Helper()
	return serialAuditLimit(t, r, 0)
}

// serialAuditLimit is serialAudit with a limit on a game's text (0: the
// default).
func serialAuditLimit(t testing.TB, r io.Reader, maxGame int) ([]Finding, Stats, error) {
	t.Helper()
	rs, _ := RulesNamed("fide")
	a := NewAuditor(rs)
	rd := pgn.NewReader(r)
	rd.SetMaxGameBytes(maxGame)
	var out []Finding
	var st Stats
	var it item
	n := 0
	var err error
	for next(rd, &it, &n, &err) {
		out = a.item(&it, "in.pgn", out, &st)
	}
	return out, st, err
}

// streamAudit audits r with Stream.
func streamAudit(t testing.TB, r io.Reader, workers, size int) ([]Finding, Stats, error) {
	t.Helper()
	return streamAuditOpts(t, r, Options{Workers: workers, ChunkSize: size})
}

// streamAuditOpts audits r with Stream and opts, under the FIDE rules.
func streamAuditOpts(t testing.TB, r io.Reader, opts Options) ([]Finding, Stats, error) {
	t.Helper()
	opts.Rules, _ = RulesNamed("fide")
	var out []Finding
	st, err := Stream(r, "in.pgn", opts, func(f Finding) { out = append(out, f) })
	return out, st, err
}

func sameFindings(t *testing.T, what string, got, want []Finding, gst, wst Stats) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d findings, want %d", what, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: finding %d:\n got %+v\nwant %+v", what, i, got[i], want[i])
		}
	}
	if fmt.Sprint(gst) != fmt.Sprint(wst) {
		t.Fatalf("%s: stats %+v, want %+v", what, gst, wst)
	}
}

// TestStreamFindingsSameForEveryWorkerCountAndChunkSize audits all the
// PGN test data with 1, 2, 3 and 8 workers and chunks from 1 byte to the
// default size, and checks that every finding, its game number and line
// and the stats are those of one reader and one auditor going through the
// input in order.
func TestStreamFindingsSameForEveryWorkerCountAndChunkSize(t *testing.T) {
	data := allTestdataPGN(t)
	want, wst, err := serialAudit(t, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 100 || wst.Games < 2000 {
		t.Fatalf("only %d findings in %d games", len(want), wst.Games)
	}
	for _, workers := range []int{1, 2, 3, 8} {
		for _, size := range []int{1, 10_000, 300_000, 0} {
			got, gst, err := streamAudit(t, iotest.HalfReader(bytes.NewReader(data)), workers, size)
			if err != nil {
				t.Fatal(err)
			}
			sameFindings(t, fmt.Sprintf("workers %d, chunks of %d bytes", workers, size), got, want, gst, wst)
		}
	}
}

// TestStreamReadErrorAfterTheGamesBeforeIt checks that an error of the
// underlying reader is returned, with the findings of the games read
// before it, as one reader reports them.
func TestStreamReadErrorAfterTheGamesBeforeIt(t *testing.T) {
	data := allTestdataPGN(t)[:700_000]
	boom := errors.New("boom")
	want, wst, werr := serialAudit(t, io.MultiReader(bytes.NewReader(data), iotest.ErrReader(boom)))
	got, gst, gerr := streamAudit(t, io.MultiReader(bytes.NewReader(data), iotest.ErrReader(boom)), 2, 50_000)
	if werr != boom || gerr != boom {
		t.Fatalf("errors %v and %v, want boom", werr, gerr)
	}
	sameFindings(t, "read error", got, want, gst, wst)
}

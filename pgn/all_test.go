package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// All gives what a loop over Read gives, game for game and error for
// error, on every PGN file of the repository's test data (a broken game
// included: the games after it follow).
func TestReaderAll_SameAsRead(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "pgn", "*", "*.pgn"))
	if len(files) < 10 {
		t.Fatalf("%d test files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		r := NewReader(bytes.NewReader(b))
		for {
			g, err := r.Read()
			if err == io.EOF {
				break
			}
			want = append(want, describe(g, err))
			var se *SyntaxError
			if err != nil && !errors.As(err, &se) {
				break
			}
		}
		var got []string
		for g, err := range NewReader(bytes.NewReader(b)).All() {
			got = append(got, describe(g, err))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: All gives\n%s\nRead gives\n%s", f, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func describe(g *Game, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return g.Tag("White") + " - " + g.Tag("Black") + " " + g.Result
}

// A broken game in the middle: its error, then the next game; breaking out
// of the loop stops reading.
func TestReaderAll_ErrorThenNextGame(t *testing.T) {
	text := "[White \"A\"]\n\n1. e4 *\n\n[White \"B\"\n\n1. d4 *\n\n[White \"C\"]\n\n1. c4 *\n"
	var seen []string
	for g, err := range NewReader(strings.NewReader(text)).All() {
		seen = append(seen, describe(g, err))
	}
	if len(seen) != 3 || !strings.HasPrefix(seen[0], "A") || !strings.HasPrefix(seen[1], "error") || !strings.HasPrefix(seen[2], "C") {
		t.Errorf("got %q", seen)
	}
	n := 0
	for range NewReader(strings.NewReader(text)).All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d", n)
	}
}

// All against the loop over Read it replaces, on a real file: the same
// allocations (the iterator adds none).
func BenchmarkReaderAll(b *testing.B) {
	data := benchFile(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for g, err := range NewReader(bytes.NewReader(data)).All() {
			_, _ = g, err
		}
	}
}

func BenchmarkReaderReadLoop(b *testing.B) {
	data := benchFile(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		for {
			g, err := r.Read()
			if err == io.EOF {
				break
			}
			_, _ = g, err
		}
	}
}

func benchFile(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "pgn", "real", "FWWRC.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

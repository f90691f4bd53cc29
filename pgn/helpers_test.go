package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdataDir is the public PGN test data, relative to this package.
var testdataDir = filepath.Join("..", "testdata", "pgn")

func readTestFile(t testing.TB, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdataDir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// outcome is everything a stream yields: games and syntax errors, in
// order (exactly one of the two is set in each item).
type outcome struct {
	game *Game
	err  *SyntaxError
}

// readAll reads a whole stream. It fails the test on an error that is not
// a *SyntaxError, and if Read stops making progress.
func readAll(t testing.TB, data []byte) []outcome {
	t.Helper()
	return readAllLimit(t, data, 0)
}

// readAllLimit is readAll with a limit on a game's text (0: the default).
func readAllLimit(t testing.TB, data []byte, maxGame int) []outcome {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	r.SetMaxGameBytes(maxGame)
	var out []outcome
	for i := 0; ; i++ {
		if i > len(data)+1 {
			t.Fatalf("Read called %d times on %d bytes without reaching EOF", i, len(data))
		}
		g, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Read: unexpected error %T: %v", err, err)
			}
			if g != nil {
				t.Fatalf("Read returned a game with error %v", err)
			}
			out = append(out, outcome{err: se})
			continue
		}
		if g == nil {
			t.Fatal("Read returned nil game and nil error")
		}
		out = append(out, outcome{game: g})
	}
}

func gamesOf(out []outcome) (games []*Game, errs []*SyntaxError) {
	for _, o := range out {
		if o.game != nil {
			games = append(games, o.game)
		} else {
			errs = append(errs, o.err)
		}
	}
	return games, errs
}

// readGames reads a stream that must be free of errors.
func readGames(t testing.TB, data string) []*Game {
	t.Helper()
	games, errs := gamesOf(readAll(t, []byte(data)))
	for _, e := range errs {
		t.Errorf("unexpected error: %v", e)
	}
	return games
}

// readOne reads a stream that must hold exactly one game.
func readOne(t testing.TB, data string) *Game {
	t.Helper()
	games := readGames(t, data)
	if len(games) != 1 {
		t.Fatalf("got %d games, want 1", len(games))
	}
	return games[0]
}

// sans returns the move texts of a line.
func sans(moves []*Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.SAN)
		b.WriteString(m.Suffix)
	}
	return b.String()
}

// exportForm returns what reading back the written form of g must give:
// the writer puts the Seven Tag Roster first with its defaults, and always
// ends the movetext with a termination marker. Everything else must come
// back unchanged. It is written apart from the writer on purpose.
func exportForm(g *Game) *Game {
	c := *g
	c.Line = 0
	if c.Result == "" {
		c.Result = "*"
		if t := strings.TrimSpace(g.Tag("Result")); t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*" {
			c.Result = t
		}
	}
	roster := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
	defaults := map[string]string{"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?",
		"White": "?", "Black": "?", "Result": c.Result}
	used := map[int]bool{}
	c.Tags = nil
	for _, name := range roster {
		idx := -1
		for i, t := range g.Tags {
			if t.Name == name {
				idx = i
				break
			}
		}
		if idx >= 0 {
			used[idx] = true
			c.Tags = append(c.Tags, g.Tags[idx])
		} else {
			c.Tags = append(c.Tags, Tag{name, defaults[name]})
		}
	}
	for i, t := range g.Tags {
		if !used[i] {
			c.Tags = append(c.Tags, t)
		}
	}
	return &c
}

// diffGames describes the first difference between two games, ignoring
// Line; it returns "" when they are equal. nil and empty slices are equal.
func diffGames(a, b *Game) string {
	if len(a.Tags) != len(b.Tags) {
		return fmt.Sprintf("tags: %d vs %d: %q vs %q", len(a.Tags), len(b.Tags), a.Tags, b.Tags)
	}
	for i := range a.Tags {
		if a.Tags[i] != b.Tags[i] {
			return fmt.Sprintf("tag %d: %q vs %q", i, a.Tags[i], b.Tags[i])
		}
	}
	if d := diffStrings("game comments", a.Comments, b.Comments); d != "" {
		return d
	}
	if a.Result != b.Result {
		return fmt.Sprintf("result: %q vs %q", a.Result, b.Result)
	}
	return diffLine("main line", a.Moves, b.Moves)
}

func diffStrings(what string, a, b []string) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %q vs %q", what, a, b)
	}
	for i := range a {
		if a[i] != b[i] {
			return fmt.Sprintf("%s[%d]: %q vs %q", what, i, a[i], b[i])
		}
	}
	return ""
}

func diffLine(path string, a, b []*Move) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d vs %d moves: %s | %s", path, len(a), len(b), sans(a), sans(b))
	}
	for i := range a {
		p := fmt.Sprintf("%s/%d", path, i)
		x, y := a[i], b[i]
		if x.SAN != y.SAN || x.Suffix != y.Suffix {
			return fmt.Sprintf("%s: move %q%q vs %q%q", p, x.SAN, x.Suffix, y.SAN, y.Suffix)
		}
		if fmt.Sprint(x.NAGs) != fmt.Sprint(y.NAGs) {
			return fmt.Sprintf("%s %s: NAGs %v vs %v", p, x.SAN, x.NAGs, y.NAGs)
		}
		if d := diffStrings(p+" "+x.SAN+" before", x.Before, y.Before); d != "" {
			return d
		}
		if d := diffStrings(p+" "+x.SAN+" after", x.After, y.After); d != "" {
			return d
		}
		if len(x.Variations) != len(y.Variations) {
			return fmt.Sprintf("%s %s: %d vs %d variations", p, x.SAN, len(x.Variations), len(y.Variations))
		}
		for k := range x.Variations {
			if d := diffLine(fmt.Sprintf("%s(%d)", p, k), x.Variations[k], y.Variations[k]); d != "" {
				return d
			}
		}
	}
	return ""
}

// roundTrip writes g, reads it back and checks the result against
// exportForm(g). It also checks that writing the copy gives the same
// bytes. It returns the written text.
func roundTrip(t testing.TB, g *Game) string {
	t.Helper()
	var b1 bytes.Buffer
	if err := NewWriter(&b1).Write(g); err != nil {
		t.Fatalf("Write: %v", err)
	}
	r := NewReader(bytes.NewReader(b1.Bytes()))
	g2, err := r.Read()
	if err != nil {
		t.Fatalf("reading written game: %v\n%s", err, b1.String())
	}
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("written game reads as more than one game (%v):\n%s", err, b1.String())
	}
	if d := diffGames(exportForm(g), g2); d != "" {
		t.Fatalf("round trip differs: %s\nwritten:\n%s", d, b1.String())
	}
	var b2 bytes.Buffer
	if err := NewWriter(&b2).Write(g2); err != nil {
		t.Fatalf("Write (second): %v", err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Fatalf("writing is not stable:\n%s\n---\n%s", b1.String(), b2.String())
	}
	for _, line := range strings.Split(b1.String(), "\n") {
		// Only tag lines and lines holding one long token may be longer.
		if len(line) > maxLine && !strings.HasPrefix(line, "[") &&
			strings.Contains(line, " ") && !strings.HasPrefix(strings.TrimLeft(line, "("), "; ") {
			t.Fatalf("movetext line longer than %d: %q", maxLine, line)
		}
	}
	return b1.String()
}

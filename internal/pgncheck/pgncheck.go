// Package pgncheck reads PGN with pgn-extract, an independent reader (a
// Debian package), for the tests of every PGN the project writes: a PGN
// that pgn-extract cannot read without an error fails the test.
package pgncheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	moveNumber = regexp.MustCompile(`^\d+\.+`)
	marker     = regexp.MustCompile(`^\d+\.+$|^(1-0|0-1|1/2-1/2|\*)$`)
)

// Moves reads a PGN text with pgn-extract and returns each game's moves in
// SAN, comments left out; it fails the test on any error pgn-extract
// reports. Where pgn-extract is not installed the test is skipped, and says
// so (.ci/run installs it).
func Moves(tb testing.TB, text string) [][]string {
	tb.Helper()
	var out [][]string
	for _, g := range Games(tb, text) {
		out = append(out, g.Moves)
	}
	return out
}

// Game is a game as pgn-extract wrote it back: its tags and its moves.
type Game struct {
	Tags  map[string]string
	Moves []string
}

var tagLine = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)

// Games is Moves with the tags pgn-extract read.
func Games(tb testing.TB, text string) []Game {
	tb.Helper()
	bin, err := exec.LookPath("pgn-extract")
	if err != nil {
		bin = "/usr/games/pgn-extract" // where Debian puts it
		if _, err := os.Stat(bin); err != nil {
			tb.Skip("pgn-extract is absent (apt-get install pgn-extract, as .ci/run does)")
		}
	}
	in := filepath.Join(tb.TempDir(), "in.pgn")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(bin, "--nocomments", "-Wsan", in)
	var out, errs strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		tb.Fatalf("pgn-extract: %v\n%s", err, errs.String())
	}
	for _, bad := range []string{"Failed", "No ", "Unknown", "rror", "Missing", "llegal"} {
		if strings.Contains(errs.String(), bad) {
			tb.Fatalf("pgn-extract reports %q:\n%s\non:\n%s", bad, errs.String(), text)
		}
	}
	var games []Game
	for _, g := range strings.Split(out.String(), "\n\n[") {
		if strings.TrimSpace(g) == "" {
			continue
		}
		game := Game{Tags: map[string]string{}, Moves: []string{}}
		head, body, _ := strings.Cut(g, "\n\n")
		for _, l := range strings.Split(head, "\n") {
			if !strings.HasPrefix(l, "[") {
				l = "[" + l // the split took the first bracket
			}
			if m := tagLine.FindStringSubmatch(l); m != nil {
				game.Tags[m[1]] = m[2]
			}
		}
		for _, tok := range strings.Fields(body) {
			if !marker.MatchString(tok) {
				game.Moves = append(game.Moves, moveNumber.ReplaceAllString(tok, ""))
			}
		}
		games = append(games, game)
	}
	return games
}

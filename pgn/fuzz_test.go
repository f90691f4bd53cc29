package pgn

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the reader. Reading must not panic,
// must make progress, must only fail with *SyntaxError, and every game it
// returns must survive a write and a second read unchanged.
func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, o := range readAll(t, data) {
			if o.err != nil {
				if o.err.Game < 1 || o.err.Line < 1 || o.err.Msg == "" {
					t.Fatalf("bad error %#v", o.err)
				}
				continue
			}
			if o.game.Line < 1 {
				t.Fatalf("game line %d", o.game.Line)
			}
			roundTrip(t, o.game)
		}
	})
}

// FuzzMainLine reads arbitrary bytes with ReadMainLine, alone and mixed
// with Read, and checks that it finds what Read finds, also with a limit
// on a game's text below the input's size.
func FuzzMainLine(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		compareMainLine(t, data, false)
		compareMainLine(t, data, true)
		compareMainLineLimit(t, data, false, len(data)/2+1)
		compareMainLineLimit(t, data, true, len(data)/3+1)
		checkPlainTag(t, data)
	})
}

// checkPlainTag checks plainTag, which Read and ReadMainLine both use (so
// comparing them cannot): wherever it reads a tag line in data, splitTag
// reads the same from that line.
func checkPlainTag(t *testing.T, data []byte) {
	for i := range data {
		if data[i] != '[' {
			continue
		}
		name, raw, n, ok := plainTag(data[i:])
		if !ok {
			continue
		}
		line := data[i:]
		if e := bytes.IndexByte(line, '\n'); e >= 0 {
			line = line[:e]
		}
		name2, raw2, escaped, n2, ok2 := splitTag(line)
		if !ok2 || escaped || string(name2) != string(name) || string(raw2) != string(raw) || n2 != n {
			t.Fatalf("tag line %q: plainTag %q %q %d, splitTag %q %q %v %d %v", line, name, raw, n, name2, raw2, escaped, n2, ok2)
		}
	}
}

// addSeeds adds the seed inputs of the reader's fuzz targets.
func addSeeds(f *testing.F) {
	for _, rel := range []string{
		"edge-cases/backslash_header.pgn",
		"edge-cases/black2move.pgn",
		"edge-cases/castling.pgn",
		"edge-cases/no_moves_but_comment_followed_by_termination_marker.pgn",
		"edge-cases/no_moves_two_games.pgn",
		"edge-cases/square_bracket_in_header.pgn",
		"edge-cases/variations.pgn",
		"python-chess/chessbase-empty-line.pgn",
		"python-chess/utf8-bom.pgn",
		"python-chess/variations-nags-and-comments.pgn",
	} {
		data, err := os.ReadFile(filepath.Join(testdataDir, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"",
		"*",
		"1. e4 e5 1-0 0-1",
		"[Event \"a\\\"b\\\\\"]\r\n\r\n1.e4 {x\r\ny} ; z\r\n1... e5!? $3 (1... c5 (1... d5)) *",
		"[A \"x\"][B \"y\"] 1. e4",
		"[A \"x\\\"]\n",
		"%escape\n[A \"1\"]\n\n[A \"2\"]\n",
		"1. e4 {open\n\n[Event \"x\"]\n*",
		"1. e4 (1. d4\n\n[Event \"x\"]\n*",
		"1. -- Z0 0-0-0 O-O+ N@f3 e8=Q# e7e8q *",
		"1. e4 ( {only a comment} ) ; line } comment\n*",
		"$1 ) ( ] \" !!! ?? 12... 1/2-1/2",
		"\xef\xbb\xbf1. e4 *",
		"[Event \"x\"]\r\n[Site \"y\"]\n[A_1 \"\"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:59] }{ [%clk 1:00:00] } 2. Nf3+ {[%clk 0:05:00]} Nxd4# 1-0",
		"12345678. e4 123. Nf3\te5\nexd5\rNbd7\x01 Qh4xe1 1/2-1/2",
		"[A \"a\\\"b\"]\n[B \"x\"] ]\n[C  \"y\"]\r\n[D \"z\"]\r[E \"\"]\n[F+ \"1\"]\n\n[A \"2\"]\n*",
	} {
		f.Add([]byte(s))
	}
}

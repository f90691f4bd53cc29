package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// compareMainLine reads data with ReadMainLine (every other game with Read,
// and one byte at a time from the input, when mixed) and checks each game
// and error against what Read gives.
func compareMainLine(t testing.TB, data []byte, mixed bool) {
	t.Helper()
	want := readAll(t, data)
	var in io.Reader = bytes.NewReader(data)
	if mixed {
		in = iotest.OneByteReader(in) // tokens cut at the end of the buffered bytes
	}
	r := NewReader(in)
	var ml MainLine
	for i := 0; ; i++ {
		if i > len(data)+1 {
			t.Fatalf("no EOF after %d games", i)
		}
		var err error
		var g *Game
		byRead := mixed && i%2 == 1
		if byRead {
			g, err = r.Read()
			if g != nil {
				ml.Load(g)
			}
		} else {
			err = r.ReadMainLine(&ml)
		}
		if err == io.EOF {
			if i != len(want) {
				t.Fatalf("EOF after %d games, Read found %d", i, len(want))
			}
			return
		}
		if i >= len(want) {
			t.Fatalf("game %d: Read found only %d (err %v)", i+1, len(want), err)
		}
		w := want[i]
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("item %d: error %T %v", i, err, err)
			}
			if w.err == nil || *se != *w.err {
				t.Fatalf("item %d: error %v, Read gave %v", i, se, w.err)
			}
			if !byRead && (ml.Len() != 0 || len(ml.tags) != 0) {
				t.Fatalf("item %d: error left a game in the MainLine", i)
			}
			continue
		}
		if w.game == nil {
			t.Fatalf("item %d: a game, Read gave error %v", i, w.err)
		}
		if d := diffMainLine(&ml, w.game); d != "" {
			t.Fatalf("item %d: %s", i, d)
		}
		var loaded MainLine
		loaded.Load(w.game)
		if d := diffMainLine(&loaded, w.game); d != "" {
			t.Fatalf("item %d, loaded: %s", i, d)
		}
	}
}

// diffMainLine describes how ml differs from the main line of g.
func diffMainLine(ml *MainLine, g *Game) string {
	switch {
	case ml.Line != g.Line:
		return "line differs"
	case ml.Result != g.Result:
		return "result differs"
	case !reflect.DeepEqual(ml.Tags(), g.Tags):
		return "tags differ"
	case ml.Len() != len(g.Moves):
		return "main line length differs"
	case ml.Variant() != g.Variant() || ml.FEN() != g.FEN() || ml.Tag("Result") != g.Tag("Result"):
		return "tag lookups differ"
	}
	for _, t := range g.Tags {
		if !ml.HasTag(t.Name) || ml.Tag(t.Name) != g.Tag(t.Name) {
			return "tag " + t.Name + " differs"
		}
	}
	if ml.HasTag("no such tag") || ml.Tag("no such tag") != "" {
		return "a missing tag is found"
	}
	for i, m := range g.Moves {
		if ml.SAN(i) != m.SAN {
			return "move text differs"
		}
		if a := ml.After(i); len(a) != len(m.After) || (len(a) > 0 && !reflect.DeepEqual(a, m.After)) {
			return "comments after move differ: " + strings.Join(a, "|") + " vs " + strings.Join(m.After, "|")
		}
		d1, ok1 := ml.Clock(i)
		d2, ok2 := m.Clock()
		if d1 != d2 || ok1 != ok2 {
			return "clock differs"
		}
	}
	return ""
}

// TestMainLineTestdata reads every PGN test file both ways.
func TestMainLineTestdata(t *testing.T) {
	for _, rel := range testFiles(t) {
		data := readTestFile(t, rel)
		compareMainLine(t, data, false)
		compareMainLine(t, data, true)
	}
}

// TestMainLineComments places the comments of the main line where Read
// puts them, variations and their comments around.
func TestMainLineComments(t *testing.T) {
	for _, s := range []string{
		"{game} 1. e4 {a} {b} $1 (1. d4 {v} (1. c4 {w}) {x}) {c} 1... e5 ( {empty} ) {d} ( ) 2. Nf3 {end} *",
		"1. e4 ( {one} {two} ) {three} ( {four} ) 1-0",
		"1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:00]} {[%clk 0:00:05]} 0-1",
		"1. e4 ; rest of line\n e5 {x\n\n y} 1/2-1/2",
		"1. e4 (1. d4 {in} ( {deep empty} ) ) {after} ; tail\n",
		"[White \"A \\\"B\\\\\"]\n[Black \"C\"]\n\n1. e4 e.p. e5 e.p. *",
	} {
		compareMainLine(t, []byte(s), false)
		compareMainLine(t, []byte(s), true)
	}
}

// TestMainLineSyntaxErrors gives the errors of Read, and goes on alike.
func TestMainLineSyntaxErrors(t *testing.T) {
	for _, s := range []string{
		"( e4 ) *\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 ) *\n\n[Event \"next\"]\n1. d4 *",
		"$1 e4 *\n\n[Event \"next\"]\n1. d4 *",
		"!? e4 *\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 !!! *\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 (1. d4 *\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 (1. d4 1-0\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 (1. d4\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 (1. d4",
		"1. e4 {open",
		"1. e4 xyz *\n[A \"b\"] *",
		"[Bad tag\n1. e4 *\n\n[Event \"next\"]\n1. d4 *",
		"1. e4 $999 *",
		"1. e4 & *",
	} {
		compareMainLine(t, []byte(s), false)
		compareMainLine(t, []byte(s), true)
	}
}

// BenchmarkReadMainLine reads the lichess sample with ReadMainLine.
func BenchmarkReadMainLine(b *testing.B) {
	benchMainLine(b, readTestFile(b, "real/lichess_db_1000k.pgn"))
}

// BenchmarkReadMainLineTWIC reads the TWIC sample with ReadMainLine.
func BenchmarkReadMainLineTWIC(b *testing.B) {
	benchMainLine(b, readTestFile(b, "real/twic1599_1000k.pgn"))
}

func benchMainLine(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var ml MainLine
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			err := r.ReadMainLine(&ml)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n == 0 {
			b.Fatal("no games")
		}
	}
}

// TestPlainMove: every form plainMove accepts is a valid move.
func TestPlainMove(t *testing.T) {
	accepted := 0
	alphabet := []byte("abh18KNPQxO-+#=e")
	var w []byte
	var try func(n int)
	try = func(n int) {
		if plainMove(w) {
			accepted++
			if !validMove(w) {
				t.Fatalf("plainMove accepts %q, validMove does not", w)
			}
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			w = append(w, c)
			try(n - 1)
			w = w[:len(w)-1]
		}
	}
	try(5)
	for _, s := range []string{"e4", "exd5", "Nf3", "Nxe5+", "Nbd7#", "R1e2"} {
		if !plainMove([]byte(s)) {
			t.Errorf("plainMove(%q) is false", s)
		}
	}
	t.Logf("%d words accepted", accepted)
}

// TestMainLineHeaderBreaks: after a blank line in a header, a tag name the
// header already has starts the next game, a new one goes on with the
// header, with few tags and with many.
func TestMainLineHeaderBreaks(t *testing.T) {
	for _, n := range []int{3, 20} {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[T%d \"v%d\"]\n", i, i)
		}
		b.WriteString("\n[New \"x\"]\n\n[T1 \"again\"]\n\n[Other \"y\"]\n\n[New \"z\"]\n1. e4 *\n")
		compareMainLine(t, []byte(b.String()), false)
		compareMainLine(t, []byte(b.String()), true)
		if games, _ := gamesOf(readAll(t, []byte(b.String()))); len(games) != 2 {
			t.Errorf("%d tags: %d games, want 2", n, len(games))
		}
	}
}

// TestClockNote: the lichess clock comment read without a copy gives what
// Clock gives, and anything else is left to Clock.
func TestClockNote(t *testing.T) {
	for _, s := range []string{"[%clk 0:05:00]", "[%clk 9:59:59]", "[%clk 0:00:00]", "[%clk 1:60:00]", "[%clk 1:00:60]",
		"[%clk 0:5:00] ", "[%clk 0:05:0a]", "[%eval 0:05:00]", "[%clk 10:05:00]", "{%clk 0:05:00]"} {
		want, wok := Clock(s)
		got, ok := clockNote([]byte(s))
		if ok && (!wok || got != want) {
			t.Errorf("%q: clockNote %v %v, Clock %v %v", s, got, ok, want, wok)
		}
		if s == "[%clk 0:05:00]" && (!ok || got != 5*time.Minute) {
			t.Errorf("%q: clockNote %v %v", s, got, ok)
		}
	}
}

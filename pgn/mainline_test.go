package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
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
	compareMainLineLimit(t, data, mixed, 0)
}

// compareMainLineLimit is compareMainLine with a limit on a game's text
// for both readers (0: the default).
func compareMainLineLimit(t testing.TB, data []byte, mixed bool, maxGame int) {
	t.Helper()
	want := readAllLimit(t, data, maxGame)
	var in io.Reader = bytes.NewReader(data)
	if mixed {
		in = iotest.OneByteReader(in) // tokens cut at the end of the buffered bytes
	}
	r := NewReader(in)
	r.SetMaxGameBytes(maxGame)
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
		if ml.Plain(i) != plainSAN([]byte(m.SAN)) {
			return "move parts differ"
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

// TestPlainSAN: plainSAN reads exactly the plain forms of SAN ("e4",
// "exd5", "Nf3", "Nxe5", "Nbd7", "R1e2", with "+" or "#" or not), each a
// valid move, into the parts the text gives; checked against a reading
// by regular expression of every word of up to five bytes of an alphabet
// that makes all forms and many near misses.
func TestPlainSAN(t *testing.T) {
	forms := regexp.MustCompile(`^(?:([a-h])x)?([a-h][1-8])[+#]?$|^([NBRQK])(?:([a-h])|([1-8])|x)?([a-h][1-8])[+#]?$`)
	pieces := map[string]int{"": 1, "N": 2, "B": 3, "R": 4, "Q": 5, "K": 6}
	square := func(s string) int { return int(s[0]-'a') + 8*int(s[1]-'1') }
	index := func(s, set string) int {
		if s == "" {
			return -1
		}
		return strings.Index(set, s)
	}
	accepted := 0
	alphabet := []byte("abh18KNPQxO-+#=e")
	var w []byte
	var try func(n int)
	try = func(n int) {
		ps := plainSAN(w)
		m := forms.FindSubmatch(w)
		switch {
		case m == nil && ps != 0:
			t.Fatalf("plainSAN(%q) = %#x, not a plain form", w, ps)
		case m != nil && ps == 0:
			t.Fatalf("plainSAN(%q) = 0, a plain form", w)
		case m != nil:
			accepted++
			if !validMove(w) {
				t.Fatalf("plainSAN reads %q, validMove refuses it", w)
			}
			// A pawn's groups are 1 and 2; a piece's 3 to 6.
			piece, file, rank, to := "", string(m[1]), "", string(m[2])
			if len(m[3]) > 0 {
				piece, file, rank, to = string(m[3]), string(m[4]), string(m[5]), string(m[6])
			}
			got := [4]int{ps.Piece(), ps.FromFile(), ps.FromRank(), ps.To()}
			want := [4]int{pieces[piece], index(file, "abcdefgh"), index(rank, "12345678"), square(to)}
			if got != want {
				t.Fatalf("plainSAN(%q): piece, from file, from rank, to = %v, want %v", w, got, want)
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
	for _, s := range []string{"e4", "exd5", "Nf3", "Nxe5+", "Nbd7#", "R1e2", "Kh8", "Qa1"} {
		if plainSAN([]byte(s)) == 0 {
			t.Errorf("plainSAN(%q) is 0", s)
		}
	}
	for _, s := range []string{"Pe4", "e8=Q", "O-O", "Nbxd7", "Qh4e1", "e4!", "--", "Z0", "i4", "e9"} {
		if plainSAN([]byte(s)) != 0 {
			t.Errorf("plainSAN(%q) is not 0", s)
		}
	}
	t.Logf("%d words read", accepted)
}

// TestMainLinePlainSAN: ReadMainLine and Load give each move the parts of
// its text, wherever the buffer's edges fall (one byte at a time too).
func TestMainLinePlainSAN(t *testing.T) {
	data := []byte("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 11. Nc3 Bd6 12. Be3 b6 13. a4 O-O-O 14. a5 Kb7 15. axb6 cxb6 16. Nb5 Bb8 17. Rxd8 Bxb3 18. cxb3 Pe7 19. R1a2 e8=Q {x} 20. Ne7+ 1-0\n")
	for _, one := range []bool{false, true} {
		var src io.Reader = bytes.NewReader(data)
		if one {
			src = iotest.OneByteReader(src)
		}
		var ml MainLine
		if err := NewReader(src).ReadMainLine(&ml); err != nil {
			t.Fatal(err)
		}
		for i := range ml.Len() {
			if got, want := ml.Plain(i), plainSAN(ml.SANBytes(i)); got != want {
				t.Errorf("one byte at a time %v: move %d %q: Plain %#x, want %#x", one, i, ml.SAN(i), got, want)
			}
		}
		g, err := NewReader(bytes.NewReader(data)).Read()
		if err != nil {
			t.Fatal(err)
		}
		var loaded MainLine
		loaded.Load(g)
		if !reflect.DeepEqual(loaded.moves, ml.moves) {
			t.Errorf("Load's moves %v, ReadMainLine's %v", loaded.moves, ml.moves)
		}
	}
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

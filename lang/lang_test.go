package lang

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/touch"
)

// Every catalogue has every message of the English one, with the same
// parameters, and no other: no message falls back to English in silence.
func TestCatalogues_SameMessagesSameParameters(t *testing.T) {
	en, _, err := IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range Codes[1:] {
		got, _, err := IDs(code)
		if err != nil {
			t.Fatal(err)
		}
		for id, params := range en {
			p, ok := got[id]
			if !ok {
				t.Errorf("%s: message %s is missing", code, id)
				continue
			}
			if !reflect.DeepEqual(p, params) {
				t.Errorf("%s: message %s has parameters %v, English %v", code, id, p, params)
			}
		}
		for id := range got {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: message %s is not in the English catalogue", code, id)
			}
		}
	}
}

// A message that counts has the plural forms CLDR's rules give whole
// numbers in its language (and "other"), so that no count ever lacks its
// form: checked against golang.org/x/text's CLDR tables for 0 to 1,000 and
// a million, and rendered for each count.
func TestCatalogues_PluralFormsAreCLDRs(t *testing.T) {
	names := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	for _, code := range Codes {
		tag := language.MustParse(code)
		want := map[string]bool{"other": true}
		for _, n := range append(seq(0, 1000), 1000000) {
			want[names[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]] = true
		}
		var wants []string
		for f := range want {
			wants = append(wants, f)
		}
		sort.Strings(wants)
		_, forms, err := IDs(code)
		if err != nil {
			t.Fatal(err)
		}
		if len(forms) == 0 {
			t.Fatalf("%s: no message counts", code)
		}
		l, _ := Parse(code)
		for id, f := range forms {
			has := map[string]bool{}
			for _, x := range f {
				has[x] = true
			}
			for _, w := range wants {
				if !has[w] {
					t.Errorf("%s: %s lacks the form %s (it has %v, CLDR's are %v)", code, id, w, f, wants)
				}
			}
			for _, x := range f {
				// Newer CLDR gives French and Spanish a "many" form (a
				// million), which the browsers' Intl.PluralRules use.
				if !want[x] && !(x == "many" && (code == "fr" || code == "es")) {
					t.Errorf("%s: %s has the form %s, which CLDR does not give the language", code, id, x)
				}
			}
			for _, n := range append(seq(0, 130), 1000000) {
				if s := l.N(id, n, nil); s == id || strings.Contains(s, "{{") || !strings.Contains(s, fmt.Sprint(n)) {
					t.Errorf("%s: %s for %d is %q", code, id, n, s)
				}
			}
		}
	}
}

func seq(a, b int) []int {
	var out []int
	for i := a; i <= b; i++ {
		out = append(out, i)
	}
	return out
}

// Every message id the engine gives is in the catalogues, as are the
// articles the engine cites in the examples below.
func TestCatalogues_EveryEngineMessageExists(t *testing.T) {
	for _, code := range Codes {
		l, _ := Parse(code)
		for _, id := range touch.Messages {
			if strings.Contains(id, ".") && !l.Has(id) {
				t.Errorf("%s: the engine's message %s is missing", code, id)
			}
		}
	}
}

// The touch-move violations, played through the engine: the English
// rendering of each message equals the engine's text, word for word, and
// every language renders it with every parameter filled.
func TestText_ViolationsInEveryLanguage(t *testing.T) {
	cases := []struct {
		name, fen, msg string
		lines          []string
	}{
		{"moved another piece (4.3.1)", "", "violation.moved-other", []string{"b touch g8", "b lift d7", "b drop d5"}},
		{"castled after the rook (4.4.2)", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "violation.castled-other", []string{"b touch h8", "b lift e8", "b drop g8", "b lift h8", "b drop f8"}},
		{"promoted to another piece (4.4.4)", "8/4P3/8/8/8/k7/8/4K3 w - - 0 1", "violation.promoted-other", []string{"w lift e7", "w release", "w put e8 N", "w lift e8", "w release", "w put e8 Q", "w release"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fen := c.fen
			if fen == "" {
				fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
			}
			e, err := touch.New(protocol.Start{FEN: fen}, touch.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var found *protocol.Ruling
			for i, line := range c.lines {
				f := strings.Fields(line)
				a := protocol.Action{By: map[string]string{"w": "white", "b": "black"}[f[0]], Act: f[1]}
				if len(f) > 2 {
					a.Sq = f[2]
				}
				if len(f) > 3 {
					a.Piece = f[3]
				}
				for _, r := range e.Apply(i+1, a) {
					if r.Kind == protocol.KindError {
						t.Fatalf("%s: %s", line, r.Error)
					}
					if r.Msg == c.msg {
						r := r
						found = &r
					}
				}
			}
			if found == nil {
				t.Fatalf("no ruling with message %s", c.msg)
			}
			if got := English().Text(*found); got != found.Text {
				t.Errorf("English: %q, the engine's text %q", got, found.Text)
			}
			for _, code := range Codes {
				l, _ := Parse(code)
				s := l.Ruling(*found, nil)
				if strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || !strings.Contains(s, found.Sq) {
					t.Errorf("%s: %q", code, s)
				}
			}
		})
	}
}

// Parse takes a code in any case or with a region, and refuses an unknown
// one naming the known ones; Match reads an Accept-Language header.
func TestParseAndMatch(t *testing.T) {
	for in, want := range map[string]string{"ro": "ro", "RO": "ro", "ro-MD": "ro", "sq-AL": "sq", "ru": "ru", "de-AT": "de"} {
		l, err := Parse(in)
		if err != nil || l.Code() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, l, err, want)
		}
	}
	if _, err := Parse("ja"); err == nil || !strings.Contains(err.Error(), "en, ro, sq, fr, de, es, ru") {
		t.Errorf("Parse(ja): %v", err)
	}
	for in, want := range map[string]string{"ro-RO,ro;q=0.9,en-US;q=0.8": "ro", "ru": "ru", "ja,zh;q=0.5": "en", "": "en", "fr-CA": "fr", "de;q=0.5,sq;q=0.9": "sq"} {
		if got := Match(in).Code(); got != want {
			t.Errorf("Match(%q) = %s, want %s", in, got, want)
		}
	}
}

// The notation in the reader's letters: Romanian, German and Russian.
func TestSAN_PieceLettersOfTheLanguage(t *testing.T) {
	for code, want := range map[string]string{"en": "Nf3 Qxd8+ O-O e8=Q", "ro": "Cf3 Dxd8+ O-O e8=D", "de": "Sf3 Dxd8+ O-O e8=D", "ru": "Кf3 Фxd8+ O-O e8=Ф", "fr": "Cf3 Dxd8+ O-O e8=D"} {
		l, _ := Parse(code)
		var got []string
		for _, san := range strings.Fields("Nf3 Qxd8+ O-O e8=Q") {
			got = append(got, l.SAN(san))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %v, want %s", code, got, want)
		}
	}
}

package lang

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/touch"
)

// englishWords are words of the rulings' English that no other
// catalogue's ruling may say: a sentence, or part of one, left in English.
var englishWords = []string{
	"the", "board", "showed", "touched", "moved", "first", "but", "unless", "claims", "claimed", "before", "making",
	"his", "next", "illegal", "pawn", "queen", "knight", "bishop", "rook", "king", "piece", "pieces", "clock",
	"pressed", "left", "made", "stands", "while", "game", "over", "changes", "nothing", "both", "check", "drawn",
	"instead", "slip", "tongue", "scoresheets", "colours", "reversed", "taken", "back", "off", "must", "capture",
	"castle", "castled", "castling", "unpromoted", "becomes", "claimant", "opponent", "right", "lost", "reached",
	"only", "player", "having", "may", "claim", "knocked", "onto", "put", "reinstated", "penalise", "own", "time",
	"without", "leaves", "goes", "released", "attempted", "another", "that", "side", "none", "can", "cannot",
	"adjusted", "two", "hands", "announced", "differ", "each", "moves", "set-up", "any", "more", "initial",
	"incorrect", "cancelled", "placed", "contrary", "correct", "correctly", "fewer", "than", "ten", "discontinued",
	"witnesses", "promoted", "within",
}

// rulingFamilies are the prefixes of the catalogues' messages that say
// rulings (what the engine, the audit and the PGN comments say).
var rulingFamilies = []string{
	"duty.", "violation.", "illegal.", "move.", "claimed.", "irregularity.", "after-end.", "stands.", "found.", "change.",
	"played.", "ruling.", "must.", "piece.", "colour.", "claim.", "reason.", "result.", "who.", "clockact.", "audit.",
}

var squareRE = regexp.MustCompile(`\b[a-h][1-8]\b`)
var numberRE = regexp.MustCompile(`\b\d+\b`)
var wordRE = regexp.MustCompile(`[\p{L}'’-]+`)

// englishIn returns the English words of s, those of englishWords.
func englishIn(s string) []string {
	var found []string
	for _, w := range wordRE.FindAllString(s, -1) {
		for _, e := range englishWords {
			if w == e {
				found = append(found, w)
			}
		}
	}
	return found
}

// expectedRulings reads the rulings of the examples as the engine gives
// them in English (examples/expected, which cmd/arbiter's tests check
// against the engine), by file.
func expectedRulings(t *testing.T) map[string][]protocol.Ruling {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "examples", "expected", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	out := map[string][]protocol.Ruling{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			var r protocol.Ruling
			if json.Unmarshal(sc.Bytes(), &r) != nil || r.Kind == "" {
				continue // the summary
			}
			out[filepath.Base(f)] = append(out[filepath.Base(f)], r)
		}
		fh.Close()
	}
	return out
}

// englishDiffers are the messages whose English, by design, is not the
// engine's Text word for word: the press with the wrong hand says the
// rule rather than the hands, an illegal intended move's Text adds the
// move reader's own reason, and the act after the end says the reason in
// words where the Text gives its code.
var englishDiffers = map[string]bool{"violation.press-hand": true, "claimed.intended-illegal": true, "after-end.over": true}

// The rulings of every example, in every language: the English of each
// message is the engine's text word for word; in the other languages no
// English word is left, every square and number of the English is said,
// every piece the English names is named in the language's words, and no
// parameter is left unfilled.
func TestRulings_ExamplesInEveryLanguage(t *testing.T) {
	pieces := map[string]string{"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}
	n := 0
	for file, rulings := range expectedRulings(t) {
		for _, r := range rulings {
			if r.Msg == "" || r.Text == "" {
				continue
			}
			n++
			en := English().Text(r)
			if !englishDiffers[r.Msg] && en != r.Text {
				t.Errorf("%s line %d %s: English %q, the engine's text %q", file, r.At, r.Msg, en, r.Text)
			}
			for _, code := range Codes[1:] {
				l, _ := Parse(code)
				s := l.Text(r)
				if s == r.Text || strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || strings.Contains(s, r.Msg) {
					t.Errorf("%s line %d %s: %s says %q", file, r.At, r.Msg, code, s)
					continue
				}
				if w := englishIn(s); len(w) > 0 {
					t.Errorf("%s line %d: %s says %q, with English %v", file, r.At, code, s, w)
				}
				for _, sq := range squareRE.FindAllString(en, -1) {
					if !strings.Contains(s, sq) {
						t.Errorf("%s line %d: %s says %q, without the square %s", file, r.At, code, s, sq)
					}
				}
				for _, num := range numberRE.FindAllString(en, -1) {
					if !strings.Contains(s, num) {
						t.Errorf("%s line %d: %s says %q, without the number %s", file, r.At, code, s, num)
					}
				}
				for _, w := range wordRE.FindAllString(en, -1) {
					letter, ok := pieces[w]
					if !ok {
						continue
					}
					p := l.pieceWords(letter)
					named := false
					for _, form := range []string{p.Name, p.The, p.Obj, p.With, p.A} {
						named = named || strings.Contains(strings.ToLower(s), strings.ToLower(form))
					}
					if !named {
						t.Errorf("%s line %d: %s says %q, without the %s (%s)", file, r.At, code, s, w, p.Name)
					}
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d rulings with a message in the examples", n)
	}
}

// Every message of every catalogue renders with sample parameters: each
// parameter it names is filled (a form of a piece or a side too), and
// the rulings' messages of the other languages say no English word.
func TestCatalogues_RenderEveryMessageWithSampleParameters(t *testing.T) {
	en, forms, err := IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 0, len(en))
	for id := range en {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, code := range Codes {
		l, _ := Parse(code)
		for _, id := range ids {
			args := Args{}
			for _, p := range en[id] {
				switch p {
				case "Piece", "Other":
					args[p] = l.pieceWords("N")
				case "Side", "Opp", "Colour":
					args[p] = l.sideWords("black")
				case "Count":
					if forms[id] == nil {
						args[p] = "⟦Count⟧"
					}
				default:
					args[p] = "⟦" + p + "⟧"
				}
			}
			var s string
			if forms[id] != nil {
				s = l.N(id, 7, args)
			} else {
				s = l.T(id, args)
			}
			if s == id || strings.Contains(s, "<no value>") || strings.Contains(s, "{{") {
				t.Errorf("%s: %s renders as %q", code, id, s)
				continue
			}
			for p, v := range args {
				if str, ok := v.(string); ok && !strings.Contains(s, str) {
					t.Errorf("%s: %s drops the parameter %s: %q", code, id, p, s)
				}
			}
			if code == "en" {
				continue
			}
			ruling := false
			for _, f := range rulingFamilies {
				ruling = ruling || strings.HasPrefix(id, f)
			}
			if w := englishIn(s); ruling && len(w) > 0 {
				t.Errorf("%s: %s says %q, with English %v", code, id, s, w)
			}
		}
	}
}

// An obligation names its pieces in each language's words and cases, with
// their squares (R 4.3.1, R 4.3.2): "White must capture the knight on d5
// with the bishop on f3"; a piece the caller cannot see is "the piece".
func TestRuling_ObligationsNamePieces(t *testing.T) {
	at := func(sq string) string { return map[string]string{"d5": "n", "f3": "B", "g1": "N"}[sq] }
	capture := protocol.Ruling{Kind: protocol.KindMust, By: "white", Rule: "capture", Sq: "d5", With: "f3"}
	move := protocol.Ruling{Kind: protocol.KindMust, By: "white", Rule: "move", Sq: "g1"}
	if got := English().Ruling(capture, at); got != "White must capture the knight on d5 with the bishop on f3" {
		t.Errorf("English: %q", got)
	}
	if got := English().Ruling(move, nil); got != "White must move the piece on g1" {
		t.Errorf("English, no position: %q", got)
	}
	for _, code := range Codes {
		l, _ := Parse(code)
		s := l.Ruling(capture, at)
		n, b := l.pieceWords("N"), l.pieceWords("B")
		if !strings.Contains(s, n.Obj) || !strings.Contains(s, b.With) || !strings.Contains(s, "d5") || !strings.Contains(s, "f3") || strings.Contains(s, "{{") {
			t.Errorf("%s: %q lacks %q, %q or a square", code, s, n.Obj, b.With)
		}
		if s := l.Ruling(move, at); !strings.Contains(s, "g1") || (!strings.Contains(s, n.Obj) && !strings.Contains(s, n.With)) {
			t.Errorf("%s: %q does not name the knight on g1", code, s)
		}
		if code != "en" {
			if w := englishIn(s); len(w) > 0 {
				t.Errorf("%s: %q with English %v", code, s, w)
			}
		}
	}
}

// The engine's refusals (an action that cannot happen on the board or in
// the game as it stands, nothing changed: laws S), played through the
// engine: each has its message; its English is the engine's words; every
// language says it with its squares and without English.
func TestText_RefusalsInEveryLanguage(t *testing.T) {
	cases := []struct {
		msg     string
		enforce bool
		lines   []string
	}{
		{"error.no-piece-to", false, []string{"w lift e5"}},
		{"error.no-piece-to", false, []string{"w touch e4"}},
		{"error.occupied", false, []string{"w lift d2", "w place d1"}},
		{"error.hand-empty-release", false, []string{"w release"}},
		{"error.nothing-to-place", false, []string{"w place e4"}},
		{"error.hand-full", false, []string{"w lift e2", "w lift d2", "w lift c2"}},
		{"error.press-no-move", true, []string{"w lift e2", "w drop e4", "w clock", "b clock"}},
		{"error.draw-too-early", false, []string{"w offer-draw", "b accept-draw"}},
		{"error.no-draw-offer", false, []string{"b accept-draw"}},
		{"error.no-clock", false, []string{"a pause"}},
		{"error.not-your-move", false, []string{"b lift e7"}},
		{"error.refused-violation", true, []string{"b touch g8", "b lift d7", "b drop d5"}},
	}
	for _, c := range cases {
		t.Run(c.msg, func(t *testing.T) {
			e, err := touch.New(protocol.Start{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, touch.Options{Enforce: c.enforce})
			if err != nil {
				t.Fatal(err)
			}
			if c.msg == "error.refused-violation" {
				for i, a := range []protocol.Action{{By: "white", Act: "lift", Sq: "e2"}, {By: "white", Act: "drop", Sq: "e4"}, {By: "white", Act: "clock"}} {
					e.Apply(i+1, a)
				}
			}
			var found *protocol.Ruling
			for i, line := range c.lines {
				f := strings.Fields(line)
				a := protocol.Action{By: map[string]string{"w": "white", "b": "black", "a": "arbiter"}[f[0]], Act: f[1]}
				if len(f) > 2 {
					a.Sq = f[2]
				}
				for _, r := range e.Apply(10+i, a) {
					if r.Kind == protocol.KindError && i == len(c.lines)-1 {
						r := r
						found = &r
					}
				}
			}
			if found == nil || found.Msg != c.msg {
				t.Fatalf("the last action's refusal: %+v", found)
			}
			if got := English().Text(*found); got != found.Error && c.msg != "error.hand-empty-release" {
				t.Errorf("English: %q, the engine's words %q", got, found.Error)
			}
			for _, code := range Codes[1:] {
				l, _ := Parse(code)
				s := l.Ruling(*found, nil)
				if strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || strings.Contains(s, "error.") || strings.Contains(s, found.Error) {
					t.Errorf("%s: %q", code, s)
				}
				if w := englishIn(s); len(w) > 0 {
					t.Errorf("%s: %q with English %v", code, s, w)
				}
				for _, sq := range squareRE.FindAllString(found.Error, -1) {
					if !strings.Contains(s, sq) {
						t.Errorf("%s: %q without the square %s", code, s, sq)
					}
				}
			}
		})
	}
}

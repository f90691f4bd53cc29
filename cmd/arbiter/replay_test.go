package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/internal/pgncheck"
)

var update = flag.Bool("update", false, "rewrite the expected rulings of the examples")

// Every example game replays to the rulings recorded next to it
// (examples/expected/NAME.jsonl: the rulings, then the summary).
func TestReplayExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.jsonl"))
	if err != nil || len(files) < 10 {
		t.Fatalf("examples: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run([]string{"replay", "--summary", f}, nil, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			golden := filepath.Join(filepath.Dir(f), "expected", filepath.Base(f))
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				os.WriteFile(golden, out.Bytes(), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != string(want) {
				t.Errorf("rulings differ from %s:\n%s", golden, out.String())
			}
		})
	}
}

func TestReplayErrorsAndStdin(t *testing.T) {
	in := strings.NewReader(`{"by":"white","act":"lift","sq":"e2"}
not json
{"by":"white","act":"jump"}

{"start":{"rules":"uscf"}}
{"by":"white","act":"drop","sq":"e4"}
`)
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--summary", "-"}, in, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := `{"at":1,"kind":"must","by":"white","rule":"move","sq":"e2","article":"4.3.1"}
{"at":2,"kind":"error","error":"not a JSON object: invalid character 'o' in literal null (expecting 'u')"}
{"at":3,"kind":"error","error":"unknown act \"jump\""}
{"at":5,"kind":"error","error":"a start line may only come first"}
{"at":6,"kind":"move","by":"white","san":"e4","uci":"e2e4","ply":1,"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}
{"moves":["e4"],"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","result":"*","reason":"","violations":[],"illegal":{"white":0,"black":0},"errors":3}
`
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
	if code := run([]string{"replay", "--rules", "nonsense"}, strings.NewReader(`{"by":"white","act":"clock"}`), &out, &errb); code != 2 {
		t.Errorf("an unknown rule set should fail with status 2, got %d", code)
	}
	if code := run([]string{"replay", "/no/such/file"}, nil, &out, &errb); code != 2 {
		t.Errorf("a missing file should fail with status 2, got %d", code)
	}
}

// replay --pgn writes the game of an action file as PGN: the moves as they
// stand, the rulings as comments on the moves they concern, the clocks
// ([%clk], [%emt]) and the TimeControl tag.
func TestReplayPGN(t *testing.T) {
	game := `{"start": {"clock": {"white": 300, "black": 300, "increment": 2}}}
{"by": "white", "act": "lift", "sq": "e2", "t": 1000}
{"by": "white", "act": "drop", "sq": "e4", "t": 2000}
{"by": "white", "act": "clock", "t": 2500}
{"by": "black", "act": "touch", "sq": "g8", "t": 5000}
{"by": "black", "act": "lift", "sq": "e7", "t": 6000}
{"by": "black", "act": "drop", "sq": "e5", "t": 7000}
{"by": "black", "act": "clock", "t": 7200}
{"by": "white", "act": "claim", "what": "touch-move", "t": 9000}
{"by": "black", "act": "lift", "sq": "g8", "t": 12000}
{"by": "black", "act": "drop", "sq": "f6", "t": 13000}
{"by": "black", "act": "clock", "t": 14000}
`
	code, out, errs := runCmd(t, game, "replay", "--pgn", "--white", "Anna", "--black", "Bo", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{`[White "Anna"]`, `[Black "Bo"]`, `[TimeControl "300+2"]`, `[Result "*"]`,
		"1. e4 {[%clk 0:04:59] [%emt 0:00:02]} {1... e5 (taken back): violation 4.3.1 by black: touched the knight on g8 first but moved the pawn on e7} {claim touch-move by white granted (4.3.1)} 1... Nf6 {[%clk 0:04:54] [%emt 0:00:05]} *"} {
		if !strings.Contains(got, want) {
			t.Errorf("PGN lacks %q:\n%s", want, out)
		}
	}
	if g := pgncheck.Moves(t, out); len(g) != 1 || strings.Join(g[0], " ") != "e4 Nf6" {
		t.Errorf("pgn-extract read %v", g)
	}
	if code, _, _ := runCmd(t, game, "replay", "--pgn", "--summary", "-"); code != 2 {
		t.Errorf("--pgn with --summary: exit %d", code)
	}
}

// --lang: the rulings' text and the PGN's comments in the language asked
// (the SAN and the JSON fields stay); an unknown language is refused with
// exit 2, naming the known ones.
func TestReplay_Lang(t *testing.T) {
	game := `{"by": "white", "act": "lift", "sq": "e2"}
{"by": "white", "act": "drop", "sq": "e4"}
{"by": "white", "act": "clock"}
{"by": "black", "act": "touch", "sq": "g8"}
{"by": "black", "act": "lift", "sq": "d7"}
{"by": "black", "act": "drop", "sq": "d5"}
{"by": "black", "act": "clock"}
`
	code, out, errs := runCmd(t, game, "replay", "--lang", "ro", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `"text":"a atins întâi calul de pe g8, dar a mutat pionul de pe d7"`) || !strings.Contains(out, `"msg":"violation.moved-other"`) || !strings.Contains(out, `"san":"d5"`) {
		t.Errorf("the rulings in Romanian:\n%s", out)
	}
	code, out, errs = runCmd(t, game, "replay", "--pgn", "--lang", "ru", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := strings.Join(strings.Fields(out), " ")
	if !strings.Contains(got, "1. e4 d5 {Нарушение правила «тронул – ходи» (чёрные): сначала тронули коня на g8, но пошли пешкой с d7 (4.3.1)}") {
		t.Errorf("the PGN's comments in Russian:\n%s", out)
	}
	if g := pgncheck.Moves(t, out); len(g) != 1 || strings.Join(g[0], " ") != "e4 d5" {
		t.Errorf("pgn-extract read %v", g)
	}
	code, _, errs = runCmd(t, game, "replay", "--lang", "tlh", "-")
	if code != 2 || !strings.Contains(errs, "en, ro, sq, fr, de, es, ru") {
		t.Errorf("an unknown language: exit %d, %q", code, errs)
	}
}

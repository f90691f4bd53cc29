package pgn

import (
	"bytes"
	"strings"
	"testing"
)

func TestWriteFormat(t *testing.T) {
	g := &Game{
		Tags:     []Tag{{"White", `Say "hi"`}, {"Annotator", `C:\dir`}, {"Event", "Test"}},
		Comments: []string{"Start"},
		Moves: []*Move{
			{SAN: "e4", Suffix: "!", NAGs: []int{18}},
			{SAN: "e5", After: []string{"solid"}},
			{SAN: "Nf3", Variations: [][]*Move{{{SAN: "f4"}, {SAN: "exf4", Suffix: "?!"}}}},
			{SAN: "Nc6"},
			{SAN: "Bb5"},
			{SAN: "a6", Before: []string{"Morphy"}},
			{SAN: "Ba4", After: []string{"multi\nline   comment"}},
			{SAN: "Nf6", Variations: [][]*Move{{}}}, // empty variations are left out
		},
		Result: "1-0",
	}
	want := `[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Say \"hi\""]
[Black "?"]
[Result "1-0"]
[Annotator "C:\\dir"]

{Start} 1. e4! $18 e5 {solid} 2. Nf3 (2. f4 exf4?!) 2... Nc6 3. Bb5 3...
{Morphy} a6 4. Ba4 {multi line comment} 4... Nf6 1-0

`
	var b bytes.Buffer
	if err := NewWriter(&b).Write(g); err != nil {
		t.Fatal(err)
	}
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestWriteResult(t *testing.T) {
	for _, tc := range []struct {
		tag, result, wantTag, wantEnd string
	}{
		{"", "", "*", "*"},
		{"0-1", "", "0-1", "0-1"},
		{"", "1/2-1/2", "1/2-1/2", "1/2-1/2"},
		{"1-0", "*", "1-0", "*"},
		{"weird", "", "weird", "*"},
	} {
		g := &Game{Result: tc.result}
		if tc.tag != "" {
			g.SetTag("Result", tc.tag)
		}
		var b bytes.Buffer
		if err := NewWriter(&b).Write(g); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, `[Result "`+tc.wantTag+`"]`) || !strings.HasSuffix(out, "\n\n"+tc.wantEnd+"\n\n") {
			t.Errorf("tag %q result %q:\n%s", tc.tag, tc.result, out)
		}
	}
}

func TestWriteNumbering(t *testing.T) {
	games := readGames(t, string(readTestFile(t, "edge-cases/empty_body.pgn")))
	var b bytes.Buffer
	if err := NewWriter(&b).Write(games[1]); err != nil {
		t.Fatal(err)
	}
	// FEN "... b kq - 0 8": Black moves first, at move 8.
	if !strings.Contains(b.String(), "\n\n8... Nge7 {+1.03/22 2.1s} 9. Nc3") {
		t.Errorf("numbering from FEN:\n%.400s", b.String())
	}
	g := readOne(t, "1. e4 e5 2. Nf3 (2. f4 exf4) (2. Nc3) Nc6 {c} 3. Bb5 $1 a6 *")
	b.Reset()
	if err := NewWriter(&b).Write(g); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(b.String(), "\n\n1. e4 e5 2. Nf3 (2. f4 exf4) (2. Nc3) 2... Nc6 {c} 3. Bb5 $1 a6 *\n\n") {
		t.Errorf("black numbers:\n%s", b.String())
	}
}

func TestWriteInvalid(t *testing.T) {
	for name, g := range map[string]*Game{
		"nil game":       nil,
		"tag name":       {Tags: []Tag{{"Bad Name", "x"}}},
		"empty tag name": {Tags: []Tag{{"", "x"}}},
		"tag value":      {Tags: []Tag{{"Event", "two\nlines"}}},
		"result":         {Result: "2-0"},
		"move":           {Moves: []*Move{{SAN: "Nf3!"}}},
		"empty move":     {Moves: []*Move{{SAN: ""}}},
		"spaced move":    {Moves: []*Move{{SAN: "e4 e5"}}},
		"nil move":       {Moves: []*Move{nil}},
		"suffix":         {Moves: []*Move{{SAN: "e4", Suffix: "!!!"}}},
		"nag":            {Moves: []*Move{{SAN: "e4", NAGs: []int{256}}}},
		"deep":           {Moves: []*Move{{SAN: "e4", Variations: [][]*Move{{{SAN: "d4", Variations: [][]*Move{{{SAN: "x"}}}}}}}}},
	} {
		var b bytes.Buffer
		if err := NewWriter(&b).Write(g); err == nil {
			t.Errorf("%s: no error", name)
		}
		if b.Len() != 0 {
			t.Errorf("%s: wrote %q", name, b.String())
		}
	}
}

// TestRoundTripTestdata writes every well-formed game of the test data,
// reads it back and compares.
func TestRoundTripTestdata(t *testing.T) {
	total := 0
	for _, rel := range testFiles(t) {
		data := readTestFile(t, rel)
		games, _ := gamesOf(readAll(t, data))
		var all bytes.Buffer
		w := NewWriter(&all)
		for _, g := range games {
			roundTrip(t, g)
			if err := w.Write(g); err != nil {
				t.Fatal(err)
			}
			total++
		}
		// The whole file written in one stream reads back game for game.
		again, errs := gamesOf(readAll(t, all.Bytes()))
		if len(errs) > 0 || len(again) != len(games) {
			t.Errorf("%s: rewritten stream gives %d games, %d errors", rel, len(again), len(errs))
			continue
		}
		for i := range games {
			if d := diffGames(exportForm(games[i]), again[i]); d != "" {
				t.Errorf("%s game %d: %s", rel, i+1, d)
			}
		}
	}
	if total < 2000 {
		t.Errorf("only %d games round-tripped", total)
	}
}

package eboard

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// The noisy game of testdata (see cmd/arbiter's end-to-end test, which
// plays it through a pseudo-terminal) gives the actions of the clean one.
func TestTranslate_NoisyGameAsCleanActions(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "noisy-game.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := ReadScript(f)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Translate(s.Start, Options{}, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	clean, err := os.ReadFile(filepath.Join("testdata", "clean-game.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var want []protocol.Action
	for i, l := range strings.Split(strings.TrimSpace(string(clean)), "\n") {
		pl, err := protocol.ParseLine([]byte(l))
		if err != nil {
			t.Fatalf("clean line %d: %v", i+1, err)
		}
		if pl.Start == nil {
			want = append(want, pl.Action)
		}
	}
	if brief(got) != brief(want) {
		t.Errorf("got  %s\nwant %s", brief(got), brief(want))
	}
}

func TestReadScript(t *testing.T) {
	text := `{"start": {"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "rules": "uscf"}}

{"t": 0, "sq": "h1", "piece": ""}
{"t": 200, "sq": "f1", "piece": "R"}
{"t": 200, "sq": "g2", "piece": "?"}
{"t": 900, "clock": "white"}
`
	s, err := ReadScript(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if s.Start.Rules != "uscf" || len(s.Events) != 4 || !s.Occupancy() {
		t.Fatalf("script %+v", s)
	}
	if e := s.Events[1]; e.Sq != chess.F1 || e.Piece != chess.WhiteRook || e.T != 200 {
		t.Errorf("event %+v", e)
	}
	if e := s.Events[3]; !e.Clock || e.By != chess.White {
		t.Errorf("clock %+v", e)
	}
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	again, err := ReadScript(&buf)
	if err != nil || again.Start != s.Start || len(again.Events) != len(s.Events) {
		t.Fatalf("round trip: %v %+v", err, again)
	}
	for i := range s.Events {
		if again.Events[i] != s.Events[i] {
			t.Errorf("event %d: %+v != %+v", i, again.Events[i], s.Events[i])
		}
	}
}

func TestReadScript_Errors(t *testing.T) {
	for _, text := range []string{
		`{"t": 0, "sq": "e9", "piece": ""}`,
		`{"t": 0, "sq": "e2"}`,
		`{"sq": "e2", "piece": ""}`,
		`{"t": 0, "sq": "e2", "piece": "X"}`,
		`{"t": 0, "sq": "e2", "piece": "PP"}`,
		`{"t": 0, "clock": "green"}`,
		`{"t": 5, "sq": "e2", "piece": ""}` + "\n" + `{"t": 4, "sq": "e4", "piece": "P"}`,
		`{"t": 5, "sq": "e2", "piece": ""}` + "\n" + `{"start": {}}`,
		`not json`,
	} {
		if _, err := ReadScript(strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), "line") {
			t.Errorf("%q: err %v", text, err)
		}
	}
}

func TestLight(t *testing.T) {
	var r Recorder
	Light(&r, []protocol.Ruling{{Kind: protocol.KindViolation}})
	Light(&r, []protocol.Ruling{{Kind: protocol.KindMust, Sq: "e1", Rule: "castle"}})
	Light(&r, []protocol.Ruling{{Kind: protocol.KindMove, UCI: "e7e8q"}, {Kind: protocol.KindResult}})
	Light(&r, []protocol.Ruling{{Kind: protocol.KindIllegal}, {Kind: protocol.KindMust, Sq: "h1"}})
	want := "show e1|clear|show h1"
	if got := strings.Join(r.Calls, "|"); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRun_Live(t *testing.T) {
	tr, err := New(protocol.Start{}, Options{Quiet: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	tl := Timeline{Zero: time.Now(), Speed: 1}
	in := make(chan Event)
	got := make(chan protocol.Action, 8)
	done := make(chan error)
	go func() {
		done <- Run(context.Background(), tr, in, tl, func(a protocol.Action) error { got <- a; return nil })
	}()
	in <- Event{T: tl.Now(), Sq: chess.E2}
	in <- Event{T: tl.Now(), Sq: chess.E4, Piece: chess.WhitePawn}
	// The drop comes when the board has been still for Quiet, with no
	// further event.
	for _, want := range []string{"lift", "drop"} {
		select {
		case a := <-got:
			if a.Act != want {
				t.Fatalf("got %s, want %s", a.Act, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no %s", want)
		}
	}
	close(in)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestRun_ContextEnds(t *testing.T) {
	tr, _ := New(protocol.Start{}, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Run(ctx, tr, make(chan Event), Timeline{Zero: time.Now()}, func(protocol.Action) error { return nil }); err != context.Canceled {
		t.Errorf("err %v", err)
	}
}

func TestTimeline(t *testing.T) {
	zero := time.Now()
	tl := Timeline{Zero: zero, Speed: 10}
	if got := tl.Of(zero.Add(time.Second)); got != 10000 {
		t.Errorf("Of = %d", got)
	}
	if got := tl.At(10000); !got.Equal(zero.Add(time.Second)) {
		t.Errorf("At = %v", got.Sub(zero))
	}
	if (Timeline{Zero: zero}).Of(zero.Add(time.Second)) != 1000 {
		t.Error("speed 0 means 1")
	}
}

// TestReadScriptRefusesABadClock: a script's start line with a time
// control out of bounds (laws K1) is an error that names the line.
func TestReadScriptRefusesABadClock(t *testing.T) {
	_, err := ReadScript(strings.NewReader("\n{\"start\": {\"clock\": {\"white\": 300, \"black\": 300, \"delay\": 5}}}\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2: clock:") {
		t.Fatalf("%v", err)
	}
}

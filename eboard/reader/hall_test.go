package reader

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
)

// A board unplugged mid-game and plugged back: the reader says it is
// disconnected, opens it again until it answers, and the game goes on
// from the server's position, while the other board plays on; nothing
// read is lost.
func TestHall_BoardUnpluggedAndBack(t *testing.T) {
	e := startHallEvent(t)
	first, err := eboard.ReadScript(strings.NewReader(hallGameA))
	if err != nil {
		t.Fatal(err)
	}
	other, err := eboard.ReadScript(strings.NewReader(hallGameB))
	if err != nil {
		t.Fatal(err)
	}
	// After 1. e4 e5 the board comes back and 2. Nf3 Nc6 is played.
	rest, err := eboard.ReadScript(strings.NewReader(`{"start": {"fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}}
{"t": 1000, "sq": "g1", "piece": ""}
{"t": 1300, "sq": "f3", "piece": "N"}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "b8", "piece": ""}
{"t": 3300, "sq": "c6", "piece": "n"}
{"t": 4000, "clock": "black"}
`))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	opens := 0
	open := func(port string) (*boardLine, error) {
		if port == "other" {
			return simBoardLine(other, "C0003", 20, SimMemory, false)
		}
		mu.Lock()
		opens++
		n := opens
		mu.Unlock()
		switch {
		case n == 1:
			// The first game's half; then the cable is pulled.
			line, err := simBoardLine(first, "D0004", 20, SimMemory, false)
			if err != nil {
				return nil, err
			}
			played := line.played
			line.played = nil // the reader never hears it played: the line fails
			go func() {
				<-played
				time.Sleep(300 * time.Millisecond) // the last report read
				line.close()
			}()
			return line, nil
		case n <= 3:
			return nil, errors.New("no such port (unplugged)")
		}
		return simBoardLine(rest, "D0004", 20, SimMemory, false)
	}
	var stdout, stderr bytes.Buffer
	cfg := HallConfig{Server: e.base, Event: e.id, Sims: &Simulated{ports: []string{"board", "other"}, open: open},
		Tables: []Table{{N: 1, Token: e.tokens[1], Board: "D0004"}, {N: 2, Token: e.tokens[2], Board: "C0003"}},
		Retry:  50 * time.Millisecond, Poll: 50 * time.Millisecond, Report: time.Second,
		Game: Config{Name: "arbiter-hall eboard", Quiet: 600 * time.Millisecond, Promote: chess.Queen, Speed: 20}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := RunHall(ctx, cfg, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the reader did not end\nstdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	}
	for table, want := range map[int]string{1: "e4 e5 Nf3 Nc6", 2: "d4 d5 c4"} {
		v := readView(t, e.base, e.games[table])
		if got := strings.Join(v.Moves, " "); got != want {
			t.Errorf("table %d: moves %q, want %q\nstdout:\n%s\nstderr:\n%s", table, got, want, stdout.String(), stderr.String())
		}
	}
	out := stdout.String()
	disc := strings.Index(out, "table 1: board D0004 on board, disconnected")
	back := strings.LastIndex(out, "table 1: board D0004 on board, connected")
	if disc < 0 || back < disc {
		t.Errorf("want the board disconnected, then connected again:\n%s", out)
	}
	if opens < 4 {
		t.Errorf("opened %d times, want the failed opens retried", opens)
	}
}

// The boards file: the table card's line, with a board or without;
// mistakes are named by their line.
func TestReadBoardsFile(t *testing.T) {
	got, err := ReadBoardsFile(strings.NewReader("# hall A\n\n1 tbl_a A0042\n2 tbl_b   # the next board\n3 tbl_c /dev/ttyUSB2\n"))
	if err != nil || len(got) != 3 || got[0].Board != "A0042" || got[1].Board != "" || got[2].Board != "/dev/ttyUSB2" || got[1].Token != "tbl_b" {
		t.Fatalf("%+v %v", got, err)
	}
	for text, want := range map[string]string{
		"":                         "no table in it",
		"1\n":                      "line 1",
		"x tbl_a\n":                "no table number",
		"1 tbl_a\n1 tbl_b\n":       "table 1 is on an earlier line",
		"1 brd_a\n":                "no table token",
		"1 tbl_a B1\n2 tbl_b B1\n": "board B1 serves table 1",
		"1 tbl_a B1 extra\n":       "TABLE TOKEN [BOARD]",
		"0 tbl_a\n":                "no table number",
	} {
		if _, err := ReadBoardsFile(strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// FuzzReadBoardsFile: any file gives tables or an error, never a panic,
// and every table read has a number, a token and no board twice.
func FuzzReadBoardsFile(f *testing.F) {
	f.Add("1 tbl_a A0042\n2 tbl_b\n")
	f.Add("# c\n3 tbl_c COM3 # x\n")
	f.Fuzz(func(t *testing.T, text string) {
		tables, err := ReadBoardsFile(strings.NewReader(text))
		if err != nil {
			return
		}
		boards := map[string]bool{}
		for _, tb := range tables {
			if tb.N < 1 || !strings.HasPrefix(tb.Token, "tbl_") || tb.Board != "" && boards[tb.Board] {
				t.Fatalf("%+v", tb)
			}
			boards[tb.Board] = tb.Board != ""
		}
	})
}

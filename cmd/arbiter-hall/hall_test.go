package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/internal/apitest"
	"github.com/arbiterchess/arbiter/server"
)

// hallEvent is an event of two tables in round 1, started, with each
// table's token.
type hallEvent struct {
	base, id, arbiter string
	games             map[int]string // table → game
	tokens            map[int]string
}

func startHallEvent(t *testing.T) hallEvent {
	t.Helper()
	base, _ := startEboardServer(t, `{"name":"hall","games":[{"white":"W1","black":"B1","round":1,"board":1},{"white":"W2","black":"B2","round":1,"board":2}]}`)
	// The event to serve, created with its id and arbiter token read (the
	// helper's own event is left aside).
	var ev struct {
		ID           string `json:"id"`
		ArbiterToken string `json:"arbiter_token"`
		Games        []struct {
			ID    string `json:"id"`
			Board int    `json:"board"`
		} `json:"games"`
	}
	hallCall(t, "POST", base+"/api/events", "", `{"name":"hall","games":[{"white":"W1","black":"B1","round":1,"board":1},{"white":"W2","black":"B2","round":1,"board":2}]}`, &ev)
	e := hallEvent{base: base, id: ev.ID, arbiter: ev.ArbiterToken, games: map[int]string{}, tokens: map[int]string{}}
	for _, g := range ev.Games {
		e.games[g.Board] = g.ID
		var tok struct {
			Token string `json:"table_token"`
		}
		hallCall(t, "POST", base+"/api/events/"+ev.ID+"/tables/"+strconv.Itoa(g.Board)+"/token", ev.ArbiterToken, "", &tok)
		e.tokens[g.Board] = tok.Token
	}
	hallCall(t, "POST", base+"/api/events/"+ev.ID+"/rounds/1/start", ev.ArbiterToken, "", nil)
	return e
}

func hallCall(t *testing.T, method, url, token, body string, out any) {
	t.Helper()
	st, raw := apitest.Call(t, method, url, token, body)
	if st/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, url, st, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(err)
		}
	}
}

// Two scripted games: 1. e4 e5 and 1. d4 d5 2. c4, with clock presses.
const (
	hallGameA = `{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "e7", "piece": ""}
{"t": 3300, "sq": "e5", "piece": "p"}
{"t": 4000, "clock": "black"}
`
	hallGameB = `{"t": 1000, "sq": "d2", "piece": ""}
{"t": 1300, "sq": "d4", "piece": "P"}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "d7", "piece": ""}
{"t": 3300, "sq": "d5", "piece": "p"}
{"t": 4000, "clock": "black"}
{"t": 5000, "sq": "c2", "piece": ""}
{"t": 5300, "sq": "c4", "piece": "P"}
{"t": 6000, "clock": "white"}
`
)

// One reader serves two simulated boards: each board's serial number
// finds its table in the boards file (one named, one the next unnamed),
// each table's game on the server gets its board's moves, the status
// lines and file say which board serves which table, and the organiser's
// e-board report (GET .../eboards) shows both.
func TestEboardCmd_HallServesSeveralBoards(t *testing.T) {
	e := startHallEvent(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, []byte(hallGameA), 0o644)
	os.WriteFile(b, []byte(hallGameB), 0o644)
	boards := filepath.Join(dir, "boards.txt")
	// Table 1 is the board B0002's; table 2 takes the other.
	os.WriteFile(boards, []byte("# table token board\n1 "+e.tokens[1]+" B0002\n2 "+e.tokens[2]+"\n"), 0o644)
	status := filepath.Join(dir, "status.json")
	code, out, errs := runCmd(t, "", "eboard", "--server", e.base, "--event", e.id, "--boards", boards, "--status", status,
		"--sim", "A0001="+a+",B0002="+b, "--speed", "20", "--sim-line", "memory")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	for table, want := range map[int]string{1: "d4 d5 c4", 2: "e4 e5"} {
		v := readView(t, e.base, e.games[table])
		if got := strings.Join(v.Moves, " "); got != want {
			t.Errorf("table %d: moves %q, want %q\nstdout:\n%s\nstderr:\n%s", table, got, want, out, errs)
		}
	}
	for _, want := range []string{"table 1: board B0002 on sim:B0002, connected, round 1 game " + e.games[1],
		"table 2: board A0001 on sim:A0001, connected, round 1 game " + e.games[2]} {
		if !strings.Contains(out, want) {
			t.Errorf("no status line %q in\n%s", want, out)
		}
	}
	raw, err := os.ReadFile(status)
	if err != nil {
		t.Fatal(err)
	}
	var sf struct {
		Boards []hallStatus `json:"boards"`
	}
	if err := json.Unmarshal(raw, &sf); err != nil || len(sf.Boards) != 2 || sf.Boards[0].Table != 1 || sf.Boards[0].Serial != "B0002" || sf.Boards[1].Serial != "A0001" {
		t.Errorf("status file: %v\n%s", err, raw)
	}
	var eb server.Eboards
	hallCall(t, "GET", e.base+"/api/events/"+e.id+"/eboards", e.arbiter, "", &eb)
	if len(eb.Boards) != 2 || eb.Boards[0].Serial != "B0002" || eb.Boards[1].Serial != "A0001" || eb.Boards[0].LastAction == "" {
		t.Errorf("e-board reports: %+v", eb.Boards)
	}
}

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
			return simBoardLine(other, "C0003", 20, simMemory, false)
		}
		mu.Lock()
		opens++
		n := opens
		mu.Unlock()
		switch {
		case n == 1:
			// The first game's half; then the cable is pulled.
			line, err := simBoardLine(first, "D0004", 20, simMemory, false)
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
		return simBoardLine(rest, "D0004", 20, simMemory, false)
	}
	var stdout, stderr bytes.Buffer
	cfg := hallConfig{server: e.base, event: e.id, ports: []string{"board", "other"}, open: open, sims: true,
		tables: []hallTable{{n: 1, token: e.tokens[1], board: "D0004"}, {n: 2, token: e.tokens[2], board: "C0003"}},
		retry:  50 * time.Millisecond, poll: 50 * time.Millisecond, report: time.Second,
		game: eboardConfig{quiet: 600 * time.Millisecond, promote: chess.Queen, speed: 20}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := runHall(ctx, cfg, &stdout, &stderr); err != nil {
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
	got, err := readBoardsFile(strings.NewReader("# hall A\n\n1 tbl_a A0042\n2 tbl_b   # the next board\n3 tbl_c /dev/ttyUSB2\n"))
	if err != nil || len(got) != 3 || got[0].board != "A0042" || got[1].board != "" || got[2].board != "/dev/ttyUSB2" || got[1].token != "tbl_b" {
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
		if _, err := readBoardsFile(strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), want) {
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
		tables, err := readBoardsFile(strings.NewReader(text))
		if err != nil {
			return
		}
		boards := map[string]bool{}
		for _, tb := range tables {
			if tb.n < 1 || !strings.HasPrefix(tb.token, "tbl_") || tb.board != "" && boards[tb.board] {
				t.Fatalf("%+v", tb)
			}
			boards[tb.board] = tb.board != ""
		}
	})
}

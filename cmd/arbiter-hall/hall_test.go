package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
		Boards []struct {
			Table int `json:"table,omitempty"`
			server.EboardStatus
		} `json:"boards"`
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

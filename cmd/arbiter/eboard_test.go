package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
)

var eboardData = filepath.Join("..", "..", "eboard", "testdata")

// actionLines reads JSON Lines of actions (and a start line), dropping the
// times, which a board and a hand-written file cannot share.
func actionLines(t *testing.T, text string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		delete(m, "t")
		out = append(out, m)
	}
	return out
}

// The game of eboard/testdata, played on a simulated DGT board over a
// pseudo-terminal with noisy sensors (a pawn on both squares in one scan,
// the new square before the old one clears, a bishop and a rook slid
// across squares, a capture reported as one piece replacing another, a
// touched piece put back, ~250 ms scans), with a rook-first castling and
// a capture whose captured piece was lifted first, gives the very actions
// of the same game entered by hand, and the same moves and rulings.
func TestEboardCmd_NoisyGameAsCleanActions(t *testing.T) {
	noisy := filepath.Join(eboardData, "noisy-game.jsonl")
	clean := filepath.Join(eboardData, "clean-game.jsonl")
	want, err := os.ReadFile(clean)
	if err != nil {
		t.Fatal(err)
	}

	code, out, errs := runCmd(t, "", "eboard", "--sim", noisy, "--speed", "40")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := actionLines(t, out)
	if w := actionLines(t, string(want)); !reflect.DeepEqual(got, w) {
		t.Errorf("actions differ\n got: %v\nwant: %v", got, w)
	}

	code, rulings, errs := runCmd(t, "", "eboard", "--sim", noisy, "--speed", "40", "--replay", "--summary")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, wantRulings, errs := runCmd(t, "", "replay", "--summary", clean)
	if code != 0 {
		t.Fatalf("replay exit %d: %s", code, errs)
	}
	if rulings != wantRulings {
		t.Errorf("rulings differ\n got:\n%s\nwant:\n%s", rulings, wantRulings)
	}
	lines := strings.Split(strings.TrimSpace(rulings), "\n")
	var s protocol.Summary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.Moves, " ") != "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Nxe4 d4 exd4 Re1" {
		t.Errorf("moves %v", s.Moves)
	}
	if len(s.Violations) != 1 || s.Violations[0].Article != "4.3.1" || s.Violations[0].By != "black" {
		t.Errorf("violations %+v (want black's Bf8 touched, Ng8 moved)", s.Violations)
	}
	if s.Errors != 0 {
		t.Errorf("%d errors", s.Errors)
	}
}

func writeScript(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "script.jsonl")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEboardCmd_OccupancyBoardPromotes(t *testing.T) {
	p := writeScript(t, `{"start": {"fen": "7k/4P3/8/8/8/8/8/4K3 w - - 0 1"}}
{"t": 1000, "sq": "e7", "piece": ""}
{"t": 1250, "sq": "e8", "piece": "?"}
{"t": 2000, "clock": "white"}
`)
	for _, c := range []struct{ flag, want string }{{"Q", "e8=Q+"}, {"N", "e8=N"}} {
		code, out, errs := runCmd(t, "", "eboard", "--sim", p, "--speed", "40", "--promote", c.flag, "--replay", "--summary")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if !strings.Contains(out, `"moves":["`+c.want+`"]`) {
			t.Errorf("--promote %s: %s", c.flag, out)
		}
	}
}

func TestEboardCmd_LEDsDoNotDisturb(t *testing.T) {
	p := writeScript(t, `{"t": 1000, "sq": "g1", "piece": ""}
{"t": 1300, "sq": "f3", "piece": "N"}
{"t": 2000, "clock": "white"}
`)
	code, out, errs := runCmd(t, "", "eboard", "--sim", p, "--speed", "40", "--replay", "--leds")
	if code != 0 || !strings.Contains(out, `"san":"Nf3"`) {
		t.Errorf("exit %d: %s %s", code, out, errs)
	}
}

func TestEboardCmd_InferClock(t *testing.T) {
	p := writeScript(t, `{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 3000, "sq": "e7", "piece": ""}
{"t": 3300, "sq": "e5", "piece": "p"}
`)
	code, out, errs := runCmd(t, "", "eboard", "--sim", p, "--speed", "40", "--infer-clock")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, `"act":"clock"`); n != 1 || !strings.Contains(out, `{"by":"black","act":"lift","sq":"e7"`) {
		t.Errorf("want White's clock inferred before Black's lift:\n%s", out)
	}
}

func TestEboardCmd_Usage(t *testing.T) {
	p := writeScript(t, `{"t": 1000, "sq": "e2", "piece": ""}`+"\n")
	for _, args := range [][]string{
		{"eboard"},
		{"eboard", "--sim", p, "--port", "/dev/null"},
		{"eboard", "--sim", p, "--summary"},
		{"eboard", "--sim", p, "--promote", "K"},
		{"eboard", "--sim", p, "--speed", "0"},
		{"eboard", "--sim", filepath.Join(t.TempDir(), "missing.jsonl")},
		{"eboard", "--sim", writeScript(t, `{"t": 5, "sq": "e9", "piece": ""}`)},
		{"eboard", "--port", "/nonexistent/tty"},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// A simulated board attached to a game of a running server (laws issue of
// the server, item 5): every action reaches the server once, and the
// server's game is the board's game.
func TestEboardCmd_ForwardsToServer(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- server.ListenAndServe(ctx, server.Config{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "arbiter.db"),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Ready: func(u string) { urls <- u }})
	}()
	defer func() { cancel(); <-done }()
	var base string
	select {
	case base = <-urls:
	case err := <-done:
		t.Fatal(err)
	}
	base = strings.TrimSuffix(base, "/")
	resp, err := http.Post(base+"/api/events", "application/json", strings.NewReader(`{"name":"e-board","start":{"rules":"uscf"},"games":[{"round":1,"board":1,"white":"W","black":"B"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var ev struct {
		Games []struct {
			ID         string `json:"id"`
			BoardToken string `json:"board_token"`
		} `json:"games"`
	}
	json.NewDecoder(resp.Body).Decode(&ev)
	resp.Body.Close()
	if len(ev.Games) != 1 {
		t.Fatalf("event: %+v", ev)
	}
	g := ev.Games[0]
	code, _, errs := runCmd(t, "", "eboard", "--sim", filepath.Join(eboardData, "noisy-game.jsonl"), "--speed", "40",
		"--server", base, "--game", g.ID, "--token", g.BoardToken)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	resp, err = http.Get(base + "/api/games/" + g.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var view struct {
		Summary protocol.Summary `json:"summary"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&view); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(view.Summary.Moves, " "); got != "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Nxe4 d4 exd4 Re1" {
		t.Errorf("server's moves: %s", got)
	}
	if len(view.Summary.Violations) != 1 {
		t.Errorf("server's violations: %+v", view.Summary.Violations)
	}
	if code, _, errs := runCmd(t, "", "eboard", "--sim", "x", "--server", base); code != 2 || !strings.Contains(errs, "--server needs --game and --token") {
		t.Errorf("usage: %d %s", code, errs)
	}
}

// A board whose script says uscf forwarded into a fide game would be ruled
// on by other laws than its own: the command says so and stops before
// posting anything (status 2). Told to follow the server (--rules fide),
// it plays on, and the actions the server then refuses make it exit 1.
func TestEboardCmd_ServerRulesMismatch(t *testing.T) {
	base, games := startEboardServer(t, `{"name":"fide hall","start":{"rules":"fide"},"games":[{"white":"W","black":"B"},{"white":"W2","black":"B2"}]}`)
	script := filepath.Join(eboardData, "noisy-game.jsonl")
	code, _, errs := runCmd(t, "", "eboard", "--sim", script, "--speed", "40",
		"--server", base, "--game", games[0].ID, "--token", games[0].BoardToken)
	if code != 2 || !strings.Contains(errs, `under rules "uscf" but the server's game is under "fide"`) {
		t.Fatalf("exit %d, want 2 and the mismatch named: %s", code, errs)
	}
	if v := readView(t, base, games[0].ID); v.N != 0 {
		t.Fatalf("%d entries posted to a game the board disagrees with", v.N)
	}

	code, _, errs = runCmd(t, "", "eboard", "--sim", script, "--speed", "40", "--rules", "fide",
		"--server", base, "--game", games[1].ID, "--token", games[1].BoardToken)
	if code != 1 || !strings.Contains(errs, "the server refused") {
		t.Fatalf("exit %d, want 1 after refusals: %s", code, errs)
	}
}

// A script with no start line plays the server's game as the server set
// it up (here uscf, which is what the noisy script's moves need).
func TestEboardCmd_FollowsServerStart(t *testing.T) {
	base, games := startEboardServer(t, `{"name":"us hall","start":{"rules":"uscf"},"games":[{"white":"W","black":"B"}]}`)
	data, err := os.ReadFile(filepath.Join(eboardData, "noisy-game.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(data), "\n") // without its start line
	code, _, errs := runCmd(t, "", "eboard", "--sim", writeScript(t, body), "--speed", "40",
		"--server", base, "--game", games[0].ID, "--token", games[0].BoardToken)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if v := readView(t, base, games[0].ID); strings.Join(v.Summary.Moves, " ") != "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Nxe4 d4 exd4 Re1" {
		t.Fatalf("server's moves: %v", v.Summary.Moves)
	}
}

type eboardGame struct {
	ID         string `json:"id"`
	BoardToken string `json:"board_token"`
}

// startEboardServer runs a server for the test and creates the event
// described by body; it returns the base URL and the games.
func startEboardServer(t *testing.T, body string) (string, []eboardGame) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- server.ListenAndServe(ctx, server.Config{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "arbiter.db"),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Ready: func(u string) { urls <- u }})
	}()
	t.Cleanup(func() { cancel(); <-done })
	var base string
	select {
	case base = <-urls:
	case err := <-done:
		t.Fatal(err)
	}
	base = strings.TrimSuffix(base, "/")
	resp, err := http.Post(base+"/api/events", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var ev struct {
		Games []eboardGame `json:"games"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&ev); err != nil || len(ev.Games) == 0 {
		t.Fatalf("event: %v %+v", err, ev)
	}
	return base, ev.Games
}

func readView(t *testing.T, base, id string) server.GameView {
	t.Helper()
	resp, err := http.Get(base + "/api/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v server.GameView
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

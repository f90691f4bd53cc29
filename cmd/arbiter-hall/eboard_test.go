package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/touch"
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
	wantRulings := replayClean(t, string(want))
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

// replayClean is what "arbiter replay --summary" prints for an action
// file: each action's rulings, then the summary.
func replayClean(t *testing.T, text string) string {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	var e *touch.Engine
	for at, line := range strings.Split(strings.TrimSpace(text), "\n") {
		l, err := protocol.ParseLine([]byte(line))
		if err != nil {
			t.Fatalf("line %d: %v", at+1, err)
		}
		if l.Start != nil {
			if e, err = touch.New(*l.Start, touch.Options{}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for _, r := range e.Apply(at+1, l.Action) {
			enc.Encode(r)
		}
	}
	enc.Encode(e.Summary())
	return b.String()
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
	base, games := startEboardServer(t, `{"name":"e-board","start":{"rules":"uscf"},"games":[{"round":1,"board":1,"white":"W","black":"B"}]}`)
	if len(games) != 1 {
		t.Fatalf("event: %+v", games)
	}
	g := games[0]
	code, _, errs := runCmd(t, "", "eboard", "--sim", filepath.Join(eboardData, "noisy-game.jsonl"), "--speed", "40",
		"--server", base, "--game", g.ID, "--token", g.BoardToken)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	view := readView(t, base, g.ID)
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
	code, _, errs := runCmd(t, "", "eboard", "--sim", writeScript(t, body), "--speed", "10",
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

// clockGame is a game with a time control of five minutes a side.
const clockGame = `{"start": {"clock": {"white": 300, "black": 300}}}
{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 3000, "clock": "white"}
{"t": 4000, "sq": "e7", "piece": ""}
{"t": 4300, "sq": "e5", "piece": "p"}
{"t": 6500, "clock": "black"}
`

// Laws K5: with a time control, the simulated board's clock is a DGT3000;
// "arbiter-hall eboard" sets it at the start (White's clock running), and the
// clock's times go into the actions, on either side of the clock.
func TestEboardCmd_K5_ClockSetAtStartAndTimesInActions(t *testing.T) {
	p := writeScript(t, clockGame)
	for _, c := range []struct {
		args []string
		set  string
	}{
		// The running side is set to its time less the command's delay.
		{nil, "right 0:05:00, left runs"},
		{[]string{"--white-right"}, "clock set for the start: left 0:05:00, right 0:0"},
		{[]string{"--set-clock=false"}, ""},
	} {
		args := append([]string{"eboard", "--sim", p, "--speed", "10", "-v"}, c.args...)
		code, out, errs := runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if c.set != "" && (!strings.Contains(errs, c.set) || !strings.Contains(errs, "a DGT3000 (version 2.1) is plugged into the board")) {
			t.Errorf("%v: stderr does not say %q:\n%s", c.args, c.set, errs)
		}
		if c.set == "" && strings.Contains(errs, "clock set") {
			t.Errorf("%v: the clock was set:\n%s", c.args, errs)
		}
		var presses []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
			var a protocol.Action
			if err := json.Unmarshal([]byte(l), &a); err != nil {
				t.Fatal(err)
			}
			if a.Times == nil {
				t.Errorf("%v: %s carries no times", c.args, l)
				continue
			}
			if a.Act == protocol.ClockPress {
				presses = append(presses, fmt.Sprintf("%d/%d", a.Times.White/1000, a.Times.Black/1000))
			}
		}
		if got := strings.Join(presses, " "); got != "297/300 297/296" {
			t.Errorf("%v: the presses' times %s, want 297/300 297/296", c.args, got)
		}
	}
	code, _, errs := runCmd(t, "", "eboard", "--sim", writeScript(t, `{"t": 1000, "sq": "e2", "piece": ""}`+"\n"), "--set-clock")
	if code != 2 || !strings.Contains(errs, "--set-clock needs a time control") {
		t.Errorf("--set-clock without a time control: exit %d: %s", code, errs)
	}
}

// liveBuffer is a stream the command writes while the test reads it.
type liveBuffer struct {
	mu      sync.Mutex
	b       strings.Builder
	changed chan struct{}
}

func newLiveBuffer() *liveBuffer { return &liveBuffer{changed: make(chan struct{}, 1)} }

func (w *liveBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
	return w.b.Write(p)
}

func (w *liveBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// waitFor waits until the stream holds s (a minute at most: far more
// than it takes).
func (w *liveBuffer) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := time.After(time.Minute)
	for !strings.Contains(w.String(), s) {
		select {
		case <-w.changed:
		case <-deadline:
			t.Fatalf("no %q in:\n%s", s, w.String())
		}
	}
}

// gateProxy stands between the reader and the server as a hall's reverse
// proxy does: it lets the first request through (the reader reads the
// game), then answers 502 Bad Gateway, as when its server is away, until
// opened.
type gateProxy struct {
	rp       *httputil.ReverseProxy
	requests atomic.Int32
	open     atomic.Bool
}

func (p *gateProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.requests.Add(1) > 1 && !p.open.Load() {
		http.Error(w, "<html><body>502 Bad Gateway</body></html>", http.StatusBadGateway)
		return
	}
	p.rp.ServeHTTP(w, r)
}

// The server goes away (its proxy answers 502) as soon as the reader has
// read the game, and comes back after the game is over: the reader says
// once that the server is unreachable, with the cause and its URL, goes
// on reading the board meanwhile, says when the game is over that it
// waits, and when the server is back, after how long, with the actions
// held (all 39: their count, their t and the moves). The server then has
// every action once, in order.
func TestEboardCmd_SaysWhenTheServerIsUnreachableAndBack(t *testing.T) {
	base, games := startEboardServer(t, `{"name":"e-board","start":{"rules":"uscf"},"games":[{"white":"W","black":"B"}]}`)
	g := games[0]
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := &gateProxy{rp: httputil.NewSingleHostReverseProxy(target)}
	hs := httptest.NewServer(proxy)
	defer hs.Close()

	stdout, stderr := newLiveBuffer(), newLiveBuffer()
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"eboard", "--sim", filepath.Join(eboardData, "noisy-game.jsonl"), "--speed", "40",
			"--server", hs.URL, "--game", g.ID, "--token", g.BoardToken}, strings.NewReader(""), stdout, stderr)
	}()
	stderr.waitFor(t, "waiting for the server to take the 39 actions still held")
	if v := readView(t, base, g.ID); v.N != 0 {
		t.Fatalf("the server got %d entries through a closed gate", v.N)
	}
	proxy.open.Store(true)
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	case <-time.After(time.Minute):
		t.Fatalf("the reader did not end once the server was back:\n%s", stderr)
	}

	errs := stderr.String()
	t.Logf("stderr:\n%s", errs)
	down := regexp.MustCompile(`(?m)^arbiter-hall eboard: WARN the server ` + regexp.QuoteMeta(hs.URL) +
		` is unreachable \(it answers 502 Bad Gateway\); keeping the board's actions \([1-9][0-9]* so far\) and retrying$`)
	if n := len(down.FindAllString(errs, -1)); n != 1 || strings.Count(errs, "is unreachable") != 1 {
		t.Errorf("want the outage said once, got %d:\n%s", n, errs)
	}
	var ts []int64
	for _, l := range strings.Split(strings.TrimSpace(stdout.String()), "\n")[1:] {
		var a protocol.Action
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatal(err)
		}
		ts = append(ts, *a.T)
	}
	// A simulation played faster than real time posts no t (the server
	// stamps the arrival): the line names no span of time.
	back := regexp.MustCompile(`(?m)^arbiter-hall eboard: the server ` + regexp.QuoteMeta(hs.URL) + ` is back after [0-9.]+ s; ` +
		regexp.QuoteMeta("sent the 39 actions held meanwhile (moves e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Nxe4 d4 exd4 Re1)") + `$`)
	if len(ts) != 39 || len(back.FindAllString(errs, -1)) != 1 {
		t.Errorf("%d actions printed; want the return said once with them:\n%s", len(ts), errs)
	}
	if strings.Index(errs, "is unreachable") > strings.Index(errs, "waiting for the server") || strings.Index(errs, "waiting for the server") > strings.Index(errs, "is back") {
		t.Errorf("out of order:\n%s", errs)
	}

	view := readView(t, base, g.ID)
	if got := strings.Join(view.Summary.Moves, " "); got != "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Nxe4 d4 exd4 Re1" || view.N != 39 {
		t.Errorf("server's game: %d entries, moves %s", view.N, got)
	}
	resp, err := http.Get(base + "/api/games/" + g.ID + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var log []struct {
		N, Seq int64
	}
	if err := json.NewDecoder(resp.Body).Decode(&log); err != nil {
		t.Fatal(err)
	}
	for i, e := range log {
		if e.N != int64(i+1) || e.Seq != int64(i+1) {
			t.Fatalf("entry %d: n %d seq %d", i, e.N, e.Seq)
		}
	}
}

// The times of a board's actions are put on the game's own time on the
// server, which takes a board's t only within its drift before the
// action's arrival: a board started three seconds before the first move
// (a script whose first event is at t 3000) posts its first action at t 0
// and the rest a real time apart, and the server re-stamps none of them
// (the game has no note); played faster than real time, the actions go
// without t and the server stamps them.
func TestEboardCmd_TimesOnTheGamesTime(t *testing.T) {
	script := `{"start": {"clock": {"white": 300, "black": 300}}}
{"t": 3000, "sq": "e2", "piece": ""}
{"t": 3000, "sq": "e4", "piece": "P"}
{"t": 3500, "clock": "white"}
{"t": 4200, "sq": "e7", "piece": ""}
{"t": 4200, "sq": "e5", "piece": "p"}
{"t": 4700, "clock": "black"}
`
	for _, speed := range []string{"1", "20"} {
		base, games := startEboardServer(t, `{"name":"clocked","start":{"clock":{"white":300,"black":300}},"games":[{"white":"W","black":"B"}]}`)
		g := games[0]
		code, _, errs := runCmd(t, "", "eboard", "--sim", writeScript(t, script), "--speed", speed, "--set-clock=false",
			"--server", base, "--game", g.ID, "--token", g.BoardToken)
		if code != 0 {
			t.Fatalf("speed %s: exit %d: %s", speed, code, errs)
		}
		v := readView(t, base, g.ID)
		if strings.Join(v.Summary.Moves, " ") != "e4 e5" || len(v.Notes) != 0 {
			t.Errorf("speed %s: moves %v, notes %+v", speed, v.Summary.Moves, v.Notes)
		}
		// The simulated clock (a DGT3000's, the clock of record) ran from
		// the board's start: its times are within the drift of the
		// server's reckoning, and taken.
		if v.Clock == nil || v.Clock.White < 295000 || v.Clock.Black < 295000 || v.ClockHeld != nil {
			t.Errorf("speed %s: clock %+v, held %+v", speed, v.Clock, v.ClockHeld)
		}
	}
}

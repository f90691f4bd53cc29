package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/apitest"
	"github.com/arbiterchess/arbiter/internal/pgtest"
	"github.com/arbiterchess/arbiter/internal/randgame"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/touch"
	"github.com/arbiterchess/arbiter/winnable"
)

// TestServe runs the real "arbiter-hall serve" binary: it is killed with
// SIGKILL in the middle of a stream of actions and restarted on the same
// database (SQLite, and PostgreSQL when ARBITER_TEST_POSTGRES is set), and
// it shuts down cleanly on SIGTERM.
func TestServe(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "arbiter")
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	if out, err := exec.Command(goCmd, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("Kill9/sqlite", func(t *testing.T) { serveKill9(t, bin, filepath.Join(t.TempDir(), "arbiter.db")) })
	t.Run("Kill9/postgres", func(t *testing.T) { serveKill9(t, bin, pgtest.Schema(t)) })
	t.Run("SIGTERM", func(t *testing.T) { serveSIGTERM(t, bin) })
	t.Run("BeyondLoopback", func(t *testing.T) { serveBeyondLoopback(t, bin) })
	t.Run("Usage", func(t *testing.T) {
		if code, _, stderr := runCmd(t, "", "serve", "--log", "xml"); code != 2 || !strings.Contains(stderr, "--log must be text or json") {
			t.Errorf("exit %d, %s", code, stderr)
		}
		if code, _, stderr := runCmd(t, "", "serve", "--addr", "127.0.0.1:0", "--db", "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"); code != 1 || !strings.Contains(stderr, "arbiter-hall serve:") || !strings.Contains(stderr, "unavailable") {
			t.Errorf("unreachable database: exit %d, %s", code, stderr)
		}
		// An empty file in the place of the hall's database is refused,
		// naming the flag that makes it a new hall.
		empty := filepath.Join(t.TempDir(), "arbiter.db")
		os.WriteFile(empty, nil, 0o644)
		if code, _, stderr := runCmd(t, "", "serve", "--addr", "127.0.0.1:0", "--db", empty); code != 1 || !strings.Contains(stderr, "empty file") || !strings.Contains(stderr, "--new-hall") {
			t.Errorf("empty database file: exit %d, %s", code, stderr)
		}
		if code, _, stderr := runCmd(t, "", "serve", "--trusted-proxy", "10.0.0.0/99"); code != 2 || !strings.Contains(stderr, "--trusted-proxy") {
			t.Errorf("bad --trusted-proxy: exit %d, %s", code, stderr)
		}
		if code, _, stderr := runCmd(t, "", "serve", "--frame-ancestors", "https://club.example.org/path"); code != 2 || !strings.Contains(stderr, "--frame-ancestors") {
			t.Errorf("bad --frame-ancestors: exit %d, %s", code, stderr)
		}
	})
}

// serveProc is a running "arbiter-hall serve".
type serveProc struct {
	cmd    *exec.Cmd
	url    string
	stderr *bytes.Buffer
	admin  string // the admin token the server printed, if any
	done   chan error
}

type lockedBuffer struct {
	mu sync.Mutex
	bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Buffer.Write(p)
}

func serveStart(t *testing.T, bin, addr, db string) *serveProc {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", db)
	errBuf := &lockedBuffer{}
	cmd.Stderr = errBuf
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd, stderr: &errBuf.Buffer, done: make(chan error, 1)}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "adm_") {
				p.admin = sc.Text() // printed before the URL
			}
			if u, ok := strings.CutPrefix(sc.Text(), "arbiter: serving on "); ok {
				urls <- strings.TrimRight(u, "/")
			}
		}
	}()
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Signal(syscall.SIGKILL)
			<-p.done
		}
	})
	select {
	case p.url = <-urls:
	case err := <-p.done:
		t.Fatalf("arbiter-hall serve exited: %v\n%s", err, errBuf.String())
	case <-time.After(60 * time.Second):
		t.Fatal("arbiter-hall serve did not start")
	}
	return p
}

func serveCall(t *testing.T, method, url, token, body string, out any) int {
	t.Helper()
	var b any
	if body != "" {
		b = body
	}
	st, raw := apitest.Call(t, method, url, token, b)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, url, err, raw)
		}
	}
	return st
}

func serveKill9(t *testing.T, bin, db string) {
	// A port kept across the restart, below the range the system hands
	// out for ":0", so that no other listener takes it in between.
	addr := ""
	for i := 0; i < 200 && addr == ""; i++ {
		a := fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(10000))
		if ln, err := net.Listen("tcp", a); err == nil {
			ln.Close()
			addr = a
		}
	}
	if addr == "" {
		t.Fatal("no free loopback port")
	}
	p := serveStart(t, bin, addr, db)
	const boards = 4
	var ev server.CreatedEvent
	body := `{"name": "Kill -9 open", "games": [{}, {}, {}, {}]}`
	if st := serveCall(t, "POST", p.url+"/api/events", "", body, &ev); st != http.StatusCreated || len(ev.Games) != boards {
		t.Fatalf("create: %d", st)
	}

	// Each board posts its game as fast as it is acknowledged, one action
	// per post; the server is killed once a third of them are in.
	type acked struct {
		n, seq int64
		action protocol.Action
	}
	games := make([][]protocol.Action, boards)
	total := 0
	for b := range games {
		games[b] = randgame.Sensor(uint64(b+1), 60)
		total += len(games[b])
	}
	results := make([][]acked, boards)
	var count atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, boards)
	for b := 0; b < boards; b++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := server.NewClient(p.url)
			c.MaxBackoff = 100 * time.Millisecond
			defer c.Close()
			for _, a := range games[b] {
				one := []protocol.Action{a}
				acks, err := c.Post(ctx, ev.Games[b].ID, ev.Games[b].BoardToken, one)
				if err != nil {
					errs <- fmt.Errorf("board %d: %w", b, err)
					return
				}
				results[b] = append(results[b], acked{acks[0].N, one[0].Seq, one[0]})
				count.Add(1)
			}
		}()
	}
	for count.Load() < int64(total/3) {
		time.Sleep(time.Millisecond)
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	killedAt := count.Load()
	p = serveStart(t, bin, addr, db)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("killed after %d of %d acknowledged actions", killedAt, total)

	for b := 0; b < boards; b++ {
		g := ev.Games[b]
		var log []store.Entry
		serveCall(t, "GET", p.url+"/api/games/"+g.ID+"/log", "", "", &log)
		if len(log) != len(results[b]) {
			t.Fatalf("board %d: %d entries for %d acknowledged actions", b, len(log), len(results[b]))
		}
		engine, err := touch.New(protocol.Start{}, touch.Options{CanMate: winnable.CanMate})
		if err != nil {
			t.Fatal(err)
		}
		var rulings []protocol.Ruling
		for i, e := range log {
			r := results[b][i]
			want, _ := json.Marshal(r.action)
			got, _ := json.Marshal(e.Action)
			if e.N != r.n || e.Seq != r.seq || string(got) != string(want) {
				t.Fatalf("board %d action %d: acknowledged as n %d seq %d %s, stored %+v", b, i, r.n, r.seq, want, e)
			}
			rulings = append(rulings, engine.Apply(int(e.N), *e.Action)...)
		}
		var v server.GameView
		serveCall(t, "GET", p.url+"/api/games/"+g.ID, "", "", &v)
		gotSum, _ := json.Marshal(v.Summary)
		wantSum, _ := json.Marshal(engine.Summary())
		gotR, _ := json.Marshal(v.Rulings)
		wantR, _ := json.Marshal(rulings)
		if string(gotSum) != string(wantSum) || string(gotR) != string(wantR) {
			t.Fatalf("board %d: the served game differs from a fresh replay:\n%s\n%s", b, gotSum, wantSum)
		}
		if len(v.Moves) < 20 {
			t.Fatalf("board %d: only %d moves", b, len(v.Moves))
		}
	}
}

func serveSIGTERM(t *testing.T, bin string) {
	db := filepath.Join(t.TempDir(), "arbiter.db")
	p := serveStart(t, bin, "127.0.0.1:0", db)
	if st := serveCall(t, "GET", p.url+"/healthz", "", "", nil); st != http.StatusOK {
		t.Fatalf("healthz %d", st)
	}
	var ev server.CreatedEvent
	serveCall(t, "POST", p.url+"/api/events", "", `{"name": "x", "games": [{}]}`, &ev)
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, p.stderr)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	if s := p.stderr.String(); !strings.Contains(s, "shutting down") || !strings.Contains(s, "stopped") {
		t.Errorf("logs:\n%s", s)
	}
	// The event survived.
	p = serveStart(t, bin, "127.0.0.1:0", db)
	if st := serveCall(t, "GET", p.url+"/api/games/"+ev.Games[0].ID, "", "", nil); st != http.StatusOK {
		t.Fatalf("after restart: %d", st)
	}
}

// Listening beyond loopback (server issue, defect 2), creating events
// needs an admin token: one is made and printed once when none is given;
// the default address is loopback.
func serveBeyondLoopback(t *testing.T, bin string) {
	p := serveStart(t, bin, "0.0.0.0:0", filepath.Join(t.TempDir(), "arbiter.db"))
	if p.admin == "" {
		t.Fatal("no admin token printed for a server listening beyond loopback")
	}
	base := strings.Replace(p.url, "localhost", "127.0.0.1", 1)
	if st := serveCall(t, "POST", base+"/api/events", "", `{"name": "x"}`, nil); st != http.StatusUnauthorized {
		t.Errorf("creating an event without the token: %d", st)
	}
	if st := serveCall(t, "POST", base+"/api/events", p.admin, `{"name": "x"}`, nil); st != http.StatusCreated {
		t.Errorf("creating an event with the printed token: %d", st)
	}
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, ":8080": false, "0.0.0.0:8080": false, "192.0.2.7:8080": false} {
		if got := server.Loopback(addr); got != want {
			t.Errorf("Loopback(%q) = %v", addr, got)
		}
	}
	code, _, errs := runCmd(t, "", "serve", "--help")
	if code != 0 || !strings.Contains(errs, `default "127.0.0.1:8080"`) {
		t.Errorf("the default address is not loopback: %s", errs)
	}
}

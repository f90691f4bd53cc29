package reader

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/server"
)

// The hall's reader: one "arbiter-hall eboard --event" process serves
// every DGT board of a machine. It opens each board's port, asks the
// board its serial number, finds the board's table in the boards file,
// and plays, round after round, the game the server pairs at that table
// (with the table's token, valid all event long). A board that drops is
// opened again until it answers; its game goes on from where the server
// has it. Each board's state is printed as it changes, written to a
// status file, and reported to the server for the organiser's page
// (status.go).

// Table is a line of the boards file: a table of the event, its token,
// and the board that serves it.
type Table struct {
	// N is the table's number, Token its table token (tbl_..., on the
	// table's card).
	N     int
	Token string
	// Board is the board that serves the table: its serial number or its
	// port; empty, a board the file names nowhere else.
	Board string
	// Line is the table's line in the file.
	Line int
}

// ReadBoardsFile reads a boards file: one table a line, "TABLE TOKEN
// [BOARD]" (the line an organiser's table card prints, with the board's
// serial number or port added), blank lines and "#" comments skipped. A
// table on two lines, a board serving two tables, or a file without a
// table is an error, which names its line.
func ReadBoardsFile(r io.Reader) ([]Table, error) {
	var out []Table
	seen := map[int]bool{}
	boards := map[string]int{}
	sc := bufio.NewScanner(r)
	for ln := 1; sc.Scan(); ln++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 || len(f) > 3 {
			return nil, fmt.Errorf("line %d: %q is not TABLE TOKEN [BOARD]", ln, strings.TrimSpace(text))
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 || n > 10000 {
			return nil, fmt.Errorf("line %d: %q is no table number", ln, f[0])
		}
		if seen[n] {
			return nil, fmt.Errorf("line %d: table %d is on an earlier line too", ln, n)
		}
		seen[n] = true
		if !strings.HasPrefix(f[1], "tbl_") {
			return nil, fmt.Errorf("line %d: %q is no table token (tbl_..., on the table's card)", ln, f[1])
		}
		t := Table{N: n, Token: f[1], Line: ln}
		if len(f) == 3 {
			t.Board = f[2]
			if prev, ok := boards[t.Board]; ok {
				return nil, fmt.Errorf("line %d: board %s serves table %d already", ln, t.Board, prev)
			}
			boards[t.Board] = n
		}
		out = append(out, t)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("no table in it")
	}
	return out, nil
}

// boardLine is an open line to a board: a real board's serial port, or a
// simulated board's line (sim set; played closes when it has played its
// script).
type boardLine struct {
	board  *dgt.Board
	sim    *dgt.Sim
	played <-chan struct{}
	close  func()
}

// hallGame is what Play needs of the hall's reader for one game.
type hallGame struct {
	table int
	line  *boardLine
	// end ends the game: over on the server, the simulated board has
	// played, or the reader stops (quit).
	end, quit context.Context
	// queued hands over the count of actions the server has not taken
	// yet; acted says that the board's hands did something.
	queued func(func() int)
	acted  func()
}

// HallConfig is the hall's reader: the event whose tables it serves, the
// boards, and each game's settings.
type HallConfig struct {
	// Server is the arbiter server's URL, Event the event's id; Tables
	// are the boards file's (ReadBoardsFile).
	Server, Event string
	Tables        []Table
	// Ports are the boards' serial ports. None: the ports FindPorts
	// returns (those that may be DGT boards), asked again every few
	// seconds for boards plugged in later.
	Ports     []string
	FindPorts func() ([]string, error)
	// Sims, if set, are the boards instead, all simulated: the reader
	// ends when each has played its script (Ports are not looked at).
	Sims *Simulated
	// StatusFile, if set, is kept holding every board's state (JSON),
	// rewritten as it changes.
	StatusFile string
	// Game is each game's settings (rules, quiet, promotion...); its
	// Port, Sim, Server, Game and Token are not looked at.
	Game Config
	// Retry is how long a board that failed waits before it is opened
	// again (default 2 s); Poll how often the server is asked about a
	// table's game (2 s); Report how often each board's state is
	// reported at least (30 s).
	Retry, Poll, Report time.Duration
}

// hall is the running reader.
type hall struct {
	cfg    HallConfig
	v      voice // stderr
	stdout io.Writer
	client *server.Client
	open   func(port string) (*boardLine, error)

	mu      sync.Mutex
	boards  map[string]*boardState // by port
	taken   map[int]string         // table → the port serving it
	changed chan struct{}
}

// RunHall serves the boards of cfg until ctx ends or, when every board is
// simulated, until each has played. A line per board on stdout says its
// table, state and game whenever they change; what goes wrong is said on
// stderr, and a board that fails is opened again. It fails only when it
// has no boards to serve, or cannot list the ports (FindPorts).
func RunHall(ctx context.Context, cfg HallConfig, stdout, stderr io.Writer) error {
	if cfg.Sims == nil && len(cfg.Ports) == 0 && cfg.FindPorts == nil {
		return errors.New("no boards to serve: no ports, no port finder and no simulated boards")
	}
	if cfg.Retry == 0 {
		cfg.Retry = 2 * time.Second
	}
	if cfg.Poll == 0 {
		cfg.Poll = 2 * time.Second
	}
	if cfg.Report == 0 {
		cfg.Report = 30 * time.Second
	}
	h := &hall{cfg: cfg, v: voice{w: &lockedWriter{w: stderr}, prefix: cfg.Game.prefix()}, stdout: &lockedWriter{w: stdout},
		client: server.NewClient(cfg.Server), open: openSerialLine, boards: map[string]*boardState{}, taken: map[int]string{},
		changed: make(chan struct{}, 1)}
	defer h.client.Close()
	ports := cfg.Ports
	if cfg.Sims != nil {
		ports, h.open = cfg.Sims.ports, cfg.Sims.open
	}
	var wg sync.WaitGroup
	serving := map[string]bool{}
	start := func(port string) {
		if serving[port] {
			return
		}
		serving[port] = true
		h.update(port, func(b *boardState) { b.message = "opening" })
		wg.Add(1)
		go func() { defer wg.Done(); h.serve(ctx, port) }()
	}
	reporting, stopReports := context.WithCancel(context.Background())
	reported := make(chan struct{})
	go func() { defer close(reported); h.reports(reporting) }()
	defer func() { stopReports(); <-reported }()
	if len(ports) > 0 || cfg.Sims != nil {
		for _, p := range ports {
			start(p)
		}
		if cfg.Sims != nil {
			wg.Wait()
			return nil
		}
		<-ctx.Done()
		wg.Wait()
		return nil
	}
	// No port named: every port that may be a DGT board, looked for again
	// every few seconds for boards plugged in later.
	said := false
	for {
		found, err := cfg.FindPorts()
		if err != nil {
			return fmt.Errorf("listing the serial ports: %v", err)
		}
		for _, p := range found {
			start(p)
		}
		if len(found) == 0 && !said {
			h.v.say("no DGT board found yet; looking again every few seconds (--list-ports lists the ports)")
			said = true
		}
		select {
		case <-ctx.Done():
			wg.Wait()
			return nil
		case <-time.After(5 * h.cfg.Retry):
		}
	}
}

// openSerialLine opens a real board's port.
func openSerialLine(name string) (*boardLine, error) {
	b, err := dgt.Open(name)
	if err != nil {
		return nil, err
	}
	return &boardLine{board: b, close: func() { b.Close() }}, nil
}

// errPlayed ends a simulated board's service: it has played its script.
var errPlayed = errors.New("the simulated board has played its game")

// serve keeps the board on port served: opened, named, matched to its
// table, its games played; opened again when it drops.
func (h *hall) serve(ctx context.Context, port string) {
	for ctx.Err() == nil {
		err := h.session(ctx, port)
		if errors.Is(err, errPlayed) {
			h.update(port, func(b *boardState) { b.connected, b.message = false, "played its game" })
			return
		}
		if ctx.Err() != nil {
			return
		}
		h.update(port, func(b *boardState) { b.connected, b.message = false, plainErr(err) })
		select {
		case <-ctx.Done():
		case <-time.After(h.cfg.Retry):
		}
	}
}

// plainErr is an error in a status line's words.
func plainErr(err error) string {
	if err == nil {
		return ""
	}
	return strings.TrimPrefix(err.Error(), "dgt: ")
}

// session serves the board on port from the moment its line opens until
// it fails.
func (h *hall) session(ctx context.Context, port string) error {
	line, err := h.open(port)
	if err != nil {
		return err
	}
	defer line.close()
	serial, err := line.board.SerialNumber(ctx, 3*time.Second)
	if err != nil {
		return fmt.Errorf("no answer from the board: %v", err)
	}
	t, ok := h.claim(port, serial)
	if !ok {
		h.update(port, func(b *boardState) { b.serial, b.connected = serial, true })
		// Held until the file names it: wait, then ask again.
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * h.cfg.Retry):
		}
		return fmt.Errorf("board %s is on no line of the boards file (add it to a table's line: TABLE TOKEN %s)", serial, serial)
	}
	defer h.release(t.N, port)
	h.update(port, func(b *boardState) {
		b.serial, b.table, b.token, b.connected, b.message = serial, t.N, t.Token, true, "connected"
	})
	return h.tableGames(ctx, port, t, line)
}

// claim finds the table of the board with this serial number on port: the
// line naming the serial, else the port, else the first table whose line
// names no board and that no other board serves.
func (h *hall) claim(port, serial string) (Table, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range h.cfg.Tables {
		if t.Board != "" && (strings.EqualFold(t.Board, serial) || t.Board == port) {
			if other, ok := h.taken[t.N]; ok && other != port {
				return Table{}, false
			}
			h.taken[t.N] = port
			return t, true
		}
	}
	for _, t := range h.cfg.Tables {
		if _, ok := h.taken[t.N]; t.Board == "" && !ok {
			h.taken[t.N] = port
			return t, true
		}
	}
	return Table{}, false
}

func (h *hall) release(n int, port string) {
	h.mu.Lock()
	if h.taken[n] == port {
		delete(h.taken, n)
	}
	h.mu.Unlock()
}

// tableGames plays the games paired at table t, one after the other,
// until the line fails or the reader stops.
func (h *hall) tableGames(ctx context.Context, port string, t Table, line *boardLine) error {
	done := "" // the last game played to its end here
	for {
		tv, err := h.client.Table(ctx, h.cfg.Event, t.N, t.Token)
		var ae *server.APIError
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.As(err, &ae) && ae.Status == http.StatusConflict:
			h.update(port, func(b *boardState) { b.round, b.game, b.message = 0, "", "waiting for a round: "+ae.Err })
		case errors.As(err, &ae) && (ae.Status == http.StatusForbidden || ae.Status == http.StatusUnauthorized):
			return fmt.Errorf("the server refuses table %d's token (issued again? its line in the boards file needs the new one): %s", t.N, ae.Err)
		case err != nil:
			h.update(port, func(b *boardState) { b.message = "the server cannot be reached: " + err.Error() })
		case tv.Game == nil || tv.Game.ID == done || finished(tv.Game):
			if tv.Game != nil {
				done = tv.Game.ID
			}
			h.update(port, func(b *boardState) { b.round, b.game, b.message = tv.Round, "", "waiting for the next round" })
		default:
			g := tv.Game
			h.update(port, func(b *boardState) { b.round, b.game, b.message = tv.Round, g.ID, "playing" })
			err := h.play(ctx, port, t, line, g.ID)
			switch {
			case errors.Is(err, errPlayed) || ctx.Err() != nil:
				return err
			case err != nil:
				// The line failed, or the server's game and this board
				// disagree: open the board again, which goes on from the
				// server's position.
				return err
			}
			done = g.ID
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(h.cfg.Poll):
		}
	}
}

// play plays one game of the table on the board until the server says it
// is over (or pairs another game at the table), the line fails, or the
// simulated board has played.
func (h *hall) play(ctx context.Context, port string, t Table, line *boardLine, game string) error {
	end, over := context.WithCancel(ctx)
	defer over()
	played := false
	var pmu sync.Mutex
	go func() {
		tick := time.NewTicker(h.cfg.Poll)
		defer tick.Stop()
		for {
			select {
			case <-end.Done():
				return
			case <-line.played:
				pmu.Lock()
				played = true
				pmu.Unlock()
				over()
				return
			case <-tick.C:
			}
			tv, err := h.client.Table(end, h.cfg.Event, t.N, t.Token)
			var ae *server.APIError
			if err == nil && (tv.Game == nil || tv.Game.ID != game || finished(tv.Game)) ||
				errors.As(err, &ae) && ae.Status == http.StatusConflict {
				over()
				return
			}
		}
	}()
	c := h.cfg.Game
	c.Port, c.Sim = "", "" // the hall's line is the board
	c.Server, c.Game, c.Token = h.cfg.Server, game, t.Token
	c.hall = &hallGame{table: t.N, line: line, end: end, quit: ctx,
		queued: func(f func() int) { h.update(port, func(b *boardState) { b.queued = f }) },
		acted:  func() { h.touch(port) },
	}
	err := Play(c, io.Discard, h.v.w)
	h.update(port, func(b *boardState) { b.queued = nil })
	pmu.Lock()
	defer pmu.Unlock()
	if err == nil && played {
		return errPlayed
	}
	if err == nil && ctx.Err() == nil && end.Err() == nil {
		// The watch ended without the game's end: the line failed.
		return errors.New("the board stopped answering")
	}
	return err
}

// finished tells that a game has its result.
func finished(g *server.GameView) bool { return g.Result != "" && g.Result != "*" }

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/eboard"
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
// status file, and reported to the server for the organiser's page.

// hallTable is a line of the boards file: a table, its token, and the
// board that serves it (a serial number or a port; empty: a board the
// file names nowhere else).
type hallTable struct {
	n     int
	token string
	board string
	line  int
}

// readBoardsFile reads a boards file: one table a line, "TABLE TOKEN
// [BOARD]" (the line an organiser's table card prints, with the board's
// serial number or port added), blank lines and "#" comments skipped.
func readBoardsFile(r io.Reader) ([]hallTable, error) {
	var out []hallTable
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
		t := hallTable{n: n, token: f[1], line: ln}
		if len(f) == 3 {
			t.board = f[2]
			if prev, ok := boards[t.board]; ok {
				return nil, fmt.Errorf("line %d: board %s serves table %d already", ln, t.board, prev)
			}
			boards[t.board] = n
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

// hallGame is what playEboard needs of the hall's reader for one game.
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

// hallConfig is what the flags of the hall's reader say.
type hallConfig struct {
	server, event string
	tables        []hallTable
	ports         []string // the boards' ports; none: every port found that may be a DGT board
	statusFile    string
	game          eboardConfig // each game's settings (rules, quiet, promotion...)
	// open opens a port's line; nil: the serial port, or the simulated
	// boards of sims.
	open func(name string) (*boardLine, error)
	// retry is how long a board that failed waits before it is opened
	// again; poll how often the server is asked about a table's game;
	// report how often each board's state is reported at least.
	retry, poll, report time.Duration
	// sims: every board is simulated and the reader ends when they have
	// all played (no port is searched for).
	sims bool
}

// boardState is what the reader knows of one board.
type boardState struct {
	port      string
	serial    string
	table     int
	token     string
	connected bool
	round     int
	game      string
	last      time.Time
	message   string
	queued    func() int
}

// hall is the running reader.
type hall struct {
	cfg    hallConfig
	stdout io.Writer
	stderr io.Writer
	client *server.Client

	mu      sync.Mutex
	boards  map[string]*boardState // by port
	taken   map[int]string         // table → the port serving it
	changed chan struct{}
}

// runHall serves the boards until ctx ends, or, when every board is
// simulated, until each has played.
func runHall(ctx context.Context, cfg hallConfig, stdout, stderr io.Writer) error {
	if cfg.retry == 0 {
		cfg.retry = 2 * time.Second
	}
	if cfg.poll == 0 {
		cfg.poll = 2 * time.Second
	}
	if cfg.report == 0 {
		cfg.report = 30 * time.Second
	}
	h := &hall{cfg: cfg, stdout: &lockedWriter{w: stdout}, stderr: &lockedWriter{w: stderr},
		client: server.NewClient(cfg.server), boards: map[string]*boardState{}, taken: map[int]string{},
		changed: make(chan struct{}, 1)}
	defer h.client.Close()
	if cfg.open == nil {
		h.cfg.open = openSerialLine
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
	if len(cfg.ports) > 0 {
		for _, p := range cfg.ports {
			start(p)
		}
		if cfg.sims {
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
		ports, err := serialPorts()
		if err != nil {
			return fmt.Errorf("listing the serial ports: %v", err)
		}
		found := 0
		for _, p := range ports {
			if id := identity(p); id == "DGT board" || strings.HasPrefix(id, "FTDI") {
				found++
				start(p.name)
			}
		}
		if found == 0 && !said {
			fmt.Fprintln(h.stderr, "arbiter-hall eboard: no DGT board found yet; looking again every few seconds (--list-ports lists the ports)")
			said = true
		}
		select {
		case <-ctx.Done():
			wg.Wait()
			return nil
		case <-time.After(5 * h.cfg.retry):
		}
	}
}

// runHallFlags checks the flags of the hall's reader and runs it until an
// interrupt (or, with simulated boards, until they have played).
func runHallFlags(c eboardConfig, event, boardsFile, statusFile string, fs *flag.FlagSet, stderr, stdout io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arbiter-hall eboard: "+format+"\n", args...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fs.Usage()
		return 2
	case event == "" || boardsFile == "" || c.server == "":
		return fail("serving the boards of an event needs --event, --boards and --server")
	case c.game != "" || c.token != "":
		return fail("--event serves each table's game with the table's token (the boards file): no --game or --token")
	case c.replay || c.leds:
		return fail("--event forwards to the server, which rules: no --replay")
	case c.port != "" && c.sim != "":
		return fail("--port and --sim: real boards or simulated ones, not both")
	case c.speed <= 0:
		return fail("--speed must be positive")
	}
	f, err := os.Open(boardsFile)
	if err != nil {
		return fail("%v", err)
	}
	tables, err := readBoardsFile(f)
	f.Close()
	if err != nil {
		return fail("%s: %v", boardsFile, err)
	}
	cfg := hallConfig{server: c.server, event: event, tables: tables, statusFile: statusFile, game: c}
	if !c.inferClockSet {
		cfg.game.inferClock = c.sim == ""
	}
	if c.sim != "" {
		ports, open, err := simBoards(strings.Split(c.sim, ","), c.speed, c.simLine, c.whiteRight)
		if err != nil {
			return fail("%v", err)
		}
		cfg.ports, cfg.open, cfg.sims = ports, open, true
		cfg.game.sim = ""
	} else {
		if c.speedSet {
			return fail("--speed applies to --sim only")
		}
		for _, p := range strings.Split(c.port, ",") {
			if p = strings.TrimSpace(p); p != "" {
				cfg.ports = append(cfg.ports, p)
			}
		}
		cfg.game.port = ""
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := runHall(ctx, cfg, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "arbiter-hall eboard: %v\n", err)
		return 1
	}
	return 0
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
		case <-time.After(h.cfg.retry):
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
	line, err := h.cfg.open(port)
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
		case <-time.After(10 * h.cfg.retry):
		}
		return fmt.Errorf("board %s is on no line of the boards file (add it to a table's line: TABLE TOKEN %s)", serial, serial)
	}
	defer h.release(t.n, port)
	h.update(port, func(b *boardState) {
		b.serial, b.table, b.token, b.connected, b.message = serial, t.n, t.token, true, "connected"
	})
	return h.tableGames(ctx, port, t, line)
}

// claim finds the table of the board with this serial number on port: the
// line naming the serial, else the port, else the first table whose line
// names no board and that no other board serves.
func (h *hall) claim(port, serial string) (hallTable, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range h.cfg.tables {
		if t.board != "" && (strings.EqualFold(t.board, serial) || t.board == port) {
			if other, ok := h.taken[t.n]; ok && other != port {
				return hallTable{}, false
			}
			h.taken[t.n] = port
			return t, true
		}
	}
	for _, t := range h.cfg.tables {
		if _, ok := h.taken[t.n]; t.board == "" && !ok {
			h.taken[t.n] = port
			return t, true
		}
	}
	return hallTable{}, false
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
func (h *hall) tableGames(ctx context.Context, port string, t hallTable, line *boardLine) error {
	done := "" // the last game played to its end here
	for {
		tv, err := h.client.Table(ctx, h.cfg.event, t.n, t.token)
		var ae *server.APIError
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.As(err, &ae) && ae.Status == http.StatusConflict:
			h.update(port, func(b *boardState) { b.round, b.game, b.message = 0, "", "waiting for a round: "+ae.Err })
		case errors.As(err, &ae) && (ae.Status == http.StatusForbidden || ae.Status == http.StatusUnauthorized):
			return fmt.Errorf("the server refuses table %d's token (issued again? its line in the boards file needs the new one): %s", t.n, ae.Err)
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
		case <-time.After(h.cfg.poll):
		}
	}
}

// play plays one game of the table on the board until the server says it
// is over (or pairs another game at the table), the line fails, or the
// simulated board has played.
func (h *hall) play(ctx context.Context, port string, t hallTable, line *boardLine, game string) error {
	end, over := context.WithCancel(ctx)
	defer over()
	played := false
	var pmu sync.Mutex
	go func() {
		tick := time.NewTicker(h.cfg.poll)
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
			tv, err := h.client.Table(end, h.cfg.event, t.n, t.token)
			var ae *server.APIError
			if err == nil && (tv.Game == nil || tv.Game.ID != game || finished(tv.Game)) ||
				errors.As(err, &ae) && ae.Status == http.StatusConflict {
				over()
				return
			}
		}
	}()
	c := h.cfg.game
	c.server, c.game, c.token = h.cfg.server, game, t.token
	c.hall = &hallGame{table: t.n, line: line, end: end, quit: ctx,
		queued: func(f func() int) { h.update(port, func(b *boardState) { b.queued = f }) },
		acted:  func() { h.touch(port) },
	}
	err := playEboard(c, io.Discard, h.stderr)
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

// update changes a board's state and says so when what a person reads of
// it changed.
func (h *hall) update(port string, f func(*boardState)) {
	h.mu.Lock()
	b := h.boards[port]
	if b == nil {
		b = &boardState{port: port}
		h.boards[port] = b
	}
	before := h.lineOf(b)
	f(b)
	after := h.lineOf(b)
	h.mu.Unlock()
	if after != before {
		fmt.Fprintln(h.stdout, after)
		select {
		case h.changed <- struct{}{}:
		default:
		}
	}
}

// touch notes the time of a board's last action.
func (h *hall) touch(port string) {
	h.mu.Lock()
	if b := h.boards[port]; b != nil {
		b.last = time.Now()
	}
	h.mu.Unlock()
}

// lineOf is a board's status line: the table, the board, whether it
// answers, the game, and the reader's word. The caller holds h.mu.
func (h *hall) lineOf(b *boardState) string {
	table := "table -"
	if b.table > 0 {
		table = fmt.Sprintf("table %d", b.table)
	}
	serial := b.serial
	if serial == "" {
		serial = "?"
	}
	state := "disconnected"
	if b.connected {
		state = "connected"
	}
	s := fmt.Sprintf("%s: board %s on %s, %s", table, serial, b.port, state)
	if b.game != "" {
		s += fmt.Sprintf(", round %d game %s", b.round, b.game)
	}
	if b.message != "" && b.message != "connected" {
		s += ": " + b.message
	}
	return s
}

// status is one board's report, as the server and the status file take it.
func (h *hall) status(b *boardState) server.EboardStatus {
	st := server.EboardStatus{Serial: b.serial, Port: b.port, Connected: b.connected, Round: b.round, Game: b.game, Message: b.message}
	if !b.last.IsZero() {
		st.LastAction = b.last.UTC().Format(time.RFC3339)
	}
	if b.queued != nil {
		st.Queued = b.queued()
	}
	return st
}

// hallStatus is a line of the status file.
type hallStatus struct {
	Table int `json:"table,omitempty"`
	server.EboardStatus
}

// reports reports every board's state to the server and into the status
// file when it changes and every cfg.report, until ctx ends (once more
// then).
func (h *hall) reports(ctx context.Context) {
	tick := time.NewTicker(h.cfg.report)
	defer tick.Stop()
	said := map[int]string{} // the last error said for a table
	for {
		stop := false
		select {
		case <-ctx.Done():
			stop = true
		case <-h.changed:
		case <-tick.C:
		}
		h.mu.Lock()
		var all []hallStatus
		type report struct {
			n     int
			token string
			st    server.EboardStatus
		}
		var rs []report
		for _, b := range h.boards {
			st := h.status(b)
			all = append(all, hallStatus{Table: b.table, EboardStatus: st})
			if b.table > 0 {
				rs = append(rs, report{b.table, b.token, st})
			}
		}
		h.mu.Unlock()
		sort.Slice(all, func(i, j int) bool {
			if all[i].Table != all[j].Table {
				return all[i].Table < all[j].Table
			}
			return all[i].Port < all[j].Port
		})
		if h.cfg.statusFile != "" {
			if err := writeStatusFile(h.cfg.statusFile, all); err != nil && said[-1] != err.Error() {
				fmt.Fprintf(h.stderr, "arbiter-hall eboard: status file: %v\n", err)
				said[-1] = err.Error()
			}
		}
		for _, r := range rs {
			rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := h.client.ReportEboard(rctx, h.cfg.event, r.n, r.token, r.st)
			cancel()
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if msg != said[r.n] && msg != "" {
				fmt.Fprintf(h.stderr, "arbiter-hall eboard: table %d: reporting the board to the server: %s\n", r.n, msg)
			}
			said[r.n] = msg
		}
		if stop {
			return
		}
	}
}

// writeStatusFile replaces the status file with every board's state, as
// JSON, in one rename.
func writeStatusFile(path string, all []hallStatus) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"time": time.Now().UTC().Format(time.RFC3339), "boards": all}); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".status-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// prefixWriter puts a table's name into the reader's messages: each
// write that begins with prefix begins with "with" instead.
type prefixWriter struct {
	w            io.Writer
	prefix, with string
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	if rest, ok := bytes.CutPrefix(b, []byte(p.prefix)); ok {
		if _, err := p.w.Write(append([]byte(p.with), rest...)); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return p.w.Write(b)
}

// simBoards returns the opener of simulated boards: SERIAL=FILE each,
// played at speed over the line kind (simPTY, simMemory or "").
func simBoards(specs []string, speed float64, kind string, whiteRight bool) (ports []string, open func(string) (*boardLine, error), err error) {
	scripts := map[string]*eboard.Script{}
	for _, spec := range specs {
		serial, file, ok := strings.Cut(spec, "=")
		if !ok || serial == "" || file == "" {
			return nil, nil, fmt.Errorf("--sim with --event takes SERIAL=FILE for each board, not %q", spec)
		}
		if _, dup := scripts[serial]; dup {
			return nil, nil, fmt.Errorf("--sim names board %s twice", serial)
		}
		f, err := os.Open(file)
		if err != nil {
			return nil, nil, err
		}
		s, err := eboard.ReadScript(f)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", file, err)
		}
		scripts[serial] = s
		ports = append(ports, "sim:"+serial)
	}
	open = func(port string) (*boardLine, error) {
		serial := strings.TrimPrefix(port, "sim:")
		script := scripts[serial]
		if script == nil {
			return nil, fmt.Errorf("no simulated board %s", serial)
		}
		return simBoardLine(script, serial, speed, kind, whiteRight)
	}
	return ports, open, nil
}

// simBoardLine opens a line to a simulated board with this serial number
// playing script.
func simBoardLine(script *eboard.Script, serial string, speed float64, kind string, whiteRight bool) (*boardLine, error) {
	line, err := openSimLine(kind)
	if err != nil {
		return nil, err
	}
	played := make(chan struct{})
	var once sync.Once
	sim := &dgt.Sim{Script: script, Speed: speed, Serial: serial, WhiteRight: whiteRight,
		Played: func() { once.Do(func() { close(played) }) }}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { defer close(ran); sim.Run(ctx, line.sim) }()
	return &boardLine{board: line.board, sim: sim, played: played, close: func() {
		cancel()
		line.sim.Close()
		line.board.Close()
		<-ran
		line.close()
	}}, nil
}

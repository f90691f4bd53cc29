package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/touch"
)

func init() {
	commands["eboard"] = command{Summary: "read a DGT sensor board (or a scripted one) and print its actions, or the rulings on them", Run: runEboard}
}

// eboardConfig is what the flags of "arbiter-hall eboard" say.
type eboardConfig struct {
	port, sim      string
	speed          float64
	replay, sum    bool
	enforce        bool
	rules, fen     string
	chess960       bool
	inferClock     bool
	clock, leds    bool
	quiet          time.Duration
	promote        chess.PieceType
	verbose        bool
	inferClockSet  bool
	speedSet       bool
	promoteLetters string
	// server, game and token forward every action to an arbiter server.
	server, game, token string
	// setClock, given (setClockSet) or not, sets the clock through the
	// board; whiteRight seats White on the clock's right.
	setClock, setClockSet bool
	whiteRight            bool
	// simLine is the line a script is played over (simPTY, simMemory, or
	// "": the system's choice).
	simLine string
	// hall is set for a board served by the hall's reader (hall.go),
	// which has opened its line and matched it to a table's game.
	hall *hallGame
}

func runEboard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eboard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c eboardConfig
	fs.StringVar(&c.port, "port", "", "serial port of a DGT board: /dev/ttyUSB0 or /dev/ttyACM0 on Linux, COM3 on Windows, /dev/cu.usbserial-... on macOS (--list-ports lists them)")
	listPorts := fs.Bool("list-ports", false, "list the serial ports with their USB identity, naming the DGT boards, and exit")
	fs.StringVar(&c.sim, "sim", "", "play a board script (JSON Lines) as a DGT board, over a pseudo-terminal or an in-process line (--sim-line)")
	fs.StringVar(&c.simLine, "sim-line", "", "with --sim: the line to the simulated board, pty (a pseudo-terminal, opened as a serial port) or memory (in-process, needs nothing of the system); default pty where the system has them, memory elsewhere (Windows)")
	fs.Float64Var(&c.speed, "speed", 1, "with --sim: play the script this many times faster")
	fs.BoolVar(&c.replay, "replay", false, "apply the laws to the actions (touch engine) and print the rulings instead")
	fs.BoolVar(&c.sum, "summary", false, "with --replay: print the summary object at the end")
	fs.BoolVar(&c.enforce, "enforce", false, "with --replay: refuse violating actions at once")
	fs.StringVar(&c.rules, "rules", "", "rule set (default: the script's start line, else fide)")
	fs.StringVar(&c.fen, "fen", "", "start position when the script has no start line (default: the initial position)")
	fs.BoolVar(&c.chess960, "chess960", false, "Chess960 castling")
	fs.BoolVar(&c.inferClock, "infer-clock", false, "pass the move without clock presses, when the opponent lifts his own piece after a finished move (default: on with --port until a clock press is seen, off with --sim)")
	fs.BoolVar(&c.clock, "clock", false, "with --port: ask the board for clock messages (a DGT XL or DGT3000 plugged into it) and put the clock's times into the actions (on anyway with a time control)")
	fs.BoolVar(&c.setClock, "set-clock", false, "set the clock plugged into the board (a DGT3000) to the time control at the start and to the arbiter's times after every time bonus, laws K5 (default: on with a time control in the start line and a clock that says it is a DGT3000)")
	fs.BoolVar(&c.whiteRight, "white-right", false, "White sits on the right of the clock (default left)")
	fs.BoolVar(&c.leds, "leds", false, "with --replay: light obligations and accepted moves on a DGT Revelation II")
	fs.DurationVar(&c.quiet, "quiet", 600*time.Millisecond, "how long a piece must stand still on a square to count as put down (board time)")
	fs.StringVar(&c.promoteLetters, "promote", "Q", "the piece a pawn becomes on a board that cannot tell pieces apart: Q, R, B or N")
	fs.BoolVar(&c.verbose, "v", false, "say on stderr what the board is doing")
	fs.StringVar(&c.server, "server", "", "forward every action to this arbiter server (URL of \"arbiter-hall serve\")")
	fs.StringVar(&c.game, "game", "", "with --server: the game's id")
	fs.StringVar(&c.token, "token", "", "with --server: the game's board token (prefer $ARBITER_BOARD_TOKEN: a command line is visible to every user of the machine)")
	event := fs.String("event", "", "serve every board of this machine for the event's tables (with --server and --boards): each board's serial number finds its table, round after round")
	boardsFile := fs.String("boards", "", "with --event: the boards file, a line per table: TABLE TOKEN [BOARD] (the table card's line, with the board's serial number or port; without one, the next board the file names nowhere)")
	statusFile := fs.String("status", "", "with --event: keep every board's state in this file (JSON), rewritten as it changes")
	help := cli.Help{
		Name: "arbiter-hall eboard",
		Usage: []string{
			"arbiter-hall eboard (--port DEV | --sim FILE [--speed N]) [--replay [--summary] [--enforce] [--leds]] [--server URL --game ID --token T] [flags]",
			"arbiter-hall eboard --server URL --event ID --boards FILE [--port DEV,DEV...] [--status FILE]",
			"arbiter-hall eboard --list-ports",
		},
		Text: `Reads a DGT e-board (or plays a script as one) and prints the actions of the
players' hands as JSON Lines (a start line first), or with --replay the
arbiter's rulings on them; with --server it forwards every action to a game
of "arbiter-hall serve", holding them while the server cannot be reached.
On Windows a board is a COM port (COM3; Device Manager, "Ports (COM & LPT)",
or --list-ports names it); on Linux the user needs the dialout group.

With --event, one process serves every board of the machine (those
--port lists, else every port that may be a DGT board, looked for again
as boards are plugged in): it asks each board its serial number, finds
its table in the boards file, and forwards the game paired at that table
in the event's current round, then the next round's; a board that drops
is opened again and its game goes on from where the server has it. A
line per board says its table, state and game as they change; the
organiser's page shows the same. With --sim SERIAL=FILE,... the boards
are simulated (tests, rehearsals).`,
		Env: map[string]string{"server": "ARBITER_SERVER", "game": "ARBITER_GAME", "token": "ARBITER_BOARD_TOKEN", "sim-line": "ARBITER_SIM_LINE"},
		Examples: []string{
			"arbiter-hall eboard --list-ports                                      # which port is the board",
			"arbiter-hall eboard --port COM3 --replay                              # a board on Windows, ruled on here",
			"arbiter-hall eboard --sim eboard/testdata/noisy-game.jsonl --speed 20 # a scripted board, no hardware",
			"ARBITER_BOARD_TOKEN=brd_... arbiter-hall eboard --port /dev/ttyUSB0 --server http://hall:8080 --game ID",
			"arbiter-hall eboard --server http://hall:8080 --event ID --boards boards.txt --status boards.json # every board here",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	if *listPorts {
		if err := listSerialPorts(stdout); err != nil {
			fmt.Fprintln(stderr, "arbiter-hall eboard: listing the serial ports:", err)
			return 1
		}
		return 0
	}
	fs.Visit(func(f *flag.Flag) {
		c.inferClockSet = c.inferClockSet || f.Name == "infer-clock"
		c.speedSet = c.speedSet || f.Name == "speed"
		c.setClockSet = c.setClockSet || f.Name == "set-clock"
	})
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arbiter-hall eboard: "+format+"\n", args...)
		return 2
	}
	if *event != "" || *boardsFile != "" || *statusFile != "" {
		return runHallFlags(c, *event, *boardsFile, *statusFile, fs, stderr, stdout)
	}
	if (c.port == "") == (c.sim == "") || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if c.speed <= 0 {
		return fail("--speed must be positive")
	}
	if c.simLine != "" && c.simLine != simPTY && c.simLine != simMemory {
		return fail("--sim-line must be %s or %s, not %q", simPTY, simMemory, c.simLine)
	}
	if c.sum && !c.replay {
		return fail("--summary needs --replay")
	}
	if c.server != "" && (c.game == "" || c.token == "") {
		return fail("--server needs --game and --token")
	}
	if len(c.promoteLetters) != 1 || !strings.Contains("QRBN", strings.ToUpper(c.promoteLetters)) {
		return fail("--promote must be Q, R, B or N, not %q", c.promoteLetters)
	}
	c.promote = chess.PieceTypeFromLetter(c.promoteLetters[0])
	if !c.inferClockSet {
		c.inferClock = c.port != ""
	}
	if err := playEboard(c, stdout, stderr); err != nil {
		var refused refusedError
		var unsent unsentError
		if errors.As(err, &refused) || errors.As(err, &unsent) {
			fmt.Fprintf(stderr, "arbiter-hall eboard: %v\n", err)
			return 1
		}
		return fail("%v", err)
	}
	return 0
}

// refusedError ends a forwarded game in which the server refused actions:
// the server's game and the board's no longer agree.
type refusedError struct{ refused, sent int }

func (e refusedError) Error() string {
	return fmt.Sprintf("the server refused %d of the %d actions forwarded: its game and this board disagree", e.refused, e.sent)
}

// agreeStart returns the start of a game forwarded to the server, whose
// game view is v: what the board's script or flags stated must agree with
// the server's game (else the server would rule on another game than the
// board's), and what they left unsaid is taken from the server.
func agreeStart(start protocol.Start, stated bool, v *server.GameView) (protocol.Start, error) {
	if start.Clock == nil {
		start.Clock = v.Start.Clock
	} else if v.Start.Clock != nil && !reflect.DeepEqual(start.Clock, v.Start.Clock) {
		return start, fmt.Errorf("this board's time control and the server's game %s's differ (board %+v, server %+v)", v.ID, *start.Clock, *v.Start.Clock)
	}
	if !stated {
		start.FEN, start.Rules, start.Chess960 = v.Start.FEN, v.Start.Rules, v.Start.Chess960
		return start, nil
	}
	rules := func(r string) string {
		if r == "" {
			return "fide"
		}
		return r
	}
	if rules(start.Rules) != rules(v.Start.Rules) {
		return start, fmt.Errorf("this board plays game %s under rules %q but the server's game is under %q: give --rules %s to follow the server",
			v.ID, rules(start.Rules), rules(v.Start.Rules), rules(v.Start.Rules))
	}
	if start.Chess960 != v.Start.Chess960 {
		return start, fmt.Errorf("this board and the server's game %s disagree on Chess960 (board %v, server %v)", v.ID, start.Chess960, v.Start.Chess960)
	}
	pos, err := eboard.Position(start)
	if err != nil {
		return start, err
	}
	if pos.FEN() != v.StartFEN {
		return start, fmt.Errorf("this board starts game %s from %s but the server's game starts from %s", v.ID, pos.FEN(), v.StartFEN)
	}
	return start, nil
}

// playEboard runs a game on the board c names and prints what it yields.
func playEboard(c eboardConfig, stdout, stderr io.Writer) error {
	// The board's goroutines, the clock's and the forwarder's all speak.
	if c.hall != nil {
		stderr = &prefixWriter{w: stderr, prefix: "arbiter-hall eboard: ", with: fmt.Sprintf("arbiter-hall eboard: table %d: ", c.hall.table)}
		stdout = io.Discard
	}
	stderr = &lockedWriter{w: stderr}
	logf := func(format string, args ...any) {
		if c.verbose {
			fmt.Fprintf(stderr, "arbiter-hall eboard: "+format+"\n", args...)
		}
	}
	// The start of the game: the script's start line, else the flags.
	start := protocol.Start{FEN: c.fen, Rules: c.rules, Chess960: c.chess960}
	stated := c.fen != "" || c.rules != "" || c.chess960
	var script *eboard.Script
	if c.sim != "" {
		f, err := os.Open(c.sim)
		if err != nil {
			return err
		}
		script, err = eboard.ReadScript(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %v", c.sim, err)
		}
		if script.Start != (protocol.Start{}) {
			start = script.Start
			stated = true
			if c.rules != "" {
				start.Rules = c.rules
			}
		}
	}
	// A game forwarded to a server is the server's game: its start and
	// rule set must be this board's.
	var client *server.Client
	var align *timeAlign
	if c.server != "" {
		client = server.NewClient(c.server)
		client.RemindEvery = serverReminder
		defer client.Close()
		view, err := client.Game(context.Background(), c.game)
		if err != nil {
			return fmt.Errorf("reading game %s from %s: %v", c.game, c.server, err)
		}
		if start, err = agreeStart(start, stated, view); err != nil {
			return err
		}
		if c.hall != nil && view.FEN != view.StartFEN {
			// The game goes on from where the server has it (the board
			// came back, or the reader started again): the clock is the
			// server's to keep.
			start.FEN, start.Clock = view.FEN, nil
			logf("going on from %s", view.FEN)
		}
		simulated := c.sim != "" || c.hall != nil && c.hall.line.sim != nil
		align = &timeAlign{viewAt: time.Now(), drop: simulated && c.speed != 1}
		if view.Clock != nil && view.Clock.Started {
			align.started, align.viewT = true, view.Clock.T
			align.drop = align.drop || simulated // a script's times are not the game's
		}
	}
	if script != nil {
		script.Start = start
	}
	pos, err := eboard.Position(start)
	if err != nil {
		return err
	}
	// The clock through the board (laws K5): set when the game has a time
	// control, unless told not to; forced with --set-clock.
	setClock := start.Clock != nil && (c.setClock || !c.setClockSet)
	if c.setClockSet && c.setClock && start.Clock == nil {
		return fmt.Errorf("--set-clock needs a time control: a start line with a clock (or a server's game with one)")
	}

	// The line to the board.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	end := ctx
	if c.hall != nil {
		end = c.hall.end
	}
	stop, stopNow := context.WithCancel(end) // ends the game: the board is drained, then closed
	defer stopNow()
	tl := eboard.Timeline{Zero: time.Now(), Speed: 1}
	if align != nil {
		align.viewLocal = tl.Of(align.viewAt)
	}
	var clock eboard.Clock = tl
	stamp := func(_ int, at time.Time) int64 { return tl.Of(at) }
	var board *dgt.Board
	switch {
	case c.hall != nil:
		// The hall's line stays open for the next game.
		board = c.hall.line.board
		if sim := c.hall.line.sim; sim != nil {
			clock, stamp = sim, sim.Stamp
		}
	case c.sim != "":
		line, err := openSimLine(c.simLine)
		if err != nil {
			return err
		}
		defer line.close()
		board = line.board
		logf("simulated board on %s", line.name)
		// The game's time is the script's: see dgt.Sim.
		sim := &dgt.Sim{Script: script, Speed: c.speed, Played: stopNow, WhiteRight: c.whiteRight}
		clock, stamp = sim, sim.Stamp
		simDone := make(chan error, 1)
		go func() { simDone <- sim.Run(ctx, line.sim) }()
		defer func() {
			cancel()
			line.sim.Close()
			<-simDone
		}()
	default:
		if c.speedSet {
			return fmt.Errorf("--speed applies to --sim only")
		}
		board, err = dgt.Open(c.port)
		if err != nil {
			return err
		}
		sig, unhook := signal.NotifyContext(stop, os.Interrupt)
		defer unhook()
		stop = sig
		logf("reading %s; interrupt to end the game", c.port)
	}
	if c.hall == nil {
		defer board.Close()
	}

	var setter *clockSetter
	if setClock {
		setter = newClockSetter(board, clock, c.whiteRight, c.setClockSet, logf, func(format string, args ...any) {
			fmt.Fprintf(stderr, "arbiter-hall eboard: "+format+"\n", args...)
		})
		tc := start.Clock
		setter.everyPress = tc.Increment > 0 || len(tc.Periods) > 0 || tc.Delay > 0
		setCtx, setStop := context.WithCancel(ctx)
		setDone := make(chan struct{})
		go func() { defer close(setDone); setter.run(setCtx) }()
		defer func() { setStop(); <-setDone }()
	}
	events := make(chan eboard.Event, 64)
	watchErr := make(chan error, 1)
	go func() {
		watchErr <- board.Watch(stop, dgt.WatchOptions{
			Start:      dgt.PositionBoard(pos),
			Stamp:      stamp,
			Clock:      c.clock || setClock,
			Times:      c.clock || start.Clock != nil,
			Turn:       pos.Turn(),
			WhiteRight: c.whiteRight,
			Log:        func(msg string) { fmt.Fprintln(stderr, "arbiter-hall eboard:", msg) },
			Ready: func() {
				if setter != nil {
					setter.begin(clockTimes{white: int64(start.Clock.White) * 1000, black: int64(start.Clock.Black) * 1000,
						runs: pos.Turn().String(), why: "the start"})
				}
			},
		}, events)
	}()

	tr, err := eboard.New(start, eboard.Options{
		Quiet:      c.quiet,
		InferClock: c.inferClock,
		Promotion:  c.promote,
		Notify: func(t int64, msg string) {
			fmt.Fprintf(stderr, "arbiter-hall eboard: at %d ms: %s\n", t, msg)
		},
	})
	if err != nil {
		return err
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	var engine *touch.Engine
	var feedback eboard.Feedback
	if c.replay {
		engine, err = touch.New(start, touch.Options{Enforce: c.enforce})
		if err != nil {
			return err
		}
		if c.leds {
			feedback = dgt.LEDs{W: board}
		}
	} else {
		if err := enc.Encode(map[string]protocol.Start{"start": start}); err != nil {
			return err
		}
	}
	at := 1 // the start line
	// A forwarded game's actions go to the server through a Sender, which
	// holds them while the server cannot be reached: the board is read on
	// meanwhile, and nothing is lost or posted twice (the seqs).
	var fwd *forwarder
	if client != nil {
		fwd = newForwarder(client, c.game, c.token, stderr, setter)
		fwd.align = align
		if c.hall != nil {
			c.hall.queued(fwd.sender.Held)
		}
	}
	emit := func(a protocol.Action) error {
		at++
		if c.hall != nil {
			c.hall.acted()
		}
		if fwd != nil {
			if err := fwd.add(a); err != nil {
				return err
			}
		}
		if engine == nil {
			if err := enc.Encode(a); err != nil {
				return err
			}
			return out.Flush()
		}
		rulings := engine.Apply(at, a)
		if client == nil {
			setter.rulings(rulings, a)
		}
		for _, r := range rulings {
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		if feedback != nil {
			if err := eboard.Light(feedback, rulings); err != nil {
				logf("lights: %v", err)
			}
		}
		return out.Flush()
	}
	err = eboard.Run(context.Background(), tr, events, clock, emit)
	if err == nil {
		err = <-watchErr
	}
	// Whatever ended the game, the actions read go to the server.
	if fwd != nil {
		// An interrupt stops the wait for a server that is away (the
		// hall's reader: its end).
		wait := context.Background()
		if c.hall != nil {
			wait = c.hall.quit
		}
		intr, unhook := signal.NotifyContext(wait, os.Interrupt)
		ferr := fwd.finish(intr)
		unhook()
		if err == nil {
			err = ferr
		}
	}
	if err != nil {
		return err
	}
	if n := board.Skipped(); n > 0 {
		logf("%d bytes of line noise skipped", n)
	}
	if c.sum {
		if err := enc.Encode(engine.Summary()); err != nil {
			return err
		}
	}
	if fwd != nil {
		return fwd.refusedErr()
	}
	return nil
}

// serverReminder is how often the reader reminds that the server is still
// unreachable.
const serverReminder = 30 * time.Second

// forwarder forwards a game's actions to the server, in order, through a
// Sender, and says what becomes of them: a refused action at once, a
// fatal refusal (a bad token: no later action will be taken either) ends
// the game.
type forwarder struct {
	sender *server.Sender
	stderr io.Writer
	setter *clockSetter
	align  *timeAlign // the actions' t onto the game's time, or nil

	mu       sync.Mutex
	sent     int
	refusals int
	fatal    error
	down     bool // the server was last said to be unreachable
}

func newForwarder(client *server.Client, game, token string, stderr io.Writer, setter *clockSetter) *forwarder {
	f := &forwarder{stderr: stderr, setter: setter}
	client.OnState = f.state
	f.sender = client.NewSender(game, token, f.outcome)
	return f
}

// state says what the client reports of the server.
func (f *forwarder) state(s server.ClientState) {
	f.mu.Lock()
	f.down = !s.Reachable
	f.mu.Unlock()
	fmt.Fprintln(f.stderr, "arbiter-hall eboard:", serverStateLine(s))
}

// add hands an action to the Sender, unless the server has refused the
// game's posts for good.
func (f *forwarder) add(a protocol.Action) error {
	f.mu.Lock()
	fatal := f.fatal
	if fatal == nil {
		f.sent++
	}
	f.mu.Unlock()
	if fatal != nil {
		return fatal
	}
	if f.align != nil {
		f.align.apply(&a)
	}
	f.sender.Add(a)
	return nil
}

// timeAlign puts the times of the board's actions on the game's own time
// on the server, which takes a board's t only within its drift before
// the action's arrival (docs/api.md, "What the server trusts"): the
// reader's times count from its start, the game's from its first action.
// A game whose clock has started on the server is joined at the time its
// view said (viewT, read at viewAt: viewLocal in the reader's time); a
// game not started yet starts with the first action posted (t 0). A
// simulation played faster than real time (or joined mid-game) posts no
// t and no clock times: the server stamps the arrival and keeps the
// clocks itself.
type timeAlign struct {
	drop      bool
	started   bool
	viewT     int64     // the game's time when its view was read
	viewAt    time.Time // when it was read
	viewLocal int64     // the same moment in the reader's time
	set       bool
	offset    int64 // game time less reader time
}

// apply puts a's t (the reader's) on the game's time; the action is a
// copy, whose t pointer may be shared: a new one is made.
func (ta *timeAlign) apply(a *protocol.Action) {
	if ta.drop {
		a.T, a.Times = nil, nil // a script's times and its clock's are not the game's
		return
	}
	if a.T == nil {
		return
	}
	if !ta.set {
		ta.offset = -*a.T
		if ta.started {
			ta.offset = ta.viewT - ta.viewLocal
		}
		ta.set = true
	}
	t := max(*a.T+ta.offset, 0)
	a.T = &t
}

// outcome hears the server's answer to an action, on the Sender's
// goroutine.
func (f *forwarder) outcome(o server.Outcome) {
	var refused *server.APIError
	switch {
	case o.Err == nil:
		// The server is the arbiter of a forwarded game: its rulings
		// set the clock.
		f.setter.rulings(o.Ack.Rulings, o.Action)
	case errors.As(o.Err, &refused) && refused.Status == http.StatusBadRequest:
		f.mu.Lock()
		f.refusals++
		f.mu.Unlock()
		a := o.Action
		fmt.Fprintf(f.stderr, "arbiter-hall eboard: the server refused %s %s %s: %v\n", a.By, a.Act, a.Sq, o.Err)
	case errors.As(o.Err, &refused):
		f.mu.Lock()
		if f.fatal == nil {
			f.fatal = o.Err
		}
		f.mu.Unlock()
	}
	// Another error: the wait was stopped; finish lists the action.
}

// finish waits until the server has answered every action forwarded, or
// until ctx ends (an interrupt): then the actions it never answered are
// printed (JSON Lines, on stderr) to be posted by hand.
func (f *forwarder) finish(ctx context.Context) error {
	f.mu.Lock()
	fatal, down := f.fatal, f.down
	f.mu.Unlock()
	if fatal != nil {
		// The server takes none of this game's actions: no use waiting.
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		ctx = cancelled
	} else if n := f.sender.Held(); n > 0 && down {
		fmt.Fprintf(f.stderr, "arbiter-hall eboard: the game is over; waiting for the server to take the %s still held (interrupt to stop waiting)\n", plural(n, "action"))
	}
	unsent, _ := f.sender.Close(ctx)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fatal != nil {
		return f.fatal
	}
	if len(unsent) == 0 {
		return nil
	}
	fmt.Fprintf(f.stderr, "arbiter-hall eboard: stopped waiting: the server never answered %s; here they are, in order:\n", plural(len(unsent), "action"))
	for _, a := range unsent {
		b, _ := json.Marshal(a)
		fmt.Fprintf(f.stderr, "%s\n", b)
	}
	return unsentError(len(unsent))
}

// refusedErr is the refusedError of the game, if the server refused any
// action.
func (f *forwarder) refusedErr() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refusals > 0 {
		return refusedError{refused: f.refusals, sent: f.sent}
	}
	return nil
}

// unsentError ends a forwarded game whose last actions the server never
// answered before the reader stopped waiting for it.
type unsentError int

func (e unsentError) Error() string {
	return fmt.Sprintf("%s never reached the server (printed above)", plural(int(e), "action"))
}

// serverStateLine is what the reader says of a report of its client on
// the server: unreachable, still unreachable, back.
func serverStateLine(s server.ClientState) string {
	switch {
	case !s.Reachable && !s.Reminder:
		return fmt.Sprintf("WARN the server %s is unreachable (%s); keeping the board's actions (%d so far) and retrying",
			s.URL, s.Cause, s.Held)
	case !s.Reachable:
		return fmt.Sprintf("WARN the server %s is still unreachable after %s (%s); %s held",
			s.URL, spell(s.At.Sub(s.Down)), s.Cause, plural(s.Held, "action"))
	}
	line := fmt.Sprintf("the server %s is back after %s", s.URL, spell(s.Up.Sub(s.Down)))
	if len(s.Sent) == 0 && s.Refused == 0 {
		return line
	}
	line += fmt.Sprintf("; sent the %s held meanwhile", plural(len(s.Sent)+s.Refused, "action"))
	var what []string
	if first, last, ok := span(s.Sent); ok {
		what = append(what, fmt.Sprintf("t %s to %s", seconds(first), seconds(last)))
	}
	var moves []string
	for _, ack := range s.Acks {
		for _, r := range ack.Rulings {
			if r.Kind == protocol.KindMove && r.SAN != "" {
				moves = append(moves, r.SAN)
			}
		}
	}
	if len(moves) > 12 {
		moves = append(moves[:10], fmt.Sprintf("... (%d moves)", len(moves)))
	}
	if len(moves) > 0 {
		what = append(what, "moves "+strings.Join(moves, " "))
	}
	if len(what) > 0 {
		line += " (" + strings.Join(what, "; ") + ")"
	}
	if s.Refused > 0 {
		line += fmt.Sprintf("; it refused %d of them", s.Refused)
	}
	return line
}

// span returns the least and the greatest t of actions, if any has one.
func span(as []protocol.Action) (first, last int64, ok bool) {
	for _, a := range as {
		if a.T == nil {
			continue
		}
		if !ok || *a.T < first {
			first = *a.T
		}
		if !ok || *a.T > last {
			last = *a.T
		}
		ok = true
	}
	return first, last, ok
}

// seconds writes milliseconds of the game as seconds: "83.5 s".
func seconds(ms int64) string {
	return fmt.Sprintf("%.1f s", float64(ms)/1000)
}

// spell writes a duration for people: "0.4 s", "42 s", "3 min 5 s",
// "1 h 2 min".
func spell(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Round(time.Second).Seconds()))
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%d min %d s", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%d h %d min", int(d/time.Hour), int(d%time.Hour/time.Minute))
}

// plural writes n things: "1 action", "3 actions".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// lockedWriter lets goroutines write whole lines to one stream.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// clockTimes is what the players' clock is to show: the milliseconds each
// player has at the game's time at, and whose clock runs ("white",
// "black", or "" when both stand).
type clockTimes struct {
	white, black int64
	runs         string
	at           int64
	why          string // for the log: "the start", "the bonus of line 12"
}

// clockSetter sets the clock plugged into the board (a DGT3000), as laws
// K5 ask of the arbiter's software: at the start of the game, and to the
// arbiter's times after a time bonus. It works off the game's path (the
// board's reports flow on while the clock answers), one command at a
// time: while the clock is busy the newest times wait and older ones are
// dropped, for a set-and-run states both clocks whole. The running clock
// is set to its time less what has gone since the moment of the times
// (at), so the command's delay costs no one. Unless always, it first asks
// the clock's version and sets only a DGT3000.
type clockSetter struct {
	board      *dgt.Board
	clock      eboard.Clock
	whiteRight bool
	always     bool
	logf, warn func(format string, args ...any)

	mu      sync.Mutex
	pending *clockTimes
	wake    chan struct{}
	ready   chan struct{}
	once    sync.Once
	bonus   bool // a ruling with a bonus was seen, and its time ruling not yet
	// everyPress: the time control adds time the DGT3000 does not add by
	// itself under set-and-run (an increment, periods, a delay): the clock
	// is set after every press, from its time ruling.
	everyPress bool
}

func newClockSetter(b *dgt.Board, clock eboard.Clock, whiteRight, always bool, logf, warn func(string, ...any)) *clockSetter {
	return &clockSetter{board: b, clock: clock, whiteRight: whiteRight, always: always, logf: logf, warn: warn,
		wake: make(chan struct{}, 1), ready: make(chan struct{})}
}

// begin is called when the game begins: the board is in update mode, and
// the clock is to show the start's times.
func (s *clockSetter) begin(start clockTimes) {
	s.request(start)
	s.once.Do(func() { close(s.ready) })
}

// request asks for the clock to show t, in place of any times still
// waiting.
func (s *clockSetter) request(t clockTimes) {
	s.mu.Lock()
	s.pending = &t
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// rulings hears the rulings on action a. A ruling of kind time that
// follows a ruling with a bonus (in these rulings or earlier ones) gives
// the times the clock must show.
func (s *clockSetter) rulings(rs []protocol.Ruling, a protocol.Action) {
	if s == nil {
		return
	}
	r, bonus := timeAfterBonus(rs, s.bonus)
	s.bonus = bonus
	why := ""
	if r != nil {
		why = fmt.Sprintf("the bonus of line %d", r.At)
	} else if s.everyPress && a.Act == protocol.ClockPress {
		for i := range rs {
			if rs[i].Kind == protocol.KindTime {
				r, why = &rs[i], fmt.Sprintf("the press of line %d (the clock adds no increment itself)", rs[i].At)
			}
		}
	}
	if r == nil {
		return
	}
	if r.White == nil || r.Black == nil || r.Runs == nil || *r.Runs != "white" && *r.Runs != "black" && *r.Runs != "" {
		s.warn("the time ruling of line %d does not say white, black and runs: the clock is not set", r.At)
		return
	}
	at := int64(0)
	if a.T != nil {
		at = *a.T
	} else {
		at = s.clock.Now()
	}
	s.request(clockTimes{white: *r.White, black: *r.Black, runs: *r.Runs, at: at, why: why})
}

// timeAfterBonus returns the last ruling of kind time in rs that follows
// a ruling with a bonus (bonus says one came before rs), and whether a
// bonus is still waiting for its time ruling after rs.
func timeAfterBonus(rs []protocol.Ruling, bonus bool) (*protocol.Ruling, bool) {
	var found *protocol.Ruling
	for i, r := range rs {
		if r.Bonus != nil {
			bonus = true
		}
		if r.Kind == protocol.KindTime && bonus {
			found, bonus = &rs[i], false
		}
	}
	return found, bonus
}

// run sets the clock as asked until ctx ends.
func (s *clockSetter) run(ctx context.Context) {
	select {
	case <-s.ready:
	case <-ctx.Done():
		return
	}
	if !s.always {
		major, minor, err := s.board.ClockVersion(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			s.warn("no DGT3000 answers through the board, the clock is not set: %v", err)
			return
		case major != dgt.DGT3000:
			s.warn("the clock (version %d.%d) is no DGT3000 and is not set; --set-clock sets it all the same", major, minor)
			return
		}
		s.logf("a DGT3000 (version %d.%d) is plugged into the board", major, minor)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		s.mu.Lock()
		t := s.pending
		s.pending = nil
		s.mu.Unlock()
		if t == nil {
			continue
		}
		set := s.setNRun(*t, s.clock.Now())
		if err := s.board.SetClock(ctx, set); err != nil {
			if ctx.Err() == nil {
				s.warn("setting the clock for %s (%v): %v", t.why, set, err)
			}
			continue
		}
		s.logf("clock set for %s: %v", t.why, set)
	}
}

// setNRun returns the command that makes the clock show t at the game's
// time now.
func (s *clockSetter) setNRun(t clockTimes, now int64) dgt.SetNRun {
	gone := max(0, now-t.at)
	white, black := t.white, t.black
	run := dgt.NoSide
	switch t.runs {
	case "white":
		white -= gone
		run = dgt.SideOf(chess.White, s.whiteRight)
	case "black":
		black -= gone
		run = dgt.SideOf(chess.Black, s.whiteRight)
	}
	left, right := white, black
	if s.whiteRight {
		left, right = black, white
	}
	return dgt.SetNRun{Left: time.Duration(left) * time.Millisecond, Right: time.Duration(right) * time.Millisecond, Run: run}
}

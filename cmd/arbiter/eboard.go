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
	"strings"
	"time"

	"github.com/creack/pty"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/touch"
)

func init() {
	commands["eboard"] = command{summary: "read a DGT sensor board (or a scripted one) and print its actions, or the rulings on them", run: runEboard}
}

// eboardConfig is what the flags of "arbiter eboard" say.
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
}

func runEboard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eboard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c eboardConfig
	fs.StringVar(&c.port, "port", "", "serial port of a DGT board, such as /dev/ttyUSB0")
	fs.StringVar(&c.sim, "sim", "", "play a board script (JSON Lines) as a DGT board on a pseudo-terminal")
	fs.Float64Var(&c.speed, "speed", 1, "with --sim: play the script this many times faster")
	fs.BoolVar(&c.replay, "replay", false, "apply the laws to the actions (touch engine) and print the rulings instead")
	fs.BoolVar(&c.sum, "summary", false, "with --replay: print the summary object at the end")
	fs.BoolVar(&c.enforce, "enforce", false, "with --replay: refuse violating actions at once")
	fs.StringVar(&c.rules, "rules", "", "rule set (default: the script's start line, else fide)")
	fs.StringVar(&c.fen, "fen", "", "start position when the script has no start line (default: the initial position)")
	fs.BoolVar(&c.chess960, "chess960", false, "Chess960 castling")
	fs.BoolVar(&c.inferClock, "infer-clock", false, "pass the move without clock presses, when the opponent lifts his own piece after a finished move (default: on with --port until a clock press is seen, off with --sim)")
	fs.BoolVar(&c.clock, "clock", false, "with --port: ask the board for clock messages (a DGT XL plugged into it)")
	fs.BoolVar(&c.leds, "leds", false, "with --replay: light obligations and accepted moves on a DGT Revelation II")
	fs.DurationVar(&c.quiet, "quiet", 600*time.Millisecond, "how long a piece must stand still on a square to count as put down (board time)")
	fs.StringVar(&c.promoteLetters, "promote", "Q", "the piece a pawn becomes on a board that cannot tell pieces apart: Q, R, B or N")
	fs.BoolVar(&c.verbose, "v", false, "say on stderr what the board is doing")
	fs.StringVar(&c.server, "server", "", "forward every action to this arbiter server (URL of \"arbiter serve\")")
	fs.StringVar(&c.game, "game", "", "with --server: the game's id")
	fs.StringVar(&c.token, "token", os.Getenv("ARBITER_BOARD_TOKEN"), "with --server: the game's board token (default $ARBITER_BOARD_TOKEN)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter eboard (--port DEV | --sim FILE [--speed N]) [--replay [--summary] [--enforce] [--leds]] [--server URL --game ID --token T] [flags]")
		fmt.Fprintln(stderr, "prints the board's actions as JSON Lines (a start line first), or with --replay the rulings")
		fs.PrintDefaults()
	}
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	fs.Visit(func(f *flag.Flag) {
		c.inferClockSet = c.inferClockSet || f.Name == "infer-clock"
		c.speedSet = c.speedSet || f.Name == "speed"
	})
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arbiter eboard: "+format+"\n", args...)
		return 2
	}
	if (c.port == "") == (c.sim == "") || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if c.speed <= 0 {
		return fail("--speed must be positive")
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
		if errors.As(err, &refused) {
			fmt.Fprintf(stderr, "arbiter eboard: %v\n", err)
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
	logf := func(format string, args ...any) {
		if c.verbose {
			fmt.Fprintf(stderr, "arbiter eboard: "+format+"\n", args...)
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
	if c.server != "" {
		client = server.NewClient(c.server)
		defer client.Close()
		view, err := client.Game(context.Background(), c.game)
		if err != nil {
			return fmt.Errorf("reading game %s from %s: %v", c.game, c.server, err)
		}
		if start, err = agreeStart(start, stated, view); err != nil {
			return err
		}
	}
	if script != nil {
		script.Start = start
	}
	pos, err := eboard.Position(start)
	if err != nil {
		return err
	}

	// The line to the board.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop, stopNow := context.WithCancel(ctx) // ends the game: the board is drained, then closed
	defer stopNow()
	tl := eboard.Timeline{Zero: time.Now(), Speed: 1}
	var clock eboard.Clock = tl
	stamp := func(_ int, at time.Time) int64 { return tl.Of(at) }
	var board *dgt.Board
	if c.sim != "" {
		ptmx, tty, err := pty.Open()
		if err != nil {
			return fmt.Errorf("pseudo-terminal: %v", err)
		}
		defer ptmx.Close()
		defer tty.Close()
		// The reader opens the terminal side by name, as it would a real port.
		board, err = dgt.Open(tty.Name())
		if err != nil {
			return err
		}
		logf("simulated board on %s", tty.Name())
		// The game's time is the script's: see dgt.Sim.
		sim := &dgt.Sim{Script: script, Speed: c.speed, Played: stopNow}
		clock, stamp = sim, sim.Stamp
		simDone := make(chan error, 1)
		go func() { simDone <- sim.Run(ctx, ptmx) }()
		defer func() {
			cancel()
			ptmx.Close()
			<-simDone
		}()
	} else {
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
	defer board.Close()

	events := make(chan eboard.Event, 64)
	watchErr := make(chan error, 1)
	go func() {
		watchErr <- board.Watch(stop, dgt.WatchOptions{
			Start: dgt.PositionBoard(pos),
			Stamp: stamp,
			Clock: c.clock,
			Turn:  pos.Turn(),
			Log:   func(msg string) { fmt.Fprintln(stderr, "arbiter eboard:", msg) },
		}, events)
	}()

	tr, err := eboard.New(start, eboard.Options{
		Quiet:      c.quiet,
		InferClock: c.inferClock,
		Promotion:  c.promote,
		Notify: func(t int64, msg string) {
			fmt.Fprintf(stderr, "arbiter eboard: at %d ms: %s\n", t, msg)
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
	sent, refusals := 0, 0
	emit := func(a protocol.Action) error {
		at++
		if client != nil {
			// The client numbers the action (seq) and retries until the
			// server has it, reconnecting as needed: nothing is lost or
			// posted twice. A refusal is reported and the game goes on.
			sent++
			_, err := client.Post(ctx, c.game, c.token, []protocol.Action{a})
			var refused *server.APIError
			if errors.As(err, &refused) && refused.Status == http.StatusBadRequest {
				refusals++
				fmt.Fprintf(stderr, "arbiter eboard: the server refused %s %s %s: %v\n", a.By, a.Act, a.Sq, err)
			} else if err != nil {
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
	if err := eboard.Run(context.Background(), tr, events, clock, emit); err != nil {
		return err
	}
	if err := <-watchErr; err != nil {
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
	if refusals > 0 {
		return refusedError{refused: refusals, sent: sent}
	}
	return nil
}

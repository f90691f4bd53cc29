package reader

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"reflect"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/touch"
)

// Config is one game read off a board: which board, what is done with
// its actions, and where they go. The fields are the settings of
// "arbiter-hall eboard"; the program checks them before Play.
type Config struct {
	// Name begins every line the reader writes on stderr ("arbiter-hall
	// eboard": "arbiter-hall eboard: ..."); empty: "eboard".
	Name string
	// Port is the serial port of a real board; Sim, instead, a board
	// script (JSON Lines, eboard.ReadScript) played as a DGT board over
	// the line SimLine says (SimPTY, SimMemory, or "": a pseudo-terminal
	// where the system has them, the in-process line elsewhere), Speed
	// times faster than written. SpeedSet says that Speed was given: with
	// a Port that is an error.
	Port, Sim, SimLine string
	Speed              float64
	SpeedSet           bool
	// Replay applies the laws to the actions here (the touch engine) and
	// prints the rulings instead of the actions; Summary prints the
	// engine's summary at the end, Enforce refuses violating actions at
	// once, LEDs lights obligations and accepted moves on the board.
	Replay, Summary, Enforce, LEDs bool
	// Rules, FEN and Chess960 state the game's start when the script has
	// no start line (Rules overrides the script's rules).
	Rules, FEN string
	Chess960   bool
	// InferClock passes the move without clock presses (eboard.Options).
	InferClock bool
	// Clock asks the board for the clock's messages and puts the clock's
	// times into the actions (on anyway with a time control).
	Clock bool
	// SetClock, given (SetClockSet) or not, sets the clock through the
	// board: unless given false it is set when the game has a time
	// control and the clock says it is a DGT3000; given true, it is set
	// without asking, and a game without a time control is an error.
	SetClock, SetClockSet bool
	// WhiteRight seats White on the clock's right.
	WhiteRight bool
	// Quiet is how long a piece must stand still to count as put down;
	// Promote the piece a pawn becomes on a board that cannot tell pieces
	// apart (eboard.Options).
	Quiet   time.Duration
	Promote chess.PieceType
	// Verbose says on stderr what the board is doing.
	Verbose bool
	// Server, Game and Token forward every action to this game of an
	// arbiter server, with the game's board token.
	Server, Game, Token string

	// hall is set for a board served by the hall's reader (hall.go),
	// which has opened its line and matched it to a table's game.
	hall *hallGame
}

// prefix is what begins the reader's lines on stderr.
func (c *Config) prefix() string {
	if c.Name == "" {
		return "eboard: "
	}
	return c.Name + ": "
}

// voice is where the reader speaks: a stream, each line of it after the
// reader's name, in one write (a line written by pieces could be split
// by another goroutine's, or miss a table's name: prefixWriter).
type voice struct {
	w      io.Writer
	prefix string
}

func (v voice) say(format string, args ...any) {
	io.WriteString(v.w, v.prefix+fmt.Sprintf(format, args...)+"\n")
}

// RefusedError ends a forwarded game in which the server refused actions:
// the server's game and the board's no longer agree.
type RefusedError struct{ Refused, Sent int }

// Error says how many actions the server refused.
func (e RefusedError) Error() string {
	return fmt.Sprintf("the server refused %d of the %d actions forwarded: its game and this board disagree", e.Refused, e.Sent)
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

// Play reads a game off the board c names until it ends: a script played
// to its end, or an interrupt (os.Interrupt) for a real board. It prints
// on stdout, as JSON Lines, a start line and every action, or with Replay
// the rulings on them (and the summary); with a Server it forwards every
// action to the server's game and waits, once the game is over, until
// the server has them all (an interrupt stops the wait). What the board
// and the server do meanwhile is said on stderr.
//
// A game the server refused actions of ends with a RefusedError; one
// whose last actions the server never answered with an UnsentError,
// after they are printed on stderr. Any other error is a setting or a
// board that does not work.
func Play(c Config, stdout, stderr io.Writer) error {
	// The board's goroutines, the clock's and the forwarder's all speak.
	prefix := c.prefix()
	if c.hall != nil {
		stderr = &prefixWriter{w: stderr, prefix: prefix, with: fmt.Sprintf("%stable %d: ", prefix, c.hall.table)}
		stdout = io.Discard
	}
	stderr = &lockedWriter{w: stderr}
	v := voice{w: stderr, prefix: prefix}
	logf := func(format string, args ...any) {
		if c.Verbose {
			v.say(format, args...)
		}
	}
	// The start of the game: the script's start line, else the flags.
	start := protocol.Start{FEN: c.FEN, Rules: c.Rules, Chess960: c.Chess960}
	stated := c.FEN != "" || c.Rules != "" || c.Chess960
	var script *eboard.Script
	if c.Sim != "" {
		f, err := os.Open(c.Sim)
		if err != nil {
			return err
		}
		script, err = eboard.ReadScript(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %v", c.Sim, err)
		}
		if script.Start != (protocol.Start{}) {
			start = script.Start
			stated = true
			if c.Rules != "" {
				start.Rules = c.Rules
			}
		}
	}
	// A game forwarded to a server is the server's game: its start and
	// rule set must be this board's.
	var client *server.Client
	var align *timeAlign
	if c.Server != "" {
		client = server.NewClient(c.Server)
		client.RemindEvery = serverReminder
		defer client.Close()
		view, err := client.Game(context.Background(), c.Game)
		if err != nil {
			return fmt.Errorf("reading game %s from %s: %v", c.Game, c.Server, err)
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
		simulated := c.Sim != "" || c.hall != nil && c.hall.line.sim != nil
		align = &timeAlign{viewAt: time.Now(), drop: simulated && c.Speed != 1}
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
	setClock := start.Clock != nil && (c.SetClock || !c.SetClockSet)
	if c.SetClockSet && c.SetClock && start.Clock == nil {
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
	case c.Sim != "":
		line, err := openSimLine(c.SimLine)
		if err != nil {
			return err
		}
		defer line.close()
		board = line.board
		logf("simulated board on %s", line.name)
		// The game's time is the script's: see dgt.Sim.
		sim := &dgt.Sim{Script: script, Speed: c.Speed, Played: stopNow, WhiteRight: c.WhiteRight}
		clock, stamp = sim, sim.Stamp
		simDone := make(chan error, 1)
		go func() { simDone <- sim.Run(ctx, line.sim) }()
		defer func() {
			cancel()
			line.sim.Close()
			<-simDone
		}()
	default:
		if c.SpeedSet {
			return fmt.Errorf("--speed applies to --sim only")
		}
		board, err = dgt.Open(c.Port)
		if err != nil {
			return err
		}
		sig, unhook := signal.NotifyContext(stop, os.Interrupt)
		defer unhook()
		stop = sig
		logf("reading %s; interrupt to end the game", c.Port)
	}
	if c.hall == nil {
		defer board.Close()
	}

	var setter *clockSetter
	if setClock {
		setter = newClockSetter(board, clock, c.WhiteRight, c.SetClockSet, logf, v.say)
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
			Clock:      c.Clock || setClock,
			Times:      c.Clock || start.Clock != nil,
			Turn:       pos.Turn(),
			WhiteRight: c.WhiteRight,
			Log:        func(msg string) { v.say("%s", msg) },
			Ready: func() {
				if setter != nil {
					setter.begin(clockTimes{white: int64(start.Clock.White) * 1000, black: int64(start.Clock.Black) * 1000,
						runs: pos.Turn().String(), why: "the start"})
				}
			},
		}, events)
	}()

	tr, err := eboard.New(start, eboard.Options{
		Quiet:      c.Quiet,
		InferClock: c.InferClock,
		Promotion:  c.Promote,
		Notify: func(t int64, msg string) {
			v.say("at %d ms: %s", t, msg)
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
	if c.Replay {
		engine, err = touch.New(start, touch.Options{Enforce: c.Enforce})
		if err != nil {
			return err
		}
		if c.LEDs {
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
		fwd = newForwarder(client, c.Game, c.Token, v, setter)
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
	if c.Summary {
		if err := enc.Encode(engine.Summary()); err != nil {
			return err
		}
	}
	if fwd != nil {
		return fwd.refusedErr()
	}
	return nil
}

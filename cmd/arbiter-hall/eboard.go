package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard/reader"
	"github.com/arbiterchess/arbiter/internal/cli"
)

func init() {
	commands["eboard"] = command{Summary: "read a DGT sensor board (or a scripted one) and print its actions, or the rulings on them", Run: runEboard}
}

// eboardName begins the e-board reader's lines on stderr.
const eboardName = "arbiter-hall eboard"

func runEboard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eboard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := reader.Config{Name: eboardName}
	var inferClockSet bool
	var promoteLetters string
	fs.StringVar(&c.Port, "port", "", "serial port of a DGT board: /dev/ttyUSB0 or /dev/ttyACM0 on Linux, COM3 on Windows, /dev/cu.usbserial-... on macOS (--list-ports lists them)")
	listPorts := fs.Bool("list-ports", false, "list the serial ports with their USB identity, naming the DGT boards, and exit")
	fs.StringVar(&c.Sim, "sim", "", "play a board script (JSON Lines) as a DGT board, over a pseudo-terminal or an in-process line (--sim-line)")
	fs.StringVar(&c.SimLine, "sim-line", "", "with --sim: the line to the simulated board, pty (a pseudo-terminal, opened as a serial port) or memory (in-process, needs nothing of the system); default pty where the system has them, memory elsewhere (Windows)")
	fs.Float64Var(&c.Speed, "speed", 1, "with --sim: play the script this many times faster")
	fs.BoolVar(&c.Replay, "replay", false, "apply the laws to the actions (touch engine) and print the rulings instead")
	fs.BoolVar(&c.Summary, "summary", false, "with --replay: print the summary object at the end")
	fs.BoolVar(&c.Enforce, "enforce", false, "with --replay: refuse violating actions at once")
	fs.StringVar(&c.Rules, "rules", "", "rule set (default: the script's start line, else fide)")
	fs.StringVar(&c.FEN, "fen", "", "start position when the script has no start line (default: the initial position)")
	fs.BoolVar(&c.Chess960, "chess960", false, "Chess960 castling")
	fs.BoolVar(&c.InferClock, "infer-clock", false, "pass the move without clock presses, when the opponent lifts his own piece after a finished move (default: on with --port until a clock press is seen, off with --sim)")
	fs.BoolVar(&c.Clock, "clock", false, "with --port: ask the board for clock messages (a DGT XL or DGT3000 plugged into it) and put the clock's times into the actions (on anyway with a time control)")
	fs.BoolVar(&c.SetClock, "set-clock", false, "set the clock plugged into the board (a DGT3000) to the time control at the start and to the arbiter's times after every time bonus, laws K5 (default: on with a time control in the start line and a clock that says it is a DGT3000)")
	fs.BoolVar(&c.WhiteRight, "white-right", false, "White sits on the right of the clock (default left)")
	fs.BoolVar(&c.LEDs, "leds", false, "with --replay: light obligations and accepted moves on a DGT Revelation II")
	fs.DurationVar(&c.Quiet, "quiet", 600*time.Millisecond, "how long a piece must stand still on a square to count as put down (board time)")
	fs.StringVar(&promoteLetters, "promote", "Q", "the piece a pawn becomes on a board that cannot tell pieces apart: Q, R, B or N")
	fs.BoolVar(&c.Verbose, "v", false, "say on stderr what the board is doing")
	fs.StringVar(&c.Server, "server", "", "forward every action to this arbiter server (URL of \"arbiter-hall serve\")")
	fs.StringVar(&c.Game, "game", "", "with --server: the game's id")
	fs.StringVar(&c.Token, "token", "", "with --server: the game's board token (prefer $ARBITER_BOARD_TOKEN: a command line is visible to every user of the machine)")
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
		inferClockSet = inferClockSet || f.Name == "infer-clock"
		c.SpeedSet = c.SpeedSet || f.Name == "speed"
		c.SetClockSet = c.SetClockSet || f.Name == "set-clock"
	})
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arbiter-hall eboard: "+format+"\n", args...)
		return 2
	}
	if *event != "" || *boardsFile != "" || *statusFile != "" {
		return runHallFlags(c, inferClockSet, *event, *boardsFile, *statusFile, fs, stderr, stdout)
	}
	if (c.Port == "") == (c.Sim == "") || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if c.Speed <= 0 {
		return fail("--speed must be positive")
	}
	if c.SimLine != "" && c.SimLine != reader.SimPTY && c.SimLine != reader.SimMemory {
		return fail("--sim-line must be %s or %s, not %q", reader.SimPTY, reader.SimMemory, c.SimLine)
	}
	if c.Summary && !c.Replay {
		return fail("--summary needs --replay")
	}
	if c.Server != "" && (c.Game == "" || c.Token == "") {
		return fail("--server needs --game and --token")
	}
	if len(promoteLetters) != 1 || !strings.Contains("QRBN", strings.ToUpper(promoteLetters)) {
		return fail("--promote must be Q, R, B or N, not %q", promoteLetters)
	}
	c.Promote = chess.PieceTypeFromLetter(promoteLetters[0])
	if !inferClockSet {
		c.InferClock = c.Port != ""
	}
	if err := reader.Play(c, stdout, stderr); err != nil {
		var refused reader.RefusedError
		var unsent reader.UnsentError
		if errors.As(err, &refused) || errors.As(err, &unsent) {
			fmt.Fprintf(stderr, "arbiter-hall eboard: %v\n", err)
			return 1
		}
		return fail("%v", err)
	}
	return 0
}

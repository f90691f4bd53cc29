package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/touch"
)

func init() {
	commands["replay"] = command{Summary: "apply the laws to a stream of board actions (JSON Lines), print the rulings", Run: runReplay}
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "", "rule set: fide, fide-rapid, fide-blitz, uscf, casual, fide-1971 (default: the start line's, else fide)")
	fen := fs.String("fen", "", "start position when the input has no start line")
	chess960 := fs.Bool("chess960", false, "Chess960 castling")
	enforce := fs.Bool("enforce", false, "refuse violating actions at once instead of recording them")
	summary := fs.Bool("summary", false, "print the summary object after the rulings")
	asPGN := fs.Bool("pgn", false, "print the game as PGN instead: the moves, the rulings as comments, the clocks ([%clk])")
	white := fs.String("white", "?", "with --pgn: White's name")
	black := fs.String("black", "?", "with --pgn: Black's name")
	event := fs.String("event", "?", "with --pgn: the event")
	langCode := fs.String("lang", "en", "the language of the rulings' text and of the PGN's comments: "+strings.Join(lang.Codes, ", ")+" (SAN stays English)")
	help := cli.Help{
		Name:  "arbiter replay",
		Usage: []string{"arbiter replay [FILE|-] [--rules R] [--fen F] [--chess960] [--enforce] [--lang L] [--summary | --pgn [--white W --black B --event E]]"},
		Text: `Reads a game as board actions (JSON Lines: lift, drop, touch, clock, claim, ...;
standard input without FILE) and prints the arbiter's rulings, one JSON object
a line, or with --pgn the game record.`,
		Examples: []string{
			"arbiter replay examples/protocol-2-rook-first-fide.jsonl --summary   # the rulings, then the summary",
			"arbiter replay game.jsonl --pgn --white Carlsen --black Nakamura      # the game as PGN",
			"arbiter replay --rules uscf < game.jsonl                             # under US Chess rules",
			"arbiter replay game.jsonl --pgn --lang ro                            # the comments in Romanian",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	l, err := lang.Parse(*langCode)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter replay:", err)
		return 2
	}
	in := stdin
	if name := fs.Arg(0); name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter replay:", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	opts := touch.Options{Rules: *rules, FEN: *fen, Chess960: *chess960, Enforce: *enforce}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	emit := func(r protocol.Ruling) { enc.Encode(r) }
	if l != lang.English() {
		emit = func(r protocol.Ruling) {
			r.Text = l.Text(r)
			enc.Encode(r)
		}
	}
	var sheet *scoresheet.Sheet
	var observe func(*touch.Engine, *protocol.Action, []protocol.Ruling)
	if *asPGN {
		if *summary {
			fmt.Fprintln(stderr, "arbiter replay: --pgn and --summary do not go together")
			return 2
		}
		emit = func(protocol.Ruling) {}
		observe = func(e *touch.Engine, a *protocol.Action, rs []protocol.Ruling) {
			if sheet == nil {
				sheet = scoresheet.New(e.Game().Start())
				sheet.In(l)
			}
			sheet.Add(a, rs, e.Game().Ply())
		}
	}
	s, e, err := replay(in, opts, emit, observe)
	if err != nil {
		out.Flush()
		fmt.Fprintln(stderr, "arbiter replay:", err)
		return 2
	}
	if *summary {
		enc.Encode(s)
	}
	if *asPGN {
		if sheet == nil {
			sheet = scoresheet.New(e.Game().Start())
		}
		tags := []pgn.Tag{{Name: "Event", Value: *event}, {Name: "Site", Value: "?"}, {Name: "Date", Value: "????.??.??"},
			{Name: "Round", Value: "?"}, {Name: "White", Value: *white}, {Name: "Black", Value: *black}, {Name: "Result", Value: s.Result}}
		tags = append(tags, scoresheet.Tags(e.Start(), e.Game().Start(), e.Rules().Name, s.Reason)...)
		if err := pgn.NewWriter(out).Write(sheet.Game(tags, s.Moves, s.Result)); err != nil {
			fmt.Fprintln(stderr, "arbiter replay:", err)
			return 1
		}
	}
	return 0
}

// replay feeds the action lines of in to a touch engine and hands every
// ruling to emit. A start line is allowed as the first line only. The
// error is for input that could not be read, or a game that cannot be set
// up (an unknown rule set, a bad FEN): that line is answered with an error
// ruling and processing stops there.
//
// observe, when not nil, is called after each action with the engine, the
// action and its rulings (for the scoresheet).
func replay(in io.Reader, opts touch.Options, emit func(protocol.Ruling), observe func(*touch.Engine, *protocol.Action, []protocol.Ruling)) (protocol.Summary, *touch.Engine, error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	var e *touch.Engine
	extraErrors := 0
	start := func(s protocol.Start) error {
		var err error
		e, err = touch.New(s, opts)
		return err
	}
	for at := 1; sc.Scan(); at++ {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		l, err := protocol.ParseLine(line)
		if l.Start != nil {
			if e != nil {
				emit(protocol.Ruling{At: at, Kind: protocol.KindError, Error: "a start line may only come first"})
				extraErrors++
				continue
			}
			if err := start(*l.Start); err != nil {
				// No game can be set up: the line is answered, and nothing after it.
				emit(protocol.Ruling{At: at, Kind: protocol.KindError, Error: err.Error()})
				return protocol.Summary{}, nil, fmt.Errorf("line %d: %v", at, err)
			}
			continue
		}
		if e == nil {
			if err := start(protocol.Start{}); err != nil {
				emit(protocol.Ruling{At: at, Kind: protocol.KindError, Error: err.Error()})
				return protocol.Summary{}, nil, err
			}
		}
		if err != nil {
			emit(protocol.Ruling{At: at, Kind: protocol.KindError, Error: err.Error()})
			extraErrors++
			continue
		}
		rs := e.Apply(at, l.Action)
		for _, r := range rs {
			emit(r)
		}
		if observe != nil {
			a := l.Action
			observe(e, &a, rs)
		}
	}
	if err := sc.Err(); err != nil {
		return protocol.Summary{}, nil, err
	}
	if e == nil {
		if err := start(protocol.Start{}); err != nil {
			return protocol.Summary{}, nil, err
		}
	}
	s := e.Summary()
	s.Errors += extraErrors
	return s, e, nil
}

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/touch"
)

func init() {
	commands["replay"] = command{summary: "apply the laws to a stream of board actions (JSON Lines), print the rulings", run: runReplay}
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "", "rule set: fide, fide-rapid, fide-blitz, uscf, casual, fide-1971 (default: the start line's, else fide)")
	fen := fs.String("fen", "", "start position when the input has no start line")
	chess960 := fs.Bool("chess960", false, "Chess960 castling")
	enforce := fs.Bool("enforce", false, "refuse violating actions at once instead of recording them")
	summary := fs.Bool("summary", false, "print the summary object after the rulings")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter replay [--rules R] [--fen F] [--chess960] [--enforce] [--summary] [FILE|-]")
		fs.PrintDefaults()
	}
	if status, ok := parseFlags(fs, args); !ok {
		return status
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
	s, err := replay(in, opts, func(r protocol.Ruling) { enc.Encode(r) })
	if err != nil {
		out.Flush()
		fmt.Fprintln(stderr, "arbiter replay:", err)
		return 2
	}
	if *summary {
		enc.Encode(s)
	}
	return 0
}

// replay feeds the action lines of in to a touch engine and hands every
// ruling to emit. A start line is allowed as the first line only. The
// error is for input that could not be read, or a game that cannot be set
// up (an unknown rule set, a bad FEN): that line is answered with an error
// ruling and processing stops there.
func replay(in io.Reader, opts touch.Options, emit func(protocol.Ruling)) (protocol.Summary, error) {
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
				return protocol.Summary{}, fmt.Errorf("line %d: %v", at, err)
			}
			continue
		}
		if e == nil {
			if err := start(protocol.Start{}); err != nil {
				emit(protocol.Ruling{At: at, Kind: protocol.KindError, Error: err.Error()})
				return protocol.Summary{}, err
			}
		}
		if err != nil {
			emit(protocol.Ruling{At: at, Kind: protocol.KindError, Error: err.Error()})
			extraErrors++
			continue
		}
		for _, r := range e.Apply(at, l.Action) {
			emit(r)
		}
	}
	if err := sc.Err(); err != nil {
		return protocol.Summary{}, err
	}
	if e == nil {
		if err := start(protocol.Start{}); err != nil {
			return protocol.Summary{}, err
		}
	}
	s := e.Summary()
	s.Errors += extraErrors
	return s, nil
}

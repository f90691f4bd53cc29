package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/internal/cli"
)

func init() {
	commands["perft"] = command{Summary: "count legal move trees (check and benchmark the move generator)", Run: runPerft}
}

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", 0, "depth to count (required without --epd)")
	fen := fs.String("fen", chess.StartFEN, "position (FEN, X-FEN or Shredder-FEN)")
	chess960 := fs.Bool("chess960", false, "Chess960 castling")
	divide := fs.Bool("divide", false, "print the count below each root move")
	threads := fs.Int("threads", 1, "goroutines, one root move each")
	epd := fs.String("epd", "", "run a perft suite file (.perft blocks or EPD with ;Dn counts)")
	maxDepth := fs.Int("max-depth", 0, "with --epd: skip expected counts deeper than this (0: all)")
	help := cli.Help{
		Name:  "arbiter perft",
		Usage: []string{"arbiter perft --depth N [--fen FEN] [--chess960] [--divide] [--threads T]", "arbiter perft --epd FILE [--max-depth D] [--chess960] [--threads T]"},
		Text: `Counts the leaves of the tree of legal moves to a depth (the node count on
standard output, time and speed on standard error), or checks a suite of
expected counts.`,
		Examples: []string{
			"arbiter perft --depth 5                                 # 4865609 from the start position",
			"arbiter perft --depth 2 --divide                        # one line per root move, then the total",
			"arbiter perft --epd testdata/perft/perftsuite.epd --max-depth 3   # a suite: N passed, N failed",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	if *threads < 1 {
		*threads = runtime.NumCPU()
	}
	if *epd != "" {
		return perftSuite(*epd, *maxDepth, *chess960, *threads, stdout, stderr)
	}
	if *depth < 1 {
		fmt.Fprintln(stderr, "arbiter perft: --depth N (N >= 1) or --epd FILE is required")
		return 2
	}
	p, notes, err := chess.ParseFENWith(*fen, chess.Options{Chess960: *chess960}, false)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft:", err)
		return 2
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "note:", n)
	}
	start := time.Now()
	var nodes uint64
	if *divide || *threads > 1 {
		for _, r := range chess.PerftDivide(p, *depth, *threads) {
			if *divide {
				fmt.Fprintf(stdout, "%s: %d\n", p.UCI(r.Move), r.Nodes)
			}
			nodes += r.Nodes
		}
	} else {
		nodes = chess.Perft(p, *depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	fmt.Fprintf(stderr, "time %.3f s, %.1f Mnps\n", elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
	return 0
}

func perftSuite(file string, maxDepth int, chess960 bool, threads int, stdout, stderr io.Writer) int {
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft:", err)
		return 2
	}
	defer f.Close()
	cases, err := chess.ReadPerftSuite(f)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter perft: %s: %v\n", file, err)
		return 2
	}
	start := time.Now()
	var passed, failed int
	var nodes uint64
	for _, c := range cases {
		name := c.ID
		if name == "" {
			name = fmt.Sprintf("line %d", c.Line)
		}
		p, notes, err := chess.ParseFENWith(c.FEN, chess.Options{Chess960: chess960 || c.Chess960}, true)
		if err != nil {
			fmt.Fprintf(stdout, "FAIL %s: %v\n", name, err)
			failed += len(c.Expected)
			continue
		}
		if len(notes) > 0 {
			fmt.Fprintf(stderr, "note %s: %s\n", name, strings.Join(notes, "; "))
		}
		for _, e := range c.Expected {
			if maxDepth > 0 && e.Depth > maxDepth {
				continue
			}
			var got uint64
			for _, r := range chess.PerftDivide(p, e.Depth, threads) {
				got += r.Nodes
			}
			if e.Depth == 0 {
				got = 1
			}
			nodes += got
			if got != e.Nodes {
				fmt.Fprintf(stdout, "FAIL %s %s: perft %d = %d, want %d\n", name, c.FEN, e.Depth, got, e.Nodes)
				failed++
			} else {
				passed++
			}
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stderr, "time %.3f s, %.1f Mnps\n", elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}

package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/winnable"
)

func init() {
	commands["winnable"] = command{Summary: "tell who can still checkmate: WB, W-, -B or -- (dead)", Run: runWinnable}
}

// runWinnable prints, for each FEN argument, who can still checkmate, or
// checks a file of expected answers (the test-vector format).
func runWinnable(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("winnable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("file", "", `check a file of lines "CLASS FEN" (CLASS is WB, W-, -B or --; # starts a comment); - reads standard input`)
	chess960 := fs.Bool("chess960", false, "Chess960 castling rights")
	threads := fs.Int("threads", 0, "goroutines for --file (0: one per CPU)")
	help := cli.Help{
		Name:  "arbiter winnable",
		Usage: []string{`arbiter winnable "FEN" ["FEN" ...] [--chess960]`, "arbiter winnable --file FILE [--threads N]"},
		Text: `Prints, one line per position, who can still checkmate by some series of
legal moves: WB both sides, W- only White, -B only Black, -- neither (dead).
Each FEN is one argument: quote it. --file checks a file of expected answers
and ends with "N passed, N failed" (status 1 when one fails).`,
		Examples: []string{
			`arbiter winnable "8/8/4k3/8/2b5/8/4K3/5B2 w - - 0 1"   # -- : bishops on one colour, dead`,
			"arbiter winnable --file testdata/unwinnable/test-vector.txt   # check expected answers",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	opts := chess.Options{Chess960: *chess960}
	if *file != "" {
		if fs.NArg() > 0 {
			fmt.Fprintln(stderr, "arbiter winnable: give either FENs or --file, not both")
			return 2
		}
		n := *threads
		if n < 1 {
			n = runtime.NumCPU()
		}
		return winnableFile(*file, opts, n, stdin, stdout, stderr)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	for _, fen := range fs.Args() {
		p, notes, err := chess.ParseFENWith(fen, opts, true)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter winnable:", err)
			status = 2
			continue
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "note: %s: %s\n", fen, n)
		}
		r := winnable.Analyze(p)
		if !r.Decided {
			fmt.Fprintf(stderr, "note: %s: search limit reached; a side not proved unable to mate counts as able\n", fen)
		}
		fmt.Fprintln(stdout, r.Class())
	}
	return status
}

// vectorCase is one line of a file of expected answers.
type vectorCase struct {
	line      int
	want, fen string
	got       string
	err       error
}

// winnableFile checks every line of a file of expected answers, prints the
// mismatches and a final "N passed, N failed" line; status 1 on failure.
func winnableFile(name string, opts chess.Options, threads int, stdin io.Reader, stdout, stderr io.Writer) int {
	var in io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter winnable:", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	var cases []vectorCase
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, fen, _ := strings.Cut(line, " ")
		c := vectorCase{line: n, want: want, fen: strings.TrimSpace(fen)}
		if !validClass(want) {
			c.err = fmt.Errorf("%q is not a class (WB, W-, -B or --)", want)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "arbiter winnable:", err)
		return 2
	}
	start := time.Now()
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := &cases[i]
				if c.err != nil {
					continue
				}
				p, _, err := chess.ParseFENWith(c.fen, opts, true)
				if err != nil {
					c.err = err
					continue
				}
				c.got = winnable.Analyze(p).Class()
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	passed, failed := 0, 0
	for _, c := range cases {
		switch {
		case c.err != nil:
			failed++
			fmt.Fprintf(stdout, "line %d: %v: %s\n", c.line, c.err, c.fen)
		case c.got != c.want:
			failed++
			fmt.Fprintf(stdout, "line %d: expected %s, got %s: %s\n", c.line, c.want, c.got, c.fen)
		default:
			passed++
		}
	}
	if len(cases) > 0 {
		fmt.Fprintf(stderr, "%d positions in %.2f s (%.0f positions/s on %d goroutines)\n",
			len(cases), elapsed.Seconds(), float64(len(cases))/elapsed.Seconds(), threads)
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}

func validClass(s string) bool {
	return len(s) == 2 && (s[0] == 'W' || s[0] == '-') && (s[1] == 'B' || s[1] == '-')
}

package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/pairing"
	"github.com/arbiterchess/arbiter/trf"
)

func init() {
	commands["pair"] = command{Summary: "pair a Swiss round by the FIDE Dutch system from a TRF file, check a file's pairings, or print a Berger round-robin round", Run: runPair}
}

// maxTRFBytes bounds the TRF file pair reads (9999 players of a
// hundred rounds are some ten megabytes).
const maxTRFBytes = 64 << 20

func runPair(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dutch := fs.Bool("dutch", false, "pair by the FIDE Dutch system (C.04.3 of 2025, as bbpPairings' FIDE_DUTCH_2025)")
	pairNext := fs.Bool("p", false, "write the pairing of the file's next round (what --dutch does without --check)")
	check := fs.Bool("check", false, "pair every round of the file again from the rounds before it and list those whose pairing differs from the rules'")
	fs.BoolVar(check, "c", false, "") // bbpPairings' name of --check, left out of the usage
	rr := fs.Int("round-robin", 0, "the number of players of a round robin by the Berger tables (FIDE C.05, Annex 1)")
	round := fs.Int("round", 0, "with --round-robin: the round to print (0: every round, a blank line between them)")
	double := fs.Bool("double", false, "with --round-robin: a double round robin, the second cycle with the colours reversed")
	keepLast := fs.Bool("keep-last-rounds", false, "with --double: play the first cycle's last two rounds in the table's order (C.05 Annex 1 recommends exchanging them)")
	help := cli.Help{
		Name: "arbiter pair",
		Usage: []string{
			"arbiter pair --dutch FILE [-p [OUT]]",
			"arbiter pair --dutch FILE --check",
			"arbiter pair --round-robin N [--round R] [--double [--keep-last-rounds]]",
		},
		Text: `Pairs the next round of a Swiss tournament given as a TRF file (TRF16 or
TRF26; JaVaFo's XXR and XXC records; byes, forfeits and withdrawals as
bbpPairings reads them) by the FIDE Dutch system, and writes the pairing as
bbpPairings and JaVaFo do: the number of pairs on the first line, then
"white black" a line by pairing numbers in board order, the pairing-allocated
bye as "player 0". FILE - is standard input; OUT is standard output when not
given. --check pairs every round of the file again from the rounds before it,
as bbpPairings -c does, and lists each round whose pairing differs from the
rules', the rules' pairs beside the file's. --round-robin prints a round of
the Berger table in the same form, the bye (odd N) last.
Exit status: 0 done; 1 when the round cannot be paired (the players and the
criterion are said) or --check finds a round that differs; 2 when the command
line is wrong, or the file cannot be read or is malformed (its line and
column are said).`,
		Examples: []string{
			"arbiter pair --dutch pairing/testdata/dutch/000.trf -p   # round 3 of six players: 3 pairs",
			"arbiter pair --dutch tournament.trf -p round5.txt        # the next round, written to a file",
			"arbiter pair --dutch tournament.trf --check              # the rounds that differ from the rules",
			"arbiter pair --round-robin 5 --round 3                   # 3 1, 4 5 and the bye 2 0",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	switch {
	case *dutch && *rr != 0:
		fmt.Fprintln(stderr, "arbiter pair: give either --dutch or --round-robin, not both")
		return 2
	case *rr != 0:
		if fs.NArg() > 0 || *pairNext || *check {
			fmt.Fprintln(stderr, "arbiter pair: --round-robin takes no file, -p or --check")
			return 2
		}
		return pairRoundRobin(*rr, *round, pairing.Options{Double: *double, KeepLastRounds: *keepLast}, stdout, stderr)
	case !*dutch:
		fmt.Fprintln(stderr, "arbiter pair: --dutch FILE or --round-robin N is required")
		fs.Usage()
		return 2
	case *round != 0 || *double || *keepLast:
		fmt.Fprintln(stderr, "arbiter pair: --round, --double and --keep-last-rounds go with --round-robin")
		return 2
	case *check && *pairNext:
		fmt.Fprintln(stderr, "arbiter pair: give either -p or --check, not both")
		return 2
	case fs.NArg() == 0:
		fmt.Fprintln(stderr, "arbiter pair: --dutch needs a TRF file (- for standard input)")
		return 2
	case fs.NArg() > 2 || *check && fs.NArg() > 1:
		fmt.Fprintf(stderr, "arbiter pair: too many operands: %s\n", strings.Join(fs.Args(), " "))
		return 2
	}
	name := fs.Arg(0)
	data, err := readTRF(name, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter pair:", err)
		return 2
	}
	t, err := trf.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter pair: %s\n", fileFault(name, data, err))
		return 2
	}
	if *check {
		return pairCheck(name, data, t, stdout, stderr)
	}
	return pairDutch(name, data, t, fs.Arg(1), stdout, stderr)
}

// readTRF reads the file name, or standard input for "-".
func readTRF(name string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxTRFBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", displayName(name), err)
	}
	if len(data) > maxTRFBytes {
		return nil, fmt.Errorf("%s: more than %d MB: not a TRF file", displayName(name), maxTRFBytes>>20)
	}
	return data, nil
}

func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// pairDutch writes the pairing of the file's next round to out (a file
// name, or "" for stdout).
func pairDutch(name string, data []byte, t *trf.Tournament, out string, stdout, stderr io.Writer) int {
	s, err := pairing.NewState(t)
	if err != nil {
		return stateFailed(name, data, err, stderr)
	}
	if s.TotalRounds == 0 {
		fmt.Fprintf(stderr, "note: %s does not say the number of rounds (XXR or 142): round %d is paired as not the last\n", displayName(name), s.Round)
	}
	pairs, err := dutchPairs(s)
	if err != nil {
		return pairingFailed(name, err, stderr)
	}
	if out == "" {
		if err := pairing.WritePairs(stdout, pairs); err != nil {
			fmt.Fprintln(stderr, "arbiter pair:", err)
			return 1
		}
		return 0
	}
	var b bytes.Buffer
	pairing.WritePairs(&b, pairs)
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(stderr, "arbiter pair:", err)
		return 1
	}
	return 0
}

// dutchPairs pairs s, asking first whether the absolute criteria allow
// a pairing at all (Feasible names the players left over).
func dutchPairs(s *pairing.State) ([]pairing.Pair, error) {
	if err := s.Feasible(); err != nil {
		return nil, err
	}
	return pairing.Dutch(s)
}

// pairingFailed says why a round cannot be paired: status 1.
func pairingFailed(name string, err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "arbiter pair: %s: %s\n", displayName(name), pairingReason(err))
	return 1
}

// pairingReason says a PairingError without the package's prefix: the
// round, the criterion, the players.
func pairingReason(err error) string {
	var pe *pairing.PairingError
	if !errors.As(err, &pe) {
		return strings.TrimPrefix(err.Error(), "pairing: ")
	}
	ids := make([]string, len(pe.Players))
	for i, p := range pe.Players {
		ids[i] = strconv.Itoa(p)
	}
	who := "player"
	if len(ids) > 1 {
		who = "players"
	}
	return fmt.Sprintf("round %d cannot be paired: %s; %s %s", pe.Round, pe.Criterion, who, strings.Join(ids, ", "))
}

// stateFailed says why the file gives no state to pair from: a malformed
// file (status 2, with its line and column), else a file with nothing
// left to pair (status 1).
func stateFailed(name string, data []byte, err error, stderr io.Writer) int {
	var fe *pairing.FileError
	if errors.As(err, &fe) {
		fmt.Fprintf(stderr, "arbiter pair: %s\n", fileFault(name, data, err))
		return 2
	}
	fmt.Fprintf(stderr, "arbiter pair: %s: %s\n", displayName(name), strings.TrimPrefix(err.Error(), "pairing: "))
	return 1
}

// Columns of the 001 record, 1-based: the starting rank, and round 1's
// block (ten columns a round).
const (
	colStartRank = 5
	colRound1    = 92
)

// fileFault writes a malformed file's fault as "FILE:LINE:COLUMN: what":
// the trf package's *Error, or a pairing.FileError placed at the
// player's 001 record and the round's block.
func fileFault(name string, data []byte, err error) string {
	var te *trf.Error
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: %s", place(name, te.Line, te.Col), te.Msg)
	}
	var fe *pairing.FileError
	if errors.As(err, &fe) {
		line, col := playerLine(data, fe.Player), colStartRank
		if fe.Round > 0 {
			col = colRound1 + 10*(fe.Round-1)
		}
		if line == 0 {
			col = 0
		}
		return fmt.Sprintf("%s: %s", place(name, line, col), fe.Msg)
	}
	return fmt.Sprintf("%s: %v", displayName(name), err)
}

// place writes FILE:LINE:COLUMN, leaving out what is 0.
func place(name string, line, col int) string {
	s := displayName(name)
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if col > 0 {
			s += ":" + strconv.Itoa(col)
		}
	}
	return s
}

// playerLine returns the 1-based number of the line of the 001 record of
// pairing number id (lines end in LF, CR LF or CR), or 0.
func playerLine(data []byte, id int) int {
	if id <= 0 {
		return 0
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	for n := 1; len(data) > 0; n++ {
		var text []byte
		i := bytes.IndexAny(data, "\r\n")
		switch {
		case i < 0:
			text, data = data, nil
		case data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
			text, data = data[:i], data[i+2:]
		default:
			text, data = data[:i], data[i+1:]
		}
		if len(text) >= 8 && string(text[:3]) == "001" {
			if r, err := strconv.Atoi(strings.TrimSpace(string(text[4:8]))); err == nil && r == id {
				return n
			}
		}
	}
	return 0
}

// pairCheck lists the rounds of the file whose pairing differs from the
// rules', and a summary line: status 1 when one differs.
func pairCheck(name string, data []byte, t *trf.Tournament, stdout, stderr io.Writer) int {
	checks, err := pairing.CheckDutch(t)
	if err != nil {
		return stateFailed(name, data, err, stderr)
	}
	w := bufio.NewWriter(stdout)
	var differ []string
	for _, c := range checks {
		if !c.Differs() {
			continue
		}
		differ = append(differ, strconv.Itoa(c.Round))
		if c.Err != nil {
			fmt.Fprintf(w, "round %d: the rules cannot pair it: %s\n", c.Round, strings.TrimPrefix(pairingReason(c.Err), fmt.Sprintf("round %d cannot be paired: ", c.Round)))
			continue
		}
		fmt.Fprintf(w, "round %d: the file's pairing differs from the rules'\n", c.Round)
		writeSideBySide(w, c.Rules, c.File)
	}
	switch n := len(differ); {
	case len(checks) == 0:
		fmt.Fprintln(w, "no round paired in the file: nothing to check")
	case n == 0:
		fmt.Fprintf(w, "%s checked: every pairing is the rules'\n", plural(len(checks), "round"))
	default:
		verb, which := "differs", "round"
		if n > 1 {
			verb, which = "differ", "rounds"
		}
		fmt.Fprintf(w, "%s checked: %d %s (%s %s)\n", plural(len(checks), "round"), n, verb, which, strings.Join(differ, ", "))
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(stderr, "arbiter pair:", err)
		return 1
	}
	if len(differ) > 0 {
		return 1
	}
	return 0
}

// plural writes "1 round", "2 rounds".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// writeSideBySide writes the rules' pairs and the file's in two columns,
// "rules" and "file", a pair as "white - black", a bye as "player - bye".
func writeSideBySide(w io.Writer, rules, file []pairing.Pair) {
	text := func(p pairing.Pair) string {
		if p.IsBye() {
			return fmt.Sprintf("%d - bye", p.White)
		}
		return fmt.Sprintf("%d - %d", p.White, p.Black)
	}
	width := len("rules")
	for _, p := range rules {
		width = max(width, len(text(p)))
	}
	fmt.Fprintf(w, "  %-*s   %s\n", width, "rules", "file")
	for i := 0; i < max(len(rules), len(file)); i++ {
		var a, b string
		if i < len(rules) {
			a = text(rules[i])
		}
		if i < len(file) {
			b = text(file[i])
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %-*s   %s", width, a, b), " "))
	}
}

// pairRoundRobin prints round r of the Berger table for n players, or
// every round for r = 0.
func pairRoundRobin(n, r int, o pairing.Options, stdout, stderr io.Writer) int {
	if o.KeepLastRounds && !o.Double {
		fmt.Fprintln(stderr, "arbiter pair: --keep-last-rounds goes with --double")
		return 2
	}
	var rounds [][]pairing.Pair
	var err error
	if r == 0 {
		rounds, err = pairing.BergerTable(n, o)
	} else {
		var one []pairing.Pair
		one, err = pairing.Berger(n, r, o)
		rounds = [][]pairing.Pair{one}
	}
	if err != nil {
		fmt.Fprintln(stderr, "arbiter pair:", strings.TrimPrefix(err.Error(), "pairing: "))
		return 2
	}
	w := bufio.NewWriter(stdout)
	for i, round := range rounds {
		if i > 0 {
			fmt.Fprintln(w)
		}
		pairing.WritePairs(w, round)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(stderr, "arbiter pair:", err)
		return 1
	}
	return 0
}

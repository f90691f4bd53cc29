package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/arbiterchess/arbiter/audit"
	"github.com/arbiterchess/arbiter/internal/cli"
	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/pgn"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/term"
)

// findingIn writes a finding as Finding.String does, with its severity,
// kind and reason in language l, and the article's summary after it; the
// detail stays in English.
func findingIn(l *lang.Lang, f audit.Finding) string {
	w, b := f.White, f.Black
	if w == "" {
		w = "?"
	}
	if b == "" {
		b = "?"
	}
	kind := l.T("audit.kind."+string(f.Kind), nil)
	if f.Reason != "" {
		kind += " (" + l.T("audit.reason."+string(f.Reason), nil) + ")"
	}
	s := fmt.Sprintf("%s:%d (%d) %s – %s: [%s] %s: %s", f.File, f.Game, f.Line, w, b, l.T("audit.severity."+string(f.Severity), nil), kind, f.Text)
	if a := l.Article(f.Article); a != "" {
		s += " — " + f.Article + ": " + a
	}
	return s
}

func init() {
	commands["audit"] = command{Summary: "replay PGN files and flag what an arbiter would (illegal moves, wrong results, claimable draws)", Run: runAudit}
}

func runAudit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "fide", "rule set: fide, fide-rapid, fide-blitz, uscf, casual, fide-1971")
	asJSON := fs.Bool("json", false, "write JSON Lines: one object per finding, then a summary object")
	workers := fs.Int("workers", 0, "goroutines reading and replaying games, besides the one that reads and decompresses the input (0: one per CPU); output stays in input order")
	fs.Var(intAlias{workers}, "threads", "") // the former name of --workers, left out of the usage
	deep := fs.Bool("deep", false, "ask the full can-mate analysis about every final position and every win on time (slow)")
	minSev := fs.String("severity", "info", "print findings of this severity and above: info, warning, error (all are counted)")
	langCode := fs.String("lang", "en", "the language of the findings' severity, kind and article (the detail stays English): "+strings.Join(lang.Codes, ", "))
	maxGame := fs.Int("max-game-bytes", pgn.DefaultMaxGameBytes, "the most text of one game that is read; a longer game is a game-too-long finding and is skipped (a worker may hold up to some five times this in memory while it reads a game)")
	help := cli.Help{
		Name:  "arbiter audit",
		Usage: []string{"arbiter audit FILE... [--json] [--rules R] [--workers N] [--severity S] [--deep] [--max-game-bytes N] [--lang L]"},
		Text: fmt.Sprintf(`Replays every game of the PGN files (- for standard input; .gz and .zst are
read compressed) and reports illegal moves, results the laws contradict, moves
played after the end, and draws that could have been claimed.
A game whose text is longer than --max-game-bytes, or whose main line has more
than %d plies, is a game-too-long finding, and the audit goes on with the next
game: memory stays bounded whatever the input.
Exit status: 0 when no game has an illegal move or a result the laws
contradict (claimable draws and unreadable games are reported, not failures),
1 when one has (illegal-move, result-contradicts-laws, played-after-end),
2 when a file cannot be read or the command line is wrong.`, audit.MaxPlies),
		Examples: []string{
			"arbiter audit games.pgn                       # the findings, then a summary line",
			"arbiter audit lichess_2024-01.pgn.zst --json  # JSON Lines, then a summary object",
			"cat *.pgn | arbiter audit - --severity error  # only the errors, from standard input",
		},
	}
	if status, ok := help.Parse(fs, args, nil); !ok {
		return status
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	l, err := lang.Parse(*langCode)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter audit:", err)
		return 2
	}
	rs, err := audit.RulesNamed(*rules)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter audit:", err)
		return 2
	}
	if *maxGame < 1 || *maxGame > 1<<30 {
		fmt.Fprintf(stderr, "arbiter audit: --max-game-bytes %d: want 1 to %d\n", *maxGame, 1<<30)
		return 2
	}
	rank := map[string]int{"info": 0, "warning": 1, "error": 2}
	floor, ok := rank[*minSev]
	if !ok {
		fmt.Fprintf(stderr, "arbiter audit: --severity %q: want info, warning or error\n", *minSev)
		return 2
	}

	// The live heap of an audit is a few megabytes (a game per worker, a
	// few batches), but every game read allocates its text: with the
	// default GOGC the collector then runs some 300 times a second and
	// takes a third of the time. A larger target costs a few tens of
	// megabytes at most. GOGC in the environment still rules.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	// That target multiplies what a worker holds, which a file of games
	// near --max-game-bytes makes some five times the limit, and a few
	// chunks: a soft limit on the memory of the process keeps it in
	// bounds there (64 MiB and 16 times the limit a worker), while an
	// audit of ordinary games, whose heap stays under 30 MB, never comes
	// near it. GOMEMLIMIT in the environment still rules.
	if os.Getenv("GOMEMLIMIT") == "" {
		w := *workers
		if w <= 0 {
			w = runtime.GOMAXPROCS(0)
		}
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(auditMemoryLimit(w, *maxGame)))
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	emit := func(f audit.Finding) {
		if rank[string(f.Severity)] < floor {
			return
		}
		if *asJSON {
			enc.Encode(f)
			return
		}
		if l != lang.English() {
			fmt.Fprintln(out, findingIn(l, f))
			return
		}
		fmt.Fprintln(out, f.String())
	}

	status := 0
	var total audit.Stats
	files := 0
	begin := time.Now()
	for _, name := range fs.Args() {
		st, err := auditFile(name, stdin, stderr, audit.Options{Rules: rs, Workers: *workers, Deep: *deep, MaxGameBytes: *maxGame}, emit)
		total.Add(st)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "arbiter audit: %s: %v\n", name, err)
			status = 2
			continue
		}
		files++
	}
	elapsed := time.Since(begin)
	writeSummary(out, *asJSON, files, total, elapsed)
	if status == 0 && contradicted(total) {
		status = 1
	}
	return status
}

// failing are the kinds of finding that make the audit's exit status 1:
// the record contradicts the laws. Claimable draws, unreadable or skipped
// games and the like are reported without failing.
var failing = []audit.Kind{audit.IllegalMove, audit.ResultContradictsLaws, audit.PlayedAfterEnd}

// contradicted reports whether the audit found a game the laws contradict.
func contradicted(st audit.Stats) bool {
	for _, k := range failing {
		if st.Findings[k] > 0 {
			return true
		}
	}
	return false
}

// auditMemoryLimit is the soft limit on the memory of an audit with the
// given workers and limit on a game's text: 64 MiB, and 16 times the
// limit a worker.
func auditMemoryLimit(workers, maxGame int) int64 {
	return 64<<20 + int64(workers)*16*int64(maxGame)
}

// auditFile opens name ("-" is stdin), undoes gzip or zstd compression,
// and audits the games in it.
// A progress line goes to stderr when it is a terminal.
func auditFile(name string, stdin io.Reader, stderr io.Writer, opts audit.Options, emit func(audit.Finding)) (audit.Stats, error) {
	var r io.Reader = stdin
	var total int64 = -1
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return audit.Stats{}, err
		}
		defer f.Close()
		r = f
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			total = fi.Size()
		}
	}
	var pr *progress
	if isTerminal(stderr) {
		pr = startProgress(stderr, name, total)
		r = &countingReader{r: r, n: &pr.bytes}
		opts.Progress = func(games int) { pr.games.Store(int64(games)) }
		defer pr.stop()
	}
	r, closeFn, err := decompress(r, name)
	if err != nil {
		return audit.Stats{}, err
	}
	defer closeFn()
	return audit.Stream(r, name, opts, emit)
}

// intAlias is a second name for an int flag.
type intAlias struct{ p *int }

func (a intAlias) String() string {
	if a.p == nil {
		return "0"
	}
	return strconv.Itoa(*a.p)
}

func (a intAlias) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	*a.p = n
	return nil
}

// isTerminal reports whether w is a terminal. A character device that is
// not one (/dev/null, say) gets no progress line.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// countingReader counts the bytes read through it (before decompression).
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// progress refreshes one line on a terminal: bytes read of the total and
// games per second, four times a second, after the first half second (a
// short file shows nothing); stop clears the line. It writes no escape
// sequences, which a Windows console without virtual terminal processing
// would print: a carriage return, the line cut to the terminal's width,
// and spaces over what is left of the line before.
type progress struct {
	w     io.Writer
	name  string
	total int64
	width int // the terminal's columns, 0 when unknown
	bytes atomic.Int64
	games atomic.Int64
	quit  chan struct{}
	done  chan struct{}
	shown int // the length of the line on the screen
}

func startProgress(w io.Writer, name string, total int64) *progress {
	p := &progress{w: w, name: name, total: total, quit: make(chan struct{}), done: make(chan struct{})}
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			p.width = cols
		}
	}
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer close(p.done)
	begin := time.Now()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.quit:
			if p.shown > 0 {
				fmt.Fprint(p.w, "\r"+strings.Repeat(" ", p.shown)+"\r")
			}
			return
		case now := <-tick.C:
			secs := now.Sub(begin).Seconds()
			if secs < 0.5 {
				continue
			}
			mb := float64(p.bytes.Load()) / 1e6
			games := p.games.Load()
			of := ""
			if p.total > 0 {
				of = fmt.Sprintf(" / %.1f MB (%.0f%%)", float64(p.total)/1e6, 100*float64(p.bytes.Load())/float64(p.total))
			}
			p.show(fmt.Sprintf("%s: %.1f MB%s, %d games, %.0f games/s, %.1f MB/s", p.name, mb, of, games, float64(games)/secs, mb/secs))
		}
	}
}

// show writes line over the one shown before.
func (p *progress) show(line string) {
	fmt.Fprint(p.w, p.frame(line))
}

// frame is what show writes: a carriage return, the line (cut short of the
// last column, where a console would wrap), and spaces over the rest of
// the line before.
func (p *progress) frame(line string) string {
	if r := []rune(line); p.width > 1 && len(r) > p.width-1 {
		line = string(r[:p.width-1])
	}
	n := len([]rune(line))
	pad := max(p.shown-n, 0)
	p.shown = n
	return "\r" + line + strings.Repeat(" ", pad)
}

func (p *progress) stop() {
	close(p.quit)
	<-p.done
}

var (
	gzipMagic = []byte{0x1f, 0x8b}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// decompress recognises gzip and zstd by their magic numbers (and insists
// on them for names ending in .gz or .zst) and returns a reader of the
// plain text.
func decompress(r io.Reader, name string) (io.Reader, func(), error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4)
	lower := strings.ToLower(name)
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, err
		}
		return zr, func() { zr.Close() }, nil
	case bytes.HasPrefix(head, zstdMagic):
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
		if err != nil {
			return nil, nil, err
		}
		return zr, zr.Close, nil
	case strings.HasSuffix(lower, ".gz"):
		return nil, nil, fmt.Errorf("not gzip data")
	case strings.HasSuffix(lower, ".zst") || strings.HasSuffix(lower, ".zstd"):
		return nil, nil, fmt.Errorf("not zstd data")
	}
	return br, func() {}, nil
}

// summary is the last object of the --json output.
type summary struct {
	Kind        string         `json:"kind"` // always "summary"
	Files       int            `json:"files"`
	Games       int            `json:"games"`
	Skipped     int            `json:"skipped"`
	Moves       int            `json:"moves"`    // plies replayed
	Findings    int            `json:"findings"` // findings of every severity
	ByKind      map[string]int `json:"by_kind"`
	Seconds     float64        `json:"seconds"`
	GamesPerSec float64        `json:"games_per_second"`
	MovesPerSec float64        `json:"moves_per_second"`
}

func writeSummary(w io.Writer, asJSON bool, files int, st audit.Stats, elapsed time.Duration) {
	secs := elapsed.Seconds()
	if secs <= 0 {
		secs = 1e-9
	}
	s := summary{Kind: "summary", Files: files, Games: st.Games, Skipped: st.Skipped, Moves: st.Plies,
		ByKind: map[string]int{}, Seconds: secs,
		GamesPerSec: float64(st.Games) / secs, MovesPerSec: float64(st.Plies) / secs}
	kinds := make([]string, 0, len(st.Findings))
	for k, n := range st.Findings {
		s.ByKind[string(k)] = n
		s.Findings += n
		kinds = append(kinds, string(k))
	}
	if asJSON {
		json.NewEncoder(w).Encode(s)
		return
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, st.Findings[audit.Kind(k)])
	}
	list := "none"
	if len(parts) > 0 {
		list = strings.Join(parts, ", ")
	}
	fmt.Fprintf(w, "audit: %d games (%d skipped), %d moves (plies) in %d files; findings %d: %s; %.3f s, %.0f games/s, %.0f moves/s\n",
		st.Games, st.Skipped, st.Plies, files, s.Findings, list, secs, s.GamesPerSec, s.MovesPerSec)
}

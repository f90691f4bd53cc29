package audit

import (
	"errors"
	"io"
	"runtime"
	"sync"

	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
)

// Stats counts what an audit went through.
type Stats struct {
	Games    int          // games read, broken and skipped ones included
	Skipped  int          // games not replayed (unsupported variant, bad FEN, syntax error)
	Plies    int          // plies replayed
	Findings map[Kind]int // findings by kind
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Games += o.Games
	s.Skipped += o.Skipped
	s.Plies += o.Plies
	for k, n := range o.Findings {
		s.count(k, n)
	}
}

func (s *Stats) count(k Kind, n int) {
	if s.Findings == nil {
		s.Findings = make(map[Kind]int)
	}
	s.Findings[k] += n
}

// Options tune Stream.
type Options struct {
	Rules Rules
	// CanMate and Deep set the Auditor fields of the same names.
	CanMate game.MateFunc
	Deep    bool
	// Workers is the number of goroutines replaying games; 0 means one per
	// CPU but one, which is left to the PGN reader (so one worker, replaying
	// on the reading goroutine, on two CPUs or fewer). Findings come out in
	// input order whatever the number.
	Workers int
	// Progress, if set, is called with the number of games done so far
	// after the findings of each game are emitted (on the goroutine that
	// calls emit).
	Progress func(games int)
}

// Stream reads PGN games from r one at a time, audits each, and calls emit
// with every finding, in the order of the games. file names the input in
// the findings. Only an error of the underlying reader is returned; a game
// the PGN reader cannot make sense of is a SyntaxError finding and the
// audit goes on with the next game.
func Stream(r io.Reader, file string, opts Options, emit func(Finding)) (Stats, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = max(runtime.GOMAXPROCS(0)-1, 1)
	}
	if workers == 1 {
		return streamSerial(r, file, opts, emit)
	}
	return streamParallel(r, file, opts, workers, emit)
}

// item is one game read, or a syntax error, with its number.
type item struct {
	n   int
	ml  pgn.MainLine
	err *pgn.SyntaxError
}

// next reads the next item into it (reusing its memory); it returns false
// at the end of the input and on an error of the underlying reader (then
// *errp is set).
func next(rd *pgn.Reader, it *item, n *int, errp *error) bool {
	err := rd.ReadMainLine(&it.ml)
	it.err = nil
	if err == nil {
		*n++
		it.n = *n
		return true
	}
	if err == io.EOF {
		return false
	}
	var se *pgn.SyntaxError
	if errors.As(err, &se) {
		*n = se.Game
		it.n, it.err = se.Game, se
		return true
	}
	*errp = err
	return false
}

// item audits one item, appending findings to dst.
func (a *Auditor) item(it *item, file string, dst []Finding, st *Stats) []Finding {
	st.Games++
	if it.err != nil {
		st.Skipped++
		st.count(SyntaxError, 1)
		f := Finding{File: file, Game: it.n, Line: it.err.Line, Kind: SyntaxError, Severity: Error,
			Text: "unreadable PGN, game skipped: " + it.err.Msg}
		return append(dst, f)
	}
	before := len(dst)
	dst, res := a.AuditMainLine(&it.ml, file, it.n, dst)
	st.Plies += res.Plies
	if res.Skipped {
		st.Skipped++
	}
	for _, f := range dst[before:] {
		st.count(f.Kind, 1)
	}
	return dst
}

// auditor returns an Auditor set up as opts says.
func (o Options) auditor() *Auditor {
	a := NewAuditor(o.Rules)
	a.CanMate, a.Deep = o.CanMate, o.Deep
	return a
}

func streamSerial(r io.Reader, file string, opts Options, emit func(Finding)) (Stats, error) {
	var st Stats
	a := opts.auditor()
	rd := pgn.NewReader(r)
	var buf []Finding
	n := 0
	var err error
	var it item
	for next(rd, &it, &n, &err) {
		buf = a.item(&it, file, buf[:0], &st)
		for _, f := range buf {
			emit(f)
		}
		if opts.Progress != nil {
			opts.Progress(st.Games)
		}
	}
	return st, err
}

// batch is a run of consecutive games handed to one worker. Batches are
// used again once their findings are out, with the memory of their games.
type batch struct {
	items    [batchSize]item
	n        int // items used
	findings []Finding
	stats    Stats
	done     chan struct{}
}

const batchSize = 64

// streamParallel reads games on the calling goroutine's helper, audits
// batches of them on workers, and emits the findings in input order. At
// most a few batches per worker are in flight, so memory stays bounded.
func streamParallel(r io.Reader, file string, opts Options, workers int, emit func(Finding)) (Stats, error) {
	work := make(chan *batch, workers)
	order := make(chan *batch, 2*workers)
	// Every batch is in work, order or free, or held by one goroutine, so
	// free never blocks a sender.
	free := make(chan *batch, 3*workers+2)
	var readErr error
	go func() {
		defer close(work)
		defer close(order)
		rd := pgn.NewReader(r)
		n := 0
		for {
			var b *batch
			select {
			case b = <-free:
				b.n, b.findings, b.stats = 0, b.findings[:0], Stats{}
			default:
				b = new(batch)
			}
			b.done = make(chan struct{})
			for b.n < batchSize && next(rd, &b.items[b.n], &n, &readErr) {
				b.n++
			}
			if b.n == 0 {
				return
			}
			last := b.n < batchSize
			order <- b
			work <- b // the worker owns b from here
			if last {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := opts.auditor()
			for b := range work {
				for i := range b.items[:b.n] {
					b.findings = a.item(&b.items[i], file, b.findings, &b.stats)
				}
				close(b.done)
			}
		}()
	}
	var st Stats
	for b := range order {
		<-b.done
		for _, f := range b.findings {
			emit(f)
		}
		st.Add(b.stats)
		if opts.Progress != nil {
			opts.Progress(st.Games)
		}
		select {
		case free <- b:
		default:
		}
	}
	wg.Wait()
	return st, readErr
}

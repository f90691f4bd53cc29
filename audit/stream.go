package audit

import (
	"errors"
	"fmt"
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
	// Workers is the number of goroutines reading and replaying games; 0
	// means one per CPU (GOMAXPROCS). The input is read and cut into
	// chunks of whole games on a goroutine of its own (which also runs the
	// decompressor, if any). Findings come out in input order whatever the
	// number, and they are the same.
	Workers int
	// ChunkSize is the size of the chunks of whole games handed to the
	// workers (0: DefaultChunkSize). It changes neither the findings nor
	// their order.
	ChunkSize int
	// ChunkLimit is the most a chunk holds before the splitter, finding
	// nowhere to cut, hands its text on in pieces to one worker (0:
	// pgn.DefaultChunkLimit(ChunkSize), 1 MiB by default). It changes
	// neither the findings nor their order.
	ChunkLimit int
	// MaxGameBytes is the most text of one game the readers read (0:
	// pgn.DefaultMaxGameBytes, 1 MiB; see pgn.Reader.SetMaxGameBytes). A
	// longer game is a game-too-long finding and is skipped; the games
	// after it are audited as usual. A game can take up to some five times
	// its text in memory while it is read, so this bounds the memory of
	// each worker.
	MaxGameBytes int
	// Progress, if set, is called with the number of games done so far
	// after the findings of each chunk of games are emitted (on the
	// goroutine that calls emit).
	Progress func(games int)
}

// DefaultChunkSize is the size of the chunks of whole games that Stream
// hands to its workers: large enough that handing them out costs next to
// nothing (some 250 games of the benchmark's), small enough that the
// chunks in flight likely stay in the processor's cache between the
// goroutine that reads them and the worker that parses them. With two
// workers, 256 KiB chunks audit about 7% faster than 1 MiB ones and as
// fast as 128 KiB ones; one worker is as fast with any of them.
const DefaultChunkSize = 256 << 10

// Stream reads PGN games from r, audits each, and calls emit with every
// finding, in the order of the games. file names the input in the
// findings. Only an error of the underlying reader is returned, after the
// findings of the games read before it; a game the PGN reader cannot make
// sense of is a SyntaxError finding (GameTooLong for one over
// MaxGameBytes) and the audit goes on with the next game.
//
// One goroutine reads r and cuts it into chunks of whole games
// (pgn.Splitter), Workers goroutines read and audit the chunks, and the
// calling goroutine emits their findings chunk by chunk, in order. At
// most about three chunks per worker are held at once, so memory does not
// grow with the input. The findings are those of one pgn.Reader reading
// the whole input: the game numbers and lines of each chunk are moved on
// by those of the chunks before it. A stretch with nowhere to cut goes to
// one worker in pieces (a run, see pgn.Chunk), whose findings are emitted
// in batches while it is read, so that neither its text nor its findings
// are held whole.
func Stream(r io.Reader, file string, opts Options, emit func(Finding)) (Stats, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Every job is in work, order or free, or held by one goroutine, so
	// free never blocks a sender.
	size := opts.ChunkSize
	if size <= 0 {
		size = DefaultChunkSize
	}
	limit := opts.ChunkLimit
	if limit <= 0 {
		limit = pgn.DefaultChunkLimit(size)
	}
	work := make(chan *job, workers)
	order := make(chan *job, 2*workers)
	free := make(chan *job, 3*workers+3)
	spare := make(chan []byte, 2) // memory of pieces of a run already read
	go func() {
		defer close(work)
		defer close(order)
		sp := pgn.NewSplitter(r, size)
		sp.SetChunkLimit(limit)
		for {
			var j *job
			select {
			case j = <-free:
			default:
				j = new(job)
			}
			c, err := sp.Next(j.buf)
			if err != nil {
				return // io.EOF: read errors come in the last chunk
			}
			j.chunk, j.buf, j.done = c, c.Data, make(chan struct{})
			j.pieces, j.batches = nil, nil
			if c.More {
				j.pieces = make(chan pgn.Chunk, 2)
				j.batches = make(chan []Finding, 1)
			}
			order <- j
			work <- j // a worker owns j from here
			for c.More {
				// The rest of the run, to the worker of j.
				var buf []byte
				select {
				case buf = <-spare:
				default:
				}
				if c, err = sp.Next(buf); err != nil {
					close(j.pieces) // not reached: a run ends with a chunk without More
					return
				}
				j.pieces <- c
			}
			if c.Last {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := opts.auditor()
			var rd pgn.Reader
			rd.SetMaxGameBytes(opts.MaxGameBytes)
			var it item
			for j := range work {
				j.run(a, &rd, &it, file, spare)
				close(j.done)
			}
		}()
	}
	var st Stats
	var readErr error
	games, lines := 0, 0 // in the chunks emitted
	out := func(fs []Finding) {
		for _, f := range fs {
			f.Game += games
			f.Line += lines
			emit(f)
		}
	}
	for j := range order {
		if j.batches != nil {
			for b := range j.batches {
				out(b)
			}
		}
		<-j.done
		out(j.findings)
		st.Add(j.stats)
		games += j.games
		lines += j.lines
		if j.err != nil {
			readErr = j.err
		}
		if opts.Progress != nil {
			opts.Progress(st.Games)
		}
		j.chunk, j.pieces, j.batches = pgn.Chunk{}, nil, nil
		if cap(j.buf) > keepChunk(size, limit) {
			j.buf = nil // a chunk that grew past its size: not kept
		}
		if cap(j.findings) > keepFindings {
			j.findings = nil
		}
		select {
		case free <- j:
		default:
		}
	}
	wg.Wait()
	return st, readErr
}

// keepChunk is the most memory of a chunk a job keeps for the next chunk,
// for chunks of the given size and limit: what the splitter gives a chunk
// that ends before its limit (twice its first allocation, of a size and a
// quarter and a read of 256 KiB, at most), and some. Other memory (a chunk
// grown in another way) is let go.
func keepChunk(size, limit int) int { return max(limit, size) + size + 256<<10 }

// keepFindings is the most findings a job keeps the memory of; it is also
// the size of the batches in which the findings of a run are passed on.
const keepFindings = 4096

// job is one chunk and what its audit found, with game numbers and lines
// counted from the chunk's start. Jobs are used again once their findings
// are out, with the memory of their text and findings.
//
// A job whose chunk starts a run (chunk.More) gets the rest of the run's
// text in pieces, and passes on its findings in batches while it reads
// them (the last ones in findings, as other jobs do).
type job struct {
	chunk    pgn.Chunk
	buf      []byte // the memory of chunk.Data, kept for the next chunk
	findings []Finding
	stats    Stats
	games    int   // games the reader counted, broken ones included
	lines    int   // newlines in the chunk (the run)
	err      error // the read error that ends the input after the chunk
	done     chan struct{}
	pieces   chan pgn.Chunk // the rest of a run, or nil
	batches  chan []Finding // findings of a run read so far, or nil
}

// run audits the games of the chunk with a and rd, reading them into it.
// spare takes the memory of the pieces of a run once they are read.
func (j *job) run(a *Auditor, rd *pgn.Reader, it *item, file string, spare chan<- []byte) {
	j.findings, j.stats, j.games, j.err = j.findings[:0], Stats{}, 0, nil
	ended := true // the last piece of the run has been taken
	if j.pieces != nil {
		var prev []byte // the piece the reader has done with when it asks for the next
		ended = false
		rd.ResetRun(j.chunk, func() pgn.Chunk {
			if prev != nil {
				select {
				case spare <- prev:
				default:
				}
			}
			c := <-j.pieces
			prev, ended = c.Data, !c.More
			return c
		})
	} else {
		rd.ResetChunk(j.chunk)
	}
	for next(rd, it, &j.games, &j.err) {
		j.findings = a.item(it, file, j.findings, &j.stats)
		if j.batches != nil && len(j.findings) >= keepFindings {
			j.batches <- j.findings
			j.findings = nil
		}
	}
	if j.batches != nil {
		close(j.batches)
	}
	for !ended {
		// Not reached (the reader reads a run to its end, where its read
		// error is), but the splitter must not wait on pieces for ever.
		ended = !(<-j.pieces).More
	}
	j.lines = rd.Lines() // read to its end: the chunk's newlines
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
		if n := it.err.Limit; n > 0 {
			st.count(GameTooLong, 1)
			f := Finding{File: file, Game: it.n, Line: it.err.Line, Kind: GameTooLong, Severity: Error,
				Text: fmt.Sprintf("the game's text is longer than %d bytes, the limit on one game the audit reads: game skipped", n)}
			return append(dst, f)
		}
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

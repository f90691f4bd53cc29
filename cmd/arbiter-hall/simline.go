package main

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/creack/pty"

	"github.com/arbiterchess/arbiter/eboard/dgt"
)

// The lines "arbiter-hall eboard --sim" plays its script over.
const (
	// simPTY is a pseudo-terminal: the simulator writes its side, and the
	// reader opens the terminal's side by name as it would a board's
	// serial port (the whole path of a real board, the serial driver's
	// settings included).
	simPTY = "pty"
	// simMemory is an in-process serial line: two byte queues, one each
	// way. It needs nothing of the system, and is the line where there
	// is no pseudo-terminal (Windows).
	simMemory = "memory"
)

// simLine is the line between a simulated board and the reader.
type simLine struct {
	board *dgt.Board         // the reader's end
	sim   io.ReadWriteCloser // the simulator's end
	name  string             // for the log: the terminal's name, or "an in-process line"
	close func()             // closes what the line holds besides the two ends
}

// openSimLine opens a line of the kind asked: simPTY, simMemory, or ""
// for a pseudo-terminal where the system has them and the in-process line
// elsewhere.
func openSimLine(kind string) (*simLine, error) {
	switch kind {
	case "", simPTY:
		ptmx, tty, err := pty.Open()
		if err != nil {
			if kind == "" {
				return memoryLine(), nil
			}
			return nil, fmt.Errorf("pseudo-terminal: %v (--sim-line memory needs none)", err)
		}
		board, err := dgt.Open(tty.Name())
		if err != nil {
			ptmx.Close()
			tty.Close()
			return nil, err
		}
		return &simLine{board: board, sim: ptmx, name: tty.Name(), close: func() { tty.Close(); ptmx.Close() }}, nil
	case simMemory:
		return memoryLine(), nil
	}
	return nil, fmt.Errorf("--sim-line must be %s or %s, not %q", simPTY, simMemory, kind)
}

// memoryLine returns an in-process serial line.
func memoryLine() *simLine {
	toBoard, toSim := newByteQueue(), newByteQueue()
	return &simLine{
		board: dgt.NewBoard(&lineEnd{in: toBoard, out: toSim}),
		sim:   &lineEnd{in: toSim, out: toBoard},
		name:  "an in-process line",
		close: func() {},
	}
}

// lineEnd is one end of an in-process serial line: it reads what the
// other end wrote and writes what the other end reads. Closing either end
// hangs the line up: each end reads what was written before, then EOF,
// and writes fail.
type lineEnd struct{ in, out *byteQueue }

func (e *lineEnd) Read(p []byte) (int, error)  { return e.in.read(p) }
func (e *lineEnd) Write(p []byte) (int, error) { return e.out.write(p) }

// Close hangs the line up.
func (e *lineEnd) Close() error {
	e.in.close()
	e.out.close()
	return nil
}

// byteQueue is one way of an in-process line: a write never waits (a
// serial line's buffer, without its bound: a board's script is short), a
// read waits for bytes or the hang-up.
type byteQueue struct {
	mu     sync.Mutex
	more   *sync.Cond
	buf    []byte
	closed bool
}

func newByteQueue() *byteQueue {
	q := &byteQueue{}
	q.more = sync.NewCond(&q.mu)
	return q
}

func (q *byteQueue) write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return 0, errors.New("the line is hung up")
	}
	q.buf = append(q.buf, p...)
	q.more.Broadcast()
	return len(p), nil
}

func (q *byteQueue) read(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.buf) == 0 && !q.closed {
		q.more.Wait()
	}
	if len(q.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, q.buf)
	q.buf = q.buf[n:]
	if len(q.buf) == 0 {
		q.buf = nil // let a long game's bytes go
	}
	return n, nil
}

func (q *byteQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.more.Broadcast()
	q.mu.Unlock()
}

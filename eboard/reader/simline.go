package reader

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/creack/pty"

	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/eboard/dgt"
)

// The lines a simulated board plays its script over (Config.SimLine).
const (
	// SimPTY is a pseudo-terminal: the simulator writes its side, and the
	// reader opens the terminal's side by name as it would a board's
	// serial port (the whole path of a real board, the serial driver's
	// settings included).
	SimPTY = "pty"
	// SimMemory is an in-process serial line: two byte queues, one each
	// way. It needs nothing of the system, and is the line where there
	// is no pseudo-terminal (Windows).
	SimMemory = "memory"
)

// simLine is the line between a simulated board and the reader.
type simLine struct {
	board *dgt.Board         // the reader's end
	sim   io.ReadWriteCloser // the simulator's end
	name  string             // for the log: the terminal's name, or "an in-process line"
	close func()             // closes what the line holds besides the two ends
}

// openSimLine opens a line of the kind asked: SimPTY, SimMemory, or ""
// for a pseudo-terminal where the system has them and the in-process line
// elsewhere.
func openSimLine(kind string) (*simLine, error) {
	switch kind {
	case "", SimPTY:
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
	case SimMemory:
		return memoryLine(), nil
	}
	return nil, fmt.Errorf("--sim-line must be %s or %s, not %q", SimPTY, SimMemory, kind)
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

// Simulated is the boards of a hall's reader when they are all
// simulated (HallConfig.Sims): each plays a script as a DGT board with
// its serial number, on the port "sim:SERIAL".
type Simulated struct {
	ports []string
	open  func(port string) (*boardLine, error)
}

// SimulateBoards reads the scripts of simulated boards, SERIAL=FILE each
// (the board's serial number, and its script in JSON Lines), to be played
// speed times faster than written over the line kind (SimPTY, SimMemory
// or ""), White on the clock's right if whiteRight.
func SimulateBoards(specs []string, speed float64, kind string, whiteRight bool) (*Simulated, error) {
	scripts := map[string]*eboard.Script{}
	var ports []string
	for _, spec := range specs {
		serial, file, ok := strings.Cut(spec, "=")
		if !ok || serial == "" || file == "" {
			return nil, fmt.Errorf("--sim with --event takes SERIAL=FILE for each board, not %q", spec)
		}
		if _, dup := scripts[serial]; dup {
			return nil, fmt.Errorf("--sim names board %s twice", serial)
		}
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		s, err := eboard.ReadScript(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		scripts[serial] = s
		ports = append(ports, "sim:"+serial)
	}
	open := func(port string) (*boardLine, error) {
		serial := strings.TrimPrefix(port, "sim:")
		script := scripts[serial]
		if script == nil {
			return nil, fmt.Errorf("no simulated board %s", serial)
		}
		return simBoardLine(script, serial, speed, kind, whiteRight)
	}
	return &Simulated{ports: ports, open: open}, nil
}

// simBoardLine opens a line to a simulated board with this serial number
// playing script.
func simBoardLine(script *eboard.Script, serial string, speed float64, kind string, whiteRight bool) (*boardLine, error) {
	line, err := openSimLine(kind)
	if err != nil {
		return nil, err
	}
	played := make(chan struct{})
	var once sync.Once
	sim := &dgt.Sim{Script: script, Speed: speed, Serial: serial, WhiteRight: whiteRight,
		Played: func() { once.Do(func() { close(played) }) }}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { defer close(ran); sim.Run(ctx, line.sim) }()
	return &boardLine{board: line.board, sim: sim, played: played, close: func() {
		cancel()
		line.sim.Close()
		line.board.Close()
		<-ran
		line.close()
	}}, nil
}

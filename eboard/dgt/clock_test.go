package dgt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/protocol"
)

// The status byte as dgtbrd.h gives it: 0x08 the left player's turn,
// 0x10 the right player's; right's time in the first three bytes.
func TestClock_StatusBitsAsInDGTHeader(t *testing.T) {
	m := Message{ID: MsgClock, Data: []byte{0x01, 0x29, 0x59, 0x00, 0x05, 0x07, 0x01 | 0x08}}
	s, ok := m.Clock()
	if !ok || !s.LeftTurn || s.RightTurn || !s.Running || !s.Connected {
		t.Fatalf("state %+v, ok %v: want the left player's turn, running", s, ok)
	}
	if s.Right != time.Hour+29*time.Minute+59*time.Second || s.Left != 5*time.Minute+7*time.Second {
		t.Errorf("right %v, left %v", s.Right, s.Left)
	}
	if got := EncodeClock(s); !bytes.Equal(got.Data, m.Data) {
		t.Errorf("re-encoded % x, want % x", got.Data, m.Data)
	}
	m.Data[6] = 0x10 | 0x20
	if s, _ := m.Clock(); !s.RightTurn || s.LeftTurn || s.Connected {
		t.Errorf("0x30: %+v, want the right player's turn and no clock connected", s)
	}
}

// The flag bits above the hours do not change the time.
func TestClock_HourFlagsAreNoHours(t *testing.T) {
	m := Message{ID: MsgClock, Data: []byte{0x10 | 0x20 | 0x40, 0, 0, 0x21, 0x30, 0, 0x08}}
	s, ok := m.Clock()
	if !ok || s.Right != 0 || s.Left != time.Hour+30*time.Minute {
		t.Errorf("state %+v, ok %v", s, ok)
	}
}

// A Bluetooth board may answer a clock command with a message of zeros,
// which DGT says to ignore: it is no reading.
func TestClock_ZerosAreNoReading(t *testing.T) {
	if s, ok := (Message{ID: MsgClock, Data: make([]byte, 7)}).Clock(); ok {
		t.Errorf("zeros read as %+v", s)
	}
}

// An acknowledgement is known by the nibble 0x0a; its four bytes travel
// with their top bits in bits 4 and 5 of other bytes (dgtbrd.h).
func TestClockAck_PackingAsInDGTHeader(t *testing.T) {
	// ack0 0x10, ack1 0x0a (set-and-run), no top bits.
	m := Message{ID: MsgClock, Data: []byte{0x0a, 0x10, 0x0a, 0x0a, 0, 0, 0}}
	a, ok := m.ClockAck()
	if !ok || !a.OK() || a.Command != ClockSetNRun || a.Unasked() {
		t.Errorf("ack %+v, ok %v", a, ok)
	}
	if _, ok := m.Clock(); ok {
		t.Error("an acknowledgement read as a time report")
	}
	// A button pressed: ack1 0x88 (top bit from bit 5 of byte 3), ack3
	// 0x31; ack2 with its top bit from bit 4 of byte 0.
	m = Message{ID: MsgClock, Data: []byte{0x0a | 0x10, 0x10, 0x08, 0x0a | 0x20, 0x05, 0x31, 0}}
	a, _ = m.ClockAck()
	if a.Command != 0x88 || !a.Unasked() || a.Data != [2]byte{0x85, 0x31} {
		t.Errorf("button ack %+v", a)
	}
	if got := EncodeClockAck(a); !bytes.Equal(got.Data, m.Data) {
		t.Errorf("re-encoded % x, want % x", got.Data, m.Data)
	}
	v := EncodeClockAck(ClockAck{Status: AckOK, Command: ClockVersion, Data: [2]byte{0x21}})
	if a, _ := v.ClockAck(); a.Command != ClockVersion {
		t.Errorf("version ack %+v", a)
	} else if major, minor := a.Version(); major != DGT3000 || minor != 1 {
		t.Errorf("version %d.%d", major, minor)
	}
}

// Set-and-run as dgtbrd.h frames it: 0x2b, size 0x0a, 0x03, 0x0a, left
// h m s, right h m s, the run byte, 0x00.
func TestSetNRun_FramingAsInDGTHeader(t *testing.T) {
	s := SetNRun{Left: time.Hour + 30*time.Minute, Right: 4*time.Minute + 59*time.Second + 600*time.Millisecond, Run: LeftSide}
	want := []byte{0x2b, 0x0a, 0x03, 0x0a, 1, 30, 0, 0, 5, 0, 0x01 | 0x08, 0x00}
	if got := s.Command(); !bytes.Equal(got, want) {
		t.Fatalf("% x, want % x", got, want)
	}
	cmds, rest, skipped := ParseCommands(want)
	if len(cmds) != 1 || len(rest) != 0 || skipped != 0 {
		t.Fatalf("parsed %v, rest % x, skipped %d", cmds, rest, skipped)
	}
	back, ok := cmds[0].SetNRun()
	if !ok || back.Left != s.Left || back.Right != 5*time.Minute || back.Run != LeftSide {
		t.Errorf("read back %v, ok %v", back, ok)
	}
	if got := (SetNRun{Left: -time.Second, Right: 12 * time.Hour}).Command(); !bytes.Equal(got[4:11], []byte{0, 0, 0, 9, 59, 59, 0x04 | 0x08}) {
		t.Errorf("out of range, both standing: % x", got)
	}
	if got := EncodeClockCommand(ClockEnd); !bytes.Equal(got, []byte{0x2b, 0x03, 0x03, 0x03, 0x00}) {
		t.Errorf("end: % x", got)
	}
}

func TestParseCommands_Stream(t *testing.T) {
	var in []byte
	in = append(in, Reset, SendBoard)
	in = append(in, LEDCommand(1, 52, 52)...)
	in = append(in, 0x2b, 0x05, 0x03, 0x0b, 0x10, 0x00) // a beep, size wrong: 0x2b skipped, the rest are one-byte commands
	in = append(in, EncodeClockCommand(ClockBeep, 16)...)
	in = append(in, UpdateAll)
	in = append(in, SetNRun{Left: time.Minute}.Command()[:7]...) // cut short
	cmds, rest, skipped := ParseCommands(in)
	var codes []string
	for _, c := range cmds {
		codes = append(codes, fmt.Sprintf("%02x", c.Code))
	}
	if got := strings.Join(codes, " "); got != "40 42 60 05 03 0b 10 00 2b 43" || skipped != 1 || len(rest) != 7 {
		t.Errorf("commands %s, skipped %d, rest % x", got, skipped, rest)
	}
	if sub, content, ok := cmds[8].Clock(); !ok || sub != ClockBeep || !bytes.Equal(content, []byte{16}) {
		t.Errorf("beep: %x % x %v", sub, content, ok)
	}
	var p CommandParser
	var got []Command
	for _, b := range in {
		got = append(got, p.Feed([]byte{b})...)
	}
	if len(got) != len(cmds) || p.Skipped() != 1 {
		t.Errorf("byte by byte: %d commands, skipped %d", len(got), p.Skipped())
	}
}

// ackLine is a board whose clock the test answers by hand.
type ackLine struct {
	board *Board
	far   net.Conn
}

func newAckLine(t *testing.T) ackLine {
	t.Helper()
	a, b := net.Pipe()
	board := NewBoard(b)
	board.AckTimeout = 2 * time.Second
	go func() {
		for {
			if _, err := board.Read(); err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { board.Close(); a.Close() })
	return ackLine{board, a}
}

// readCommand reads one command from the far end of the line, or fails
// the test after d.
func (l ackLine) readCommand(t *testing.T, d time.Duration) (Command, bool) {
	t.Helper()
	var p CommandParser
	buf := make([]byte, 64)
	l.far.SetReadDeadline(time.Now().Add(d))
	defer l.far.SetReadDeadline(time.Time{})
	for {
		n, err := l.far.Read(buf)
		if cmds := p.Feed(buf[:n]); len(cmds) > 0 {
			return cmds[0], true
		}
		if err != nil {
			return Command{}, false
		}
	}
}

// DGT: a host must wait for a clock command's acknowledgement before it
// sends the next. Two SetClock calls at once: the second command goes out
// only once the first is acknowledged.
func TestBoard_ClockCommandsOneAtATime(t *testing.T) {
	l := newAckLine(t)
	errs := make(chan error, 2)
	for _, s := range []SetNRun{{Left: time.Minute, Run: LeftSide}, {Right: time.Minute, Run: RightSide}} {
		go func() { errs <- l.board.SetClock(context.Background(), s) }()
	}
	first, ok := l.readCommand(t, time.Second)
	if _, isSet := first.SetNRun(); !ok || !isSet {
		t.Fatalf("first command %v", first)
	}
	if c, ok := l.readCommand(t, 300*time.Millisecond); ok {
		t.Fatalf("a second command %v before the first was acknowledged", c)
	}
	// An acknowledgement the clock sends of itself is not the answer.
	l.far.Write(EncodeClockAck(ClockAck{Status: AckOK, Command: 0x88}).Bytes())
	if c, ok := l.readCommand(t, 200*time.Millisecond); ok {
		t.Fatalf("a second command %v after an unasked acknowledgement", c)
	}
	l.far.Write(EncodeClockAck(ClockAck{Status: AckOK, Command: ClockSetNRun}).Bytes())
	second, ok := l.readCommand(t, time.Second)
	if !ok || bytes.Equal(second.Bytes(), first.Bytes()) {
		t.Fatalf("second command %v", second)
	}
	l.far.Write(EncodeClockAck(ClockAck{Status: AckOK, Command: ClockSetNRun}).Bytes())
	for range 2 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestBoard_ClockRefusalAndSilence(t *testing.T) {
	l := newAckLine(t)
	l.board.AckTimeout = 200 * time.Millisecond
	errc := make(chan error, 1)
	go func() { errc <- l.board.SetClock(context.Background(), SetNRun{Run: LeftSide}) }()
	l.readCommand(t, time.Second)
	l.far.Write(EncodeClockAck(ClockAck{Status: AckError, Command: ClockSetNRun}).Bytes())
	var refused *ClockError
	if err := <-errc; !errors.As(err, &refused) || !strings.Contains(err.Error(), "mode 23") {
		t.Errorf("refusal: %v", err)
	}
	go func() { errc <- l.board.SetClock(context.Background(), SetNRun{Run: LeftSide}) }()
	l.readCommand(t, time.Second)
	if err := <-errc; !errors.Is(err, ErrNoAck) || !strings.Contains(err.Error(), "UpdateAll") {
		t.Errorf("silence: %v", err)
	}
	if _, err := l.board.ClockCommand(context.Background(), []byte{SendBoard}); err == nil {
		t.Error("a one-byte command taken for a clock command")
	}
}

// ptyGame plays a script on a simulated board over a pseudo-terminal, as
// "arbiter-hall eboard --sim" does, and returns the actions the translator
// makes of it, the events Watch sent, and the sim. setUp, if set, runs
// once the game begins (Ready), in a goroutine.
func ptyGame(t *testing.T, script string, whiteRight, clock bool, setUp func(*Board, *Sim)) ([]protocol.Action, []eboard.Event, *Sim) {
	t.Helper()
	sc, err := eboard.ReadScript(strings.NewReader(script))
	if err != nil {
		t.Fatal(err)
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	board, err := Open(tty.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer board.Close()
	ctx, cancel := context.WithCancel(context.Background())
	stop, stopNow := context.WithCancel(context.Background())
	sim := &Sim{Script: sc, Speed: 4, Played: stopNow, WhiteRight: whiteRight}
	simDone := make(chan error, 1)
	go func() { simDone <- sim.Run(ctx, ptmx) }()
	defer func() { cancel(); ptmx.Close(); <-simDone }()
	pos, _ := eboard.Position(sc.Start)
	events := make(chan eboard.Event, 64)
	werr := make(chan error, 1)
	var setDone sync.WaitGroup
	opt := WatchOptions{Start: PositionBoard(pos), Stamp: sim.Stamp, Turn: pos.Turn(), WhiteRight: whiteRight, Clock: clock, Times: true, Timeout: 2 * time.Second}
	if setUp != nil {
		opt.Ready = func() {
			setDone.Add(1)
			go func() { defer setDone.Done(); setUp(board, sim) }()
		}
	}
	go func() { werr <- board.Watch(stop, opt, events) }()
	tr, err := eboard.New(sc.Start, eboard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var seen []eboard.Event
	tap := make(chan eboard.Event)
	go func() {
		defer close(tap)
		for e := range events {
			seen = append(seen, e)
			tap <- e
		}
	}()
	var got []protocol.Action
	if err := eboard.Run(context.Background(), tr, tap, sim, func(a protocol.Action) error { got = append(got, a); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
	setDone.Wait()
	return got, seen, sim
}

func timesOf(as []protocol.Action) string {
	var parts []string
	for _, a := range as {
		s := a.By[:1] + " " + a.Act
		if a.Times != nil {
			s += fmt.Sprintf(" %d/%d", a.Times.White/1000, a.Times.Black/1000)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

const clockScript = `{"start": {"clock": {"white": 300, "black": 300}}}
{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 3000, "clock": "white"}
{"t": 4000, "sq": "e7", "piece": ""}
{"t": 4300, "sq": "e5", "piece": "p"}
{"t": 6500, "clock": "black"}
`

// Laws K5: the times of a clock connected to the board are the clock of
// record. Over a pseudo-terminal, the simulated DGT3000's times (0x8d,
// every second and at each press) go into the actions: the press carries
// what the clock showed at it, the other actions the last reading, White's
// clock running from t 0, on either side of the clock.
func TestSimPTY_K5_ClockTimesGoIntoActions(t *testing.T) {
	want := "w lift 299/300, w drop 299/300, w clock 297/300, b lift 297/299, b drop 297/299, b clock 297/296"
	for _, whiteRight := range []bool{false, true} {
		got, events, _ := ptyGame(t, clockScript, whiteRight, true, nil)
		if timesOf(got) != want {
			t.Errorf("White on the right %v:\n got  %s\n want %s", whiteRight, timesOf(got), want)
		}
		readings := 0
		for _, e := range events {
			if e.Reading() {
				readings++
			}
		}
		if readings != 7 { // t 0..6000, one a second; the presses come as presses
			t.Errorf("White on the right %v: %d readings", whiteRight, readings)
		}
	}
}

// Laws K5: the arbiter's software sets the clock. Over a pseudo-terminal
// a set-and-run goes to the simulated DGT3000 at the start of the game,
// is acknowledged, and the later time reports show it: White's 100
// seconds running, Black's 200 standing until White presses. The set
// does not read as a press.
func TestSimPTY_K5_SetAndRunAcknowledgedAndReported(t *testing.T) {
	set := SetNRun{Left: 100 * time.Second, Right: 200 * time.Second, Run: LeftSide}
	var setErr error
	var version [2]int
	got, events, sim := ptyGame(t, clockScript, false, true, func(b *Board, _ *Sim) {
		var err error
		if version[0], version[1], err = b.ClockVersion(context.Background()); err != nil {
			setErr = err
			return
		}
		setErr = b.SetClock(context.Background(), set)
	})
	if setErr != nil {
		t.Fatal(setErr)
	}
	if version[0] != DGT3000 {
		t.Errorf("clock version %v, want a DGT3000", version)
	}
	cmds := sim.ClockCommands()
	if len(cmds) != 2 || !bytes.Equal(cmds[1].Bytes(), set.Command()) {
		t.Fatalf("the sim received %v", cmds)
	}
	// After the set (at t 0 and a few ms), every reading shows it:
	// White's clock running until his press at 3000, Black's from then
	// on (to the second the clock shows, and the few ms of the set).
	var after []string
	near := func(got, want int64) bool { return got <= want && got >= want-1000 }
	for _, e := range events {
		if e.T < 1000 || e.Times == nil {
			continue
		}
		w, b := e.Times.White, e.Times.Black
		wantW, wantB := 100000-min(e.T, 3000), 200000-max(0, e.T-3000)
		if !near(w, wantW) || !near(b, wantB) {
			after = append(after, fmt.Sprintf("t %d: %d/%d, want %d/%d", e.T, w, b, wantW, wantB))
		}
	}
	if len(after) > 0 {
		t.Errorf("readings after the set do not show it: %v", after)
	}
	if n := strings.Count(timesOf(got), "clock"); n != 2 {
		t.Errorf("%d clock actions, want the two presses only: %s", n, timesOf(got))
	}
	if a := got[2]; a.Act != protocol.ClockPress || a.Times == nil || a.Times.Black != 200000 || a.Times.White > 97000 || a.Times.White < 96000 {
		t.Errorf("White's press: %+v %+v", a, a.Times)
	}
}

// A set-and-run that makes the other side's clock run is no press, and
// the presses after it are read from the new turn.
func TestSimPTY_SetAndRunChangingTheTurnIsNoPress(t *testing.T) {
	script := `{"start": {"clock": {"white": 300, "black": 300}}}
{"t": 1000, "sq": "e2", "piece": ""}
{"t": 1300, "sq": "e4", "piece": "P"}
{"t": 3000, "clock": "black"}
{"t": 5000, "clock": "white"}
`
	got, _, _ := ptyGame(t, script, false, true, func(b *Board, _ *Sim) {
		if err := b.SetClock(context.Background(), SetNRun{Left: 300 * time.Second, Right: 300 * time.Second, Run: RightSide}); err != nil {
			t.Error(err)
		}
	})
	var presses []string
	for _, a := range got {
		if a.Act == protocol.ClockPress {
			presses = append(presses, a.By)
		}
	}
	if strings.Join(presses, " ") != "black white" {
		t.Errorf("presses %v, want black's and white's only: %s", presses, timesOf(got))
	}
}

// The board acknowledges clock commands only in UpdateAll (or
// UpdateNice) mode: in UpdateBoard mode SetClock says so after
// AckTimeout.
func TestSimPTY_SetClockNeedsUpdateAll(t *testing.T) {
	var setErr error
	ptyGame(t, clockScript, false, false, func(b *Board, _ *Sim) {
		b.AckTimeout = 300 * time.Millisecond
		setErr = b.SetClock(context.Background(), SetNRun{Left: time.Minute, Right: time.Minute, Run: LeftSide})
	})
	if !errors.Is(setErr, ErrNoAck) {
		t.Errorf("got %v, want ErrNoAck", setErr)
	}
}

// A script's times line sets the simulated clock; the clock runs on from
// there.
func TestSim_TimesLineSetsTheClock(t *testing.T) {
	script := `{"start": {"clock": {"white": 300, "black": 300}}}
{"t": 1500, "times": {"white": 60000, "black": 120000}}
{"t": 3000, "clock": "white"}
`
	got, events, _ := ptyGame(t, script, false, true, nil)
	var readings []string
	for _, e := range events {
		if e.Times != nil {
			readings = append(readings, fmt.Sprintf("%d %d/%d", e.T, e.Times.White/1000, e.Times.Black/1000))
		}
	}
	if want := "0 300/300, 1000 299/300, 1500 60/120, 2000 59/120, 3000 58/120, 3000 58/120"; strings.Join(readings, ", ") != want {
		t.Errorf("readings %s\nwant     %s", strings.Join(readings, ", "), want)
	}
	if timesOf(got) != "w clock 58/120" {
		t.Errorf("actions %s", timesOf(got))
	}
}

func TestSideOf(t *testing.T) {
	if SideOf(chess.White, false) != LeftSide || SideOf(chess.Black, false) != RightSide || SideOf(chess.White, true) != RightSide {
		t.Error("sides")
	}
}

package dgt

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/eboard"
	"github.com/arbiterchess/arbiter/protocol"
)

func TestField_Numbering(t *testing.T) {
	for _, c := range []struct {
		sq chess.Square
		f  Field
	}{{chess.A8, 0}, {chess.H8, 7}, {chess.A7, 8}, {chess.E2, 52}, {chess.A1, 56}, {chess.H1, 63}} {
		if got := FieldOf(c.sq); got != c.f {
			t.Errorf("FieldOf(%v) = %d, want %d", c.sq, got, c.f)
		}
		if got := c.f.Square(); got != c.sq {
			t.Errorf("Field(%d).Square() = %v, want %v", c.f, got, c.sq)
		}
	}
	for sq := range chess.Square(64) {
		if FieldOf(sq).Square() != sq {
			t.Fatalf("round trip of %v", sq)
		}
	}
}

func TestCode_Pieces(t *testing.T) {
	want := "PRNBKQprnbkq"
	for c := WhitePawn; c <= BlackQueen; c++ {
		p := c.Piece()
		if p.FEN() != string(want[c-1]) || CodeOf(p) != c || !c.Known() || !c.Occupied() {
			t.Errorf("code %d: piece %v", c, p)
		}
	}
	if Empty.Occupied() || Empty.Piece() != chess.NoPiece || CodeOf(chess.NoPiece) != Empty {
		t.Error("empty")
	}
	if !Unidentified.Occupied() || Unidentified.Known() || Unidentified.Piece() != chess.NoPiece {
		t.Error("unidentified")
	}
}

func TestParse_FieldUpdate(t *testing.T) {
	msgs, rest, skipped := Parse([]byte{0x8e, 0x00, 0x05, 52, 0x00, 0x8e, 0x00, 0x05, 36, 0x01})
	if len(msgs) != 2 || len(rest) != 0 || skipped != 0 {
		t.Fatalf("got %v, rest %x, skipped %d", msgs, rest, skipped)
	}
	f, c, ok := msgs[1].FieldUpdate()
	if !ok || f.Square() != chess.E4 || c != WhitePawn {
		t.Errorf("second update: %v %d", f.Square(), c)
	}
}

func TestParse_BoardDump_StartPosition(t *testing.T) {
	want := PositionBoard(chess.StartPosition())
	b := EncodeBoardDump(want).Bytes()
	if len(b) != 67 || b[0] != 0x86 || b[1] != 0 || b[2] != 67 {
		t.Fatalf("header % x", b[:3])
	}
	if b[3] != byte(BlackRook) || b[3+4] != byte(BlackKing) || b[3+63] != byte(WhiteRook) || b[3+60] != byte(WhiteKing) {
		t.Errorf("a8 first, h1 last: % x", b[3:])
	}
	msgs, _, _ := Parse(b)
	got, ok := msgs[0].BoardDump()
	if !ok || got != want {
		t.Errorf("dump %v", got)
	}
}

func TestParse_SizeIsTwoSevenBitBytes(t *testing.T) {
	// An EE moves message of 300 bytes: size 300 = 2<<7 | 44.
	data := bytes.Repeat([]byte{0x6b}, 297)
	b := append([]byte{0x8f, 2, 44}, data...)
	msgs, rest, skipped := Parse(b)
	if len(msgs) != 1 || len(msgs[0].Data) != 297 || len(rest) != 0 || skipped != 0 {
		t.Fatalf("got %d messages, rest %d, skipped %d", len(msgs), len(rest), skipped)
	}
	if !bytes.Equal(msgs[0].Bytes(), b) {
		t.Error("re-encoding differs")
	}
}

func TestParse_Garbage(t *testing.T) {
	upd := EncodeFieldUpdate(FieldOf(chess.E4), WhitePawn).Bytes()
	b := append([]byte{0x00, 0x13, 0x7f, 0xff, 0x81}, upd...)
	msgs, rest, skipped := Parse(b)
	if len(msgs) != 1 || len(rest) != 0 || skipped != 5 {
		t.Errorf("got %v, rest %x, skipped %d", msgs, rest, skipped)
	}
}

func TestParse_TruncatedThenValid(t *testing.T) {
	upd := EncodeFieldUpdate(FieldOf(chess.E4), WhitePawn).Bytes()
	b := append([]byte{0x86, 0x00, 67, 1, 2, 3}, upd...) // a dump cut short
	msgs, _, skipped := Parse(b)
	if len(msgs) != 1 || msgs[0].ID != MsgFieldUpdate || skipped != 6 {
		t.Errorf("got %v, skipped %d", msgs, skipped)
	}
}

func TestParse_WrongSize(t *testing.T) {
	upd := EncodeFieldUpdate(FieldOf(chess.E4), WhitePawn).Bytes()
	for _, bad := range [][]byte{
		{0x8e, 0x00, 0x06, 1, 2, 3},  // a field update is 5 bytes
		{0x8e, 0x00, 0x02},           // smaller than its header
		{0x8e, 0x80, 0x05, 1, 2},     // a size byte with the top bit set
		{0x8e, 0x00, 0x05, 64, 1},    // no field 64
		{0x8e, 0x00, 0x05, 1, 16},    // no piece code 16
		{0x93, 0x7f, 0x7f, 0x01},     // a version of 16383 bytes
		{0x86, 0x00, 67, 0x10, 0x00}, // a dump with piece code 16
	} {
		msgs, _, _ := Parse(append(append([]byte(nil), bad...), upd...))
		if len(msgs) == 0 || msgs[len(msgs)-1].ID != MsgFieldUpdate || len(msgs) > 1 && bad[0] == 0x8e {
			t.Errorf("% x: got %v", bad, msgs)
		}
	}
}

func TestParse_Incomplete(t *testing.T) {
	upd := EncodeFieldUpdate(FieldOf(chess.E4), WhitePawn).Bytes()
	for n := range len(upd) {
		msgs, rest, skipped := Parse(upd[:n])
		if len(msgs) != 0 || !bytes.Equal(rest, upd[:n]) || skipped != 0 {
			t.Errorf("%d bytes: got %v, rest %x, skipped %d", n, msgs, rest, skipped)
		}
	}
}

func TestParser_ByteByByte(t *testing.T) {
	var stream []byte
	stream = append(stream, EncodeBoardDump(PositionBoard(chess.StartPosition())).Bytes()...)
	stream = append(stream, 0x55, 0xaa)
	stream = append(stream, EncodeFieldUpdate(52, Empty).Bytes()...)
	stream = append(stream, EncodeClock(ClockState{Left: 90 * time.Minute, Right: 89*time.Minute + 59*time.Second, Connected: true, RightTurn: true}).Bytes()...)
	stream = append(stream, EncodeVersion(1, 7).Bytes()...)
	var p Parser
	var got []Message
	for _, c := range stream {
		got = append(got, p.Feed([]byte{c})...)
	}
	if len(got) != 4 || p.Skipped() != 2 {
		t.Fatalf("got %d messages, skipped %d", len(got), p.Skipped())
	}
	s, ok := got[2].Clock()
	if !ok || s.Left != 90*time.Minute || s.Right != 89*time.Minute+59*time.Second || !s.RightTurn || s.LeftTurn || !s.Connected {
		t.Errorf("clock %+v", s)
	}
	if maj, min, ok := got[3].Version(); !ok || maj != 1 || min != 7 {
		t.Errorf("version %d.%d", maj, min)
	}
}

func TestClock_AckIsNoState(t *testing.T) {
	m := Message{ID: MsgClock, Data: []byte{0x0a, 0x10, 0x01, 0x00, 0x00, 0x00, 0x00}}
	if _, ok := m.Clock(); ok {
		t.Error("an acknowledgement is not a clock state")
	}
}

func TestSerialNumber(t *testing.T) {
	m := EncodeSerialNumber("123")
	if s, ok := m.SerialNumber(); !ok || s != "00123" || len(m.Bytes()) != 8 {
		t.Errorf("serial %q", s)
	}
}

func TestLEDCommand(t *testing.T) {
	if got := LEDCommand(1, FieldOf(chess.E2), FieldOf(chess.E2)); !bytes.Equal(got, []byte{0x60, 0x04, 0x01, 52, 52, 0x00}) {
		t.Errorf("% x", got)
	}
	var buf bytes.Buffer
	l := LEDs{W: &buf}
	if err := l.Show([]chess.Square{chess.E2, chess.E4}); err != nil {
		t.Fatal(err)
	}
	want := []byte{0x60, 4, 0, 0, 63, 0, 0x60, 4, 1, 52, 52, 0, 0x60, 4, 1, 36, 36, 0}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("show: % x", buf.Bytes())
	}
	buf.Reset()
	l.Clear()
	if !bytes.Equal(buf.Bytes(), want[:6]) {
		t.Errorf("clear: % x", buf.Bytes())
	}
}

func TestDifferences(t *testing.T) {
	start := PositionBoard(chess.StartPosition())
	b := start
	b[FieldOf(chess.E2)] = Empty
	b[FieldOf(chess.D2)] = Unidentified
	if d := b.Differences(start); len(d) != 1 || d[0] != chess.E2 {
		t.Errorf("differences %v", d)
	}
}

// playOverPipe runs a sim and a watching board over an in-memory line and
// returns the actions the translator makes of it.
// With wall set, events are stamped on arrival as for a real board;
// otherwise with the sim's own clock.
func playOverPipe(t *testing.T, script string, speed float64, wall bool) ([]protocol.Action, *Sim) {
	t.Helper()
	sc, err := eboard.ReadScript(strings.NewReader(script))
	if err != nil {
		t.Fatal(err)
	}
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	played := make(chan struct{})
	sim := &Sim{Script: sc, Speed: speed, Played: func() { close(played) }}
	go sim.Run(ctx, a)
	board := NewBoard(b)
	defer board.Close()
	pos, _ := eboard.Position(sc.Start)
	var clock eboard.Clock = sim
	stamp := sim.Stamp
	if wall {
		tl := eboard.Timeline{Zero: time.Now(), Speed: speed}
		clock, stamp = tl, func(_ int, at time.Time) int64 { return tl.Of(at) }
	}
	stop, stopNow := context.WithCancel(context.Background())
	events := make(chan eboard.Event, 16)
	werr := make(chan error, 1)
	go func() {
		werr <- board.Watch(stop, WatchOptions{Start: PositionBoard(pos), Stamp: stamp, Turn: pos.Turn(), Timeout: 2 * time.Second}, events)
	}()
	go func() { <-played; stopNow() }()
	tr, err := eboard.New(sc.Start, eboard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []protocol.Action
	err = eboard.Run(context.Background(), tr, events, clock, func(a protocol.Action) error {
		got = append(got, a)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
	return got, sim
}

func brief(as []protocol.Action) string {
	var parts []string
	for _, a := range as {
		s := a.By[:1] + " " + a.Act
		if a.Sq != "" {
			s += " " + a.Sq
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func TestSim_OverALine(t *testing.T) {
	script := `{"t": 1000, "sq": "e4", "piece": "P"}
{"t": 1000, "sq": "e2", "piece": ""}
{"t": 2000, "clock": "white"}
{"t": 3000, "sq": "e7", "piece": ""}
{"t": 3250, "sq": "e5", "piece": "p"}
{"t": 4500, "clock": "black"}
`
	for _, wall := range []bool{false, true} {
		got, _ := playOverPipe(t, script, 10, wall)
		if want := "w lift e2, w drop e4, w clock, b lift e7, b drop e5, b clock"; brief(got) != want {
			t.Errorf("wall clock %v: got  %s\nwant %s", wall, brief(got), want)
		}
	}
}

func TestSim_OccupancyBoard(t *testing.T) {
	script := `{"t": 1000, "sq": "g1", "piece": ""}
{"t": 1250, "sq": "f3", "piece": "?"}
`
	got, _ := playOverPipe(t, script, 10, false)
	if want := "w lift g1, w drop f3"; brief(got) != want {
		t.Errorf("got  %s\nwant %s", brief(got), want)
	}
}

func TestSim_RecordsLEDs(t *testing.T) {
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	sim := &Sim{Script: &eboard.Script{}}
	done := make(chan error)
	go func() { done <- sim.Run(ctx, a) }()
	board := NewBoard(b)
	if err := (LEDs{W: board}).Show([]chess.Square{chess.E2}); err != nil {
		t.Fatal(err)
	}
	board.Send(SendBoard)
	if m, err := board.Read(); err != nil || m.ID != MsgBoardDump {
		t.Fatalf("read %v, %v", m, err)
	}
	cancel()
	board.Close()
	<-done
	if got := sim.LEDs(); len(got) != 2 || got[1][3] != 52 {
		t.Errorf("LEDs %v", got)
	}
}

func TestWatch_WaitsForTheStartPosition(t *testing.T) {
	// The board stands in the initial position; the game starts after
	// 1.e4, so the players first set the pawn on e4.
	sc, err := eboard.ReadScript(strings.NewReader(`{"t": 100, "sq": "e2", "piece": ""}
{"t": 300, "sq": "e4", "piece": "P"}
{"t": 2000, "sq": "g8", "piece": ""}
{"t": 2300, "sq": "f6", "piece": "n"}
`))
	if err != nil {
		t.Fatal(err)
	}
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop, stopNow := context.WithCancel(context.Background())
	sim := &Sim{Script: sc, Speed: 20, Played: stopNow}
	go sim.Run(ctx, a)
	board := NewBoard(b)
	defer board.Close()
	afterE4 := protocol.Start{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}
	pos, _ := eboard.Position(afterE4)
	var logs []string
	events := make(chan eboard.Event, 16)
	werr := make(chan error, 1)
	go func() {
		werr <- board.Watch(stop, WatchOptions{Start: PositionBoard(pos), Stamp: sim.Stamp, Turn: pos.Turn(),
			Log: func(m string) { logs = append(logs, m) }}, events)
	}()
	got, err := eboard.New(afterE4, eboard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var as []protocol.Action
	if err := eboard.Run(context.Background(), got, events, sim, func(a protocol.Action) error { as = append(as, a); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
	if brief(as) != "b lift g8, b drop f6" {
		t.Errorf("actions %s", brief(as))
	}
	if len(logs) != 2 || !strings.Contains(logs[0], "e4") || logs[1] != "start position set" {
		t.Errorf("logs %q", logs)
	}
}

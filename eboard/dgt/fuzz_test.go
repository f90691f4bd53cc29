package dgt

import (
	"bytes"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// FuzzParse feeds the parser arbitrary bytes. It must never panic; every
// message it returns must be a piece of the input, re-encoding to the very
// bytes it came from; feeding the bytes in pieces must give what one call
// gives; and a valid message after any garbage must be found.
func FuzzParse(f *testing.F) {
	f.Add([]byte{0x8e, 0x00, 0x05, 52, 0x00})
	f.Add(EncodeBoardDump(PositionBoard(chess.StartPosition())).Bytes())
	f.Add([]byte{0x86, 0x00, 67, 1, 2, 3, 0x8e, 0x00, 0x05})
	f.Add([]byte{0x8f, 0x7f, 0x7f, 0x00})
	f.Add([]byte{0x8d, 0x00, 0x0a, 0x0a, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{0x93, 0x00, 0x05, 0x01})
	// The clock's messages: a time report with flag bits over the hours
	// and the right player's turn, a message of zeros, acknowledgements of
	// set-and-run and of the version, an unasked one (a button) with top
	// bits packed into bytes 0 and 3, and an error.
	f.Add([]byte{0x8d, 0x00, 0x0a, 0x71, 0x29, 0x59, 0x00, 0x05, 0x07, 0x11})
	f.Add([]byte{0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0})
	f.Add(EncodeClockAck(ClockAck{Status: AckOK, Command: ClockSetNRun}).Bytes())
	f.Add(EncodeClockAck(ClockAck{Status: AckOK, Command: ClockVersion, Data: [2]byte{0x21}}).Bytes())
	f.Add([]byte{0x8d, 0x00, 0x0a, 0x1a, 0x10, 0x08, 0x2a, 0x05, 0x31, 0x00})
	f.Add(EncodeClockAck(ClockAck{Status: AckError, Command: ClockSetNRun}).Bytes())
	f.Add(append(EncodeClock(ClockState{Left: time.Minute, Right: 2 * time.Minute, Running: true, LeftTurn: true, Connected: true}).Bytes(),
		EncodeClockAck(ClockAck{Status: AckOK, Command: ClockSetNRun}).Bytes()...))
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs, rest, skipped := Parse(data)
		used := len(rest) + skipped
		for _, m := range msgs {
			b := m.Bytes()
			used += len(b)
			if !bytes.Contains(data, b) {
				t.Fatalf("message % x is not in the input", b)
			}
			m.FieldUpdate()
			m.BoardDump()
			_, isState := m.Clock()
			a, isAck := m.ClockAck()
			if isState && isAck {
				t.Fatalf("% x is both a clock state and an acknowledgement", b)
			}
			if isAck {
				if back, ok := EncodeClockAck(a).ClockAck(); !ok || back != a {
					t.Fatalf("acknowledgement %+v re-encoded reads %+v", a, back)
				}
			}
			m.Version()
			m.SerialNumber()
			_ = m.String()
		}
		if used != len(data) {
			t.Fatalf("%d bytes accounted for, %d given", used, len(data))
		}

		// In pieces, cut where the data says.
		var p Parser
		var got []Message
		for i := 0; i < len(data); {
			n := 1 + int(data[i])%7
			got = append(got, p.Feed(data[i:min(i+n, len(data))])...)
			i += n
		}
		if len(got) != len(msgs) {
			t.Fatalf("in pieces: %d messages, at once: %d", len(got), len(msgs))
		}
		for i := range got {
			if !bytes.Equal(got[i].Bytes(), msgs[i].Bytes()) {
				t.Fatalf("message %d differs in pieces", i)
			}
		}

		// Resynchronisation.
		valid := EncodeFieldUpdate(FieldOf(chess.E4), WhitePawn).Bytes()
		all, _, _ := Parse(append(append([]byte(nil), data...), valid...))
		if len(all) == 0 || !bytes.Equal(all[len(all)-1].Bytes(), valid) {
			t.Fatalf("the valid message after % x was not found", data)
		}
	})
}

// FuzzParseCommands feeds the parser of the computer's commands (what the
// simulator reads) arbitrary bytes. It must never panic; every command it
// returns must be a piece of the input; every byte must be a command, the
// tail or skipped; feeding the bytes in pieces must give what one call
// gives; and a set-and-run it reads must read the same once re-encoded.
func FuzzParseCommands(f *testing.F) {
	f.Add([]byte{Reset, SendBoard, UpdateAll})
	f.Add(LEDCommand(1, 52, 52))
	f.Add(SetNRun{Left: 90 * time.Minute, Right: 89 * time.Minute, Run: LeftSide}.Command())
	f.Add(SetNRun{Run: NoSide}.Command())
	f.Add(EncodeClockCommand(ClockVersion))
	f.Add(EncodeClockCommand(ClockBeep, 16))
	f.Add(EncodeClockCommand(ClockASCII, 'D', 'G', 'T', ' ', '3', '0', '0', '0', 0))
	f.Add([]byte{0x2b, 0x05, 0x03, 0x0b, 0x10, 0x00, 0x2b})
	f.Add([]byte{0x2b, 0x0a, 0x03, 0x0a, 0x1f, 0x7f, 0x7f, 0x00, 0x3c, 0x00, 0x0f, 0x00})
	f.Add([]byte{0x60, 0x04, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		cmds, rest, skipped := ParseCommands(data)
		used := len(rest) + skipped
		for _, c := range cmds {
			b := c.Bytes()
			used += len(b)
			if !bytes.Contains(data, b) {
				t.Fatalf("command % x is not in the input", b)
			}
			c.Clock()
			if s, ok := c.SetNRun(); ok {
				again, _, _ := ParseCommands(s.Command())
				if len(again) != 1 {
					t.Fatalf("set-and-run %v re-encoded: %v", s, again)
				}
				if back, ok := again[0].SetNRun(); !ok || back != s {
					t.Fatalf("set-and-run %v re-encoded reads %v", s, back)
				}
			}
		}
		if used != len(data) {
			t.Fatalf("%d bytes accounted for, %d given", used, len(data))
		}
		var p CommandParser
		var got []Command
		for i := 0; i < len(data); {
			n := 1 + int(data[i])%5
			got = append(got, p.Feed(data[i:min(i+n, len(data))])...)
			i += n
		}
		if len(got) != len(cmds) || p.Skipped() != skipped {
			t.Fatalf("in pieces: %d commands, %d skipped; at once: %d, %d", len(got), p.Skipped(), len(cmds), skipped)
		}
		for i := range got {
			if !bytes.Equal(got[i].Bytes(), cmds[i].Bytes()) {
				t.Fatalf("command %d differs in pieces", i)
			}
		}
	})
}

// FuzzClockAck: every acknowledgement survives the packing of its top
// bits into a clock message, which reads as no time report and parses
// from the line.
func FuzzClockAck(f *testing.F) {
	f.Add(AckOK, ClockSetNRun, byte(0), byte(0))
	f.Add(AckError, ClockSetNRun, byte(0), byte(0))
	f.Add(AckOK, byte(0x88), byte(0x85), byte(0x31))
	f.Add(byte(0xff), byte(0xff), byte(0xff), byte(0xff))
	f.Fuzz(func(t *testing.T, status, command, d0, d1 byte) {
		a := ClockAck{Status: status, Command: command, Data: [2]byte{d0, d1}}
		m := EncodeClockAck(a)
		msgs, rest, skipped := Parse(m.Bytes())
		if len(msgs) != 1 || len(rest) != 0 || skipped != 0 {
			t.Fatalf("% x parses as %v, rest % x, skipped %d", m.Bytes(), msgs, rest, skipped)
		}
		if back, ok := msgs[0].ClockAck(); !ok || back != a {
			t.Fatalf("%+v reads back %+v", a, back)
		}
		if s, ok := msgs[0].Clock(); ok {
			t.Fatalf("%+v reads as a time report %+v", a, s)
		}
	})
}

// FuzzSetNRun: any times give a command the clock can read, showing them
// rounded to the second within 0 and 9:59:59, with the side asked for.
func FuzzSetNRun(f *testing.F) {
	f.Add(int64(5400000), int64(5398500), uint8(1))
	f.Add(int64(-1), int64(36000000), uint8(0))
	f.Add(int64(499), int64(500), uint8(2))
	f.Fuzz(func(t *testing.T, left, right int64, run uint8) {
		s := SetNRun{Left: time.Duration(left) * time.Millisecond, Right: time.Duration(right) * time.Millisecond, Run: Side(run % 3)}
		cmds, rest, skipped := ParseCommands(s.Command())
		if len(cmds) != 1 || len(rest) != 0 || skipped != 0 {
			t.Fatalf("%v: % x parses as %v", s, s.Command(), cmds)
		}
		back, ok := cmds[0].SetNRun()
		shown := func(d time.Duration) time.Duration { return min(max(d.Round(time.Second), 0), maxClock) }
		if !ok || back.Left != shown(s.Left) || back.Right != shown(s.Right) || back.Run != s.Run {
			t.Fatalf("%v reads back %v (ok %v)", s, back, ok)
		}
	})
}

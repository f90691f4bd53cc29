package dgt

import (
	"fmt"
	"time"

	"github.com/arbiterchess/arbiter/chess"
)

// The clock through the board, as DGT's protocol header dgtbrd.h
// describes it (checked against the copy in github.com/jromang/picochess,
// test/dgtbrd.h, $Id 2962 with changes listed up to 2014):
//
//   - DGT_MSG_BWTIME (0x8d, size 10) carries either the clock's times or
//     the clock's acknowledgement of a command. It is an acknowledgement
//     when the low nibble of its first or of its fourth data byte is 0x0a.
//     A time report gives the right player's hours (low nibble; the high
//     bits are flags: flag fallen and clock blocked, time per move, flag
//     shown), minutes and seconds in BCD, then the same for the left
//     player, then a status byte: 0x01 running, 0x02 lever high on the
//     right, 0x04 battery low, 0x08 left player's turn, 0x10 right
//     player's turn, 0x20 no clock connected (the reading means nothing).
//   - The acknowledgement packs four bytes into the seven: the low seven
//     bits of each come from data bytes 1, 2, 4 and 5, and their top bits
//     from bits 4 and 5 of data bytes 3 (for the first two) and 0 (for the
//     last two). The first is 0x10 when all is well and 0x40 on an error
//     (a set-and-run the clock will not take); the second is the
//     sub-command acknowledged, with its top bit set when the clock sent
//     it of itself (a button, "ready"); with the version sub-command the
//     third holds the version, main number in its high nibble.
//   - DGT_CLOCK_MESSAGE (0x2b) wraps every command to the clock: 0x2b, a
//     size counting the bytes after it, DGT_CMD_CLOCK_START_MESSAGE
//     (0x03), the sub-command, its content, DGT_CMD_CLOCK_END_MESSAGE
//     (0x00). The sub-commands: DISPLAY 0x01, ICONS 0x02, END 0x03 (back
//     to showing the times), BUTTON 0x08, VERSION 0x09, SETNRUN 0x0a, BEEP
//     0x0b, ASCII 0x0c (DGT3000 text).
//   - SETNRUN's content is the left side's hours, minutes and seconds, the
//     right side's, then a byte: 0x01 the left clock counts down, 0x02 the
//     right one, 0x04 pause, 0x08 switch sides when the lever moves.
//   - The board acknowledges a clock command only in its update modes
//     with clock data (DGT_SEND_UPDATE 0x43, DGT_SEND_UPDATE_NICE 0x4b),
//     never in idle or board-only update mode. Over USB or serial a host
//     must not send a clock command before the previous one is
//     acknowledged, which usually takes one or two seconds. A Bluetooth
//     board may answer with a message of zeros, to be ignored.
//
// Two things the header leaves open are taken from drivers that use it
// (picochess, arnsholt/dgtdriver, mono424/dgtdriver): SETNRUN's minutes
// and seconds are plain binary, not BCD like the time reports; and a
// DGT3000 answers the version sub-command with main version 2. Neither is
// checked on hardware here.

// More commands from the computer to the board.
const (
	UpdateNice   byte = 0x4b // as UpdateAll, but clock messages only when the times change
	ClockMessage byte = 0x2b // a command for the clock: see EncodeClockCommand
)

// The clock's sub-commands, wrapped in a ClockMessage.
const (
	ClockDisplay byte = 0x01 // set the segments of the display (DGT XL)
	ClockIcons   byte = 0x02 // set the icons
	ClockEnd     byte = 0x03 // show the times again
	ClockButton  byte = 0x08 // ask which button is pressed
	ClockVersion byte = 0x09 // ask the clock's version
	ClockSetNRun byte = 0x0a // set both times and which side runs: see SetNRun
	ClockBeep    byte = 0x0b // beep, for a number of 64 ms
	ClockASCII   byte = 0x0c // show text (DGT3000)

	clockStart byte = 0x03
	clockStop  byte = 0x00
)

// The first byte of a clock acknowledgement.
const (
	AckOK    byte = 0x10
	AckError byte = 0x40
)

// DGT3000 is the main version a DGT3000 gives in its answer to
// ClockVersion (a DGT XL gives a lower one).
const DGT3000 = 2

// Side is a side of the clock as the players see it from the front.
type Side uint8

// The sides of the clock.
const (
	NoSide    Side = iota // neither: both clocks stand
	LeftSide              // the left-hand clock
	RightSide             // the right-hand clock
)

// String names the side: "left", "right" or "none".
func (s Side) String() string {
	switch s {
	case LeftSide:
		return "left"
	case RightSide:
		return "right"
	}
	return "none"
}

// SideOf returns the side of the clock the player of colour c sits on:
// White on the left unless whiteRight.
func SideOf(c chess.Color, whiteRight bool) Side {
	if (c == chess.White) != whiteRight {
		return LeftSide
	}
	return RightSide
}

// EncodeClockCommand returns a command for the clock: ClockMessage, the
// size, the start marker, the sub-command, its content and the end marker.
func EncodeClockCommand(sub byte, content ...byte) []byte {
	b := make([]byte, 0, len(content)+5)
	b = append(b, ClockMessage, byte(len(content)+3)&0x7f, clockStart, sub&0x7f)
	for _, c := range content {
		b = append(b, c&0x7f)
	}
	return append(b, clockStop)
}

// SetNRun is a set-and-run command: the times to show on each side of
// the clock and the side whose clock runs (NoSide: both stand). The clock
// switches sides at every press of its lever, as a clock does in play.
type SetNRun struct {
	Left, Right time.Duration
	Run         Side
}

// The run byte of a set-and-run command.
const (
	runLeft   byte = 0x01
	runRight  byte = 0x02
	runPause  byte = 0x04
	runToggle byte = 0x08
)

// maxClock is the most a clock shows: one digit of hours.
const maxClock = 9*time.Hour + 59*time.Minute + 59*time.Second

// Command returns the bytes of the command. The times are rounded to the
// second and kept within 0 and 9:59:59, what the clock can show.
func (s SetNRun) Command() []byte {
	hms := func(d time.Duration) (byte, byte, byte) {
		d = min(max(d.Round(time.Second), 0), maxClock)
		sec := int(d / time.Second)
		return byte(sec / 3600), byte(sec / 60 % 60), byte(sec % 60)
	}
	lh, lm, ls := hms(s.Left)
	rh, rm, rs := hms(s.Right)
	run := runToggle
	switch s.Run {
	case LeftSide:
		run |= runLeft
	case RightSide:
		run |= runRight
	default:
		run |= runPause
	}
	return EncodeClockCommand(ClockSetNRun, lh, lm, ls, rh, rm, rs, run)
}

// String describes the command for logs: "left 1:30:00, right 1:29:58,
// left runs".
func (s SetNRun) String() string {
	f := func(d time.Duration) string {
		sec := int(d.Round(time.Second) / time.Second)
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	run := s.Run.String() + " runs"
	if s.Run == NoSide {
		run = "both stand"
	}
	return fmt.Sprintf("left %s, right %s, %s", f(s.Left), f(s.Right), run)
}

// ClockAck is a clock's acknowledgement of a command, read from a clock
// message (0x8d) of the acknowledgement form.
type ClockAck struct {
	Status  byte    // AckOK, or AckError when the clock refused the command
	Command byte    // the sub-command acknowledged; top bit set when the clock sent it unasked
	Data    [2]byte // what the acknowledgement says besides: with ClockVersion, Data[0] is the version
}

// OK reports whether the clock accepted the command.
func (a ClockAck) OK() bool { return a.Status == AckOK }

// Unasked reports whether the clock sent the acknowledgement of itself (a
// button pressed, the clock ready), not in answer to a command.
func (a ClockAck) Unasked() bool { return a.Command&0x80 != 0 }

// Version returns the clock version an acknowledgement of ClockVersion
// carries.
func (a ClockAck) Version() (major, minor int) {
	return int(a.Data[0] >> 4), int(a.Data[0] & 0x0f)
}

// isAck reports whether the data of a clock message are of the
// acknowledgement form.
func isAck(d []byte) bool { return d[0]&0x0f == 0x0a || d[3]&0x0f == 0x0a }

// ClockAck returns the acknowledgement in a clock message; ok is false
// for a message of the clock's times.
func (m Message) ClockAck() (a ClockAck, ok bool) {
	if m.ID != MsgClock || len(m.Data) != 7 || !isAck(m.Data) {
		return a, false
	}
	d := m.Data
	top := func(b byte, bit uint) byte { return b >> bit & 1 << 7 }
	a.Status = d[1]&0x7f | top(d[3], 4)
	a.Command = d[2]&0x7f | top(d[3], 5)
	a.Data[0] = d[4]&0x7f | top(d[0], 4)
	a.Data[1] = d[5]&0x7f | top(d[0], 5)
	return a, true
}

// EncodeClockAck returns the clock message carrying an acknowledgement.
func EncodeClockAck(a ClockAck) Message {
	bits := func(x, y byte) byte { return x>>7<<4 | y>>7<<5 }
	return Message{ID: MsgClock, Data: []byte{
		0x0a | bits(a.Data[0], a.Data[1]),
		a.Status & 0x7f,
		a.Command & 0x7f,
		0x0a | bits(a.Status, a.Command),
		a.Data[0] & 0x7f,
		a.Data[1] & 0x7f,
		0,
	}}
}

// Command is one command from the computer to the board, as the board
// reads it: a single byte (Reset, SendBoard...), an LED command (SetLEDs,
// a size, that many bytes) or a clock command (ClockMessage, a size, that
// many bytes from the start marker to the end marker).
type Command struct {
	Code byte   // the first byte
	Data []byte // the bytes after the size, for SetLEDs and ClockMessage
}

// Bytes returns the command as it travels on the line.
func (c Command) Bytes() []byte {
	if c.Code != SetLEDs && c.Code != ClockMessage {
		return []byte{c.Code}
	}
	return append([]byte{c.Code, byte(len(c.Data))}, c.Data...)
}

// Clock returns the sub-command of a clock command and its content (the
// bytes between the sub-command and the end marker).
func (c Command) Clock() (sub byte, content []byte, ok bool) {
	if c.Code != ClockMessage || len(c.Data) < 3 {
		return 0, nil, false
	}
	return c.Data[1], c.Data[2 : len(c.Data)-1], true
}

// SetNRun returns what a set-and-run command says. A command whose times
// a clock cannot show (more than 9 hours, 59 minutes or 59 seconds) or
// that is not seven bytes long is no set-and-run: ok is false.
func (c Command) SetNRun() (s SetNRun, ok bool) {
	sub, d, ok := c.Clock()
	if !ok || sub != ClockSetNRun || len(d) != 7 {
		return s, false
	}
	hms := func(h, m, sec byte) (time.Duration, bool) {
		h &= 0x0f // 0x10: counts up, which no clock supports
		return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second,
			h <= 9 && m <= 59 && sec <= 59
	}
	var okL, okR bool
	s.Left, okL = hms(d[0], d[1], d[2])
	s.Right, okR = hms(d[3], d[4], d[5])
	switch run := d[6]; {
	case run&runPause != 0:
	case run&runLeft != 0:
		s.Run = LeftSide
	case run&runRight != 0:
		s.Run = RightSide
	}
	return s, okL && okR
}

// ParseCommands cuts what the computer sent to a board into commands,
// as Parse does for the board's messages: it returns the complete
// commands, the tail that may still become one, and the number of bytes
// skipped as garbage (an LED or clock command with an impossible size,
// a clock command without its markers, a data byte with its top bit set).
// Every other byte is a one-byte command. It never fails.
func ParseCommands(b []byte) (cmds []Command, rest []byte, skipped int) {
	i := 0
	for i < len(b) {
		code := b[i]
		if code != SetLEDs && code != ClockMessage {
			cmds = append(cmds, Command{Code: code})
			i++
			continue
		}
		if len(b)-i < 2 {
			break
		}
		size := int(b[i+1])
		if size < 3 || size&0x80 != 0 || code == SetLEDs && size != 4 {
			i++
			skipped++
			continue
		}
		end := i + 2 + size
		if end > len(b) {
			break
		}
		d := b[i+2 : end]
		valid := true
		for _, x := range d {
			valid = valid && x&0x80 == 0
		}
		if code == ClockMessage {
			valid = valid && d[0] == clockStart && d[len(d)-1] == clockStop
		} else {
			valid = valid && d[len(d)-1] == ledsEndMessage
		}
		if !valid {
			i++
			skipped++
			continue
		}
		cmds = append(cmds, Command{Code: code, Data: append([]byte(nil), d...)})
		i = end
	}
	return cmds, b[i:], skipped
}

// CommandParser cuts a stream from the computer into commands, keeping
// what may still become a command between calls.
type CommandParser struct {
	buf     []byte
	skipped int
}

// Feed adds bytes from the line and returns the commands they complete.
func (p *CommandParser) Feed(b []byte) []Command {
	p.buf = append(p.buf, b...)
	cmds, rest, skipped := ParseCommands(p.buf)
	p.skipped += skipped
	p.buf = append(p.buf[:0], rest...)
	return cmds
}

// Skipped returns how many bytes were skipped as garbage so far.
func (p *CommandParser) Skipped() int { return p.skipped }

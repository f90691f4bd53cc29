package dgt

import (
	"fmt"
	"strings"
	"time"
)

// Message is one message from the board: its id (top bit set) and the
// data bytes after the three-byte header.
type Message struct {
	ID   byte   // the message id, top bit set (MsgFieldUpdate...)
	Data []byte // the bytes after the header
}

// Bytes returns the message as it travels on the line.
func (m Message) Bytes() []byte {
	n := len(m.Data) + 3
	b := make([]byte, 0, n)
	b = append(b, m.ID|messageBit, byte(n>>7)&0x7f, byte(n)&0x7f)
	return append(b, m.Data...)
}

// String describes the message for logs.
func (m Message) String() string {
	switch m.ID {
	case MsgFieldUpdate:
		f, c, _ := m.FieldUpdate()
		return fmt.Sprintf("field update %v %d", f.Square(), c)
	case MsgBoardDump:
		return "board dump"
	case MsgClock:
		if a, ok := m.ClockAck(); ok {
			return fmt.Sprintf("clock acknowledgement %#02x of %#02x", a.Status, a.Command)
		}
		return "clock"
	}
	return fmt.Sprintf("message %#02x (%d bytes)", m.ID, len(m.Data))
}

// sizes gives, for each message id this package knows, the smallest and
// largest total size (header included) it may declare.
var sizes = map[byte][2]int{
	MsgBoardDump:    {67, 67},
	MsgClock:        {10, 10},
	MsgFieldUpdate:  {5, 5},
	MsgEEMoves:      {3, 0x2000},
	MsgBusAddress:   {5, 5},
	MsgSerialNumber: {8, 8},
	MsgTrademark:    {3, 400},
	MsgVersion:      {5, 5},
	MsgDump50B:      {53, 53},
	MsgDump50W:      {53, 53},
	MsgBattery:      {3, 64},
	MsgLongSerial:   {13, 13},
}

// Parse cuts b into messages. It returns the complete messages found, the
// tail that may still become a message when more bytes arrive, and the
// number of bytes skipped as garbage: unknown ids, impossible sizes,
// messages cut short by the next header, and invalid contents (a field
// number above 63, a piece code above 15). It never fails.
func Parse(b []byte) (msgs []Message, rest []byte, skipped int) {
	i := 0
	for i < len(b) {
		lim, known := sizes[b[i]]
		if !known {
			i++
			skipped++
			continue
		}
		// The size bytes, as far as they have arrived.
		if len(b)-i < 3 {
			if len(b)-i == 2 && b[i+1]&messageBit != 0 {
				i++
				skipped++
				continue
			}
			break
		}
		size := int(b[i+1])<<7 | int(b[i+2])
		if b[i+1]&messageBit != 0 || b[i+2]&messageBit != 0 || size < lim[0] || size > lim[1] {
			i++
			skipped++
			continue
		}
		end := i + size
		j := i + 3
		for j < end && j < len(b) && b[j]&messageBit == 0 {
			j++
		}
		if j < end && j < len(b) { // a header byte inside the data: cut short
			skipped += j - i
			i = j
			continue
		}
		if end > len(b) {
			break
		}
		m := Message{ID: b[i], Data: append([]byte(nil), b[i+3:end]...)}
		if !m.valid() {
			i++
			skipped++
			continue
		}
		msgs = append(msgs, m)
		i = end
	}
	return msgs, b[i:], skipped
}

func (m Message) valid() bool {
	switch m.ID {
	case MsgFieldUpdate:
		return m.Data[0] < 64 && m.Data[1] <= 15
	case MsgBoardDump:
		for _, c := range m.Data {
			if c > 15 {
				return false
			}
		}
	}
	return true
}

// Parser cuts a byte stream into messages, keeping what may still become
// a message between calls.
type Parser struct {
	buf     []byte
	skipped int
}

// Feed adds bytes from the line and returns the messages they complete.
func (p *Parser) Feed(b []byte) []Message {
	p.buf = append(p.buf, b...)
	msgs, rest, skipped := Parse(p.buf)
	p.skipped += skipped
	p.buf = append(p.buf[:0], rest...)
	return msgs
}

// Skipped returns how many bytes were skipped as garbage so far.
func (p *Parser) Skipped() int { return p.skipped }

// FieldUpdate returns the field and new code of a field update message.
func (m Message) FieldUpdate() (Field, Code, bool) {
	if m.ID != MsgFieldUpdate || len(m.Data) != 2 {
		return 0, 0, false
	}
	return Field(m.Data[0]), Code(m.Data[1]), true
}

// BoardDump returns the fields of a board dump message.
func (m Message) BoardDump() (Board64, bool) {
	var b Board64
	if m.ID != MsgBoardDump || len(m.Data) != 64 {
		return b, false
	}
	for i, c := range m.Data {
		b[i] = Code(c)
	}
	return b, true
}

// Version returns the firmware version of a version message.
func (m Message) Version() (major, minor int, ok bool) {
	if m.ID != MsgVersion || len(m.Data) != 2 {
		return 0, 0, false
	}
	return int(m.Data[0]), int(m.Data[1]), true
}

// SerialNumber returns the serial number of a serial number message,
// short or long, without the spaces and zero bytes that pad it.
func (m Message) SerialNumber() (string, bool) {
	if m.ID != MsgSerialNumber && m.ID != MsgLongSerial {
		return "", false
	}
	return strings.Trim(string(m.Data), " \x00"), true
}

// ClockState is what a clock message says: the time left on each side of
// the clock (left and right as the players see it from the front), and
// whose turn it is.
type ClockState struct {
	Left, Right         time.Duration // time left on each side
	Running             bool          // the clock runs
	LeftTurn, RightTurn bool          // whose clock runs: the player to move
	Connected           bool          // a clock is plugged in (else the reading means nothing)
}

// The status byte of a clock message (dgtbrd.h, DGT_MSG_BWTIME).
const (
	clockRunning   byte = 0x01
	clockLeftTurn  byte = 0x08
	clockRightTurn byte = 0x10
	clockNone      byte = 0x20
)

// Clock returns the state in a clock message. Clock acknowledgements
// (answers to commands sent to a clock, see ClockAck) are not states, nor
// is a message of zeros only, which DGT says to ignore: ok is false.
func (m Message) Clock() (s ClockState, ok bool) {
	if m.ID != MsgClock || len(m.Data) != 7 || isAck(m.Data) {
		return s, false
	}
	d := m.Data
	zero := true
	for _, b := range d {
		zero = zero && b == 0
	}
	if zero {
		return s, false
	}
	s.Right = clockTime(d[0], d[1], d[2])
	s.Left = clockTime(d[3], d[4], d[5])
	st := d[6]
	s.Running = st&clockRunning != 0
	s.LeftTurn = st&clockLeftTurn != 0
	s.RightTurn = st&clockRightTurn != 0
	s.Connected = st&clockNone == 0
	return s, true
}

func clockTime(h, m, s byte) time.Duration {
	bcd := func(b byte) int { return int(b>>4&7)*10 + int(b&0x0f) }
	return time.Duration(int(h&0x0f))*time.Hour + time.Duration(bcd(m))*time.Minute + time.Duration(bcd(s))*time.Second
}

func clockBytes(d time.Duration) (byte, byte, byte) {
	d = min(max(d, 0), maxClock)
	sec := int(d / time.Second)
	h, m, s := sec/3600, sec/60%60, sec%60
	return byte(h), byte(m/10<<4 | m%10), byte(s/10<<4 | s%10)
}

// EncodeFieldUpdate returns a field update message.
func EncodeFieldUpdate(f Field, c Code) Message {
	return Message{ID: MsgFieldUpdate, Data: []byte{byte(f & 63), byte(c & 15)}}
}

// EncodeBoardDump returns a board dump message.
func EncodeBoardDump(b Board64) Message {
	d := make([]byte, 64)
	for i, c := range b {
		d[i] = byte(c & 15)
	}
	return Message{ID: MsgBoardDump, Data: d}
}

// EncodeClock returns a clock message stating s.
func EncodeClock(s ClockState) Message {
	d := make([]byte, 7)
	d[0], d[1], d[2] = clockBytes(s.Right)
	d[3], d[4], d[5] = clockBytes(s.Left)
	if s.Running {
		d[6] |= clockRunning
	}
	if s.LeftTurn {
		d[6] |= clockLeftTurn
	}
	if s.RightTurn {
		d[6] |= clockRightTurn
	}
	if !s.Connected {
		d[6] |= clockNone
	}
	return Message{ID: MsgClock, Data: d}
}

// EncodeVersion returns a version message.
func EncodeVersion(major, minor int) Message {
	return Message{ID: MsgVersion, Data: []byte{byte(major) & 0x7f, byte(minor) & 0x7f}}
}

// EncodeSerialNumber returns a serial number message; s is cut or padded
// with zeros to five characters.
func EncodeSerialNumber(s string) Message {
	d := []byte("00000")
	copy(d[5-min(5, len(s)):], s)
	for i := range d {
		d[i] &= 0x7f
	}
	return Message{ID: MsgSerialNumber, Data: d}
}

// EncodeLongSerial returns a long serial number message (the answer to
// LongSerial); s is cut or padded with spaces to ten characters.
func EncodeLongSerial(s string) Message {
	d := []byte("          ")
	copy(d, s)
	for i := range d {
		d[i] &= 0x7f
	}
	return Message{ID: MsgLongSerial, Data: d}
}

// LEDCommand returns the Revelation II command switching the LEDs of the
// fields from..to with a pattern (0 off, 1 on): 0x60, size 4, pattern,
// start field, end field, 0x00.
func LEDCommand(pattern byte, from, to Field) []byte {
	return []byte{SetLEDs, 0x04, pattern, byte(from & 63), byte(to & 63), ledsEndMessage}
}

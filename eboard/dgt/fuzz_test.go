package dgt

import (
	"bytes"
	"testing"

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
			m.Clock()
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

package dgt

import (
	"context"
	"errors"
	"io"
	"net"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/eboard"
)

// A board tells its serial number: the long form where it knows it, the
// five digits of an older board otherwise; a silent line is no board.
func TestBoard_SerialNumber(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	a, b := net.Pipe()
	sim := &Sim{Script: &eboard.Script{}, Serial: "A004217"}
	go sim.Run(ctx, a)
	board := NewBoard(b)
	if s, err := board.SerialNumber(ctx, 2*time.Second); err != nil || s != "A004217" {
		t.Errorf("long serial: %q, %v", s, err)
	}
	board.Close()

	// An older board answers the short command only.
	c, d := net.Pipe()
	go func() {
		buf := make([]byte, 16)
		for {
			n, err := c.Read(buf)
			if err != nil {
				return
			}
			for _, x := range buf[:n] {
				if x == SerialNumber {
					c.Write(EncodeSerialNumber("31415").Bytes())
				}
			}
		}
	}()
	old := NewBoard(d)
	if s, err := old.SerialNumber(ctx, 400*time.Millisecond); err != nil || s != "31415" {
		t.Errorf("short serial: %q, %v", s, err)
	}
	old.Close()

	// A line that takes commands and never answers.
	e, f := net.Pipe()
	go io.Copy(io.Discard, e)
	silent := NewBoard(f)
	if _, err := silent.SerialNumber(ctx, 100*time.Millisecond); !errors.Is(err, ErrNoAnswer) {
		t.Errorf("silent line: %v", err)
	}
	silent.Close()
	e.Close()
}

// The serial number messages carry the number as the boards pad it.
func TestEncodeSerial_RoundTrip(t *testing.T) {
	for _, m := range []Message{EncodeLongSerial("A0042"), EncodeSerialNumber("42")} {
		got, _, _ := Parse(m.Bytes())
		if len(got) != 1 {
			t.Fatalf("%x: %d messages", m.Bytes(), len(got))
		}
		s, ok := got[0].SerialNumber()
		if !ok || (s != "A0042" && s != "00042") {
			t.Errorf("%x: %q %v", m.Bytes(), s, ok)
		}
	}
}

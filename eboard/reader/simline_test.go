package reader

import (
	"io"
	"testing"
	"time"
)

// The in-process line carries bytes both ways, and a hang-up ends the
// reads on both ends after what was written.
func TestMemoryLine(t *testing.T) {
	a, b := newByteQueue(), newByteQueue()
	board, sim := &lineEnd{in: a, out: b}, &lineEnd{in: b, out: a}
	sim.Write([]byte("hello"))
	buf := make([]byte, 3)
	if n, err := board.Read(buf); n != 3 || err != nil || string(buf) != "hel" {
		t.Fatalf("read %q %v", buf[:n], err)
	}
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(sim)
		got <- string(b)
	}()
	board.Write([]byte("world"))
	time.Sleep(10 * time.Millisecond)
	sim.Close()
	if s := <-got; s != "world" {
		t.Errorf("the simulator read %q", s)
	}
	if rest, err := io.ReadAll(board); string(rest) != "lo" || err != nil {
		t.Errorf("after the hang-up the board read %q, %v", rest, err)
	}
	if _, err := board.Write([]byte("x")); err == nil {
		t.Error("a write after the hang-up")
	}
}

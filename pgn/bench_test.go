package pgn

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkRead reads the lichess sample (about 1 MB, 438 games with clock
// comments) from memory.
func BenchmarkRead(b *testing.B) {
	data := readTestFile(b, "real/lichess_db_1000k.pgn")
	benchRead(b, data)
}

// BenchmarkReadTWIC reads the TWIC sample (about 1 MB, 1110 games
// without comments).
func BenchmarkReadTWIC(b *testing.B) {
	benchRead(b, readTestFile(b, "real/twic1599_1000k.pgn"))
}

func benchRead(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n == 0 {
			b.Fatal("no games")
		}
	}
}

// BenchmarkWrite writes the games of the lichess sample.
func BenchmarkWrite(b *testing.B) {
	data := readTestFile(b, "real/lichess_db_1000k.pgn")
	games, _ := gamesOf(readAll(b, data))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		w := NewWriter(io.Discard)
		for _, g := range games {
			if err := w.Write(g); err != nil {
				b.Fatal(err)
			}
		}
	}
}

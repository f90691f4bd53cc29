package audit

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
)

// BenchmarkAudit_RealFiles audits, on one worker, the four real-game
// files of the public test data concatenated and repeated in memory to
// about 90 MB, and reports MB/s. Rerun with
//
//	go test ./audit -run '^$' -bench Audit_RealFiles -benchtime 3x
func BenchmarkAudit_RealFiles(b *testing.B) {
	benchRealFiles(b, nil, 1, "")
}

// BenchmarkAuditMaterialOnly_RealFiles is BenchmarkAudit_RealFiles with
// the material alone as the answer to "can this side still mate", in
// place of the full analysis of the winnable package: what reading and
// replaying cost. (On these games the findings are the same.)
func BenchmarkAuditMaterialOnly_RealFiles(b *testing.B) {
	benchRealFiles(b, (*chess.Position).MaterialAllowsMate, 1, "")
}

// BenchmarkAuditWorkers_RealFiles audits the same 90 MB with 1, 2 and
// (where the machine has more) GOMAXPROCS workers, from plain text and
// from zstd and gzip compressed text (compressed once, beforehand; MB/s
// are those of the plain text). The ratio of two lines is the speed-up.
//
//	go test ./audit -run '^$' -bench AuditWorkers -benchtime 3x
func BenchmarkAuditWorkers_RealFiles(b *testing.B) {
	counts := []int{1, 2}
	if n := runtime.GOMAXPROCS(0); n > 2 {
		counts = append(counts, n)
	}
	for _, form := range []string{"pgn", "zst", "gz"} {
		for _, w := range counts {
			b.Run(fmt.Sprintf("%s/workers=%d", form, w), func(b *testing.B) {
				benchRealFiles(b, nil, w, form)
			})
		}
	}
}

// realFiles is the benchmark text: the four real-game files repeated to
// about 90 MB, built once.
var realFiles = sync.OnceValue(func() []byte {
	var one []byte
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn", "FWWRC.pgn", "uzchesscup.pgn"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "pgn", "real", name))
		if err != nil {
			panic(err)
		}
		one = append(one, data...)
		one = append(one, '\n', '\n')
	}
	return bytes.Repeat(one, max(1, 90_000_000/len(one)))
})

// compressed returns the benchmark text in form: "zst", "gz", or plain.
var compressed = sync.OnceValues(func() ([]byte, []byte) {
	data := realFiles()
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		panic(err)
	}
	zst := enc.EncodeAll(data, nil)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	return zst, gz.Bytes()
})

func benchRealFiles(b *testing.B, canMate game.MateFunc, workers int, form string) {
	data := realFiles()
	rs, _ := RulesNamed("fide")
	b.SetBytes(int64(len(data)))
	src := data
	switch form {
	case "zst":
		src, _ = compressed()
	case "gz":
		_, src = compressed()
	}
	b.ResetTimer()
	for b.Loop() {
		var r io.Reader = bytes.NewReader(src)
		switch form {
		case "zst":
			zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
			if err != nil {
				b.Fatal(err)
			}
			r = zr
			defer zr.Close()
		case "gz":
			zr, err := gzip.NewReader(r)
			if err != nil {
				b.Fatal(err)
			}
			r = zr
		}
		st, err := Stream(r, "real.pgn", Options{Rules: rs, Workers: workers, CanMate: canMate}, func(Finding) {})
		if err != nil || st.Games == 0 {
			b.Fatal(st, err)
		}
	}
}

// BenchmarkReplayMaterialOnly_RealFiles replays, with the material alone
// deciding who can mate, the games of the two samples read beforehand:
// the replay without the reading. MB/s are those of the PGN text.
func BenchmarkReplayMaterialOnly_RealFiles(b *testing.B) {
	var games []pgn.MainLine
	size := 0
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "pgn", "real", name))
		if err != nil {
			b.Fatal(err)
		}
		size += len(data)
		rd := pgn.NewReader(bytes.NewReader(data))
		for {
			var ml pgn.MainLine
			if err := rd.ReadMainLine(&ml); err != nil {
				break
			}
			games = append(games, ml)
		}
	}
	rs, _ := RulesNamed("fide")
	a := NewAuditor(rs)
	a.CanMate = (*chess.Position).MaterialAllowsMate
	var out []Finding
	b.SetBytes(int64(size))
	for b.Loop() {
		for i := range games {
			out, _ = a.AuditMainLine(&games[i], "real.pgn", i+1, out[:0])
		}
	}
}

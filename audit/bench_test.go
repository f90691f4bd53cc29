package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
)

// BenchmarkAudit_RealFiles audits, on one worker, the lichess and TWIC
// samples of the public test data concatenated and repeated in memory to
// about 90 MB, and reports MB/s. Rerun with
//
//	go test ./audit -run '^$' -bench Audit_RealFiles -benchtime 3x
func BenchmarkAudit_RealFiles(b *testing.B) {
	benchRealFiles(b, nil)
}

// BenchmarkAuditMaterialOnly_RealFiles is BenchmarkAudit_RealFiles with
// the material alone as the answer to "can this side still mate", in
// place of the full analysis of the winnable package: what reading and
// replaying cost. (On these games the findings are the same.)
func BenchmarkAuditMaterialOnly_RealFiles(b *testing.B) {
	benchRealFiles(b, game.MaterialCanMate)
}

func benchRealFiles(b *testing.B, canMate game.MateFunc) {
	var one []byte
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "pgn", "real", name))
		if err != nil {
			b.Fatal(err)
		}
		one = append(one, data...)
		one = append(one, '\n', '\n')
	}
	data := bytes.Repeat(one, max(1, 90_000_000/len(one)))
	rs, _ := RulesNamed("fide")
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		st, err := Stream(bytes.NewReader(data), "real.pgn", Options{Rules: rs, Workers: 1, CanMate: canMate}, func(Finding) {})
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
	a.CanMate = game.MaterialCanMate
	var out []Finding
	b.SetBytes(int64(size))
	for b.Loop() {
		for i := range games {
			out, _ = a.AuditMainLine(&games[i], "real.pgn", i+1, out[:0])
		}
	}
}

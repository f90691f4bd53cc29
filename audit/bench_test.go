package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiterchess/arbiter/game"
)

// BenchmarkAudit_RealFiles audits, on one worker, the lichess and TWIC
// samples of the shared test data concatenated and repeated in memory to
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
		data, err := os.ReadFile(filepath.Join("..", "..", "shared", "testdata", "pgn", "real", name))
		if err != nil {
			b.Skip("shared PGN test data missing:", err)
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

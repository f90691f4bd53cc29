package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkAudit_RealFiles audits, on one worker, the lichess and TWIC
// samples of the shared test data concatenated and repeated in memory to
// about 90 MB, and reports MB/s. Rerun with
//
//	go test ./audit -run '^$' -bench Audit_RealFiles -benchtime 3x
func BenchmarkAudit_RealFiles(b *testing.B) {
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
		st, err := Stream(bytes.NewReader(data), "real.pgn", Options{Rules: rs, Workers: 1}, func(Finding) {})
		if err != nil || st.Games == 0 {
			b.Fatal(st, err)
		}
	}
}

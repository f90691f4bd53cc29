package eboard

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzReadScript: no script makes ReadScript panic, and a script it reads
// writes back (WriteTo) to one that reads as the same script.
func FuzzReadScript(f *testing.F) {
	for _, name := range []string{"clean-game.jsonl", "noisy-game.jsonl"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 1500)])
	}
	f.Add([]byte("{\"start\": {\"fen\": \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\", \"rules\": \"uscf\"}}\n\n{\"t\": 0, \"sq\": \"h1\", \"piece\": \"\"}\n{\"t\": 200, \"sq\": \"f1\", \"piece\": \"R\"}\n{\"t\": 200, \"sq\": \"g2\", \"piece\": \"?\"}\n{\"t\": 900, \"clock\": \"white\", \"times\": {\"white\": 299000, \"black\": 300000}}\n{\"t\": 950, \"times\": {\"white\": 1, \"black\": 2}}\n"))
	f.Add([]byte(`{"start": {"clock": {"white": -1, "black": 300}}}`))
	f.Add([]byte("{\"start\": {\"rules\": \"fide-blitz\", \"supervision\": \"full\", \"variations\": \"11H1\", \"visually_disabled\": \"black\"}}\n{\"t\": 0, \"sq\": \"e2\", \"piece\": \"\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadScript(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if _, err := s.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		again, err := ReadScript(bytes.NewReader(buf.Bytes()))
		if err != nil || !reflect.DeepEqual(again, s) {
			t.Fatalf("read as %+v, written\n%s\nread again as %+v, %v", s, buf.Bytes(), again, err)
		}
	})
}

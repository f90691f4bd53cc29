package server

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzParsePairingList: any input is a list or a *PairingListError with a
// line and column inside the input, never a panic; a list read back from
// its own writing is the same list.
func FuzzParsePairingList(f *testing.F) {
	for _, s := range []string{"3\n1 2\n3 4\n5 0\n", "1\r\n 12  7\r\n", "", "0\n", "2\n1 2\n2 1\n", "1\n0 0\n", "\n\n1\n\n9999 1\n", "1\n1 2 3\n", "-1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pl, err := ParsePairingList(data)
		if err != nil {
			pe, ok := err.(*PairingListError)
			if !ok || pe.Line < 1 || pe.Line > strings.Count(string(data), "\n")+1 {
				t.Fatalf("%q: %v", data, err)
			}
			return
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d\n", len(pl.Pairs))
		for _, p := range pl.Pairs {
			fmt.Fprintf(&b, "%d %d\n", p[0], p[1])
		}
		if !isPairingList([]byte(b.String())) {
			t.Fatalf("%q is not taken for a list", b.String())
		}
		again, err := ParsePairingList([]byte(b.String()))
		if err != nil || fmt.Sprint(again.Pairs) != fmt.Sprint(pl.Pairs) {
			t.Fatalf("%q: read back %v, %v", data, again, err)
		}
	})
}

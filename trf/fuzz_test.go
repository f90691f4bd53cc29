package trf

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes to Parse. Parsing must not panic and
// must only fail with an *Error on a line of the input. A file it accepts
// must be written back byte for byte, read back with the same fields,
// give pairings (or an *Error) for every round, and survive results,
// standings and a second write.
func FuzzParse(f *testing.F) {
	for _, data := range variants(f) {
		f.Add(data)
	}
	f.Add(readFile(f, "testdata/hall-open-r2-results.trf"))
	for name, data := range realFiles(f) {
		if len(data) < 16000 && !strings.Contains(name, "armstrong_2011.tab") {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"",
		"\n",
		"\r\r\n",
		"001    1\n",
		"001    1 m GM A                                 2500 ENG           1 2000/01/01  1.0    1     2 w 1\n" +
			"001    2 w    B                                    0 ENG                         0.0    2     1 b 0\n",
		"001    1                                                                                 0000 w +  0000 - -\n",
		"001    1                                                                                    2 - +\n001    2                                                                                    1 - -\n",
		"132                                                                                        25/01/01            25/01/03\n",
		"162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0\nXXS W=1 D=.5 FL=0\n",
		"112 a\n112 b\n012 x\n012 y\n062 4\n",
		"\xef\xbb\xbf012 x\r\n",
		"012 \xe9t\xe9\n001    1      \xc9lo\n",
		// Windows-1252 bytes 0x80-0x9F, Swiss Master's byes, a local ID,
		// a count with a remark, teams.
		"012 \x80\x81\x8a\x9f\n001    1 w  g \x8aker                                                            1.0       0000 - =      - =\n",
		"062 15 (12)\n001    1 m    A                                      N0001                   0.5    x  0000 - =\n",
		"310   1 Team                                       2000    2.0    1.0   1     1    2 \n001    1\n001    2\n013 Old team                         1    2\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Parse(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Line > bytes.Count(data, []byte("\n"))+bytes.Count(data, []byte("\r"))+1 || e.Col < 0 || e.Msg == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		var b bytes.Buffer
		if err := tr.Write(&b); err != nil {
			t.Fatalf("write of an unmodified file: %v", err)
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Fatalf("write changed the file:\n%q\n%q", b.Bytes(), data)
		}
		again, err := Parse(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(view(again), view(tr)) {
			t.Fatal("second parse differs")
		}

		// Pair every round, and enter a result for each pending game.
		for r := 1; r <= min(tr.PlayedRounds(), 40); r++ {
			rd, err := tr.Pairings(r)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Msg == "" {
					t.Fatalf("round %d: bad error %#v", r, err)
				}
				continue
			}
			seen := make(map[int]bool)
			for _, g := range append(rd.Games, rd.Forfeits...) {
				if seen[g.White] || seen[g.Black] || g.White == g.Black {
					t.Fatalf("round %d: a player twice in %+v", r, rd)
				}
				seen[g.White], seen[g.Black] = true, true
				if g.Result.IsPending() {
					if err := tr.SetResult(r, g.White, g.Black, WhiteWins); err != nil {
						t.Fatalf("round %d: SetResult %d-%d: %v", r, g.White, g.Black, err)
					}
				}
			}
			for _, y := range rd.Byes {
				if seen[y.Player] {
					t.Fatalf("round %d: %d paired and a bye", r, y.Player)
				}
				seen[y.Player] = true
			}
			if len(seen) != len(tr.Players) {
				t.Fatalf("round %d: %d of %d players listed", r, len(seen), len(tr.Players))
			}
		}
		if teams, err := tr.Teams(); err == nil {
			for r := 1; r <= min(tr.PlayedRounds(), 40); r++ {
				if rd, err := tr.Pairings(r); err == nil {
					Matches(rd, teams)
				}
			}
		}
		for _, p := range tr.Players {
			StandardTitle(p.Title)
			p.IDText()
		}
		tr.UpdateStandings()
		b.Reset()
		if err := tr.Write(&b); err != nil {
			return // a value may not fit its columns, e.g. 100 points
		}
		again, err = Parse(b.Bytes())
		if err != nil {
			t.Fatalf("reading back the edited file: %v\n%q", err, b.Bytes())
		}
		if !reflect.DeepEqual(view(again), view(tr)) {
			t.Fatalf("edited file read back differs\n%q", b.Bytes())
		}
	})
}

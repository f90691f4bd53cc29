package trf

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"
)

// realFiles are the files of testdata/real: TRF files written by pairing
// programs and federations, collected from public repositories (see
// testdata/SOURCES.md at the root of the repository).
func realFiles(t testing.TB) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob("testdata/real/*/*")
	if err != nil || len(names) == 0 {
		t.Fatalf("no real files: %v", err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		out[n] = readFile(t, n)
	}
	return out
}

// Every real file is read, written back byte for byte when unchanged,
// read back with the same fields, and paired round by round without a
// contradiction.
func TestRealFiles_ReadWritePair(t *testing.T) {
	for name, data := range realFiles(t) {
		tr, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(tr.Players) == 0 {
			t.Errorf("%s: no players", name)
		}
		var b bytes.Buffer
		if err := tr.Write(&b); err != nil {
			t.Errorf("%s: write: %v", name, err)
			continue
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Errorf("%s: written back with changes", name)
		}
		again := mustParse(t, b.Bytes())
		if !reflect.DeepEqual(view(again), view(tr)) {
			t.Errorf("%s: read back with other fields", name)
		}
		for r := 1; r <= tr.PlayedRounds(); r++ {
			if _, err := tr.Pairings(r); err != nil {
				t.Errorf("%s: round %d: %v", name, r, err)
			}
		}
	}
}

// The encodings the real files come in: Windows-1252 (Latin-1) files are
// read as such, and their names come out right.
func TestRealFiles_Encodings(t *testing.T) {
	for name, want := range map[string]string{
		"testdata/real/icu/latin-1.tab":                        Windows1252,
		"testdata/real/icu/utf-8.tab":                          UTF8,
		"testdata/real/icu/irish_junior_champs_2011.tab":       Windows1252,
		"testdata/real/icu/irish_intermediate_champs_2011.tab": Windows1252,
		"testdata/real/icu/armstrong_2012_with_bom.tab":        UTF8,
	} {
		tr := mustParse(t, readFile(t, name))
		if got := tr.Encoding(); got != want {
			t.Errorf("%s: encoding %s, want %s", name, got, want)
		}
	}
	l1 := mustParse(t, readFile(t, "testdata/real/icu/latin-1.tab"))
	u8 := mustParse(t, readFile(t, "testdata/real/icu/utf-8.tab"))
	if l1.Name != u8.Name || l1.Name != "Läs Végas National Opeñ" {
		t.Errorf("names: %q and %q", l1.Name, u8.Name)
	}
	for i := range l1.Players {
		if l1.Players[i].Name != u8.Players[i].Name {
			t.Errorf("player %d: %q and %q", i+1, l1.Players[i].Name, u8.Players[i].Name)
		}
	}
}

// Swiss Master's half-point byes ("0000 - =") and the Irish files'
// blank byes are byes, listed with the bye they stand for; the old title
// codes map to the standard ones.
func TestRealFiles_ByesAndTitles(t *testing.T) {
	tr := mustParse(t, readFile(t, "testdata/real/icu/valid.tab"))
	rd, err := tr.Pairings(1)
	if err != nil {
		t.Fatal(err)
	}
	byes := map[int]Result{}
	for _, b := range rd.Byes {
		byes[b.Player] = b.Result
	}
	if byes[1] != HalfBye || byes[8] != HalfBye {
		t.Errorf("round 1 byes: %v", rd.Byes)
	}
	if p := tr.Player(1); tr.Score(p, len(p.Rounds)) != p.Points {
		t.Errorf("player 1: blocks score %s, the file %s", tr.Score(p, len(p.Rounds)), p.Points)
	}
	l1 := mustParse(t, readFile(t, "testdata/real/icu/latin-1.tab"))
	for rank, want := range map[int]string{2: "IM", 3: "GM"} {
		if got := StandardTitle(l1.Player(rank).Title); got != want {
			t.Errorf("player %d: title %q maps to %q, want %q", rank, l1.Player(rank).Title, got, want)
		}
	}
}

// A TRF26 team file: its 310 records give the teams, and a round's
// pairings group into matches, board 1 first.
func TestRealFiles_Teams(t *testing.T) {
	tr := mustParse(t, readFile(t, "testdata/real/tbs/fideteam_nocolor.trf"))
	teams, err := tr.Teams()
	if err != nil {
		t.Fatal(err)
	}
	if len(teams) != 9 || teams[0].Name != "Team 1" || !reflect.DeepEqual(teams[0].Members, []int{1, 2}) {
		t.Fatalf("teams: %+v", teams)
	}
	rd, err := tr.Pairings(1)
	if err != nil {
		t.Fatal(err)
	}
	ms, rest := Matches(rd, teams)
	if len(rest) != 0 || len(ms) != 4 {
		t.Fatalf("round 1: %d matches, %d games outside: %+v", len(ms), len(rest), ms)
	}
	for _, m := range ms {
		if len(m.Games) != 2 || m.Games[0].Board != 1 || m.Games[1].Board != 2 {
			t.Errorf("match %d-%d: %+v", m.Home, m.Away, m.Games)
		}
	}
}

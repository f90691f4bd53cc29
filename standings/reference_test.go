package standings

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// reference is one output of FIDE's reference implementation of C.07
// (TieBreakServer's tiebreakchecker.py, run outside this repository; the
// first line of each file is its command).
type reference struct {
	file      string // the TRF file, under trf/testdata/real
	system    System
	tiebreaks []string
	rules     Rules             // Rules2026 when the tie-breaks end in /V2026
	rank      map[int]int       // starting rank -> the reference's rank
	values    map[int][]float64 // starting rank -> one value per tie-break
}

func readReference(t *testing.T, name string) reference {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ref := reference{rank: map[int]int{}, values: map[int][]float64{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# python3") {
			args := strings.Fields(line)
			for i, a := range args {
				switch a {
				case "-s":
					ref.system = Swiss
				case "-p":
					ref.system = RoundRobin
				case "-i":
					ref.file = args[i+1]
				}
			}
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if cols[0] == "StartNo" {
			for _, c := range cols[2:] {
				if strings.HasSuffix(c, "/V2026") {
					ref.rules = Rules2026
				}
				c = strings.TrimSuffix(strings.TrimSuffix(c, "/V2024"), "/V2026")
				ref.tiebreaks = append(ref.tiebreaks, c)
			}
			continue
		}
		start, err1 := strconv.Atoi(cols[0])
		rank, err2 := strconv.Atoi(cols[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %q", name, line)
		}
		ref.rank[start] = rank
		for _, c := range cols[2:] {
			v, err := strconv.ParseFloat(c, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, line, err)
			}
			ref.values[start] = append(ref.values[start], v)
		}
	}
	return ref
}

// The standings equal the reference's on FIDE's C.07 exercises (a 9- and
// a 5-round Swiss with half-point, pairing-allocated and zero-point byes
// and forfeits, a round robin with a forfeit), on bbpPairings' random
// tournaments (60 and 180 players, many forfeits) and on a TRF26 file
// with its own scoring, for every tie-break: BH, BH/C1, BH/M1, BH/C2, SB,
// SB/C1, WIN, WON, BPG, BWG, GE, PS, PS/C1, KS, ARO, ARO/C1, TPR, PTP,
// and DE through the ranks it gives.
func TestStandings_EqualTheReference(t *testing.T) {
	names, _ := filepath.Glob("testdata/reference/*.tsv")
	if len(names) < 10 {
		t.Fatalf("%d reference files", len(names))
	}
	for _, name := range names {
		ref := readReference(t, name)
		data, err := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", ref.file))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := trf.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		tbs, err := ParseTiebreaks(strings.Join(ref.tiebreaks[1:], ","))
		if err != nil {
			t.Fatal(err)
		}
		tab, err := Compute(tr, Options{System: ref.system, Tiebreaks: tbs, Rules: ref.rules})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(tab.Rows) != len(ref.rank) {
			t.Fatalf("%s: %d rows, the reference %d", name, len(tab.Rows), len(ref.rank))
		}
		bad := 0
		for _, row := range tab.Rows {
			want := ref.values[row.Start]
			if math.Abs(row.Points-want[0]) > 1e-9 {
				t.Errorf("%s: player %d: points %v, reference %v", name, row.Start, row.Points, want[0])
			}
			for k, tb := range tbs {
				if tb.Name == "DE" {
					continue // its value is a place; checked through the ranks
				}
				if math.Abs(row.Values[k]-want[k+1]) > 1e-9 && bad < 20 {
					bad++
					t.Errorf("%s: player %d: %s = %v, reference %v", name, row.Start, tb, row.Values[k], want[k+1])
				}
			}
		}
		// Ranks: whom the standings separate, the reference ranks in the
		// same order.
		for _, a := range tab.Rows {
			for _, b := range tab.Rows {
				if a.Rank < b.Rank && ref.rank[a.Start] >= ref.rank[b.Start] && bad < 20 {
					bad++
					t.Errorf("%s: player %d is ranked %d before %d (%d), the reference has %d and %d",
						name, a.Start, a.Rank, b.Start, b.Rank, ref.rank[a.Start], ref.rank[b.Start])
				}
			}
		}
	}
}

// The team standings of FIDE's TRF26 team exercise: each team's match
// and game points equal those its 310 record gives (columns 55-60 and
// 62-67), and the teams come in the record's rank order.
func TestTeams_EqualTheFile(t *testing.T) {
	data, err := os.ReadFile("../trf/testdata/real/tbs/fideteam_nocolor.trf")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	teams, err := tr.Teams()
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][3]float64{}
	for _, rec := range tr.Records("310") {
		c := []rune(rec) // from column 5
		n, _ := strconv.Atoi(strings.TrimSpace(string(c[0:3])))
		mp, _ := strconv.ParseFloat(strings.TrimSpace(string(c[50:56])), 64)
		gp, _ := strconv.ParseFloat(strings.TrimSpace(string(c[57:63])), 64)
		rank, _ := strconv.Atoi(strings.TrimSpace(string(c[64:67])))
		want[n] = [3]float64{mp, gp, float64(rank)}
	}
	rows := Teams(tr, teams, 7)
	for _, r := range rows {
		w := want[r.Team]
		if r.MatchPoints != w[0] || r.GamePoints != w[1] || float64(r.Rank) != w[2] {
			t.Errorf("team %d: MP %v GP %v rank %d, the file %v", r.Team, r.MatchPoints, r.GamePoints, r.Rank, w)
		}
	}
}

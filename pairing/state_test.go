package pairing

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// checkRow is one player's row of a bbpPairings checklist: the state it
// saw before pairing the round.
type checkRow struct {
	id        int
	pts       string
	colours   string // played games' colours, W and B
	pref      string // colour preference: W absolute, (W) strong, w mild, blank none
	bye       string // C2: Y if the player may get the pairing-allocated bye
	last      string // C14: the float of the last round, D, U or blank
	before    string // C16: the float of the round before
	opponents []string
}

func readChecklist(t *testing.T, path string) map[int]checkRow {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[int]checkRow{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		id, err := strconv.Atoi(strings.TrimSpace(cols[0]))
		if err != nil || len(cols) < 8 {
			continue
		}
		r := checkRow{id: id, pts: strings.TrimSpace(cols[1]), colours: strings.TrimSpace(cols[2]),
			pref: strings.TrimSpace(cols[3]),
			bye:  strings.TrimSpace(cols[4]), last: strings.TrimSpace(cols[5]), before: strings.TrimSpace(cols[6])}
		for _, c := range cols[9:] {
			r.opponents = append(r.opponents, strings.TrimSpace(c))
		}
		for len(r.opponents) > 0 && r.opponents[len(r.opponents)-1] == "" {
			r.opponents = r.opponents[:len(r.opponents)-1]
		}
		rows[id] = r
	}
	return rows
}

// TestStateAgainstChecklists compares the state read from each case with
// the checklist bbpPairings wrote when pairing it: who is paired, the
// scores, the colours of played games, the pairing-allocated bye's
// eligibility, the floats of the last two rounds and the opponents met.
func TestStateAgainstChecklists(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "dutch", "*.trf"))
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	compared := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tour, err := trf.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewState(tour)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rows := readChecklist(t, strings.TrimSuffix(f, ".trf")+".list")
		name := filepath.Base(f)
		for _, p := range s.Players {
			row, listed := rows[p.ID]
			if listed == p.Absent {
				t.Errorf("%s: player %d absent=%v, listed by bbpPairings=%v", name, p.ID, p.Absent, listed)
				continue
			}
			if !listed {
				continue
			}
			compared++
			if got := p.Score.String(); got != row.pts {
				t.Errorf("%s: player %d score %s, checklist %s", name, p.ID, got, row.pts)
			}
			var cs strings.Builder
			for _, c := range p.Colours() {
				cs.WriteString(strings.ToUpper(c.String()))
			}
			if cs.String() != row.colours {
				t.Errorf("%s: player %d colours %q, checklist %q", name, p.ID, cs.String(), row.colours)
			}
			if got := prefText(p); got != row.pref {
				t.Errorf("%s: player %d preference %q, checklist %q", name, p.ID, got, row.pref)
			}
			if got := map[bool]string{true: "Y", false: "N"}[p.CanHavePairingBye()]; got != row.bye {
				t.Errorf("%s: player %d bye eligibility %s, checklist %s", name, p.ID, got, row.bye)
			}
			fl := func(back int) string {
				i := len(p.Rounds) - back
				if i < 0 || p.Rounds[i].Float == NoFloat {
					return ""
				}
				return p.Rounds[i].Float.String()
			}
			if fl(1) != row.last || fl(2) != row.before {
				t.Errorf("%s: player %d floats %q %q, checklist %q %q", name, p.ID, fl(2), fl(1), row.before, row.last)
			}
			var opps []string
			for _, r := range p.Rounds {
				if r.Played {
					opps = append(opps, strconv.Itoa(r.Opponent))
				} else {
					opps = append(opps, "")
				}
			}
			for len(opps) > 0 && opps[len(opps)-1] == "" {
				opps = opps[:len(opps)-1]
			}
			if strings.Join(opps, ",") != strings.Join(row.opponents, ",") {
				t.Errorf("%s: player %d opponents %v, checklist %v", name, p.ID, opps, row.opponents)
			}
		}
		for id := range rows {
			if s.Player(id) == nil {
				t.Errorf("%s: checklist lists %d, who is not in the state", name, id)
			}
		}
	}
	t.Logf("%d players of %d cases compared with the checklists", compared, len(files))
	if compared == 0 {
		t.Fatal("nothing compared")
	}
}

// prefText writes a preference as the checklists do.
func prefText(p *PlayerState) string {
	c, st := p.Preference()
	x := strings.ToUpper(c.String())
	switch st {
	case Absolute:
		return x
	case Strong:
		return "(" + x + ")"
	case Mild:
		return strings.ToLower(x)
	}
	return "A"
}

// TestAllocateAgainstBBP gives colours to every pair bbpPairings made in
// the cases and requires bbpPairings' colours.
func TestAllocateAgainstBBP(t *testing.T) {
	n := 0
	for _, c := range loadDutchCases(t) {
		for _, p := range c.want {
			if p.IsBye() {
				continue
			}
			n++
			a, b := c.state.Player(p.White), c.state.Player(p.Black)
			if got := c.state.Allocate(b, a); got != p {
				t.Errorf("%s: %d-%d given %v", c.name, p.White, p.Black, got)
			}
			if got := c.state.Allocate(a, b); got != p {
				t.Errorf("%s: %d-%d given %v", c.name, p.White, p.Black, got)
			}
		}
	}
	t.Logf("colours of %d pairs compared", n)
}

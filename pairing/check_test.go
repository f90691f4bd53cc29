package pairing

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/trf"
)

// withRound parses a case of testdata/dutch and writes bbpPairings'
// pairing of its next round into it (every game drawn), so that the file
// holds one round more, every one of them paired by bbpPairings.
// Records whose codes drop names are left out.
func withRound(t *testing.T, name string, drop ...string) (*trf.Tournament, []Pair, int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "dutch", name+".trf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(drop) > 0 {
		var kept []string
		for _, l := range strings.SplitAfter(string(data), "\n") {
			if !slices.Contains(drop, strings.TrimSpace(l[:min(3, len(l))])) {
				kept = append(kept, l)
			}
		}
		data = []byte(strings.Join(kept, ""))
	}
	tour, err := trf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewState(tour)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := os.Open(filepath.Join("testdata", "dutch", name+".pairs"))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	pairs, err := ReadPairs(pf)
	if err != nil {
		t.Fatal(err)
	}
	addRound(tour, s.Round, pairs)
	return tour, pairs, s.Round
}

// addRound writes the pairs into round r's blocks, every game drawn.
func addRound(tour *trf.Tournament, r int, pairs []Pair) {
	set := func(id int, e trf.Entry) {
		p := tour.Player(id)
		for len(p.Rounds) < r {
			p.Rounds = append(p.Rounds, trf.Entry{})
		}
		p.Rounds[r-1] = e
	}
	for _, p := range pairs {
		if p.IsBye() {
			set(p.White, trf.Entry{Result: trf.PairingBye})
			continue
		}
		set(p.White, trf.Entry{Opponent: p.Black, Colour: trf.White, Result: trf.Draw})
		set(p.Black, trf.Entry{Opponent: p.White, Colour: trf.Black, Result: trf.Draw})
	}
}

// Every round of the cases of testdata/dutch, with bbpPairings' pairing
// of the next round added, is the rules' pairing (bbpPairings made them
// all), and StateBefore of the added round pairs it as NewState paired
// the case. One case in six is checked (one in thirty with -short): the
// check pairs every round of a case again, and TestDutchAgainstBBP
// already pairs each case's next round.
func TestCheckDutchCases(t *testing.T) {
	all, _ := filepath.Glob(filepath.Join("testdata", "dutch", "*.trf"))
	step := 6
	if testing.Short() {
		step = 30
	}
	var files []string
	for i := 0; i < len(all); i += step {
		files = append(files, all[i])
	}
	rounds := 0
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".trf")
		tour, pairs, r := withRound(t, name)
		checks, err := CheckDutch(tour)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(checks) != r {
			t.Fatalf("%s: %d rounds checked, want %d", name, len(checks), r)
		}
		for _, c := range checks {
			if c.Differs() || c.Round < 1 {
				t.Errorf("%s round %d: rules %v, file %v, %v", name, c.Round, c.Rules, c.File, c.Err)
			}
		}
		rounds += len(checks)
		s, err := StateBefore(tour, r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Dutch(s)
		if err != nil || !sameBoards(got, pairs) {
			t.Errorf("%s: StateBefore(%d) pairs %v (%v), bbpPairings %v", name, r, got, err, pairs)
		}
	}
	t.Logf("%d files, %d rounds checked", len(files), rounds)
}

// A pair of the last round with its colours swapped, and two pairs with
// their opponents exchanged, are the differences the check reports.
func TestCheckDutchDifferences(t *testing.T) {
	tour, pairs, r := withRound(t, "013")
	if len(pairs) < 3 || pairs[0].IsBye() || pairs[1].IsBye() {
		t.Fatalf("case 013: %v", pairs)
	}
	swapped := append([]Pair(nil), pairs...)
	swapped[0] = Pair{pairs[0].Black, pairs[0].White}
	addRound(tour, r, swapped)
	checks, err := CheckDutch(tour)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks {
		want := c.Round == r
		if c.Differs() != want {
			t.Errorf("round %d: differs %v, want %v (%v / %v)", c.Round, c.Differs(), want, c.Rules, c.File)
		}
	}
	last := checks[len(checks)-1]
	if !sameBoards(last.Rules, pairs[:1]) || !sameBoards(last.File, swapped[:1]) {
		t.Errorf("colours swapped: rules %v, file %v", last.Rules, last.File)
	}

	tour, pairs, r = withRound(t, "013")
	a, b := pairs[0], pairs[1]
	crossed := append([]Pair{{a.White, b.Black}, {b.White, a.Black}}, pairs[2:]...)
	addRound(tour, r, crossed)
	checks, err = CheckDutch(tour)
	if err != nil {
		t.Fatal(err)
	}
	last = checks[len(checks)-1]
	if len(last.Rules) != 2 || len(last.File) != 2 || last.Err != nil {
		t.Errorf("opponents exchanged: rules %v, file %v, %v", last.Rules, last.File, last.Err)
	}
}

// A forfeit written without colours is the rules' pair whichever way
// round; a forfeit win without an opponent stands for the rules' bye.
func TestCheckDutchForfeits(t *testing.T) {
	tour, pairs, r := withRound(t, "013")
	for _, p := range pairs {
		if p.IsBye() {
			continue
		}
		tour.Player(p.White).Rounds[r-1] = trf.Entry{Opponent: p.Black, Result: trf.ForfeitLoss}
		tour.Player(p.Black).Rounds[r-1] = trf.Entry{Opponent: p.White, Result: trf.ForfeitWin}
		break
	}
	checks, err := CheckDutch(tour)
	if err != nil {
		t.Fatal(err)
	}
	if c := checks[len(checks)-1]; c.Differs() {
		t.Errorf("a forfeit without colours: rules %v, file %v", c.Rules, c.File)
	}
}

// The initial colour of a file that states none, and the number of
// rounds of a file that says none, are taken from the file as a whole.
func TestCheckDutchUnstated(t *testing.T) {
	// Case 001 (44 players, cut after round 4 of 6) without its XXR
	// record, with round 5 added: the initial colour is inferred from
	// round 1, and round 5 is taken as the last.
	tour, _, r := withRound(t, "001", "XXR", "XXC")
	if tour.TotalRounds() != 0 {
		t.Fatal("XXR left in")
	}
	checks, err := CheckDutch(tour)
	if err != nil || len(checks) != r {
		t.Fatalf("%v %v", checks, err)
	}
	for _, c := range checks {
		if c.Differs() {
			t.Errorf("round %d: %v / %v %v", c.Round, c.Rules, c.File, c.Err)
		}
	}
	// More rounds paired than the file says it has.
	tour.NumRounds = r - 1
	var fe *FileError
	if _, err := CheckDutch(tour); !errors.As(err, &fe) {
		t.Errorf("%d rounds paired of %d: %v", r, r-1, err)
	}
}

func TestStateBeforeErrors(t *testing.T) {
	if _, err := StateBefore(nil, 1); err == nil {
		t.Error("StateBefore(nil) gave no error")
	}
	if _, err := CheckDutch(nil); err == nil {
		t.Error("CheckDutch(nil) gave no error")
	}
	tour, _, r := withRound(t, "013")
	for _, round := range []int{0, -1, r + 2} {
		if _, err := StateBefore(tour, round); err == nil {
			t.Errorf("StateBefore(%d) of a file of %d rounds: no error", round, r)
		}
	}
	// Round r's pairing left out player 1: he is absent when it is paired
	// again, and present (paired) after it.
	s, err := StateBefore(tour, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Players {
		if p.Absent != (tour.Player(p.ID).Entry(r).Opponent == 0 && tour.Player(p.ID).Entry(r).Result != trf.PairingBye) {
			t.Errorf("round %d: player %d absent %v, block %+v", r, p.ID, p.Absent, tour.Player(p.ID).Entry(r))
		}
	}
}

// A file whose blocks disagree is a FileError naming the player and the
// round, in NewState and CheckDutch alike.
func TestFileErrors(t *testing.T) {
	for _, c := range []struct {
		in            string
		player, round int
	}{
		{trfLine(1, "   2 w 1") + trfLine(2, "   3 b 0") + trfLine(3, "   2 w 1"), 1, 1},
		{trfLine(1, "   9 w 1"), 1, 1},
		{trfLine(1, "   2 w 1") + trfLine(2, "   1 b 0") + trfLine(3, "   0 - U") + trfLine(4, "   5 w 1"), 4, 1},
	} {
		tour, err := trf.Parse([]byte(c.in))
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		_, err1 := NewState(tour)
		_, err2 := CheckDutch(tour)
		for _, err := range []error{err1, err2} {
			var fe *FileError
			if !errors.As(err, &fe) || fe.Player != c.player || fe.Round != c.round || !strings.HasPrefix(fe.Error(), "pairing: ") {
				t.Errorf("%q: %v (%+v), want player %d round %d", c.in, err, fe, c.player, c.round)
			}
		}
	}
}

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/pairing"
)

// dutchCases are the cases of pairing/testdata/dutch the command pairs
// here: first rounds (002, 005), an odd number of players with the
// pairing-allocated bye (000, 005), forfeits and withdrawals (001, 300),
// a last round (013, 450), a long tournament (007, 599).
var dutchCases = []string{"000", "001", "002", "005", "007", "013", "300", "450", "599"}

func dutchCase(name, ext string) string {
	return filepath.Join("..", "..", "pairing", "testdata", "dutch", name+ext)
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The next round of each case is bbpPairings' pairing of it, byte for
// byte: on standard output, from standard input, and into OUT.
func TestPairDutch_AgainstBBP(t *testing.T) {
	for _, c := range dutchCases {
		want := readFile(t, dutchCase(c, ".pairs"))
		code, out, errs := runCmd(t, "", "pair", "--dutch", dutchCase(c, ".trf"), "-p")
		if code != 0 || out != want {
			t.Errorf("%s: status %d, stderr %q\n%s\nbbpPairings:\n%s", c, code, errs, out, want)
		}
	}
	want := readFile(t, dutchCase("001", ".pairs"))
	if code, out, errs := runCmd(t, readFile(t, dutchCase("001", ".trf")), "pair", "--dutch", "-"); code != 0 || out != want {
		t.Errorf("standard input, no -p: status %d, stderr %q\n%s", code, errs, out)
	}
	dst := filepath.Join(t.TempDir(), "round5.txt")
	code, out, errs := runCmd(t, "", "pair", "--dutch", dutchCase("001", ".trf"), "-p", dst)
	if code != 0 || out != "" || readFile(t, dst) != want {
		t.Errorf("-p OUT: status %d, stdout %q, stderr %q, OUT %q", code, out, errs, readFile(t, dst))
	}
}

// A whole tournament of bbpPairings (testdata/pair/swiss10.trf) is the
// rules' in every round; the same with the colours of one game of round
// 6 swapped differs in that round only, and says both pairs.
func TestPairCheck(t *testing.T) {
	code, out, errs := runCmd(t, "", "pair", "--dutch", "testdata/pair/swiss10.trf", "--check")
	if code != 0 || out != "6 rounds checked: every pairing is the rules'\n" {
		t.Errorf("swiss10.trf: status %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "", "pair", "--dutch", "testdata/pair/swiss10-swapped.trf", "-c")
	want := "round 6: the file's pairing differs from the rules'\n" +
		"  rules   file\n" +
		"  5 - 2   2 - 5\n" +
		"6 rounds checked: 1 differs (round 6)\n"
	if code != 1 || out != want {
		t.Errorf("swiss10-swapped.trf: status %d, stderr %q\n%s\nwant\n%s", code, errs, out, want)
	}
	// Every round of a case with its next round added as bbpPairings
	// paired it.
	data := readFile(t, dutchCase("001", ".trf"))
	pairs := readFile(t, dutchCase("001", ".pairs"))
	full := addRound(t, data, 5, pairs)
	code, out, errs = runCmd(t, full, "pair", "--dutch", "-", "--check")
	if code != 0 || out != "5 rounds checked: every pairing is the rules'\n" {
		t.Errorf("case 001 with round 5: status %d, stderr %q\n%s", code, errs, out)
	}
}

// addRound writes the pairs (in ReadPairs' form) into round r's blocks of
// a TRF file whose lines end in LF, every game drawn.
func addRound(t *testing.T, data string, r int, pairs string) string {
	t.Helper()
	ps, err := pairing.ReadPairs(strings.NewReader(pairs))
	if err != nil {
		t.Fatal(err)
	}
	block := map[int]string{}
	for _, p := range ps {
		if p.IsBye() {
			block[p.White] = "0000 - U"
			continue
		}
		block[p.White] = fmt.Sprintf("%4d w =", p.Black)
		block[p.Black] = fmt.Sprintf("%4d b =", p.White)
	}
	lines := strings.Split(data, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "001") {
			continue
		}
		var id int
		fmt.Sscanf(l[4:8], "%d", &id)
		if b, ok := block[id]; ok {
			col := 91 + 10*(r-1)
			l = fmt.Sprintf("%-*s%s", col, l, b)
			lines[i] = l
		}
	}
	return strings.Join(lines, "\n")
}

// A malformed file says its line and column, with status 2: a syntax
// fault the TRF reader finds, and blocks of two players that disagree.
func TestPairMalformed(t *testing.T) {
	dir := t.TempDir()
	lines := strings.Split(readFile(t, dutchCase("000", ".trf")), "\n")
	bad := append([]string(nil), lines...)
	bad[1] = bad[1][:98] + "X" + bad[1][99:] // round 1's result of player 1
	name := filepath.Join(dir, "bad.trf")
	os.WriteFile(name, []byte(strings.Join(bad, "\n")), 0o644)
	code, out, errs := runCmd(t, "", "pair", "--dutch", name, "-p")
	if code != 2 || out != "" || !strings.Contains(errs, name+":2:99: ") || !strings.Contains(errs, "'X'") {
		t.Errorf("a bad result code: status %d, stdout %q, stderr %q", code, out, errs)
	}
	// Player 3 (line 4) is said to meet player 4 in round 2, whose block
	// names another opponent.
	wrong := append([]string(nil), lines...)
	if !strings.HasPrefix(wrong[3], "001    3") {
		t.Fatalf("line 4 of case 000: %q", wrong[3])
	}
	old := wrong[3][101:105]
	for _, opp := range []string{"   1", "   2", "   4", "   5", "   6"} {
		if opp != old {
			wrong[3] = wrong[3][:101] + opp + wrong[3][105:]
			break
		}
	}
	for _, mode := range []string{"-p", "--check"} {
		code, _, errs = runCmd(t, strings.Join(wrong, "\n"), "pair", "--dutch", "-", mode)
		if code != 2 || !strings.Contains(errs, "standard input:4:102: player 3 meets") {
			t.Errorf("%s, blocks that disagree: status %d, stderr %q", mode, code, errs)
		}
	}
}

// trfPlayer writes a 001 record of player id with the given blocks.
func trfPlayer(id int, blocks ...string) string {
	return strings.TrimRight(fmt.Sprintf("001 %4d      %-33s %4d%39s", id, fmt.Sprintf("Player %d", id), 2500-10*id, "")+strings.Join(blocks, "  "), " ") + "\n"
}

// A round that cannot be paired says the round, the criterion and the
// players, with status 1.
func TestPairUnpairable(t *testing.T) {
	// Four players who have all met (the Berger table of 4) in a Swiss
	// of four rounds.
	rr := trfPlayer(1, "   4 w 1", "   2 w 1", "   3 b 1") +
		trfPlayer(2, "   3 w 1", "   1 b 0", "   4 w 1") +
		trfPlayer(3, "   2 b 0", "   4 b 1", "   1 w 0") +
		trfPlayer(4, "   1 b 0", "   3 w 0", "   2 b 0") + "XXR 4\n"
	code, out, errs := runCmd(t, rr, "pair", "--dutch", "-", "-p")
	if code != 1 || out != "" || !strings.Contains(errs, "round 4 cannot be paired: C.1") || !strings.Contains(errs, "players 1, 2, 3, 4") {
		t.Errorf("all have met: status %d, stdout %q, stderr %q", code, out, errs)
	}
	// Three players who have all met and all had the bye.
	three := trfPlayer(1, "   2 w 1", "   3 b 1", "0000 - U") +
		trfPlayer(2, "   1 b 0", "0000 - U", "   3 w 1") +
		trfPlayer(3, "0000 - U", "   1 w 0", "   2 b 0") + "XXR 4\n"
	code, _, errs = runCmd(t, three, "pair", "--dutch", "-")
	if code != 1 || !strings.Contains(errs, "round 4 cannot be paired: C.1/C.2/C.3") || !strings.Contains(errs, "pairing-allocated bye") {
		t.Errorf("all have met and had the bye: status %d, stderr %q", code, errs)
	}
	// Every round paired: nothing to pair.
	done := strings.Replace(rr, "XXR 4", "XXR 3", 1)
	if code, _, errs := runCmd(t, done, "pair", "--dutch", "-"); code != 1 || !strings.Contains(errs, "no round is left to pair") {
		t.Errorf("every round paired: status %d, stderr %q", code, errs)
	}
	// A file without the number of rounds is paired, with a note.
	code, out, errs = runCmd(t, "", "pair", "--dutch", "testdata/pair/swiss10.trf")
	if code != 0 || !strings.HasPrefix(out, "5\n") || !strings.Contains(errs, "round 7 is paired as not the last") {
		t.Errorf("swiss10.trf, round 7: status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// --check of a round the rules cannot pair lists it as a difference.
func TestPairCheckUnpairable(t *testing.T) {
	// Rounds 1 and 2 as the rules pair four players (1-3 4-2, then 2-1
	// 3-4, the lower number winning); round 3 repeats round 1's games,
	// which C.1 forbids: the rules pair 1-4 and 3-2, the games left.
	rounds12 := [][]string{{"   3 w 1", "   2 b 1"}, {"   4 b 1", "   1 w 0"}, {"   1 b 0", "   4 w 1"}, {"   2 w 0", "   3 b 0"}}
	file := func(more ...[]string) string {
		var b strings.Builder
		for i, bl := range rounds12 {
			b.WriteString(trfPlayer(i+1, append(append([]string(nil), bl...), more[i]...)...))
		}
		return b.String() + "XXR 4\nXXC white1\n"
	}
	f := file([]string{"   3 w 1"}, []string{"   4 b 1"}, []string{"   1 b 0"}, []string{"   2 w 0"})
	code, out, errs := runCmd(t, f, "pair", "--dutch", "-", "--check")
	want := "round 3: the file's pairing differs from the rules'\n" +
		"  rules   file\n" +
		"  1 - 4   1 - 3\n" +
		"  3 - 2   4 - 2\n" +
		"3 rounds checked: 1 differs (round 3)\n"
	if code != 1 || out != want {
		t.Errorf("a rematch in round 3: status %d, stderr %q\n%s\nwant\n%s", code, errs, out, want)
	}
	// Rounds 1 to 3 as the rules pair them, every player has met every
	// other, and the file pairs 1-2 and 3-4 again in round 4: the rules
	// cannot pair it at all.
	f = file([]string{"   4 w 1", "   2 w 1"}, []string{"   3 b 1", "   1 b 0"}, []string{"   2 w 0", "   4 w 1"}, []string{"   1 b 0", "   3 b 0"})
	code, out, errs = runCmd(t, f, "pair", "--dutch", "-", "--check")
	if code != 1 || !strings.HasPrefix(out, "round 4: the rules cannot pair it: C.1") || !strings.HasSuffix(out, "; players 1, 2, 3, 4\n4 rounds checked: 1 differs (round 4)\n") {
		t.Errorf("an unpairable round 4: status %d, stderr %q\n%s", code, errs, out)
	}
}

// Rounds of the Berger tables of FIDE C.05 Annex 1, in the pairing form.
func TestPairRoundRobin(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// 10 players, round 4: "10-7 8-6 9-5 1-4 2-3".
		{[]string{"--round-robin", "10", "--round", "4"}, "5\n10 7\n8 6\n9 5\n1 4\n2 3\n"},
		// 9 players: the same table, 10 a bye.
		{[]string{"--round-robin", "9", "--round", "4"}, "5\n8 6\n9 5\n1 4\n2 3\n7 0\n"},
		// 5 players, round 3: "2-6 3-1 4-5" of the table for 6.
		{[]string{"--round", "3", "--round-robin", "5"}, "3\n3 1\n4 5\n2 0\n"},
		// A double round robin of 6: round 6 is round 1 reversed, and
		// rounds 4 and 5 are the table's 5 and 4.
		{[]string{"--round-robin", "6", "--round", "6", "--double"}, "3\n6 1\n5 2\n4 3\n"},
		{[]string{"--round-robin", "6", "--round", "4", "--double"}, "3\n3 6\n4 2\n5 1\n"},
		{[]string{"--round-robin", "6", "--round", "4", "--double", "--keep-last-rounds"}, "3\n6 5\n1 4\n2 3\n"},
		// Every round of the table for 4.
		{[]string{"--round-robin", "4"}, "2\n1 4\n2 3\n\n2\n4 3\n1 2\n\n2\n2 4\n3 1\n"},
	} {
		code, out, errs := runCmd(t, "", append([]string{"pair"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("%v: status %d, stderr %q\n%s\nwant\n%s", c.args, code, errs, out, c.want)
		}
	}
}

// A wrong command line is status 2, with what is wrong.
func TestPairUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		say  string
	}{
		{[]string{}, "--dutch FILE or --round-robin N"},
		{[]string{"--dutch"}, "needs a TRF file"},
		{[]string{"--dutch", "no/such/file.trf"}, "no/such/file.trf"},
		{[]string{"--dutch", "a.trf", "--round-robin", "4"}, "not both"},
		{[]string{"--dutch", "a.trf", "-p", "--check"}, "not both"},
		{[]string{"--dutch", "a.trf", "--check", "out.txt"}, "too many operands"},
		{[]string{"--dutch", "a.trf", "out.txt", "more"}, "too many operands"},
		{[]string{"--dutch", "a.trf", "--round", "2"}, "go with --round-robin"},
		{[]string{"--round-robin", "4", "a.trf"}, "takes no file"},
		{[]string{"--round-robin", "1"}, "2 to 1000 players"},
		{[]string{"--round-robin", "4", "--round", "4"}, "rounds 1 to 3"},
		{[]string{"--round-robin", "4", "--keep-last-rounds"}, "goes with --double"},
	} {
		code, out, errs := runCmd(t, "", append([]string{"pair"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.say) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.say)
		}
	}
}

// FuzzPairDutch gives the command any file: it pairs it, checks it or
// refuses it, with status 0, 1 or 2, and never panics; a pairing it
// writes is one ReadPairs reads (each player in it once).
func FuzzPairDutch(f *testing.F) {
	for _, c := range dutchCases[:6] {
		if b, err := os.ReadFile(dutchCase(c, ".trf")); err == nil {
			f.Add(b, false)
		}
	}
	for _, name := range []string{"testdata/pair/swiss10.trf", "testdata/pair/swiss10-swapped.trf"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, true)
		}
	}
	f.Add([]byte(trfPlayer(1, "   2 w 1")+trfPlayer(2, "   1 b 0")+trfPlayer(3, "0000 - U")+"XXR 3\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, check bool) {
		mode := "-p"
		if check {
			mode = "--check"
		}
		var out, errs bytes.Buffer
		code := run([]string{"pair", "--dutch", "-", mode}, bytes.NewReader(data), &out, &errs)
		if code < 0 || code > 2 {
			t.Fatalf("status %d: %s", code, errs.String())
		}
		if code != 0 && errs.Len() == 0 && !check {
			t.Fatalf("status %d without a word", code)
		}
		if code != 0 || check {
			return
		}
		if _, err := pairing.ReadPairs(&out); err != nil {
			t.Fatalf("the pairing written is not read back: %v\n%s", err, out.String())
		}
	})
}

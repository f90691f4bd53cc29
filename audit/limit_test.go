package audit

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// shuffle returns the movetext of plies plies of knights going back and
// forth from the start (fivefold repetition at ply 16), with move numbers.
func shuffle(plies int) string {
	cycle := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	var b strings.Builder
	for i := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(cycle[i%4])
		b.WriteByte(' ')
		if i%16 == 15 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// around is three games: Fool's mate with a move after it, the given
// game, and an illegal king move.
func around(game string) string {
	return "[White \"Fool\"]\n[Black \"Mate\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n\n" +
		game +
		"\n\n[White \"Illegal\"]\n[Black \"Move\"]\n\n1. e4 e5 2. Ke3 *\n"
}

// TestGameOverTheLimitIsAFindingAndTheGamesAfterItAreAudited audits a
// game longer than the limit on a game's text between two short games:
// the long game is one game-too-long finding at its number and line,
// skipped, and the games around it give the findings they give without
// it (the game after it one number further on). Every worker count,
// chunk size and chunk limit (runs of pieces among them) gives the same
// findings as one reader.
func TestGameOverTheLimitIsAFindingAndTheGamesAfterItAreAudited(t *testing.T) {
	long := "[White \"Long\"]\n[Black \"Game\"]\n[Result \"1/2-1/2\"]\n\n" + shuffle(5000) + "1/2-1/2"
	data := around(long)
	const limit = 10_000
	if len(long) < 2*limit {
		t.Fatalf("the long game has %d bytes", len(long))
	}
	without, wst, err := serialAuditLimit(t, strings.NewReader(around("")), limit)
	if err != nil || len(without) != 2 || wst.Games != 2 {
		t.Fatalf("without the long game: %v %+v %v", without, wst, err)
	}
	want, st, err := serialAuditLimit(t, strings.NewReader(data), limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 3 || st.Games != 3 || st.Skipped != 1 || st.Findings[GameTooLong] != 1 || st.Plies != wst.Plies {
		t.Fatalf("findings %v, stats %+v", want, st)
	}
	f := want[1]
	if f.Kind != GameTooLong || f.Severity != Error || f.Game != 2 || f.Line != 7 || !strings.Contains(f.Text, "longer than 10000 bytes") {
		t.Fatalf("the long game: %+v", f)
	}
	after := want[2]
	after.Game--
	after.Line -= strings.Count(long, "\n")
	if want[0] != without[0] || after != without[1] {
		t.Fatalf("the games around the long one:\n%+v\n%+v\nwithout it:\n%+v", want[0], want[2], without)
	}
	// With the default limit the same game is audited: no finding of the kind.
	if fs, _, _ := serialAudit(t, strings.NewReader(data)); len(only(fs, GameTooLong)) != 0 || len(only(fs, PlayedAfterEnd)) != 2 {
		t.Fatalf("under the default limit: %v", fs)
	}
	for _, workers := range []int{1, 2, 3} {
		for _, size := range []int{1, 100, 5000, 0} {
			for _, chunkLimit := range []int{0, 2, 3000} {
				got, gst, err := streamAuditOpts(t, iotest.HalfReader(strings.NewReader(data)),
					Options{Workers: workers, ChunkSize: size, ChunkLimit: chunkLimit, MaxGameBytes: limit})
				if err != nil {
					t.Fatal(err)
				}
				sameFindings(t, fmt.Sprintf("workers %d, chunks of %d, limit %d", workers, size, chunkLimit), got, want, gst, st)
			}
		}
	}
}

// TestGameOverMaxPliesReplayedUpToTheLimit audits a game of knights going
// back and forth for more plies than MaxPlies: the replay reports the
// fivefold repetition and the moves after it, stops at MaxPlies with a
// game-too-long finding, and the next game is audited.
func TestGameOverMaxPliesReplayedUpToTheLimit(t *testing.T) {
	long := "[White \"Long\"]\n[Black \"Game\"]\n[Result \"1-0\"]\n\n" + shuffle(MaxPlies+1000) + "1-0"
	fs, st := auditText(t, around(long), "fide")
	var kinds []string
	for _, f := range fs {
		kinds = append(kinds, fmt.Sprintf("%d:%s", f.Game, f.Kind))
	}
	if got := strings.Join(kinds, " "); got != "1:played-after-end 2:claimable-threefold 2:played-after-end 2:game-too-long 3:illegal-move" {
		t.Fatalf("findings %s", got)
	}
	f := only(fs, GameTooLong)[0]
	if f.Ply != MaxPlies+1 || f.Line != 7 || f.White != "Long" || !strings.Contains(f.Text, fmt.Sprint(MaxPlies+1000)) {
		t.Fatalf("%+v", f)
	}
	// The decisive result after the fivefold is not checked: the plies
	// after the limit are not replayed.
	if len(only(fs, ResultContradictsLaws)) != 0 {
		t.Fatalf("result checked: %v", fs)
	}
	if st.Plies != 4+MaxPlies+2 || st.Skipped != 0 {
		t.Fatalf("stats %+v", st)
	}
	// Exactly MaxPlies plies are replayed to the end, result included.
	fs, _ = auditText(t, around(strings.Replace(long, shuffle(MaxPlies+1000), shuffle(MaxPlies), 1)), "fide")
	if len(only(fs, GameTooLong)) != 0 || len(onlyReason(fs, DecisiveAfterDraw)) != 1 {
		t.Fatalf("a game of MaxPlies plies: %v", fs)
	}
}

// TestStreamWithNowhereToCut audits games with no blank line between them
// (the splitter finds no place to cut, so the text goes to one worker in
// pieces) with several workers, chunk sizes and chunk limits, and checks
// the findings against one reader's.
func TestStreamWithNowhereToCut(t *testing.T) {
	var lines []string
	for _, l := range strings.Split(string(allTestdataPGN(t)), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	data := []byte(strings.Join(lines, "\n"))
	want, wst, err := serialAudit(t, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 100 || wst.Games < 1000 {
		t.Fatalf("only %d findings in %d games", len(want), wst.Games)
	}
	for _, workers := range []int{1, 3} {
		for _, lim := range [][2]int{{10_000, 0}, {10_000, 50_000}, {0, 300_000}} {
			got, gst, err := streamAuditOpts(t, iotest.HalfReader(bytes.NewReader(data)), Options{Workers: workers, ChunkSize: lim[0], ChunkLimit: lim[1]})
			if err != nil {
				t.Fatal(err)
			}
			sameFindings(t, fmt.Sprintf("workers %d, chunks of %d, limit %d", workers, lim[0], lim[1]), got, want, gst, wst)
		}
	}
	// A read error in a run comes after the findings before it.
	boom := io.ErrUnexpectedEOF
	cut := data[:len(data)/2]
	want, wst, werr := serialAudit(t, io.MultiReader(bytes.NewReader(cut), iotest.ErrReader(boom)))
	got, gst, gerr := streamAuditOpts(t, io.MultiReader(bytes.NewReader(cut), iotest.ErrReader(boom)), Options{Workers: 2, ChunkSize: 10_000, ChunkLimit: 50_000})
	if werr != boom || gerr != boom {
		t.Fatalf("errors %v and %v", werr, gerr)
	}
	sameFindings(t, "read error in a run", got, want, gst, wst)
}

package scoresheet_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/touch"
)

// play runs actions written "w lift e2" through the touch engine and
// returns the PGN movetext of the game with its scoresheet's comments.
func play(t *testing.T, lines ...string) string {
	t.Helper()
	e, err := touch.New(protocol.Start{}, touch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := scoresheet.New(e.Game().Start())
	for i, l := range lines {
		f := strings.Fields(l)
		a := protocol.Action{By: map[string]string{"w": "white", "b": "black"}[f[0]], Act: f[1]}
		if a.Act == protocol.Claim {
			a.What = f[2]
		} else if len(f) > 2 {
			a.Sq = f[2]
		}
		sheet.Add(&a, e.Apply(i+1, a), e.Game().Ply())
	}
	g := &pgn.Game{Result: "*"}
	for _, s := range e.Game().SANs() {
		g.Moves = append(g.Moves, &pgn.Move{SAN: s})
	}
	sheet.Annotate(g)
	var buf bytes.Buffer
	if err := pgn.NewWriter(&buf).Write(g); err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(buf.String()), " ")
}

func has(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("PGN lacks %q:\n%s", w, got)
		}
	}
}

// A violating move taken back by a granted claim (4.3.1, 4.8) is named in
// the comment, which stands on the last move that remains, before the
// claim's comment and before the move that replaced it; a reinstated
// illegal move (7.5.1) names what the board showed.
func TestCommentsOnTheMovesTheyConcern(t *testing.T) {
	got := play(t,
		"w lift e2", "w drop e4", "w clock",
		"b lift e7", "b drop e5", "b clock",
		"w lift g1", "w drop f3", "w clock",
		"b touch g8", "b lift a7", "b drop a6", "b clock",
		"w claim touch-move",
		"b lift g8", "b drop e7", "b clock",
		"w lift f3", "w drop f5", "w clock",
	)
	has(t, got,
		"2. Nf3 {2... a6 (taken back): violation 4.3.1 by black: touched the knight on g8 first but moved the pawn on a7} {claim touch-move by white granted (4.3.1)} 2... Ne7",
		"2... Ne7 {illegal move 7.5.1 by white (1st): the board showed Nf3-f5; 120 s to black; the game goes on from rnbqkb1r/ppppnppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3}",
	)
	if strings.Contains(got, "Ne7 {violation") {
		t.Errorf("the violation is written on the replacing move:\n%s", got)
	}
}

// A violation on a move that stands sits right after that move.
func TestViolationOnTheMoveThatStands(t *testing.T) {
	got := play(t, "w touch g1", "w lift e2", "w drop e4", "w clock", "b lift e7", "b drop e5", "b clock")
	has(t, got, "1. e4 {violation 4.3.1 by white: touched the knight on g1 first but moved the pawn on e2} 1... e5")
}

// The Termination tag speaks the PGN standard's words (9.8.1); the
// project's own reason goes elsewhere.
func TestTermination(t *testing.T) {
	for reason, want := range map[string]string{
		"checkmate": "normal", "stalemate": "normal", "threefold": "normal", "resignation": "normal", "agreement": "normal",
		"dead-position": "normal", "fivefold": "normal", "seventy-five-moves": "normal", "fifty-moves": "normal",
		"time": "time forfeit", "time-vs-no-mate": "time forfeit",
		"illegal-moves": "rules infraction", "illegal-moves-vs-no-mate": "rules infraction",
		"arbiter": "adjudication", "": "unterminated",
	} {
		if got := scoresheet.Termination(reason); got != want {
			t.Errorf("Termination(%q) = %q, want %q", reason, got, want)
		}
	}
}

// K1, PGN: the TimeControl tag in the PGN standard's forms, and US Chess's
// for a delay.
func TestTimeControl(t *testing.T) {
	for _, c := range []struct {
		clock *protocol.Clock
		want  string
	}{
		{nil, "-"},
		{&protocol.Clock{White: 300, Black: 300, Increment: 2}, "300+2"},
		{&protocol.Clock{White: 180, Black: 180}, "180"},
		{&protocol.Clock{White: 5400, Black: 5400, Increment: 30, Periods: []protocol.Period{{Moves: 40, Add: 1800}}}, "40/5400+30:1800+30"},
		{&protocol.Clock{White: 7200, Black: 7200, Periods: []protocol.Period{{Moves: 40, Add: 3600}, {Moves: 60, Add: 900}}}, "40/7200:20/3600:900"},
		{&protocol.Clock{White: 1800, Black: 1800, Delay: 5, DelayMode: "us"}, "G/30;d5"},
		{&protocol.Clock{White: 5400, Black: 5400, Delay: 10, DelayMode: "bronstein"}, "G/90;d10 Bronstein"},
	} {
		if got := scoresheet.TimeControl(c.clock); got != c.want {
			t.Errorf("%+v: %q, want %q", c.clock, got, c.want)
		}
	}
}

// [%clk] after every move: the time left after that move's press, and
// [%emt], the time the move took, where the actions carry t.
func TestClockComments(t *testing.T) {
	e, err := touch.New(protocol.Start{Clock: &protocol.Clock{White: 300, Black: 300, Increment: 2}}, touch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := scoresheet.New(e.Game().Start())
	at := func(ms int64) *int64 { return &ms }
	for i, a := range []protocol.Action{
		{By: "white", Act: "lift", Sq: "e2", T: at(1000)},
		{By: "white", Act: "drop", Sq: "e4", T: at(2000)},
		{By: "white", Act: "clock", T: at(2500)},
		{By: "black", Act: "lift", Sq: "e7", T: at(6000)},
		{By: "black", Act: "drop", Sq: "e5", T: at(7000)},
		{By: "black", Act: "clock", T: at(62500)},
	} {
		sheet.Add(&a, e.Apply(i+1, a), e.Game().Ply())
	}
	var buf bytes.Buffer
	if err := pgn.NewWriter(&buf).Write(sheet.Game(nil, e.Game().SANs(), "*")); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(strings.Fields(buf.String()), " ")
	has(t, got, "1. e4 {[%clk 0:04:59] [%emt 0:00:02]} 1... e5 {[%clk 0:04:02] [%emt 0:01:00]} *")
}

// ParseTimeControl reads back what TimeControl writes (the standard's
// forms).
func TestParseTimeControl(t *testing.T) {
	for _, s := range []string{"300+2", "180", "40/5400+30:1800+30", "40/7200:20/3600:900"} {
		c, err := scoresheet.ParseTimeControl(s)
		if err != nil || scoresheet.TimeControl(c) != s {
			t.Errorf("%q: %+v %v", s, c, err)
		}
	}
	// The last two: move counts that overflowed into a period at move -2,
	// and a time beyond protocol.Clock's bounds (laws K1).
	for _, s := range []string{"?", "-", "G/30;d5", "5400+x", "1800:600", "9223372036854775807/1:9223372036854775807/1:1", "40/9999999:60"} {
		if _, err := scoresheet.ParseTimeControl(s); err == nil {
			t.Errorf("%q read", s)
		}
	}
}

// An irregularity (7.6: a displaced piece put back at the press) is a
// comment of the record, like a violation.
func TestIrregularityComment(t *testing.T) {
	e, err := touch.New(protocol.Start{}, touch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := scoresheet.New(e.Game().Start())
	for i, a := range []protocol.Action{{By: "white", Act: "lift", Sq: "e2"}, {By: "white", Act: "drop", Sq: "e4"},
		{By: "white", Act: "knock", Sq: "g1", To: "h3"}, {By: "white", Act: "clock"}} {
		sheet.Add(&a, e.Apply(i+1, a), e.Game().Ply())
	}
	var b strings.Builder
	if err := pgn.NewWriter(&b).Write(sheet.Game(nil, e.Game().SANs(), "*")); err != nil {
		t.Fatal(err)
	}
	has(t, strings.Join(strings.Fields(b.String()), " "), "{irregularity 7.6 by white: the knight knocked from g1 onto h3 by white and not set right is put back on g1")
}

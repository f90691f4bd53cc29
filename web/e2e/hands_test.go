package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// castleFEN is the position of examples/protocol-2-rook-first-fide.jsonl:
// both sides may castle on either wing.
const castleFEN = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"

// rookFirstGame creates a game from castleFEN under FIDE rules with ten
// minutes each and no increment, and opens its play page.
func rookFirstGame(t *testing.T, base string) (*browser, createdGame) {
	t.Helper()
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Rook first", "games": []map[string]any{{"white": "Anna", "black": "Boris",
			"start": map[string]any{"fen": castleFEN, "rules": "fide", "clock": map[string]int{"white": 600, "black": 600, "increment": 0}}}},
	}, &ev)
	g := ev.Games[0]
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 5*time.Second)
	b.wait("both clocks", 3*time.Second, `document.querySelector("#clock-white").textContent === "10:00" && document.querySelector("#clock-black").textContent === "10:00"`)
	return b, g
}

// ruled is a ruling of a log entry with who it concerns and its bonus.
type ruled struct {
	N       int
	Kind    string `json:"kind"`
	By      string `json:"by"`
	Article string `json:"article"`
	Rule    string `json:"rule"`
	Sq      string `json:"sq"`
	Bonus   *struct {
		To      string `json:"to"`
		Seconds int    `json:"seconds"`
	} `json:"bonus"`
}

// rulingsOf lists the rulings of a game's log, each with its entry's n.
func rulingsOf(t *testing.T, base, game string) []ruled {
	t.Helper()
	var es []struct {
		N       int     `json:"n"`
		Rulings []ruled `json:"rulings"`
	}
	apiCall(t, "GET", base+"/api/games/"+game+"/log", "", nil, &es)
	var out []ruled
	for _, e := range es {
		for _, r := range e.Rulings {
			r.N = e.N
			out = append(out, r)
		}
	}
	return out
}

// clockButtons is whether each clock button of the play page is enabled,
// White's first.
const clockButtons = `[!document.querySelector("#press-white").disabled, !document.querySelector("#press-black").disabled]`

// whiteOwesHisChangedMove checks the play page between White's king move
// and his press: the board shows Rf1 and the king on g1, Black has the
// move, and only White's clock button is enabled (his press is owed; Black
// has no move of his own to complete).
func whiteOwesHisChangedMove(t *testing.T, b *browser) {
	t.Helper()
	b.wait("the king on g1", 3*time.Second, board+`.dataset.fen.split("/")[7] === "R4RK1"`)
	if m := eval[string](b, board+".dataset.mover"); m != "black" {
		t.Errorf("after Rf1 the page says %s has the move, want black", m)
	}
	if e := eval[[]bool](b, clockButtons); !e[0] || e[1] {
		t.Errorf("clock buttons enabled %v (White, Black), want White's only", e)
	}
}

// isWhitesIllegalCastling checks what follows White's press, as the
// README's replay of examples/protocol-2-rook-first-fide.jsonl rules it
// under FIDE: the press completes an illegal move by White (7.5.1), the
// start position is reinstated, Black's clock gets 120 s, and White must
// still move the rook, to f1 (4.3.1, 4.7); moving it there and pressing is
// then a plain Rf1 with no further illegal move.
func isWhitesIllegalCastling(t *testing.T, b *browser, base string, g createdGame, wantActs []string) {
	t.Helper()
	noticeHas(b, "illegal", "7.5.1")
	if got := actionsOf(waitLog(t, base, g.ID, len(wantActs))); !slices.Equal(got, wantActs) {
		t.Fatalf("posted %q,\nwant %q", got, wantActs)
	}
	var illegal []ruled
	for _, r := range rulingsOf(t, base, g.ID) {
		if r.Kind == "illegal" {
			illegal = append(illegal, r)
		}
	}
	if len(illegal) != 1 {
		t.Fatalf("illegal moves ruled: %+v, want one", illegal)
	}
	r := illegal[0]
	if r.By != "white" || r.Article != "7.5.1" || r.Bonus == nil || r.Bonus.To != "black" || r.Bonus.Seconds != 120 || r.N != len(wantActs) {
		t.Errorf("the illegal move ruled: %+v, bonus %+v; want White's (7.5.1) at his press, entry %d, 120 s to Black", r, r.Bonus, len(wantActs))
	}
	boardIs(b, "mover", "white", 3*time.Second)
	boardIs(b, "duty", "move:h1", 3*time.Second)
	if fen := eval[string](b, board+".dataset.fen"); fen != strings.Fields(castleFEN)[0] {
		t.Errorf("the board shows %s, want the start reinstated", fen)
	}
	if s := b.text("#rulings"); !strings.Contains(s, "Illegal move by White") {
		t.Errorf("the rulings do not name White's illegal move:\n%s", s)
	}
	// Black's clock has not run: its ten minutes and the two of the bonus.
	b.wait("Black's clock with the bonus", 3*time.Second, `document.querySelector("#clock-black").textContent === "12:00"`)
	if !eval[bool](b, `document.querySelector("#clock-white").classList.contains("running")`) {
		t.Errorf("White's clock does not run after his illegal move")
	}

	// The rook is owed: White moves it to f1 and presses.
	b.typeMove("h1f1")
	boardIs(b, "mover", "black", 3*time.Second)
	b.pressClock("white")
	b.wait("Black's clock running", 3*time.Second, `document.querySelector("#clock-black").classList.contains("running")`)
	if got := b.text("#moves"); !strings.Contains(got, "Rf1") {
		t.Errorf("the moves read %q, want Rf1", got)
	}
	for _, r := range rulingsOf(t, base, g.ID) {
		if r.N > len(wantActs) && (r.Kind == "illegal" || r.Kind == "violation" || r.Kind == "error") {
			t.Errorf("entry %d after the reinstatement: a %s ruling (%s)", r.N, r.Kind, r.Article)
		}
	}
}

// rookFirstActs are the actions of the rook h1-f1, the king e1-g1 and
// White's press, all of them White's hand.
var rookFirstActs = []string{"white lift h1", "white drop f1", "white lift e1", "white drop g1", "white clock"}

// T11: from his move made to his press, a player's hand on his own pieces
// is his. White drags the rook h1-f1 (Rf1 is made: Black has the move),
// then the king e1-g1, and presses his clock: the king's lift and drop
// are White's, and the press completes White's illegal move (7.5.1,
// 120 s to Black), the rook still owed.
func TestPlay_T11_RookFirstThenKingDraggedIsWhitesIllegalMove(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	b, g := rookFirstGame(t, base)
	b.drag("h1", "f1")
	boardIs(b, "mover", "black", 3*time.Second)
	b.drag("e1", "g1")
	whiteOwesHisChangedMove(t, b)
	if got := actionsOf(waitLog(t, base, g.ID, 4)); !slices.Equal(got, rookFirstActs[:4]) {
		t.Fatalf("the drags posted %q, want %q", got, rookFirstActs[:4])
	}
	b.pressClock("white")
	isWhitesIllegalCastling(t, b, base, g, rookFirstActs)
}

// T11, typed: "h1f1", "e1g1", "c" are the same hands as the drags. The
// typed king move is no castling (White's move is made; his hand moves the
// king alone), and "c" is White's press, whose move is made and changed.
func TestPlay_T11_RookFirstThenKingTypedIsWhitesIllegalMove(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	b, g := rookFirstGame(t, base)
	b.typeMove("h1f1")
	boardIs(b, "mover", "black", 3*time.Second)
	b.typeMove("e1g1")
	whiteOwesHisChangedMove(t, b)
	b.typeMove("c")
	isWhitesIllegalCastling(t, b, base, g, rookFirstActs)
}

// T11, the whole story: White's rook h1-f1 and king e1-g1, then
// Black's reply a7-a6 before White's press. A hand on Black's pawn is
// Black's (he has the move), a hand on White's pieces White's; the page
// loaded again reads the same from the log (whose hand changed the board,
// whose press is owed: only White's button); the keyboard's C is White's
// press, and the illegal move is White's, with 120 s to Black.
func TestPlay_T11_BlacksReplyThenTheKeyboardPressIsWhites(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	b, g := rookFirstGame(t, base)
	b.drag("h1", "f1")
	boardIs(b, "mover", "black", 3*time.Second)
	b.drag("e1", "g1")
	whiteOwesHisChangedMove(t, b)
	b.drag("a7", "a6")
	want := append(slices.Clone(rookFirstActs[:4]), "black lift a7", "black drop a6")
	if got := actionsOf(waitLog(t, base, g.ID, len(want))); !slices.Equal(got, want) {
		t.Fatalf("posted %q, want %q", got, want)
	}
	for _, reload := range []bool{false, true} {
		if reload {
			b.open("/play/" + g.ID)
			b.wait("the pawn on a6", 5*time.Second, board+`&& `+board+`.dataset.fen === "r3k2r/1ppppppp/p7/8/8/8/PPPPPPPP/R4RK1"`)
		}
		if e := eval[[]bool](b, clockButtons); !e[0] || e[1] {
			t.Errorf("reloaded %v: clock buttons enabled %v (White, Black), want White's only", reload, e)
		}
	}
	b.do("focus the board", chromedp.Focus(chromedp.ID("board-frame")))
	b.do("the clock from the keyboard", chromedp.KeyEvent("c"))
	isWhitesIllegalCastling(t, b, base, g, append(want, "white clock"))
}

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newGame creates an event of one game (from the start position unless
// fen is given) and returns it.
func newGame(t *testing.T, base, fen string) (createdEvent, createdGame) {
	t.Helper()
	game := map[string]any{"white": "Anna", "black": "Boris"}
	if fen != "" {
		game["start"] = map[string]any{"fen": fen}
	}
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Test", "games": []map[string]any{game}}, &ev)
	return ev, ev.Games[0]
}

// boardTop is the top of the play page's board on the screen.
func boardTop(b *browser) float64 {
	b.t.Helper()
	return eval[float64](b, `document.querySelector("#board cg-board").getBoundingClientRect().top`)
}

// The lost game: at 1400×900, opening "Claims, draw, resign" in
// Black's panel above the board moves the board down; the board must still
// read the hand where it is: a drag from e2 to e4 posts a lift on e2 and a
// drop on e4 (not e1 and e3), and so does Black's reply once the panel is
// closed again.
func TestPlay_InputExactAfterTheLayoutMoves(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "")
	b := newBrowser(t, "players", base, 1400, 900)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 5*time.Second)
	b.wait("the board drawn", 3*time.Second, pieceOn("e2", "P"))

	before := boardTop(b)
	b.do("open Black's claims", chromedp.Click(chromedp.CSS("#player-black details.more summary")))
	b.wait("the panel open", 3*time.Second, `document.querySelector("#player-black details.more").open`)
	if moved := boardTop(b) - before; moved < 30 {
		t.Fatalf("opening the panel moved the board %.0f px: the test needs it to move", moved)
	}
	b.drag("e2", "e4")
	if got, want := actionsOf(waitLog(t, base, g.ID, 2)), []string{"white lift e2", "white drop e4"}; !slices.Equal(got, want) {
		t.Fatalf("the drag posted %q, want %q", got, want)
	}
	b.pressClock("white")
	boardIs(b, "mover", "black", 3*time.Second)

	// The panel closes again: the board moves back up.
	b.do("close Black's claims", chromedp.Click(chromedp.CSS("#player-black details.more summary")))
	b.wait("the panel closed", 3*time.Second, `!document.querySelector("#player-black details.more").open`)
	b.drag("e7", "e5")
	if got := actionsOf(waitLog(t, base, g.ID, 5)); !slices.Equal(got[3:], []string{"black lift e7", "black drop e5"}) {
		t.Fatalf("Black's drag posted %q", got[3:])
	}
}

// "Press clock" waits for a move: before any move both buttons are
// disabled, and a typed "c" is refused by the page (a press without a move
// would be an illegal move, 7.5.3); a touch is no move; once the piece is
// moved the button of the player whose move it is is enabled (Black has
// the move then, but his button waits for his own move).
func TestPlay_ClockButtonWaitsForAMove(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "")
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 5*time.Second)
	b.wait("the board drawn", 3*time.Second, pieceOn("e2", "P"))
	disabled := `[document.querySelector("#press-white").disabled, document.querySelector("#press-black").disabled]`
	if d := eval[[]bool](b, disabled); !d[0] || !d[1] {
		t.Fatalf("before any move the clock buttons are disabled %v, want both", d)
	}
	b.typeMove("c")
	noticeHas(b, "error", "make a move")
	b.click("e2")
	boardIs(b, "duty", "move:e2", 3*time.Second)
	if d := eval[[]bool](b, disabled); !d[0] || !d[1] {
		t.Errorf("after a touch the clock buttons are disabled %v, want both", d)
	}
	if got := actionsOf(logOf(t, base, g.ID)); !slices.Equal(got, []string{"white touch e2"}) {
		t.Fatalf("posted %q, want only the touch", got)
	}
	b.drag("e2", "e4")
	b.wait("White's clock button enabled", 3*time.Second, `!document.querySelector("#press-white").disabled`)
	if d := eval[[]bool](b, disabled); !d[1] {
		t.Errorf("Black's clock button enabled while White has the move")
	}
	// Black has the move since White's move was made; White's press
	// completes it, and then neither button is for anyone.
	boardIs(b, "mover", "black", 3*time.Second)
	b.pressClock("white")
	b.wait("both clock buttons disabled after White's press", 3*time.Second, disabled+`.every(x => x)`)
	for _, e := range logOf(t, base, g.ID) {
		for _, r := range e.Rulings {
			if r.Kind == "illegal" {
				t.Errorf("an illegal move was ruled (%s)", r.Article)
			}
		}
	}
}

// A typed king move of two squares castles: the page posts the king's
// lift and drop, then the rook's (king first, then rook, FIDE 4.7.2),
// and the help says how to castle by hand.
func TestPlay_TypedCastlingMovesTheRook(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 5*time.Second)
	if help := b.text("#move-help"); !strings.Contains(help, "king first, then the rook") {
		t.Errorf("the help does not say how to castle: %q", help)
	}
	b.typeMove("e1g1")
	b.wait("O-O", 3*time.Second, `document.querySelector("#moves .mv.last")?.textContent === "O-O"`)
	b.typeMove("c")
	boardIs(b, "mover", "black", 3*time.Second)
	b.typeMove("e8c8")
	b.wait("O-O-O", 3*time.Second, `document.querySelector("#moves .mv.last")?.textContent === "O-O-O"`)
	b.pressClock("black")
	want := []string{"white lift e1", "white drop g1", "white lift h1", "white drop f1", "white clock",
		"black lift e8", "black drop c8", "black lift a8", "black drop d8", "black clock"}
	// White has had the move since Black's move was made: wait for the
	// press itself in the log.
	got := actionsOf(logOf(t, base, g.ID))
	for end := time.Now().Add(3 * time.Second); len(got) < len(want) && time.Now().Before(end); got = actionsOf(logOf(t, base, g.ID)) {
		time.Sleep(20 * time.Millisecond)
	}
	if !slices.Equal(got, want) {
		t.Errorf("posted %q,\nwant %q", got, want)
	}
	if r := rank1(eval[string](b, board+".dataset.legalFen")); r != "R4RK1" {
		t.Errorf("first rank after O-O: %s", r)
	}
}

// On a phone the notice of an illegal move is on the screen, not below
// the board and the panels.
func TestPlay_PhoneNoticeInView(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "")
	b := newBrowser(t, "phone", base, phoneW, phoneH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	b.resize(phoneW, phoneH, true)
	boardIs(b, "mover", "white", 5*time.Second)
	b.typeMove("e2e5")
	b.typeMove("c")
	noticeHas(b, "illegal", "7.5.1")
	b.do("scroll to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	inView := `(() => { const r = document.querySelector("#notice").getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; })()`
	b.wait("the notice in view", 2*time.Second, inView)
	// What covers the notice's middle is the notice itself.
	if !eval[bool](b, `(() => { const n = document.querySelector("#notice"), r = n.getBoundingClientRect();
		return n.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })()`) {
		t.Errorf("the notice is covered")
	}
	b.screenshotView("play-notice-phone")
	// It can be put away.
	b.do("dismiss", chromedp.Click(chromedp.CSS("#notice .notice-close")))
	b.wait("the notice hidden", 2*time.Second, `document.querySelector("#notice").hidden`)
}

// Checkmate shows on the board: the mated king's square is marked, on the
// board page and on the play page.
func TestBoard_CheckHighlight(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "")
	post(t, base, g, append(moves("white", "f2f3 e7e5 g2g4"), act{"by": "black", "act": "lift", "sq": "d8"}, act{"by": "black", "act": "drop", "sq": "h4"})...)
	b := newBrowser(t, "spectator", base, desktopW, desktopH)
	for _, page := range []string{"/board/", "/play/"} {
		b.open(page + g.ID)
		b.wait("the queen on h4", 5*time.Second, pieceOn("h4", "q"))
		b.wait("the check marked", 3*time.Second, `!!document.querySelector("#board square.check")`)
		// The marked square is e1's: on a board seen from White, the
		// file's middle at x and the rank's at y.
		x, y := b.square("#board", "e1")
		if !eval[bool](b, fmt.Sprintf(`(() => { const r = document.querySelector("#board square.check").getBoundingClientRect();
			return r.left <= %f && %f <= r.right && r.top <= %f && %f <= r.bottom; })()`, x, x, y, y)) {
			t.Errorf("%s: the check is not marked on e1", page)
		}
	}
}

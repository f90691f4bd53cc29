package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

const board = `document.querySelector("#board")`

// boardIs waits until the play or board page's board data attribute has
// the given value.
func boardIs(b *browser, attr, want string, d time.Duration) {
	b.t.Helper()
	b.wait(fmt.Sprintf("board %s = %q", attr, want), d, fmt.Sprintf(`%s && %s.dataset.%s === %q`, board, board, attr, want))
}

// noticeHas waits for the notice of the given kind mentioning text.
func noticeHas(b *browser, kind, text string) {
	b.t.Helper()
	b.wait(kind+" notice with "+text, 3*time.Second, fmt.Sprintf(`(document.querySelector("#notice.kind-%s")||{textContent:""}).textContent.includes(%q)`, kind, text))
}

// rank1 is the first field of a FEN's last rank (for castling checks).
func rank1(fen string) string {
	rows := strings.Split(strings.Fields(fen)[0], "/")
	return rows[len(rows)-1]
}

// keyTo moves the play page's keyboard cursor to sq with the arrow keys.
func keyTo(b *browser, sq string) {
	b.t.Helper()
	cur := eval[string](b, board+".dataset.cursor")
	var keys strings.Builder
	for f := cur[0]; f < sq[0]; f++ {
		keys.WriteString(kb.ArrowRight)
	}
	for f := cur[0]; f > sq[0]; f-- {
		keys.WriteString(kb.ArrowLeft)
	}
	for r := cur[1]; r < sq[1]; r++ {
		keys.WriteString(kb.ArrowUp)
	}
	for r := cur[1]; r > sq[1]; r-- {
		keys.WriteString(kb.ArrowDown)
	}
	if keys.Len() > 0 {
		b.do("cursor to "+sq, chromedp.KeyEvent(keys.String()))
	}
	b.wait("cursor on "+sq, 2*time.Second, fmt.Sprintf(`%s.dataset.cursor === %q`, board, sq))
}

// A newcomer starts a game on the first page and plays it at one screen:
// a click touches the knight (an obligation drawn on the board), a drag
// moves a pawn instead (violation 4.3.1), an illegal move is completed at
// the clock (7.5.1: reinstated, the pawn still owed), and White castles
// with the keyboard, king first then rook (4.7.2).
func TestPlay_TouchMoveViolationIllegalMoveAndCastling(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	b := newBrowser(t, "players", base, desktopW, desktopH)

	b.open("/")
	b.screenshot("home-desktop")
	b.resize(phoneW, phoneH, true)
	b.screenshot("home-phone")
	b.resize(desktopW, desktopH, false)
	b.do("start a game",
		chromedp.SetValue(chromedp.CSS(`#new-game input[name=white]`), "Anna"),
		chromedp.SetValue(chromedp.CSS(`#new-game input[name=black]`), "Boris"),
		chromedp.SetValue(chromedp.ID("clock"), "900+10"),
		chromedp.Click(chromedp.ID("start")),
	)
	boardIs(b, "mover", "white", 5*time.Second)
	if !strings.HasPrefix(eval[string](b, "location.pathname"), "/play/") {
		t.Fatalf("not on a play page: %s", eval[string](b, "location.href"))
	}

	// White says j'adoube and straightens the d-pawn: no obligation (4.2.1).
	b.do("j'adoube", chromedp.Click(chromedp.ID("adoube-white")))
	b.click("d2")
	b.wait("the adjustment", 3*time.Second, `document.querySelector("#adoube-white").getAttribute("aria-pressed") === "false"`)
	time.Sleep(200 * time.Millisecond)
	if d := eval[string](b, board+".dataset.duty"); d != "" {
		t.Errorf("an adjustment created the obligation %q", d)
	}
	// Black adjusts a piece while White has the move: a violation of 4.2.1.
	b.do("Black's j'adoube", chromedp.Click(chromedp.ID("adoube-black")))
	b.click("d7")
	noticeHas(b, "violation", "4.2.1")

	// 1. White touches the knight on g1: it must move, to f3 or h3.
	b.click("g1")
	boardIs(b, "duty", "move:g1", 3*time.Second)
	b.wait("f3 and h3 drawn for the knight", 3*time.Second, `document.querySelectorAll("#board square.duty-dest").length === 2`)
	if s := b.text("#status"); !strings.Contains(s, "must move the knight on g1") || !strings.Contains(s, "4.3.1") {
		t.Errorf("status: %q", s)
	}
	// ... but drags the e-pawn: a violation, recorded, the move stands.
	b.drag("e2", "e4")
	noticeHas(b, "violation", "4.3.1")
	b.pressClock("white")
	boardIs(b, "mover", "black", 3*time.Second)
	if s := b.text("#status"); !strings.Contains(s, "White’s touch-move violation") && !strings.Contains(s, "may claim") {
		t.Errorf("status does not offer Black the claim: %q", s)
	}

	// 1... e5 2. Nf3 (a drag) Nc6 3. Bc4, typed and clicked.
	b.typeMove("e7e5")
	b.typeMove("c")
	boardIs(b, "mover", "white", 3*time.Second)
	b.drag("g1", "f3")
	b.pressClock("white")
	boardIs(b, "mover", "black", 3*time.Second)
	b.typeMove("b8c6")
	b.typeMove("c")
	boardIs(b, "mover", "white", 3*time.Second)
	b.typeMove("f1c4")
	b.typeMove("c")
	boardIs(b, "mover", "black", 3*time.Second)

	// 3... d7-d4 is no move: completed at the clock it is an illegal move
	// (7.5.1), the position is reinstated and the d-pawn is still owed.
	b.typeMove("d7d4")
	b.typeMove("c")
	noticeHas(b, "illegal", "7.5.1")
	boardIs(b, "duty", "move:d7", 3*time.Second)
	if fen := eval[string](b, board+".dataset.fen"); !strings.HasPrefix(fen, "r1bqkbnr/ppp") {
		t.Errorf("position not reinstated: %s", fen)
	}
	b.typeMove("d7d6")
	b.typeMove("c")
	boardIs(b, "mover", "white", 3*time.Second)

	// 4. O-O with the keyboard: the king lifted with Enter, put down on g1
	// (now White must castle), then the rook from h1 to f1.
	b.do("focus the board", chromedp.Focus(chromedp.ID("board-frame")))
	keyTo(b, "e1")
	b.do("lift the king", chromedp.KeyEvent(kb.Enter))
	b.wait("the king in hand", 3*time.Second, board+`.dataset.fen.split("/")[7] === "RNBQ3R"`)
	keyTo(b, "g1")
	b.do("put the king down", chromedp.KeyEvent(kb.Enter))
	boardIs(b, "duty", "castle:e1", 3*time.Second)
	keyTo(b, "h1")
	b.do("lift the rook", chromedp.KeyEvent(kb.Enter))
	keyTo(b, "f1")
	b.do("put the rook down", chromedp.KeyEvent(kb.Enter))
	b.wait("O-O in the moves", 3*time.Second, `document.querySelector("#moves .mv.last")?.textContent === "O-O"`)
	b.do("the clock from the keyboard", chromedp.KeyEvent("c"))
	boardIs(b, "mover", "black", 3*time.Second)
	if r := rank1(eval[string](b, board+".dataset.legalFen")); r != "RNBQ1RK1" {
		t.Errorf("first rank after O-O: %s", r)
	}
	// The rulings list says what happened, with the articles in words.
	rulings := b.text("#rulings")
	for _, want := range []string{"Touch-move violation by White", "FIDE 4.3.1", "Illegal move by Black", "FIDE 7.5.1", "must move it"} {
		if !strings.Contains(rulings, want) {
			t.Errorf("rulings lack %q:\n%s", want, rulings)
		}
	}
	if s := b.text("#clock-white"); !strings.Contains(s, ":") {
		t.Errorf("White's clock shows %q", s)
	}

	// A touch to show an obligation in the pictures.
	b.click("g8")
	boardIs(b, "duty", "move:g8", 3*time.Second)
	b.screenshot("play-desktop")
	b.resize(phoneW, phoneH, true)
	b.screenshot("play-phone")
}

// The hands of an en passant capture and of a promotion: a typed e5d6
// also removes the pawn on d5; a pawn dragged to the last rank asks for
// the new piece, and the pawn leaves the board before the queen is put on
// b8 (4.6, 4.7.3).
func TestPlay_EnPassantAndPromotion(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Endgame", "games": []map[string]any{{"white": "W", "black": "B", "start": map[string]any{"fen": "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1"}}},
	}, &ev)
	g := ev.Games[0]
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 5*time.Second)

	b.typeMove("e5d6")
	b.wait("exd6 e.p.", 3*time.Second, `document.querySelector("#moves .mv.last")?.textContent === "exd6"`)
	b.typeMove("c")
	boardIs(b, "mover", "black", 3*time.Second)
	b.typeMove("e8f7")
	b.typeMove("c")
	boardIs(b, "mover", "white", 3*time.Second)

	b.drag("b7", "b8")
	b.wait("the promotion choice", 3*time.Second, `!document.querySelector("#promo").hidden`)
	b.do("a queen", chromedp.Click(chromedp.CSS("#promo .promo-q")))
	b.wait("b8=Q", 3*time.Second, `document.querySelector("#moves .mv.last")?.textContent.startsWith("b8=Q")`)
	if r := rank1(eval[string](b, board+`.dataset.fen + " w"`)); r != "4K3" {
		t.Errorf("first rank %s", r)
	}
	if fen := eval[string](b, board+".dataset.fen"); !strings.HasPrefix(fen, "1Q6/") {
		t.Errorf("no queen on b8: %s", fen)
	}
}

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Black offers a draw and presses the clock; White answers by moving a
// piece (a lift and a drop, no touch), which declines it (9.1.2.3): the
// page stops showing the offer, as the server does.
func TestPlay_DrawOfferEndsWhenTheOpponentMoves(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "")
	post(t, base, g,
		act{"by": "white", "act": "lift", "sq": "e2"}, act{"by": "white", "act": "drop", "sq": "e4"}, act{"by": "white", "act": "clock"},
		act{"by": "black", "act": "lift", "sq": "e7"}, act{"by": "black", "act": "drop", "sq": "e5"}, act{"by": "black", "act": "offer-draw"}, act{"by": "black", "act": "clock"})
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	b.wait("the offer shown", 5*time.Second, `document.querySelector("#status").textContent.includes("Black offers a draw")`)
	b.drag("g1", "f3")
	b.wait("the offer gone", 3*time.Second, `!document.querySelector("#status").textContent.includes("offers a draw")`)
	if v := gameView(t, base, g.ID); v["draw_offer"] != nil && v["draw_offer"] != "" {
		t.Errorf("the server still has the offer of %v", v["draw_offer"])
	}
}

// The rulings list is quiet: after ordinary moves and a capture it has no
// obligation ("must") lines, only what an arbiter notes (here a
// violation); the switch shows the full log with the obligations.
func TestRulings_QuietLogAndTheFullSwitch(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	_, g := newGame(t, base, "")
	post(t, base, g, moves("white", "e2e4 d7d5 e4d5x")...)
	// Black touches the knight and moves the queen: a violation (4.3.1).
	post(t, base, g, act{"by": "black", "act": "touch", "sq": "g8"}, act{"by": "black", "act": "lift", "sq": "d8"},
		act{"by": "black", "act": "remove", "sq": "d5"}, act{"by": "black", "act": "drop", "sq": "d5"}, act{"by": "black", "act": "clock"})
	b := newBrowser(t, "spectator", base, desktopW, desktopH)
	for _, page := range []string{"/board/", "/play/"} {
		b.open(page + g.ID)
		b.wait("the moves", 5*time.Second, `document.querySelector("#moves .mv.last")?.textContent === "Qxd5"`)
		b.wait("the violation in the rulings", 3*time.Second, `!!document.querySelector('#rulings li[data-kind="violation"]')`)
		quiet := b.text("#rulings")
		if n := eval[int](b, `document.querySelectorAll('#rulings li[data-kind="must"]').length`); n != 0 || strings.Contains(quiet, " must ") {
			t.Errorf("%s: the quiet log has %d obligation lines:\n%s", page, n, quiet)
		}
		if regexp.MustCompile(`#\d`).MatchString(quiet) {
			t.Errorf("%s: log entry numbers in the rulings: %s", page, quiet)
		}
		b.do("the full log", chromedp.Click(chromedp.ID("full-log")))
		b.wait("the obligations listed", 3*time.Second, `document.querySelectorAll('#rulings li[data-kind="must"]').length >= 5`)
		if full := b.text("#rulings"); !strings.Contains(full, "White must move the pawn on e2") || !strings.Contains(full, "must capture") {
			t.Errorf("%s: the full log lacks the obligations:\n%s", page, full)
		}
		// The switch is kept for the next page.
		b.do("back to the quiet log", chromedp.Click(chromedp.ID("full-log")))
		b.wait("the quiet log", 3*time.Second, `document.querySelectorAll('#rulings li[data-kind="must"]').length === 0`)
	}
}

// plainWords fails the test if a page's text has the project's item
// numbers (T9, T10) or raw log entry numbers (#21).
func plainWords(t *testing.T, b *browser, what string) {
	t.Helper()
	text := eval[string](b, `document.querySelector("main").innerText`)
	if m := regexp.MustCompile(`\bT\d+\b|#\d+`).FindString(text); m != "" {
		t.Errorf("%s says %q:\n%s", what, m, text)
	}
}

// The arbiter sets a result at the desk (a confirm step first; the
// selector then shows the result in force and the decision's reason is
// shown), then withdraws it: the touch-move violation still claimable
// comes back on the desk and the hall, as the server reports it.
func TestDesk_DecisionConfirmedShownAndWithdrawn(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	ev, g := newGame(t, base, "")
	post(t, base, g, act{"by": "white", "act": "touch", "sq": "g1"}, act{"by": "white", "act": "lift", "sq": "e2"},
		act{"by": "white", "act": "drop", "sq": "e4"}, act{"by": "white", "act": "clock"})
	desk := newBrowser(t, "desk", base, desktopW, desktopH)
	desk.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	hall.open("/hall/" + ev.ID)
	grant := fmt.Sprintf(`document.querySelector("#grant-%s")`, g.ID)
	marks := fmt.Sprintf(`(document.querySelector('.hall-card[data-game=%q]')||{dataset:{}}).dataset.marks`, g.ID)
	desk.wait("the violation on the desk", 5*time.Second, `!!`+grant+` && !`+grant+`.disabled`)
	hall.wait("the violation in the hall", 5*time.Second, marks+` === "violation"`)
	plainWords(t, desk, "the desk")

	row := fmt.Sprintf(`tr[data-game=%q]`, g.ID)
	if v := eval[string](desk, `document.querySelector("#result-`+g.ID+`").value`); v != "*" {
		t.Errorf("the result selector shows %q for a game in play", v)
	}
	desk.setField("result-"+g.ID, "1-0")
	desk.setField("reason-"+g.ID, "mobile phone rang")
	desk.do("set 1-0", chromedp.Click(chromedp.ID("set-"+g.ID)))
	desk.wait("the confirm step", 3*time.Second, `!!document.querySelector("#confirm-`+g.ID+`")`)
	if s := desk.text(row); !strings.Contains(s, "1-0") || !strings.Contains(s, "mobile phone rang") {
		t.Errorf("the confirm step does not say what it sets: %q", s)
	}
	if r := gameView(t, base, g.ID)["result"]; r != "*" {
		t.Fatalf("the result is %v before it is confirmed", r)
	}
	desk.do("confirm", chromedp.Click(chromedp.ID("confirm-"+g.ID)))
	desk.wait("the decision shown", 3*time.Second, fmt.Sprintf(`document.querySelector(%q).textContent.includes("mobile phone rang") && document.querySelector("#result-%s").value === "1-0"`, row, g.ID))
	hall.wait("the hall shows 1-0", 3*time.Second, fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]').dataset.result === "1-0"`, g.ID))
	if s := eval[string](hall, marks); s != "" {
		t.Errorf("the hall marks %q on a decided game", s)
	}
	desk.wait("no grant while decided", 3*time.Second, `!`+grant+` || `+grant+`.disabled`)
	plainWords(t, desk, "the desk")

	// Withdrawn: play goes on and the violation is claimable again.
	desk.setField("result-"+g.ID, "*")
	desk.do("withdraw", chromedp.Click(chromedp.ID("set-"+g.ID)))
	desk.wait("the confirm step", 3*time.Second, `!!document.querySelector("#confirm-`+g.ID+`")`)
	desk.do("confirm", chromedp.Click(chromedp.ID("confirm-"+g.ID)))
	hall.wait("the hall shows the game in play", 3*time.Second, fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]').dataset.result === "*"`, g.ID))
	if v := gameView(t, base, g.ID); v["claimable"] == nil {
		t.Fatalf("the server has no claimable violation after the withdrawal: the test's premise fails")
	}
	desk.wait("the violation back on the desk", 3*time.Second, `!!`+grant+` && !`+grant+`.disabled`)
	hall.wait("the violation back in the hall", 3*time.Second, marks+` === "violation"`)
	if v := eval[string](desk, `document.querySelector("#result-`+g.ID+`").value`); v != "*" {
		t.Errorf("after the withdrawal the selector shows %q", v)
	}
	plainWords(t, desk, "the desk")
	// The grant still works.
	desk.do("grant", chromedp.Evaluate[chromedp.Void](grant+`.click()`))
	desk.wait("the claim ruled", 3*time.Second, `document.querySelector("#ruled").textContent.includes("Black claimed touch-move: granted")`)
	plainWords(t, desk, "the desk")
}

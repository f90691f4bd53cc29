package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pieceOn is a predicate: the board's data-fen (a placement) has the
// piece letter on the square.
func pieceOn(sq, piece string) string {
	return fmt.Sprintf(`(() => { const b = document.querySelector("#board"); if (!b || !b.dataset.fen) return false;
		const rows = b.dataset.fen.split("/"); const row = rows[8 - %d]; let f = 0;
		for (const ch of row) { if (ch >= "1" && ch <= "8") { f += +ch; continue; } if (f === %d) return ch === %q; f++; }
		return %q === ""; })()`, int(sq[1]-'0'), int(sq[0]-'a'), piece, piece)
}

// Two players on two devices, a spectator and the arbiter: a move made in
// one browser shows on the board page of another within a second; Black's
// touch-move violation waits on the arbiter's desk, the arbiter grants
// White's claim, and the game changes for both players (and the
// spectator): the move is taken back and Black must move the touched
// knight.
func TestLive_MoveShowsElsewhereAndDeskGrantsAClaim(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Club night", "site": "Loopback",
		"start": map[string]any{"rules": "fide", "clock": map[string]int{"white": 900, "black": 900, "increment": 10}},
		"games": []map[string]any{{"white": "Anna", "black": "Boris"}, {"white": "Carla", "black": "Dmitri"}},
	}, &ev)
	g := ev.Games[0]

	white := newBrowser(t, "white", base, desktopW, desktopH)
	black := newBrowser(t, "black", base, desktopW, desktopH)
	spectator := newBrowser(t, "spectator", base, desktopW, desktopH)
	arbiter := newBrowser(t, "arbiter", base, desktopW, desktopH)
	white.open("/play/" + g.ID + "#token=" + g.BoardToken)
	black.open("/play/" + g.ID + "#token=" + g.BoardToken)
	spectator.open("/board/" + g.ID)
	arbiter.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	for _, b := range []*browser{white, black, spectator} {
		b.wait("the game", 5*time.Second, pieceOn("e2", "P"))
	}
	spectator.wait("live", 3*time.Second, `document.querySelector("#live").textContent === "live"`)
	arbiter.wait("the desk", 5*time.Second, `document.querySelectorAll("#games tr[data-game]").length === 2`)
	// The token came in the link's fragment and left the address bar.
	if h := eval[string](white, "location.hash"); h != "" {
		t.Errorf("the token stays in the address bar: %q", h)
	}

	// 1. e4 on White's screen shows on the spectator's board within a second.
	start := time.Now()
	white.typeMove("e2e4")
	spectator.wait("e4 on the board page", time.Second, pieceOn("e4", "P")+` && `+pieceOn("e2", ""))
	t.Logf("e4 reached the board page %v after it was typed", time.Since(start).Round(time.Millisecond))
	black.wait("e4 on Black's screen", time.Second, pieceOn("e4", "P"))
	white.pressClock("white")
	black.wait("Black to move", 3*time.Second, `document.querySelector("#board").dataset.mover === "black"`)

	// 1... Black touches the knight on g8 and plays d5: a violation.
	black.click("g8")
	black.wait("the obligation", 3*time.Second, `document.querySelector("#board").dataset.duty === "move:g8"`)
	black.typeMove("d7d5")
	noticeHas(black, "violation", "4.3.1")
	black.pressClock("black")
	spectator.wait("d5 on the board page", 2*time.Second, pieceOn("d5", "p"))

	// The desk shows the violation with the positions before and after,
	// and a button to grant White's claim.
	grant := "#grant-" + g.ID
	arbiter.wait("the violation on the desk", 3*time.Second, fmt.Sprintf(`!!document.querySelector(%q)`, grant))
	card := arbiter.text(`article[data-item="violation"]`)
	for _, want := range []string{"Touch-move violation by Black", "4.3.1", "Before the move", "Grant White’s claim"} {
		if !strings.Contains(card, want) {
			t.Errorf("desk card lacks %q: %s", want, card)
		}
	}
	if n := eval[int](arbiter, `document.querySelectorAll('article[data-item="violation"] .mini-board').length`); n != 2 {
		t.Errorf("the violation card shows %d positions, want 2", n)
	}
	arbiter.screenshot("desk-desktop")

	// The hall of the event marks the board.
	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	hall.open("/hall/" + ev.ID)
	hall.wait("the violation marker", 5*time.Second, fmt.Sprintf(`(document.querySelector('.hall-card[data-game=%q]')||{dataset:{}}).dataset.marks === "violation"`, g.ID))

	// The arbiter grants the claim: the move is taken back for both players
	// (and the spectator), and Black must move the knight.
	arbiter.do("grant", chromedp.Click(chromedp.CSS(grant)))
	for _, b := range []*browser{white, black, spectator} {
		b.wait("the claim granted", 3*time.Second, pieceOn("d7", "p")+` && `+pieceOn("d5", "")+` && document.querySelector("#board").dataset.duty === "move:g8"`)
		b.wait("the ruling in words", 2*time.Second, `document.querySelector("#rulings").textContent.includes("White claimed touch-move: granted")`)
	}
	if m := eval[string](white, `document.querySelector("#board").dataset.mover`); m != "black" {
		t.Errorf("after the grant the hand on the board is %s's, want Black's", m)
	}
	arbiter.wait("nothing pending", 3*time.Second, `!!document.querySelector("#nothing-pending")`)
	hall.wait("the violation marker replaced by the claim's", 3*time.Second, fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]').dataset.marks === "claim"`, g.ID))

	// Black obeys: 1... Nf6, and the game goes on.
	black.typeMove("g8f6")
	black.pressClock("black")
	spectator.wait("Nf6", 2*time.Second, pieceOn("f6", "n"))
	white.wait("White to move", 2*time.Second, `document.querySelector("#board").dataset.mover === "white"`)
	if s := spectator.text("#moves"); !strings.Contains(s, "e4") || !strings.Contains(s, "Nf6") || strings.Contains(s, "d5") {
		t.Errorf("moves on the board page: %q", s)
	}
	// The PGN link serves the game with the rulings as comments.
	href := eval[string](spectator, `document.querySelector("#pgn").getAttribute("href")`)
	pgn := eval[string](spectator, fmt.Sprintf(`(() => { const x = new XMLHttpRequest(); x.open("GET", %q, false); x.send(); return x.responseText; })()`, href))
	// The moves, without the comments (which may name the move taken back).
	// (after the tags: a random game id may hold "d5")
	_, movetext, _ := strings.Cut(pgn, "\n\n")
	movetext = regexp.MustCompile(`(?s)\{[^}]*\}`).ReplaceAllString(movetext, "")
	if !strings.Contains(movetext, "1. e4") || !strings.Contains(movetext, "Nf6") || strings.Contains(movetext, "d5") || !strings.Contains(strings.Join(strings.Fields(pgn), " "), "claim touch-move by white granted") {
		t.Errorf("PGN:\n%s", pgn)
	}

	spectator.screenshot("board-desktop")
	spectator.resize(phoneW, phoneH, true)
	spectator.wait("the game", 5*time.Second, pieceOn("f6", "n"))
	spectator.screenshot("board-phone")
}

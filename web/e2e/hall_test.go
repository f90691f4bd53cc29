package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// An event of six boards in different states, set up over the API as
// e-boards would post them: the hall shows every board with its last move,
// marks the pending violation, the illegal move and the claim, and shows
// the results; a move posted later shows within a second. The desk shows
// the refused threefold claim of a Karpov–Miles position (R2): the three
// positions side by side, the first with Black's castling right and so
// not the same.
func TestHall_MarkersResultsAndTheKarpovMilesDesk(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Spring open, round 3", "site": "Loopback",
		"start": map[string]any{"rules": "fide", "clock": map[string]int{"white": 5400, "black": 5400, "increment": 30}},
		"games": []map[string]any{
			{"white": "Ashworth", "black": "Brandt"},
			{"white": "Castillo", "black": "Dvořák-Wojciechowska"},
			{"white": "Eriksen", "black": "Fontaine-Beaumarchais"},
			{"white": "Karpov", "black": "Miles", "start": map[string]any{"rules": "fide", "fen": "r3k3/8/8/8/8/8/8/4K1N1 w q - 0 1",
				"clock": map[string]int{"white": 5400, "black": 5400, "increment": 30}}},
			{"white": "Gallo", "black": "Haddad"},
			{"white": "Ivanova", "black": "Jensen"},
		},
	}, &ev)
	g := ev.Games

	// Board 1: a quiet opening.
	post(t, base, g[0], moves("white", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6")...)
	// Board 2: White touched the knight and moved the pawn: claimable.
	post(t, base, g[1], append(moves("white", "d2d4 g8f6"), act{"by": "white", "act": "touch", "sq": "b1"}, act{"by": "white", "act": "lift", "sq": "c2"}, act{"by": "white", "act": "drop", "sq": "c4"}, act{"by": "white", "act": "clock"})...)
	// Board 3: an illegal move completed at the clock (7.5.1).
	post(t, base, g[2], append(moves("white", "c2c4"), act{"by": "black", "act": "lift", "sq": "e7"}, act{"by": "black", "act": "drop", "sq": "e4"}, act{"by": "black", "act": "clock"})...)
	// Board 4: the knight shuffle of Karpov–Miles, and Black's threefold
	// claim, refused: the first position had the castling right.
	post(t, base, g[3], moves("white", "g1f3 a8a4 f3g1 a4a8 g1f3 a8a4 f3g1 a4a8 g1f3")...)
	// Board 5: the fool's mate (the move ends the game: no clock press).
	post(t, base, g[4], append(moves("white", "f2f3 e7e5 g2g4"), act{"by": "black", "act": "lift", "sq": "d8"}, act{"by": "black", "act": "drop", "sq": "h4"})...)
	// Board 6: Black resigns.
	post(t, base, g[5], append(moves("white", "e2e4 c7c5"), act{"by": "black", "act": "resign"})...)

	b := newBrowser(t, "hall", base, desktopW, desktopH)
	b.open("/hall/" + ev.ID)
	card := func(i int) string { return fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]')`, g[i].ID) }
	b.wait("six boards", 5*time.Second, `document.querySelectorAll(".hall-card").length === 6`)
	b.wait("the markers and results", 5*time.Second, strings.Join([]string{
		card(1) + `.dataset.marks === "violation"`,
		card(2) + `.dataset.marks === "illegal"`,
		card(4) + `.dataset.result === "0-1"`,
		card(5) + `.dataset.result === "1-0"`,
		card(0) + `.dataset.marks === ""`,
	}, " && "))
	if s := eval[string](b, card(0)+`.textContent`); !strings.Contains(s, "3… a6") {
		t.Errorf("board 1 does not show its last move: %q", s)
	}
	if s := eval[string](b, card(4)+`.textContent`); !strings.Contains(s, "checkmate") {
		t.Errorf("board 5 does not say checkmate: %q", s)
	}
	// Board order follows the pairings.
	if order := eval[string](b, `[...document.querySelectorAll(".hall-card")].map(e => e.dataset.board).join(",")`); order != "1,2,3,4,5,6" {
		t.Errorf("board order %s", order)
	}

	// The desk shows the look-alike positions of board 4 before any claim.
	desk := newBrowser(t, "desk", base, desktopW, desktopH)
	desk.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	desk.wait("the repetition card", 5*time.Second, `!!document.querySelector('article[data-item="threefold"]')`)
	rep := desk.text(`article[data-item="threefold"]`)
	for _, want := range []string{"3 times by the look of it", "2 times the very same", "castling rights differ", "would be incorrect"} {
		if !strings.Contains(rep, want) {
			t.Errorf("repetition card lacks %q:\n%s", want, rep)
		}
	}
	if n := eval[int](desk, `document.querySelectorAll('article[data-item="threefold"] figure.pos').length`); n != 3 {
		t.Errorf("%d positions side by side, want 3", n)
	}

	// Black claims anyway at the board: refused (9.5.3), and the hall marks it.
	post(t, base, g[3], act{"by": "black", "act": "claim", "what": "threefold"})
	b.wait("the claim marker", 2*time.Second, card(3)+`.dataset.marks === "claim"`)
	desk.wait("the ruled claim", 3*time.Second, `document.querySelector("#ruled").textContent.includes("Black claimed threefold repetition: refused")`)
	if n := eval[int](desk, `document.querySelectorAll('#ruled figure.pos.pos-differs').length`); n != 1 {
		t.Errorf("the ruled claim shows %d differing positions, want 1", n)
	}

	// A move posted now shows in the hall within a second.
	start := time.Now()
	post(t, base, g[0], moves("white", "b5a4")...)
	b.wait("Ba4 in the hall", time.Second, card(0)+`.textContent.includes("4. Ba4")`)
	t.Logf("Ba4 reached the hall %v after it was posted", time.Since(start).Round(time.Millisecond))

	// A game added for round 2 is the first board of that round.
	r2 := addGames(t, base, ev, map[string]any{"round": 2, "white": "Lindqvist", "black": "Montgomery-Okonkwo"})[0]
	b.wait("the round-2 game", 3*time.Second, fmt.Sprintf(`document.querySelector('.hall-round[data-round="2"] .hall-card[data-game=%q]')?.textContent.includes("Round 2 · Board 1")`, r2.ID))

	b.screenshot("hall-desktop")
	desk.screenshot("desk-threefold-desktop")
	b.resize(phoneW, phoneH, true)
	b.wait("seven boards", 5*time.Second, `document.querySelectorAll(".hall-card").length === 7 && `+card(1)+`.dataset.marks === "violation"`)
	b.screenshot("hall-phone")
	desk.resize(phoneW, phoneH, true)
	desk.wait("the ruled claim", 5*time.Second, `document.querySelector("#ruled").textContent.includes("refused")`)
	desk.screenshot("desk-phone")
}

package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// importTRF posts a TRF file to an event for one round, as the arbiter,
// and returns the round's games with their board tokens.
func importTRF(t *testing.T, base string, ev createdEvent, round int, file string) []createdGame {
	t.Helper()
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/events/%s/trf?round=%d", base, ev.ID, round), strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Authorization", "Bearer "+ev.ArbiterToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("TRF round %d: %d %s", round, resp.StatusCode, b)
	}
	var out struct {
		Games []createdGame `json:"games"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Games
}

// chooseRound picks a round in the page's round selector ("" for all).
func chooseRound(b *browser, round string) {
	eval[bool](b, fmt.Sprintf(`(() => { const s = document.querySelector("#round"); s.value = %q; return s.dispatchEvent(new Event("change")); })()`, round))
}

// A tournament from its TRF files (the issue "A tournament, not just
// games"): two rounds in the hall and at the desk, each card with the
// players' full names, titles and ratings, and both clocks (the TRF's 222
// time control became the event's clock).
func TestHall_TournamentFromTRF(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "to be named by the TRF"}, &ev)
	r1 := importTRF(t, base, ev, 1, filepath.Join("..", "..", "server", "testdata", "hall-open-r1.trf"))
	importTRF(t, base, ev, 2, filepath.Join("..", "..", "trf", "testdata", "hall-open-r2.trf"))

	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	hall.open("/hall/" + ev.ID)
	hall.wait("six boards in two rounds", 5*time.Second, `document.querySelectorAll(".hall-card").length === 6 && document.querySelectorAll(".hall-round").length === 2`)
	first := `document.querySelector('.hall-round[data-round="1"] .hall-card[data-board="1"]')`
	for what, js := range map[string]string{
		"White's title":     first + `.querySelector(".name-white .title-badge").textContent === "GM"`,
		"White's name":      first + `.querySelector(".name-white .player-name").textContent === "Petrov, Ivan"`,
		"White's rating":    first + `.querySelector(".name-white .rating").textContent === "2612"`,
		"Black's title":     first + `.querySelector(".name-black .title-badge").textContent === "FM"`,
		"both clocks":       first + `.querySelectorAll(".hall-clock:not([hidden])").length === 2`,
		"the clock 1:30:00": first + `.querySelector(".clock-white").textContent.startsWith("1:30:00")`,
	} {
		hall.wait(what, 5*time.Second, js)
	}
	// The selector offers both rounds; the header says where and when.
	hall.wait("the round selector", 5*time.Second, `!document.querySelector(".round-select").hidden && [...document.querySelectorAll("#round option")].map(o => o.textContent).join("|") === "All rounds|Round 1|Round 2"`)
	hall.wait("the round headings", 5*time.Second, `[...document.querySelectorAll(".hall-round h2")].map(e => e.textContent).join("|") === "Round 1|Round 2"`)
	hall.wait("city and dates", 5*time.Second, `document.querySelector("#where").textContent === "Ljubljana (SLO) · 4–6 October 2025"`)
	second := `document.querySelector('.hall-round[data-round="2"] .hall-card[data-board="2"]')`
	hall.wait("round 2's players", 5*time.Second, second+`.querySelector(".name-white .player-name").textContent === "Kowalska, Anna" && `+
		second+`.querySelector(".name-white .title-badge").textContent === "WGM" && `+second+`.querySelector(".name-white .rating").textContent === "2455" && `+
		second+`.querySelectorAll(".hall-clock:not([hidden])").length === 2`)
	// Every card: the names whole (never cut, never an ellipsis), a
	// rating for each rated player (Sato is unrated: no rating, no "0"),
	// both clocks.
	if !eval[bool](hall, `[...document.querySelectorAll(".hall-name")].every(e => e.scrollWidth <= e.clientWidth + 1 && getComputedStyle(e).textOverflow !== "ellipsis")`) {
		t.Errorf("a name is cut")
	}
	if n := eval[int](hall, `document.querySelectorAll(".hall-card .rating").length`); n != 11 {
		t.Errorf("%d ratings on the cards, want 11", n)
	}
	if n := eval[int](hall, `document.querySelectorAll(".hall-card .hall-clock:not([hidden])").length`); n != 12 {
		t.Errorf("%d clocks on the cards, want 12", n)
	}
	// Choosing round 2 hides round 1.
	chooseRound(hall, "2")
	hall.wait("round 2 only", 5*time.Second, `document.querySelector('.hall-round[data-round="1"]').hidden && !document.querySelector('.hall-round[data-round="2"]').hidden && location.search === "?round=2"`)
	chooseRound(hall, "")
	hall.wait("both rounds", 5*time.Second, `!document.querySelector('.hall-round[data-round="1"]').hidden`)
	hall.screenshot("hall-trf-desktop")

	// The board page: title, name, rating and federation of each player.
	gid := eval[string](hall, first+`.dataset.game`)
	board := newBrowser(t, "board", base, desktopW, desktopH)
	board.open("/board/" + gid)
	board.wait("the board page's players", 5*time.Second, `document.querySelector("#name-white").textContent === "GMPetrov, Ivan2612BUL" && document.querySelector("#name-black").textContent === "FMLindqvist, Erik2318SWE" && !document.querySelector("#clock-white").hidden`)

	// The play page's lines: title, name and rating (no federation there).
	if len(r1) != 2 || r1[0].Board != 1 {
		t.Fatalf("round 1's games: %+v", r1)
	}
	play := newBrowser(t, "player", base, desktopW, desktopH)
	play.open("/play/" + r1[0].ID + "#token=" + r1[0].BoardToken)
	play.wait("the play page's players", 5*time.Second, `[...document.querySelectorAll(".person")].map(e => e.textContent).sort().join("|") === "FMLindqvist, Erik2318|GMPetrov, Ivan2612" && document.querySelectorAll(".person .title-badge").length === 2`)

	desk := newBrowser(t, "arbiter", base, desktopW, desktopH)
	desk.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	desk.wait("the desk's two rounds", 5*time.Second, `[...document.querySelectorAll(".round-head")].map(e => e.textContent).join("|") === "Round 1|Round 2" && !document.querySelector(".round-select").hidden`)
	desk.wait("the desk's players", 5*time.Second, `document.querySelectorAll("tr[data-game]").length === 6 && document.body.textContent.includes("Kowalska, Anna") && [...document.querySelectorAll("tr[data-game] .title-badge")].some(e => e.textContent === "GM") && [...document.querySelectorAll("tr[data-game] .rating")].some(e => e.textContent === "2612")`)
}

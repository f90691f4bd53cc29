package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// addGames adds games to an event with the arbiter's token.
func addGames(t *testing.T, base string, ev createdEvent, games ...map[string]any) []createdGame {
	t.Helper()
	var out struct {
		Games []createdGame `json:"games"`
	}
	apiCall(t, "POST", base+"/api/events/"+ev.ID+"/games", ev.ArbiterToken, map[string]any{"games": games}, &out)
	return out.Games
}

// Players' names are shown whole in the hall, however long; a game added
// for round 2 is Board 1 of Round 2 on the hall and the desk (not a second
// board 1), under its round's heading, and a selector shows one round.
func TestHallAndDesk_RoundsAndFullNames(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	long := "Wojciechowska-Featherstonehaugh"
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Club championship", "games": []map[string]any{
			{"white": "Ashworth", "black": long},
			{"white": "Castillo", "black": "Dvořák Bartholomew"},
		},
	}, &ev)
	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	hall.open("/hall/" + ev.ID)
	hall.wait("two boards", 5*time.Second, `document.querySelectorAll(".hall-card").length === 2`)
	r2 := addGames(t, base, ev, map[string]any{"round": 2, "white": "Anand", "black": "Carlsen"})[0]
	if r2.Board != 1 {
		t.Fatalf("the round-2 game is on board %d, want 1", r2.Board)
	}
	card := func(id string) string { return fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]')`, id) }
	hall.wait("the round-2 game", 5*time.Second, `!!`+card(r2.ID))

	// Each round under its heading, each card labelled with both.
	if s := eval[string](hall, `[...document.querySelectorAll(".hall-round h2")].map(e => e.textContent).join(",")`); s != "Round 1,Round 2" {
		t.Errorf("round headings %q", s)
	}
	if s := eval[string](hall, card(r2.ID)+`.closest(".hall-round").dataset.round`); s != "2" {
		t.Errorf("the round-2 game is in the section of round %q", s)
	}
	if s := eval[string](hall, card(r2.ID)+`.querySelector(".hall-label").textContent`); s != "Round 2 · Board 1" {
		t.Errorf("the round-2 card's label %q", s)
	}
	// The long name is there whole, on its own line, not cut.
	name := card(ev.Games[0].ID) + `.querySelector(".name-black")`
	if s := eval[string](hall, name+`.textContent`); s != long {
		t.Errorf("Black's name %q, want %q", s, long)
	}
	if !eval[bool](hall, `(() => { const e = `+name+`; return e.scrollWidth <= e.clientWidth + 1 && getComputedStyle(e).textOverflow !== "ellipsis"; })()`) {
		t.Errorf("Black's name is cut")
	}
	if !eval[bool](hall, `(() => { const c = `+card(ev.Games[0].ID)+`, w = c.querySelector(".name-white").getBoundingClientRect(), b = c.querySelector(".name-black").getBoundingClientRect(); return b.top >= w.bottom - 1; })()`) {
		t.Errorf("the names are not on two lines")
	}
	// One round at a time.
	hall.setField("round", "2")
	hall.wait("round 2 only", 3*time.Second, `[...document.querySelectorAll(".hall-card")].filter(c => c.offsetParent !== null).length === 1 && `+card(r2.ID)+`.offsetParent !== null`)

	// The desk: rounds as headings of the games, boards labelled with them.
	desk := newBrowser(t, "desk", base, desktopW, desktopH)
	desk.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	desk.wait("three games", 5*time.Second, `document.querySelectorAll("#games tr[data-game]").length === 3`)
	if s := eval[string](desk, `[...document.querySelectorAll("#games .round-head")].map(e => e.textContent).join(",")`); s != "Round 1,Round 2" {
		t.Errorf("the desk's round headings %q", s)
	}
	row := desk.text(fmt.Sprintf(`#games tr[data-game=%q]`, r2.ID))
	if !strings.Contains(row, "Round 2 · Board 1") || !strings.Contains(row, "Anand – Carlsen") {
		t.Errorf("the desk's row of the round-2 game: %q", row)
	}
	if s := desk.text(fmt.Sprintf(`#games tr[data-game=%q]`, ev.Games[0].ID)); !strings.Contains(s, long) {
		t.Errorf("the desk cuts the name: %q", s)
	}
	desk.setField("round", "2")
	desk.wait("round 2 only", 3*time.Second, `document.querySelectorAll("#games tr[data-game]").length === 1`)
}

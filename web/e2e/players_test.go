package e2e

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// importTRF posts a TRF file to an event for one round, as the arbiter.
func importTRF(t *testing.T, base string, ev createdEvent, round int, file string) {
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
	importTRF(t, base, ev, 1, filepath.Join("..", "..", "server", "testdata", "hall-open-r1.trf"))
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
	// No name is cut.
	if !eval[bool](hall, `[...document.querySelectorAll(".hall-name")].every(e => e.scrollWidth <= e.clientWidth + 1)`) {
		t.Errorf("a name is cut")
	}
	hall.screenshot("hall-trf-desktop")

	desk := newBrowser(t, "arbiter", base, desktopW, desktopH)
	desk.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	desk.wait("the desk's two rounds", 5*time.Second, `document.body.textContent.includes("Round 2") && document.body.textContent.includes("Kowalska, Anna")`)
}

package e2e

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// The standings page (the tournament's standings with FIDE tie-breaks):
// after round 1 is imported and its two games decided, the page shows the
// players in the API's order, the ranks (ties as a range) and each
// tie-break's value as the API computes them; a game decided while the
// page is open changes it without a reload; another set of tie-breaks
// reads the standings again. On a phone it scrolls sideways rather than
// overflowing.
func TestStandings_PageFollowsTheAPI(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Standings open"}, &ev)
	games := importTRF(t, base, ev, 1, filepath.Join("..", "..", "server", "testdata", "hall-open-r1.trf"))
	apiCall(t, "POST", base+"/api/games/"+games[0].ID+"/result", ev.ArbiterToken, map[string]any{"result": "1-0", "reason": "agreed at the board"}, nil)

	b := newBrowser(t, "standings", base, desktopW, desktopH)
	b.open("/standings/" + ev.ID)
	b.wait("the table", 15*time.Second, `document.querySelectorAll("#standings tbody tr").length === 8`)
	check := func(query string) {
		t.Helper()
		var s struct {
			Tiebreaks []string `json:"tiebreaks"`
			Rows      []struct {
				Rank   int       `json:"rank"`
				Start  int       `json:"start"`
				Points float64   `json:"points"`
				Values []float64 `json:"values"`
			} `json:"rows"`
		}
		apiCall(t, "GET", base+"/api/events/"+ev.ID+"/standings"+query, "", nil, &s)
		got := eval[[]string](b, `[...document.querySelectorAll("#standings tbody tr")].map(r => r.dataset.start + ":" + r.dataset.rank + ":" + r.querySelector(".points").textContent + ":" + r.lastElementChild.textContent)`)
		if len(got) != len(s.Rows) {
			t.Fatalf("%d rows, the API has %d", len(got), len(s.Rows))
		}
		for i, r := range s.Rows {
			last := r.Points
			if n := len(r.Values); n > 0 {
				last = r.Values[n-1]
			}
			want := fmt.Sprintf("%d:%d:%s:%s", r.Start, r.Rank, pts(r.Points), pts(last))
			if got[i] != want {
				t.Errorf("row %d: %s, want %s (tie-breaks %v)", i, got[i], want, s.Tiebreaks)
			}
		}
		heads := eval[[]string](b, `[...document.querySelectorAll("#standings thead th")].slice(6).map(x => x.textContent)`)
		if fmt.Sprint(heads) != fmt.Sprint(s.Tiebreaks) {
			t.Errorf("columns %v, the API's tie-breaks %v", heads, s.Tiebreaks)
		}
	}
	check("")
	b.screenshot("standings-desktop")
	// A result decided while the page is open.
	before := b.text("#standings")
	apiCall(t, "POST", base+"/api/games/"+games[1].ID+"/result", ev.ArbiterToken, map[string]any{"result": "0-1", "reason": "agreed at the board"}, nil)
	b.wait("the new result", 15*time.Second, fmt.Sprintf(`document.querySelector("#standings").textContent !== %q`, before))
	check("")
	// Another set of tie-breaks.
	b.setField("tiebreaks", "ARO,TPR")
	eval[bool](b, `document.querySelector("#tiebreaks").dispatchEvent(new Event("change"))`)
	b.wait("the ARO column", 10*time.Second, `[...document.querySelectorAll("#standings thead th")].some(x => x.textContent === "ARO")`)
	check("?tiebreaks=ARO,TPR")
	b.resize(phoneW, phoneH, true)
	b.wait("the table on a phone", 5*time.Second, `document.querySelectorAll("#standings tbody tr").length === 8`)
	if w := eval[float64](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 1 {
		wide := eval[[]string](b, `[...document.querySelectorAll("main *")].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 8).map(e => e.tagName + "." + e.className + "#" + e.id + " " + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("the page overflows a phone by %.0f px: %v", w, wide)
	}
	b.screenshot("standings-phone")
}

// pts writes points as the page does: 4½, ½, 3.
func pts(x float64) string {
	whole := float64(int(x + 1e-9))
	if f := x - whole; f > 0.25 && f < 0.75 {
		if whole == 0 {
			return "½"
		}
		return strconv.Itoa(int(whole)) + "½"
	}
	if x == whole {
		return strconv.Itoa(int(x))
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// A team event's hall groups each round's boards by match: a heading
// with the two teams and the score, then the match's boards in order; a
// game decided changes the match's score.
func TestHall_TeamEventByMatch(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Teams"}, &ev)
	games := importTRF(t, base, ev, 1, filepath.Join("..", "..", "trf", "testdata", "real", "tbs", "fideteam_nocolor.trf"))
	b := newBrowser(t, "hall", base, desktopW, desktopH)
	b.open("/hall/" + ev.ID)
	b.wait("the matches", 15*time.Second, `document.querySelectorAll(".match-head").length === 4 && document.querySelectorAll(".hall-card").length >= 8`)
	// The first match's heading comes before its two boards.
	order := eval[[]string](b, `[...document.querySelector(".hall-round .hall-grid").children].slice(0, 3).map(e => e.classList.contains("match-head") ? "match" : e.dataset.game)`)
	if len(order) != 3 || order[0] != "match" || order[1] != games[0].ID || order[2] != games[1].ID {
		t.Errorf("the first match: %v", order)
	}
	first := b.text(".match-head")
	apiCall(t, "POST", base+"/api/games/"+games[0].ID+"/result", ev.ArbiterToken, map[string]any{"result": "1-0", "reason": "agreed"}, nil)
	b.wait("the score", 10*time.Second, fmt.Sprintf(`document.querySelector(".match-head").textContent !== %q && document.querySelector(".match-head .match-score").textContent.replace(/\s/g, "") !== "0–0"`, first))
	b.screenshot("hall-teams-desktop")
}

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/arbiterchess/arbiter/internal/apitest"
	"github.com/arbiterchess/arbiter/trf"
)

// The organiser's page end to end, as an organiser works a round: a
// tournament created on the events page with its rules, a time control
// written in FIDE's prose and its tie-breaks; the round's TRF file chosen
// in a file dialog; the round started; the table cards printed, each with
// its table's QR code, whose address opens the table's game on a phone;
// a table's token issued again (the old one refused); a forfeit entered
// with its reason (a decision in the game's log); an e-board reader's
// report shown; and the TRF downloaded, with the forfeit in it. On a phone
// nothing overflows.
func TestOrganiser_EndToEnd(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	b := newBrowser(t, "organiser", base, desktopW, desktopH)

	// Create the tournament.
	b.open("/events")
	b.setField("event-clock", "90 min/40 moves + 30 min + 30 sec per move")
	b.setField("event-tiebreaks", "BH/C1,BH,SB,DE,WIN")
	b.do("create", chromedp.Evaluate[chromedp.Void](`(() => { const f = document.querySelector("#new-event"); f.querySelector("[name=name]").value = "Autumn open"; f.querySelector("[name=rules]").value = "fide"; f.querySelector("[name=system]").value = "swiss"; f.requestSubmit(); })()`))
	b.wait("the organiser's link", 10*time.Second, `!!document.querySelector("#organise-link")`)
	b.screenshot("events-desktop")
	b.do("to the organiser's page", chromedp.Click(chromedp.ID("organise-link")))
	b.wait("the organiser's page", 10*time.Second, `document.body.dataset.page === "organise" && document.querySelector("#title").textContent === "Autumn open"`)
	id := eval[string](b, `location.pathname.split("/")[2]`)
	if h := eval[string](b, "location.hash"); h != "" {
		t.Errorf("the token stays in the address bar: %q", h)
	}
	arb := eval[string](b, fmt.Sprintf(`localStorage.getItem("arbiter.arbiter.%s")`, id))
	var ev struct {
		Start struct {
			Rules string `json:"rules"`
			Clock struct {
				Periods []struct {
					Moves   int `json:"moves"`
					Seconds int `json:"seconds"`
				} `json:"periods"`
			} `json:"clock"`
		} `json:"start"`
		Info struct {
			TimeControl string `json:"time_control"`
			Tiebreaks   string `json:"tiebreaks"`
			System      string `json:"system"`
		} `json:"info"`
	}
	apiCall(t, "GET", base+"/api/events/"+id, arb, nil, &ev)
	if ev.Info.TimeControl != "40/5400+30:1800+30" || ev.Info.Tiebreaks != "BH/C1,BH,SB,DE,WIN" || ev.Info.System != "swiss" || ev.Start.Rules != "fide" {
		t.Errorf("the tournament's settings: %+v, rules %q", ev.Info, ev.Start.Rules)
	}

	// The round's pairings, from a file dialog.
	file, err := filepath.Abs(filepath.Join("..", "..", "server", "testdata", "hall-open-r1.trf"))
	if err != nil {
		t.Fatal(err)
	}
	b.do("choose the TRF", chromedp.SetUploadFiles(chromedp.ID("trf-file"), []string{file}))
	b.setField("trf-round", "1")
	b.do("load it", chromedp.Evaluate[chromedp.Void](`document.querySelector("#trf-form").requestSubmit()`))
	b.wait("the pairings", 10*time.Second, `/Round 1: \d+ games paired/.test(document.querySelector("#org-message").textContent) && document.querySelectorAll("table.tables tbody tr").length > 0`)
	tables := eval[int](b, `document.querySelectorAll("table.tables tbody tr").length`)
	var paired []createdGame
	apiCall(t, "GET", base+"/api/events/"+id+"?round=1", arb, nil, &struct {
		Games *[]createdGame `json:"games"`
	}{&paired})
	if tables != len(paired) || tables < 2 {
		t.Errorf("%d tables, the file pairs %d games", tables, len(paired))
	}

	ev.Info.TimeControl = ""
	apiCall(t, "GET", base+"/api/events/"+id, arb, nil, &ev)
	if ev.Info.TimeControl != "40/5400+30:1800+30" {
		t.Errorf("after the file's import, the organiser's time control became %q", ev.Info.TimeControl)
	}

	// Start the round.
	b.do("start the round", chromedp.Click(chromedp.ID("start-round")))
	b.wait("the round under way", 10*time.Second, `!!document.querySelector("#round-state")`)

	// The table cards.
	b.do("the cards", chromedp.Click(chromedp.ID("show-cards")))
	b.wait("a card a table", 10*time.Second, fmt.Sprintf(`document.querySelectorAll("#cards .table-card").length === %d && [...document.querySelectorAll("#cards .table-card")].every(c => c.querySelector(".qr svg rect, .qr svg path"))`, tables))
	b.screenshot("organise-cards-desktop")
	url := eval[string](b, `document.querySelector('#cards .table-card[data-table="1"]').dataset.url`)
	line := eval[string](b, `document.querySelector('#cards .table-card[data-table="1"] .eboard-line').textContent`)
	tok := url[strings.Index(url, "#token=")+len("#token="):]
	if !strings.HasPrefix(tok, "tbl_") || line != "1 "+tok {
		t.Fatalf("table 1's card: %q, reader's line %q", url, line)
	}
	// In print, only the cards.
	printed := eval[bool](b, `(() => { const s = [...document.styleSheets].flatMap(x => [...x.cssRules]).find(r => r.media && r.media.mediaText === "print"); return !!s && s.cssText.includes("#cards"); })()`)
	if !printed {
		t.Error("no print style keeps the cards alone")
	}
	var round1 []struct {
		ID    string `json:"id"`
		Board int    `json:"board"`
		White string `json:"white"`
		Black string `json:"black"`
	}
	var evg struct {
		Games *[]struct {
			ID    string `json:"id"`
			Board int    `json:"board"`
			White string `json:"white"`
			Black string `json:"black"`
		} `json:"games"`
	}
	evg.Games = &round1
	apiCall(t, "GET", base+"/api/events/"+id, arb, nil, &evg)
	board := func(n int) (id, white string) {
		for _, g := range round1 {
			if g.Board == n {
				return g.ID, g.White
			}
		}
		t.Fatalf("no game at table %d", n)
		return "", ""
	}

	// The card's address on a phone: the table's game, to play.
	phone := newBrowser(t, "table", base, phoneW, phoneH)
	phone.do("a phone", chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	phone.do("scan table 1's card", chromedp.Navigate(url))
	g1, white1 := board(1)
	phone.wait("table 1's game", 15*time.Second, fmt.Sprintf(`!!document.querySelector("#board cg-board") && document.body.textContent.includes(%q)`, white1))
	phone.wait("the game's socket with the table's token", 10*time.Second, fmt.Sprintf(`localStorage.getItem("arbiter.board.%s") === %q`, g1, tok))
	phone.screenshot("table-phone")

	// Table 1's token issued again: the old one stops working.
	eval[bool](b, `(window.confirm = () => true, true)`)
	b.do("close the cards", chromedp.Click(chromedp.ID("close-cards")))
	b.do("a new token for table 1", chromedp.Click(chromedp.CSS(`tr[data-table="1"] button.reissue`)))
	b.wait("table 1's new card", 10*time.Second, `/Table 1 has a new token/.test(document.querySelector("#org-message").textContent) && document.querySelectorAll("#cards .table-card").length === 1`)
	if st, _ := apitest.Call(t, "GET", base+"/api/events/"+id+"/tables/1", tok, nil); st != http.StatusForbidden {
		t.Errorf("the old token of table 1: %d, want 403", st)
	}
	newTok := eval[string](b, fmt.Sprintf(`localStorage.getItem("arbiter.table.%s.1")`, id))
	if st, _ := apitest.Call(t, "GET", base+"/api/events/"+id+"/tables/1", newTok, nil); st != http.StatusOK {
		t.Errorf("the new token of table 1: %d", st)
	}
	b.do("close the card", chromedp.Click(chromedp.ID("close-cards")))

	// A forfeit at table 2, with its reason.
	g2, _ := board(2)
	b.do("choose +/-", chromedp.Evaluate[chromedp.Void](`(() => { const r = document.querySelector('tr[data-table="2"]'); const s = r.querySelector(".result-pick"); s.value = [...s.options].find(o => o.textContent.startsWith("+/-")).value; r.querySelector(".reason").value = "Black absent after the default time"; r.querySelector("form").requestSubmit(); })()`))
	b.wait("the forfeit entered", 10*time.Second, `/Table 2: \+\/-/.test(document.querySelector("#org-message").textContent)`)
	var gv struct {
		Result   string `json:"result"`
		Decision *struct {
			Result  string `json:"result"`
			Reason  string `json:"reason"`
			Forfeit bool   `json:"forfeit"`
		} `json:"decision"`
	}
	apiCall(t, "GET", base+"/api/games/"+g2, arb, nil, &gv)
	if gv.Decision == nil || !gv.Decision.Forfeit || gv.Decision.Result != "1-0" || gv.Decision.Reason != "Black absent after the default time" {
		t.Errorf("the forfeit in the game: %+v", gv.Decision)
	}
	b.wait("the forfeit in the table", 10*time.Second, `document.querySelector('tr[data-table="2"] .result-cell').textContent.includes("forfeit")`)

	// An e-board reader reports table 3's board.
	var tok3 struct {
		Token string `json:"table_token"`
	}
	apiCall(t, "POST", base+"/api/events/"+id+"/tables/3/token", arb, nil, &tok3)
	apiCall(t, "PUT", base+"/api/events/"+id+"/tables/3/eboard", tok3.Token, map[string]any{"serial": "24511", "port": "/dev/ttyACM0", "connected": false, "queued": 4, "message": "unplugged"}, nil)
	b.open("/organise/" + id)
	b.wait("the e-board's report", 10*time.Second, `(() => { const r = document.querySelector('#eboards tr[data-table="3"]'); return !!r && r.textContent.includes("24511") && r.textContent.includes("disconnected") && r.textContent.includes("4 actions"); })()`)
	b.screenshot("organise-desktop")

	// The tie-break rules: the arbiter chooses the 2026 amendment of C.07,
	// which the event keeps and the standings page says.
	b.do("the 2026 tie-break rules", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#tiebreak-rules"); s.value = "2026"; s.dispatchEvent(new Event("change")); })()`))
	b.wait("the rules set", 10*time.Second, `document.querySelector("#org-message").textContent.includes("as amended from 1 March 2026")`)
	var info struct {
		Info struct {
			Rules string `json:"tiebreak_rules"`
		} `json:"info"`
	}
	apiCall(t, "GET", base+"/api/events/"+id, arb, nil, &info)
	if info.Info.Rules != "2026" {
		t.Errorf("the event's tie-break rules: %q", info.Info.Rules)
	}
	standings := newBrowser(t, "standings", base, desktopW, desktopH)
	standings.open("/standings/" + id)
	standings.wait("the standings under the 2026 rules", 10*time.Second, `document.querySelector("#standings-sub").textContent.includes("Tie-Break Regulations as amended from 1 March 2026") && document.querySelectorAll("#standings tbody tr").length > 0`)
	standings.screenshot("standings-rules-desktop")

	// The TRF, downloaded.
	dir := t.TempDir()
	b.do("downloads", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
		return err
	}))
	b.do("download the TRF", chromedp.Click(chromedp.ID("trf-download")))
	path := filepath.Join(dir, id+".trf")
	var body []byte
	for deadline := time.Now().Add(10 * time.Second); ; {
		if body, err = os.ReadFile(path); err == nil && len(body) > 0 {
			break
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(dir)
			t.Fatalf("no %s downloaded (%v): %v", path, entries, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	tour, err := trf.Parse(body)
	if err != nil {
		t.Fatalf("the downloaded TRF: %v", err)
	}
	var g2white, g2black int
	for _, p := range tour.Players {
		switch p.Entry(1).Result {
		case '+':
			g2white = p.StartRank
		case '-':
			g2black = p.StartRank
		}
	}
	if g2white == 0 || g2black == 0 {
		t.Errorf("the forfeit is not in the downloaded TRF:\n%s", body)
	}

	// On a phone.
	b.resize(phoneW, phoneH, true)
	b.wait("the tables on a phone", 10*time.Second, `document.querySelectorAll("table.tables tbody tr").length > 0`)
	if w := eval[float64](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 1 {
		wide := eval[[]string](b, `[...document.querySelectorAll("main *")].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 8).map(e => e.tagName + "." + e.className + "#" + e.id + " " + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("the organiser's page overflows a phone by %.0f px: %v", w, wide)
	}
	b.screenshot("organise-phone")
}

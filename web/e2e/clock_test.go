package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// hourAhead makes a page's Date an hour ahead of the real time (a
// computer whose clock is wrong), before the page's scripts run.
const hourAhead = `(() => {
	const Real = Date, skew = 3600e3;
	class Skewed extends Real {
		constructor(...a) { if (a.length) super(...a); else super(Real.now() + skew); }
		static now() { return Real.now() + skew; }
	}
	window.Date = Skewed;
})()`

// serverClock is a game's clock as the server's view has it.
type serverClock struct {
	White   int64     `json:"white"`
	Black   int64     `json:"black"`
	Runs    string    `json:"runs"`
	At      time.Time `json:"at"`
	Started bool      `json:"started"`
	Flag    string    `json:"flag"`
}

// clockNow reads a game's clock from the server (GET /api/games/{game})
// and returns the milliseconds left on each side now (the running clock
// counted down from the view's at), and the clock itself.
func clockNow(t *testing.T, base, game string) (white, black float64, c serverClock) {
	t.Helper()
	var v struct {
		Clock *serverClock `json:"clock"`
	}
	apiCall(t, "GET", base+"/api/games/"+game, "", nil, &v)
	if v.Clock == nil {
		t.Fatalf("game %s has no clock in its view", game)
	}
	c = *v.Clock
	white, black = float64(c.White), float64(c.Black)
	since := float64(time.Since(c.At).Milliseconds())
	switch c.Runs {
	case "white":
		white = math.Max(0, white-since)
	case "black":
		black = math.Max(0, black-since)
	}
	return white, black, c
}

// shownMs reads the milliseconds a page's clock element shows (its
// data-ms) and its text.
func shownMs(b *browser, sel string) (float64, string) {
	b.t.Helper()
	v := eval[struct {
		Ms   string
		Text string
	}](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return {Ms: e ? e.dataset.ms || "" : "", Text: e ? e.textContent : ""}; })()`, sel))
	ms, err := strconv.ParseFloat(v.Ms, 64)
	if err != nil {
		b.t.Fatalf("%s: %s shows no time (data-ms %q, text %q)", b.name, sel, v.Ms, v.Text)
	}
	return ms, v.Text
}

// clockText parses a clock's text (h:mm:ss, m:ss or m:ss.t) into seconds.
func clockText(t *testing.T, s string) float64 {
	t.Helper()
	m := regexp.MustCompile(`^(?:(\d+):)?(\d+):(\d\d)(?:\.(\d))?$`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("clock text %q is not h:mm:ss, m:ss or m:ss.t", s)
	}
	n := func(x string) float64 { f, _ := strconv.ParseFloat(x, 64); return f }
	sec := n(m[1])*3600 + n(m[2])*60 + n(m[3])
	if m[4] != "" {
		sec += n(m[4]) / 10
	}
	return sec
}

// sameClocks checks that the clocks a page shows in the elements whiteSel
// and blackSel agree with the server's view, within tolerance, and that
// the running one (and only it) is marked.
func sameClocks(t *testing.T, b *browser, base, game, whiteSel, blackSel string) {
	t.Helper()
	pw, tw := shownMs(b, whiteSel)
	pb, tb := shownMs(b, blackSel)
	sw, sb, c := clockNow(t, base, game)
	const tolerance = 1500.0 // ms: the message's journey and the page's tick
	if math.Abs(pw-sw) > tolerance || math.Abs(pb-sb) > tolerance {
		t.Errorf("%s: the page shows White %.0f ms, Black %.0f ms; the server %.0f, %.0f (clock %+v)", b.name, pw, pb, sw, sb, c)
	}
	// The text says the same, to the second (whole seconds are rounded up).
	if d := clockText(t, tw) - sw/1000; d < -1 || d > 2 {
		t.Errorf("%s: White's clock reads %q, the server has %.1f s", b.name, tw, sw/1000)
	}
	if d := clockText(t, tb) - sb/1000; d < -1 || d > 2 {
		t.Errorf("%s: Black's clock reads %q, the server has %.1f s", b.name, tb, sb/1000)
	}
	running := eval[[]bool](b, fmt.Sprintf(`[document.querySelector(%q).classList.contains("running"), document.querySelector(%q).classList.contains("running")]`, whiteSel, blackSel))
	if running[0] != (c.Runs == "white") || running[1] != (c.Runs == "black") {
		t.Errorf("%s: running marks (white, black) %v, the server's clock runs %q", b.name, running, c.Runs)
	}
}

// A 5+0 game after three moves, played with pauses: the board page and
// the hall show both clocks as the server has them (within a second and
// a half), Black's running and counting down, White's standing; a game not
// started shows 5:00 on both. The pages count from the arrival of the
// server's figures: a page whose computer's clock is an hour fast shows
// the same.
func TestClocks_BoardAndHallShowTheServersClocks(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Blitz night", "site": "Loopback",
		"start": map[string]any{"rules": "fide-blitz", "clock": map[string]int{"white": 300, "black": 300, "increment": 0}},
		"games": []map[string]any{{"white": "Ashworth", "black": "Brandt"}, {"white": "Castillo", "black": "Dvořák"}},
	}, &ev)
	g := ev.Games[0]
	post(t, base, g, moves("white", "e2e4")...)
	time.Sleep(1200 * time.Millisecond)
	post(t, base, g, moves("black", "e7e5")...)
	time.Sleep(1500 * time.Millisecond)
	post(t, base, g, moves("white", "g1f3")...)

	spectator := newBrowser(t, "spectator", base, desktopW, desktopH)
	spectator.open("/board/" + g.ID)
	spectator.wait("both clocks, Black's running", 5*time.Second, `!document.querySelector("#clock-white").hidden && !document.querySelector("#clock-black").hidden && document.querySelector("#clock-black").classList.contains("running")`)
	sameClocks(t, spectator, base, g.ID, "#clock-white", "#clock-black")
	if _, tw := shownMs(spectator, "#clock-white"); tw != "4:59" {
		t.Errorf("White's clock reads %q after 1.5 s of thinking, want 4:59", tw)
	}
	// Black's clock counts down; White's stands.
	b0, _ := shownMs(spectator, "#clock-black")
	w0, _ := shownMs(spectator, "#clock-white")
	spectator.wait("Black's clock counting down", 3*time.Second, fmt.Sprintf(`+document.querySelector("#clock-black").dataset.ms < %f`, b0-600))
	if w1, _ := shownMs(spectator, "#clock-white"); w1 != w0 {
		t.Errorf("White's standing clock moved from %.0f to %.0f ms", w0, w1)
	}
	sameClocks(t, spectator, base, g.ID, "#clock-white", "#clock-black")

	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	hall.open("/hall/" + ev.ID)
	card := func(game string) string { return fmt.Sprintf(`.hall-card[data-game=%q]`, game) }
	hall.wait("the clocks on the cards", 5*time.Second, fmt.Sprintf(`document.querySelectorAll(".hall-card .hall-clock:not([hidden])").length === 4 && document.querySelector('%s .clock-black').classList.contains("running")`, card(g.ID)))
	sameClocks(t, hall, base, g.ID, card(g.ID)+" .clock-white", card(g.ID)+" .clock-black")
	other := ev.Games[1]
	for _, s := range []string{"white", "black"} {
		if _, text := shownMs(hall, card(other.ID)+" .clock-"+s); text != "5:00" {
			t.Errorf("the game not started shows %s's clock %q, want 5:00", s, text)
		}
	}
	sameClocks(t, hall, base, other.ID, card(other.ID)+" .clock-white", card(other.ID)+" .clock-black")

	// A computer whose clock is an hour fast shows the same clocks: the
	// page counts from the arrival of the server's figures.
	skewed := newBrowser(t, "skewed", base, desktopW, desktopH)
	skewed.do("an hour ahead", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: hourAhead})
		return err
	}))
	skewed.open("/board/" + g.ID)
	if d := eval[float64](skewed, `Date.now() - performance.timeOrigin - performance.now()`); d < 3500e3 {
		t.Fatalf("the page's clock is not an hour ahead (%.0f ms)", d)
	}
	skewed.wait("both clocks", 5*time.Second, `document.querySelector("#clock-black").classList.contains("running")`)
	sameClocks(t, skewed, base, g.ID, "#clock-white", "#clock-black")

	// A move made changes the clocks at once on both pages.
	post(t, base, g, moves("black", "b8c6")...)
	spectator.wait("White's clock running", 3*time.Second, `document.querySelector("#clock-white").classList.contains("running")`)
	hall.wait("White's clock running", 3*time.Second, fmt.Sprintf(`document.querySelector('%s .clock-white').classList.contains("running")`, card(g.ID)))
	sameClocks(t, spectator, base, g.ID, "#clock-white", "#clock-black")
	sameClocks(t, hall, base, g.ID, card(g.ID)+" .clock-white", card(g.ID)+" .clock-black")
}

// A game with two seconds on White's clock: nobody acts after White's
// first touch, the server's flag watch records the arbiter's flag
// observation (0-1 on time), and every page shows the fallen flag: the
// board page and the play page (White's clock at 0:00 in red, the result
// "White’s flag fell"), the hall's card and the arbiter's desk (the row
// and a card to note). Before it falls, the running clock shows tenths.
func TestClocks_FlagFallShowsOnEveryPage(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Bullet", "site": "Loopback",
		"games": []map[string]any{{"white": "Ashworth", "black": "Brandt",
			"start": map[string]any{"rules": "fide-blitz", "clock": map[string]int{"white": 3, "black": 60, "increment": 0}}}},
	}, &ev)
	g := ev.Games[0]

	player := newBrowser(t, "players", base, desktopW, desktopH)
	spectator := newBrowser(t, "spectator", base, desktopW, desktopH)
	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	arbiter := newBrowser(t, "arbiter", base, desktopW, desktopH)
	player.open("/play/" + g.ID + "#token=" + g.BoardToken)
	spectator.open("/board/" + g.ID)
	hall.open("/hall/" + ev.ID)
	arbiter.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	for _, b := range []*browser{player, spectator} {
		b.wait("the clocks standing", 5*time.Second, `document.querySelector("#clock-white").textContent === "0:03.0" && document.querySelector("#clock-black").textContent === "1:00"`)
		b.wait("live", 3*time.Second, `document.querySelector("#live") ? document.querySelector("#live").textContent === "live" : !document.querySelector("#app").classList.contains("offline")`)
	}
	card := fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]')`, g.ID)
	row := fmt.Sprintf(`document.querySelector('#games tr[data-game=%q]')`, g.ID)
	hall.wait("the card's clocks", 5*time.Second, card+` && `+card+`.querySelector(".clock-white").textContent === "0:03.0"`)
	arbiter.wait("the row's clocks", 5*time.Second, row+` && `+row+`.querySelector(".clock-white").textContent === "0:03.0"`)
	for _, b := range []*browser{hall, arbiter} {
		b.wait("live", 3*time.Second, `document.querySelector("#live").textContent === "live"`)
	}

	// White touches a pawn (the first action starts the clock) and thinks.
	player.click("e2")
	boardIs(player, "duty", "move:e2", 3*time.Second)
	spectator.wait("White's clock running, in tenths", 3*time.Second, `document.querySelector("#clock-white").classList.contains("running") && /^0:0[0-2]\.\d$/.test(document.querySelector("#clock-white").textContent)`)

	// The server records the flag itself.
	deadline := time.Now().Add(8 * time.Second)
	var flagEntry *entry
	for flagEntry == nil && time.Now().Before(deadline) {
		for _, e := range logOf(t, base, g.ID) {
			if e.Action != nil && e.Action["by"] == "arbiter" && e.Action["act"] == "flag" {
				flagEntry = &e
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if flagEntry == nil {
		t.Fatalf("no flag observation by the server in the log: %v", actionsOf(logOf(t, base, g.ID)))
	}
	if side := flagEntry.Action["side"]; side != "white" {
		t.Errorf("the flag observed is %v's, want White's", side)
	}
	v := gameView(t, base, g.ID)
	if v["result"] != "0-1" || v["reason"] != "time" {
		t.Errorf("the server's result %v (%v), want 0-1 on time", v["result"], v["reason"])
	}
	if c, _ := json.Marshal(v["clock"]); !strings.Contains(string(c), `"flag":"white"`) {
		t.Errorf("the server's clock does not name White's flag: %s", c)
	}

	// The board page and the play page: White's clock at 0:00 in red, the
	// result and the status say it.
	for _, b := range []*browser{spectator, player} {
		b.wait("White's flag shown", 3*time.Second, `document.querySelector("#clock-white").classList.contains("flagged") && document.querySelector("#clock-white").textContent === "0:00" && document.querySelector("#board").dataset.flag === "white"`)
		if r := b.text("#result"); !strings.Contains(r, "0-1") || !strings.Contains(r, "White’s flag fell") {
			t.Errorf("%s: result %q", b.name, r)
		}
		if s := b.text("#status"); !strings.Contains(s, "White’s flag fell") {
			t.Errorf("%s: status %q", b.name, s)
		}
		if n := b.text("#notice"); !strings.Contains(n, "White’s flag fell") {
			t.Errorf("%s: notice %q", b.name, n)
		}
		running := eval[int](b, `document.querySelectorAll(".clock.running").length`)
		if running != 0 {
			t.Errorf("%s: %d clocks still running after the flag fell", b.name, running)
		}
		if _, text := shownMs(b, "#clock-black"); text != "1:00" {
			t.Errorf("%s: Black's clock reads %q, want 1:00", b.name, text)
		}
	}
	if d := eval[[]bool](player, `[document.querySelector("#press-white").disabled, document.querySelector("#press-black").disabled]`); !d[0] || !d[1] {
		t.Errorf("the clock buttons after the flag fell are disabled %v, want both", d)
	}

	// The hall: the card's clock in red and the result in words.
	hall.wait("the flag on the card", 3*time.Second, card+`.dataset.flag === "white" && `+card+`.querySelector(".clock-white").classList.contains("flagged") && `+card+`.dataset.result === "0-1"`)
	if s := eval[string](hall, card+`.textContent`); !strings.Contains(s, "White’s flag fell") {
		t.Errorf("the hall's card says %q", s)
	}

	// The desk: the row marked and a card to note.
	arbiter.wait("the flag on the desk", 3*time.Second, row+`.dataset.flag === "white" && `+row+`.textContent.includes("Flag fell: White") && !!document.querySelector('article[data-item="flag"]')`)
	if s := arbiter.text(`article[data-item="flag"]`); !strings.Contains(s, "White’s flag fell") || !strings.Contains(s, "0-1") {
		t.Errorf("the desk's flag card says %q", s)
	}

	spectator.screenshot("board-flag-desktop")
	hall.screenshot("hall-flag-desktop")
	arbiter.screenshot("desk-flag-desktop")

	// Noted, the card goes; the row keeps the flag.
	arbiter.do("noted", chromedp.Click(chromedp.ID("noted-"+g.ID)))
	arbiter.wait("the card gone", 3*time.Second, `!document.querySelector('article[data-item="flag"]') && !!document.querySelector("#nothing-pending")`)
	if f := eval[string](arbiter, row+`.dataset.flag`); f != "white" {
		t.Errorf("after noting it the row's flag is %q", f)
	}
}

// The move passes at the move, the clock at the press: once White's move
// is made on the play page Black may reply at once, before White presses;
// White's clock runs until his press (then Black's, until Black's).
func TestPlay_BlackRepliesBeforeWhitePresses(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Rapid", "games": []map[string]any{{"white": "Anna", "black": "Boris",
			"start": map[string]any{"rules": "fide", "clock": map[string]int{"white": 600, "black": 600, "increment": 0}}}},
	}, &ev)
	g := ev.Games[0]
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 5*time.Second)
	b.wait("both clocks", 3*time.Second, `document.querySelector("#clock-white").textContent === "10:00" && document.querySelector("#clock-black").textContent === "10:00"`)

	disabled := `[document.querySelector("#press-white").disabled, document.querySelector("#press-black").disabled]`
	b.typeMove("e2e4") // typed: a drag on a loaded machine can read as a touch first
	boardIs(b, "mover", "black", 3*time.Second)
	b.wait("White's clock running", 3*time.Second, `document.querySelector("#clock-white").classList.contains("running")`)
	if s := b.text("#status"); !strings.Contains(s, "Black to move") || !strings.Contains(s, "White, press the clock") {
		t.Errorf("status after White's move: %q", s)
	}
	// Black replies before White's press: his hand acts.
	b.typeMove("e7e5")
	boardIs(b, "mover", "white", 3*time.Second)
	if d := eval[[]bool](b, disabled); d[0] || d[1] {
		t.Errorf("with both presses owed the clock buttons are disabled %v, want neither", d)
	}
	// White's clock still runs: it is pressed, not moved, over.
	sameClocks(t, b, base, g.ID, "#clock-white", "#clock-black")
	if !eval[bool](b, `document.querySelector("#clock-white").classList.contains("running")`) {
		t.Errorf("White's clock stopped before his press")
	}
	b.pressClock("white")
	b.wait("Black's clock running", 3*time.Second, `document.querySelector("#clock-black").classList.contains("running")`)
	b.pressClock("black")
	b.wait("White's clock running", 3*time.Second, `document.querySelector("#clock-white").classList.contains("running")`)
	sameClocks(t, b, base, g.ID, "#clock-white", "#clock-black")
	want := []string{"white lift e2", "white drop e4", "black lift e7", "black drop e5", "white clock", "black clock"}
	if got := actionsOf(waitLog(t, base, g.ID, len(want))); strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("posted %q, want %q", got, want)
	}
	for _, e := range logOf(t, base, g.ID) {
		for _, r := range e.Rulings {
			if r.Kind == "illegal" || r.Kind == "violation" || r.Kind == "error" {
				t.Errorf("entry %d: a %s ruling (%s)", e.N, r.Kind, r.Article)
			}
		}
	}
	if d := eval[[]bool](b, disabled); !d[0] || !d[1] {
		t.Errorf("after both presses the clock buttons are disabled %v, want both", d)
	}
}

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// What the server trusts, as the pages show it: the broadcast delay (the
// spectators' pages see the games late, the play page and the desk live),
// a physical clock's reading held for the arbiter, and the server's notes.

// postAny posts actions given as JSON objects (those whose fields are not
// all strings: times, mirror) to a game with a token.
func postAny(t *testing.T, base, game, token string, actions ...map[string]any) {
	t.Helper()
	apiCall(t, "POST", base+"/api/games/"+game+"/actions", token, actions, nil)
}

// clickJS clicks an element with the page's own click(), which also
// reaches a button inside a closed <details>.
func (b *browser) clickJS(sel string) {
	b.t.Helper()
	b.do("click "+sel, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, sel)))
}

// afterE4 and afterE4E5 are the placements after 1. e4 and 1. e4 e5.
const (
	afterE4   = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
	afterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
)

// An event with a broadcast delay of 2 s: the play page (the board's
// token) shows 1. e4 as soon as it is posted, the hall (no token) only
// once the delay has passed, and says that it is delayed, as the board
// page does. With the delay at an hour, the play page shows 1... e5 and
// the hall does not (whatever the machine's speed). The arbiter sets the
// delay to none at the desk: the hall says so and shows e5 at once.
func TestDelay_TheHallWaitsThePlayPageDoesNot(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Delayed open", "site": "Loopback", "delay": 2,
		"games": []map[string]any{{"white": "Ashworth", "black": "Brandt"}},
	}, &ev)
	g := ev.Games[0]
	const delay = 2 * time.Second

	player := newBrowser(t, "player", base, desktopW, desktopH)
	hall := newBrowser(t, "hall", base, desktopW, desktopH)
	player.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(player, "mover", "white", 10*time.Second)
	hall.open("/hall/" + ev.ID)
	card := fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]')`, g.ID)
	hall.wait("the board in the hall, live", 10*time.Second, card+` && `+card+`.dataset.fen && document.querySelector("#live").textContent === "live"`)
	hall.wait("the delay said", 10*time.Second, `!document.querySelector("#delay-note").hidden && document.querySelector("#delay-note").textContent.includes("Broadcast delayed by 2 s")`)

	posted := time.Now()
	post(t, base, g, moves("white", "e2e4")...)
	player.wait("e4 on the play page", 10*time.Second, pieceOn("e4", "P"))
	onPlay := time.Since(posted)
	inHall := eval[bool](hall, fmt.Sprintf(`%s.dataset.fen === %q`, card, afterE4))
	looked := time.Since(posted)
	if inHall && looked < delay {
		t.Errorf("the hall showed e4 %v after it was posted, within the delay of %v", looked, delay)
	}
	t.Logf("e4 on the play page after %v; in the hall at %v: %v", onPlay.Round(time.Millisecond), looked.Round(time.Millisecond), inHall)
	hall.wait("e4 in the hall once the delay has passed", 15*time.Second, fmt.Sprintf(`%s.dataset.fen === %q`, card, afterE4))
	if d := time.Since(posted); d < delay {
		t.Errorf("the hall showed e4 %v after it was posted, within the delay of %v", d, delay)
	}

	// The board page (no token) says it is delayed too.
	hall.open("/board/" + g.ID)
	hall.wait("the board page's delay note", 10*time.Second, `!document.querySelector("#delay-note").hidden && document.querySelector("#delay-note").textContent.includes("Broadcast delayed by 2 s")`)
	hall.wait("e4 on the board page", 10*time.Second, pieceOn("e4", "P"))

	// An hour's delay: the play page shows 1... e5, the hall does not.
	apiCall(t, "PUT", base+"/api/events/"+ev.ID+"/delay", ev.ArbiterToken, map[string]int{"delay": 3600}, nil)
	hall.open("/hall/" + ev.ID)
	hall.wait("an hour's delay said", 10*time.Second, `document.querySelector("#delay-note").textContent.includes("Broadcast delayed by 1 h")`)
	player.wait("the play page still live", 10*time.Second, `!document.body.querySelector("#app").classList.contains("offline")`)
	post(t, base, g, moves("black", "e7e5")...)
	player.wait("e5 on the play page", 10*time.Second, pieceOn("e5", "p"))
	if s := eval[string](hall, card+`.textContent`); strings.Contains(s, "e5") {
		t.Errorf("the hall shows e5 under an hour's delay: %q", s)
	}

	// The arbiter takes the delay off at the desk: the hall says so once
	// its socket comes back, and shows e5.
	player.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	player.wait("the delay on the desk", 10*time.Second, `document.querySelector("#delay-form").dataset.delay === "3600" && document.querySelector("#delay-input").value === "3600"`)
	if s := player.text("#delay-now"); !strings.Contains(s, "1 h") {
		t.Errorf("the desk says of the delay: %q", s)
	}
	// The desk reads live: both moves in its picture of the game.
	player.wait("e5 at the desk", 10*time.Second, fmt.Sprintf(`document.querySelector('tr[data-game=%q]')?.dataset.fen === %q`, g.ID, afterE4E5))
	player.screenshot("desk-delay-desktop")
	player.setField("delay-input", "0")
	player.do("set the delay", chromedp.Click(chromedp.ID("delay-set")))
	player.wait("no delay on the desk", 10*time.Second, `document.querySelector("#delay-form").dataset.delay === "0"`)
	var evv struct {
		Delay int `json:"delay"`
	}
	apiCall(t, "GET", base+"/api/events/"+ev.ID, "", nil, &evv)
	if evv.Delay != 0 {
		t.Errorf("the event's delay is %d after the desk set 0", evv.Delay)
	}
	hall.wait("no delay said in the hall", 15*time.Second, `document.querySelector("#delay-note").hidden`)
	hall.wait("e5 in the hall", 10*time.Second, fmt.Sprintf(`%s.textContent.includes("1… e5")`, card))
}

// A physical clock's reading far from the server's reckoning is held for
// the arbiter: the desk shows both readings, the arbiter accepts it with
// a click and the discrepancy is gone; a second one he corrects with the
// form. The server's notes are listed newest first.
func TestDesk_HeldClockReadingAcceptedThenCorrected(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "DGT night", "site": "Loopback",
		"start": map[string]any{"rules": "fide", "clock": map[string]int{"white": 300, "black": 300}},
		"games": []map[string]any{{"white": "Ashworth", "black": "Brandt"}, {"white": "Castillo", "black": "Dvořák"}},
	}, &ev)
	g := ev.Games[0]
	// The board's clock shows 10:00 and 16:39 where the server reckons
	// 5:00 each.
	postAny(t, base, g.ID, g.BoardToken, map[string]any{"by": "white", "act": "lift", "sq": "e2", "times": map[string]int{"white": 600000, "black": 999000}})
	if v := gameView(t, base, g.ID); v["clock_held"] == nil {
		t.Fatalf("the server holds no reading: %v", v["notes"])
	}

	desk := newBrowser(t, "desk", base, desktopW, desktopH)
	desk.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	held := fmt.Sprintf(`article[data-item="clock-held"][data-game=%q]`, g.ID)
	desk.wait("the held reading", 10*time.Second, fmt.Sprintf(`!!document.querySelector('%s')`, held))
	text := desk.text(held)
	for _, want := range []string{"10:00", "16:39", "5:00", "The board’s clock showed", "The server reckoned", "Accept the clock’s reading", "6.10.2"} {
		if !strings.Contains(text, want) {
			t.Errorf("the held card lacks %q: %s", want, text)
		}
	}
	if s := desk.text("#notes"); !strings.Contains(s, "Clock reading held") || !strings.Contains(s, "waiting for the arbiter") {
		t.Errorf("the notes do not list the held reading: %s", s)
	}
	desk.screenshot("desk-clock-desktop")

	desk.do("accept", chromedp.Click(chromedp.ID("accept-clock-"+g.ID)))
	desk.wait("the discrepancy gone", 10*time.Second, fmt.Sprintf(`!document.querySelector('%s') && document.querySelector("#notes").textContent.includes("settled by the arbiter")`, held))
	v := gameView(t, base, g.ID)
	if v["clock_held"] != nil {
		t.Errorf("the server still holds %v", v["clock_held"])
	}
	w, b, c := clockNow(t, base, g.ID)
	if c.Runs != "white" || w > 600000 || w < 500000 || b != 999000 {
		t.Errorf("after the reading was accepted the clocks are white %.0f, black %.0f ms (runs %q): want the reading's, 10:00 (less the time since) and 16:39", w, b, c.Runs)
	}
	desk.wait("the desk shows the accepted reading", 10*time.Second, fmt.Sprintf(`document.querySelector('tr[data-game=%q] .clock-black').textContent === "16:39"`, g.ID))

	// A second reading, corrected by hand: 4:00 and 3:30.
	postAny(t, base, g.ID, g.BoardToken, map[string]any{"by": "white", "act": "drop", "sq": "e4", "times": map[string]int{"white": 200000, "black": 100000}})
	desk.wait("the second held reading", 10*time.Second, fmt.Sprintf(`!!document.querySelector('%s')`, held))
	desk.do("open the form", chromedp.Click(chromedp.ID("set-clocks-"+g.ID)))
	desk.wait("the form, filled with the clocks now", 5*time.Second, fmt.Sprintf(`!document.querySelector("#clock-form-%s").hidden && /^\d+:\d\d$/.test(document.querySelector("#clock-white-%s").value)`, g.ID, g.ID))
	desk.setField("clock-white-"+g.ID, "4:00")
	desk.setField("clock-black-"+g.ID, "3:30")
	desk.do("set the clocks", chromedp.Click(chromedp.ID("clock-submit-"+g.ID)))
	desk.wait("the second discrepancy gone", 10*time.Second, fmt.Sprintf(`!document.querySelector('%s')`, held))
	w, b, c = clockNow(t, base, g.ID)
	if b != 210000 || w > 240000 || w < 200000 || c.Runs != "white" {
		t.Errorf("after the arbiter set 4:00 and 3:30 the clocks are white %.0f, black %.0f ms (runs %q)", w, b, c.Runs)
	}

	// A t from the future is re-stamped and noted: the newest note first.
	postAny(t, base, g.ID, g.BoardToken, map[string]any{"by": "white", "act": "clock", "t": 99999999})
	desk.wait("the re-stamped note first", 10*time.Second, `document.querySelector("#notes li").dataset.kind === "restamped"`)
	if n := eval[int](desk, fmt.Sprintf(`document.querySelectorAll('.notes-card[data-game=%q] li').length`, g.ID)); n != 3 {
		t.Errorf("%d notes listed, want 3 (two readings held, one t re-stamped)", n)
	}
	if n := eval[int](desk, `document.querySelectorAll(".notes-card").length`); n != 1 {
		t.Errorf("%d games with notes, want 1", n)
	}
}

// Once the game has a result, the play page's claim, draw, resignation
// and flag buttons are disabled and out of sight, j'adoube too; Accept and
// Decline are shown only while the opponent's offer is open. On desktop
// and on a phone.
func TestPlay_ButtonsAfterTheResult(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Friendly", "games": []map[string]any{{"white": "Ashworth", "black": "Brandt"}},
	}, &ev)
	g := ev.Games[0]
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	boardIs(b, "mover", "white", 10*time.Second)

	disabled := func(ids ...string) string {
		var parts []string
		for _, id := range ids {
			parts = append(parts, fmt.Sprintf(`document.querySelector("#%s").disabled`, id))
		}
		return strings.Join(parts, " && ")
	}
	enabled := func(ids ...string) string {
		var parts []string
		for _, id := range ids {
			parts = append(parts, fmt.Sprintf(`!document.querySelector("#%s").disabled`, id))
		}
		return strings.Join(parts, " && ")
	}
	b.wait("no offer to answer, the rest enabled", 5*time.Second, disabled("accept-draw-white", "decline-draw-white", "accept-draw-black", "decline-draw-black")+
		" && "+enabled("resign-white", "resign-black", "claim-white", "claim-black", "offer-draw-white", "offer-draw-black", "flag-white", "flag-black"))
	if n := eval[int](b, `[...document.querySelectorAll("[id^=accept-draw], [id^=decline-draw]")].filter(e => !e.hidden).length`); n != 0 {
		t.Errorf("%d Accept or Decline buttons shown with no offer", n)
	}

	post(t, base, g, moves("white", "e2e4 e7e5")...)
	post(t, base, g, act{"by": "black", "act": "offer-draw"})
	b.wait("White may answer Black's offer", 10*time.Second, enabled("accept-draw-white", "decline-draw-white")+" && "+disabled("accept-draw-black", "decline-draw-black")+
		` && !document.querySelector("#accept-draw-white").hidden && document.querySelector("#accept-draw-black").hidden`)
	b.clickJS("#accept-draw-white")
	b.wait("the draw", 10*time.Second, `!document.querySelector("#result").hidden && document.querySelector("#result").textContent.includes("agreement")`)
	all := []string{"resign-white", "resign-black", "claim-white", "claim-black", "offer-draw-white", "offer-draw-black",
		"accept-draw-white", "accept-draw-black", "decline-draw-white", "decline-draw-black", "flag-white", "flag-black"}
	b.wait("every button of the panels disabled", 10*time.Second, disabled(all...))
	// ... and out of sight: the panels' claims, draw and resignation, and
	// j'adoube.
	if shown := eval[[]string](b, `[...document.querySelectorAll(".player details.more, .player button")].filter(e => e.offsetParent !== null && !e.classList.contains("clock-btn")).map(e => e.id || e.tagName)`); len(shown) > 0 {
		t.Errorf("shown after the result: %v", shown)
	}
	if es := logOf(t, base, g.ID); len(es) == 0 || es[len(es)-1].Action["act"] != "accept-draw" {
		t.Errorf("the last entry is not White's acceptance: %+v", es[len(es)-1])
	}
	b.screenshot("play-over-desktop")
	// The same on a phone.
	b.resize(phoneW, phoneH, true)
	b.wait("every button disabled and hidden on a phone", 10*time.Second, `!document.querySelector("#result").hidden && `+disabled(all...)+
		` && [...document.querySelectorAll(".player details.more")].every(d => d.offsetParent === null)`)
	if w := eval[float64](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 1 {
		t.Errorf("the play page overflows a phone by %.0f px", w)
	}
	b.screenshot("play-over-phone")
}

// The play page speaks as players do: a touch-move violation reads
// "touched the knight on g1 first but moved the pawn on e2" (the rule's
// text beside it), and a notice dismissed stays gone after a reload.
func TestPlay_PlayersWordsAndNoticesOnceRead(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Friendly", "games": []map[string]any{{"white": "Ashworth", "black": "Brandt"}},
	}, &ev)
	g := ev.Games[0]
	post(t, base, g, act{"by": "white", "act": "touch", "sq": "g1"})
	post(t, base, g, moves("white", "e2e4")...)
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + g.BoardToken)
	noticeHas(b, "violation", "touched the knight on g1 first but moved the pawn on e2")
	if txt := b.text("#notice"); !strings.Contains(txt, "FIDE 4.3.1") {
		t.Errorf("the notice does not cite the rule: %q", txt)
	}
	b.do("dismiss", chromedp.Click(chromedp.CSS("#notice .notice-close")))
	b.wait("the notice hidden", 2*time.Second, `document.querySelector("#notice").hidden`)
	b.open("/play/" + g.ID)
	boardIs(b, "mover", "black", 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	if !eval[bool](b, `document.querySelector("#notice").hidden`) {
		t.Errorf("the notice read and dismissed is back after a reload: %q", b.text("#notice"))
	}
	// A new ruling shows again.
	post(t, base, createdGame{ID: g.ID, BoardToken: g.BoardToken}, act{"by": "black", "act": "lift", "sq": "d8"}, act{"by": "black", "act": "drop", "sq": "h4"}, act{"by": "black", "act": "clock"})
	noticeHas(b, "illegal", "Illegal move")
}

// Logs with what the pages did not know before: the arbiter's acts on
// the clocks, what the hands do after the result, set-up errors (a game
// cancelled), Appendix D (announcements, the other board, the assistant,
// boards that differ), a promotion to a piece of the wrong colour, a
// displaced piece, and an illegal position left on the board in blitz
// (A.5.4). Each game's board page shows the position of the record and
// the rulings in words, the hall and the desk draw them all, and no page
// throws.
func TestPages_NewActsAndRulingsInWords(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	clock := map[string]int{"white": 300, "black": 300, "increment": 2}
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Irregular night", "site": "Loopback",
		"games": []map[string]any{
			{"white": "Clocks", "black": "After the end", "start": map[string]any{"clock": clock}},
			{"white": "Set-up", "black": "Error"},
			{"white": "Sighted", "black": "Blind", "start": map[string]any{"visually_disabled": "black"}},
			{"white": "Wrong", "black": "Colour", "start": map[string]any{"fen": "k7/4P3/8/8/8/8/8/K7 w - - 0 1"}},
			{"white": "Knock", "black": "Over"},
			{"white": "Blitz", "black": "Limbo", "start": map[string]any{"rules": "fide-blitz", "fen": "k6r/4P3/8/8/8/8/8/4K3 w - - 0 1"}},
			{"white": "Blitz", "black": "Waits", "start": map[string]any{"rules": "fide-blitz", "fen": "k6r/4P3/8/8/8/8/8/4K3 w - - 0 1"}},
		},
	}, &ev)
	g := ev.Games
	arb := func(i int, actions ...map[string]any) {
		t.Helper()
		postAny(t, base, g[i].ID, ev.ArbiterToken, actions...)
	}
	board := func(i int, actions ...map[string]any) {
		t.Helper()
		postAny(t, base, g[i].ID, g[i].BoardToken, actions...)
	}
	asAny := func(as []act) []map[string]any {
		var out []map[string]any
		for _, a := range as {
			m := map[string]any{}
			for k, v := range a {
				m[k] = v
			}
			out = append(out, m)
		}
		return out
	}

	// 0: the arbiter stops the clocks, sets them and sets them going;
	// then the scholar's mate, and the hands go on after it.
	board(0, asAny(moves("white", "e2e4"))...)
	board(0, map[string]any{"by": "black", "act": "lift", "sq": "e7"})
	arb(0, map[string]any{"by": "arbiter", "act": "pause"},
		map[string]any{"by": "arbiter", "act": "set-clock", "times": map[string]int{"white": 290000, "black": 250000}},
		map[string]any{"by": "arbiter", "act": "resume"})
	board(0, map[string]any{"by": "black", "act": "drop", "sq": "e5"}, map[string]any{"by": "black", "act": "clock"})
	board(0, asAny(moves("white", "f1c4 b8c6 d1h5 g8f6"))...)
	board(0, map[string]any{"by": "white", "act": "lift", "sq": "h5"}, map[string]any{"by": "white", "act": "remove", "sq": "f7"},
		map[string]any{"by": "white", "act": "drop", "sq": "f7"}, map[string]any{"by": "white", "act": "clock"},
		map[string]any{"by": "black", "act": "lift", "sq": "e8"}, map[string]any{"by": "black", "act": "drop", "sq": "e8"},
		map[string]any{"by": "white", "act": "knock", "sq": "c6"}, map[string]any{"by": "black", "act": "lift", "sq": "a7"})
	// 1: the board was placed wrongly (the game goes on), then colours
	// reversed before ten moves each (cancelled); a hand after it.
	board(1, asAny(moves("white", "e2e4"))...)
	arb(1, map[string]any{"by": "arbiter", "act": "setup-error", "what": "board-orientation"})
	board(1, asAny(moves("black", "e7e5"))...)
	arb(1, map[string]any{"by": "arbiter", "act": "setup-error", "what": "colours-reversed"})
	board(1, map[string]any{"by": "white", "act": "lift", "sq": "g1"})
	// 2: Appendix D, Black visually disabled.
	board(2,
		map[string]any{"by": "white", "act": "lift", "sq": "e2"}, map[string]any{"by": "white", "act": "drop", "sq": "e4"},
		map[string]any{"by": "white", "act": "announce", "move": "e4"}, map[string]any{"by": "white", "act": "clock"},
		map[string]any{"by": "assistant", "side": "black", "act": "lift", "sq": "e2"}, map[string]any{"by": "assistant", "side": "black", "act": "drop", "sq": "e4"},
		map[string]any{"by": "black", "act": "touch", "sq": "b8"}, map[string]any{"by": "black", "act": "lift", "sq": "g8"},
		map[string]any{"by": "black", "act": "announce", "move": "Nh6"}, map[string]any{"by": "black", "act": "announce", "move": "Nf6"},
		map[string]any{"by": "black", "act": "drop", "sq": "f6"}, map[string]any{"by": "assistant", "side": "black", "act": "clock"},
		map[string]any{"by": "white", "act": "lift", "sq": "g8", "mirror": true}, map[string]any{"by": "white", "act": "drop", "sq": "f6", "mirror": true},
		map[string]any{"by": "assistant", "side": "black", "act": "touch", "sq": "g1"},
		map[string]any{"by": "white", "act": "lift", "sq": "g1"}, map[string]any{"by": "white", "act": "drop", "sq": "f3"}, map[string]any{"by": "white", "act": "clock"},
		map[string]any{"by": "black", "act": "boards-differ"})
	// 3: a black queen put on e8 for White (7.5.1), then a white one.
	board(3,
		map[string]any{"by": "white", "act": "lift", "sq": "e7"}, map[string]any{"by": "white", "act": "release"},
		map[string]any{"by": "white", "act": "put", "sq": "e8", "piece": "Q", "colour": "black"}, map[string]any{"by": "white", "act": "release"},
		map[string]any{"by": "white", "act": "clock"},
		map[string]any{"by": "white", "act": "lift", "sq": "e7"}, map[string]any{"by": "white", "act": "release"},
		map[string]any{"by": "white", "act": "put", "sq": "e8", "piece": "Q"}, map[string]any{"by": "white", "act": "release"},
		map[string]any{"by": "white", "act": "clock"})
	// 4: a knight knocked onto h3 and not set right (7.6); Black's knocked
	// onto a6 and set back.
	board(4,
		map[string]any{"by": "white", "act": "lift", "sq": "e2"}, map[string]any{"by": "white", "act": "drop", "sq": "e4"},
		map[string]any{"by": "white", "act": "knock", "sq": "g1", "to": "h3"}, map[string]any{"by": "white", "act": "clock"},
		map[string]any{"by": "black", "act": "knock", "sq": "b8", "to": "a6"},
		map[string]any{"by": "black", "act": "lift", "sq": "a6"}, map[string]any{"by": "black", "act": "drop", "sq": "b8"},
		map[string]any{"by": "black", "act": "lift", "sq": "e7"}, map[string]any{"by": "black", "act": "drop", "sq": "e5"})
	// 5: a pawn left unpromoted on e8 in blitz: an illegal position that
	// waits for Black's move (A.5.4); Black takes it, and the game goes on.
	board(5,
		map[string]any{"by": "white", "act": "lift", "sq": "e7"}, map[string]any{"by": "white", "act": "drop", "sq": "e8"},
		map[string]any{"by": "white", "act": "clock"},
		map[string]any{"by": "black", "act": "lift", "sq": "h8"}, map[string]any{"by": "black", "act": "remove", "sq": "e8"},
		map[string]any{"by": "black", "act": "drop", "sq": "e8"}, map[string]any{"by": "black", "act": "clock"})
	// 6: the same illegal position, waiting for Black's move: Black has it.
	board(6,
		map[string]any{"by": "white", "act": "lift", "sq": "e7"}, map[string]any{"by": "white", "act": "drop", "sq": "e8"},
		map[string]any{"by": "white", "act": "clock"})

	b := newBrowser(t, "spectator", base, desktopW, desktopH)
	placement := func(fen string) string { return strings.Fields(fen)[0] }
	type want struct {
		fen     string // the placement the board shows ("": the server's)
		rulings []string
		result  string
		moves   string
	}
	wants := []want{
		{fen: "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR", result: "checkmate",
			rulings: []string{"The arbiter stopped the clocks", "The arbiter set the clocks (FIDE 6.10.2): White 4:50, Black 4:10", "The arbiter set the clocks going again", "after the end of the game"}},
		{result: "Cancelled", rulings: []string{"board was placed contrary to 2.1", "colours reversed", "The game is cancelled", "after the end of the game"}},
		{rulings: []string{"slip of the tongue", "two boards show different positions", "FIDE D.2.9"}, moves: "Nf6"},
		{rulings: []string{"Illegal move by White", "7.5.1"}, moves: "e8=Q+"},
		{rulings: []string{"knocked from g1 onto h3", "FIDE 7.6"}},
		{rulings: []string{"leaves an illegal position", "unclaimed, it stands"}, moves: "Rh8-e8"},
		{fen: "k3P2r/8/8/8/8/8/8/4K3", rulings: []string{"leaves an illegal position", "FIDE A.5.4"}},
	}
	// Every ruling, the full log, is what is checked.
	b.open("/board/" + g[0].ID)
	b.wait("the first board", 10*time.Second, `!!document.querySelector("#full-log")`)
	b.clickJS("#full-log")
	for i, w := range wants {
		v := gameView(t, base, g[i].ID)
		fen := w.fen
		if fen == "" {
			fen = placement(v["fen"].(string))
		}
		b.open("/board/" + g[i].ID)
		b.wait(fmt.Sprintf("game %d's position and rulings", i), 10*time.Second, fmt.Sprintf(`document.querySelector("#board").dataset.fen === %q && document.querySelectorAll("#rulings li").length > 0`, fen))
		b.wait(fmt.Sprintf("game %d's log read", i), 10*time.Second, fmt.Sprintf(`document.querySelectorAll("#rulings li").length === %d`, countRulings(t, base, g[i].ID)))
		rs := b.text("#rulings")
		for _, s := range w.rulings {
			if !strings.Contains(rs, s) {
				t.Errorf("game %d: the rulings lack %q:\n%s", i, s, rs)
			}
		}
		if w.result != "" {
			if s := b.text("#result"); !strings.Contains(s, w.result) {
				t.Errorf("game %d: the result reads %q, want %q", i, s, w.result)
			}
		}
		if w.moves != "" {
			if s := b.text("#moves"); !strings.Contains(s, w.moves) {
				t.Errorf("game %d: the moves read %q, want %q", i, s, w.moves)
			}
		}
	}
	// The illegal position waits for Black: he has the move.
	if m := eval[string](b, `document.querySelector("#board").dataset.mover`); m != "black" {
		t.Errorf("with White's illegal position on the board, %s has the move; want Black", m)
	}
	if s := b.text("#status"); !strings.Contains(s, "White left an illegal position") {
		t.Errorf("the status does not say the illegal position waits: %q", s)
	}
	// The cancelled game is over for every page: the hall says so, and
	// marks the illegal position.
	b.open("/hall/" + ev.ID)
	b.wait("seven boards", 10*time.Second, `document.querySelectorAll(".hall-card").length === 7`)
	b.wait("the cancelled game", 10*time.Second, fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]').textContent.includes("Cancelled")`, g[1].ID))
	b.wait("the illegal position marked", 10*time.Second, fmt.Sprintf(`document.querySelector('.hall-card[data-game=%q]').dataset.marks === "illegal"`, g[6].ID))
	b.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	b.wait("the desk's seven games", 10*time.Second, `document.querySelectorAll("#games tr[data-game]").length === 7`)
}

// countRulings returns how many rulings a game's log holds, plus one for
// each act on the clocks that got none (what the full log lists).
func countRulings(t *testing.T, base, game string) int {
	t.Helper()
	n := 0
	for _, e := range logOf(t, base, game) {
		n += len(e.Rulings)
		if len(e.Rulings) == 0 && e.Action != nil {
			switch e.Action["act"] {
			case "pause", "resume", "set-clock":
				n++
			}
		}
	}
	return n
}

// A board token the arbiter has replaced: the game's socket refuses it,
// and the play page follows the game all the same, as spectators see it
// (the event has no delay here: live), rather than waiting for a socket
// that never opens.
func TestPlay_ReplacedTokenStillFollowsTheGame(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{
		"name": "Replaced", "games": []map[string]any{{"white": "Ashworth", "black": "Brandt"}},
	}, &ev)
	g := ev.Games[0]
	old := g.BoardToken
	apiCall(t, "POST", base+"/api/games/"+g.ID+"/board-token", ev.ArbiterToken, map[string]any{}, &g)
	if g.BoardToken == old || g.BoardToken == "" {
		t.Fatalf("no new board token: %q", g.BoardToken)
	}
	b := newBrowser(t, "players", base, desktopW, desktopH)
	b.open("/play/" + g.ID + "#token=" + old)
	boardIs(b, "mover", "white", 15*time.Second)
	post(t, base, g, moves("white", "e2e4")...)
	b.wait("e4 on the play page", 10*time.Second, pieceOn("e4", "P"))
	b.wait("followed as a spectator", 5*time.Second, `document.querySelector("#app").classList.contains("spectating") && !document.querySelector("#app").classList.contains("offline")`)
	b.wait("the players told", 5*time.Second, `!document.querySelector("#notice").hidden && document.querySelector("#notice").textContent.includes("did not accept this browser’s board token")`)
}

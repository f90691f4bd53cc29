package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The pages in the reader's language: a touch-move violation on the play
// page, the desk and the hall, in Romanian (chosen with the header's
// selector, remembered after a reload) and in Russian (the browser's
// Accept-Language); <html lang> says the language; on desktop and phone,
// nothing overflows the screen (Russian words are long).
func TestLang_PagesInRomanianAndRussian(t *testing.T) {
	needChromium(t)
	base := startServer(t)
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Cupa", "games": []map[string]any{{"white": "Ana", "black": "Bogdan"}}}, &ev)
	g := ev.Games[0]
	post(t, base, g, moves("white", "e2e4")...)
	post(t, base, g, act{"by": "black", "act": "touch", "sq": "g8"})
	post(t, base, g, act{"by": "black", "act": "lift", "sq": "d7"}, act{"by": "black", "act": "drop", "sq": "d5"})
	// A second event for the desk's other cards: a game decided by the
	// arbiter with a reason, and a game whose start position stood three
	// times (the knights out and back twice).
	var ev2 createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Cupa 2", "games": []map[string]any{{"white": "Carmen", "black": "Dan"}, {"white": "Elena", "black": "Florin"}}}, &ev2)
	apiCall(t, "POST", base+"/api/games/"+ev2.Games[0].ID+"/result", ev2.ArbiterToken, map[string]any{"result": "1-0", "reason": "telefon"}, nil)
	post(t, base, ev2.Games[1], moves("white", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")...)
	// A third, broadcast with a delay of a minute and a half.
	var ev3 createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Cupa 3", "delay": 90, "games": []map[string]any{{"white": "Gabi", "black": "Horia"}}}, &ev3)

	for _, c := range []struct {
		code, accept                 string
		violation, press, desk, hall string
		refuse, place                string
		push, decided, times         string
		standings, last              string
		brand, delayed               string
	}{
		{"ro", "", "a atins întâi calul de pe g8, dar a mutat pionul de pe d7", "Apasă ceasul", "Masa arbitrului", "Sala de joc", "Respinge: mutarea rămâne", "Runda 1 · Masa 1",
			"Trimite la lichess", "Decis de arbitru: 1-0, „telefon”", "a apărut, după aspect, de 3 ori; exact aceeași poziție: de 3 ori",
			"Clasament", "4… Cg8", "arbiter: Joacă", "Transmisie întârziată cu 1 min 30 s"},
		{"ru", "ru-RU,ru", "сначала тронули коня на g8, но пошли пешкой с d7", "Нажать часы", "Стол арбитра", "Игровой зал", "Отклонить: ход остаётся", "Тур 1 · Доска 1",
			"Отправка на lichess", "Решение арбитра: 1-0, «telefon»", "на вид встречалась 3 раза, в точности та же — 3 раза",
			"Таблица", "4… Кg8", "arbiter: Играть", "Трансляция с задержкой 1 мин 30 с"},
	} {
		t.Run(c.code, func(t *testing.T) {
			var b *browser
			if c.accept != "" {
				b = newBrowserWith(t, c.code, base, desktopW, desktopH, chromedp.Flag("accept-lang", c.accept), chromedp.Flag("lang", c.accept))
				b.open("/play/" + g.ID + "#token=" + g.BoardToken)
			} else {
				b = newBrowser(t, c.code, base, desktopW, desktopH)
				b.open("/play/" + g.ID + "#token=" + g.BoardToken)
				if l := eval[string](b, "document.documentElement.lang"); l != "en" {
					t.Fatalf("an English browser's page is in %q", l)
				}
				b.do("choose Română", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#lang-select"); s.value = "ro"; s.dispatchEvent(new Event("change")); })()`))
				time.Sleep(300 * time.Millisecond)
				b.wait("the page again", 10*time.Second, `document.documentElement.lang === "ro" && !!document.querySelector("#board cg-board")`)
			}
			if l := eval[string](b, "document.documentElement.lang"); l != c.code {
				t.Errorf("<html lang> is %q", l)
			}
			b.wait("the violation in "+c.code, 10*time.Second, fmt.Sprintf(`document.body.textContent.includes(%q)`, c.violation))
			if txt := b.text("#press-white"); txt != c.press {
				t.Errorf("the clock button says %q, want %q", txt, c.press)
			}
			if txt := b.text("#notice"); !strings.Contains(txt, "4.3.1") {
				t.Errorf("the notice lacks its article: %q", txt)
			}
			fits := func(page string) {
				t.Helper()
				if w := eval[float64](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 1 {
					wide := eval[[]string](b, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 6).map(e => e.tagName + "." + e.className + "#" + e.id + " " + Math.round(e.getBoundingClientRect().right))`)
					t.Errorf("%s in %s overflows by %.0f px: %v", page, c.code, w, wide)
				}
			}
			fits("the play page")
			english(b, "the play page", "Arrow keys move the cursor", "e2 (touch)", "no board token", "Rules:")
			b.screenshot("lang-play-" + c.code + "-desktop")
			b.resize(phoneW, phoneH, true)
			b.wait("the page on a phone", 10*time.Second, fmt.Sprintf(`document.body.textContent.includes(%q)`, c.violation))
			fits("the play page on a phone")
			b.screenshot("lang-play-" + c.code + "-phone")

			// The desk, in the same language (remembered, or the browser's).
			b.resize(desktopW, desktopH, false)
			b.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
			b.wait("the desk", 10*time.Second, fmt.Sprintf(`document.querySelector("#title").textContent.includes(%q) && document.body.textContent.includes(%q)`, c.desk, c.violation))
			fits("the desk")
			// Its own words too, none left in English.
			if txt := b.text("#refuse-" + g.ID); txt != c.refuse {
				t.Errorf("the desk's refuse button says %q, want %q", txt, c.refuse)
			}
			english(b, "the desk", "Before the move", "Refuse: the move stands", "may claim until touching", "Round · board", "Broadcast delay", "Push to lichess", "Set result", "Claims ruled", "No claim yet", "No notes", "Round 1 · Board 1")
			if txt := b.text("#broadcast-form h2"); txt != c.push {
				t.Errorf("the desk's broadcast panel is headed %q, want %q", txt, c.push)
			}
			b.screenshot("lang-desk-" + c.code + "-desktop")
			b.resize(phoneW, phoneH, true)
			b.wait("the desk on a phone", 10*time.Second, fmt.Sprintf(`document.body.textContent.includes(%q)`, c.violation))
			fits("the desk on a phone")

			// The other event's desk: a decision with its reason in the
			// language's quotes, and a repetition counted in its plural forms.
			b.resize(desktopW, desktopH, false)
			b.open("/desk/" + ev2.ID + "#token=" + ev2.ArbiterToken)
			b.wait("the decision", 10*time.Second, fmt.Sprintf(`[...document.querySelectorAll(".decision")].some(e => e.textContent === %q)`, c.decided))
			b.wait("the repetition", 10*time.Second, fmt.Sprintf(`(document.querySelector('article[data-item="threefold"]') || {textContent: ""}).textContent.includes(%q)`, c.times))
			english(b, "the desk's decision and repetition", "Decided by", "no reason given", "by the look of it", "the very same", "castling:", "Grant", "No claim made")
			fits("the second desk")

			// The hall.
			b.open("/hall/" + ev.ID)
			b.wait("the hall", 10*time.Second, fmt.Sprintf(`document.querySelector("#title").textContent !== "" && document.querySelector(".links").textContent.includes(%q) && document.querySelectorAll(".hall-card").length === 1`, c.desk))
			if l := eval[string](b, "document.documentElement.lang"); l != c.code {
				t.Errorf("the hall's <html lang> is %q", l)
			}
			fits("the hall on a phone")
			b.wait("the hall's marks", 10*time.Second, fmt.Sprintf(`document.querySelector(".hall-card").textContent.includes(%q) && document.querySelector(".hall-card .marks").textContent !== ""`, c.place))
			english(b, "the hall", "touch-move violation", "claimable", "to move", "Round 1", "offline", "Standings", "PGN of every game", "Arbiter’s desk")
			if txt := b.text("#link-standings"); txt != c.standings {
				t.Errorf("the hall's link to the standings says %q, want %q", txt, c.standings)
			}
			b.screenshot("lang-hall-" + c.code + "-phone")
			b.resize(desktopW, desktopH, false)
			b.wait("the hall", 10*time.Second, `document.querySelectorAll(".hall-card").length === 1`)
			fits("the hall")

			// The other event's hall: the last move in the language's
			// piece letters, the decided game's result in its words.
			b.open("/hall/" + ev2.ID)
			b.wait("the second hall", 10*time.Second, fmt.Sprintf(`document.querySelectorAll(".hall-card").length === 2 && document.querySelector('.hall-card[data-game=%q]').textContent.includes(%q)`, ev2.Games[1].ID, c.last))
			english(b, "the second hall", "White wins", "the arbiter’s decision", "to move", "Round 1", "Board 2")
			fits("the second hall")
			if l := eval[string](b, `document.querySelector("header .brand").getAttribute("aria-label")`); l != c.brand {
				t.Errorf("the header's name is read as %q, want %q", l, c.brand)
			}

			// The third event's hall: the broadcast delay in the language's units.
			b.open("/hall/" + ev3.ID)
			b.wait("the delay note", 10*time.Second, fmt.Sprintf(`!document.querySelector("#delay-note").hidden && document.querySelector("#delay-note strong").textContent === %q`, c.delayed))
			if c.code == "ru" {
				english(b, "the delayed hall", "min", "Broadcast")
			}
		})
	}
}

// english fails the test when the page's text holds any of the English
// phrases given: a page in another language says them in its own words.
func english(b *browser, page string, phrases ...string) {
	b.t.Helper()
	txt := eval[string](b, `document.body.innerText + " " + [...document.querySelectorAll("[aria-label],[placeholder],[title]")].map(e => (e.getAttribute("aria-label") || "") + " " + (e.getAttribute("placeholder") || "") + " " + (e.getAttribute("title") || "")).join(" ")`)
	for _, p := range phrases {
		if strings.Contains(txt, p) {
			b.t.Errorf("%s still says %q in English", page, p)
		}
	}
}

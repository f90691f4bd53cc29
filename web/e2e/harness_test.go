package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/arbiterchess/arbiter/internal/apitest"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/web"
)

// chromium is where Debian's package puts the browser (web/ci-browser.sh).
const chromium = "/usr/bin/chromium"

// Sizes of the screenshots.
const (
	desktopW, desktopH = 1280, 900
	phoneW, phoneH     = 390, 844
)

// needChromium skips the test when the browser is not installed.
func needChromium(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("browser tests skipped: %s is absent (run web/ci-browser.sh to install Debian's chromium)", chromium)
	}
}

// startServer runs the arbiter's server with the pages on a loopback port,
// over a fresh SQLite file. It returns the base URL (no trailing slash).
func startServer(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "arbiter.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Options{Store: st, Static: web.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Run(ctx)
	hs := httptest.NewServer(srv.Handler()) // 127.0.0.1, a free port
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
		cancel()
		st.Close()
	})
	return hs.URL
}

// browser is one Chromium process with one tab.
type browser struct {
	t    *testing.T
	name string
	ctx  context.Context
	base string

	mu     sync.Mutex
	errors []string
}

// newBrowser starts a headless Chromium with a fresh profile and a window
// of the given size, and opens a tab on about:blank.
func newBrowser(t *testing.T, name, base string, w, h int) *browser {
	t.Helper()
	return newBrowserWith(t, name, base, w, h)
}

// newBrowserWith is newBrowser with more options for Chromium (such as
// the languages it asks pages in, --accept-lang).
func newBrowserWith(t *testing.T, name, base string, w, h int, more ...chromedp.ExecAllocatorOption) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(w, h),
	}
	opts = append(opts, more...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b := &browser{t: t, name: name, ctx: ctx, base: base}
	// Page errors and console errors are test failures: subscribe before
	// the first page.
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			b.fail("exception: " + ev.ExceptionDetails.Text + " " + exceptionDesc(ev.ExceptionDetails))
		}
	}()
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				b.fail("console.error: " + strings.Join(parts, " "))
			} else {
				t.Logf("%s: console.%s: %s", name, ev.Type, strings.Join(parts, " "))
			}
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h)), chromedp.Navigate("about:blank")); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("%s: starting %s: %v", name, chromium, err)
	}
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, e := range b.errors {
			t.Errorf("%s: page %s", name, e)
		}
	})
	return b
}

func exceptionDesc(d *runtime.ExceptionDetails) string {
	if d.Exception != nil {
		return d.Exception.Description
	}
	return ""
}

func (b *browser) fail(msg string) {
	b.mu.Lock()
	b.errors = append(b.errors, msg)
	b.mu.Unlock()
}

// do runs steps with a time limit.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("%s: %s: %v", b.name, what, err)
	}
}

// open loads a page of the site and waits for its main element.
func (b *browser) open(path string) {
	b.t.Helper()
	b.do("open "+path, chromedp.Navigate(b.base+path), chromedp.WaitVisible(chromedp.CSS("main")))
}

// eval evaluates a JavaScript expression.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: evaluating %s: %v", b.name, expr, err)
	}
	return v
}

// wait polls a JavaScript predicate until it is true, at most d.
func (b *browser) wait(what string, d time.Duration, predicate string) {
	b.t.Helper()
	deadline := time.Now().Add(d)
	var err error
	for {
		ctx, cancel := context.WithTimeout(b.ctx, time.Until(deadline)+2*time.Second)
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(time.Until(deadline))))
		cancel()
		// A page that navigates away ends the poll: poll the next page.
		if err == nil || time.Now().After(deadline) || !strings.Contains(err.Error(), "navigated") && !strings.Contains(err.Error(), "context") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		b.t.Fatalf("%s: waiting %v for %s (%s): %v\nstatus: %s\nnotice: %s\nrulings: %s\nlog: %s", b.name, d, what, predicate, err, b.text("#status"), b.text("#notice"), b.text("#rulings"), b.debugLog())
	}
}

// debugLog returns the log of the game of a play or board page, for
// failure messages.
func (b *browser) debugLog() string {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const m = /^\/(?:play|board)\/([^/]+)/.exec(location.pathname); if (!m) return ""; const x = new XMLHttpRequest(); x.open("GET", "/api/games/" + m[1] + "/log", false); x.send(); return JSON.stringify(JSON.parse(x.responseText).map(e => [e.n, e.action, e.rulings])); })()`))
	return v
}

// text returns the text of the first element matching a CSS selector, or "".
func (b *browser) text(sel string) string {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel)))
	return v
}

// square returns the centre of a square of the board in element sel, for
// a board seen from White.
func (b *browser) square(sel, sq string) (float64, float64) {
	b.t.Helper()
	r := eval[struct{ X, Y, W, H float64 }](b, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, sel+" cg-board"))
	file := float64(sq[0] - 'a')
	rank := float64(sq[1] - '1')
	return r.X + (file+0.5)*r.W/8, r.Y + (7-rank+0.5)*r.H/8
}

// click clicks a square of the board (a touch on the play page).
func (b *browser) click(sq string) {
	b.t.Helper()
	x, y := b.square("#board", sq)
	b.do("click "+sq, chromedp.MouseClickXY(x, y))
}

// drag drags the piece on from to to with the mouse (a lift and a drop).
func (b *browser) drag(from, to string) {
	b.t.Helper()
	x0, y0 := b.square("#board", from)
	x1, y1 := b.square("#board", to)
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent("mouseMoved", x0, y0),
		chromedp.MouseEvent("mousePressed", x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	pause := chromedp.Func(func(context.Context, *chromedp.Target) error {
		time.Sleep(20 * time.Millisecond) // a frame, as a hand takes
		return nil
	})
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		steps = append(steps, chromedp.MouseEvent("mouseMoved", x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft), pause)
	}
	steps = append(steps, chromedp.MouseEvent("mouseReleased", x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	before := eval[string](b, `document.querySelector("#board").dataset.fen`)
	b.do("drag "+from+"-"+to, steps...)
	// Like a player, look at the board before pressing the clock.
	b.wait("the dragged piece on "+to, 3*time.Second, fmt.Sprintf(`document.querySelector("#board").dataset.fen !== %q || !document.querySelector("#promo").hidden`, before))
}

// typeMove types into the play page's move box and submits it.
func (b *browser) typeMove(text string) {
	b.t.Helper()
	b.do("type "+text,
		chromedp.SetValue(chromedp.ID("move-input"), text),
		// requestSubmit fires the submit event, as Enter in the box does
		// (chromedp.Submit calls form.submit(), which does not).
		chromedp.Evaluate[chromedp.Void](`document.getElementById("move-form").requestSubmit()`),
	)
}

// update makes the tests rewrite the committed screenshots; without it
// they are taken all the same (the page must render) but saved in a
// temporary folder, so that a test run leaves the checkout unchanged.
var update = flag.Bool("update", false, "rewrite the screenshots under screenshots/")

// screenshot takes a PNG of the whole page and saves it under screenshots/
// with -update, in a temporary folder otherwise.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	b.shot(name, chromedp.FullScreenshot(100))
}

// screenshotView is screenshot of what the screen shows (the viewport),
// not the whole page.
func (b *browser) screenshotView(name string) {
	b.t.Helper()
	b.shot(name, chromedp.CaptureScreenshot())
}

func (b *browser) shot(name string, take chromedp.Action[[]byte]) {
	b.t.Helper()
	// Let animations and the clocks settle.
	time.Sleep(300 * time.Millisecond)
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, take)
	if err != nil {
		b.t.Fatalf("%s: screenshot %s: %v", b.name, name, err)
	}
	dir := b.t.TempDir()
	if *update {
		dir = "screenshots"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// resize changes the viewport (to take a phone and a desktop picture of
// the same page).
func (b *browser) resize(w, h int, mobile bool) {
	b.t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	}
	b.do("resize", chromedp.EmulateViewport(int64(w), int64(h), opts...))
	// A page laid out for a desktop keeps its width under mobile
	// emulation: load it again, as a phone would.
	path := eval[string](b, "location.pathname")
	b.open(path)
	time.Sleep(150 * time.Millisecond)
}

// ---- the API, from Go, to set up games ----

type createdGame struct {
	ID         string `json:"id"`
	Board      int    `json:"board"`
	BoardToken string `json:"board_token"`
}

type createdEvent struct {
	ID           string        `json:"id"`
	ArbiterToken string        `json:"arbiter_token"`
	Games        []createdGame `json:"games"`
}

func apiCall(t *testing.T, method, url, token string, body any, out any) {
	t.Helper()
	st, raw := apitest.Call(t, method, url, token, body)
	if st >= 300 {
		t.Fatalf("%s %s: %d %s", method, url, st, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, raw)
		}
	}
}

// act is one protocol action.
type act map[string]string

// post posts actions to a game with its board token.
func post(t *testing.T, base string, g createdGame, actions ...act) {
	t.Helper()
	apiCall(t, "POST", base+"/api/games/"+g.ID+"/actions", g.BoardToken, actions, nil)
}

// moves turns "e2e4 e7e5 ..." into the actions of a player lifting the
// piece, dropping it and pressing the clock (captures remove the piece
// taken first), White first unless the start says otherwise.
func moves(by string, list string) []act {
	var out []act
	for _, m := range strings.Fields(list) {
		from, to := m[:2], m[2:4]
		out = append(out, act{"by": by, "act": "lift", "sq": from})
		if len(m) > 4 && m[4] == 'x' {
			out = append(out, act{"by": by, "act": "remove", "sq": to})
		}
		out = append(out, act{"by": by, "act": "drop", "sq": to}, act{"by": by, "act": "clock"})
		if by == "white" {
			by = "black"
		} else {
			by = "white"
		}
	}
	return out
}

// entry is a log entry as GET /api/games/{game}/log lists it (what the
// tests look at).
type entry struct {
	N        int            `json:"n"`
	Kind     string         `json:"kind"`
	Action   map[string]any `json:"action"`
	Decision map[string]any `json:"decision"`
	Rulings  []struct {
		Kind    string `json:"kind"`
		Article string `json:"article"`
	} `json:"rulings"`
}

// logOf reads a game's log.
func logOf(t *testing.T, base, game string) []entry {
	t.Helper()
	var es []entry
	apiCall(t, "GET", base+"/api/games/"+game+"/log", "", nil, &es)
	return es
}

// waitLog waits (at most 3 s) until a game's log has at least n entries,
// and returns it.
func waitLog(t *testing.T, base, game string, n int) []entry {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		es := logOf(t, base, game)
		if len(es) >= n || time.Now().After(deadline) {
			return es
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// actionsOf lists the actions of a log as "by act sq" (sq when there is
// one), for comparing with what a page should have posted.
func actionsOf(es []entry) []string {
	var out []string
	for _, e := range es {
		if e.Action == nil {
			continue
		}
		s := fmt.Sprint(e.Action["by"], " ", e.Action["act"])
		if sq, ok := e.Action["sq"].(string); ok {
			s += " " + sq
		}
		out = append(out, s)
	}
	return out
}

// gameView reads a game's view (GET /api/games/{game}).
func gameView(t *testing.T, base, game string) map[string]any {
	t.Helper()
	var v map[string]any
	apiCall(t, "GET", base+"/api/games/"+game, "", nil, &v)
	return v
}

// pressClock clicks a player's clock button on the play page once it is
// enabled (it is only once a move has been made on the board).
func (b *browser) pressClock(side string) {
	b.t.Helper()
	b.wait(side+"'s clock button enabled", 3*time.Second, fmt.Sprintf(`!document.querySelector("#press-%s").disabled`, side))
	b.do(side+"'s clock", chromedp.Click(chromedp.ID("press-"+side)))
}

// setField sets the value of a form field and fires its input and change
// events, as typing or choosing would.
func (b *browser) setField(id, value string) {
	b.t.Helper()
	b.do("set "+id, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q;
		e.dispatchEvent(new Event("input", {bubbles: true})); e.dispatchEvent(new Event("change", {bubbles: true})); })()`, id, value)))
}

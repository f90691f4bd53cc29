package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/web"
)

// startServerWith is startServer with the server's and the pages' options.
func startServerWith(t *testing.T, opts server.Options, wopts web.Options) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "arbiter.db"))
	if err != nil {
		t.Fatal(err)
	}
	opts.Store, opts.Static = st, web.HandlerWith(wopts)
	srv, err := server.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Run(ctx)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); hs.Close(); cancel(); st.Close() })
	return hs.URL
}

// The embeddable boards on another site's page: a round's boards in an
// iframe of a page served from another origin that the server's
// --frame-ancestors names, drawn and followed live (the framing page hears
// of each drawing); the same page from an origin the list does not name
// is refused the frame by the browser (no drawing reaches it).
func TestEmbed_RoundInAnIframeOfAnotherSite(t *testing.T) {
	needChromium(t)
	// A site's page framing the boards at *src, listening for their
	// drawings.
	site := func(src *string) *httptest.Server {
		hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `<!doctype html><title>club</title><main><h1>Our club's boards</h1></main>
<iframe id="boards" src=%q width="800" height="600"></iframe>
<script>window.heard = []; addEventListener("message", e => { if (e.data && e.data.type === "arbiter-embed") window.heard.push(e.data); });</script>`, *src)
		}))
		t.Cleanup(hs.Close)
		return hs
	}
	var embedSrc string
	club := site(&embedSrc) // the club's site, whose origin the server is told
	base := startServerWith(t, server.Options{}, web.Options{FrameAncestors: []string{club.URL}})
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Embedded", "games": []map[string]any{{"white": "Ann", "black": "Bob"}, {"white": "Cid", "black": "Dan"}}}, &ev)
	embedSrc = base + "/embed/round/" + ev.ID + "/1"
	b := newBrowser(t, "club", club.URL, desktopW, desktopH)
	b.open("/")
	b.wait("the boards drawn in the frame", 15*time.Second, `window.heard.length > 0 && window.heard[window.heard.length-1].boards === 2`)
	n := eval[float64](b, `window.heard.length`)
	post(t, base, ev.Games[0], moves("white", "e2e4")...)
	b.wait("a move followed live", 10*time.Second, fmt.Sprintf(`window.heard.length > %v`, n))
	b.screenshot("embed-round-desktop")

	// Another site, not in the list: the browser refuses the frame.
	other := site(&embedSrc)
	b2 := newBrowser(t, "other", other.URL, desktopW, desktopH)
	b2.open("/")
	time.Sleep(3 * time.Second)
	if heard := eval[float64](b2, `window.heard.length`); heard != 0 {
		t.Errorf("a site not in --frame-ancestors framed the boards (%v drawings heard)", heard)
	}
	// The pages other than the embeds may be framed by no one.
	res, err := http.Get(base + "/hall/" + ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("the hall's policy: %s", csp)
	}
	res, _ = http.Get(embedSrc)
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self' "+club.URL) {
		t.Errorf("the embed's policy: %s", csp)
	}
}

// The desk's push panel (broadcast from behind NAT): the arbiter gives a
// lichess token and a round, the server pushes to lichess (a stand-in of
// its push endpoint), and the desk shows the last push and lichess's
// answer game by game, a refused game with its reason; the token is
// never shown back.
func TestDesk_PushToLichessPanel(t *testing.T) {
	needChromium(t)
	lichess := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/push") || r.Header.Get("Authorization") != "Bearer lip_desk7" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		io.Copy(io.Discard, r.Body)
		json.NewEncoder(w).Encode(map[string]any{"games": []map[string]any{
			{"tags": map[string]string{"White": "Ann", "Black": "Bob", "Round": "1.1"}, "moves": 0},
			{"tags": map[string]string{"White": "Cid", "Black": "Dan", "Round": "1.2"}, "error": "Invalid move"},
		}})
	}))
	t.Cleanup(lichess.Close)
	base := startServerWith(t, server.Options{LichessURL: lichess.URL}, web.Options{})
	var ev createdEvent
	apiCall(t, "POST", base+"/api/events", "", map[string]any{"name": "Pushed", "games": []map[string]any{{"white": "Ann", "black": "Bob"}, {"white": "Cid", "black": "Dan"}}}, &ev)
	b := newBrowser(t, "arbiter", base, desktopW, desktopH)
	b.open("/desk/" + ev.ID + "#token=" + ev.ArbiterToken)
	b.wait("the panel", 15*time.Second, `!!document.querySelector("#broadcast-form")`)
	b.setField("lichess-token", "lip_desk7")
	b.setField("lichess-rounds", "1=AbCd1234")
	eval[bool](b, `(document.querySelector("#broadcast-set").click(), true)`)
	b.wait("lichess's answer", 20*time.Second, `document.querySelectorAll("#broadcast-status tr.refused").length === 1 && document.querySelector("#broadcast-status").textContent.includes("Last push taken")`)
	if s := b.text("#broadcast-form"); strings.Contains(s, "lip_desk7") || eval[string](b, `document.querySelector("#lichess-token").value`) != "" {
		t.Errorf("the token is shown back: %q", s)
	}
	if s := b.text("#broadcast-status"); !strings.Contains(s, "refused: Invalid move") || !strings.Contains(s, "Round 1 → lichess AbCd1234") {
		t.Errorf("the status: %q", s)
	}
	b.screenshot("desk-push-desktop")
}

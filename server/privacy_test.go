package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/coder/websocket"
)

// Privacy: the birth dates and sex a TRF file holds reach the arbiter's
// TRF export only, never a public view: the game and event views, their
// PGN, the feed and the live sockets.
func TestPrivacy_BirthDateAndSexOnlyInTheArbitersExport(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 0, protocol.Start{})
		arb := map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}
		url := ts.url + "/api/events/" + ev.ID + "/trf"
		var imp TRFImport
		st, _, body := raw(t, "POST", url+"?round=1", "text/plain", readTRF(t, "hall-open-r1.trf"), arb)
		if st != http.StatusCreated {
			t.Fatalf("import: %d %s", st, body)
		}
		mustUnmarshal(t, body, &imp)
		secret := []string{"1988/04/12", "1995/09/30", "1991/01/05", `"sex"`, `"birth"`}
		check := func(what, text string) {
			t.Helper()
			for _, s := range secret {
				if strings.Contains(text, s) {
					t.Errorf("%s shows %s", what, s)
				}
			}
		}
		check("the import's answer", body)
		g := imp.Games[0]
		for _, path := range []string{"/api/games/" + g.ID, "/api/games/" + g.ID + "/pgn", "/api/games/" + g.ID + "/log",
			"/api/events/" + ev.ID, "/api/events/" + ev.ID + "/pgn", "/api/events"} {
			_, _, text := raw(t, "GET", ts.url+path, "", "", nil)
			check(path, text)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, path := range []string{"/api/games/" + g.ID + "/live", "/api/events/" + ev.ID + "/live"} {
			c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, msg, err := c.Read(ctx)
			c.CloseNow()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(msg), "Petrov") && !strings.Contains(string(msg), "Oliveira") {
				t.Errorf("%s: the snapshot has no player: %s", path, msg)
			}
			check(path, string(msg))
		}
		// The arbiter's export keeps them: the pairing program needs them.
		st, _, exp := raw(t, "GET", url, "", "", arb)
		if st != http.StatusOK || !strings.Contains(exp, "1988/04/12") {
			t.Errorf("the arbiter's export lost the birth dates: %d\n%s", st, exp)
		}
		if st, _, _ := raw(t, "GET", url, "", "", nil); st != http.StatusUnauthorized {
			t.Errorf("the export without the arbiter's token: %d", st)
		}
	})
}

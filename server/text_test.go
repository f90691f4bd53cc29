package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgncheck"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// Names and reasons are one line of printable text: a line break, a tab,
// an escape or a bidirectional override in an event's name or site, a
// player's name, an arbiter's reason or a TRF file is refused at input
// with a 400 that names the field (the TRF: line and column), and nothing
// is created.
func TestText_ControlCharactersRefusedAtInput(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		for _, c := range []struct{ body, field string }{
			{`{"name":"Open\nround 2","games":[]}`, "name"},
			{`{"name":"Open","site":"Hall\r","games":[]}`, "site"},
			{`{"name":"Open","games":[{"white":"Ann\u001b[31m","black":"Bob"}]}`, "game 0: white"},
			{`{"name":"Open","games":[{"white":"Ann","black":"Bob\u202e"}]}`, "game 0: black"},
			{`{"name":"Open","games":[{"white":"Ann","black":"Bob\t"}]}`, "game 0: black"},
		} {
			st, _, body := raw(t, "POST", ts.url+"/api/events", "application/json", c.body, nil)
			if st != http.StatusBadRequest || !strings.Contains(body, c.field+": U+") {
				t.Errorf("%s: %d %s", c.body, st, body)
			}
		}
		var list []store.Event
		if call(t, "GET", ts.url+"/api/events", "", nil, &list); len(list) != 0 {
			t.Errorf("refused events were created: %d", len(list))
		}
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		st, _, body := raw(t, "POST", ts.url+"/api/games/"+g.ID+"/result", "application/json", `{"result":"1-0","reason":"left the hall\n1-0"}`, map[string]string{"Authorization": "Bearer " + ev.ArbiterToken})
		if st != http.StatusBadRequest || !strings.Contains(body, "reason: U+000A (line feed)") {
			t.Errorf("reason with a line break: %d %s", st, body)
		}
		trfBody := strings.Replace(readTRF(t, "hall-open-r1.trf"), "Petrov, Ivan", "Petrov,\u001bIvan", 1)
		st, _, body = raw(t, "POST", ts.url+"/api/events/"+ev.ID+"/trf?round=1", "text/plain", trfBody, map[string]string{"Authorization": "Bearer " + ev.ArbiterToken})
		if st != http.StatusBadRequest || !strings.Contains(body, "line 23, column 22") || !strings.Contains(body, "escape") {
			t.Errorf("TRF with an escape in a name: %d %s", st, body)
		}
	})
}

// A reason holding '}' is written in a brace comment that every PGN reader
// takes (pgn-extract refuses the ';' comment it used to become), and text
// stored before names were checked (a line break in the event's name or a
// player's, written straight into the store) neither breaks the feed nor
// drops a game from it: every PGN route answers with every game.
func TestText_PGNWithOldNamesAndBraceInReason(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		now := time.Now().UTC()
		ev := store.Event{ID: "oldev", Name: "Open\r\nround 2", Site: "Hall\x1b[0m", Created: now, ArbiterHash: hashToken("arb_old")}
		games := []store.Game{
			{ID: "old1", Event: "oldev", Round: 1, Board: 1, White: "Ann\nAnnson", Black: "Bob", Created: now, BoardHash: hashToken("brd_old1")},
			{ID: "old2", Event: "oldev", Round: 1, Board: 2, White: "Cid", Black: "Dan\u202e", Created: now, BoardHash: hashToken("brd_old2")},
		}
		if err := ts.store.CreateEvent(ctx, ev, games); err != nil {
			t.Fatal(err)
		}
		call(t, "POST", ts.url+"/api/games/old1/actions", "brd_old1", moves(t, "e2e4 e7e5", true), nil)
		if st, raw := call(t, "POST", ts.url+"/api/games/old2/result", "arb_old", `{"result":"0-1","reason":"refused to play {see report}"}`, nil); st != http.StatusOK {
			t.Fatalf("decision: %d %s", st, raw)
		}
		st, _, feed := raw(t, "GET", ts.url+"/api/events/oldev/pgn", "", "", nil)
		if st != http.StatusOK {
			t.Fatalf("feed: %d %s", st, feed)
		}
		got := pgncheck.Games(t, feed)
		if len(got) != 2 || len(got[0].Moves) != 2 || got[1].Tags["Result"] != "0-1" {
			t.Fatalf("pgn-extract read %d games: %+v\n%s", len(got), got, feed)
		}
		if !strings.Contains(feed, "{result 0-1: arbiter: refused to play (see report)}") {
			t.Errorf("the reason's braces:\n%s", feed)
		}
		for _, path := range []string{"/api/games/old1/pgn", "/api/games/old2/pgn"} {
			st, _, p := raw(t, "GET", ts.url+path, "", "", nil)
			if st != http.StatusOK || len(pgncheck.Games(t, p)) != 1 {
				t.Errorf("%s: %d\n%s", path, st, p)
			}
		}
	})
}

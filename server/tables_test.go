package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
)

// Tables: a table's token is valid for the whole event and posts to the
// game paired at the table in the round the arbiter started: across two
// rounds, with an action between them refused (409, nothing stored); the
// token reads its game live; a reissued token replaces the old; game board
// tokens keep working.
func TestTables_TokenFollowsTheCurrentRound(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		var ev CreatedEvent
		if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Open","delay":3600,"games":[
			{"round":1,"board":1,"white":"A","black":"B"},{"round":1,"board":2,"white":"C","black":"D"},
			{"round":2,"board":1,"white":"D","black":"A"}]}`, &ev); st != http.StatusCreated {
			t.Fatalf("event: %d %s", st, raw)
		}
		tables := ts.url + "/api/events/" + ev.ID + "/tables/"
		var tok struct {
			Token string `json:"table_token"`
		}
		if st, _ := call(t, "POST", tables+"1/token", ev.Games[0].BoardToken, nil, nil); st != http.StatusForbidden {
			t.Errorf("a board issuing a table token: %d", st)
		}
		if st, raw := call(t, "POST", tables+"1/token", ev.ArbiterToken, nil, &tok); st != http.StatusOK || !strings.HasPrefix(tok.Token, "tbl_") {
			t.Fatalf("table token: %d %s", st, raw)
		}
		e4 := `{"by":"white","act":"lift","sq":"e2"}`
		// No round started: refused, nothing stored.
		if st, raw := call(t, "POST", tables+"1/actions", tok.Token, e4, nil); st != http.StatusConflict || !strings.Contains(string(raw), "no round") {
			t.Errorf("before any round: %d %s", st, raw)
		}
		var rs RoundStart
		if st, raw := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/rounds/1/start", ev.ArbiterToken, nil, &rs); st != http.StatusOK || len(rs.Tables) != 2 {
			t.Fatalf("start round 1: %d %s", st, raw)
		}
		var res PostResult
		if st, raw := call(t, "POST", tables+"1/actions", tok.Token, e4, &res); st != http.StatusOK || res.Game != ev.Games[0].ID {
			t.Fatalf("round 1, table 1: %d %s", st, raw)
		}
		// The table's token reads its game live (the event has a delay).
		var tv TableView
		if st, raw := call(t, "GET", tables+"1", tok.Token, nil, &tv); st != http.StatusOK || tv.Round != 1 || tv.Game.ID != ev.Games[0].ID || tv.Game.N != 1 {
			t.Errorf("the table's view: %d %s", st, raw)
		}
		var v GameView
		call(t, "GET", ts.url+"/api/games/"+ev.Games[0].ID, tok.Token, nil, &v)
		if v.N != 1 || v.Reader != "board" {
			t.Errorf("the game read with the table's token: n %d, reader %q", v.N, v.Reader)
		}
		// Another table's token does not post here; a table with no game
		// in the round is refused.
		var tok2, tok3 struct {
			Token string `json:"table_token"`
		}
		call(t, "POST", tables+"2/token", ev.ArbiterToken, nil, &tok2)
		call(t, "POST", tables+"3/token", ev.ArbiterToken, nil, &tok3)
		if st, _ := call(t, "POST", tables+"1/actions", tok2.Token, e4, nil); st != http.StatusForbidden {
			t.Errorf("table 2's token on table 1: %d", st)
		}
		if st, raw := call(t, "POST", tables+"3/actions", tok3.Token, e4, nil); st != http.StatusConflict || !strings.Contains(string(raw), "table 3 has no game in round 1") {
			t.Errorf("a table without a game: %d %s", st, raw)
		}
		// Round 2: the same token now goes to round 2's game at table 1.
		if st, raw := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/rounds/2/start", ev.ArbiterToken, nil, &rs); st != http.StatusOK {
			t.Fatalf("start round 2: %d %s", st, raw)
		}
		if st, _ := call(t, "POST", tables+"2/actions", tok2.Token, e4, nil); st != http.StatusConflict {
			t.Errorf("table 2, not used in round 2: %d", st)
		}
		if st, raw := call(t, "POST", tables+"1/actions", tok.Token, e4, &res); st != http.StatusOK || res.Game != ev.Games[2].ID {
			t.Fatalf("round 2, table 1: %d %s", st, raw)
		}
		// Round 1's game is no longer the table's: its token reads it as
		// anyone does.
		call(t, "GET", ts.url+"/api/games/"+ev.Games[0].ID, tok.Token, nil, &v)
		if v.Reader != "anyone" {
			t.Errorf("round 1's game read with the table's token in round 2: %q", v.Reader)
		}
		for _, g := range ev.Games {
			if v := getGameWith(t, ts.url, g.ID, ev.ArbiterToken); v.N > 1 {
				t.Errorf("game %d-%d has %d entries", g.Round, g.Board, v.N)
			}
		}
		// A reissued token replaces the old one; the game's board token
		// still posts.
		var again struct {
			Token string `json:"table_token"`
		}
		call(t, "POST", tables+"1/token", ev.ArbiterToken, nil, &again)
		if st, _ := call(t, "POST", tables+"1/actions", tok.Token, `{"by":"white","act":"drop","sq":"e4"}`, nil); st != http.StatusForbidden {
			t.Errorf("the old table token: %d", st)
		}
		if st, _ := call(t, "POST", tables+"1/actions", again.Token, `{"by":"white","act":"drop","sq":"e4"}`, nil); st != http.StatusOK {
			t.Errorf("the new table token: %d", st)
		}
		if st, _ := call(t, "POST", ts.url+"/api/games/"+ev.Games[2].ID+"/actions", ev.Games[2].BoardToken, `{"by":"white","act":"clock"}`, nil); st != http.StatusOK {
			t.Errorf("the game's board token: %d", st)
		}
		if st, _ := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/rounds/9/start", ev.ArbiterToken, nil, nil); st != http.StatusConflict {
			t.Errorf("a round without games: %d", st)
		}
	})
}

// getGameWith reads a game view with a token.
func getGameWith(t *testing.T, base, id, tok string) GameView {
	t.Helper()
	var v GameView
	if st, raw := call(t, "GET", base+"/api/games/"+id, tok, nil, &v); st != http.StatusOK {
		t.Fatalf("get game: %d %s", st, raw)
	}
	return v
}

// The TRF route takes its file as text/plain, as documented, and answers
// anything else with a 415 that says so.
func TestTRF_RouteTakesTextPlain(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 0, protocol.Start{})
	arb := map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}
	for _, ct := range []string{"application/x-www-form-urlencoded", "application/json", ""} {
		st, _, body := raw(t, "POST", ts.url+"/api/events/"+ev.ID+"/trf?round=1", ct, readTRF(t, "hall-open-r1.trf"), arb)
		if st != http.StatusUnsupportedMediaType || !strings.Contains(body, "text/plain") {
			t.Errorf("%q: %d %s", ct, st, body)
		}
	}
	if st, _, body := raw(t, "POST", ts.url+"/api/events/"+ev.ID+"/trf?round=1", "text/plain; charset=utf-8", readTRF(t, "hall-open-r1.trf"), arb); st != http.StatusCreated {
		t.Errorf("text/plain: %d %s", st, body)
	}
}

// Time controls as people write them: the API's clock may be a string
// (each form written back in the PGN standard's TimeControl), a TRF's 122
// in FIDE's prose sets the event's clock, and an unreadable one is a 400
// naming it.
func TestK1_TimeControlsAsPeopleWriteThem(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	for in, want := range map[string]string{
		"90 min/40 moves + 30 min + 30 sec per move": "40/5400+30:1800+30",
		"G/90;inc30": "5400+30",
		"15+10":      "900+10",
	} {
		var ev CreatedEvent
		body := `{"name":"Open","start":{"clock":"` + in + `"},"games":[{"white":"A","black":"B"}]}`
		if st, raw := call(t, "POST", ts.url+"/api/events", "", body, &ev); st != http.StatusCreated {
			t.Errorf("%q: %d %s", in, st, raw)
			continue
		}
		_, _, p := raw(t, "GET", ts.url+"/api/games/"+ev.Games[0].ID+"/pgn", "", "", nil)
		if !strings.Contains(p, `[TimeControl "`+want+`"]`) {
			t.Errorf("%q: the PGN's TimeControl, want %s:\n%s", in, want, p)
		}
	}
	st, _, body := raw(t, "POST", ts.url+"/api/events", "application/json", `{"name":"Open","start":{"clock":"very slow"},"games":[]}`, nil)
	if st != http.StatusBadRequest || !strings.Contains(body, "very slow") {
		t.Errorf("an unreadable clock: %d %s", st, body)
	}
	// A TRF's 122 in FIDE's prose.
	ev := createEvent(t, ts.url, 0, protocol.Start{})
	trf := strings.Replace(readTRF(t, "hall-open-r1.trf"), "122 90 min + 30 s per move from move 1", "122 90 min/40 moves + 30 min + 30 sec per move", 1)
	trf = strings.Replace(trf, "222 5400+30\n", "", 1)
	if st, _, body := raw(t, "POST", ts.url+"/api/events/"+ev.ID+"/trf?round=1", "text/plain", trf, map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}); st != http.StatusCreated {
		t.Fatalf("TRF: %d %s", st, body)
	}
	if e := eventView(t, ts.url, ev.ID); e.Start == nil || e.Start.Clock == nil || e.Start.Clock.White != 5400 || len(e.Start.Clock.Periods) != 1 {
		t.Errorf("the TRF's 122: %+v", e.Start)
	}
}

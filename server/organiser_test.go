package server

import (
	"net/http"
	"strings"
	"testing"
)

// The e-board reader's reports: a table's token puts its board's status,
// in a round or between rounds; the arbiter reads every table's; anyone
// else is refused, and a bad report is a 400 naming the field.
func TestEboards_ReaderReportsTheArbiterReads(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	var ev CreatedEvent
	if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Open","games":[
		{"round":1,"board":1,"white":"A","black":"B"},{"round":1,"board":2,"white":"C","black":"D"}]}`, &ev); st != http.StatusCreated {
		t.Fatalf("event: %d %s", st, raw)
	}
	tables := ts.url + "/api/events/" + ev.ID + "/tables/"
	var tok struct {
		Token string `json:"table_token"`
	}
	call(t, "POST", tables+"2/token", ev.ArbiterToken, nil, &tok)
	report := `{"serial":"24511","port":"/dev/ttyACM1","connected":true,"last_action":"2026-12-03T17:04:05Z","queued":2,"message":"playing"}`
	if st, _ := call(t, "PUT", tables+"2/eboard", "", report, nil); st != http.StatusUnauthorized {
		t.Errorf("without a token: %d", st)
	}
	if st, _ := call(t, "PUT", tables+"1/eboard", tok.Token, report, nil); st != http.StatusForbidden {
		t.Errorf("table 2's token for table 1: %d", st)
	}
	if st, raw := call(t, "PUT", tables+"2/eboard", tok.Token, `{"last_action":"yesterday"}`, nil); st != http.StatusBadRequest || !strings.Contains(string(raw), "last_action") {
		t.Errorf("a bad time: %d %s", st, raw)
	}
	// Between rounds (none started): the report is taken.
	if st, raw := call(t, "PUT", tables+"2/eboard", tok.Token, report, nil); st != http.StatusNoContent {
		t.Fatalf("report: %d %s", st, raw)
	}
	var got Eboards
	if st, _ := call(t, "GET", ts.url+"/api/events/"+ev.ID+"/eboards", tok.Token, nil, nil); st != http.StatusForbidden {
		t.Errorf("a table reading the reports: %d", st)
	}
	if st, raw := call(t, "GET", ts.url+"/api/events/"+ev.ID+"/eboards", ev.ArbiterToken, nil, &got); st != http.StatusOK || len(got.Boards) != 1 {
		t.Fatalf("the arbiter's read: %d %s", st, raw)
	}
	b := got.Boards[0]
	if b.Table != 2 || b.Serial != "24511" || !b.Connected || b.Queued != 2 || b.Stale || b.Seen.IsZero() {
		t.Errorf("the report read back: %+v", b)
	}
}

// An event created with its rules, time control (as people write it),
// system and tie-breaks keeps them; the standings use its tie-breaks; the
// events list says where each stands, and a game on one screen is told
// apart.
func TestEvents_CreatedWithTheirSettingsAndListedWithStatus(t *testing.T) {
	forEachBackend(t, testEventsCreatedAndListed)
}

func testEventsCreatedAndListed(t *testing.T, dsn string) {
	ts := startServer(t, dsn)
	var ev CreatedEvent
	if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Club","start":{"rules":"fide-rapid","clock":"15+10"},
		"system":"round-robin","tiebreaks":"sb, de,win","games":[]}`, &ev); st != http.StatusCreated {
		t.Fatalf("event: %d %s", st, raw)
	}
	var v EventView
	call(t, "GET", ts.url+"/api/events/"+ev.ID, "", nil, &v)
	if v.Info.Tiebreaks != "SB,DE,WIN" || v.Info.System != "round-robin" || v.Info.TimeControl != "900+10" || v.Start == nil || v.Start.Rules != "fide-rapid" {
		t.Errorf("the event's settings: %+v, start %+v", v.Info, v.Start)
	}
	for _, bad := range []string{`"tiebreaks":"XYZ"`, `"system":"knockout"`, `"kind":"match"`, `"start":{"clock":"soon"}`} {
		if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Bad",`+bad+`,"games":[]}`, nil); st != http.StatusBadRequest {
			t.Errorf("%s: %d %s", bad, st, raw)
		}
	}
	if st, _, body := raw(t, "POST", ts.url+"/api/events/"+ev.ID+"/trf?round=1", "text/plain", readTRF(t, "hall-open-r1.trf"),
		map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}); st != http.StatusCreated {
		t.Fatalf("trf: %d %s", st, body)
	}
	var sd Standings
	if st, raw := call(t, "GET", ts.url+"/api/events/"+ev.ID+"/standings", "", nil, &sd); st != http.StatusOK || strings.Join(sd.Tiebreaks, ",") != "SB,DE,WIN" {
		t.Errorf("standings with the event's tie-breaks: %d %s", st, raw)
	}
	var one CreatedEvent
	call(t, "POST", ts.url+"/api/events", "", `{"name":"Casual","kind":"game","games":[{"white":"X","black":"Y"}]}`, &one)
	var list []EventItem
	if st, raw := call(t, "GET", ts.url+"/api/events", "", nil, &list); st != http.StatusOK || len(list) != 2 {
		t.Fatalf("list: %d %s", st, raw)
	}
	byID := map[string]EventItem{}
	for _, e := range list {
		byID[e.ID] = e
	}
	if e := byID[one.ID]; e.Info.Kind != "game" || e.Status != "a game on one screen" || e.GameCount != 1 {
		t.Errorf("the one-screen game: %+v", e)
	}
	if e := byID[ev.ID]; e.Status != "1 round paired, no round started" {
		t.Errorf("the club event: %q (%+v)", e.Status, e)
	}
	call(t, "POST", ts.url+"/api/events/"+ev.ID+"/rounds/1/start", ev.ArbiterToken, nil, nil)
	call(t, "GET", ts.url+"/api/events", "", nil, &list)
	for _, e := range list {
		if e.ID == ev.ID && (e.Status != "round 1 of 1" || e.CurrentRound != 1) {
			t.Errorf("after the start: %q", e.Status)
		}
	}
}

// The event's language: its PGN's comments (a game's and the event's, the
// broadcast source) are in it; ?lang= asks for another, Accept-Language
// chooses for an event without one; an unknown language is a 400 naming
// the known ones.
func TestPGN_InTheEventsLanguage(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	violation := `[{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4"},{"by":"white","act":"clock"},
		{"by":"black","act":"touch","sq":"g8"},{"by":"black","act":"lift","sq":"d7"},{"by":"black","act":"drop","sq":"d5"}]`
	mk := func(langField string) CreatedEvent {
		var ev CreatedEvent
		if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Cupa"`+langField+`,"games":[{"white":"Ana","black":"Bogdan"}]}`, &ev); st != http.StatusCreated {
			t.Fatalf("event: %d %s", st, raw)
		}
		if st, raw := call(t, "POST", ts.url+"/api/games/"+ev.Games[0].ID+"/actions", ev.Games[0].BoardToken, violation, nil); st != http.StatusOK {
			t.Fatalf("actions: %d %s", st, raw)
		}
		return ev
	}
	get := func(url string, header map[string]string) (int, string) {
		st, _, body := raw(t, "GET", url, "", "", header)
		return st, strings.Join(strings.Fields(body), " ")
	}
	ro := mk(`,"lang":"ro"`)
	roComment := "{Încălcarea regulii piesei atinse (Negrul): a atins întâi calul de pe g8, dar a mutat pionul de pe d7 (4.3.1)}"
	for _, url := range []string{ts.url + "/api/games/" + ro.Games[0].ID + "/pgn", ts.url + "/api/events/" + ro.ID + "/pgn"} {
		if st, body := get(url, nil); st != http.StatusOK || !strings.Contains(body, roComment) || !strings.Contains(body, "1. e4 d5") {
			t.Errorf("%s: %d %s", url, st, body)
		}
	}
	if st, body := get(ts.url+"/api/games/"+ro.Games[0].ID+"/pgn?lang=ru", nil); st != http.StatusOK || !strings.Contains(body, "(чёрные): сначала тронули коня на g8") {
		t.Errorf("?lang=ru: %d %s", st, body)
	}
	if st, body := get(ts.url+"/api/games/"+ro.Games[0].ID+"/pgn?lang=xx", nil); st != http.StatusBadRequest || !strings.Contains(body, "en, ro, sq, fr, de, es, ru") {
		t.Errorf("?lang=xx: %d %s", st, body)
	}
	plain := mk("")
	if st, body := get(ts.url+"/api/games/"+plain.Games[0].ID+"/pgn", nil); st != http.StatusOK || !strings.Contains(body, "violation 4.3.1 by black: touched the knight on g8 first but moved the pawn on d7") {
		t.Errorf("no language: %d %s", st, body)
	}
	if st, body := get(ts.url+"/api/games/"+plain.Games[0].ID+"/pgn", map[string]string{"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}); st != http.StatusOK || !strings.Contains(body, "hat zuerst den Springer auf g8 berührt") {
		t.Errorf("Accept-Language de: %d %s", st, body)
	}
	if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"X","lang":"klingon","games":[]}`, nil); st != http.StatusBadRequest || !strings.Contains(string(raw), "the known ones are en, ro") {
		t.Errorf("an unknown language: %d %s", st, raw)
	}
}

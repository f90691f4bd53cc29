package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// The rulings' text in the language asked: a post's acks and a log read
// say it in ?lang= or else the Accept-Language's language, a table's post
// too; the message id and the fields stay as they are, and the log keeps
// English for a reader who asks for nothing. An unknown ?lang= is a 400
// naming the known ones, and the post it came with stores nothing.
func TestRulingsText_InTheReadersLanguage(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	var ev CreatedEvent
	if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Cupa","games":[{"round":1,"board":1,"white":"Ana","black":"Bogdan"}]}`, &ev); st != http.StatusCreated {
		t.Fatalf("event: %d %s", st, raw)
	}
	g := ev.Games[0]
	var tok struct {
		Token string `json:"table_token"`
	}
	if st, raw := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/rounds/1/start", ev.ArbiterToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d %s", st, raw)
	}
	table := ts.url + "/api/events/" + ev.ID + "/tables/1/actions"
	if st, raw := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/tables/1/token", ev.ArbiterToken, nil, &tok); st != http.StatusOK {
		t.Fatalf("table token: %d %s", st, raw)
	}
	opening := `[{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4"},{"by":"white","act":"clock"}]`
	violation := `[{"by":"black","act":"touch","sq":"g8"},{"by":"black","act":"lift","sq":"d7"},{"by":"black","act":"drop","sq":"d5"}]`
	post := func(url, body string, header map[string]string) (int, PostResult, string) {
		t.Helper()
		h := map[string]string{"Authorization": "Bearer " + g.BoardToken}
		if strings.Contains(url, "/tables/") {
			h["Authorization"] = "Bearer " + tok.Token
		}
		for k, v := range header {
			h[k] = v
		}
		st, _, b := raw(t, "POST", url, "application/json", body, h)
		var res PostResult
		if st == http.StatusOK {
			if err := json.Unmarshal([]byte(b), &res); err != nil {
				t.Fatal(err)
			}
		}
		return st, res, b
	}
	actions := ts.url + "/api/games/" + g.ID + "/actions"
	if st, _, b := post(actions+"?lang=xx", opening, nil); st != http.StatusBadRequest || !strings.Contains(b, "en, ro, sq, fr, de, es, ru") {
		t.Fatalf("?lang=xx: %d %s", st, b)
	}
	if n := len(readLog(t, ts.url, g.ID)); n != 0 {
		t.Fatalf("the refused post stored %d entries", n)
	}
	if st, _, b := post(actions, opening, nil); st != http.StatusOK {
		t.Fatalf("opening: %d %s", st, b)
	}
	st, res, b := post(actions, violation, map[string]string{"Accept-Language": "ro-RO, ro;q=0.9, en;q=0.5"})
	if st != http.StatusOK {
		t.Fatalf("violation: %d %s", st, b)
	}
	const ro = "a atins întâi calul de pe g8, dar a mutat pionul de pe d7"
	const ru = "сначала тронули коня на g8, но пошли пешкой с d7"
	const en = "touched the knight on g8 first but moved the pawn on d7"
	found := false
	for _, a := range res.Acks {
		for _, r := range a.Rulings {
			if r.Msg == "violation.moved-other" {
				found = true
				if r.Text != ro || r.Article != "4.3.1" || r.Sq != "g8" || r.From != "d7" {
					t.Errorf("Accept-Language ro: %+v", r)
				}
			}
		}
	}
	if !found {
		t.Fatalf("no violation in %s", b)
	}
	text := func(entries []store.Entry) string {
		for _, e := range entries {
			for _, r := range e.Rulings {
				if r.Msg == "violation.moved-other" {
					return r.Text
				}
			}
		}
		return ""
	}
	if got := text(readLog(t, ts.url, g.ID)); got != en {
		t.Errorf("the log read with no language: %q, want %q", got, en)
	}
	var entries []store.Entry
	if st, raw := call(t, "GET", ts.url+"/api/games/"+g.ID+"/log?lang=ru", "", nil, &entries); st != http.StatusOK || text(entries) != ru {
		t.Errorf("the log read ?lang=ru: %d %q (%s)", st, text(entries), raw)
	}
	if st, _, b := raw(t, "GET", ts.url+"/api/games/"+g.ID+"/log?lang=klingon", "", "", nil); st != http.StatusBadRequest || !strings.Contains(b, "klingon") {
		t.Errorf("the log read ?lang=klingon: %d %s", st, b)
	}
	if got := text(readLog(t, ts.url, g.ID)); got != en {
		t.Errorf("the stored text changed: %q", got)
	}
	// The table's route: White touches the knight on g1 and plays f3.
	st, res, b = post(table+"?lang=de", `[{"by":"black","act":"clock"},{"by":"white","act":"touch","sq":"g1"},{"by":"white","act":"lift","sq":"f2"},{"by":"white","act":"drop","sq":"f3"}]`, nil)
	const de = "hat zuerst den Springer auf g1 berührt, aber den Bauern von f2 gezogen"
	if got := ackText(res); st != http.StatusOK || got != de {
		t.Errorf("the table's post ?lang=de: %d %q (%s)", st, got, b)
	}
	if st, _, b := post(table+"?lang=xx", `{"by":"black","act":"resign"}`, nil); st != http.StatusBadRequest {
		t.Errorf("the table's post ?lang=xx: %d %s", st, b)
	}
	if v := getGame(t, ts.url, g.ID); v.Result != "*" {
		t.Errorf("a refused post decided the game: %s", v.Result)
	}
}

// ackText is the text of the first touch-move violation in a post's acks.
func ackText(res PostResult) string {
	for _, a := range res.Acks {
		for _, r := range a.Rulings {
			if r.Msg == "violation.moved-other" {
				return r.Text
			}
		}
	}
	return ""
}

// The live sockets say the rulings' text in their reader's language: a
// game's follower and an event's follower with ?lang= get a pushed
// violation in it, a follower with Accept-Language in that one, and one
// who asks for nothing the stored English; the message id and the fields
// are the same for all. A posting socket's answer (an ack, and a post the
// engine refuses) is said in its language too; an unknown ?lang= is a
// 400 before the upgrade.
func TestSockets_RulingsInTheReadersLanguage(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	var ev CreatedEvent
	if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Cupa","games":[{"round":1,"board":1,"white":"Ana","black":"Bogdan"}]}`, &ev); st != http.StatusCreated {
		t.Fatalf("event: %d %s", st, raw)
	}
	g := ev.Games[0]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws := "ws" + strings.TrimPrefix(ts.url, "http")
	dial := func(path string, header http.Header) *websocket.Conn {
		t.Helper()
		c, _, err := websocket.Dial(ctx, ws+path, &websocket.DialOptions{HTTPHeader: header})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		t.Cleanup(func() { c.CloseNow() })
		if m := readMessage(t, ctx, c); m.Type != "snapshot" {
			t.Fatalf("%s: %+v", path, m)
		}
		return c
	}
	ro := dial("/api/games/"+g.ID+"/live?lang=ro", nil)
	ru := dial("/api/events/"+ev.ID+"/live?lang=ru", nil)
	de := dial("/api/games/"+g.ID+"/live", http.Header{"Accept-Language": {"de-AT, de;q=0.9"}})
	en := dial("/api/games/"+g.ID+"/live", nil)
	if _, res, err := websocket.Dial(ctx, ws+"/api/games/"+g.ID+"/live?lang=tlh", nil); err == nil || res == nil || res.StatusCode != http.StatusBadRequest {
		t.Errorf("?lang=tlh: %v %v", err, res)
	}
	for _, body := range []string{
		`[{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4"},{"by":"white","act":"clock"}]`,
		`[{"by":"black","act":"touch","sq":"g8"},{"by":"black","act":"lift","sq":"d7"},{"by":"black","act":"drop","sq":"d5"}]`,
	} {
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, nil); st != http.StatusOK {
			t.Fatalf("post: %d %s", st, raw)
		}
	}
	violation := func(c *websocket.Conn) protocol.Ruling {
		t.Helper()
		for {
			m := readMessage(t, ctx, c)
			if m.Entry == nil {
				continue
			}
			for _, r := range m.Entry.Rulings {
				if r.Kind == protocol.KindViolation {
					return r
				}
			}
		}
	}
	for _, c := range []struct {
		name string
		c    *websocket.Conn
		text string
	}{
		{"?lang=ro", ro, "a atins întâi calul de pe g8, dar a mutat pionul de pe d7"},
		{"event ?lang=ru", ru, "сначала тронули коня на g8, но пошли пешкой с d7"},
		{"Accept-Language de", de, "hat zuerst den Springer auf g8 berührt, aber den Bauern von d7 gezogen"},
		{"no language", en, "touched the knight on g8 first but moved the pawn on d7"},
	} {
		r := violation(c.c)
		if r.Text != c.text || r.Msg != "violation.moved-other" || r.Sq != "g8" || r.From != "d7" || r.Article != "4.3.1" {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
	// A board's socket in Romanian: its ack and its refused post.
	board := dial("/api/games/"+g.ID+"/live?lang=ro&token="+g.BoardToken, nil)
	if err := board.Write(ctx, websocket.MessageText, []byte(`[{"by":"white","act":"lift","sq":"e5"}]`)); err != nil {
		t.Fatal(err)
	}
	for {
		m := readMessage(t, ctx, board)
		if m.Type == "error" {
			if m.Error == nil || len(m.Error.Rulings) != 1 || m.Error.Rulings[0].Text == "" || m.Error.Rulings[0].Text == m.Error.Rulings[0].Error || !strings.Contains(m.Error.Rulings[0].Text, "e5") {
				t.Errorf("the refused post in Romanian: %+v", m.Error)
			}
			break
		}
	}
}

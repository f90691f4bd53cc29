package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/pgncheck"
)

// The event's PGN is a broadcast source lichess can poll: every game of
// the round with stable tags (Round "round.board"), [%clk], the standard's
// Termination; an ETag so that an unchanged poll gets 304; delay=S serves
// the games as they stood S seconds ago; pgn-extract reads it without an
// error and finds the same moves. Games added later inherit the event's
// settings.
func TestFeed_BroadcastSource(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		var ev CreatedEvent
		if st, raw := call(t, "POST", ts.url+"/api/events", "", `{"name":"Open","site":"Hall","start":{"rules":"fide-rapid","clock":{"white":300,"black":300,"increment":2}},"games":[{"round":1,"white":"Ann","black":"Bob"},{"round":1,"white":"Cid","black":"Dan"}]}`, &ev); st != http.StatusCreated {
			t.Fatalf("event: %d %s", st, raw)
		}
		var added CreatedEvent
		if st, raw := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/games", ev.ArbiterToken, `{"games":[{"round":2,"white":"Ann","black":"Dan"}]}`, &added); st != http.StatusCreated {
			t.Fatalf("add: %d %s", st, raw)
		}
		if v := getGame(t, ts.url, added.Games[0].ID); v.Start.Rules != "fide-rapid" || v.Start.Clock == nil || v.Start.Clock.Increment != 2 {
			t.Errorf("a game added later does not inherit the event's settings: %+v", v.Start)
		}
		g := ev.Games[0]
		for _, a := range []string{`{"by":"white","act":"lift","sq":"e2"}`, `{"by":"white","act":"drop","sq":"e4"}`, `{"by":"white","act":"clock"}`,
			`{"by":"black","act":"lift","sq":"c7"}`, `{"by":"black","act":"drop","sq":"c5"}`, `{"by":"black","act":"clock"}`} {
			if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, a, nil); st != http.StatusOK {
				t.Fatalf("%s: %d %s", a, st, raw)
			}
		}
		feed := ts.url + "/api/events/" + ev.ID + "/pgn?round=1"
		st, h, body := raw(t, "GET", feed, "", "", nil)
		if st != 200 || h.Get("ETag") == "" {
			t.Fatalf("feed: %d %v", st, h)
		}
		for _, want := range []string{`[Event "Open"]`, `[Site "Hall"]`, `[Round "1.1"]`, `[Round "1.2"]`, `[White "Ann"]`, `[Black "Bob"]`,
			`[TimeControl "300+2"]`, `[Termination "unterminated"]`, "1. e4 {[%clk 0:05:0", "c5 {[%clk 0:05:0"} {
			if !strings.Contains(body, want) {
				t.Errorf("feed lacks %q:\n%s", want, body)
			}
		}
		if strings.Contains(body, `[Round "2.1"]`) {
			t.Errorf("round 1's feed has round 2's game")
		}
		games := pgncheck.Games(t, body)
		if len(games) != 2 || strings.Join(games[0].Moves, " ") != "e4 c5" || len(games[1].Moves) != 0 {
			t.Fatalf("pgn-extract read %v", games)
		}
		for k, want := range map[string]string{"Event": "Open", "Site": "Hall", "Round": "1.1", "White": "Ann", "Black": "Bob", "Result": "*", "TimeControl": "300+2"} {
			if got := games[0].Tags[k]; got != want {
				t.Errorf("pgn-extract read %s %q, want %q", k, got, want)
			}
		}
		if games[1].Tags["Round"] != "1.2" || games[1].Tags["White"] != "Cid" {
			t.Errorf("pgn-extract read the second game's tags %v", games[1].Tags)
		}
		if _, _, one := raw(t, "GET", ts.url+"/api/games/"+g.ID+"/pgn", "", "", nil); strings.Join(pgncheck.Moves(t, one)[0], " ") != "e4 c5" {
			t.Errorf("pgn-extract on the game's PGN:\n%s", one)
		}
		if _, _, part := raw(t, "GET", feed+"&boards=2-2", "", "", nil); strings.Contains(part, `[Round "1.1"]`) || !strings.Contains(part, `[Round "1.2"]`) {
			t.Errorf("boards=2-2:\n%s", part)
		}
		// An unchanged poll: 304; a new move: a new ETag.
		if st, _, _ := raw(t, "GET", feed, "", "", map[string]string{"If-None-Match": h.Get("ETag")}); st != http.StatusNotModified {
			t.Errorf("unchanged poll: %d", st)
		}
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"lift","sq":"g1"}`, nil)
		if st, h2, _ := raw(t, "GET", feed, "", "", map[string]string{"If-None-Match": h.Get("ETag")}); st != 200 || h2.Get("ETag") == h.Get("ETag") {
			t.Errorf("after a new action: %d, ETag %q", st, h2.Get("ETag"))
		}
		// delay=60: the games as they stood a minute ago, before any move.
		st, _, delayed := raw(t, "GET", feed+"&delay=60", "", "", nil)
		// (the moves as PGN writes them: a random game id may hold "e4")
		if st != 200 || strings.Contains(delayed, "1. e4") || !strings.Contains(delayed, `[Round "1.1"]`) {
			t.Errorf("delayed feed: %d\n%s", st, delayed)
		}
		time.Sleep(1100 * time.Millisecond)
		if _, _, d1 := raw(t, "GET", feed+"&delay=1", "", "", nil); !strings.Contains(d1, "1. e4") {
			t.Errorf("a second later, a delay of one second shows the moves:\n%s", d1)
		}
	})
}

// BenchmarkFeed polls the PGN feed of a round of 1,000 games (an Olympiad
// round is about 750 boards), each with a few moves: a full answer, and a
// 304 for an unchanged poll. Run it with:
//
//	go test ./server -run '^$' -bench Feed -benchtime 20x
func BenchmarkFeed(b *testing.B) {
	_, hs := serveOn(b, Options{})
	var games []string
	for i := 0; i < 1000; i++ {
		games = append(games, `{"round":1}`)
	}
	var ev CreatedEvent
	if st, raw := call(b, "POST", hs.URL+"/api/events", "", `{"name":"Olympiad","start":{"clock":{"white":5400,"black":5400,"increment":30}},"games":[`+strings.Join(games, ",")+`]}`, &ev); st != http.StatusCreated {
		b.Fatalf("event: %d %s", st, raw)
	}
	moves := `[{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4"},{"by":"white","act":"clock"},{"by":"black","act":"lift","sq":"e7"},{"by":"black","act":"drop","sq":"e5"},{"by":"black","act":"clock"}]`
	for _, g := range ev.Games {
		call(b, "POST", hs.URL+"/api/games/"+g.ID+"/actions", g.BoardToken, moves, nil)
	}
	feed := hs.URL + "/api/events/" + ev.ID + "/pgn?round=1"
	_, h, _ := raw(b, "GET", feed, "", "", nil) // warm: every game's PGN cached
	etag := h.Get("ETag")
	b.Run("poll", func(b *testing.B) {
		i := 0
		for b.Loop() {
			// A new action on one board each poll: the answer changes
			// (the post is not timed).
			b.StopTimer()
			g := ev.Games[i%len(ev.Games)]
			i++
			call(b, "POST", hs.URL+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"touch","sq":"d2"}`, nil)
			b.StartTimer()
			if st, _, _ := raw(b, "GET", feed, "", "", nil); st != 200 {
				b.Fatal(st)
			}
		}
	})
	_, h, _ = raw(b, "GET", feed, "", "", nil)
	etag = h.Get("ETag")
	b.Run("304", func(b *testing.B) {
		for b.Loop() {
			if st, _, _ := raw(b, "GET", feed, "", "", map[string]string{"If-None-Match": etag}); st != http.StatusNotModified {
				b.Fatal(st)
			}
		}
	})
}

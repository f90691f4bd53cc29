package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/coder/websocket"
)

// moves turns moves written "e2e4" (a capture "xd1h5"... no: "h5xf7") into
// the actions of a sensor board: remove the captured piece, lift, drop,
// press the clock. The side alternates from white; the last move's clock
// is left out when last is false.
func moves(t *testing.T, list string, clockLast bool) []protocol.Action {
	t.Helper()
	var out []protocol.Action
	by := "white"
	ms := strings.Fields(list)
	for i, m := range ms {
		from, to, capture := m[:2], m[2:], false
		if strings.HasPrefix(to, "x") {
			to, capture = to[1:], true
		}
		if capture {
			out = append(out, protocol.Action{By: by, Act: protocol.Remove, Sq: to})
		}
		out = append(out, protocol.Action{By: by, Act: protocol.Lift, Sq: from}, protocol.Action{By: by, Act: protocol.Drop, Sq: to})
		if i < len(ms)-1 || clockLast {
			out = append(out, protocol.Action{By: by, Act: protocol.ClockPress})
		}
		if by == "white" {
			by = "black"
		} else {
			by = "white"
		}
	}
	return out
}

const touchMoveViolation = `{"by":"white","act":"touch","sq":"g1"}
{"by":"white","act":"lift","sq":"e2"}
{"by":"white","act":"drop","sq":"e4"}
{"by":"white","act":"clock"}
{"by":"black","act":"lift","sq":"e7"}
{"by":"black","act":"drop","sq":"e5"}
{"by":"black","act":"clock"}`

func TestGameFlow(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 2, protocol.Start{Rules: "fide", Clock: &protocol.Clock{White: 5400, Black: 5400, Increment: 30}})
		g := ev.Games[0]
		if g.Round != 1 || g.Board != 1 || ev.Games[1].Board != 2 || !strings.HasPrefix(ev.ArbiterToken, arbiterPrefix) || !strings.HasPrefix(g.BoardToken, boardPrefix) {
			t.Fatalf("created: %+v", ev)
		}
		// JSON Lines in one post.
		var res PostResult
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, touchMoveViolation, &res); st != http.StatusOK {
			t.Fatalf("post: %d %s", st, raw)
		}
		if len(res.Acks) != 7 || res.N != 7 || res.Acks[2].N != 3 {
			t.Fatalf("acks: %+v", res)
		}
		kinds := ""
		for _, r := range res.Acks[2].Rulings {
			kinds += r.Kind + " "
		}
		if kinds != "move violation " {
			t.Fatalf("rulings of the drop: %s", kinds)
		}
		v := getGame(t, ts.url, g.ID)
		if v.FEN != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" || v.Turn != "white" ||
			mustJSON(t, v.Moves) != `["e4","e5"]` || mustJSON(t, v.UCI) != `["e2e4","e7e5"]` {
			t.Fatalf("view: %s %s %v %v", v.FEN, v.Turn, v.Moves, v.UCI)
		}
		if len(v.Violations) != 1 || v.Violations[0].Article != "4.3.1" || v.Summary.Result != "*" || v.N != 7 || v.Seqs == nil {
			t.Fatalf("view: %+v", v)
		}
		// A JSON array, then the mate: the result ends the game.
		mate := moves(t, "g1f3 b8c6 f1c4 g8f6 f3g5 d7d5 e4xd5 f6xd5 g5xf7", false)
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, mate, &res); st != http.StatusOK {
			t.Fatalf("post: %d %s", st, raw)
		}
		v = getGame(t, ts.url, g.ID)
		if v.Result != "*" {
			t.Fatalf("not mate yet, result %s", v.Result)
		}
		// Arbiter posts on the same game, then decides.
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", ev.ArbiterToken, `{"by":"black","act":"resign"}`, &res); st != http.StatusOK {
			t.Fatalf("arbiter post: %d %s", st, raw)
		}
		v = getGame(t, ts.url, g.ID)
		if v.Result != "1-0" || v.Reason != "resignation" || v.Seqs["arbiter"] != 0 {
			t.Fatalf("result %s %s", v.Result, v.Reason)
		}
		// PGN of the game: tags, moves, the arbiter's rulings as comments.
		st, raw := call(t, "GET", ts.url+"/api/games/"+g.ID+"/pgn", "", nil, nil)
		pgnText := strings.Join(strings.Fields(string(raw)), " ")
		for _, want := range []string{`[Event "Test open"]`, `[Site "Loopback"]`, `[White "W1"]`, `[Result "1-0"]`, `[TimeControl "5400+30"]`,
			"1. e4 {[%clk 1:30:30] [%emt 0:00:00]} {violation 4.3.1 by white: touched the knight on g1 first but moved the pawn on e2} 1... e5 {[%clk 1:30:30]", "Nxf7", "{result 1-0: resignation (5.1.2)} 1-0",
			`[Termination "normal"]`, `[TerminationDetail "resignation"]`} {
			if st != http.StatusOK || !strings.Contains(pgnText, want) {
				t.Errorf("PGN lacks %q:\n%s", want, pgnText)
			}
		}
		// PGN of the round: both games.
		_, all := call(t, "GET", ts.url+"/api/events/"+ev.ID+"/pgn?round=1", "", nil, nil)
		if strings.Count(string(all), "[Event ") != 2 || !strings.Contains(string(all), `[White "W2"]`) {
			t.Errorf("event PGN:\n%s", all)
		}
		// The event, the list of events, the log.
		var evv EventView
		call(t, "GET", ts.url+"/api/events/"+ev.ID, "", nil, &evv)
		if len(evv.Games) != 2 || evv.Games[0].Result != "1-0" || evv.Games[0].Rulings != nil {
			t.Errorf("event view: %+v", evv)
		}
		var evs []store.Event
		call(t, "GET", ts.url+"/api/events", "", nil, &evs)
		if len(evs) != 1 || evs[0].Name != "Test open" {
			t.Errorf("events: %+v", evs)
		}
		log := readLog(t, ts.url, g.ID)
		if len(log) != int(v.N) || log[0].Action.Act != "touch" || log[len(log)-1].Author != "arbiter" {
			t.Errorf("log: %d entries, head %d", len(log), v.N)
		}
		var tail []store.Entry
		call(t, "GET", ts.url+"/api/games/"+g.ID+"/log?after=30", "", nil, &tail)
		if len(tail) != len(log)-30 || tail[0].N != 31 {
			t.Errorf("log after 30: %d entries", len(tail))
		}
		// The replay of the log gives the same summary and rulings.
		sum, rs := replaySummary(t, v.Start, log)
		if mustJSON(t, sum) != mustJSON(t, v.Summary) || mustJSON(t, rs) != mustJSON(t, v.Rulings) {
			t.Errorf("replay differs:\n%s\n%s", mustJSON(t, sum), mustJSON(t, v.Summary))
		}
		// Health.
		var h map[string]any
		if st, _ := call(t, "GET", ts.url+"/healthz", "", nil, &h); st != http.StatusOK || h["status"] != "ok" {
			t.Errorf("healthz: %d %v", st, h)
		}
	})
}

func TestScholarsMate_ResultEndsTheGame(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	g := ev.Games[0]
	var res PostResult
	mate := moves(t, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5xf7", false)
	if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, mate, &res); st != http.StatusOK {
		t.Fatalf("post: %d %s", st, raw)
	}
	last := res.Acks[len(res.Acks)-1].Rulings
	if len(last) != 2 || last[1].Kind != "result" || last[1].Reason != "checkmate" {
		t.Fatalf("last rulings: %+v", last)
	}
	// After the result the hands go on: the press is stored with an
	// after-end ruling (laws K7) and changes nothing else.
	before := getGame(t, ts.url, g.ID)
	st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"clock"}`, &res)
	if st != http.StatusOK || len(res.Acks) != 1 || len(res.Acks[0].Rulings) != 1 || res.Acks[0].Rulings[0].Kind != protocol.KindAfterEnd || res.Acks[0].Rulings[0].Result != "1-0" {
		t.Fatalf("after the result: %d %s", st, raw)
	}
	after := getGame(t, ts.url, g.ID)
	if after.N != before.N+1 || after.FEN != before.FEN || mustJSON(t, after.Moves) != mustJSON(t, before.Moves) || after.Result != "1-0" {
		t.Fatalf("an action after the end changed the game: %+v", after)
	}
}

// Laws K7: a board that posts the mating move and its clock press in one
// post (as docs/api.md shows) has both stored; the game ends on the move,
// and the press and what follows (pieces set up again) are after-end. On
// every store, and the same after a restart.
func TestK7_PostWithTheEndingMoveAndWhatFollowedStoresAll(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 3, protocol.Start{})
		cases := []struct {
			game   CreatedGame
			moves  string
			result string
		}{
			{ev.Games[0], "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5xf7", "1-0"}, // checkmate
			{ev.Games[1], "f2f3 e7e5 g2g4 d8h4", "0-1"},                 // fool's mate
		}
		for _, c := range cases {
			acts := moves(t, c.moves, true)
			acts = append(acts, protocol.Action{By: "black", Act: protocol.Lift, Sq: "a8"}, protocol.Action{By: "white", Act: protocol.Knock, Sq: "a1"})
			var res PostResult
			if st, raw := call(t, "POST", ts.url+"/api/games/"+c.game.ID+"/actions", c.game.BoardToken, acts, &res); st != http.StatusOK {
				t.Fatalf("post: %d %s", st, raw)
			}
			if len(res.Acks) != len(acts) {
				t.Fatalf("%d acks for %d actions", len(res.Acks), len(acts))
			}
			for _, a := range res.Acks[len(acts)-3:] {
				if len(a.Rulings) != 1 || a.Rulings[0].Kind != protocol.KindAfterEnd {
					t.Errorf("after the end: %+v", a.Rulings)
				}
			}
			v := getGame(t, ts.url, c.game.ID)
			if v.Result != c.result || v.N != int64(len(acts)) || len(v.Moves) != len(strings.Fields(c.moves)) {
				t.Errorf("game %s: result %s, %d entries, moves %v", c.moves, v.Result, v.N, v.Moves)
			}
			_, p := call(t, "GET", ts.url+"/api/games/"+c.game.ID+"/pgn", "", nil, nil)
			if !strings.Contains(string(p), c.result+"\n") && !strings.HasSuffix(strings.TrimSpace(string(p)), c.result) {
				t.Errorf("PGN does not end with %s:\n%s", c.result, p)
			}
			ts2 := startServer(t, dsn)
			if v2 := getGame(t, ts2.url, c.game.ID); v2.Result != c.result || v2.N != v.N || mustJSON(t, v2.Moves) != mustJSON(t, v.Moves) {
				t.Errorf("after a restart: %+v", v2)
			}
		}
		// A refused action in a post still refuses the whole post.
		g := ev.Games[2]
		bad := append(moves(t, "e2e4", true), protocol.Action{By: "white", Act: protocol.Lift, Sq: "e5"})
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, bad, nil); st != http.StatusBadRequest {
			t.Errorf("a post with an impossible action: %d", st)
		}
		if v := getGame(t, ts.url, g.ID); v.N != 0 {
			t.Errorf("a refused post stored %d entries", v.N)
		}
	})
}

func TestRoles_TokensChangeNothingWhenWrong(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 2, protocol.Start{})
		other := createEvent(t, ts.url, 1, protocol.Start{})
		g, g2 := ev.Games[0], ev.Games[1]
		post := func(game, token, body string) int {
			st, _ := call(t, "POST", ts.url+"/api/games/"+game+"/actions", token, body, nil)
			return st
		}
		lift := `{"by":"white","act":"lift","sq":"e2"}`
		before := getGame(t, ts.url, g.ID)
		for _, c := range []struct {
			name, token string
			want        int
		}{
			{"no token", "", http.StatusUnauthorized},
			{"another game's board token", g2.BoardToken, http.StatusForbidden},
			{"another event's arbiter token", other.ArbiterToken, http.StatusForbidden},
			{"a made-up token", "brd_" + strings.Repeat("A", 43), http.StatusForbidden},
			{"the board token with one character changed", g.BoardToken[:len(g.BoardToken)-1] + "x", http.StatusForbidden},
		} {
			if st := post(g.ID, c.token, lift); st != c.want {
				t.Errorf("%s: %d, want %d", c.name, st, c.want)
			}
		}
		// Only the arbiter sets results and issues tokens; spectators read.
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g.ID+"/result", g.BoardToken, `{"result":"1-0"}`, nil); st != http.StatusForbidden {
			t.Errorf("board sets a result: %d", st)
		}
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g.ID+"/result", "", `{"result":"1-0"}`, nil); st != http.StatusUnauthorized {
			t.Errorf("spectator sets a result: %d", st)
		}
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g.ID+"/board-token", g.BoardToken, nil, nil); st != http.StatusForbidden {
			t.Errorf("board issues a token: %d", st)
		}
		if st, _ := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/games", other.ArbiterToken, `{"games":[{}]}`, nil); st != http.StatusForbidden {
			t.Errorf("other arbiter adds a game: %d", st)
		}
		if after := getGame(t, ts.url, g.ID); mustJSON(t, after) != mustJSON(t, before) {
			t.Fatalf("a refused request changed the game:\n%s\n%s", mustJSON(t, before), mustJSON(t, after))
		}
		// The right tokens.
		if st := post(g.ID, g.BoardToken, lift); st != http.StatusOK {
			t.Errorf("board on its game: %d", st)
		}
		if st := post(g2.ID, ev.ArbiterToken, lift); st != http.StatusOK {
			t.Errorf("arbiter on another game: %d", st)
		}
		// A new board token replaces the old one.
		var nt map[string]string
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/board-token", ev.ArbiterToken, nil, &nt); st != http.StatusOK {
			t.Fatalf("new token: %d %s", st, raw)
		}
		if st := post(g.ID, g.BoardToken, `{"by":"white","act":"drop","sq":"e4"}`); st != http.StatusForbidden {
			t.Errorf("old board token after reissue: %d", st)
		}
		if st := post(g.ID, nt["board_token"], `{"by":"white","act":"drop","sq":"e4"}`); st != http.StatusOK {
			t.Errorf("new board token: %d", st)
		}
		// The arbiter adds a game: board 3 of round 1, with its token.
		var added struct{ Games []CreatedGame }
		if st, raw := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/games", ev.ArbiterToken, `{"games":[{"white":"X","black":"Y"}]}`, &added); st != http.StatusCreated || len(added.Games) != 1 || added.Games[0].Board != 3 {
			t.Fatalf("add game: %d %s", st, raw)
		}
		// Two games on one board of a round conflict.
		if st, _ := call(t, "POST", ts.url+"/api/events/"+ev.ID+"/games", ev.ArbiterToken, `{"games":[{"board":3}]}`, nil); st != http.StatusConflict {
			t.Errorf("same board twice: %d", st)
		}
	})
}

func TestDecision_ArbiterSetsAndWithdrawsAResult(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, moves(t, "e2e4 e7e5", true), nil)
		var res PostResult
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/result", ev.ArbiterToken, `{"result":"0-1","reason":"mobile phone rang (11.3.2.2)"}`, &res); st != http.StatusOK {
			t.Fatalf("decision: %d %s", st, raw)
		}
		if r := res.Acks[0].Rulings[0]; r.Kind != "result" || r.Result != "0-1" || r.Reason != "arbiter" || r.At != 7 {
			t.Fatalf("decision ruling %+v", r)
		}
		v := getGame(t, ts.url, g.ID)
		if v.Result != "0-1" || v.Reason != "arbiter" || v.Decision == nil || v.Summary.Result != "*" {
			t.Fatalf("after the decision: %s %s %+v", v.Result, v.Reason, v.Decision)
		}
		// The hands go on after the decision: stored, after-end, no effect.
		var after PostResult
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"lift","sq":"g1"}`, &after); st != http.StatusOK ||
			after.Acks[0].Rulings[0].Kind != protocol.KindAfterEnd || after.Acks[0].Rulings[0].Result != "0-1" {
			t.Errorf("action after a decision: %d %s", st, raw)
		}
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g.ID+"/result", ev.ArbiterToken, `{"result":"2-0"}`, nil); st != http.StatusBadRequest {
			t.Errorf("bad result: %d", st)
		}
		_, p := call(t, "GET", ts.url+"/api/games/"+g.ID+"/pgn", "", nil, nil)
		if !strings.Contains(string(p), `[Result "0-1"]`) || !strings.Contains(string(p), "result 0-1: arbiter: mobile phone rang") {
			t.Errorf("PGN after the decision:\n%s", p)
		}
		// Withdrawn: play goes on.
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/result", ev.ArbiterToken, `{"result":"*"}`, nil)
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"lift","sq":"g1"}`, nil); st != http.StatusOK {
			t.Errorf("action after the withdrawal: %d %s", st, raw)
		}
		// A restart rebuilds the same game, decisions included.
		v = getGame(t, ts.url, g.ID)
		ts2 := startServer(t, dsn)
		if v2 := getGame(t, ts2.url, g.ID); mustJSON(t, v2) != mustJSON(t, v) {
			t.Errorf("after a restart:\n%s\n%s", mustJSON(t, v), mustJSON(t, v2))
		}
	})
}

// The arbiter's own acts (protocol: by "arbiter") need the arbiter's
// token; with it, a flag he observes ends the game.
func TestArbiterActsNeedTheArbitersToken(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		flag := `{"by":"arbiter","act":"flag","side":"white"}`
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, flag, nil); st != http.StatusForbidden {
			t.Fatalf("with the board's token: %d %s", st, raw)
		}
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", ev.ArbiterToken, flag, nil); st != http.StatusOK {
			t.Fatalf("with the arbiter's token: %d %s", st, raw)
		}
		if v := getGame(t, ts.url, g.ID); v.Result != "0-1" || v.Reason != "time" {
			t.Fatalf("after the arbiter's flag: %s %s", v.Result, v.Reason)
		}
	})
}

func TestMalformed_400ChangesNothing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"lift","sq":"e2","seq":1}`, nil)
		before := getGame(t, ts.url, g.ID)
		for _, c := range []struct{ body, want string }{
			{`{"by":"white","act":"drop"`, "malformed JSON"},
			{`[{"by":"white","act":"drop","sq":"e4"},]`, "malformed JSON"},
			{``, "no actions"},
			{`[]`, "no actions"},
			{`"lift"`, "not a JSON object"},
			{`{"by":"white","act":"jump","sq":"e4"}`, "unknown act"},
			{`{"by":"white","act":"drop","sq":"e9"}`, "needs a square"},
			{`{"start":{"rules":"uscf"}}`, "start line"},
			{`{"by":"white","act":"drop","sq":"e4","seq":-3}`, "seq must be positive"},
			{`{"by":"white","act":"clock","t":-5}`, "t must be"},
			// Impossible actions: the engine's error, and the whole post is refused.
			{`{"by":"white","act":"lift","sq":"e5","hand":"left"}`, "no piece on e5"},
			{`{"by":"white","act":"drop","sq":"e4","seq":2}
			  {"by":"white","act":"clock","seq":3}
			  {"by":"white","act":"lift","sq":"d2","seq":4}`, "it is black's move"},
			{`{"by":"black","act":"clock"}`, "it is white's move"},
		} {
			st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, c.body, nil)
			var ae APIError
			json.Unmarshal(raw, &ae)
			if st != http.StatusBadRequest || !strings.Contains(ae.Err, c.want) || ae.Status != 400 {
				t.Errorf("%s: %d %s, want 400 %q", c.body, st, raw, c.want)
			}
		}
		// Bad event and game specs.
		for _, body := range []string{`{"name":"x","games":[{"start":{"rules":"chess-boxing"}}]}`, `{"name":"x","games":[{"start":{"fen":"8/8/8 w"}}]}`, `{"games":[]}`, `{"name":"x","extra":1}`, `{`,
			// Clocks out of bounds (laws K1): an overflowing time, a negative one for the event's games.
			`{"name":"x","games":[{"start":{"clock":{"white":9223372036854775807,"black":300}}}]}`,
			`{"name":"x","start":{"clock":{"white":-5,"black":300}},"games":[{}]}`} {
			if st, raw := call(t, "POST", ts.url+"/api/events", "", body, nil); st != http.StatusBadRequest {
				t.Errorf("event %s: %d %s", body, st, raw)
			}
		}
		after := getGame(t, ts.url, g.ID)
		if mustJSON(t, after) != mustJSON(t, before) {
			t.Fatalf("a refused post changed the game:\n%s\n%s", mustJSON(t, before), mustJSON(t, after))
		}
		if after.Summary.Errors != 0 || after.N != 1 {
			t.Fatalf("errors %d, n %d", after.Summary.Errors, after.N)
		}
		// The refused seqs 2-4 were not stored: they can be posted now.
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"drop","sq":"e4","seq":2}
			{"by":"white","act":"clock","seq":3}`, nil); st != http.StatusOK {
			t.Fatalf("post after refusals: %d %s", st, raw)
		}
		// Unknown game and route.
		if st, _ := call(t, "GET", ts.url+"/api/games/nosuchgame", "", nil, nil); st != http.StatusNotFound {
			t.Errorf("unknown game: %d", st)
		}
		if st, _ := call(t, "POST", ts.url+"/api/games/nosuchgame/actions", g.BoardToken, `{"by":"white","act":"clock"}`, nil); st != http.StatusNotFound {
			t.Errorf("unknown game: %d", st)
		}
		if st, _ := call(t, "GET", ts.url+"/api/nothing", "", nil, nil); st != http.StatusNotFound {
			t.Errorf("unknown route: %d", st)
		}
	})
}

func TestSeq_Idempotent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		url := ts.url + "/api/games/" + g.ID + "/actions"
		body := `[{"by":"white","act":"touch","sq":"g1","seq":1},{"by":"white","act":"lift","sq":"e2","seq":2},{"by":"white","act":"drop","sq":"e4","seq":3}]`
		var first, again PostResult
		call(t, "POST", url, g.BoardToken, body, &first)
		if st, raw := call(t, "POST", url, g.BoardToken, body, &again); st != http.StatusOK {
			t.Fatalf("repeat: %d %s", st, raw)
		}
		for i := range first.Acks {
			a, b := first.Acks[i], again.Acks[i]
			if !b.Duplicate || a.N != b.N || mustJSON(t, a.Rulings) != mustJSON(t, b.Rulings) {
				t.Errorf("ack %d: %+v then %+v", i, a, b)
			}
		}
		// Partly new: the known seq is acknowledged as before, the new one applied.
		var mixed PostResult
		call(t, "POST", url, g.BoardToken, `[{"by":"white","act":"drop","sq":"e4","seq":3},{"by":"white","act":"clock","seq":4}]`, &mixed)
		if !mixed.Acks[0].Duplicate || mixed.Acks[0].N != 3 || mixed.Acks[1].Duplicate || mixed.Acks[1].N != 4 || mixed.N != 4 {
			t.Errorf("mixed: %+v", mixed)
		}
		// A seq reused for another action is a conflict and changes nothing.
		before := getGame(t, ts.url, g.ID)
		if st, _ := call(t, "POST", url, g.BoardToken, `{"by":"black","act":"lift","sq":"e7","seq":4}`, nil); st != http.StatusConflict {
			t.Errorf("reused seq: %d", st)
		}
		// The same seq twice in one post.
		if st, _ := call(t, "POST", url, g.BoardToken, `[{"by":"black","act":"lift","sq":"e7","seq":9},{"by":"black","act":"lift","sq":"d7","seq":9}]`, nil); st != http.StatusConflict {
			t.Errorf("seq twice: %d", st)
		}
		if after := getGame(t, ts.url, g.ID); mustJSON(t, after) != mustJSON(t, before) {
			t.Fatal("a conflict changed the game")
		}
		// Seqs belong to an author: the arbiter's seq 1 is not the board's.
		var arb PostResult
		call(t, "POST", url, ev.ArbiterToken, `{"by":"black","act":"lift","sq":"e7","seq":1}`, &arb)
		if arb.Acks[0].Duplicate || arb.Acks[0].N != 5 {
			t.Errorf("arbiter seq 1: %+v", arb)
		}
		// After a restart, the seqs are still known.
		ts2 := startServer(t, dsn)
		var after PostResult
		call(t, "POST", ts2.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, &after)
		if len(after.Acks) != 3 || !after.Acks[2].Duplicate || after.N != 5 {
			t.Errorf("after restart: %+v", after)
		}
		if v := getGame(t, ts2.url, g.ID); v.Seqs["board"] != 4 || v.Seqs["arbiter"] != 1 {
			t.Errorf("seqs %v", v.Seqs)
		}
	})
}

// readMessage reads one live message.
func readMessage(t *testing.T, ctx context.Context, c *websocket.Conn) Message {
	t.Helper()
	_, data, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m Message
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLive_GameAndEventStreams(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 2, protocol.Start{})
		g := ev.Games[0]
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ws := "ws" + strings.TrimPrefix(ts.url, "http")
		call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, `{"by":"white","act":"lift","sq":"e2"}`, nil)

		spectator, _, err := websocket.Dial(ctx, ws+"/api/games/"+g.ID+"/live", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer spectator.CloseNow()
		hall, _, err := websocket.Dial(ctx, ws+"/api/events/"+ev.ID+"/live", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer hall.CloseNow()
		snap := readMessage(t, ctx, spectator)
		if snap.Type != "snapshot" || snap.Game == nil || snap.Game.N != 1 || len(snap.Game.Rulings) != 1 {
			t.Fatalf("snapshot: %+v", snap)
		}
		for i := 0; i < 2; i++ {
			m := readMessage(t, ctx, hall)
			if m.Type != "snapshot" || m.Game.ID != ev.Games[i].ID {
				t.Fatalf("event snapshot %d: %+v", i, m)
			}
		}
		// A board posts over its own socket and gets acks; followers get entries.
		board, _, err := websocket.Dial(ctx, ws+"/api/games/"+g.ID+"/live?follow=false&token="+g.BoardToken, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer board.CloseNow()
		board.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"drop","sq":"e4","seq":7}`))
		ack := readMessage(t, ctx, board)
		if ack.Type != "ack" || ack.Post.Acks[0].N != 2 || ack.Post.Acks[0].Rulings[0].SAN != "e4" {
			t.Fatalf("ack: %+v", ack)
		}
		board.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"lift","sq":"e5"}`))
		if m := readMessage(t, ctx, board); m.Type != "error" || m.Error.Status != 400 || !strings.Contains(m.Error.Err, "no piece") {
			t.Fatalf("error: %+v", m)
		}
		for _, c := range []*websocket.Conn{spectator, hall} {
			m := readMessage(t, ctx, c)
			if m.Type != "entry" || m.GameID != g.ID || m.Entry.N != 2 || m.Entry.Seq != 7 || m.Entry.Rulings[0].Kind != "move" ||
				m.FEN != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" || m.Ply != 1 || m.Result != "*" {
				t.Fatalf("entry: %+v", m)
			}
		}
		// A spectator may not post.
		spectator.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"clock"}`))
		if m := readMessage(t, ctx, spectator); m.Type != "error" || m.Error.Status != 401 {
			t.Fatalf("spectator post: %+v", m)
		}
		// A game added later shows up on the event stream.
		var added struct{ Games []CreatedGame }
		call(t, "POST", ts.url+"/api/events/"+ev.ID+"/games", ev.ArbiterToken, `{"games":[{"white":"Late","black":"Comer"}]}`, &added)
		if m := readMessage(t, ctx, hall); m.Type != "snapshot" || m.Game.White != "Late" {
			t.Fatalf("new game: %+v", m)
		}
		// A wrong token reads as none (as on every read): the socket
		// follows the game, and an action sent on it is refused (403).
		wrong, _, err := websocket.Dial(ctx, ws+"/api/games/"+g.ID+"/live?token=brd_nope", nil)
		if err != nil {
			t.Fatalf("wrong token: %v", err)
		}
		if m := readMessage(t, ctx, wrong); m.Type != "snapshot" {
			t.Fatalf("wrong token's first message: %+v", m)
		}
		wrong.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"lift","sq":"g1"}`))
		if m := readMessage(t, ctx, wrong); m.Type != "error" || m.Error == nil || m.Error.Status != http.StatusForbidden {
			t.Fatalf("an action on a wrong token's socket: %+v", m)
		}
		wrong.CloseNow()
		// The server going away closes the streams.
		ts.Close()
		if _, _, err := spectator.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
			t.Fatalf("on close: %v", err)
		}
	})
}

// A post of several actions is judged whole before it is stored; each of
// its entries still reaches the followers with the state of the game after
// that entry (position, ply, duty), not after the post.
func TestLive_EachEntryOfAPostCarriesTheStateAfterIt(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ws := "ws" + strings.TrimPrefix(ts.url, "http")
		var followers []*websocket.Conn // the game's, the hall's
		for _, url := range []string{ws + "/api/games/" + g.ID + "/live", ws + "/api/events/" + ev.ID + "/live"} {
			c, _, err := websocket.Dial(ctx, url, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer c.CloseNow()
			if m := readMessage(t, ctx, c); m.Type != "snapshot" {
				t.Fatalf("%s: first message %+v", url, m)
			}
			followers = append(followers, c)
		}
		post := `[{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4"},{"by":"white","act":"clock"},{"by":"black","act":"lift","sq":"e7"}]`
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, post, nil); st != http.StatusOK {
			t.Fatalf("post: %d %s", st, raw)
		}
		for _, c := range followers {
			checkPostEntries(t, ctx, c)
		}
	})
}

// checkPostEntries reads the four entries of the post of
// TestLive_EachEntryOfAPostCarriesTheStateAfterIt.
func checkPostEntries(t *testing.T, ctx context.Context, c *websocket.Conn) {
	t.Helper()
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	want := []struct {
		fen  string
		ply  int
		duty string // the square of the piece the player must move, "" for none
	}{{start, 0, "e2"}, {afterE4, 1, ""}, {afterE4, 1, ""}, {afterE4, 1, "e7"}}
	for i, w := range want {
		m := readMessage(t, ctx, c)
		if m.Type != "entry" || m.Entry.N != int64(i+1) || m.FEN != w.fen || m.Ply != w.ply {
			t.Fatalf("entry %d: %+v", i+1, m)
		}
		if duty := ""; m.Duty != nil {
			duty = m.Duty.Sq
			if duty != w.duty {
				t.Fatalf("entry %d: duty %+v, want one on %q", i+1, m.Duty, w.duty)
			}
		} else if w.duty != "" {
			t.Fatalf("entry %d: no duty, want one on %s", i+1, w.duty)
		}
	}
}

func TestStaticHook(t *testing.T) {
	dsn := backends()[0].dsn(t)
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, _ := New(Options{Store: st, Static: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "page "+r.URL.Path)
	})})
	for path, want := range map[string]string{"/": "page /", "/app.js": "page /app.js"} {
		rec := newRecorder()
		srv.Handler().ServeHTTP(rec, mustRequest(t, "GET", path))
		if rec.Body.String() != want {
			t.Errorf("%s: %q", path, rec.Body.String())
		}
	}
	rec := newRecorder()
	srv.Handler().ServeHTTP(rec, mustRequest(t, "GET", "/api/games/x"))
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "not found") {
		t.Errorf("API under a static site: %d %s", rec.Code, rec.Body.String())
	}
}

func TestAdminToken(t *testing.T) {
	st, err := store.Open(context.Background(), backends()[0].dsn(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, _ := New(Options{Store: st, AdminToken: "hall-secret"})
	for tok, want := range map[string]int{"": 401, "nope": 403, "hall-secret": 201} {
		rec := newRecorder()
		req := mustRequest(t, "POST", "/api/events")
		req.Body = ioNopCloser(`{"name":"Club night"}`)
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("token %q: %d, want %d", tok, rec.Code, want)
		}
	}
}

func TestLive_ReplacedBoardTokenStopsPostingOnAnOpenSocket(t *testing.T) {
	ts := startServer(t, backends()[0].dsn(t))
	ev := createEvent(t, ts.url, 1, protocol.Start{})
	g := ev.Games[0]
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	board, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.url, "http")+"/api/games/"+g.ID+"/live?follow=false&token="+g.BoardToken, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer board.CloseNow()
	board.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"lift","sq":"e2"}`))
	if m := readMessage(t, ctx, board); m.Type != "ack" {
		t.Fatalf("%+v", m)
	}
	call(t, "POST", ts.url+"/api/games/"+g.ID+"/board-token", ev.ArbiterToken, nil, nil)
	board.Write(ctx, websocket.MessageText, []byte(`{"by":"white","act":"drop","sq":"e4"}`))
	if m := readMessage(t, ctx, board); m.Type != "error" || m.Error.Status != http.StatusForbidden {
		t.Fatalf("old token after the new one: %+v", m)
	}
	if v := getGame(t, ts.url, g.ID); v.N != 1 {
		t.Fatalf("n %d", v.N)
	}
}

// The violation the opponent may still claim shows in the game view until
// he touches a piece himself (T9); so does an open draw offer.
func TestView_ClaimableViolationAndDrawOffer(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 1, protocol.Start{})
		g := ev.Games[0]
		post := func(body string) {
			t.Helper()
			if st, raw := call(t, "POST", ts.url+"/api/games/"+g.ID+"/actions", g.BoardToken, body, nil); st != http.StatusOK {
				t.Fatalf("post: %d %s", st, raw)
			}
		}
		post(`[{"by":"white","act":"touch","sq":"g1"},{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4"},{"by":"white","act":"clock"},{"by":"white","act":"offer-draw"}]`)
		v := getGame(t, ts.url, g.ID)
		if v.Claimable == nil || v.Claimable.By != "white" || v.Claimable.Article != "4.3.1" || v.DrawOffer != "white" {
			t.Fatalf("claimable %+v, offer %q", v.Claimable, v.DrawOffer)
		}
		post(`{"by":"black","act":"touch","sq":"e7"}`)
		v = getGame(t, ts.url, g.ID)
		if v.Claimable != nil || v.DrawOffer != "" {
			t.Fatalf("after black touched a piece: claimable %+v, offer %q", v.Claimable, v.DrawOffer)
		}
	})
}

package server

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/trf"
)

// eventView reads an event.
func eventView(t *testing.T, base, id string) EventView {
	t.Helper()
	var v EventView
	if st, raw := call(t, "GET", base+"/api/events/"+id, "", nil, &v); st != 200 {
		t.Fatalf("event: %d %s", st, raw)
	}
	return v
}

// eventGames reads an event's games.
func eventGames(t *testing.T, base, id string) []*GameView { return eventView(t, base, id).Games }

func mustUnmarshal(t *testing.T, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
}

func readTRF(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if name == "hall-open-r2.trf" {
		b, err = os.ReadFile(filepath.Join("..", "trf", "testdata", name))
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The tournament around the games (TRF in, results out): a TRF file of 8
// players with a forfeit and two byes makes round 1's games in board order
// with the players' titles, ratings and FIDE IDs; the games are played
// through the API; the export carries their results with the points
// recomputed, and reads back with every field; round 2 is paired from the
// pairing program's next file; a malformed file gets 400 naming the line
// and column, and creates nothing.
func TestTRF_RoundTrip(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		ev := createEvent(t, ts.url, 0, protocol.Start{})
		arb := map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}
		url := ts.url + "/api/events/" + ev.ID + "/trf"

		// A malformed file: 400 with line and column, nothing created.
		bad := strings.Replace(readTRF(t, "hall-open-r1.trf"), "001    4 m FM", "001    X m FM", 1)
		if st, _, body := raw(t, "POST", url+"?round=1", "text/plain", bad, arb); st != 400 || !strings.Contains(body, "line") || !strings.Contains(body, "column") {
			t.Fatalf("malformed TRF: %d %s", st, body)
		}
		if v := eventGames(t, ts.url, ev.ID); len(v) != 0 {
			t.Fatalf("a refused import created %d games", len(v))
		}
		// Without the arbiter's token: refused.
		if st, _, _ := raw(t, "POST", url+"?round=1", "text/plain", readTRF(t, "hall-open-r1.trf"), nil); st != http.StatusUnauthorized {
			t.Errorf("no token: %d", st)
		}

		// Round 1: two games (the forfeit and the byes make none).
		var imp TRFImport
		st, _, body := raw(t, "POST", url+"?round=1", "text/plain", readTRF(t, "hall-open-r1.trf"), arb)
		if st != http.StatusCreated {
			t.Fatalf("import: %d %s", st, body)
		}
		mustUnmarshal(t, body, &imp)
		if len(imp.Games) != 2 || imp.Players != 8 || len(imp.Byes) != 2 || len(imp.Forfeits) != 1 {
			t.Fatalf("import: %+v", imp)
		}
		g1, g2 := imp.Games[0], imp.Games[1]
		if g1.Board != 1 || g1.White != "Petrov, Ivan" || g1.Black != "Lindqvist, Erik" || g1.WhitePlayer == nil || g1.WhitePlayer.Title != "GM" ||
			g1.WhitePlayer.Rating != 2612 || g1.WhitePlayer.FIDEID != "2912345" || g1.BlackPlayer.Federation != "SWE" {
			t.Fatalf("board 1: %+v %+v %+v", g1.GameView, g1.WhitePlayer, g1.BlackPlayer)
		}
		if g2.White != "Oliveira, Beatriz" || g2.Black != "Kowalska, Anna" {
			t.Fatalf("board 2: %s - %s", g2.White, g2.Black)
		}
		// The event from the header: name, city, time control (222).
		e := eventView(t, ts.url, ev.ID)
		if e.Name != "Hall Open 2025" || e.Site != "Ljubljana" || e.Info.StartDate != "2025/10/04" || e.Start == nil || e.Start.Clock == nil || e.Start.Clock.White != 5400 || e.Start.Clock.Increment != 30 {
			t.Fatalf("event from the header: %+v %+v", e, e.Start)
		}
		// The feed has the players' tags.
		_, _, feed := raw(t, "GET", ts.url+"/api/events/"+ev.ID+"/pgn?round=1", "", "", nil)
		for _, want := range []string{`[WhiteTitle "GM"]`, `[WhiteElo "2612"]`, `[WhiteFideId "2912345"]`, `[BlackElo "2318"]`, `[Round "1.1"]`, `[TimeControl "5400+30"]`} {
			if !strings.Contains(feed, want) {
				t.Errorf("feed lacks %s", want)
			}
		}

		// Play round 1: Lindqvist resigns; board 2 is drawn by agreement.
		call(t, "POST", ts.url+"/api/games/"+g1.ID+"/actions", g1.BoardToken, `{"by":"black","act":"resign"}`, nil)
		// (after a move each: an agreement needs both players to have moved, 5.2.3)
		draw := append(moves(t, "e2e4 e7e5", true), protocol.Action{By: "white", Act: protocol.OfferDraw}, protocol.Action{By: "black", Act: protocol.AcceptDraw})
		if st, raw := call(t, "POST", ts.url+"/api/games/"+g2.ID+"/actions", g2.BoardToken, draw, nil); st != http.StatusOK {
			t.Fatalf("draw: %d %s", st, raw)
		}

		// Export: the results written, points and ranks recomputed; it
		// reads back with every field.
		st, h, out := raw(t, "GET", url, "", "", arb)
		if st != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") {
			t.Fatalf("export: %d %s", st, out)
		}
		orig, err := trf.Parse([]byte(readTRF(t, "hall-open-r1.trf")))
		if err != nil {
			t.Fatal(err)
		}
		back, err := trf.Parse([]byte(out))
		if err != nil {
			t.Fatalf("the export does not read back: %v\n%s", err, out)
		}
		if back.Name != orig.Name || back.City != orig.City || back.ChiefArbiter != orig.ChiefArbiter || len(back.Players) != 8 || back.TimeControlCode != orig.TimeControlCode {
			t.Fatalf("header lost: %+v", back)
		}
		for i, p := range back.Players {
			o := orig.Players[i]
			if p.Name != o.Name || p.Title != o.Title || p.Rating != o.Rating || p.FIDEID != o.FIDEID || p.Federation != o.Federation || p.BirthDate != o.BirthDate || p.Sex != o.Sex {
				t.Errorf("player %d changed: %+v, was %+v", p.StartRank, p, o)
			}
		}
		results := map[int]string{}
		for _, p := range back.Players {
			results[p.StartRank] = p.Entry(1).Result.String() + " " + p.Points.String()
		}
		for rank, want := range map[int]string{1: "1 1.0", 4: "0 0.0", 5: "= 0.5", 2: "= 0.5", 3: "+ 1.0", 6: "- 0.0", 7: "U 1.0", 8: "H 0.5"} {
			if results[rank] != want {
				t.Errorf("player %d after round 1: %q, want %q", rank, results[rank], want)
			}
		}
		// The export imports into another event: the same players.
		ev2 := createEvent(t, ts.url, 0, protocol.Start{})
		st, _, body = raw(t, "POST", ts.url+"/api/events/"+ev2.ID+"/trf?round=1", "text/plain", out, map[string]string{"Authorization": "Bearer " + ev2.ArbiterToken})
		if st != http.StatusCreated {
			t.Fatalf("importing the export: %d %s", st, body)
		}

		// Round 2 from the pairing program's next file.
		st, _, body = raw(t, "POST", url+"?round=2", "text/plain", readTRF(t, "hall-open-r2.trf"), arb)
		if st != http.StatusCreated {
			t.Fatalf("round 2: %d %s", st, body)
		}
		var imp2 TRFImport
		mustUnmarshal(t, body, &imp2)
		if len(imp2.Games) != 4 || imp2.Games[0].Round != 2 {
			t.Fatalf("round 2: %+v", imp2)
		}
		if st, _, _ := raw(t, "POST", url+"?round=2", "text/plain", readTRF(t, "hall-open-r2.trf"), arb); st != http.StatusConflict {
			t.Errorf("round 2 imported twice: %d", st)
		}
		if g := eventGames(t, ts.url, ev.ID); len(g) != 6 {
			t.Errorf("%d games after two rounds", len(g))
		}
	})
}

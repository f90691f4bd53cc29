package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

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

// trfEvent is an event made for a TRF test: its base URL, id and the
// arbiter's header.
type trfEvent struct {
	url, id string
	arb     map[string]string
	token   string
}

func newTRFEvent(t *testing.T, base string) trfEvent {
	t.Helper()
	ev := createEvent(t, base, 0, protocol.Start{})
	return trfEvent{url: base, id: ev.ID, arb: map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}, token: ev.ArbiterToken}
}

// importFile posts a TRF file for a round (query: more parameters) and
// returns the status and the answer.
func (e trfEvent) importFile(t *testing.T, data []byte, round int, query string) (int, TRFImport, string) {
	t.Helper()
	st, _, body := raw(t, "POST", fmt.Sprintf("%s/api/events/%s/trf?round=%d%s", e.url, e.id, round, query), "text/plain", string(data), e.arb)
	var imp TRFImport
	if st == http.StatusCreated {
		mustUnmarshal(t, body, &imp)
	}
	return st, imp, body
}

func (e trfEvent) export(t *testing.T) []byte {
	t.Helper()
	st, _, body := raw(t, "GET", e.url+"/api/events/"+e.id+"/trf", "", "", e.arb)
	if st != 200 {
		t.Fatalf("export: %d %s", st, body)
	}
	return []byte(body)
}

// decide posts the arbiter's decision on a game.
func (e trfEvent) decide(t *testing.T, game, result string, forfeit bool) {
	t.Helper()
	if st, body := call(t, "POST", e.url+"/api/games/"+game+"/result", e.token, DecisionSpec{Result: result, Forfeit: forfeit}, nil); st != 200 {
		t.Fatalf("decision %s %s: %d %s", game, result, st, body)
	}
}

// realTRFFiles are the real files of trf/testdata/real.
func realTRFFiles(t *testing.T) map[string][]byte {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join("..", "trf", "testdata", "real", "*", "*"))
	if len(names) < 20 {
		t.Fatalf("%d real files", len(names))
	}
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = b
	}
	return out
}

// Every real file (UTF-8 and Windows-1252, LF, CR LF and CR, byes as
// Swiss Master and the Irish programs write them, local IDs, TRF26 team
// and scoring records) imports, and the export right after the import is
// the file byte for byte, in its own encoding.
func TestTRF_RealFilesImportAndExportUnchanged(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	for name, data := range realTRFFiles(t) {
		e := newTRFEvent(t, ts.url)
		st, imp, body := e.importFile(t, data, 1, "")
		if st != http.StatusCreated {
			t.Errorf("%s: import: %d %s", name, st, body)
			continue
		}
		if want := map[bool]string{true: "UTF-8", false: "Windows-1252"}[utf8.Valid(data)]; imp.Encoding != want {
			t.Errorf("%s: encoding %s, want %s", name, imp.Encoding, want)
		}
		if got := e.export(t); !bytes.Equal(got, data) {
			t.Errorf("%s: the export right after the import is not the file (%d bytes, the file %d)", name, len(got), len(data))
		}
	}
}

// The round-by-round flow on FIDE's 9-round Swiss exercise: each round's
// file (the real results before it, its pairings) is imported, its games
// are decided in the hall as they really ended (forfeits with
// "forfeit": true), and the export gives each player the real result
// block and points; the standings after the last round equal the
// reference's.
func TestTRF_RoundByRoundReproducesTheTournament(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	e := roundByRound(t, ts, filepath.Join("tbs", "held_swiss_9.trf"))
	var sv Standings
	if st, body := call(t, "GET", ts.url+"/api/events/"+e.id+"/standings?tiebreaks=BH/C1,BH,SB", "", nil, &sv); st != 200 {
		t.Fatalf("standings: %d %s", st, body)
	}
	// The reference (TieBreakServer on the same file): player 6 second
	// with BH/C1 43.5, BH 47.5, SB 31.0; player 3 first on points.
	if len(sv.Rows) != 16 || sv.Rows[0].Start != 3 || sv.Rows[1].Start != 6 || fmt.Sprint(sv.Rows[1].Values) != "[43.5 47.5 31]" {
		t.Errorf("standings: %+v", sv.Rows[:2])
	}
}

// A forfeit decided in the hall: the export writes + and - (and -- for a
// double forfeit), the feed's Result and Termination say it, and a
// forfeit with another result is refused.
func TestTRF_ForfeitsDecidedInTheHall(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		e := newTRFEvent(t, ts.url)
		st, imp, body := e.importFile(t, []byte(readTRF(t, "hall-open-r1.trf")), 1, "")
		if st != http.StatusCreated {
			t.Fatalf("import: %d %s", st, body)
		}
		g1, g2 := imp.Games[0], imp.Games[1]
		if st, _ := call(t, "POST", ts.url+"/api/games/"+g1.ID+"/result", e.token, DecisionSpec{Result: "1/2-1/2", Forfeit: true}, nil); st != http.StatusBadRequest {
			t.Errorf("a drawn forfeit: %d", st)
		}
		e.decide(t, g1.ID, "0-1", true)
		e.decide(t, g2.ID, "0-0", true)
		back, err := trf.Parse(e.export(t))
		if err != nil {
			t.Fatal(err)
		}
		for rank, want := range map[int]string{1: "- 0.0", 4: "+ 1.0", 5: "- 0.0", 2: "- 0.0"} {
			p := back.Player(rank)
			if got := p.Entry(1).Result.String() + " " + p.Points.String(); got != want {
				t.Errorf("player %d: %q, want %q", rank, got, want)
			}
		}
		_, _, feed := raw(t, "GET", ts.url+"/api/events/"+e.id+"/pgn?round=1", "", "", nil)
		games := strings.Split(feed, "[Event ")
		if len(games) != 3 {
			t.Fatalf("feed: %s", feed)
		}
		for i, want := range [][]string{{`[Result "0-1"]`, `[Termination "abandoned"]`, `[TerminationDetail "forfeit"]`},
			{`[Result "*"]`, `[Termination "abandoned"]`, `[TerminationDetail "double-forfeit"]`}} {
			for _, w := range want {
				if !strings.Contains(games[i+1], w) {
					t.Errorf("board %d lacks %s:\n%s", i+1, w, games[i+1])
				}
			}
		}
		// The standings count the forfeits: player 4 won one.
		var sv Standings
		call(t, "GET", ts.url+"/api/events/"+e.id+"/standings?tiebreaks=WIN,WON", "", nil, &sv)
		for _, row := range sv.Rows {
			if row.Start == 4 && (row.Points != 1 || row.Values[0] != 1 || row.Values[1] != 0) {
				t.Errorf("player 4: %+v", row)
			}
		}
	})
}

// A next round's file whose earlier results differ from the hall's is
// refused with the differences (409), and imports with accept=hall (the
// export writes the hall's result) or accept=file (the arbiter's decision
// takes the file's).
func TestTRF_ConflictsShownNotHidden(t *testing.T) {
	forEachBackend(t, func(t *testing.T, dsn string) {
		ts := startServer(t, dsn)
		r2 := []byte(readTRF(t, "hall-open-r2.trf")) // board 1 of round 1: 1-4 1-0
		for _, accept := range []string{"hall", "file"} {
			e := newTRFEvent(t, ts.url)
			_, imp, _ := e.importFile(t, []byte(readTRF(t, "hall-open-r1.trf")), 1, "")
			e.decide(t, imp.Games[0].ID, "0-1", false) // the hall says Lindqvist won
			e.decide(t, imp.Games[1].ID, "1/2-1/2", false)
			st, _, body := e.importFile(t, r2, 2, "")
			if st != http.StatusConflict || !strings.Contains(body, `"hall": "0-1"`) || !strings.Contains(body, `"file": "1-0"`) {
				t.Fatalf("a differing result: %d %s", st, body)
			}
			if g := eventGames(t, ts.url, e.id); len(g) != 2 {
				t.Fatalf("a refused import created games: %d", len(g))
			}
			st, imp2, body := e.importFile(t, r2, 2, "&accept="+accept)
			if st != http.StatusCreated || len(imp2.Conflicts) != 1 || imp2.Conflicts[0].Kept != accept {
				t.Fatalf("accept=%s: %d %s", accept, st, body)
			}
			back, _ := trf.Parse(e.export(t))
			want := map[string]trf.Result{"hall": trf.Loss, "file": trf.Win}[accept]
			if got := back.Player(1).Entry(1).Result; got != want {
				t.Errorf("accept=%s: player 1's round 1 is %s in the export", accept, got)
			}
			if accept == "file" {
				if v := getGame(t, ts.url, imp.Games[0].ID); v.Result != "1-0" {
					t.Errorf("accept=file: the game's result is %s", v.Result)
				}
			}
		}
	})
}

// A Windows-1252 file: read with its names right, titles mapped, an
// error named by line and column, and a NUL character refused the same.
func TestTRF_Windows1252AndTitles(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	data, _ := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", "icu", "latin-1.tab"))
	e := newTRFEvent(t, ts.url)
	st, imp, body := e.importFile(t, data, 1, "")
	if st != http.StatusCreated || imp.Encoding != "Windows-1252" {
		t.Fatalf("import: %d %s", st, body)
	}
	v := eventView(t, ts.url, e.id)
	if v.Name != "Läs Végas National Opeñ" {
		t.Errorf("event name %q", v.Name)
	}
	var found bool
	for _, g := range v.Games {
		for _, p := range []*PlayerView{g.WhitePlayer, g.BlackPlayer} {
			if p != nil && p.Name == "Örr,Mârk" {
				found = p.Title == "IM"
			}
		}
	}
	if !found {
		t.Errorf("Örr with title IM not found: %+v", v.Games)
	}
	bad := bytes.Replace(data, []byte("001    3 m  g"), []byte("001    x m  g"), 1)
	if st, _, body := raw(t, "POST", ts.url+"/api/events/"+e.id+"/trf?round=1", "text/plain", string(bad), e.arb); st != 400 || !strings.Contains(body, "line 5, column 5") {
		t.Errorf("a bad Windows-1252 file: %d %s", st, body)
	}
	nul := bytes.Replace(data, []byte("Bologan"), []byte("Bolo\x00gan"), 1)
	if st, _, body := raw(t, "POST", ts.url+"/api/events/"+e.id+"/trf?round=1", "text/plain", string(nul), e.arb); st != 400 || !strings.Contains(body, "line 5, column 19") {
		t.Errorf("a NUL: %d %s", st, body)
	}
}

// A TRF26 team file: the round's games by match, board 1 of each match
// first, and the team standings' match points.
func TestTRF_Teams(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	data, _ := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", "tbs", "fideteam_nocolor.trf"))
	e := newTRFEvent(t, ts.url)
	st, imp, body := e.importFile(t, data, 1, "")
	if st != http.StatusCreated || len(imp.Matches) != 4 {
		t.Fatalf("import: %d %s", st, body)
	}
	for i, m := range imp.Matches {
		if fmt.Sprint(m.Boards) != fmt.Sprintf("[%d %d]", 2*i+1, 2*i+2) {
			t.Errorf("match %d: boards %v", i, m.Boards)
		}
		g := imp.Games[m.Boards[0]-1]
		if g.WhitePlayer.Rank > g.BlackPlayer.Rank && g.WhitePlayer.Rank%2 == 0 || g.WhitePlayer.Rank%2 == 0 && g.BlackPlayer.Rank%2 == 0 {
			t.Errorf("match %d: board 1 is %d-%d", i, g.WhitePlayer.Rank, g.BlackPlayer.Rank)
		}
	}
	// The event view groups the games by match, for the hall.
	var ev EventView
	call(t, "GET", ts.url+"/api/events/"+e.id, "", nil, &ev)
	if len(ev.Matches) != 4 || len(ev.Matches[0].Games) != 2 || ev.Matches[0].HomeName == "" || ev.Matches[0].Games[0].Game != imp.Games[0].ID || !ev.Matches[0].Games[0].HomeWhite {
		t.Errorf("the event's matches: %+v", ev.Matches)
	}
	var sv Standings
	if st, body := call(t, "GET", ts.url+"/api/events/"+e.id+"/standings", "", nil, &sv); st != 200 || len(sv.Teams) != 9 || sv.Teams[0].Name != "Team 1" || sv.Teams[0].MatchPoints != 14 {
		t.Errorf("team standings: %d %s", st, body)
	}
}

// roundByRound plays a real tournament through the hall round by round:
// each round's file (the real results before it, its pairings, the
// points with its byes) is imported, its games are decided as they
// really ended (forfeits with "forfeit": true), and after each round the
// export gives every player the real block and points.
func roundByRound(t *testing.T, ts *testServer, name string) trfEvent {
	t.Helper()
	final, err := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", name))
	if err != nil {
		t.Fatal(err)
	}
	real, err := trf.Parse(final)
	if err != nil {
		t.Fatal(err)
	}
	e := newTRFEvent(t, ts.url)
	for r := 1; r <= real.PlayedRounds(); r++ {
		// The file the pairing program wrote for round r.
		in, _ := trf.Parse(final)
		for _, p := range in.Players {
			p.Rounds = p.Rounds[:r]
			if p.Rounds[r-1].Opponent != 0 {
				p.Rounds[r-1].Result = trf.NoResult
			}
			p.Points = in.Score(p, r) // the byes of round r are known when it is paired
		}
		var buf bytes.Buffer
		if err := in.Write(&buf); err != nil {
			t.Fatal(err)
		}
		st, imp, body := e.importFile(t, buf.Bytes(), r, "")
		if st != http.StatusCreated || len(imp.Conflicts) != 0 {
			t.Fatalf("round %d: %d %s", r, st, body)
		}
		// The hall decides each game as it ended.
		for _, g := range imp.Games {
			ew := real.Player(g.WhitePlayer.Rank).Entry(r)
			res := map[trf.Result]string{trf.Win: "1-0", trf.Loss: "0-1", trf.Draw: "1/2-1/2", trf.ForfeitWin: "1-0", trf.ForfeitLoss: "0-1"}[ew.Result]
			if ew.Result == trf.ForfeitLoss && real.Player(g.BlackPlayer.Rank).Entry(r).Result == trf.ForfeitLoss {
				res = "0-0"
			}
			e.decide(t, g.ID, res, ew.Result.IsForfeit())
		}
		back, err := trf.Parse(e.export(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range back.Players {
			want := real.Player(p.StartRank)
			if p.Entry(r) != want.Entry(r) || p.Points != real.Score(want, r) {
				t.Errorf("round %d: player %d: %+v %s, the tournament %+v %s", r, p.StartRank, p.Entry(r), p.Points, want.Entry(r), real.Score(want, r))
			}
		}
	}
	// The ranks of the export: the standings' (default tie-breaks) for
	// every player whose last game was decided in the hall.
	var sv Standings
	if st, body := call(t, "GET", ts.url+"/api/events/"+e.id+"/standings", "", nil, &sv); st != 200 {
		t.Fatalf("standings: %d %s", st, body)
	}
	back, err := trf.Parse(e.export(t))
	if err != nil {
		t.Fatal(err)
	}
	last := real.PlayedRounds()
	for _, row := range sv.Rows {
		if p := back.Player(row.Start); p.Entry(last).Opponent != 0 && p.Rank != row.Rank {
			t.Errorf("player %d: rank %d in the export, %d in the standings", row.Start, p.Rank, row.Rank)
		}
	}
	return e
}

// The same flow on bbpPairings' random 60-player, 14-round tournament,
// with its many forfeits.
func TestTRF_RoundByRoundRandomTournament(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	roundByRound(t, ts, filepath.Join("bbp", "issue_7.input"))
}

// pairingListOf writes round r of a tournament as JaVaFo's -p output: the
// number of pairs, each game White first, the pairing-allocated byes as
// "id 0" (forfeits are pairs too: the pairing program paired them).
func pairingListOf(t *testing.T, tn *trf.Tournament, r int) string {
	t.Helper()
	var lines []string
	for _, p := range tn.Players {
		e := p.Entry(r)
		switch {
		case e.Opponent != 0 && (e.Colour == trf.White || (e.Colour == trf.NoColour && p.StartRank < e.Opponent)):
			lines = append(lines, fmt.Sprintf("%d %d", p.StartRank, e.Opponent))
		case e.Opponent == 0 && e.Result == trf.PairingBye:
			lines = append(lines, fmt.Sprintf("%d 0", p.StartRank))
		}
	}
	return fmt.Sprintf("%d\n%s\n", len(lines), strings.Join(lines, "\n"))
}

// The pairing program's own answer: after round 1 from a TRF file, every
// later round of FIDE's 9-round exercise comes as a pairing list; the
// hall's games are the tournament's pairs, and the export after the last
// round gives every paired block of the tournament.
func TestTRF_PairingList(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	final, err := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", "tbs", "held_swiss_9.trf"))
	if err != nil {
		t.Fatal(err)
	}
	real, err := trf.Parse(final)
	if err != nil {
		t.Fatal(err)
	}
	e := newTRFEvent(t, ts.url)

	// A list before any TRF file: refused, nothing created.
	if st, _, body := e.importFile(t, []byte(pairingListOf(t, real, 1)), 1, ""); st != http.StatusBadRequest || !strings.Contains(body, "import a TRF file first") {
		t.Fatalf("a list without players: %d %s", st, body)
	}
	in, _ := trf.Parse(final)
	for _, p := range in.Players {
		p.Rounds = p.Rounds[:1]
		if p.Rounds[0].Opponent != 0 {
			p.Rounds[0].Result = trf.NoResult
		}
		p.Points = in.Score(p, 1)
	}
	var buf bytes.Buffer
	if err := in.Write(&buf); err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= real.PlayedRounds(); r++ {
		data := buf.Bytes()
		if r > 1 {
			data = []byte(pairingListOf(t, real, r))
		}
		st, imp, body := e.importFile(t, data, r, "")
		if st != http.StatusCreated || imp.PairingList != (r > 1) {
			t.Fatalf("round %d: %d %s", r, st, body)
		}
		rd, _ := real.Pairings(r)
		want := map[[2]int]bool{}
		for _, g := range rd.Games {
			want[[2]int{g.White, g.Black}] = true
		}
		paired := len(rd.Games)
		if r > 1 { // the list pairs the forfeits too: they are decided in the hall
			for _, g := range rd.Forfeits {
				want[[2]int{g.White, g.Black}] = true
			}
			paired += len(rd.Forfeits)
		}
		for _, g := range imp.Games {
			if !want[[2]int{g.WhitePlayer.Rank, g.BlackPlayer.Rank}] {
				t.Errorf("round %d: game %d-%d is not the tournament's", r, g.WhitePlayer.Rank, g.BlackPlayer.Rank)
			}
			ew := real.Player(g.WhitePlayer.Rank).Entry(r)
			res := map[trf.Result]string{trf.Win: "1-0", trf.Loss: "0-1", trf.Draw: "1/2-1/2", trf.ForfeitWin: "1-0", trf.ForfeitLoss: "0-1"}[ew.Result]
			if ew.Result == trf.ForfeitLoss && real.Player(g.BlackPlayer.Rank).Entry(r).Result == trf.ForfeitLoss {
				res = "0-0"
			}
			e.decide(t, g.ID, res, ew.Result.IsForfeit())
		}
		if len(imp.Games) != paired {
			t.Errorf("round %d: %d games, the tournament %d", r, len(imp.Games), paired)
		}
	}
	back, err := trf.Parse(e.export(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range back.Players {
		for r := 1; r <= real.PlayedRounds(); r++ {
			want := real.Player(p.StartRank).Entry(r)
			if r > 1 && want.Opponent != 0 && p.Entry(r) != want {
				t.Errorf("round %d: player %d: %+v, the tournament %+v", r, p.StartRank, p.Entry(r), want)
			}
		}
	}

	// Faulty lists: a 400 naming the line and column, nothing created.
	next := real.PlayedRounds() + 1
	for list, want := range map[string]string{
		"2\n1 2\n":             "line 1, column 1: the first line says 2 pairs, the list has 1",
		"1\n1 x2\n":            "line 2, column 3: unexpected character 'x'",
		"2\n1 2\n3 1\n":        "line 3, column 3: player 1 is paired twice (line 2 too)",
		"1\n0 4\n":             "line 2, column 1: White's number is 0",
		"1\n5 5\n":             "line 2, column 3: player 5 is paired with himself",
		"1\n1 2 3\n":           "line 2, column 5: a pair is two pairing numbers",
		"1\n1 99\n":            "player 99 is not in the event's TRF file",
		"1\r\n  12345 1\r\n":   "line 2, column 3: White's",
		"1\n1 2\n":             "", // fine, but round 1 is in the file
		"\n\n3 1\n4 2\n1\n2\n": "line 3, column 3: the first line must be the number of pairs alone",
	} {
		round := next
		if want == "" {
			round, want = 1, "round 1 is already in the event's TRF file"
		}
		st, _, body := e.importFile(t, []byte(list), round, "")
		if st == http.StatusConflict && round == 1 {
			continue // the round's games came first: also refused
		}
		if st != http.StatusBadRequest || !strings.Contains(body, want) {
			t.Errorf("%q: %d %s, want 400 with %q", list, st, body, want)
		}
	}
	if v := eventView(t, ts.url, e.id); len(v.Games) != 0 && v.Games[len(v.Games)-1].Round > real.PlayedRounds() {
		t.Errorf("a faulty list made games")
	}
}

// A file without the number of rounds (an ICU file: no 142, no XXR) gets
// it from rounds=N as XXR; a file that states another number is refused.
func TestTRF_RoundsWrittenAsXXR(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	data, err := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", "icu", "bunratty_minor_2011.tab"))
	if err != nil {
		t.Fatal(err)
	}
	if tn, err := trf.Parse(data); err != nil || tn.TotalRounds() != 0 {
		t.Fatalf("the file states %d rounds (%v)", tn.TotalRounds(), err)
	}
	e := newTRFEvent(t, ts.url)
	if st, _, body := e.importFile(t, data, 1, "&rounds=0"); st != http.StatusBadRequest || !strings.Contains(body, "rounds must be") {
		t.Errorf("rounds=0: %d %s", st, body)
	}
	st, imp, body := e.importFile(t, data, 1, "&rounds=6")
	if st != http.StatusCreated || imp.Rounds != 6 {
		t.Fatalf("import: %d %s", st, body)
	}
	back := e.export(t)
	if tn, err := trf.Parse(back); err != nil || tn.TotalRounds() != 6 || !bytes.HasPrefix(back, data) || !bytes.HasSuffix(back, []byte("XXR 6\r\n")) && !bytes.HasSuffix(back, []byte("XXR 6\n")) {
		t.Errorf("the export: %v, %q", err, back[max(0, len(back)-40):])
	}
	e2 := newTRFEvent(t, ts.url)
	withXXR := append(append([]byte(nil), data...), "XXR 5\r\n"...)
	if st, _, body := e2.importFile(t, withXXR, 1, "&rounds=6"); st != http.StatusBadRequest || !strings.Contains(body, "the file says 5 rounds") {
		t.Errorf("rounds=6 for a file of 5: %d %s", st, body)
	}
}

// A points column that disagrees with the blocks: the answer names each
// player and both figures; points=file (the default) keeps the file as
// it is, points=blocks writes what the blocks score.
func TestTRF_PointsDisagreeWithBlocks(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	final, err := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", "tbs", "held_swiss_9.trf"))
	if err != nil {
		t.Fatal(err)
	}
	tn, _ := trf.Parse(final)
	p := tn.Player(3)
	blocks := tn.Score(p, len(p.Rounds))
	p.Points = blocks - 10
	var buf bytes.Buffer
	if err := tn.Write(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	for _, q := range []string{"", "&points=file", "&points=blocks"} {
		e := newTRFEvent(t, ts.url)
		st, imp, body := e.importFile(t, data, tn.PlayedRounds(), q)
		if st != http.StatusCreated {
			t.Fatalf("%q: %d %s", q, st, body)
		}
		kept := map[string]string{"": "file", "&points=file": "file", "&points=blocks": "blocks"}[q]
		if len(imp.Points) != 1 || imp.Points[0].Player != 3 || imp.Points[0].Name != p.Name || imp.Points[0].File != (blocks-10).String() || imp.Points[0].Blocks != blocks.String() || imp.PointsKept != kept {
			t.Errorf("%q: points %+v kept %q", q, imp.Points, imp.PointsKept)
		}
		back, _ := trf.Parse(e.export(t))
		want := map[string]trf.Points{"file": blocks - 10, "blocks": blocks}[kept]
		if got := back.Player(3).Points; got != want {
			t.Errorf("%q: the export's points %s, want %s", q, got, want)
		}
	}
	e := newTRFEvent(t, ts.url)
	if st, _, body := e.importFile(t, data, 1, "&points=both"); st != http.StatusBadRequest {
		t.Errorf("points=both: %d %s", st, body)
	}
}

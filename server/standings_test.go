package server

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// The standings route: 404 for an event without a TRF file, 400 for an
// unknown tie-break or system, and under a broadcast delay an anonymous
// reader gets the standings of the results he may see, the arbiter the
// live ones.
func TestStandings_RouteAndDelay(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	var ev CreatedEvent
	if st, body := call(t, "POST", ts.url+"/api/events", "", EventSpec{Name: "Delayed open", Delay: 3600}, &ev); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, body)
	}
	e := trfEvent{url: ts.url, id: ev.ID, arb: map[string]string{"Authorization": "Bearer " + ev.ArbiterToken}, token: ev.ArbiterToken}
	url := ts.url + "/api/events/" + e.id + "/standings"
	if st, _ := call(t, "GET", url, "", nil, nil); st != http.StatusNotFound {
		t.Errorf("no TRF file: %d", st)
	}
	st, imp, body := e.importFile(t, []byte(readTRF(t, "hall-open-r1.trf")), 1, "")
	if st != http.StatusCreated {
		t.Fatalf("import: %d %s", st, body)
	}
	for _, q := range []string{"?tiebreaks=XYZ", "?tiebreaks=BH/Q1", "?system=knockout", "?rounds=x"} {
		if st, body := call(t, "GET", url+q, "", nil, nil); st != http.StatusBadRequest || !strings.Contains(string(body), "error") {
			t.Errorf("%s: %d %s", q, st, body)
		}
	}
	e.decide(t, imp.Games[0].ID, "1-0", false) // Petrov beats Lindqvist
	points := func(token string) float64 {
		var sv Standings
		if st, body := call(t, "GET", url+"?tiebreaks=BH,SB", token, nil, &sv); st != 200 {
			t.Fatalf("standings: %d %s", st, body)
		}
		for _, r := range sv.Rows {
			if r.Start == 1 {
				return r.Points
			}
		}
		t.Fatal("no player 1")
		return 0
	}
	if p := points(e.token); p != 1 {
		t.Errorf("the arbiter sees %v points for player 1", p)
	}
	if p := points(""); p != 0 {
		t.Errorf("an anonymous reader sees %v points for player 1 under an hour's delay", p)
	}
}

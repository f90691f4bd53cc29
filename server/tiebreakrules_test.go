package server

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The version of C.07 an event's standings apply (C.07 as amended from 1
// March 2026, 16.4.1 and 16.4.2): an event whose TRF says it started
// before 1 March 2026 gets the 2024 rules, one starting after it the
// 2026 rules; the arbiter may choose either (PUT .../tiebreak-rules, or
// at creation), and a reader may ask for the other (?rules=). On FIDE's
// 9-round exercise (player 6 has an unplayed round), Buchholz Cut-1 and
// Buchholz of player 6 are TieBreakServer's under each version: 43.5 and
// 47.5 (2024), 42 and 46 (2026).
func TestStandings_TiebreakRulesInForce(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "arbiter.db"))
	file, err := os.ReadFile(filepath.Join("..", "trf", "testdata", "real", "tbs", "held_swiss_9.trf"))
	if err != nil {
		t.Fatal(err)
	}
	standingsOf := func(e trfEvent, query string) Standings {
		t.Helper()
		var sv Standings
		if st, body := call(t, "GET", ts.url+"/api/events/"+e.id+"/standings?tiebreaks=BH/C1,BH"+query, "", nil, &sv); st != http.StatusOK {
			t.Fatalf("standings: %d %s", st, body)
		}
		return sv
	}
	player6 := func(sv Standings) string {
		for _, r := range sv.Rows {
			if r.Start == 6 {
				return fmt.Sprint(sv.Rules, " ", r.Values)
			}
		}
		return "no player 6"
	}
	const v2024, v2026 = "2024 [43.5 47.5]", "2026 [42 46]"

	before := newTRFEvent(t, ts.url)
	if st, _, body := before.importFile(t, file, 1, ""); st != http.StatusCreated {
		t.Fatalf("import: %d %s", st, body)
	}
	if got := player6(standingsOf(before, "")); got != v2024 {
		t.Errorf("an event of 2024-08-01: %s, want %s", got, v2024)
	}
	if got := player6(standingsOf(before, "&rules=2026")); got != v2026 {
		t.Errorf("?rules=2026: %s, want %s", got, v2026)
	}

	after := newTRFEvent(t, ts.url)
	dated := strings.Replace(string(file), "042 2024-08-01", "042 2026/04/10", 1)
	if st, _, body := after.importFile(t, []byte(dated), 1, ""); st != http.StatusCreated {
		t.Fatalf("import: %d %s", st, body)
	}
	if got := player6(standingsOf(after, "")); got != v2026 {
		t.Errorf("an event of 2026/04/10: %s, want %s", got, v2026)
	}
	// The arbiter chooses the 2024 rules for it; the choice stays through
	// a new import of the file.
	var ans map[string]string
	if st, body := call(t, "PUT", ts.url+"/api/events/"+after.id+"/tiebreak-rules", after.token, map[string]string{"rules": "2024"}, &ans); st != http.StatusOK || ans["rules"] != "2024" {
		t.Fatalf("PUT 2024: %d %s", st, body)
	}
	if got := player6(standingsOf(after, "")); got != v2024 {
		t.Errorf("chosen 2024: %s, want %s", got, v2024)
	}
	if st, _, body := after.importFile(t, []byte(dated), 2, "&accept=file"); st != http.StatusCreated {
		t.Fatalf("import round 2: %d %s", st, body)
	}
	if got := player6(standingsOf(after, "")); got != v2024 {
		t.Errorf("chosen 2024, after another import: %s, want %s", got, v2024)
	}
	if st, body := call(t, "PUT", ts.url+"/api/events/"+after.id+"/tiebreak-rules", after.token, map[string]string{"rules": ""}, &ans); st != http.StatusOK || ans["rules"] != "2026" || ans["chosen"] != "" {
		t.Errorf("PUT none: %d %s", st, body)
	}
	// Refused: another version, no token, a query of another version.
	if st, _, body := raw(t, "PUT", ts.url+"/api/events/"+after.id+"/tiebreak-rules", "application/json", `{"rules":"2025"}`, after.arb); st != http.StatusBadRequest || !strings.Contains(body, `"msg": "server.tiebreak-rules"`) || !strings.Contains(body, `not \"2025\"`) {
		t.Errorf("PUT 2025: %d %s", st, body)
	}
	if st, _ := call(t, "PUT", ts.url+"/api/events/"+after.id+"/tiebreak-rules", "", map[string]string{"rules": "2024"}, nil); st != http.StatusUnauthorized {
		t.Errorf("PUT without the arbiter's token: %d", st)
	}
	if st, _ := call(t, "GET", ts.url+"/api/events/"+after.id+"/standings?rules=1999", "", nil, nil); st != http.StatusBadRequest {
		t.Errorf("?rules=1999: %d", st)
	}
	// At creation.
	var ev CreatedEvent
	if st, body := call(t, "POST", ts.url+"/api/events", "", map[string]any{"name": "Open", "tiebreak_rules": "2027"}, &ev); st != http.StatusBadRequest {
		t.Errorf("creating with 2027: %d %s", st, body)
	}
}

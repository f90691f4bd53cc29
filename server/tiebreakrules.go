package server

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/standings"
)

// The version of FIDE's Tie-Break Regulations (C.07) an event's standings
// apply: the 2024 text, or the amendment approved on 2 February 2026 and
// applied from 1 March 2026 (an unplayed round counts in Buchholz and the
// tie-breaks built on it at most the absent opponent's score, 16.4.1, or
// a draw per round without an opponent, 16.4.2). An event starting before
// 1 March 2026 keeps the 2024 rules, one starting on or after it gets the
// 2026 rules; the arbiter may choose either for his event.

// rulesNames are the versions by the names the API and the pages use.
var rulesNames = map[string]standings.Rules{"2024": standings.Rules2024, "2026": standings.Rules2026}

// rulesName is the name of a version ("2024", "2026").
func rulesName(r standings.Rules) string {
	if r == standings.Rules2026 {
		return "2026"
	}
	return "2024"
}

// parseRules reads a version by its name; "" is none chosen.
func parseRules(s string) (standings.Rules, bool, error) {
	if s == "" {
		return 0, false, nil
	}
	r, ok := rulesNames[s]
	if !ok {
		return 0, false, apiMsg(http.StatusBadRequest, "server.tiebreak-rules", "Got", strconv.Quote(s))
	}
	return r, true, nil
}

// eventRules is the version an event's standings apply: the arbiter's
// choice, else the one in force on the event's first day (its TRF file's
// 042, as YYYY/MM/DD), else on the day the event was created.
func eventRules(ev store.Event) standings.Rules {
	if r, ok, err := parseRules(ev.Info.TiebreakRules); err == nil && ok {
		return r
	}
	if d, ok := startDate(ev.Info.StartDate); ok {
		return standings.RulesFor(d)
	}
	return standings.RulesFor(ev.Created)
}

// startDate reads a TRF's 042 date: YYYY/MM/DD as the format gives it,
// or with - or . between the parts (as some programs write it).
func startDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 10 {
		return time.Time{}, false
	}
	d, err := time.Parse("2006-01-02", strings.NewReplacer("/", "-", ".", "-").Replace(s[:10]))
	return d, err == nil
}

// putTiebreakRules serves PUT /api/events/{event}/tiebreak-rules (the
// arbiter's token): the version of C.07 the event's standings apply. The
// answer says the version chosen ("" for none) and the one applied.
func (s *Server) putTiebreakRules(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	var spec TiebreakRulesSpec
	if err := readJSON(w, r, &spec); err != nil {
		writeErr(w, err)
		return
	}
	if _, _, err := parseRules(spec.Rules); err != nil {
		writeErr(w, err)
		return
	}
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	ev.Info.TiebreakRules = spec.Rules
	if err := s.store.SetInfo(ctx, id, ev.Info); err != nil {
		writeErr(w, err)
		return
	}
	s.log.Info("tie-break rules set", "event", id, "rules", spec.Rules)
	writeJSON(w, http.StatusOK, map[string]string{"event": id, "chosen": spec.Rules, "rules": rulesName(eventRules(ev))})
}

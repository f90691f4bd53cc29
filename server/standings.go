package server

import (
	"net/http"
	"strconv"

	"github.com/arbiterchess/arbiter/standings"
	"github.com/arbiterchess/arbiter/trf"
)

// getStandings serves GET /api/events/{event}/standings (anyone; under a
// broadcast delay, as the request's token lets it read the games):
// tiebreaks=BH/C1,BH,SB (C.07's names; default the event's own, else the file's 212/202
// record, else BH/C1,BH,SB,DE,WIN for a Swiss and DE,WIN,SB,KS for a
// round robin), system=swiss|round-robin (default the event's setting,
// else the file's 092), rounds=N (default the last round with a result),
// unrated=R (the rating unrated players count with in ARO, TPR and PTP),
// rules=2024|2026 (the version of C.07; default the event's, eventRules).
func (s *Server) getStandings(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	q := r.URL.Query()
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	if ev.TRF == "" {
		writeErr(w, apiMsg(http.StatusNotFound, "server.standings-no-trf", "Event", id))
		return
	}
	lag, err := s.readerDelay(ctx, r, id, nil)
	if err != nil {
		writeErr(w, err)
		return
	}
	t, _, err := s.withHall(ctx, ev, lag)
	if err != nil {
		writeErr(w, err)
		return
	}
	sys := standings.System(ev.Info.System)
	if v := q.Get("system"); v != "" {
		if sys, err = standings.ParseSystem(v); err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
	}
	if sys == "" {
		sys = standings.SystemOf(t)
	}
	if sys == "" {
		sys = standings.Swiss
	}
	o := standings.Options{System: sys, Rules: eventRules(ev)}
	if rules, ok, err := parseRules(q.Get("rules")); err != nil {
		writeErr(w, err)
		return
	} else if ok {
		o.Rules = rules
	}
	if v := q.Get("tiebreaks"); v != "" {
		if o.Tiebreaks, err = standings.ParseTiebreaks(v); err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
	} else {
		o.Tiebreaks = eventTiebreaks(ev.Info, t, sys)
	}
	for _, p := range []struct {
		name string
		to   *int
		max  int
	}{{"rounds", &o.Rounds, 99}, {"unrated", &o.Unrated, 3500}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > p.max {
				writeErr(w, apiMsg(http.StatusBadRequest, "server.param-range", "Name", p.name, "Min", 0, "Max", p.max, "Got", strconv.Quote(v)))
				return
			}
			*p.to = n
		}
	}
	tab, err := standings.Compute(t, o)
	if err != nil {
		writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
		return
	}
	out := Standings{Event: id, System: string(tab.System), Rounds: tab.Rounds, Tiebreaks: tab.Tiebreaks, Rules: rulesName(o.Rules), Rows: []StandingsRow{}}
	for _, row := range tab.Rows {
		p := t.Player(row.Start)
		out.Rows = append(out.Rows, StandingsRow{Rank: row.Rank, Start: row.Start, Name: p.Name, Title: trf.StandardTitle(p.Title),
			Rating: p.Rating, Federation: p.Federation, Points: row.Points, Values: row.Values})
	}
	if teams, err := t.Teams(); err == nil && len(teams) > 0 {
		out.Teams = standings.Teams(t, teams, tab.Rounds)
	}
	writeJSON(w, http.StatusOK, out)
}

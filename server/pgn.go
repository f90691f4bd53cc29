package server

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/server/store"
)

// pgnGame builds the PGN of g: the Seven Tag Roster from the event and the
// players, the moves as they stand, and the arbiter's rulings (violations,
// illegal moves, claims, results, decisions) as comments on the moves they
// concern (package scoresheet). The caller holds g.mu.
func (g *live) pgnGame(ev store.Event) *pgn.Game {
	m := g.meta
	gm := g.eng.Game()
	result, reason := g.result()
	p := &pgn.Game{Result: result}
	site := ev.Site
	if site == "" {
		site = "?"
	}
	p.SetTag("Event", ev.Name)
	p.SetTag("Site", site)
	p.SetTag("Date", m.Created.Format("2006.01.02"))
	p.SetTag("Round", strconv.Itoa(m.Round))
	p.SetTag("White", m.White)
	p.SetTag("Black", m.Black)
	p.SetTag("Result", result)
	p.SetTag("Board", strconv.Itoa(m.Board))
	if m.Start.FEN != "" || m.Start.Chess960 {
		p.SetTag("SetUp", "1")
		p.SetTag("FEN", gm.Start().FEN())
	}
	if m.Start.Chess960 {
		p.SetTag("Variant", "Chess960")
	}
	if c := m.Start.Clock; c != nil {
		p.SetTag("TimeControl", scoresheet.TimeControl(c))
	}
	rules := m.Start.Rules
	if rules == "" {
		rules = "fide"
	}
	p.SetTag("Rules", rules)
	p.SetTag("Termination", scoresheet.Termination(reason))
	if reason != "" {
		p.SetTag("TerminationDetail", reason)
	}
	p.SetTag("Annotator", "arbiter")
	p.SetTag("GameId", m.ID)

	for _, s := range gm.SANs() {
		p.Moves = append(p.Moves, &pgn.Move{SAN: s})
	}
	sheet := scoresheet.New(gm.Start())
	for _, r := range g.log {
		sheet.Add(r.Action, r.Rulings, r.ply)
	}
	sheet.Annotate(p)
	return p
}

func (s *Server) gamePGN(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("game")
	g, err := s.game(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	eventID := g.meta.Event
	g.mu.Unlock()
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		writeErr(w, err)
		return
	}
	var pg *pgn.Game
	err = s.readGame(ctx, id, func(g *live) { pg = g.pgnGame(ev) })
	var buf bytes.Buffer
	if err == nil {
		err = pgn.NewWriter(&buf).Write(pg)
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	writePGN(w, buf.Bytes())
}

func (s *Server) eventPGN(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	round, err := roundParam(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	id := r.PathValue("event")
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	_, lives, err := s.eventView(ctx, id, round)
	if err != nil {
		writeErr(w, err)
		return
	}
	var buf bytes.Buffer
	pw := pgn.NewWriter(&buf)
	for _, g := range lives {
		g.mu.Lock()
		pg := g.pgnGame(ev)
		g.mu.Unlock()
		if err := pw.Write(pg); err != nil {
			writeErr(w, err)
			return
		}
	}
	writePGN(w, buf.Bytes())
}

func writePGN(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

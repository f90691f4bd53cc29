package server

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/trf"
)

// TRFImport is the answer to a TRF import: the round's games with their
// board tokens (as at event creation), and the pairings that make no game.
type TRFImport struct {
	Event    string        `json:"event"`
	Round    int           `json:"round"`
	Players  int           `json:"players"`
	Games    []CreatedGame `json:"games"`
	Byes     []int         `json:"byes"`     // starting ranks of the players without a game
	Forfeits [][2]int      `json:"forfeits"` // White and Black of the pairings decided by forfeit
}

// importTRF serves POST /api/events/{event}/trf?round=N (the arbiter's
// token; the body a FIDE Tournament Report File): the players are created
// or updated from the 001 lines, the event from the header (012 name, 022
// city, 042/052 dates, 122 or 222 time control), and the games of round N
// from its pairings, in the pairing programs' board order (package trf).
// A malformed file gets 400 naming the line and column, and nothing is
// created.
func (s *Server) importTRF(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	round, err := roundParam(r)
	if err != nil || round == 0 {
		writeErr(w, apiErr(http.StatusBadRequest, "round=N is required: the round whose pairings make the games"))
		return
	}
	body, err := readBody(w, r)
	if err != nil {
		writeErr(w, err)
		return
	}
	t, err := trf.Parse(body)
	if err != nil {
		var te *trf.Error
		if errors.As(err, &te) {
			writeErr(w, apiErr(http.StatusBadRequest, "TRF line %d, column %d: %s", te.Line, te.Col, te.Msg))
			return
		}
		writeErr(w, apiErr(http.StatusBadRequest, "TRF: %v", err))
		return
	}
	pairs, err := t.Pairings(round)
	if err != nil {
		var te *trf.Error
		if errors.As(err, &te) && te.Line > 0 {
			writeErr(w, apiErr(http.StatusBadRequest, "TRF line %d, column %d: %s", te.Line, te.Col, te.Msg))
			return
		}
		writeErr(w, apiErr(http.StatusBadRequest, "TRF round %d: %v", round, err))
		return
	}
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	existing, err := s.store.Games(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	for _, g := range existing {
		if g.Round == round {
			writeErr(w, apiErr(http.StatusConflict, "round %d already has games: a round is imported once", round))
			return
		}
	}
	// The event from the header.
	if t.Name != "" {
		ev.Name = t.Name
	}
	if t.City != "" {
		ev.Site = t.City
	}
	ev.Info = store.EventInfo{City: t.City, Federation: t.Federation, StartDate: t.StartDate, EndDate: t.EndDate,
		TimeControl: t.TimeControl, Arbiter: t.ChiefArbiter}
	if tc := t.TimeControlCode; tc != "" {
		if ev.Info.TimeControl == "" {
			ev.Info.TimeControl = tc
		}
		if c, err := scoresheet.ParseTimeControl(tc); err == nil {
			if ev.Start == nil {
				ev.Start = &protocol.Start{}
			}
			if ev.Start.Clock == nil {
				ev.Start.Clock = c
			}
		}
	}
	ev.TRF = string(body)
	for _, f := range []struct{ name, v string }{{"name", ev.Name}, {"site", ev.Site}} {
		if err := textField(f.name, f.v); err != nil {
			writeErr(w, err)
			return
		}
	}
	players := make([]store.Player, 0, len(t.Players))
	byRank := map[int]store.Player{}
	for _, p := range t.Players {
		sp := store.Player{Rank: p.StartRank, Name: p.Name, Title: p.Title, Rating: p.Rating, Federation: p.Federation, Sex: p.Sex, Birth: p.BirthDate}
		if p.FIDEID != 0 {
			sp.FIDEID = strconv.FormatInt(p.FIDEID, 10)
		}
		players = append(players, sp)
		byRank[sp.Rank] = sp
	}
	specs := make([]GameSpec, 0, len(pairs.Games))
	for _, g := range pairs.Games {
		specs = append(specs, GameSpec{Round: round, Board: g.Board, White: byRank[g.White].Name, Black: byRank[g.Black].Name})
	}
	games, tokens, err := s.newGames(id, ev.Start, specs, map[int]int{})
	if err != nil {
		writeErr(w, err)
		return
	}
	for i, g := range pairs.Games {
		games[i].WhiteRank, games[i].BlackRank = g.White, g.Black
	}
	if err := s.store.ImportPlayers(ctx, ev, players, games); err != nil {
		writeErr(w, err)
		return
	}
	s.forgetEvent(id)
	cg, err := s.created(ctx, games, tokens)
	if err != nil {
		writeErr(w, err)
		return
	}
	out := TRFImport{Event: id, Round: round, Players: len(players), Games: cg, Byes: []int{}, Forfeits: [][2]int{}}
	for _, b := range pairs.Byes {
		out.Byes = append(out.Byes, b.Player)
	}
	for _, f := range pairs.Forfeits {
		out.Forfeits = append(out.Forfeits, [2]int{f.White, f.Black})
	}
	s.log.Info("TRF imported", "event", id, "round", round, "players", len(players), "games", len(games))
	writeJSON(w, http.StatusCreated, out)
}

// forgetEvent drops what the server keeps of an event's players and games
// in memory (the feed's list, loaded games): they are read again.
func (s *Server) forgetEvent(id string) {
	s.forgetList(id)
	s.forgetRoster(id)
	s.mu.Lock()
	defer s.mu.Unlock()
	for gid, g := range s.games {
		if g.mu.TryLock() {
			if g.meta.Event == id {
				delete(s.games, gid)
			}
			g.mu.Unlock()
		}
	}
}

// exportTRF serves GET /api/events/{event}/trf (the arbiter's token: the
// file holds birth dates): the last TRF file imported, with the results
// of the games finished since written into it (1-0, 0-1, 1/2-1/2; the
// file's own forfeits and byes kept), points and ranks recomputed, so
// that the pairing program can pair the next round from it.
func (s *Server) exportTRF(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	if ev.TRF == "" {
		writeErr(w, apiErr(http.StatusNotFound, "event %s has no TRF file: import one first (POST /api/events/%s/trf?round=1)", id, id))
		return
	}
	t, err := trf.Parse([]byte(ev.TRF))
	if err != nil {
		writeErr(w, fmt.Errorf("the stored TRF file: %w", err))
		return
	}
	metas, err := s.store.Games(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	for _, m := range metas {
		if m.WhiteRank == 0 || m.BlackRank == 0 {
			continue
		}
		g, err := s.game(ctx, m.ID)
		if err != nil {
			writeErr(w, err)
			return
		}
		g.mu.Lock()
		result, _ := g.result()
		g.mu.Unlock()
		o, ok := map[string]trf.Outcome{"1-0": trf.WhiteWins, "0-1": trf.BlackWins, "1/2-1/2": trf.Drawn}[result]
		if !ok {
			continue // still going on
		}
		if err := t.SetResult(m.Round, m.WhiteRank, m.BlackRank, o); err != nil {
			s.log.Warn("TRF export: a game's result does not fit the file", "game", m.ID, "err", err)
		}
	}
	t.UpdateStandings()
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		writeErr(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.trf"`, id, time.Now().UTC().Format("20060102")))
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

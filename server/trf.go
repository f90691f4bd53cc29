package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/standings"
	"github.com/arbiterchess/arbiter/trf"
)

// trfError turns a *trf.Error into a 400 naming the line and column.
func trfError(err error, round int) error {
	var te *trf.Error
	switch {
	case errors.As(err, &te) && te.Line > 0 && te.Col > 0:
		return apiMsg(http.StatusBadRequest, "server.trf-line-col", "Line", te.Line, "Col", te.Col, "Err", te.Msg)
	case errors.As(err, &te) && te.Line > 0:
		return apiMsg(http.StatusBadRequest, "server.trf-line", "Line", te.Line, "Err", te.Msg)
	case round > 0:
		return apiErr(http.StatusBadRequest, "TRF round %d: %v", round, err)
	}
	return apiErr(http.StatusBadRequest, "TRF: %v", err)
}

// readTRFBody reads a TRF file posted as it is: within maxBody, in any
// encoding (a file that is not UTF-8 is read as Windows-1252), without
// NUL characters (400 naming the line and column of the first).
func readTRFBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBody)); err != nil {
		return nil, bodyError(err)
	}
	b := buf.Bytes()
	if i := bytes.IndexByte(b, 0); i >= 0 {
		line := 1 + bytes.Count(b[:i], []byte("\n")) + bytes.Count(b[:i], []byte("\r")) - bytes.Count(b[:i], []byte("\r\n"))
		start := max(bytes.LastIndexAny(b[:i], "\r\n")+1, 0)
		col := i - start + 1
		if utf8.Valid(b[:i]) {
			col = utf8.RuneCount(b[start:i]) + 1
		}
		return nil, apiMsg(http.StatusBadRequest, "server.trf-nul", "Line", line, "Col", col)
	}
	return b, nil
}

// storedTRF returns the event's last TRF file in its own encoding.
func storedTRF(ev store.Event) ([]byte, error) {
	if ev.Info.TRFEncoding == trf.Windows1252 {
		return trf.EncodeWindows1252(ev.TRF)
	}
	return []byte(ev.TRF), nil
}

// hallGame is a game of the hall between two players of the event's list,
// with its result in force.
type hallGame struct {
	id           string
	round, board int
	white, black int // starting ranks
	result       string
	forfeit      bool
	outcome      trf.Outcome
	decided      bool // the result is not "*"
}

// hallGames returns the event's games paired from its player list, with
// their results as a reader lag ago sees them (0: live).
func (s *Server) hallGames(ctx context.Context, id string, lag time.Duration) ([]hallGame, error) {
	v, _, err := s.eventView(ctx, id, 0, lag)
	if err != nil {
		return nil, err
	}
	var out []hallGame
	for _, g := range v.Games {
		if g.WhitePlayer == nil || g.BlackPlayer == nil {
			continue
		}
		h := hallGame{id: g.ID, round: g.Round, board: g.Board, white: g.WhitePlayer.Rank, black: g.BlackPlayer.Rank, result: g.Result}
		if g.Decision != nil {
			h.forfeit = g.Decision.Forfeit
		}
		h.outcome, h.decided = hallOutcome(h.result, h.forfeit)
		out = append(out, h)
	}
	return out, nil
}

// hallOutcome maps a result in force to the TRF codes of the pairing: a
// game's 1-0, 0-1, 1/2-1/2, and the forfeits' 1-0, 0-1 and 0-0 as + and
// -. decided is false for "*".
func hallOutcome(result string, forfeit bool) (o trf.Outcome, decided bool) {
	switch {
	case forfeit && result == "1-0":
		return trf.WhiteWinsForfeit, true
	case forfeit && result == "0-1":
		return trf.BlackWinsForfeit, true
	case forfeit && result == "0-0":
		return trf.DoubleForfeit, true
	case result == "1-0":
		return trf.WhiteWins, true
	case result == "0-1":
		return trf.BlackWins, true
	case result == "1/2-1/2":
		return trf.Drawn, true
	}
	return trf.Pending, false
}

// fileOutcome returns the file's codes for the hall's pairing h, and
// false when the file does not pair those players in that round with
// those colours.
func fileOutcome(t *trf.Tournament, h hallGame) (trf.Outcome, bool) {
	pw, pb := t.Player(h.white), t.Player(h.black)
	if pw == nil || pb == nil {
		return trf.Outcome{}, false
	}
	ew, eb := pw.Entry(h.round), pb.Entry(h.round)
	if ew.Opponent != h.black || eb.Opponent != h.white || ew.Colour == trf.Black || eb.Colour == trf.White {
		return trf.Outcome{}, false
	}
	return trf.Outcome{White: ew.Result, Black: eb.Result}, true
}

// sameOutcome compares the hall's outcome with the file's codes: the
// unrated codes of a game of less than one move (W D L) are the same
// result as 1 = 0.
func sameOutcome(hall, file trf.Outcome) bool {
	rated := map[trf.Result]trf.Result{trf.UnratedWin: trf.Win, trf.UnratedDraw: trf.Draw, trf.UnratedLoss: trf.Loss}
	norm := func(r trf.Result) trf.Result {
		if x, ok := rated[r]; ok {
			return x
		}
		return r
	}
	return norm(hall.White) == norm(file.White) && norm(hall.Black) == norm(file.Black)
}

// decisionOf is the arbiter's decision that gives a pairing the file's
// outcome o.
func decisionOf(o trf.Outcome, round int) (store.Decision, bool) {
	d := store.Decision{Reason: "the result of the TRF file of round " + strconv.Itoa(round) + ", accepted by the arbiter", Forfeit: o.IsForfeit()}
	win := func(r trf.Result) bool { return r == trf.Win || r == trf.UnratedWin || r == trf.ForfeitWin }
	lose := func(r trf.Result) bool { return r == trf.Loss || r == trf.UnratedLoss || r == trf.ForfeitLoss }
	switch {
	case win(o.White) && lose(o.Black):
		d.Result = "1-0"
	case lose(o.White) && win(o.Black):
		d.Result = "0-1"
	case o.White == trf.ForfeitLoss && o.Black == trf.ForfeitLoss:
		d.Result = "0-0"
	case !o.IsForfeit() && (o.White == trf.Draw || o.White == trf.UnratedDraw) && (o.Black == trf.Draw || o.Black == trf.UnratedDraw):
		d.Result = "1/2-1/2"
	default:
		return d, false // no result, or one the hall cannot record (0-0 played)
	}
	return d, true
}

// importTRF serves POST /api/events/{event}/trf?round=N (the arbiter's
// token; the body a FIDE Tournament Report File, UTF-8 or not): the
// players are created or updated from the 001 lines, the event from the
// header (012 name, 022 city, 042/052 dates, 122 or 222 time control),
// and the games of round N from its pairings, in the pairing programs'
// board order (package trf), by match in a team event. A malformed file
// gets 400 naming the line and column, and nothing is created.
//
// The file's results of the earlier rounds are compared with the hall's
// results in force (games still going on have none): where they differ,
// the answer is 409 listing each difference, and
// nothing is created, unless accept=file (the arbiter's decision takes
// the file's result) or accept=hall (the hall's results stand, and the
// export writes them) says which side to keep. system=swiss or
// system=round-robin sets how the standings count unplayed rounds.
//
// The body may also be a pairing list as JaVaFo and bbpPairings write it
// (-p): round N's pairs by the players' numbers, written into the event's
// earlier TRF file with the hall's results. rounds=N writes the number of
// rounds as XXR into a file that states none. Players whose points
// column disagrees with their round blocks are listed in the answer;
// points=file (the default) keeps the column, points=blocks rewrites it.
func (s *Server) importTRF(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	round, err := roundParam(r)
	if err != nil || round == 0 {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.trf-round-required"))
		return
	}
	accept := r.URL.Query().Get("accept")
	if accept != "" && accept != "file" && accept != "hall" {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.trf-accept", "Got", strconv.Quote(accept)))
		return
	}
	var system standings.System
	if q := r.URL.Query().Get("system"); q != "" {
		if system, err = standings.ParseSystem(q); err != nil {
			writeErr(w, apiErr(http.StatusBadRequest, "%v", err))
			return
		}
	}
	rounds := 0
	if q := r.URL.Query().Get("rounds"); q != "" {
		if rounds, err = strconv.Atoi(q); err != nil || rounds < 1 || rounds > 99 {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.trf-rounds", "Got", strconv.Quote(q)))
			return
		}
	}
	keepPoints := r.URL.Query().Get("points")
	if keepPoints != "" && keepPoints != "file" && keepPoints != "blocks" {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.trf-points", "Got", strconv.Quote(keepPoints)))
		return
	}
	if keepPoints == "" {
		keepPoints = "file"
	}
	body, err := readTRFBody(w, r)
	if err != nil {
		writeErr(w, err)
		return
	}
	listed := isPairingList(body)
	if listed {
		if body, err = s.pairingListTRF(ctx, id, round, body); err != nil {
			writeErr(w, err)
			return
		}
	}
	t, err := trf.Parse(body)
	if err != nil {
		writeErr(w, trfError(err, 0))
		return
	}
	if rounds > 0 {
		switch n := t.TotalRounds(); {
		case n == 0:
			body = withXXR(body, rounds)
			if t, err = trf.Parse(body); err != nil {
				writeErr(w, trfError(err, 0))
				return
			}
		case n != rounds:
			writeErr(w, apiMsg(http.StatusBadRequest, "server.trf-rounds-differ", "Rounds", rounds, "File", n))
			return
		}
	}
	var pointsOff []TRFPoints
	for _, p := range t.Players {
		if blocks := t.Score(p, len(p.Rounds)); blocks != p.Points {
			pointsOff = append(pointsOff, TRFPoints{Player: p.StartRank, Name: p.Name, File: p.Points.String(), Blocks: blocks.String()})
			if keepPoints == "blocks" {
				p.Points = blocks
			}
		}
	}
	if len(pointsOff) > 0 && keepPoints == "blocks" {
		var buf bytes.Buffer
		if err = t.Write(&buf); err == nil {
			body = buf.Bytes()
			t, err = trf.Parse(body)
		}
		if err != nil {
			writeErr(w, trfError(err, 0))
			return
		}
	}
	pairs, err := t.Pairings(round)
	if err != nil {
		writeErr(w, trfError(err, round))
		return
	}
	teams, err := t.Teams()
	if err != nil {
		writeErr(w, trfError(err, 0))
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
			writeErr(w, apiMsg(http.StatusConflict, "server.trf-round-has-games", "Round", round))
			return
		}
	}

	// The earlier results: the file against the hall.
	hall, err := s.hallGames(ctx, id, 0)
	if err != nil {
		writeErr(w, err)
		return
	}
	var conflicts []TRFConflict
	var toDecide []hallGame
	var fileOut []trf.Outcome
	for _, h := range hall {
		if !h.decided {
			continue // the hall has no answer yet: nothing to differ from
		}
		fo, paired := fileOutcome(t, h)
		c := TRFConflict{Round: h.round, Board: h.board, Game: h.id, White: h.white, Black: h.black, Hall: h.outcome.String(), File: fo.String()}
		switch {
		case !paired:
			c.File = "not paired"
		case sameOutcome(h.outcome, fo):
			continue
		}
		conflicts = append(conflicts, c)
		if paired {
			toDecide = append(toDecide, h)
			fileOut = append(fileOut, fo)
		}
	}
	if len(conflicts) > 0 && accept == "" {
		writeJSON(w, http.StatusConflict, struct {
			Status    int           `json:"status"`
			Err       string        `json:"error"`
			Conflicts []TRFConflict `json:"conflicts"`
		}{http.StatusConflict, fmt.Sprintf("the file's results differ from the hall's in %d games: nothing was imported; post it again with accept=file (the file's results become the arbiter's decisions) or accept=hall (the hall's results stand)", len(conflicts)), conflicts})
		return
	}
	for i := range conflicts {
		conflicts[i].Kept = "hall"
	}

	// The event from the header.
	if t.Name != "" {
		ev.Name = t.Name
	}
	if t.City != "" {
		ev.Site = t.City
	}
	kept := ev.Info
	ev.Info = store.EventInfo{City: t.City, Federation: t.Federation, StartDate: t.StartDate, EndDate: t.EndDate,
		TimeControl: t.TimeControl, Arbiter: t.ChiefArbiter, System: kept.System, Tiebreaks: kept.Tiebreaks, Kind: kept.Kind, Lang: kept.Lang, TiebreakRules: kept.TiebreakRules}
	if ev.Start != nil && ev.Start.Clock != nil && kept.TimeControl != "" {
		// The organiser's time control, which the games get, stays.
		ev.Info.TimeControl = kept.TimeControl
	}
	if system != "" {
		ev.Info.System = string(system)
	}
	// The clock: 222 (the PGN standard's form) where the file has it,
	// else 122 as the organiser wrote it (protocol.ParseClock reads FIDE's
	// prose, the short forms and US Chess's).
	tc := t.TimeControlCode
	if tc == "" {
		tc = t.TimeControl
	}
	if tc != "" {
		if ev.Info.TimeControl == "" {
			ev.Info.TimeControl = tc
		}
		if c, err := protocol.ParseClock(tc); err == nil {
			if ev.Start == nil {
				ev.Start = &protocol.Start{}
			}
			if ev.Start.Clock == nil {
				ev.Start.Clock = c
			}
		}
	}
	ev.TRF = string(body)
	if !utf8.Valid(body) {
		ev.TRF, ev.Info.TRFEncoding = trf.DecodeWindows1252(body), trf.Windows1252
	}
	for _, f := range []struct{ name, v string }{{"name", ev.Name}, {"site", ev.Site}} {
		if err := textField(f.name, f.v); err != nil {
			writeErr(w, err)
			return
		}
	}
	players := make([]store.Player, 0, len(t.Players))
	byRank := map[int]store.Player{}
	for _, p := range t.Players {
		sp := store.Player{Rank: p.StartRank, Name: p.Name, Title: trf.StandardTitle(p.Title), Rating: p.Rating, Federation: p.Federation, Sex: p.Sex, Birth: p.BirthDate}
		if p.FIDEID != 0 {
			sp.FIDEID = strconv.FormatInt(p.FIDEID, 10)
		}
		players = append(players, sp)
		byRank[sp.Rank] = sp
	}

	// The round's games: by match in a team event, else in board order.
	ordered := pairs.Games
	var matches []TRFMatch
	if len(teams) > 0 {
		ms, rest := trf.Matches(pairs, teams)
		names := map[int]string{}
		for _, tm := range teams {
			names[tm.Number] = tm.Name
		}
		ordered = nil
		for _, m := range ms {
			tm := TRFMatch{Home: m.Home, Away: m.Away, HomeName: names[m.Home], AwayName: names[m.Away], Boards: []int{}}
			for _, g := range m.Games {
				ordered = append(ordered, g)
				tm.Boards = append(tm.Boards, len(ordered))
			}
			matches = append(matches, tm)
		}
		ordered = append(ordered, rest...)
	}
	specs := make([]GameSpec, 0, len(ordered))
	for i, g := range ordered {
		specs = append(specs, GameSpec{Round: round, Board: i + 1, White: byRank[g.White].Name, Black: byRank[g.Black].Name})
	}
	games, tokens, err := s.newGames(id, ev.Start, specs, map[int]int{})
	if err != nil {
		writeErr(w, err)
		return
	}
	for i, g := range ordered {
		games[i].WhiteRank, games[i].BlackRank = g.White, g.Black
	}
	if err := s.store.ImportPlayers(ctx, ev, players, games); err != nil {
		writeErr(w, err)
		return
	}
	s.forgetEvent(id)

	// accept=file: the arbiter's decisions take the file's results.
	if accept == "file" {
		for i, h := range toDecide {
			d, ok := decisionOf(fileOut[i], round)
			if !ok {
				continue
			}
			g, err := s.game(ctx, h.id)
			if err == nil {
				_, err = s.decide(ctx, g, d)
			}
			if err != nil {
				writeErr(w, err)
				return
			}
			for k := range conflicts {
				if conflicts[k].Game == h.id {
					conflicts[k].Kept = "file"
				}
			}
		}
	}
	cg, err := s.created(ctx, games, tokens)
	if err != nil {
		writeErr(w, err)
		return
	}
	out := TRFImport{Event: id, Round: round, Players: len(players), Games: cg, Byes: []int{}, Forfeits: [][2]int{},
		Encoding: t.Encoding(), Matches: matches, Conflicts: conflicts, PairingList: listed, Rounds: t.TotalRounds(), Points: pointsOff}
	if len(pointsOff) > 0 {
		out.PointsKept = keepPoints
	}
	for _, b := range pairs.Byes {
		out.Byes = append(out.Byes, b.Player)
	}
	for _, f := range pairs.Forfeits {
		out.Forfeits = append(out.Forfeits, [2]int{f.White, f.Black})
	}
	s.log.Info("TRF imported", "event", id, "round", round, "players", len(players), "games", len(games), "conflicts", len(conflicts), "accept", accept, "pairing_list", listed, "points_differ", len(pointsOff))
	writeJSON(w, http.StatusCreated, out)
}

// pairingListTRF writes a pairing list for round n into the event's
// stored TRF file, with the hall's results of the earlier rounds, and
// returns the file to import: a 400 naming the line and column of a
// faulty list, or saying why the list does not fit the event's players.
func (s *Server) pairingListTRF(ctx context.Context, id string, n int, body []byte) ([]byte, error) {
	pl, err := ParsePairingList(body)
	if err != nil {
		return nil, apiErr(http.StatusBadRequest, "%v", err)
	}
	ev, err := s.store.Event(ctx, id)
	if err != nil {
		return nil, err
	}
	if ev.TRF == "" {
		return nil, apiMsg(http.StatusBadRequest, "server.pairlist-no-trf", "Event", id)
	}
	t, _, err := s.withHall(ctx, ev, 0)
	if err != nil {
		return nil, err
	}
	if err := pl.applyTo(t, n); err != nil {
		return nil, apiErr(http.StatusBadRequest, "pairing list: %v", err)
	}
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		return nil, apiErr(http.StatusBadRequest, "pairing list: the TRF file with round %d: %v", n, err)
	}
	return buf.Bytes(), nil
}

// withXXR adds JaVaFo's XXR record (the number of rounds) at the end of a
// TRF file, in the file's line ending.
func withXXR(body []byte, rounds int) []byte {
	eol := []byte("\r\n")
	if i := bytes.IndexByte(body, '\n'); i >= 0 && (i == 0 || body[i-1] != '\r') {
		eol = []byte("\n")
	}
	out := append([]byte(nil), body...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, eol...)
	}
	out = append(out, "XXR "+strconv.Itoa(rounds)...)
	return append(out, eol...)
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

// withHall parses the event's last TRF file and writes into it the
// results of the hall's games (as a reader lag ago sees them) where they
// differ from the file's; changed lists the starting ranks of the players
// whose blocks changed.
func (s *Server) withHall(ctx context.Context, ev store.Event, lag time.Duration) (t *trf.Tournament, changed map[int]bool, err error) {
	data, err := storedTRF(ev)
	if err != nil {
		return nil, nil, fmt.Errorf("the stored TRF file: %w", err)
	}
	if t, err = trf.Parse(data); err != nil {
		return nil, nil, fmt.Errorf("the stored TRF file: %w", err)
	}
	hall, err := s.hallGames(ctx, ev.ID, lag)
	if err != nil {
		return nil, nil, err
	}
	changed = map[int]bool{}
	for _, h := range hall {
		if !h.decided {
			continue
		}
		fo, paired := fileOutcome(t, h)
		if !paired || sameOutcome(h.outcome, fo) {
			if !paired {
				s.log.Warn("TRF: a game of the hall is not a pairing of the file", "game", h.id, "round", h.round)
			}
			continue
		}
		if err := t.SetResult(h.round, h.white, h.black, h.outcome); err != nil {
			s.log.Warn("TRF: a game's result does not fit the file", "game", h.id, "err", err)
			continue
		}
		changed[h.white], changed[h.black] = true, true
	}
	return t, changed, nil
}

// exportTRF serves GET /api/events/{event}/trf (the arbiter's token: the
// file holds birth dates): the last TRF file imported, in its own
// encoding, with the results of the hall's games written where they
// differ from the file's (1 = 0, and + - for forfeits): those players'
// points change by what the new result is worth, and their ranks are
// those of the standings (the tie-breaks of the file's 212 or 202
// record, else the system's defaults). Everything else is the file as it
// was: right after an import, the export is the file byte for byte.
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
		writeErr(w, apiMsg(http.StatusNotFound, "server.no-trf", "Event", id))
		return
	}
	t, changed, err := s.withHall(ctx, ev, 0)
	if err != nil {
		writeErr(w, err)
		return
	}
	if len(changed) > 0 {
		sys := standings.System(ev.Info.System)
		if sys == "" {
			sys = standings.SystemOf(t)
		}
		rules := eventRules(ev)
		tab, err := standings.Compute(t, standings.Options{System: sys, Tiebreaks: eventTiebreaks(ev.Info, t, sys), Rules: rules})
		if err != nil {
			// A rating tie-break with unrated players: rank by the others.
			tab, err = standings.Compute(t, standings.Options{System: sys, Tiebreaks: defaultTiebreaks(sys), Rules: rules})
		}
		if err != nil {
			writeErr(w, err)
			return
		}
		for _, row := range tab.Rows {
			if changed[row.Start] {
				t.Player(row.Start).Rank = row.Rank
			}
		}
	}
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		writeErr(w, err)
		return
	}
	ct := "text/plain; charset=utf-8"
	if t.Encoding() == trf.Windows1252 {
		ct = "text/plain; charset=windows-1252"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.trf"`, id, time.Now().UTC().Format("20060102")))
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

// defaultTiebreaks are the tie-breaks when neither the request nor the
// file gives any: C.07's usual lists for individual events.
func defaultTiebreaks(sys standings.System) []standings.Tiebreak {
	list := "BH/C1,BH,SB,DE,WIN"
	if sys == standings.RoundRobin {
		list = "DE,WIN,SB,KS"
	}
	tbs, _ := standings.ParseTiebreaks(list)
	return tbs
}

// eventTiebreaks are the tie-breaks the organiser chose for the event
// (info.Tiebreaks), else those of the file's TRF26 212 (else 202) record
// that this server computes, in order, else the defaults.
func eventTiebreaks(info store.EventInfo, t *trf.Tournament, sys standings.System) []standings.Tiebreak {
	if info.Tiebreaks != "" {
		if tbs, err := standings.ParseTiebreaks(info.Tiebreaks); err == nil && len(tbs) > 0 {
			return tbs
		}
	}
	for _, code := range []string{"212", "202"} {
		var out []standings.Tiebreak
		for _, rec := range t.Records(code) {
			for _, f := range bytes.FieldsFunc([]byte(rec), func(r rune) bool { return r == ',' || r == ' ' }) {
				if tb, err := standings.ParseTiebreaks(string(f)); err == nil && len(tb) == 1 && tb[0].Name != "PTS" {
					out = append(out, tb[0])
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return defaultTiebreaks(sys)
}

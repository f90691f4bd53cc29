package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/arbiterchess/arbiter/pgn"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// pgnGame builds the PGN of g: the Seven Tag Roster from the event and the
// players, the moves as they stand, and the arbiter's rulings (violations,
// illegal moves, claims, results, decisions) as comments after the move
// they followed. The caller holds g.mu.
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
		tc := strconv.Itoa(c.White)
		if c.Increment > 0 {
			tc += "+" + strconv.Itoa(c.Increment)
		}
		p.SetTag("TimeControl", tc)
	}
	rules := m.Start.Rules
	if rules == "" {
		rules = "fide"
	}
	p.SetTag("Rules", rules)
	if reason != "" {
		p.SetTag("Termination", reason)
	}
	p.SetTag("Annotator", "arbiter")
	p.SetTag("GameId", m.ID)

	for _, s := range gm.SANs() {
		p.Moves = append(p.Moves, &pgn.Move{SAN: s})
	}
	for _, r := range g.log {
		for _, x := range r.Rulings {
			c := rulingComment(x)
			if c == "" {
				continue
			}
			// After the move the game had reached; rulings that took moves
			// back stand after the last move that remained.
			at := min(r.ply, len(p.Moves))
			if at == 0 {
				p.Comments = append(p.Comments, c)
			} else {
				p.Moves[at-1].After = append(p.Moves[at-1].After, c)
			}
		}
	}
	return p
}

// rulingComment is the comment for a ruling worth keeping in the record,
// or "" (moves are the movetext; obligations are transient).
func rulingComment(r protocol.Ruling) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%d] ", r.At)
	switch r.Kind {
	case protocol.KindViolation:
		fmt.Fprintf(&b, "violation %s by %s: %s", r.Article, r.By, r.Text)
	case protocol.KindIllegal:
		fmt.Fprintf(&b, "illegal move %s by %s (%s)", r.Article, r.By, ordinal(r.Count))
		if r.Bonus != nil {
			fmt.Fprintf(&b, ", %d s to %s", r.Bonus.Seconds, r.Bonus.To)
		}
		b.WriteString(", position reinstated: " + r.FEN)
	case protocol.KindClaim:
		verdict := "refused"
		if r.Granted != nil && *r.Granted {
			verdict = "granted"
		}
		fmt.Fprintf(&b, "claim %s by %s %s (%s)", r.What, r.By, verdict, r.Article)
		if r.Bonus != nil {
			fmt.Fprintf(&b, ", %d s to %s", r.Bonus.Seconds, r.Bonus.To)
		}
	case protocol.KindResult:
		fmt.Fprintf(&b, "result %s: %s", r.Result, r.Reason)
		if r.Article != "" {
			fmt.Fprintf(&b, " (%s)", r.Article)
		}
		if r.Text != "" {
			b.WriteString(": " + r.Text)
		}
	default:
		return ""
	}
	return b.String()
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
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

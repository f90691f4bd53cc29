package server

import (
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// GameView is a game as the read endpoints show it: everything a page needs
// to draw the board and the record, with positions as FEN, moves as SAN
// (and UCI), and rulings as protocol objects.
type GameView struct {
	ID    string `json:"id"`
	Event string `json:"event"`
	Round int    `json:"round"`
	Board int    `json:"board"`
	White string `json:"white"`
	Black string `json:"black"`
	// WhitePlayer and BlackPlayer are the players from the event's list
	// (title, rating, FIDE ID, federation: never a birth date or sex), for
	// games paired from it.
	WhitePlayer *PlayerView    `json:"white_player,omitempty"`
	BlackPlayer *PlayerView    `json:"black_player,omitempty"`
	Start       protocol.Start `json:"start"`
	Enforce     bool           `json:"enforce"`
	Created     time.Time      `json:"created"`
	// N is the number of entries in the game's log.
	N int64 `json:"n"`
	// StartFEN is the position the game started from, FEN is the current
	// legal position, Turn the side to move in it.
	StartFEN string `json:"start_fen"`
	FEN      string `json:"fen"`
	Turn     string `json:"turn"`
	// Moves is the game as it stands, in SAN; UCI the same moves in UCI.
	Moves []string `json:"moves"`
	UCI   []string `json:"uci"`
	// Duty is the obligation now owed by the player having the move (a
	// must ruling), or null.
	Duty *protocol.Ruling `json:"duty"`
	// Violations lists every Article 4 violation recorded; Claims every
	// ruling on a claim, in order.
	Violations []protocol.ViolationRef `json:"violations"`
	Claims     []protocol.Ruling       `json:"claims"`
	// Claimable is the Article 4 violation the opponent may still claim
	// (until he touches a piece, T9), or null: what the arbiter's desk
	// shows as pending. DrawOffer is the colour of an open draw offer, or
	// "".
	Claimable *protocol.ViolationRef `json:"claimable"`
	DrawOffer string                 `json:"draw_offer,omitempty"`
	// Result and Reason are the result in force: the arbiter's decision
	// when there is one (reason "arbiter"), else the engine's ("*" while the
	// game goes on).
	Result   string          `json:"result"`
	Reason   string          `json:"reason"`
	Decision *store.Decision `json:"decision,omitempty"`
	// Summary is the engine's summary, as "arbiter replay --summary"
	// prints it for the same actions.
	Summary protocol.Summary `json:"summary"`
	// Seqs is the highest sequence number stored per author ("board",
	// "arbiter"): a client that restarts continues after it.
	Seqs map[string]int64 `json:"seqs"`
	// Rulings lists every ruling of the log, in order (omitted in event
	// snapshots; read the game for them).
	Rulings []protocol.Ruling `json:"rulings,omitempty"`
	// Clock is the game's clocks as the server reckons them, for a game
	// with a time control.
	Clock *ClockView `json:"clock,omitempty"`
	// Notes are the server's notes on the log's entries (a board's t
	// re-stamped, a physical clock's times held, the clocks stopped while
	// the server was down), in order; ClockHeld is the physical clock's
	// reading held for the arbiter, until he accepts or corrects it.
	Notes     []EntryNote `json:"notes"`
	ClockHeld *EntryNote  `json:"clock_held,omitempty"`
	// Delay is the event's broadcast delay in seconds, in the answer to
	// GET /api/games/{game}: a page says whether it shows the game live.
	Delay int `json:"delay,omitempty"`
	// Reader says whose view this is, in the answer to GET
	// /api/games/{game} and in a game socket's snapshot: "arbiter" or
	// "board" (the token sent is one of the game's: it reads live) or
	// "anyone" (no token, or one the game does not know, such as a board
	// token the arbiter has replaced: the event's delay applies).
	Reader string `json:"reader,omitempty"`
}

// ClockView is what a game's clocks show at a moment, as the server keeps
// them (the pages count the running clock down from At, and never reckon
// time themselves).
type ClockView struct {
	White int64     `json:"white"` // milliseconds left at At
	Black int64     `json:"black"`
	Runs  string    `json:"runs"` // whose clock runs: "white", "black", or "" when both stand
	At    time.Time `json:"at"`   // the server time of these figures
	// Started is false until the game's first action starts its clock.
	Started bool `json:"started"`
	// T is the game's own time at At (milliseconds since its clock
	// started: the t an action made at At would carry), once Started. A
	// board that stamps its actions itself keeps to this time (the
	// server re-stamps a t outside its drift).
	T int64 `json:"t,omitempty"`
	// Flag is the side whose flag fell, once the game ended on time.
	Flag string `json:"flag,omitempty"`
}

// clockView returns g's clocks at now (a shadow's as they stood its lag
// before now, with At now, so that a page counts down from there), or
// nil for a game without a time control. The caller holds g.mu.
func (g *live) clockView(now time.Time) *ClockView {
	tc := g.meta.Start.Clock
	if tc == nil {
		return nil
	}
	if g.origin.IsZero() {
		return &ClockView{White: int64(tc.White) * 1000, Black: int64(tc.Black) * 1000, At: now}
	}
	t := now.Add(-g.lag).Sub(g.origin).Milliseconds() // a shadow's clocks as they stood lag ago
	x, ok := g.eng.ClockAt(t)
	if !ok {
		return &ClockView{White: int64(tc.White) * 1000, Black: int64(tc.Black) * 1000, At: now}
	}
	v := &ClockView{White: x.White, Black: x.Black, At: now, Started: true, T: t}
	if c, ok := g.eng.Running(); ok && g.decision == nil {
		v.Runs = c.String()
	}
	if r, reason := g.result(); r != "*" && (reason == "time" || reason == "time-vs-no-mate") {
		switch {
		case x.White <= 0:
			v.Flag = "white"
		case x.Black <= 0:
			v.Flag = "black"
		}
	}
	return v
}

// view builds the view of g; the caller holds g.mu.
func (g *live) view(withRulings bool) *GameView {
	m := g.meta
	gm := g.eng.Game()
	sum := g.eng.Summary()
	v := &GameView{ID: m.ID, Event: m.Event, Round: m.Round, Board: m.Board, White: m.White, Black: m.Black, WhitePlayer: publicPlayer(g.white), BlackPlayer: publicPlayer(g.black),
		Start: m.Start, Enforce: m.Enforce, Created: m.Created, N: int64(len(g.log)),
		StartFEN: gm.Start().FEN(), FEN: gm.Position().FEN(), Turn: gm.Position().Turn().String(),
		Moves: sum.Moves, Violations: sum.Violations, Claims: []protocol.Ruling{}, Summary: sum, Seqs: map[string]int64{}, Notes: []EntryNote{}}
	if v.Moves == nil {
		v.Moves = []string{}
	}
	pos := gm.Positions()
	v.UCI = make([]string, 0, len(v.Moves))
	for i, mv := range gm.Moves() {
		v.UCI = append(v.UCI, pos[i].UCI(mv))
	}
	if d, ok := g.eng.Duty(); ok {
		v.Duty = &d
	}
	if c, ok := g.eng.Claimable(); ok {
		v.Claimable = &c
	}
	if c, ok := g.eng.DrawOffer(); ok {
		v.DrawOffer = c.String()
	}
	v.Result, v.Reason = g.result()
	if g.decision != nil {
		d := *g.decision
		v.Decision = &d
	}
	if withRulings {
		v.Rulings = []protocol.Ruling{}
	}
	v.Clock = g.clockView(time.Now().UTC())
	if g.held != nil {
		h := *g.held
		v.ClockHeld = &h
	}
	for _, r := range g.log {
		if r.Seq > v.Seqs[r.Author] {
			v.Seqs[r.Author] = r.Seq
		}
		for _, n := range r.Notes {
			v.Notes = append(v.Notes, EntryNote{At: r.N, Note: n})
		}
		for _, x := range r.Rulings {
			if x.Kind == protocol.KindClaim {
				v.Claims = append(v.Claims, x)
			}
			if withRulings {
				v.Rulings = append(v.Rulings, x)
			}
		}
	}
	return v
}

// EventView is an event with its games (without their rulings).
type EventView struct {
	ID      string          `json:"id"`
	Name    string          `json:"name"`
	Site    string          `json:"site,omitempty"`
	Created time.Time       `json:"created"`
	Start   *protocol.Start `json:"start,omitempty"` // the settings games added later inherit
	Info    store.EventInfo `json:"info"`
	// Delay is the event's broadcast delay in seconds: anonymous readers
	// see each game as it stood that long ago (0: live).
	Delay  int   `json:"delay"`
	Rounds []int `json:"rounds"` // the event's rounds, in order
	// CurrentRound is the round the arbiter started last (0: none): the
	// round whose games the tables' tokens post to.
	CurrentRound int `json:"current_round"`
	// Matches group the games of a team event by match (its TRF file has
	// team records); absent otherwise.
	Matches []EventMatch `json:"matches,omitempty"`
	Games   []*GameView  `json:"games"`
}

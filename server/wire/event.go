package wire

import (
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// GameSpec describes a game to create: the players, where it is played,
// and how it starts (rules, position, clock: a protocol start line).
// Enforce refuses violating actions at once instead of recording them
// (touch.Options.Enforce).
type GameSpec struct {
	Round   int            `json:"round,omitempty"`
	Board   int            `json:"board,omitempty"`
	White   string         `json:"white,omitempty"`
	Black   string         `json:"black,omitempty"`
	Start   protocol.Start `json:"start"`
	Enforce bool           `json:"enforce,omitempty"`
}

// EventSpec is the body of POST /api/events. Start, when set, is the
// default start of every game that gives none (the event's rule set and
// clock).
type EventSpec struct {
	Name  string          `json:"name"`
	Site  string          `json:"site,omitempty"`
	Start *protocol.Start `json:"start,omitempty"`
	// Delay is the broadcast delay in seconds (0 to MaxDelay): anonymous
	// readers see each game as it stood that long ago.
	Delay int `json:"delay,omitempty"`
	// System is the pairing system ("swiss" or "round-robin") the
	// standings count unplayed rounds by (default: the TRF file's).
	System string `json:"system,omitempty"`
	// Tiebreaks are the standings' tie-breaks in C.07's names, in order
	// ("BH/C1,BH,SB"; default: the TRF file's, else the system's).
	Tiebreaks string `json:"tiebreaks,omitempty"`
	// TiebreakRules is the version of C.07 the standings apply: "2024",
	// "2026", or absent for the one in force on the event's first day.
	TiebreakRules string `json:"tiebreak_rules,omitempty"`
	// Kind is "game" for a lone game played on one screen (the events
	// list keeps such games apart from tournaments), "" for a tournament.
	Kind string `json:"kind,omitempty"`
	// Lang is the event's language ("ro"; package lang's codes): the
	// comments of its PGN and its broadcast are in it (default English).
	Lang  string     `json:"lang,omitempty"`
	Games []GameSpec `json:"games"`
}

// CreatedGame is a game just created, with its board token (shown once).
type CreatedGame struct {
	*GameView
	BoardToken string `json:"board_token"`
}

// CreatedEvent answers POST /api/events: the event, the arbiter's token
// and the games with their board tokens. The tokens are shown only here:
// the server keeps their hashes.
type CreatedEvent struct {
	ID           string        `json:"id"`
	Name         string        `json:"name"`
	Site         string        `json:"site,omitempty"`
	ArbiterToken string        `json:"arbiter_token"`
	Games        []CreatedGame `json:"games"`
}

// EventItem is an event as GET /api/events lists it: the event, how far
// it has gone, and that in words.
type EventItem struct {
	store.Event
	// CurrentRound is the round the arbiter started last (0: none);
	// Rounds the last round paired; GameCount the number of games.
	CurrentRound int `json:"current_round"`
	Rounds       int `json:"rounds"`
	GameCount    int `json:"game_count"`
	// Status says where the event stands: "a game on one screen",
	// "no games yet", "paired, no round started", "round 2 of 7".
	Status string `json:"status"`
}

// DelaySpec is the body of PUT /api/events/{event}/delay: the broadcast
// delay in seconds (0 to MaxDelay; 0 is live).
type DelaySpec struct {
	Delay int `json:"delay"`
}

// EventMatch is a match of a team event's round, for the hall: the two
// teams, and the match's games in its board order, each saying whether
// its White plays for the home team (the team of board 1's White).
type EventMatch struct {
	Round    int          `json:"round"`
	Home     int          `json:"home"`
	Away     int          `json:"away"`
	HomeName string       `json:"home_name"`
	AwayName string       `json:"away_name"`
	Games    []MatchBoard `json:"games"`
}

// MatchBoard is one game of a match.
type MatchBoard struct {
	Game      string `json:"game"`
	HomeWhite bool   `json:"home_white"`
}

// TiebreakRulesSpec is the body of PUT /api/events/{event}/tiebreak-rules:
// "2024", "2026", or "" for the version in force on the event's first day.
type TiebreakRulesSpec struct {
	Rules string `json:"rules"`
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

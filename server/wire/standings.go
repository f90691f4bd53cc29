package wire

import "github.com/arbiterchess/arbiter/standings"

// Standings is the answer of GET /api/events/{event}/standings: the
// players ranked by points and tie-breaks (package standings), after
// Rounds rounds, from the event's TRF file and the results decided in
// the hall.
type Standings struct {
	Event     string   `json:"event"`
	System    string   `json:"system"` // "swiss" or "round-robin"
	Rounds    int      `json:"rounds"`
	Tiebreaks []string `json:"tiebreaks"`
	// Rules is the version of the Tie-Break Regulations (C.07) applied:
	// "2024" or "2026" (the amendment applied from 1 March 2026).
	Rules string         `json:"rules"`
	Rows  []StandingsRow `json:"rows"`
	// Teams are the team standings of a team event: match points (2 a
	// won match, 1 a drawn one), then game points.
	Teams []standings.TeamRow `json:"teams,omitempty"`
}

// StandingsRow is one player's line: rank (equal where the tie-breaks
// cannot separate), starting rank, the public part of the player, points
// and one value per tie-break.
type StandingsRow struct {
	Rank       int       `json:"rank"`
	Start      int       `json:"start"`
	Name       string    `json:"name"`
	Title      string    `json:"title,omitempty"`
	Rating     int       `json:"rating,omitempty"`
	Federation string    `json:"federation,omitempty"`
	Points     float64   `json:"points"`
	Values     []float64 `json:"values"`
}

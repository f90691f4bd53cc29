package wire

import "time"

// PushStatus is how a round's pushes to lichess stand, for the desk.
type PushStatus struct {
	Round        int    `json:"round"`
	LichessRound string `json:"lichess_round"`
	// LastPush is when the last push was answered by lichess with 200,
	// Attempt when the last attempt was made.
	LastPush *time.Time `json:"last_push,omitempty"`
	Attempt  *time.Time `json:"attempt,omitempty"`
	// Error is the last failure in words ("" after a success), NextTry
	// when the next attempt may be made.
	Error   string     `json:"error,omitempty"`
	NextTry *time.Time `json:"next_try,omitempty"`
	// Games is lichess's answer to the last push, game by game: the moves
	// it took, or why it refused the game.
	Games []PushedGame `json:"games,omitempty"`
}

// PushedGame is lichess's answer about one game of a push.
type PushedGame struct {
	White string `json:"white,omitempty"`
	Black string `json:"black,omitempty"`
	Round string `json:"round,omitempty"`
	Moves int    `json:"moves"`
	Error string `json:"error,omitempty"`
}

// BroadcastSpec is the body of PUT /api/events/{event}/broadcast: the
// lichess token (OAuth, scope study:write; omitted, the one stored is
// kept) and the lichess round id of each of the event's rounds ("1" →
// "AbCd1234"). No rounds stops the pushes.
type BroadcastSpec struct {
	LichessToken string            `json:"lichess_token,omitempty"`
	Rounds       map[string]string `json:"rounds"`
}

// BroadcastView answers the arbiter's GET of the push settings: never
// the token, only whether one is set, and each round's push status.
type BroadcastView struct {
	Event    string       `json:"event"`
	TokenSet bool         `json:"token_set"`
	Rounds   []PushStatus `json:"rounds"`
}

package wire

import "time"

// EboardStatus is what a reader says of the board at one table.
type EboardStatus struct {
	// Serial is the board's serial number, as it reports it.
	Serial string `json:"serial,omitempty"`
	// Port is where the board is plugged in, on the reader's machine.
	Port string `json:"port,omitempty"`
	// Connected tells that the board answers the reader now.
	Connected bool `json:"connected"`
	// LastAction is when the board's last action was read (RFC 3339), or
	// empty before the first.
	LastAction string `json:"last_action,omitempty"`
	// Queued is how many actions wait to reach the server.
	Queued int `json:"queued"`
	// Round and Game are the round and game the reader follows at the
	// table (0 and "" between rounds).
	Round int    `json:"round,omitempty"`
	Game  string `json:"game,omitempty"`
	// Message is the reader's word on the board, in plain words.
	Message string `json:"message,omitempty"`
}

// EboardView is a table's last e-board report, as the arbiter reads it.
type EboardView struct {
	Table int `json:"table"`
	EboardStatus
	// Seen is when the report arrived; Stale tells that it is older than
	// the reader's promise to report again (the reader may be gone).
	Seen  time.Time `json:"seen"`
	Stale bool      `json:"stale"`
}

// Eboards answers GET /api/events/{event}/eboards.
type Eboards struct {
	Event  string       `json:"event"`
	Boards []EboardView `json:"boards"`
}

// RoundStart answers POST /api/events/{event}/rounds/{round}/start: the
// round now current, and its tables' games.
type RoundStart struct {
	Event  string      `json:"event"`
	Round  int         `json:"round"`
	Tables []TableGame `json:"tables"`
}

// TableGame is the game paired at a table.
type TableGame struct {
	Table int    `json:"table"`
	Game  string `json:"game"`
	White string `json:"white"`
	Black string `json:"black"`
}

// TableView answers GET /api/events/{event}/tables/{table}: the current
// round and the game paired at the table, read live.
type TableView struct {
	Event string    `json:"event"`
	Table int       `json:"table"`
	Round int       `json:"round"`
	Game  *GameView `json:"game"`
}

package wire

// TRFImport is the answer to a TRF import: the round's games with their
// board tokens (as at event creation), and the pairings that make no game.
type TRFImport struct {
	Event    string        `json:"event"`
	Round    int           `json:"round"`
	Players  int           `json:"players"`
	Games    []CreatedGame `json:"games"`
	Byes     []int         `json:"byes"`     // starting ranks of the players without a game
	Forfeits [][2]int      `json:"forfeits"` // White and Black of the pairings decided by forfeit
	// Encoding is the file's encoding: "UTF-8", or "Windows-1252" for a
	// file that is not UTF-8 (the export writes it back in it).
	Encoding string `json:"encoding"`
	// Matches are the round's matches in a team event (TRF26 310 or
	// TRF16 013 records): each match's games are on consecutive boards,
	// board 1 of the match first.
	Matches []TRFMatch `json:"matches,omitempty"`
	// Conflicts are the earlier results on which the file and the hall
	// differed, and which side was kept (accept=file or accept=hall).
	Conflicts []TRFConflict `json:"conflicts,omitempty"`
	// PairingList is true when the body was a pairing list (JaVaFo's and
	// bbpPairings' -p output) written into the event's earlier TRF file.
	PairingList bool `json:"pairing_list,omitempty"`
	// Rounds is the tournament's number of rounds as the file now states
	// it (142 or XXR; rounds=N writes XXR into a file without either), 0
	// when it states none.
	Rounds int `json:"rounds,omitempty"`
	// Points are the players whose points column (81-84) disagrees with
	// what their round blocks score, and PointsKept which figure the
	// stored file keeps: "file" (the default: the column as written) or
	// "blocks" (points=blocks: the column rewritten from the blocks).
	Points     []TRFPoints `json:"points,omitempty"`
	PointsKept string      `json:"points_kept,omitempty"`
}

// TRFPoints is a player whose points column disagrees with his round
// blocks: both figures, as a TRF writes points ("4.5").
type TRFPoints struct {
	Player int    `json:"player"` // starting rank
	Name   string `json:"name"`
	File   string `json:"file"`   // the points column
	Blocks string `json:"blocks"` // the blocks under the file's scoring
}

// TRFMatch is one match of a team round: the teams (number and name) and
// the hall's boards of its games, in the match's board order.
type TRFMatch struct {
	Home     int    `json:"home"`
	Away     int    `json:"away"`
	HomeName string `json:"home_name"`
	AwayName string `json:"away_name"`
	Boards   []int  `json:"boards"`
}

// TRFConflict is a result on which an imported file and the hall differ:
// the hall's game, and each side's result ("1-0", "+-", "*" for none,
// "not paired" where the file pairs the players otherwise).
type TRFConflict struct {
	Round int    `json:"round"`
	Board int    `json:"board"`
	Game  string `json:"game"`
	White int    `json:"white"` // starting ranks
	Black int    `json:"black"`
	Hall  string `json:"hall"`
	File  string `json:"file"`
	// Kept is the side kept: "file" (the arbiter's decision now says the
	// file's result) or "hall" (the export writes the hall's result).
	Kept string `json:"kept,omitempty"`
}

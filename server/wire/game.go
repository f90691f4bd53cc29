package wire

import (
	"fmt"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// DecisionSpec is the body of POST /api/games/{game}/result: the result
// ("1-0", "0-1", "1/2-1/2", or "*" to withdraw an earlier decision), the
// arbiter's reason, in words, and whether it is a forfeit (the game not
// played: "1-0" or "0-1", or "0-0" when both players lose by forfeit).
type DecisionSpec struct {
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
	Forfeit bool   `json:"forfeit,omitempty"` // 1-0 or 0-1 by forfeit; 0-0 both lose by forfeit
}

// ClockSpec is the body of POST /api/games/{game}/clock, the arbiter's
// decision on the clocks (6.10.2): Accept takes the physical clock's
// reading held for him (the running clock less the time since it was
// read); otherwise White and Black (milliseconds) are what the clocks
// show from now.
type ClockSpec struct {
	Accept bool   `json:"accept,omitempty"`
	White  *int64 `json:"white,omitempty"`
	Black  *int64 `json:"black,omitempty"`
}

// EntryNote is a note of the server on an entry of a game's log (At).
type EntryNote struct {
	At int64 `json:"at"`
	store.Note
}

// Ack acknowledges one posted action: its number in the game's log (the
// "at" of its rulings), the client's seq, and the rulings it caused.
// Duplicate is set when the seq had been posted before: nothing changed
// and the original acknowledgement is returned.
type Ack struct {
	N         int64             `json:"n"`
	Seq       int64             `json:"seq,omitempty"`
	Rulings   []protocol.Ruling `json:"rulings"`
	Duplicate bool              `json:"duplicate,omitempty"`
}

// PostResult is the answer to a post of actions.
type PostResult struct {
	Game string `json:"game"`
	// N is the number of entries in the game's log after the post.
	N    int64 `json:"n"`
	Acks []Ack `json:"acks"`
}

// APIError is an error answer of the API, as JSON: the HTTP status, the
// reason, and for a refused action its index in the posted list and the
// engine's error ruling. Client returns it for answers it does not retry.
type APIError struct {
	Status int `json:"status"`
	// Err is the error in English, as logs and programs read it.
	Err string `json:"error"`
	// Msg is its message in the catalogues (package lang), when it has
	// one, and Args the message's parameters; Text says it in the
	// language the request asked for (?lang=, else Accept-Language),
	// absent in English.
	Msg  string            `json:"msg,omitempty"`
	Args map[string]string `json:"args,omitempty"`
	Text string            `json:"text,omitempty"`
	// Index is the 0-based position of the refused action in the post.
	Index *int `json:"index,omitempty"`
	// Rulings holds the engine's error ruling for a refused action.
	Rulings []protocol.Ruling `json:"rulings,omitempty"`
}

// Error returns the status, the index of the refused action if any, and
// the reason.
func (e *APIError) Error() string {
	if e.Index != nil {
		return fmt.Sprintf("%d: action %d: %s", e.Status, *e.Index, e.Err)
	}
	return fmt.Sprintf("%d: %s", e.Status, e.Err)
}

// Message is one message of a live stream (WebSocket). Type says which
// fields are set:
//
//   - "snapshot": Game holds the whole game as GET /api/games/{id} returns
//     it (sent on connect, for each game followed);
//   - "entry": Entry is a new entry of the log of game GameID (an action
//     and its rulings, or an arbiter's decision), followed by the state
//     after it: FEN, Ply, Duty, Result and Reason;
//   - "ack": the answer to actions sent on the socket (Post);
//   - "error": Error tells why actions sent on the socket were refused
//     (status, reason, index of the action).
type Message struct {
	Type   string           `json:"type"`
	Event  string           `json:"event,omitempty"`
	GameID string           `json:"game_id,omitempty"`
	Game   *GameView        `json:"game,omitempty"`
	Entry  *store.Entry     `json:"entry,omitempty"`
	FEN    string           `json:"fen,omitempty"`
	Ply    int              `json:"ply,omitempty"`
	Duty   *protocol.Ruling `json:"duty,omitempty"`
	Result string           `json:"result,omitempty"`
	Reason string           `json:"reason,omitempty"`
	// Claimable, DrawOffer, Decision and Clock are the game's state after
	// an entry (the same fields as in the game view).
	Claimable *protocol.ViolationRef `json:"claimable,omitempty"`
	DrawOffer string                 `json:"draw_offer,omitempty"`
	Decision  *store.Decision        `json:"decision,omitempty"`
	Clock     *ClockView             `json:"clock,omitempty"`
	Post      *PostResult            `json:"post,omitempty"`
	Error     *APIError              `json:"error,omitempty"`
	Dropped   bool                   `json:"dropped,omitempty"`
}

// PlayerView is a player as everyone may read him: what a pairing
// program publishes (name, title, rating, FIDE ID, federation), without
// his birth date or sex, which only the arbiter's TRF export carries.
type PlayerView struct {
	Rank       int    `json:"rank"`
	Name       string `json:"name"`
	Title      string `json:"title,omitempty"`
	FIDEID     string `json:"fide_id,omitempty"`
	Rating     int    `json:"rating,omitempty"`
	Federation string `json:"federation,omitempty"`
}

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

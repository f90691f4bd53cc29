package server

import (
	"encoding/json"
	"sync"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

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

// subscriber is one live follower: a buffered queue of encoded messages.
// A follower too slow to drain its queue is dropped (its socket closed);
// it reconnects and gets a fresh snapshot.
type subscriber struct {
	ch   chan []byte
	gone chan struct{}
	once sync.Once
}

// newSubscriber makes a subscriber whose queue holds snapshots more
// messages than the usual backlog.
func newSubscriber(snapshots int) *subscriber {
	return &subscriber{ch: make(chan []byte, 1024+snapshots), gone: make(chan struct{})}
}

func (sb *subscriber) drop() { sb.once.Do(func() { close(sb.gone) }) }

// send queues a message, or drops the subscriber when its queue is full.
func (sb *subscriber) send(b []byte) {
	select {
	case sb.ch <- b:
	default:
		sb.drop()
	}
}

// hub routes the entries of games to the followers of a game or of its
// event.
type hub struct {
	mu      sync.Mutex
	byGame  map[string]map[*subscriber]bool
	byEvent map[string]map[*subscriber]bool
}

func newHub() *hub {
	return &hub{byGame: map[string]map[*subscriber]bool{}, byEvent: map[string]map[*subscriber]bool{}}
}

func add(m map[string]map[*subscriber]bool, key string, sb *subscriber) {
	if m[key] == nil {
		m[key] = map[*subscriber]bool{}
	}
	m[key][sb] = true
}

func remove(m map[string]map[*subscriber]bool, key string, sb *subscriber) {
	delete(m[key], sb)
	if len(m[key]) == 0 {
		delete(m, key)
	}
}

func (h *hub) followGame(id string, sb *subscriber) {
	h.mu.Lock()
	add(h.byGame, id, sb)
	h.mu.Unlock()
}

func (h *hub) unfollowGame(id string, sb *subscriber) {
	h.mu.Lock()
	remove(h.byGame, id, sb)
	h.mu.Unlock()
}

func (h *hub) followEvent(id string, sb *subscriber) {
	h.mu.Lock()
	add(h.byEvent, id, sb)
	h.mu.Unlock()
}

func (h *hub) unfollowEvent(id string, sb *subscriber) {
	h.mu.Lock()
	remove(h.byEvent, id, sb)
	h.mu.Unlock()
}

// watched reports whether anyone follows the game or its event.
func (h *hub) watched(game, event string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.byGame[game]) > 0 || len(h.byEvent[event]) > 0
}

// watchingEvents reports whether anyone follows any event.
func (h *hub) watchingEvents() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.byEvent) > 0
}

// publish sends a message to the followers of the game and of its event.
func (h *hub) publish(game, event string, b []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range h.byGame[game] {
		sb.send(b)
	}
	for sb := range h.byEvent[event] {
		sb.send(b)
	}
}

// publishEntry sends a new log entry of g to its followers. The caller
// holds g.mu, which keeps entries in order and after the snapshots.
func (s *Server) publishEntry(g *live, r *record) {
	if !s.hub.watched(g.meta.ID, g.meta.Event) {
		return
	}
	e := r.Entry
	m := Message{Type: "entry", Event: g.meta.Event, GameID: g.meta.ID, Entry: &e, FEN: r.fen, Ply: r.ply, Duty: r.duty, Result: r.result, Reason: r.reason,
		Claimable: r.claimable, DrawOffer: r.drawOffer, Decision: g.decision, Clock: r.clock}
	b, err := json.Marshal(m)
	if err != nil {
		s.log.Error("encode entry", "err", err)
		return
	}
	s.hub.publish(g.meta.ID, g.meta.Event, b)
}

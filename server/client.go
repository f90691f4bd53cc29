package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/coder/websocket"
)

// Client talks to an arbiter server on behalf of a board (an e-board
// adapter, a simulator) or an arbiter's tool. It keeps one WebSocket per
// game and token, reconnects when it breaks, and retries a post until it is
// acknowledged or refused, without losing or duplicating actions: every
// action carries a sequence number (protocol.Action.Seq) and the server
// stores a (game, author, seq) once.
//
// A Client is safe for concurrent use; posts to one game are sent one at
// a time, in order. One Client (or one process) should post for a given
// game and token: two writers would draw the same sequence numbers.
type Client struct {
	base string
	// HTTP is used for plain requests (Game); WebSocket dials use it too.
	HTTP *http.Client
	// Logger receives reconnection notices; nil discards them.
	Logger *slog.Logger
	// MaxBackoff caps the wait between two attempts (default 2 s).
	MaxBackoff time.Duration

	mu    sync.Mutex
	conns map[connKey]*boardConn
}

type connKey struct{ game, token string }

// boardConn is the socket of one game and token, and its sequence counter.
type boardConn struct {
	mu   sync.Mutex // one post at a time
	ws   *websocket.Conn
	next int64 // the next seq to assign; 0 until read from the server
}

// NewClient returns a client of the server at baseURL, such as
// "http://127.0.0.1:8080".
func NewClient(baseURL string) *Client {
	return &Client{base: strings.TrimRight(baseURL, "/"), HTTP: http.DefaultClient, conns: map[connKey]*boardConn{}}
}

func (c *Client) logger() *slog.Logger {
	if c.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Logger
}

// Post sends actions to a game with a board's (or the arbiter's) token and
// returns their acknowledgements, one per action, in order.
//
// Actions without a Seq get the next sequence numbers of this client for
// the game (continuing after the highest the server has stored); Post
// writes them into the slice, so posting the same slice again, after an
// error, is idempotent. While the server cannot be reached or answers
// 5xx, Post reconnects and sends the same actions again, with backoff,
// until ctx ends. A refusal (an impossible action: 400; a bad token:
// 401/403; a seq reused for another action: 409) is returned as an
// *APIError and not retried; then none of the actions was stored.
func (c *Client) Post(ctx context.Context, gameID, token string, actions []protocol.Action) ([]Ack, error) {
	if len(actions) == 0 {
		return nil, nil
	}
	bc := c.conn(gameID, token)
	bc.mu.Lock()
	defer bc.mu.Unlock()
	backoff := 50 * time.Millisecond
	maxBackoff := c.MaxBackoff
	if maxBackoff == 0 {
		maxBackoff = 2 * time.Second
	}
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			wait := backoff/2 + rand.N(backoff/2+1)
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(wait):
			}
			backoff = min(2*backoff, maxBackoff)
		}
		acks, err := c.try(ctx, bc, gameID, token, actions)
		if err == nil {
			return acks, nil
		}
		var ae *APIError
		if errors.As(err, &ae) && ae.Status < 500 {
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		c.logger().Warn("post failed, retrying", "game", gameID, "attempt", attempt+1, "err", err)
	}
}

func (c *Client) conn(gameID, token string) *boardConn {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := connKey{gameID, token}
	bc := c.conns[k]
	if bc == nil {
		bc = &boardConn{}
		c.conns[k] = bc
	}
	return bc
}

// try makes one attempt: numbers the actions if needed, connects if
// needed, sends, and reads the answer. Any failure of the socket closes it.
func (c *Client) try(ctx context.Context, bc *boardConn, gameID, token string, actions []protocol.Action) ([]Ack, error) {
	if bc.next == 0 {
		for _, a := range actions {
			if a.Seq == 0 {
				v, err := c.Game(ctx, gameID)
				if err != nil {
					return nil, err
				}
				bc.next = max(v.Seqs["board"], v.Seqs["arbiter"]) + 1
				break
			}
		}
	}
	for i := range actions {
		if actions[i].Seq == 0 {
			actions[i].Seq = bc.next
			bc.next++
		} else if actions[i].Seq >= bc.next && bc.next != 0 {
			bc.next = actions[i].Seq + 1
		}
	}
	if bc.ws == nil {
		ws, err := c.dial(ctx, gameID, token)
		if err != nil {
			return nil, err
		}
		bc.ws = ws
	}
	body, err := json.Marshal(actions)
	if err != nil {
		return nil, err
	}
	m, err := c.roundTrip(ctx, bc.ws, body)
	if err != nil {
		bc.ws.CloseNow()
		bc.ws = nil
		return nil, err
	}
	switch {
	case m.Type == "ack" && m.Post != nil:
		if len(m.Post.Acks) != len(actions) {
			return nil, fmt.Errorf("server acknowledged %d of %d actions", len(m.Post.Acks), len(actions))
		}
		return m.Post.Acks, nil
	case m.Type == "error" && m.Error != nil:
		if m.Error.Status >= 500 {
			bc.ws.CloseNow()
			bc.ws = nil
		}
		return nil, m.Error
	}
	bc.ws.CloseNow()
	bc.ws = nil
	return nil, fmt.Errorf("unexpected message %q from the server", m.Type)
}

// roundTrip sends one post and reads its answer. If ctx ends first the
// socket is left in an unknown state: the caller closes it.
func (c *Client) roundTrip(ctx context.Context, ws *websocket.Conn, body []byte) (Message, error) {
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	err := ws.Write(wctx, websocket.MessageText, body)
	cancel()
	if err != nil {
		return Message{}, err
	}
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return Message{}, err
		}
		var m Message
		if err := json.Unmarshal(data, &m); err != nil {
			return Message{}, fmt.Errorf("bad message from the server: %v", err)
		}
		if m.Type == "ack" || m.Type == "error" {
			return m, nil
		}
		// Other messages (none on a follow=false socket) are skipped.
	}
}

// wsURL turns the base URL and a path into a ws:// or wss:// URL.
func (c *Client) wsURL(path string, q url.Values) string {
	u := c.base + path
	if rest, ok := strings.CutPrefix(u, "https://"); ok {
		u = "wss://" + rest
	} else if rest, ok := strings.CutPrefix(u, "http://"); ok {
		u = "ws://" + rest
	}
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

func (c *Client) dial(ctx context.Context, gameID, token string) (*websocket.Conn, error) {
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(dctx, c.wsURL("/api/games/"+url.PathEscape(gameID)+"/live", url.Values{"follow": {"false"}}),
		&websocket.DialOptions{HTTPClient: c.HTTP, HTTPHeader: h})
	if err != nil {
		if resp != nil && resp.StatusCode >= 400 {
			return nil, &APIError{Status: resp.StatusCode, Err: fmt.Sprintf("connecting to game %s: %v", gameID, err)}
		}
		return nil, err
	}
	ws.SetReadLimit(64 << 20)
	return ws, nil
}

// Game reads a game (GET /api/games/{id}).
func (c *Client) Game(ctx context.Context, gameID string) (*GameView, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/games/"+url.PathEscape(gameID), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		ae := &APIError{}
		if json.NewDecoder(resp.Body).Decode(ae) != nil || ae.Status == 0 {
			ae.Status, ae.Err = resp.StatusCode, resp.Status
		}
		return nil, ae
	}
	var v GameView
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return nil, err
	}
	return &v, nil
}

// Follow streams a game's messages (a "snapshot" on each connection, then
// an "entry" per new log entry) to fn, reconnecting when the socket
// breaks, until ctx ends or fn returns an error (which Follow returns).
func (c *Client) Follow(ctx context.Context, gameID string, fn func(Message) error) error {
	backoff := 50 * time.Millisecond
	maxBackoff := c.MaxBackoff
	if maxBackoff == 0 {
		maxBackoff = 2 * time.Second
	}
	for {
		ws, resp, err := websocket.Dial(ctx, c.wsURL("/api/games/"+url.PathEscape(gameID)+"/live", nil), &websocket.DialOptions{HTTPClient: c.HTTP})
		if err == nil {
			ws.SetReadLimit(64 << 20)
			backoff = 50 * time.Millisecond
			for {
				var data []byte
				if _, data, err = ws.Read(ctx); err != nil {
					break
				}
				var m Message
				if err = json.Unmarshal(data, &m); err != nil {
					break
				}
				if ferr := fn(m); ferr != nil {
					ws.Close(websocket.StatusNormalClosure, "")
					return ferr
				}
			}
			ws.CloseNow()
		} else if resp != nil && resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return &APIError{Status: resp.StatusCode, Err: err.Error()}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.logger().Warn("follow: reconnecting", "game", gameID, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// Close closes the client's sockets.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, bc := range c.conns {
		bc.mu.Lock()
		if bc.ws != nil {
			bc.ws.Close(websocket.StatusNormalClosure, "")
			bc.ws = nil
		}
		bc.mu.Unlock()
		delete(c.conns, k)
	}
	return nil
}

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
//
// While the server cannot be reached the Client holds the actions it was
// given and says so once, through OnState and Logger, then reminds every
// RemindEvery; when the server is back and has taken the held actions it
// says that too (see ClientState).
type Client struct {
	base string
	// HTTP is used for plain requests (Game); WebSocket dials use it too.
	HTTP *http.Client
	// Logger receives the outage notices (a warning when the server
	// becomes unreachable and at each reminder, a notice when it is back)
	// and, at debug level, every failed attempt; nil discards them.
	Logger *slog.Logger
	// MaxBackoff caps the wait between two attempts (default 2 s).
	MaxBackoff time.Duration
	// AnswerTimeout bounds the wait for the server's answer to one attempt
	// of a post (default 30 s): a server or a network that swallows a post
	// without answering counts as unreachable, and the post is sent again.
	AnswerTimeout time.Duration
	// OnState, if set, is told when the server becomes unreachable, every
	// RemindEvery while it stays so, and when it is back (see ClientState).
	// It is called from a posting goroutine, one call at a time, and
	// should return quickly; it may call Sender.Held but not post.
	OnState func(ClientState)
	// RemindEvery is the least time between two reports of one outage
	// (default 30 s; negative: no reminders).
	RemindEvery time.Duration

	mu    sync.Mutex
	conns map[connKey]*boardConn

	// notifyMu orders the reports (taken before hmu, held while OnState
	// runs); hmu guards health.
	notifyMu sync.Mutex
	hmu      sync.Mutex
	health   health
	// now is the clock of the reports (time.Now when nil; tests set it).
	now func() time.Time
}

// ClientState is a report of a Client on the server's reachability,
// given to Client.OnState: the server has become unreachable (Reachable
// false), is still unreachable (Reachable false, Reminder true), or is
// back (Reachable true) and has answered every action it was given while
// it could not be reached.
//
// An outage begins with a failed attempt to post: a connection refused
// or cut, a timeout, an answer 5xx (a proxy's 502 or 503 among them). It
// is reported when a fresh connection fails, or a second attempt in a
// row: a socket that had merely gone stale and reconnects at once is no
// outage. Refusals (4xx: a bad token, an impossible action) are answers:
// they end an outage rather than begin one. The report that the server is
// back waits until the actions held when it first answered again are
// answered; should it fail again meanwhile, the outage goes on unsaid.
type ClientState struct {
	// URL is the server's base URL, as given to NewClient.
	URL string
	// Reachable is false in the reports of an outage, true in the report
	// that it is over.
	Reachable bool
	// Reminder marks a further report of an outage already reported.
	Reminder bool
	// Cause says in plain words why the last failed attempt failed
	// ("connection refused", "timed out", "it answers 502 Bad Gateway");
	// Err is its error.
	Cause string
	Err   error
	// Down is when the outage began: the first attempt that failed.
	Down time.Time
	// Up, in the report that the server is back, is when it first
	// answered again.
	Up time.Time
	// At is when the report was made.
	At time.Time
	// Held is the number of actions given to the Client (Post,
	// Sender.Add) and not yet answered.
	Held int
	// Sent and Acks, in the report that the server is back, are the
	// actions held during the outage that the server has since stored,
	// in the order they were answered (one game's in the order posted),
	// and the server's acknowledgements of them, whose rulings name the
	// moves they made.
	Sent []protocol.Action
	Acks []Ack
	// Refused, in the report that the server is back, counts the held
	// actions the server did not store because it refused them (or the
	// post they were part of).
	Refused int
}

// health is the Client's account of the server's reachability and of the
// actions it holds. Every action given to the Client takes a ticket, in
// the order given; an outage reported and not yet over is down.
type health struct {
	ticket    int64 // the last ticket taken
	held      int   // actions given and not yet answered
	firstFail time.Time
	down      bool
	said      time.Time // when the outage was last reported
	cause     string
	err       error
	// up: the server has answered again since the last failure; the
	// outage is over once the actions held then (tickets up to upTicket,
	// waiting of them still unanswered) are answered.
	up       bool
	upAt     time.Time
	upTicket int64
	waiting  int
	sent     []protocol.Action
	acks     []Ack
	refused  int
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

func (c *Client) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
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
// until ctx ends (the actions count as held: see ClientState). A refusal
// (an impossible action: 400; a bad token: 401/403; a seq reused for
// another action: 409) is returned as an *APIError and not retried; then
// none of the actions was stored.
func (c *Client) Post(ctx context.Context, gameID, token string, actions []protocol.Action) ([]Ack, error) {
	if len(actions) == 0 {
		return nil, nil
	}
	first := c.take(len(actions))
	acks, err := c.post(ctx, gameID, token, actions)
	for i := range actions {
		var ack *Ack
		if err == nil {
			ack = &acks[i]
		}
		c.answered(first+int64(i), actions[i], ack, err)
	}
	return acks, err
}

// post is Post without the account of the actions held, which the caller
// keeps (Post, a Sender).
func (c *Client) post(ctx context.Context, gameID, token string, actions []protocol.Action) ([]Ack, error) {
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
		fresh := bc.ws == nil
		acks, err := c.try(ctx, bc, gameID, token, actions)
		if err == nil {
			c.reached()
			return acks, nil
		}
		var ae *APIError
		if errors.As(err, &ae) && ae.Status < 500 {
			c.reached()
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// A socket gone stale since the last post fails once and is
		// dialled again at once: that alone is no outage.
		c.unreachable(err, fresh || attempt > 0)
		c.logger().Debug("post failed, retrying", "server", c.base, "game", gameID, "attempt", attempt+1, "err", err)
	}
}

// take gives n actions their tickets and counts them held; it returns
// the first ticket.
func (c *Client) take(n int) int64 {
	c.hmu.Lock()
	defer c.hmu.Unlock()
	c.health.held += n
	c.health.ticket += int64(n)
	return c.health.ticket - int64(n) + 1
}

// reached notes that the server answered an attempt.
func (c *Client) reached() {
	c.notifyMu.Lock()
	defer c.notifyMu.Unlock()
	c.hmu.Lock()
	h := &c.health
	if !h.down {
		h.firstFail = time.Time{}
	}
	if !h.down || h.up {
		c.hmu.Unlock()
		return
	}
	h.up, h.upAt, h.upTicket, h.waiting = true, c.clock(), h.ticket, h.held
	var report *ClientState
	if h.waiting == 0 {
		report = c.back()
	}
	c.hmu.Unlock()
	c.report(report)
}

// unreachable notes an attempt that got no answer; sure says whether it
// shows the server unreachable by itself.
func (c *Client) unreachable(err error, sure bool) {
	c.notifyMu.Lock()
	defer c.notifyMu.Unlock()
	c.hmu.Lock()
	h := &c.health
	now := c.clock()
	if h.firstFail.IsZero() {
		h.firstFail = now
	}
	h.cause, h.err = unreachableCause(err), err
	var report *ClientState
	switch {
	case !h.down && sure:
		h.down, h.said = true, now
		report = &ClientState{URL: c.base, Cause: h.cause, Err: err, Down: h.firstFail, At: now, Held: h.held}
	case h.down:
		h.up = false
		every := c.RemindEvery
		if every == 0 {
			every = 30 * time.Second
		}
		if every > 0 && now.Sub(h.said) >= every {
			h.said = now
			report = &ClientState{URL: c.base, Reminder: true, Cause: h.cause, Err: err, Down: h.firstFail, At: now, Held: h.held}
		}
	}
	c.hmu.Unlock()
	c.report(report)
}

// answered notes the end of the action of a ticket: stored (ack), refused
// (err an *APIError) or given up (another err).
func (c *Client) answered(ticket int64, a protocol.Action, ack *Ack, err error) {
	c.notifyMu.Lock()
	defer c.notifyMu.Unlock()
	c.hmu.Lock()
	h := &c.health
	h.held--
	var report *ClientState
	if h.down && (!h.up || ticket <= h.upTicket) {
		var ae *APIError
		switch {
		case ack != nil:
			h.sent = append(h.sent, a)
			h.acks = append(h.acks, *ack)
		case errors.As(err, &ae):
			h.refused++
		}
		if h.up {
			h.waiting--
			if h.waiting == 0 {
				report = c.back()
			}
		}
	}
	c.hmu.Unlock()
	c.report(report)
}

// back ends the outage and returns its last report. hmu is held.
func (c *Client) back() *ClientState {
	h := &c.health
	r := &ClientState{URL: c.base, Reachable: true, Cause: h.cause, Err: h.err, Down: h.firstFail, Up: h.upAt, At: c.clock(),
		Held: h.held, Sent: h.sent, Acks: h.acks, Refused: h.refused}
	*h = health{ticket: h.ticket, held: h.held}
	return r
}

// report logs a report and gives it to OnState. notifyMu is held.
func (c *Client) report(r *ClientState) {
	if r == nil {
		return
	}
	switch {
	case r.Reachable:
		c.logger().Info("server back", "server", r.URL, "after", r.Up.Sub(r.Down).Round(time.Millisecond), "sent", len(r.Sent), "refused", r.Refused)
	case r.Reminder:
		c.logger().Warn("server still unreachable", "server", r.URL, "for", r.At.Sub(r.Down).Round(time.Second), "cause", r.Cause, "held", r.Held)
	default:
		c.logger().Warn("server unreachable, holding the actions and retrying", "server", r.URL, "cause", r.Cause, "held", r.Held)
	}
	if c.OnState != nil {
		c.OnState(*r)
	}
}

// unreachableCause says in a few plain words why an attempt to reach the
// server failed: "connection refused", "timed out", "it answers 502 Bad
// Gateway", ...; else the error's own text.
func unreachableCause(err error) string {
	var ae *APIError
	var dns *net.DNSError
	var ne net.Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ae):
		cause := fmt.Sprintf("it answers %d %s", ae.Status, http.StatusText(ae.Status))
		if ae.Err != "" && !strings.HasSuffix(ae.Err, http.StatusText(ae.Status)) {
			cause += ": " + ae.Err
		}
		return cause
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return fmt.Sprintf("no host is named %s", dns.Name)
		}
		return fmt.Sprintf("the name %s could not be looked up", dns.Name)
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.EHOSTDOWN):
		return "no route to the host"
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.ENETDOWN):
		return "the network is unreachable"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "timed out"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed), websocket.CloseStatus(err) != -1:
		return "the connection was closed"
	}
	return err.Error()
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
				gctx, cancel := context.WithTimeout(ctx, c.answerTimeout())
				v, err := c.Game(gctx, gameID)
				cancel()
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
	m, err := c.roundTrip(ctx, bc.ws, body, c.answerTimeout())
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

// answerTimeout is AnswerTimeout or its default.
func (c *Client) answerTimeout() time.Duration {
	if c.AnswerTimeout > 0 {
		return c.AnswerTimeout
	}
	return 30 * time.Second
}

// roundTrip sends one post and reads its answer, waiting for it at most
// wait. If ctx ends first, or the wait, the socket is left in an unknown
// state: the caller closes it.
func (c *Client) roundTrip(ctx context.Context, ws *websocket.Conn, body []byte, wait time.Duration) (Message, error) {
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	err := ws.Write(wctx, websocket.MessageText, body)
	cancel()
	if err != nil {
		return Message{}, err
	}
	ctx, cancel = context.WithTimeout(ctx, wait)
	defer cancel()
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
		if resp != nil && resp.StatusCode >= 500 {
			// A server that fails, or a proxy whose server is away: its
			// own words if it gave them as the API does, else the status.
			ae := &APIError{}
			if resp.Body == nil || json.NewDecoder(resp.Body).Decode(ae) != nil || ae.Err == "" {
				ae.Err = resp.Status
			}
			ae.Status, ae.Index, ae.Rulings = resp.StatusCode, nil, nil
			return nil, ae
		}
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
	var v GameView
	if err := c.call(ctx, http.MethodGet, "/api/games/"+url.PathEscape(gameID), "", nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// Table reads the game paired at a table in the event's current round
// (GET /api/events/{event}/tables/{n}, the table's token). Between rounds,
// or at a table with no game, the error is the server's 409.
func (c *Client) Table(ctx context.Context, event string, n int, token string) (*TableView, error) {
	var v TableView
	if err := c.call(ctx, http.MethodGet, tablePath(event, n), token, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// ReportEboard says what the board at a table is doing (PUT
// /api/events/{event}/tables/{n}/eboard, the table's token).
func (c *Client) ReportEboard(ctx context.Context, event string, n int, token string, st EboardStatus) error {
	body, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return c.call(ctx, http.MethodPut, tablePath(event, n)+"/eboard", token, body, nil)
}

func tablePath(event string, n int) string {
	return "/api/events/" + url.PathEscape(event) + "/tables/" + strconv.Itoa(n)
}

// call makes a request with a token and a JSON body (or none), and
// decodes the answer into out (unless nil); an answer other than 2xx is
// an *APIError.
func (c *Client) call(ctx context.Context, method, path, token string, body []byte, out any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		ae := &APIError{}
		if json.NewDecoder(resp.Body).Decode(ae) != nil || ae.Status == 0 {
			ae.Status, ae.Err = resp.StatusCode, resp.Status
		}
		return ae
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
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

// A Sender posts the actions of one game and token in the background, in
// the order they are added, for a caller that must not wait for the
// server: a board's reader, which goes on reading the board while the
// server is away. Add returns at once; the actions wait in the Sender
// while the server cannot be reached (Client.OnState tells, with their
// number) and go as soon as it answers again, several to a post. Each
// action keeps its seq through every attempt, so none is lost, stored
// twice or stored out of order.
//
// A refused action (400) is reported and skipped, as if posted alone: the
// actions posted with it are posted again without it.
type Sender struct {
	c           *Client
	game, token string
	fn          func(Outcome)
	ctx         context.Context
	cancel      context.CancelFunc
	wake        chan struct{}
	done        chan struct{}

	mu     sync.Mutex
	queue  []queued
	held   int // added and not yet answered
	closed bool
	unsent []protocol.Action
}

// queued is an action waiting in a Sender, with its ticket (see health).
type queued struct {
	a      protocol.Action
	ticket int64
}

// Outcome is what became of an action added to a Sender.
type Outcome struct {
	// Action is the action, with the seq it was posted with.
	Action protocol.Action
	// Ack is the server's acknowledgement when it stored the action (or
	// had it already).
	Ack *Ack
	// Err says why not: a refusal (an *APIError: 400 for this action;
	// another status, such as a bad token, for the post it was part of),
	// or the error that stopped the Sender before the server answered
	// (Close's ctx ended).
	Err error
}

// senderBatch bounds the actions of one post of a Sender (the server
// takes up to 500).
const senderBatch = 100

// NewSender returns a Sender of actions to gameID with token. fn, if not
// nil, is told what became of each action, in order, from the Sender's
// goroutine; it may call Add. Close the Sender when done.
func (c *Client) NewSender(gameID, token string, fn func(Outcome)) *Sender {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sender{c: c, game: gameID, token: token, fn: fn, ctx: ctx, cancel: cancel,
		wake: make(chan struct{}, 1), done: make(chan struct{})}
	go s.run()
	return s
}

// Add hands actions to the Sender, to be posted after those added before.
// Actions without a Seq are numbered when first posted. Add panics after
// Close.
func (s *Sender) Add(actions ...protocol.Action) {
	if len(actions) == 0 {
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		panic("server: Sender.Add after Close")
	}
	first := s.c.take(len(actions))
	for i, a := range actions {
		s.queue = append(s.queue, queued{a: a, ticket: first + int64(i)})
	}
	s.held += len(actions)
	s.mu.Unlock()
	s.signal()
}

// Held returns the number of actions added and not yet answered.
func (s *Sender) Held() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held
}

// Close waits until the server has answered every action added, or until
// ctx ends: then it stops the Sender and returns the actions the server
// did not answer, in order, with ctx's error. These may include actions
// the server stored without its answer coming back: posting them again
// with their seqs is harmless.
func (s *Sender) Close(ctx context.Context) ([]protocol.Action, error) {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.signal()
	var err error
	select {
	case <-s.done:
	case <-ctx.Done():
		s.cancel()
		<-s.done
	}
	s.cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.unsent) > 0 {
		err = ctx.Err()
		if err == nil {
			err = context.Canceled
		}
	}
	return s.unsent, err
}

func (s *Sender) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *Sender) run() {
	defer close(s.done)
	for {
		s.mu.Lock()
		for len(s.queue) == 0 {
			if s.closed {
				s.mu.Unlock()
				return
			}
			s.mu.Unlock()
			<-s.wake
			s.mu.Lock()
		}
		n := min(len(s.queue), senderBatch)
		batch := s.queue[:n:n]
		s.queue = s.queue[n:]
		s.mu.Unlock()
		s.send(batch)
	}
}

// send posts a batch until the server answers it, and reports each
// action's outcome. A refusal of one action posts the others again
// without it.
func (s *Sender) send(batch []queued) {
	if len(batch) == 0 {
		return
	}
	if err := s.ctx.Err(); err != nil {
		for _, q := range batch {
			s.finish(q, nil, err)
		}
		return
	}
	as := make([]protocol.Action, len(batch))
	for i := range batch {
		as[i] = batch[i].a
	}
	acks, err := s.c.post(s.ctx, s.game, s.token, as)
	for i := range batch {
		batch[i].a = as[i] // with its seq, for every later attempt
	}
	var ae *APIError
	switch {
	case err == nil:
		for i, q := range batch {
			s.finish(q, &acks[i], nil)
		}
	case errors.As(err, &ae) && ae.Status == http.StatusBadRequest && len(batch) > 1:
		// None of the batch was stored. The actions before the refused
		// one go again, then it is reported, then the rest go.
		if ae.Index == nil || *ae.Index < 0 || *ae.Index >= len(batch) {
			for i := range batch {
				s.send(batch[i : i+1])
			}
			return
		}
		i := *ae.Index
		s.send(batch[:i])
		alone := *ae
		zero := 0
		alone.Index = &zero
		s.finish(batch[i], nil, &alone)
		s.send(batch[i+1:])
	default:
		for _, q := range batch {
			s.finish(q, nil, err)
		}
	}
}

// finish accounts for the answer to one action and reports it.
func (s *Sender) finish(q queued, ack *Ack, err error) {
	s.c.answered(q.ticket, q.a, ack, err)
	s.mu.Lock()
	s.held--
	var ae *APIError
	if err != nil && !errors.As(err, &ae) {
		s.unsent = append(s.unsent, q.a)
	}
	s.mu.Unlock()
	if s.fn != nil {
		s.fn(Outcome{Action: q.a, Ack: ack, Err: err})
	}
}

package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/arbiterchess/arbiter/lang"
)

// pingEvery is how often a live socket is pinged to detect dead peers.
const pingEvery = 30 * time.Second

// writeTimeout bounds one write to a socket.
const writeTimeout = 10 * time.Second

// accept upgrades a request to a WebSocket. Any origin may connect: the
// API uses no cookies, so a page of another site can do nothing a token
// does not allow. The socket's connection is a corkConn, so that a batch
// of messages goes out in one write.
func accept(w http.ResponseWriter, r *http.Request) (*websocket.Conn, *corkConn, error) {
	hw := &hijackWriter{ResponseWriter: w}
	c, err := websocket.Accept(hw, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil, nil, err
	}
	c.SetReadLimit(maxBody)
	return c, hw.conn, nil
}

// snapshotMessage is the snapshot of g for a follower of the game
// (withRulings) or of its event: a copy of its view, which may be encoded
// once g is released. The caller holds g.mu.
func snapshotMessage(g *live, withRulings bool) *Message {
	v := g.view(withRulings)
	v.Violations = slices.Clone(v.Violations) // the engine's own, which grows
	v.Summary.Violations = v.Violations
	return &Message{Type: "snapshot", Event: g.meta.Event, GameID: g.meta.ID, Game: v}
}

// eventSnapshot is the snapshot of g for the followers of its event,
// shared by all of them while g's log does not grow. The caller holds
// g.mu.
func eventSnapshot(g *live) outMsg {
	n := int64(len(g.log))
	c := g.eventSnap.Load()
	if c == nil || c.n != n {
		c = &sharedSnap{n: n, m: snapshotMessage(g, false)}
		g.eventSnap.Store(c)
	}
	return outMsg{snap: c}
}

// followGame streams a game: a snapshot, then every new entry. A socket
// opened with the board's or the arbiter's token may also send actions
// (the body of a POST /actions, one post per message); each is answered
// with an "ack" or "error" message. With ?follow=false only those answers
// are sent (an e-board's connection).
func (s *Server) followGame(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	g, err := s.game(ctx, r.PathValue("game"))
	if err != nil {
		writeErr(w, err)
		return
	}
	// A token that is neither the board's nor the arbiter's reads as none
	// (the event's delay applies), as on every read; its posts on the
	// socket are refused one by one (a page whose board token was
	// replaced keeps following the game).
	tok := requestToken(r)
	lag, err := s.readerDelay(ctx, r, g.meta.Event, g)
	if err != nil {
		writeErr(w, err)
		return
	}
	reader := s.readerOf(ctx, r, g)
	anon := reader == "anyone"
	follow := r.URL.Query().Get("follow") != "false"
	if !s.socketAllowed(w, r) {
		return
	}
	defer s.socketDone(r)
	c, cc, err := accept(w, r)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	// A socket that only posts (an e-board's, ?follow=false) is sent
	// nothing but its answers: no queue.
	sb := &subscriber{gone: make(chan struct{}), lang: l}
	if follow && lag > 0 {
		// Anonymous, under the event's broadcast delay: the game as it
		// stood lag ago, then its entries as they become that old.
		sb = newSubscriber(1)
		sb.lang = l
		sh, err := s.past(ctx, g, lag, true)
		if err != nil {
			c.Close(websocket.StatusInternalError, "snapshot failed")
			return
		}
		sh.mu.Lock()
		m := snapshotMessage(sh, true)
		m.Game.Reader = "anyone"
		sb.push(sh.meta.ID, outMsg{snap: &sharedSnap{m: m}}, nil)
		s.hub.follow(s.hub.delayed.byGame, sh.meta.ID, sb)
		sh.mu.Unlock()
		defer s.hub.unfollow(s.hub.delayed.byGame, sh.meta.ID, sb)
	} else if follow {
		sb = newSubscriber(1)
		sb.lang = l
		sb.anon = anon
		g.mu.Lock()
		err := s.syncLive(ctx, g)
		if err == nil {
			m := snapshotMessage(g, true)
			m.Game.Reader = reader
			sb.push(g.meta.ID, outMsg{snap: &sharedSnap{m: m}}, nil)
			s.hub.follow(s.hub.live.byGame, g.meta.ID, sb)
		}
		g.mu.Unlock()
		if err != nil {
			c.Close(websocket.StatusInternalError, "snapshot failed")
			return
		}
		defer s.hub.unfollow(s.hub.live.byGame, g.meta.ID, sb)
	}
	s.serveSocket(ctx, c, cc, sb, func(ctx context.Context, data []byte) Message {
		if tok == "" {
			return Message{Type: "error", Error: apiMsg(http.StatusUnauthorized, "server.socket-token")}
		}
		// The game as the server holds it now: one nobody followed may
		// have been freed while this socket only posted, and a post must
		// not go to a copy of it that the server no longer has. Asking
		// for it also marks it used.
		g, err := s.game(ctx, g.meta.ID)
		if err != nil {
			return Message{Type: "error", Error: apiErr(http.StatusInternalServerError, "%v", err)}
		}
		// Checked again for every post: a board token replaced since the
		// socket opened no longer posts.
		who, err := s.author(ctx, tok, g)
		if err != nil {
			var ae *APIError
			if !errors.As(err, &ae) {
				ae = apiErr(http.StatusInternalServerError, "%v", err)
			}
			return Message{Type: "error", GameID: g.meta.ID, Error: ae}
		}
		actions, err := ParseActions(data)
		if err == nil {
			var res PostResult
			if res, err = s.post(ctx, g, who, actions); err == nil {
				return Message{Type: "ack", GameID: res.Game, Post: &res}
			}
		}
		var ae *APIError
		if !errors.As(err, &ae) {
			s.log.Error("post over websocket", "game", g.meta.ID, "err", err)
			ae = apiErr(http.StatusInternalServerError, "%v", err)
		}
		return Message{Type: "error", GameID: g.meta.ID, Error: ae}
	})
}

// followEvent streams every game of an event: one snapshot per game, then
// every new entry of any of them (and snapshots of games added later).
func (s *Server) followEvent(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	// The event's games as the feed lists them (a copy at most feedTTL
	// old, dropped when games are added here): a hall of spectators
	// connecting at once costs one read of the list.
	_, metas, err := s.eventGames(ctx, id)
	if err != nil {
		writeErr(w, err)
		return
	}
	var lives []*live
	for _, m := range metas {
		g, err := s.game(ctx, m.ID)
		if err != nil {
			writeErr(w, err)
			return
		}
		lives = append(lives, g)
	}
	lag, err := s.readerDelay(ctx, r, id, nil)
	if err != nil {
		writeErr(w, err)
		return
	}
	anon := !s.readsLive(ctx, r, id, nil)
	if !s.socketAllowed(w, r) {
		return
	}
	defer s.socketDone(r)
	c, cc, err := accept(w, r)
	if err != nil {
		return
	}
	defer c.CloseNow()
	if lag > 0 {
		s.followEventDelayed(ctx, c, cc, id, lives, lag, l)
		return
	}
	// The follower is registered first, every game's snapshot pending: the
	// entries of a game are not queued until its snapshot is, taken under
	// the game's lock (briefly: a copy of its view, encoded by the
	// socket's writer). No entry falls between a snapshot and the stream,
	// and no game is held while the others are.
	sb := newSubscriber(len(lives))
	sb.gather = hallGather
	sb.anon = anon
	sb.lang = l
	sb.pending = make(map[string]bool, len(lives))
	sb.known = make(map[string]bool, len(lives))
	for _, g := range lives {
		sb.pending[g.meta.ID] = true
		sb.known[g.meta.ID] = true
	}
	s.hub.follow(s.hub.live.byEvent, id, sb)
	// On PostgreSQL (other processes append too) the heads of all the
	// games are read in one query rather than one query per game; a game
	// behind its head catches up before its snapshot, and the entries
	// appended since are notified (and published) after it.
	var heads map[string]int64
	if s.store.Postgres() {
		heads, err = s.store.Heads(ctx, id)
	}
	// Snapshots in board order, as listed by the store.
	for _, g := range lives {
		if err != nil {
			break
		}
		g.mu.Lock()
		if heads != nil {
			err = s.syncTo(ctx, g, heads[g.meta.ID])
		} else {
			err = s.sync(ctx, g)
		}
		if err == nil {
			sb.snapshot(g.meta.ID, eventSnapshot(g))
		}
		g.mu.Unlock()
	}
	sb.mu.Lock()
	sb.pending = nil
	sb.mu.Unlock()
	if err != nil {
		s.hub.unfollow(s.hub.live.byEvent, id, sb)
		c.Close(websocket.StatusInternalError, "snapshot failed")
		return
	}
	defer s.hub.unfollow(s.hub.live.byEvent, id, sb)
	s.serveSocket(ctx, c, cc, sb, func(context.Context, []byte) Message {
		return Message{Type: "error", Error: apiMsg(http.StatusBadRequest, "server.event-stream-read-only")}
	})
}

// followEventDelayed streams an event's games as they stood lag ago (the
// event's broadcast delay, for an anonymous follower): one snapshot per
// game from its shadow, then their entries as they become that old.
func (s *Server) followEventDelayed(ctx context.Context, c *websocket.Conn, cc *corkConn, id string, lives []*live, lag time.Duration, l *lang.Lang) {
	sb := newSubscriber(len(lives))
	sb.lang = l
	sb.gather = hallGather
	sb.pending = make(map[string]bool, len(lives))
	sb.known = make(map[string]bool, len(lives))
	for _, g := range lives {
		sb.pending[g.meta.ID] = true
		sb.known[g.meta.ID] = true
	}
	s.hub.follow(s.hub.delayed.byEvent, id, sb)
	defer s.hub.unfollow(s.hub.delayed.byEvent, id, sb)
	for _, g := range lives {
		sh, err := s.past(ctx, g, lag, true)
		if err != nil {
			c.Close(websocket.StatusInternalError, "snapshot failed")
			return
		}
		sh.mu.Lock()
		sb.snapshot(sh.meta.ID, eventSnapshot(sh))
		sh.mu.Unlock()
	}
	sb.mu.Lock()
	sb.pending = nil
	sb.mu.Unlock()
	s.serveSocket(ctx, c, cc, sb, func(context.Context, []byte) Message {
		return Message{Type: "error", Error: apiMsg(http.StatusBadRequest, "server.event-stream-read-only")}
	})
}

// serveSocket writes the subscriber's queue to the socket and answers each
// message read with handle, until the peer leaves, the subscriber is
// dropped or the server closes.
func (s *Server) serveSocket(ctx context.Context, c *websocket.Conn, cc *corkConn, sb *subscriber, handle func(context.Context, []byte) Message) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	readErr := make(chan error, 1)
	go func() {
		for {
			typ, data, err := c.Read(ctx)
			if err != nil {
				readErr <- err
				return
			}
			if typ == websocket.MessageText && !utf8.Valid(data) {
				// RFC 6455 8.1: a text frame must be UTF-8.
				c.Close(websocket.StatusInvalidFramePayloadData, "text message is not UTF-8")
				readErr <- errors.New("text message is not UTF-8")
				return
			}
			var m Message
			if typ != websocket.MessageText {
				m = Message{Type: "error", Error: apiMsg(http.StatusBadRequest, "server.socket-text")}
			} else {
				m = handle(ctx, data)
			}
			messageInLang(sb.lang, &m)
			b, _ := json.Marshal(m)
			wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
			err = c.Write(wctx, websocket.MessageText, b)
			wcancel()
			if err != nil {
				readErr <- err
				return
			}
		}
	}()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	var batch []outMsg
	for {
		select {
		case <-sb.wake:
			if sb.gather > 0 {
				select {
				case <-time.After(sb.gather):
				case <-ctx.Done():
					return
				}
			}
			batch = sb.take(batch)
			if err := s.writeBatch(ctx, c, cc, sb.lang, batch); err != nil {
				return
			}
			s.metrics.pushedTo(len(batch))
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		case <-sb.gone:
			s.metrics.followerDropped(sb.why != "")
			why := "this follower fell too far behind; reconnect for a fresh snapshot"
			if sb.why != "" {
				why = sb.why // set before gone was closed
			}
			b, _ := json.Marshal(Message{Type: "error", Dropped: true, Error: apiErr(http.StatusServiceUnavailable, "%s", why)})
			wctx, wcancel := context.WithTimeout(ctx, time.Second)
			c.Write(wctx, websocket.MessageText, b)
			wcancel()
			c.Close(websocket.StatusTryAgainLater, "too slow")
			return
		case <-s.done:
			c.Close(websocket.StatusGoingAway, "server shutting down")
			return
		case <-readErr:
			return
		}
	}
}

// writeBatch writes the messages a follower's queue held, one WebSocket
// message each, corked: they leave in one write to the connection (or a
// few, for a large batch) rather than one each.
//
// A large batch (a hall's snapshots) is written in chunks of bigBatch
// messages, each while holding s.heavy (or after waiting heavyWait for
// it): one goroutine at a time does that long work, so that the short
// work of the posts (and their acknowledgements) does not queue for the
// cores behind a hundred of them.
func (s *Server) writeBatch(ctx context.Context, c *websocket.Conn, cc *corkConn, l *lang.Lang, batch []outMsg) error {
	for len(batch) > 0 {
		n := min(len(batch), bigBatch)
		heavy := n == bigBatch
		if heavy {
			t := time.NewTimer(heavyWait)
			select {
			case s.heavy <- struct{}{}:
			case <-t.C:
				heavy = false
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
			t.Stop()
		}
		err := s.writeChunk(ctx, c, cc, l, batch[:n])
		if heavy {
			<-s.heavy
		}
		if err != nil {
			return err
		}
		batch = batch[n:]
	}
	return nil
}

// hallGather is a hall follower's subscriber.gather: a small part of the
// fan-out's budget (100 ms).
const hallGather = 10 * time.Millisecond

// bigBatch is the chunk of a large batch; heavyWait the longest a chunk
// waits for its turn (a peer slow to read holds it up to writeTimeout).
const (
	bigBatch  = 256
	heavyWait = 200 * time.Millisecond
)

// writeChunk writes messages corked, their rulings' text in l.
func (s *Server) writeChunk(ctx context.Context, c *websocket.Conn, cc *corkConn, l *lang.Lang, batch []outMsg) error {
	// The connection's deadline bounds the batch's writes, rather than a
	// context's timer per message.
	cc.cork(time.Now().Add(writeTimeout))
	for _, m := range batch {
		b := m.bytes()
		if b == nil {
			s.log.Error("a snapshot failed to encode")
			continue
		}
		b = encodedInLang(l, b)
		if err := c.Write(context.WithoutCancel(ctx), websocket.MessageText, b); err != nil {
			cc.uncork()
			return err
		}
	}
	return cc.uncork()
}

// corkMax is the most a corked connection holds before it writes.
const corkMax = 64 << 10

// corkConn is a WebSocket's connection that, while corked, gathers what
// is written to it (whole frames: the WebSocket library flushes each
// message) and writes it in one piece when uncorked.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    []byte
}

// Write writes p, or keeps it while the connection is corked.
func (cc *corkConn) Write(p []byte) (int, error) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if !cc.corked {
		return cc.Conn.Write(p)
	}
	if cc.buf == nil {
		cc.buf = (*corkBufs.Get().(*[]byte))[:0]
	}
	cc.buf = append(cc.buf, p...)
	if len(cc.buf) >= corkMax {
		if err := cc.flush(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// flush writes what was kept; the caller holds cc.mu. Each piece (at
// most about corkMax bytes) gets writeTimeout of its own, as one message
// did before messages were corked: a slow reader is not dropped for the
// size of a batch.
func (cc *corkConn) flush() error {
	if len(cc.buf) == 0 {
		return nil
	}
	cc.Conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	_, err := cc.Conn.Write(cc.buf)
	cc.buf = cc.buf[:0]
	return err
}

// release gives the buffer back to corkBufs (unless a large message grew
// it); the caller holds cc.mu.
func (cc *corkConn) release() {
	if cc.buf != nil && cap(cc.buf) <= 2*corkMax {
		b := cc.buf[:0]
		corkBufs.Put(&b)
	}
	cc.buf = nil
}

// cork keeps what is written until uncork, and bounds the writes to the
// connection until then by deadline.
func (cc *corkConn) cork(deadline time.Time) {
	cc.mu.Lock()
	cc.corked = true
	cc.Conn.SetWriteDeadline(deadline)
	cc.mu.Unlock()
}

// uncork writes what was kept and lets writes through again.
func (cc *corkConn) uncork() error {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.corked = false
	defer cc.Conn.SetWriteDeadline(time.Time{})
	defer cc.release()
	return cc.flush()
}

// corkBufs are the buffers of the corked connections, which hold one
// only while corked.
var corkBufs = sync.Pool{New: func() any {
	b := make([]byte, 0, corkMax+8<<10)
	return &b
}}

// hijackWriter hands the WebSocket library a corkConn when it takes the
// connection over.
type hijackWriter struct {
	http.ResponseWriter
	conn *corkConn
}

// Hijack takes the connection over, as http.Hijacker.
func (hw *hijackWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(hw.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	hw.conn = &corkConn{Conn: nc}
	return hw.conn, bufio.NewReadWriter(brw.Reader, bufio.NewWriter(hw.conn)), nil
}

// Unwrap gives http.ResponseController the underlying writer.
func (hw *hijackWriter) Unwrap() http.ResponseWriter { return hw.ResponseWriter }

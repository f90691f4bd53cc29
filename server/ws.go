package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/server/store"
	"github.com/coder/websocket"
)

// pingEvery is how often a live socket is pinged to detect dead peers.
const pingEvery = 30 * time.Second

// writeTimeout bounds one write to a socket.
const writeTimeout = 10 * time.Second

// accept upgrades a request to a WebSocket. Any origin may connect: the
// API uses no cookies, so a page of another site can do nothing a token
// does not allow.
func accept(w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(maxBody)
	return c, nil
}

// followGame streams a game: a snapshot, then every new entry. A socket
// opened with the board's or the arbiter's token may also send actions
// (the body of a POST /actions, one post per message); each is answered
// with an "ack" or "error" message. With ?follow=false only those answers
// are sent (an e-board's connection).
func (s *Server) followGame(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := s.game(ctx, r.PathValue("game"))
	if err != nil {
		writeErr(w, err)
		return
	}
	tok := requestToken(r)
	if tok != "" {
		if _, err = s.author(ctx, tok, g); err != nil {
			writeErr(w, err)
			return
		}
	}
	follow := r.URL.Query().Get("follow") != "false"
	c, err := accept(w, r)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	// A socket that only posts (an e-board's, ?follow=false) is sent
	// nothing but its answers: no queue (1,025 slots, 24 KiB each).
	sb := &subscriber{gone: make(chan struct{})}
	if follow {
		sb = newSubscriber(1)
		g.mu.Lock()
		err := s.sync(ctx, g)
		if err == nil {
			var b []byte
			b, err = json.Marshal(Message{Type: "snapshot", Event: g.meta.Event, GameID: g.meta.ID, Game: g.view(true)})
			sb.send(b)
			s.hub.followGame(g.meta.ID, sb)
		}
		g.mu.Unlock()
		if err != nil {
			c.Close(websocket.StatusInternalError, "snapshot failed")
			return
		}
		defer s.hub.unfollowGame(g.meta.ID, sb)
	}
	s.serveSocket(ctx, c, sb, func(ctx context.Context, data []byte) Message {
		if tok == "" {
			return Message{Type: "error", Error: apiErr(http.StatusUnauthorized, "connect with the board's or the arbiter's token to post actions")}
		}
		// Checked again for every post: a board token replaced since the
		// socket opened no longer posts.
		author, err := s.author(ctx, tok, g)
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
			if res, err = s.post(ctx, g, author, actions); err == nil {
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
	if _, err := s.store.Event(ctx, id); err != nil {
		writeErr(w, err)
		return
	}
	metas, err := s.store.Games(ctx, id)
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
	c, err := accept(w, r)
	if err != nil {
		return
	}
	defer c.CloseNow()
	sb := newSubscriber(len(lives))
	// Hold every game while taking the snapshots and registering, so that
	// no entry falls between a snapshot and the stream. Only this path
	// holds two games at once, always in id order.
	slices.SortFunc(lives, func(a, b *live) int {
		if a.meta.ID < b.meta.ID {
			return -1
		}
		return 1
	})
	for _, g := range lives {
		g.mu.Lock()
	}
	// On PostgreSQL (other processes append too) the heads of all the
	// games are read in one query once every game is held, rather than
	// one query per game with the games held the while; a game behind its
	// head catches up before its snapshot.
	var heads map[string]int64
	if s.store.Postgres() {
		var current []store.Game
		if current, err = s.store.Games(ctx, id); err == nil {
			heads = make(map[string]int64, len(current))
			for _, m := range current {
				heads[m.ID] = m.Head
			}
		}
	}
	var snaps [][]byte
	for _, g := range lives {
		if err == nil && heads != nil {
			err = s.syncTo(ctx, g, heads[g.meta.ID])
		} else if err == nil {
			err = s.sync(ctx, g)
		}
		if err == nil {
			var b []byte
			b, err = json.Marshal(Message{Type: "snapshot", Event: id, GameID: g.meta.ID, Game: g.view(false)})
			snaps = append(snaps, b)
		}
	}
	if err == nil {
		// Snapshots in board order, as listed by the store.
		order := map[string]int{}
		for i, m := range metas {
			order[m.ID] = i
		}
		idx := make([]int, len(lives))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return order[lives[a].meta.ID] - order[lives[b].meta.ID] })
		for _, i := range idx {
			sb.send(snaps[i])
		}
		s.hub.followEvent(id, sb)
	}
	for _, g := range lives {
		g.mu.Unlock()
	}
	if err != nil {
		c.Close(websocket.StatusInternalError, "snapshot failed")
		return
	}
	defer s.hub.unfollowEvent(id, sb)
	s.serveSocket(ctx, c, sb, func(context.Context, []byte) Message {
		return Message{Type: "error", Error: apiErr(http.StatusBadRequest, "an event stream is read-only: post to /api/games/{game}/live or /actions")}
	})
}

// serveSocket writes the subscriber's queue to the socket and answers each
// message read with handle, until the peer leaves, the subscriber is
// dropped or the server closes.
func (s *Server) serveSocket(ctx context.Context, c *websocket.Conn, sb *subscriber, handle func(context.Context, []byte) Message) {
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
				m = Message{Type: "error", Error: apiErr(http.StatusBadRequest, "send actions as text messages")}
			} else {
				m = handle(ctx, data)
			}
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
	for {
		select {
		case b := <-sb.ch:
			wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Write(wctx, websocket.MessageText, b)
			wcancel()
			if err != nil {
				return
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		case <-sb.gone:
			b, _ := json.Marshal(Message{Type: "error", Dropped: true, Error: apiErr(http.StatusServiceUnavailable, "this follower fell too far behind; reconnect for a fresh snapshot")})
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

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// readGame loads a game and brings it up to date with the store.
func (s *Server) readGame(ctx context.Context, id string, f func(g *live)) error {
	g, err := s.game(ctx, id)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := s.sync(ctx, g); err != nil {
		return err
	}
	f(g)
	return nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	var v *GameView
	if err := s.readView(r.Context(), r, r.PathValue("game"), func(g *live) { v = g.view(true) }); err != nil {
		writeErr(w, err)
		return
	}
	if d, err := s.eventDelay(r.Context(), v.Event); err == nil {
		v.Delay = int(d / time.Second)
	}
	if g, err := s.game(r.Context(), v.ID); err == nil {
		v.Reader = s.readerOf(r.Context(), r, g)
	}
	viewInLang(l, v)
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) getLog(w http.ResponseWriter, r *http.Request) {
	l, err := readerLang(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	after := int64(0)
	if q := r.URL.Query().Get("after"); q != "" {
		n, err := strconv.ParseInt(q, 10, 64)
		if err != nil || n < 0 {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.after-range", "Got", strconv.Quote(q)))
			return
		}
		after = n
	}
	limit := int64(logPage)
	if q := r.URL.Query().Get("limit"); q != "" {
		n, err := strconv.ParseInt(q, 10, 64)
		if err != nil || n < 1 || n > logPage {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.limit-range", "Max", logPage, "Got", strconv.Quote(q)))
			return
		}
		limit = n
	}
	entries := []store.Entry{}
	more := false
	err = s.readView(r.Context(), r, r.PathValue("game"), func(g *live) {
		end := min(after+limit, int64(len(g.log)))
		for i := min(after, int64(len(g.log))); i < end; i++ {
			e := g.log[i].Entry
			e.Rulings = inLang(l, e.Rulings)
			entries = append(entries, e)
		}
		more = end < int64(len(g.log))
	})
	if more && len(entries) > 0 {
		// The next page: the Link header names it (RFC 8288).
		next := entries[len(entries)-1].N
		link := fmt.Sprintf("%s?after=%d&limit=%d", r.URL.Path, next, limit)
		if q := r.URL.Query().Get("lang"); q != "" {
			link += "&lang=" + l.Code()
		}
		w.Header().Set("Link", "<"+link+">; rel=\"next\"")
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, entries)
}

// ParseActions reads the actions of a post: a JSON array of action
// objects, one object, or JSON Lines (objects one after another). Each
// action is checked as protocol.ParseLine checks an input line; start
// lines are refused (a game's start is given when it is created).
func ParseActions(body []byte) ([]protocol.Action, error) {
	body = bytes.TrimSpace(body)
	var raws []json.RawMessage
	if len(body) > 0 && body[0] == '[' {
		if err := json.Unmarshal(body, &raws); err != nil {
			return nil, apiMsg(http.StatusBadRequest, "server.malformed-json", "Err", err)
		}
	} else {
		dec := json.NewDecoder(bytes.NewReader(body))
		for {
			var raw json.RawMessage
			err := dec.Decode(&raw)
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, apiMsg(http.StatusBadRequest, "server.malformed-json-after", "N", len(raws), "Err", err)
			}
			raws = append(raws, raw)
		}
	}
	if len(raws) == 0 {
		return nil, apiMsg(http.StatusBadRequest, "server.no-actions")
	}
	if len(raws) > maxActionsPerPost {
		return nil, apiMsg(http.StatusBadRequest, "server.too-many-actions", "N", len(raws), "Max", maxActionsPerPost)
	}
	out := make([]protocol.Action, 0, len(raws))
	for i, raw := range raws {
		l, err := protocol.ParseLine(raw)
		if err != nil {
			return nil, refused(http.StatusBadRequest, i, err.Error(), nil)
		}
		if l.Start != nil {
			return nil, refused(http.StatusBadRequest, i, "a start line is not an action: the start is set when the game is created", nil)
		}
		if l.Action.Seq < 0 || l.Action.Seq > maxSeq {
			return nil, refused(http.StatusBadRequest, i, fmt.Sprintf("seq must be positive and at most 2^53-1 (%d)", int64(maxSeq)), nil)
		}
		if len(l.Action.Move) > 20 {
			return nil, refused(http.StatusBadRequest, i, "move is longer than 20 characters", nil)
		}
		out = append(out, l.Action)
	}
	return out, nil
}

func (s *Server) postActions(w http.ResponseWriter, r *http.Request) {
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
	who, err := s.author(ctx, requestToken(r), g)
	if err != nil {
		writeErr(w, err)
		return
	}
	body, err := readBody(w, r)
	if err != nil {
		writeErr(w, err)
		return
	}
	actions, err := ParseActions(body)
	if err != nil {
		writeErr(w, err)
		return
	}
	res, err := s.post(ctx, g, who, actions)
	postAnswer(w, l, res, err)
}

// arbiterGame loads the request's game and checks that the token is the
// arbiter's; otherwise it writes the error (404, 401, 403) and reports
// false. what is what only the arbiter may do: "result", "board-token" or
// "clocks", the last part of the messages server.arbiter-only.* and
// server.arbiter-token-for.*.
func (s *Server) arbiterGame(w http.ResponseWriter, r *http.Request, what string) (*live, bool) {
	g, err := s.game(r.Context(), r.PathValue("game"))
	if err != nil {
		writeErr(w, err)
		return nil, false
	}
	if who, err := s.authorFor(r.Context(), requestToken(r), g, "server.arbiter-token-for."+what); err != nil || who.author != store.ByArbiter {
		if err == nil {
			err = apiMsg(http.StatusForbidden, "server.arbiter-only."+what)
		}
		writeErr(w, err)
		return nil, false
	}
	return g, true
}

func (s *Server) postResult(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, ok := s.arbiterGame(w, r, "result")
	if !ok {
		return
	}
	var d DecisionSpec
	if err := readJSON(w, r, &d); err != nil {
		writeErr(w, err)
		return
	}
	switch {
	case d.Forfeit && (d.Result == "1-0" || d.Result == "0-1" || d.Result == "0-0"):
	case d.Forfeit:
		writeErr(w, apiMsg(http.StatusBadRequest, "server.forfeit-result", "Got", strconv.Quote(d.Result)))
		return
	case d.Result == "1-0" || d.Result == "0-1" || d.Result == "1/2-1/2" || d.Result == "*":
	default:
		writeErr(w, apiMsg(http.StatusBadRequest, "server.result-value", "Got", strconv.Quote(d.Result)))
		return
	}
	if err := textField("reason", d.Reason); err != nil {
		writeErr(w, err)
		return
	}
	res, err := s.decide(ctx, g, store.Decision{Result: d.Result, Reason: d.Reason, Forfeit: d.Forfeit})
	if err != nil {
		writeErr(w, err)
		return
	}
	s.log.Info("arbiter decision", "game", g.meta.ID, "result", d.Result)
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) newBoardToken(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, ok := s.arbiterGame(w, r, "board-token")
	if !ok {
		return
	}
	tok := newToken(boardPrefix)
	h := hashToken(tok)
	g.mu.Lock()
	err := s.store.SetBoardHash(ctx, g.meta.ID, h)
	if err == nil {
		g.meta.BoardHash = h
	}
	g.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": g.meta.ID, "board_token": tok})
}

// publishSnapshot sends the whole game to its followers (a game new to
// them). The caller holds g.mu.
func (s *Server) publishSnapshot(g *live) {
	if !s.hub.watched(g.meta.ID, g.meta.Event) {
		return
	}
	b, err := json.Marshal(Message{Type: "snapshot", Event: g.meta.Event, GameID: g.meta.ID, Game: g.view(false)})
	if err != nil {
		return
	}
	s.hub.publish(g.meta.ID, g.meta.Event, b, func() outMsg { return outMsg{b: b} })
}

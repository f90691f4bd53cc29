package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"net"
	"net/http"
	"strings"

	"github.com/arbiterchess/arbiter/server/store"
)

// Token prefixes tell the two kinds of token apart at a glance.
const (
	arbiterPrefix = "arb_"
	boardPrefix   = "brd_"
)

// NewAdminToken returns a fresh random admin token, for a server that
// listens beyond loopback without one given.
func NewAdminToken() string { return newToken("adm_") }

// Loopback reports whether a listen address (host:port) takes connections
// from this machine only: a loopback IP or "localhost". An empty host or
// an unspecified IP (":8080", "0.0.0.0:8080") listens on every interface.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newToken returns a fresh random token (256 bits) with the given prefix.
func newToken(prefix string) string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken returns the hex SHA-256 of a token, as stored.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// tokenMatches compares a presented token with a stored hash in constant
// time. An empty token or hash never matches.
func tokenMatches(token, hash string) bool {
	if token == "" || hash == "" {
		return false
	}
	return hashMatches(hashToken(token), hash)
}

// hashMatches compares a token's hash with a stored hash in constant
// time. An empty stored hash never matches.
func hashMatches(got, hash string) bool {
	return hash != "" && subtle.ConstantTimeCompare([]byte(got), []byte(hash)) == 1
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID returns a random identifier for an event or a game: 10 bytes,
// 16 lower-case letters and digits.
func newID() string {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return idEncoding.EncodeToString(b[:])
}

// requestToken returns the token of a request: "Authorization: Bearer T",
// or, on a WebSocket upgrade only, the token query parameter (browsers'
// WebSockets cannot set headers; anywhere else a token in a URL would end
// up in histories and logs).
func requestToken(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t)
		}
		return strings.TrimSpace(h)
	}
	if isWebSocket(r) {
		return r.URL.Query().Get("token")
	}
	return ""
}

// arbiterOf checks that the request carries the arbiter's token of the
// event: 401 without a token, 403 with another.
func (s *Server) arbiterOf(ctx context.Context, r *http.Request, eventID string) error {
	tok := requestToken(r)
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		return err
	}
	if tok == "" {
		return apiMsg(http.StatusUnauthorized, "server.arbiter-token")
	}
	if !tokenMatches(tok, ev.ArbiterHash) {
		return apiMsg(http.StatusForbidden, "server.not-arbiter-token", "Event", eventID)
	}
	return nil
}

// poster is who posts to a game: the author (store.ByBoard or
// store.ByArbiter) and, for the board, the hash of the token it posted
// with, which the store checks again when it appends.
type poster struct {
	author    string
	boardHash string
}

// author returns who a token speaks for in game g: the board or the
// arbiter; 401 without a token, 403 with one that is neither.
func (s *Server) author(ctx context.Context, tok string, g *live) (poster, error) {
	return s.authorFor(ctx, tok, g, "server.post-token")
}

// authorFor is author with the message of the 401 for a route (need, a
// message id).
//
// The hashes are those kept in memory with the game (the board's, read
// when it was loaded and replaced by newBoardToken) and the event's (an
// arbiter's token is never replaced). Another process may have replaced
// the board token: a token that matches neither is checked against the
// store before it is refused, and a token that matches an outdated board
// hash is refused by the store when it appends (Append and AppendAt check
// the hash under the game's write lock) and by post when its answer needs
// no append (boardTokenStands).
func (s *Server) authorFor(ctx context.Context, tok string, g *live, need string) (poster, error) {
	if tok == "" {
		return poster{}, apiMsg(http.StatusUnauthorized, need)
	}
	h := hashToken(tok)
	g.mu.Lock()
	id, event, board := g.meta.ID, g.meta.Event, g.meta.BoardHash
	g.mu.Unlock()
	if hashMatches(h, board) {
		return poster{store.ByBoard, h}, nil
	}
	arb, err := s.arbiterHash(ctx, event)
	if err != nil {
		return poster{}, err
	}
	if hashMatches(h, arb) {
		return poster{author: store.ByArbiter}, nil
	}
	if s.tableOf(ctx, h, g) {
		// The token of the game's table, while its round is the current
		// one: the board's (no game token's hash for the store to check).
		return poster{author: store.ByBoard}, nil
	}
	meta, err := s.store.Game(ctx, id)
	if err != nil {
		return poster{}, err
	}
	if hashMatches(h, meta.BoardHash) {
		// Issued by another process since the game was loaded here.
		g.mu.Lock()
		g.meta.BoardHash = meta.BoardHash
		g.mu.Unlock()
		return poster{store.ByBoard, h}, nil
	}
	return poster{}, apiMsg(http.StatusForbidden, "server.token-not-game", "Game", id)
}

// arbiterHash returns the hash of an event's arbiter token, read once
// from the store (it is never replaced).
func (s *Server) arbiterHash(ctx context.Context, eventID string) (string, error) {
	if h, ok := s.arbiters.Load(eventID); ok {
		return h.(string), nil
	}
	ev, err := s.store.Event(ctx, eventID)
	if err != nil {
		return "", err
	}
	s.arbiters.Store(eventID, ev.ArbiterHash)
	return ev.ArbiterHash, nil
}

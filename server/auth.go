package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"net"
	"net/http"
	"strings"
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

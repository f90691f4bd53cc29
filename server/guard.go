package server

import (
	"bytes"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/internal/safetext"
)

// The server's bounds on what one request may ask (laws of a real hall:
// nobody may exhaust the server's memory or hold its connections).
const (
	// maxGamesPerRequest bounds the games one request creates (an
	// Olympiad round is about 750 boards).
	maxGamesPerRequest = 1000
	// maxActionsPerPost bounds the actions of one post: below the live
	// followers' queue (1,024 messages), so that one post never
	// disconnects a follower that keeps up.
	maxActionsPerPost = 500
	// maxLogEntries bounds one game's log (a long game has a few thousand
	// actions).
	maxLogEntries = 20000
	// maxText bounds a text field (a name, a site, a decision's reason).
	maxText = 500
	// maxSeq is the largest seq: 2^53-1, exact in every JSON reader
	// (JavaScript's numbers included).
	maxSeq = 1<<53 - 1
	// maxRound and maxBoard bound round and board numbers.
	maxRound, maxBoard = 1000, 10000
	// logPage is the default and largest page of GET /log.
	logPage = 1000
)

// bodyReadTimeout bounds the reading of a request and its body;
// responseTimeout the writing of an answer (not on WebSockets). Variables
// for the tests.
var (
	bodyReadTimeout = 30 * time.Second
	responseTimeout = 60 * time.Second
)

// isWebSocket reports whether r asks for a WebSocket upgrade.
func isWebSocket(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

// guard applies what every request must respect before a handler sees it:
// read and write deadlines (except on WebSockets, which keep their pings),
// nosniff, and, on requests that change state, a JSON body type (415
// otherwise: no cross-site "simple request" with text/plain) and an
// Origin, where the browser sends one, that is the server's own (403).
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api := strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/healthz"
		if api {
			w.Header().Set("X-Content-Type-Options", "nosniff")
			if !changesState(r.Method) {
				// Reads answer other sites' pages (a club's site showing
				// the boards): without credentials, and what they read is
				// what anyone reads (the broadcast delay's gate).
				w.Header().Set("Access-Control-Allow-Origin", "*")
				w.Header().Set("Access-Control-Expose-Headers", "ETag, Link")
			}
		}
		if !isWebSocket(r) {
			rc := http.NewResponseController(w)
			rc.SetReadDeadline(time.Now().Add(bodyReadTimeout))
			rc.SetWriteDeadline(time.Now().Add(responseTimeout))
		}
		if api && changesState(r.Method) {
			if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, s.requestHost(r)) {
				writeErr(w, apiMsg(http.StatusForbidden, "server.cross-site", "Origin", o))
				return
			}
			ct := r.Header.Get("Content-Type")
			switch {
			case strings.HasSuffix(r.URL.Path, "/trf"):
				// The one route whose body is a file: a TRF, as text.
				if !textBody(ct) {
					writeErr(w, apiMsg(http.StatusUnsupportedMediaType, "server.trf-content-type", "Got", strconv.Quote(ct)))
					return
				}
			case r.ContentLength != 0 && !jsonBody(ct):
				writeErr(w, apiMsg(http.StatusUnsupportedMediaType, "server.json-content-type"))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

func changesState(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// jsonBody reports whether a Content-Type names JSON or JSON Lines.
func jsonBody(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	switch mt {
	case "application/json", "application/x-ndjson", "application/jsonl", "application/jsonlines":
		return true
	}
	return false
}

// textBody reports whether a Content-Type names plain text (a TRF file,
// on the one route that takes it: that route needs the arbiter's token in
// a header, which no cross-site simple request can carry).
func textBody(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && (mt == "text/plain" || mt == "application/octet-stream")
}

// sameOrigin reports whether an Origin header names host, the host the
// request was sent to.
func sameOrigin(origin string, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return strings.EqualFold(u.Host, host)
}

// requestHost returns the host a request was sent to: its Host, or, for a
// request from a trusted proxy (Options.TrustedProxies), the host the
// proxy forwards (X-Forwarded-Host, else the host of Forwarded).
func (s *Server) requestHost(r *http.Request) string {
	if !s.fromTrustedProxy(r) {
		return r.Host
	}
	if h := r.Header.Get("X-Forwarded-Host"); h != "" {
		h, _, _ = strings.Cut(h, ",")
		return strings.TrimSpace(h)
	}
	for _, part := range strings.Split(r.Header.Get("Forwarded"), ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok && strings.EqualFold(k, "host") {
			v, _, _ = strings.Cut(v, ",")
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return r.Host
}

// fromTrustedProxy reports whether a request's peer is a trusted proxy.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	if len(s.opts.TrustedProxies) == 0 {
		return false
	}
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	for _, p := range s.opts.TrustedProxies {
		if p.Contains(ap.Addr().Unmap()) {
			return true
		}
	}
	return false
}

// viaProxy reports whether a request came through a proxy: from a trusted
// one, or with the headers a proxy adds.
func (s *Server) viaProxy(r *http.Request) bool {
	if s.fromTrustedProxy(r) {
		return true
	}
	for _, h := range []string{"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded", "X-Real-Ip", "Via"} {
		if r.Header.Get(h) != "" {
			return true
		}
	}
	return false
}

// ParseProxies reads a list of proxy addresses, IPs or CIDR prefixes
// separated by commas ("127.0.0.1,10.0.0.0/8"), for
// Options.TrustedProxies.
func ParseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an IP address nor a prefix such as 10.0.0.0/8", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// readBody reads a request body within maxBody: 413 when it is larger.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, bodyError(err)
	}
	if err := cleanText(buf.Bytes()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// bodyError turns an error reading a body into the API's answer.
func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return apiMsg(http.StatusRequestEntityTooLarge, "server.body-too-large", "Max", tooBig.Limit)
	}
	return apiErr(http.StatusBadRequest, "reading the body: %v", err)
}

// cleanText refuses a body that is not UTF-8 or holds a NUL character
// (raw or as the JSON escape \u0000), the same on every store.
func cleanText(b []byte) error {
	if !utf8.Valid(b) {
		return apiMsg(http.StatusBadRequest, "server.body-not-utf8")
	}
	if bytes.IndexByte(b, 0) >= 0 || bytes.Contains(b, []byte(`\u0000`)) {
		return apiMsg(http.StatusBadRequest, "server.nul")
	}
	return nil
}

// textField checks a text field: at most maxText characters, on one line
// of printable text (no control characters, no bidirectional overrides:
// package safetext), so that it never breaks a PGN tag, a TRF line, a
// page or a log.
func textField(name, v string) error {
	if utf8.RuneCountInString(v) > maxText {
		return apiMsg(http.StatusBadRequest, "server.text-too-long", "Name", name, "Max", maxText)
	}
	if err := safetext.Check(name, v); err != nil {
		return apiErr(http.StatusBadRequest, "%v", err)
	}
	return nil
}

// methodNotAllowed answers a known route asked with another method: 405
// with the methods it takes in Allow. It reports false when no route has
// the path.
func (s *Server) methodNotAllowed(w http.ResponseWriter, r *http.Request) bool {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "" && pattern != "/api/" && pattern != "/" && !strings.HasSuffix(pattern, "/{$}") {
			allow = append(allow, m)
		}
	}
	if len(allow) == 0 {
		return false
	}
	w.Header().Set("Allow", strings.Join(allow, ", "))
	writeErr(w, apiMsg(http.StatusMethodNotAllowed, "server.method", "Method", r.Method, "Path", r.URL.Path, "Allow", strings.Join(allow, " or ")))
	return true
}

// DefaultMaxSockets is Options.MaxSockets when none is given: far more
// live sockets than one person's pages open (a page has one or two).
const DefaultMaxSockets = 64

// clientAddr returns the address of the client a request comes from: its
// peer, or, for a request from a trusted proxy, the nearest address in
// X-Forwarded-For that is not a trusted proxy. ok is false for a peer on
// loopback or a trusted proxy that says nothing of its client: they are
// not capped (the load tests, a proxy the server was not told to trust).
func (s *Server) clientAddr(r *http.Request) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}, false
	}
	a := ap.Addr().Unmap()
	if s.fromTrustedProxy(r) {
		hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break
			}
			h = h.Unmap()
			if !s.trusted(h) {
				return h, true
			}
		}
		return netip.Addr{}, false
	}
	if a.IsLoopback() {
		return netip.Addr{}, false
	}
	return a, true
}

// trusted reports whether a is a trusted proxy's address.
func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.opts.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// socketAllowed counts a live socket of the request's client against the
// cap (Options.MaxSockets), answering 429 when it is over; the caller
// calls socketDone when the socket ends, if allowed.
func (s *Server) socketAllowed(w http.ResponseWriter, r *http.Request) bool {
	limit := s.opts.MaxSockets
	if limit == 0 {
		limit = DefaultMaxSockets
	}
	a, ok := s.clientAddr(r)
	if !ok || limit < 0 {
		return true
	}
	s.sockMu.Lock()
	if s.sockets == nil {
		s.sockets = map[netip.Addr]int{}
	}
	if s.sockets[a] >= limit {
		s.sockMu.Unlock()
		w.Header().Set("Retry-After", "10")
		writeErr(w, apiMsg(http.StatusTooManyRequests, "server.too-many-sockets", "N", limit, "Client", a))
		return false
	}
	s.sockets[a]++
	s.sockMu.Unlock()
	return true
}

// socketDone ends a socket counted by socketAllowed.
func (s *Server) socketDone(r *http.Request) {
	a, ok := s.clientAddr(r)
	if !ok {
		return
	}
	s.sockMu.Lock()
	if s.sockets[a]--; s.sockets[a] <= 0 {
		delete(s.sockets, a)
	}
	s.sockMu.Unlock()
}

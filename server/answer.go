package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// maxBody bounds a request body.
const maxBody = 4 << 20

// writeJSON answers with a JSON value.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// writeErr answers with an error: an *APIError as it is, store errors as
// 404/409, a fault of the database (store.Classify: unavailable, disk
// full, read-only, damaged, its file removed) as 503 in plain words, and
// anything else as 500. The client never gets a driver's message: the
// cause goes to the server's log (logRequests), at WARN or ERROR.
func writeErr(w http.ResponseWriter, err error) {
	var ae *APIError
	switch {
	case errors.As(err, &ae):
	case errors.Is(err, store.ErrNotFound):
		ae = apiMsg(http.StatusNotFound, "server.not-found")
	case errors.Is(err, store.ErrConflict):
		ae = apiErr(http.StatusConflict, "%v", err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		ae = apiMsg(http.StatusServiceUnavailable, "server.timeout")
		noteCause(w, err)
	default:
		if f := faultOf(err); f != nil {
			ae = faultErr(f)
			w.Header().Set("Retry-After", "5")
		} else {
			ae = apiMsg(http.StatusInternalServerError, "server.failed")
		}
		noteCause(w, err)
	}
	if l := answerLang(w); l != nil && l != lang.English() && (ae.Msg != "" || len(ae.Rulings) > 0) {
		c := *ae
		if c.Msg != "" {
			c.Text = l.Say(c.Msg, c.Args)
		}
		c.Rulings = inLang(l, c.Rulings)
		if c.Msg == "" && len(c.Rulings) == 1 && c.Rulings[0].Kind == protocol.KindError {
			c.Text = c.Rulings[0].Text // a post the engine refused says why
		}
		ae = &c
	}
	writeJSON(w, ae.Status, ae)
}

// answerLang is the language of the request w answers (?lang=, else its
// Accept-Language), or nil when w does not say which request it answers.
func answerLang(w http.ResponseWriter) *lang.Lang {
	for {
		switch x := w.(type) {
		case *statusWriter:
			if x.req == nil {
				return nil
			}
			if l, err := readerLang(x.req); err == nil {
				return l
			}
			return lang.Match(x.req.Header.Get("Accept-Language"))
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return nil
		}
	}
}

// faultOf returns the database fault err stands for (store.Classify), or
// nil.
func faultOf(err error) error {
	err = store.Classify(err)
	for _, f := range []error{store.ErrGone, store.ErrUnavailable, store.ErrFull, store.ErrReadOnly, store.ErrCorrupt} {
		if errors.Is(err, f) {
			return f
		}
	}
	return nil
}

// faultErr says a database fault to a client.
func faultErr(f error) *APIError {
	switch f {
	case store.ErrGone:
		return apiMsg(http.StatusServiceUnavailable, "server.db-gone")
	case store.ErrFull:
		return apiMsg(http.StatusServiceUnavailable, "server.db-full")
	case store.ErrReadOnly:
		return apiMsg(http.StatusServiceUnavailable, "server.db-read-only")
	case store.ErrCorrupt:
		return apiMsg(http.StatusServiceUnavailable, "server.db-corrupt")
	}
	return apiMsg(http.StatusServiceUnavailable, "server.db-unavailable")
}

// noteCause tells the request log the cause of an error answer.
func noteCause(w http.ResponseWriter, err error) {
	for {
		switch x := w.(type) {
		case *statusWriter:
			x.cause = err
			return
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return
		}
	}
}

// statusWriter remembers the status of an answer for the request log, and
// the cause of an error answer (noteCause).
type statusWriter struct {
	http.ResponseWriter
	status int
	cause  error
	// req is the request answered: its language says the error answers'
	// text (writeErr).
	req *http.Request
}

// WriteHeader records the status and passes it on.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write records an implicit 200 and passes the bytes on.
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket upgrade) reach
// the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs one line per request: method, path, status, duration.
// Successful reads are logged at debug level, the rest at info.
func (s *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := time.Now()
		sw := &statusWriter{ResponseWriter: w, req: r}
		h.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if r.Method == http.MethodGet && sw.status < 400 || r.URL.Path == "/healthz" {
			level = slog.LevelDebug
		}
		if sw.cause != nil {
			// A fault: its cause, which the client was not shown.
			level = slog.LevelError
			if f := faultOf(sw.cause); f != nil {
				level = slog.LevelWarn
				s.noteStoreError(r.Method + " " + r.URL.Path + ": " + f.Error())
				s.metrics.storeError(f)
			}
			s.log.Log(r.Context(), level, "request failed", "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", ms(time.Since(t)), "cause", sw.cause.Error())
			return
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", ms(time.Since(t)))
	})
}

// readJSON decodes a JSON request body into v, refusing unknown fields,
// a body over maxBody (413) and NUL characters.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apiMsg(http.StatusBadRequest, "server.malformed-json", "Err", err)
	}
	if dec.More() {
		return apiMsg(http.StatusBadRequest, "server.json-two-values")
	}
	return nil
}

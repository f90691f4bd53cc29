package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/internal/safetext"
	"github.com/arbiterchess/arbiter/scoresheet"
	"github.com/arbiterchess/arbiter/server/store"
)

// A hall behind NAT cannot be polled by lichess: it pushes instead. An
// event's push settings (PUT /api/events/{event}/broadcast) name the
// lichess round each of its rounds goes to and the token it pushes with;
// the pusher sends a round's PGN, as anonymous readers see it (the
// event's broadcast delay applied), whenever it changes: at most every
// pushEvery, later when lichess asks (429 with Retry-After) or fails
// (backing off up to pushBackoffMax), and once more after a restart. The
// same PGN can go into a folder (Options.PGNDir) for lichess's
// Broadcaster app or any uploader.

// DefaultLichessURL is Options.LichessURL when none is given.
const DefaultLichessURL = "https://lichess.org"

// The pusher's pace: at most a push a round every pushEvery; after a
// failure the wait doubles from pushEvery up to pushBackoffMax; a 429
// without Retry-After waits pushRetryDefault.
var (
	pushTick         = 500 * time.Millisecond
	pushEvery        = 2 * time.Second
	pushBackoffMax   = 5 * time.Minute
	pushRetryDefault = time.Minute
	pushTimeout      = 20 * time.Second
)

// pushRound is a round being pushed.
type pushRound struct {
	round   int
	lichess string
	last    string // the ETag of the PGN lichess last took
	next    time.Time
	backoff time.Duration
	status  PushStatus
}

// eventPush is an event's push settings in memory.
type eventPush struct {
	token  string
	rounds map[int]*pushRound
}

// lichessURL returns the base URL pushes go to.
func (s *Server) lichessURL() string {
	if s.opts.LichessURL != "" {
		return strings.TrimSuffix(s.opts.LichessURL, "/")
	}
	return DefaultLichessURL
}

// loadPushes reads every event's push settings at the start.
func (s *Server) loadPushes(ctx context.Context) {
	bs, err := s.store.Broadcasts(ctx)
	if err != nil {
		s.log.Warn("pushes to lichess: reading the settings", "cause", err.Error())
		return
	}
	for _, b := range bs {
		s.setPush(b)
	}
}

// setPush puts an event's settings in memory: each round pushes again
// from scratch.
func (s *Server) setPush(b store.Broadcast) {
	s.pushMu.Lock()
	defer s.pushMu.Unlock()
	if s.pushes == nil {
		s.pushes = map[string]*eventPush{}
	}
	if len(b.Rounds) == 0 {
		delete(s.pushes, b.Event)
		return
	}
	ep := &eventPush{token: b.Token, rounds: map[int]*pushRound{}}
	for r, id := range b.Rounds {
		ep.rounds[r] = &pushRound{round: r, lichess: id, status: PushStatus{Round: r, LichessRound: id}}
	}
	s.pushes[b.Event] = ep
}

// pushLoop pushes what changed, every pushTick, until done is closed.
func (s *Server) pushLoop(done <-chan struct{}) {
	client := &http.Client{Timeout: pushTimeout}
	every(done, pushTick, func() bool {
		type job struct {
			event, token string
			r            *pushRound
		}
		var jobs []job
		now := time.Now()
		s.pushMu.Lock()
		for ev, ep := range s.pushes {
			for _, r := range ep.rounds {
				if !now.Before(r.next) {
					jobs = append(jobs, job{ev, ep.token, r})
				}
			}
		}
		s.pushMu.Unlock()
		for _, j := range jobs {
			s.pushOnce(client, j.event, j.token, j.r)
		}
		return true
	})
}

// pushOnce pushes a round's PGN if it changed since lichess last took it.
func (s *Server) pushOnce(client *http.Client, event, token string, r *pushRound) {
	ctx, cancel := context.WithTimeout(context.Background(), pushTimeout)
	defer cancel()
	body, etag, err := s.publicRound(ctx, event, r.round, true)
	if err != nil {
		s.log.Warn("push to lichess: the round's PGN", "event", event, "round", r.round, "cause", err.Error())
		s.pushFailed(r, "the round's PGN could not be made: "+err.Error(), 0)
		return
	}
	s.pushMu.Lock()
	same := etag == r.last
	s.pushMu.Unlock()
	if same {
		return
	}
	b, err := body()
	if err != nil {
		s.pushFailed(r, "the round's PGN could not be made: "+err.Error(), 0)
		return
	}
	u := s.lichessURL() + "/api/broadcast/round/" + url.PathEscape(r.lichess) + "/push"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		s.pushFailed(r, err.Error(), 0)
		return
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	attempt := time.Now().UTC()
	s.pushMu.Lock()
	r.status.Attempt = &attempt
	s.pushMu.Unlock()
	res, err := client.Do(req)
	if err != nil {
		s.opts.Metrics.lichessPush("failed")
		s.log.Warn("push to lichess failed", "event", event, "round", r.round, "cause", scrub(err.Error(), token))
		s.pushFailed(r, "lichess could not be reached: "+scrub(err.Error(), token), 0)
		return
	}
	defer res.Body.Close()
	text, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	switch {
	case res.StatusCode == http.StatusOK:
		var ans struct {
			Games []struct {
				Tags  map[string]string `json:"tags"`
				Moves int               `json:"moves"`
				Error string            `json:"error"`
			} `json:"games"`
		}
		json.Unmarshal(text, &ans)
		games := make([]PushedGame, 0, len(ans.Games))
		refused := 0
		for _, g := range ans.Games {
			games = append(games, PushedGame{White: g.Tags["White"], Black: g.Tags["Black"], Round: g.Tags["Round"], Moves: g.Moves, Error: scrub(g.Error, token)})
			if g.Error != "" {
				refused++
			}
		}
		now := time.Now().UTC()
		next := now.Add(pushEvery)
		s.pushMu.Lock()
		r.last, r.backoff, r.next = etag, 0, next
		r.status.LastPush, r.status.Error, r.status.Games, r.status.NextTry = &now, "", games, nil
		s.pushMu.Unlock()
		outcome := "ok"
		if refused > 0 {
			outcome = "refused_games"
		}
		s.opts.Metrics.lichessPush(outcome)
		if refused > 0 {
			s.log.Warn("lichess refused games of a push", "event", event, "round", r.round, "refused", refused)
		} else {
			s.log.Debug("pushed to lichess", "event", event, "round", r.round, "games", len(games))
		}
	case res.StatusCode == http.StatusTooManyRequests:
		s.opts.Metrics.lichessPush("wait")
		wait := retryAfter(res.Header.Get("Retry-After"))
		s.log.Info("lichess asks to wait before the next push", "event", event, "round", r.round, "seconds", wait.Seconds())
		s.pushFailed(r, fmt.Sprintf("lichess asked to wait %s (429)", wait.Round(time.Second)), wait)
	case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
		s.opts.Metrics.lichessPush("token")
		s.log.Warn("lichess refused the broadcast token", "event", event, "round", r.round, "status", res.StatusCode)
		// No retry until the arbiter gives another token (setPush).
		s.pushFailed(r, fmt.Sprintf("lichess refused the token (%d): give a token with the study:write scope of an account that may edit this broadcast", res.StatusCode), 100*365*24*time.Hour)
	default:
		s.opts.Metrics.lichessPush("failed")
		msg := fmt.Sprintf("lichess answered %d: %s", res.StatusCode, scrub(strings.TrimSpace(string(text)), token))
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
		s.log.Warn("push to lichess failed", "event", event, "round", r.round, "status", res.StatusCode)
		s.pushFailed(r, msg, 0)
	}
}

// pushFailed records a failed push: the next attempt after wait, or after
// a backoff that doubles from pushEvery up to pushBackoffMax.
func (s *Server) pushFailed(r *pushRound, why string, wait time.Duration) {
	s.pushMu.Lock()
	defer s.pushMu.Unlock()
	if wait == 0 {
		r.backoff = min(max(2*r.backoff, pushEvery), pushBackoffMax)
		wait = r.backoff
	}
	r.next = time.Now().Add(wait)
	next := r.next.UTC()
	r.status.Error, r.status.NextTry = why, &next
}

// retryAfter reads a Retry-After header (seconds, or an HTTP date).
func retryAfter(h string) time.Duration {
	if n, err := strconv.Atoi(strings.TrimSpace(h)); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(time.Until(t), 0)
	}
	return pushRetryDefault
}

// scrub takes a secret out of a text.
func scrub(text, secret string) string {
	if secret == "" {
		return text
	}
	return strings.ReplaceAll(text, secret, "[token]")
}

// publicRound returns a function that writes a round's PGN as anonymous
// readers see it (the event's broadcast delay applied), and its ETag;
// lichess writes it with lichess's conventions (lichessPGN).
func (s *Server) publicRound(ctx context.Context, event string, round int, lichess bool) (func() ([]byte, error), string, error) {
	d, err := s.eventDelay(ctx, event)
	if err != nil {
		return nil, "", err
	}
	body, etag, err := s.eventFeed(ctx, event, round, 1, maxBoard, d, d > 0)
	if err != nil || !lichess {
		return body, etag, err
	}
	return func() ([]byte, error) {
		b, err := body()
		if err != nil {
			return nil, err
		}
		return lichessPGN(b), nil
	}, etag, nil
}

// timeControlTag is a TimeControl tag line of a PGN text.
var timeControlTag = regexp.MustCompile(`(?m)^\[TimeControl "([^"]*)"\]$`)

// lichessPGN writes a PGN text with lichess's conventions: a TimeControl
// lichess's broadcasts read ("limit+increment": a control with periods is
// written as its first period's, scoresheet.LichessTimeControl). Titles
// are the FIDE titles every PGN of the server has.
func lichessPGN(b []byte) []byte {
	return timeControlTag.ReplaceAllFunc(b, func(line []byte) []byte {
		v := timeControlTag.FindSubmatch(line)[1]
		c, err := scoresheet.ParseTimeControl(string(v))
		if err != nil {
			return line
		}
		return []byte(`[TimeControl "` + scoresheet.LichessTimeControl(c) + `"]`)
	})
}

var lichessRoundID = regexp.MustCompile(`^[A-Za-z0-9]{8}$`)

// putBroadcast serves PUT /api/events/{event}/broadcast (the arbiter's
// token).
func (s *Server) putBroadcast(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("event")
	if err := s.arbiterOf(ctx, r, id); err != nil {
		writeErr(w, err)
		return
	}
	var spec BroadcastSpec
	if err := readJSON(w, r, &spec); err != nil {
		writeErr(w, err)
		return
	}
	b := store.Broadcast{Event: id, Token: spec.LichessToken, Rounds: map[int]string{}}
	for k, v := range spec.Rounds {
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || n > maxRound {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.push-round", "Got", strconv.Quote(k), "Max", maxRound))
			return
		}
		if !lichessRoundID.MatchString(v) {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.push-round-id", "Got", strconv.Quote(v)))
			return
		}
		b.Rounds[n] = v
	}
	if b.Token == "" && len(b.Rounds) > 0 {
		s.pushMu.Lock()
		if ep := s.pushes[id]; ep != nil {
			b.Token = ep.token
		}
		s.pushMu.Unlock()
		if b.Token == "" {
			writeErr(w, apiMsg(http.StatusBadRequest, "server.push-token-needed"))
			return
		}
	}
	if len(b.Token) > 200 || safetext.Check("lichess_token", b.Token) != nil || strings.ContainsRune(b.Token, ' ') {
		writeErr(w, apiMsg(http.StatusBadRequest, "server.push-not-token"))
		return
	}
	if err := s.store.SetBroadcast(ctx, b); err != nil {
		writeErr(w, err)
		return
	}
	s.setPush(b)
	s.log.Info("pushes to lichess set", "event", id, "rounds", len(b.Rounds))
	s.writeBroadcast(w, id)
}

// getBroadcast serves GET /api/events/{event}/broadcast (the arbiter's
// token): the settings, without the token, and how the pushes stand.
func (s *Server) getBroadcast(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("event")
	if err := s.arbiterOf(r.Context(), r, id); err != nil {
		writeErr(w, err)
		return
	}
	s.writeBroadcast(w, id)
}

func (s *Server) writeBroadcast(w http.ResponseWriter, id string) {
	v := BroadcastView{Event: id, Rounds: []PushStatus{}}
	s.pushMu.Lock()
	if ep := s.pushes[id]; ep != nil {
		v.TokenSet = ep.token != ""
		for _, r := range ep.rounds {
			st := r.status
			st.Games = append([]PushedGame(nil), st.Games...)
			v.Rounds = append(v.Rounds, st)
		}
	}
	s.pushMu.Unlock()
	sort.Slice(v.Rounds, func(i, j int) bool { return v.Rounds[i].Round < v.Rounds[j].Round })
	writeJSON(w, http.StatusOK, v)
}

// touched notes that an event's games changed now (for the PGN folder).
func (s *Server) touched(event string) {
	if s.opts.PGNDir == "" {
		return
	}
	s.actMu.Lock()
	if s.activity == nil {
		s.activity = map[string]time.Time{}
	}
	s.activity[event] = time.Now()
	s.actMu.Unlock()
}

// pgnDirLoop writes, every second until done is closed, the PGN of the
// rounds and games of the events that changed (and, under a broadcast
// delay, that are still becoming visible) into Options.PGNDir: one file
// a round, DIR/EVENT/round-N.pgn, and one a game,
// DIR/EVENT/round-N/board-B.pgn, each replaced atomically (written
// beside, then renamed), as anonymous readers see them. At the start,
// every event is written once.
func (s *Server) pgnDirLoop(done <-chan struct{}) {
	written := map[string]string{} // file → ETag written
	var mu sync.Mutex
	ctx := context.Background()
	if evs, err := s.store.Events(ctx); err == nil {
		for _, ev := range evs {
			s.touched(ev.ID)
		}
	}
	every(done, time.Second, func() bool {
		now := time.Now()
		s.actMu.Lock()
		var todo []string
		for ev, at := range s.activity {
			d, err := s.eventDelay(ctx, ev)
			if err != nil || now.Sub(at) > d+5*time.Second {
				delete(s.activity, ev)
				if err != nil {
					continue
				}
			}
			todo = append(todo, ev)
		}
		s.actMu.Unlock()
		for _, ev := range todo {
			mu.Lock()
			if err := s.writeEventDir(ctx, ev, written); err != nil {
				s.log.Warn("PGN folder", "event", ev, "cause", err.Error())
			}
			mu.Unlock()
		}
		return true
	})
}

// writeEventDir writes an event's rounds and games into the PGN folder,
// the files whose PGN changed only.
func (s *Server) writeEventDir(ctx context.Context, event string, written map[string]string) error {
	_, metas, err := s.eventGames(ctx, event)
	if err != nil {
		return err
	}
	d, err := s.eventDelay(ctx, event)
	if err != nil {
		return err
	}
	rounds := map[int]bool{}
	for _, m := range metas {
		rounds[m.Round] = true
	}
	dir := filepath.Join(s.opts.PGNDir, event)
	for round := range rounds {
		files := []struct {
			path   string
			lo, hi int
		}{{filepath.Join(dir, fmt.Sprintf("round-%d.pgn", round)), 1, maxBoard}}
		for _, m := range metas {
			if m.Round == round {
				files = append(files, struct {
					path   string
					lo, hi int
				}{filepath.Join(dir, fmt.Sprintf("round-%d", round), fmt.Sprintf("board-%d.pgn", m.Board)), m.Board, m.Board})
			}
		}
		for _, f := range files {
			body, etag, err := s.eventFeed(ctx, event, round, f.lo, f.hi, d, d > 0)
			if err != nil {
				return err
			}
			if written[f.path] == etag {
				continue
			}
			b, err := body()
			if err != nil {
				return err
			}
			if err := writeAtomic(f.path, b); err != nil {
				return err
			}
			written[f.path] = etag
		}
	}
	return nil
}

// writeAtomic replaces a file by one holding b: written beside it, synced,
// then renamed over it, so that a reader sees the old file or the new one
// whole.
func writeAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

package reader

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
)

// serverReminder is how often the reader reminds that the server is still
// unreachable.
const serverReminder = 30 * time.Second

// forwarder forwards a game's actions to the server, in order, through a
// Sender, and says what becomes of them: a refused action at once, a
// fatal refusal (a bad token: no later action will be taken either) ends
// the game.
type forwarder struct {
	sender *server.Sender
	v      voice
	setter *clockSetter
	align  *timeAlign // the actions' t onto the game's time, or nil

	mu       sync.Mutex
	sent     int
	refusals int
	fatal    error
	down     bool // the server was last said to be unreachable
}

func newForwarder(client *server.Client, game, token string, v voice, setter *clockSetter) *forwarder {
	f := &forwarder{v: v, setter: setter}
	client.OnState = f.state
	f.sender = client.NewSender(game, token, f.outcome)
	return f
}

// state says what the client reports of the server.
func (f *forwarder) state(s server.ClientState) {
	f.mu.Lock()
	f.down = !s.Reachable
	f.mu.Unlock()
	f.v.say("%s", serverStateLine(s))
}

// add hands an action to the Sender, unless the server has refused the
// game's posts for good.
func (f *forwarder) add(a protocol.Action) error {
	f.mu.Lock()
	fatal := f.fatal
	if fatal == nil {
		f.sent++
	}
	f.mu.Unlock()
	if fatal != nil {
		return fatal
	}
	if f.align != nil {
		f.align.apply(&a)
	}
	f.sender.Add(a)
	return nil
}

// timeAlign puts the times of the board's actions on the game's own time
// on the server, which takes a board's t only within its drift before
// the action's arrival (docs/api.md, "What the server trusts"): the
// reader's times count from its start, the game's from its first action.
// A game whose clock has started on the server is joined at the time its
// view said (viewT, read at viewAt: viewLocal in the reader's time); a
// game not started yet starts with the first action posted (t 0). A
// simulation played faster than real time (or joined mid-game) posts no
// t and no clock times: the server stamps the arrival and keeps the
// clocks itself.
type timeAlign struct {
	drop      bool
	started   bool
	viewT     int64     // the game's time when its view was read
	viewAt    time.Time // when it was read
	viewLocal int64     // the same moment in the reader's time
	set       bool
	offset    int64 // game time less reader time
}

// apply puts a's t (the reader's) on the game's time; the action is a
// copy, whose t pointer may be shared: a new one is made.
func (ta *timeAlign) apply(a *protocol.Action) {
	if ta.drop {
		a.T, a.Times = nil, nil // a script's times and its clock's are not the game's
		return
	}
	if a.T == nil {
		return
	}
	if !ta.set {
		ta.offset = -*a.T
		if ta.started {
			ta.offset = ta.viewT - ta.viewLocal
		}
		ta.set = true
	}
	t := max(*a.T+ta.offset, 0)
	a.T = &t
}

// outcome hears the server's answer to an action, on the Sender's
// goroutine.
func (f *forwarder) outcome(o server.Outcome) {
	var refused *server.APIError
	switch {
	case o.Err == nil:
		// The server is the arbiter of a forwarded game: its rulings
		// set the clock.
		f.setter.rulings(o.Ack.Rulings, o.Action)
	case errors.As(o.Err, &refused) && refused.Status == http.StatusBadRequest:
		f.mu.Lock()
		f.refusals++
		f.mu.Unlock()
		a := o.Action
		f.v.say("the server refused %s %s %s: %v", a.By, a.Act, a.Sq, o.Err)
	case errors.As(o.Err, &refused):
		f.mu.Lock()
		if f.fatal == nil {
			f.fatal = o.Err
		}
		f.mu.Unlock()
	}
	// Another error: the wait was stopped; finish lists the action.
}

// finish waits until the server has answered every action forwarded, or
// until ctx ends (an interrupt): then the actions it never answered are
// printed (JSON Lines, on stderr) to be posted by hand.
func (f *forwarder) finish(ctx context.Context) error {
	f.mu.Lock()
	fatal, down := f.fatal, f.down
	f.mu.Unlock()
	if fatal != nil {
		// The server takes none of this game's actions: no use waiting.
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		ctx = cancelled
	} else if n := f.sender.Held(); n > 0 && down {
		f.v.say("the game is over; waiting for the server to take the %s still held (interrupt to stop waiting)", plural(n, "action"))
	}
	unsent, _ := f.sender.Close(ctx)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fatal != nil {
		return f.fatal
	}
	if len(unsent) == 0 {
		return nil
	}
	f.v.say("stopped waiting: the server never answered %s; here they are, in order:", plural(len(unsent), "action"))
	for _, a := range unsent {
		b, _ := json.Marshal(a)
		fmt.Fprintf(f.v.w, "%s\n", b)
	}
	return UnsentError(len(unsent))
}

// refusedErr is the RefusedError of the game, if the server refused any
// action.
func (f *forwarder) refusedErr() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refusals > 0 {
		return RefusedError{Refused: f.refusals, Sent: f.sent}
	}
	return nil
}

// UnsentError ends a forwarded game whose last actions (this many) the
// server never answered before the reader stopped waiting for it; they
// were printed on stderr, to be posted by hand.
type UnsentError int

// Error says how many actions never reached the server.
func (e UnsentError) Error() string {
	return fmt.Sprintf("%s never reached the server (printed above)", plural(int(e), "action"))
}

// serverStateLine is what the reader says of a report of its client on
// the server: unreachable, still unreachable, back.
func serverStateLine(s server.ClientState) string {
	switch {
	case !s.Reachable && !s.Reminder:
		return fmt.Sprintf("WARN the server %s is unreachable (%s); keeping the board's actions (%d so far) and retrying",
			s.URL, s.Cause, s.Held)
	case !s.Reachable:
		return fmt.Sprintf("WARN the server %s is still unreachable after %s (%s); %s held",
			s.URL, spell(s.At.Sub(s.Down)), s.Cause, plural(s.Held, "action"))
	}
	line := fmt.Sprintf("the server %s is back after %s", s.URL, spell(s.Up.Sub(s.Down)))
	if len(s.Sent) == 0 && s.Refused == 0 {
		return line
	}
	line += fmt.Sprintf("; sent the %s held meanwhile", plural(len(s.Sent)+s.Refused, "action"))
	var what []string
	if first, last, ok := span(s.Sent); ok {
		what = append(what, fmt.Sprintf("t %s to %s", seconds(first), seconds(last)))
	}
	var moves []string
	for _, ack := range s.Acks {
		for _, r := range ack.Rulings {
			if r.Kind == protocol.KindMove && r.SAN != "" {
				moves = append(moves, r.SAN)
			}
		}
	}
	if len(moves) > 12 {
		moves = append(moves[:10], fmt.Sprintf("... (%d moves)", len(moves)))
	}
	if len(moves) > 0 {
		what = append(what, "moves "+strings.Join(moves, " "))
	}
	if len(what) > 0 {
		line += " (" + strings.Join(what, "; ") + ")"
	}
	if s.Refused > 0 {
		line += fmt.Sprintf("; it refused %d of them", s.Refused)
	}
	return line
}

// span returns the least and the greatest t of actions, if any has one.
func span(as []protocol.Action) (first, last int64, ok bool) {
	for _, a := range as {
		if a.T == nil {
			continue
		}
		if !ok || *a.T < first {
			first = *a.T
		}
		if !ok || *a.T > last {
			last = *a.T
		}
		ok = true
	}
	return first, last, ok
}

// seconds writes milliseconds of the game as seconds: "83.5 s".
func seconds(ms int64) string {
	return fmt.Sprintf("%.1f s", float64(ms)/1000)
}

// spell writes a duration for people: "0.4 s", "42 s", "3 min 5 s",
// "1 h 2 min".
func spell(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Round(time.Second).Seconds()))
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%d min %d s", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%d h %d min", int(d/time.Hour), int(d%time.Hour/time.Minute))
}

// plural writes n things: "1 action", "3 actions".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// lockedWriter lets goroutines write whole lines to one stream.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

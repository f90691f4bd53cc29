package eboard

import (
	"context"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
)

// Translate runs a whole recorded stream of events through a new
// translator: it advances the translator's time to each event's before
// feeding it, flushes at the end, and returns every action.
func Translate(start protocol.Start, opts Options, events []Event) ([]protocol.Action, error) {
	t, err := New(start, opts)
	if err != nil {
		return nil, err
	}
	var out []protocol.Action
	for _, e := range events {
		for {
			w, ok := t.Wake()
			if !ok || w > e.T {
				break
			}
			out = append(out, t.Advance(w)...)
		}
		out = append(out, t.Feed(e)...)
	}
	return append(out, t.Flush()...), nil
}

// Run feeds t the events from in as they arrive, wakes t when it asks to
// be woken (at the times of clock, the clock the events are stamped
// with), and hands every action to emit.
// When in is closed it flushes t and returns nil; otherwise it returns
// the context's error or the first error of emit.
func Run(ctx context.Context, t *Translator, in <-chan Event, clock Clock, emit func(protocol.Action) error) error {
	send := func(as []protocol.Action) error {
		for _, a := range as {
			if err := emit(a); err != nil {
				return err
			}
		}
		return nil
	}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		if w, ok := t.Wake(); ok {
			timer.Reset(max(time.Until(clock.At(w)), time.Millisecond))
		} else {
			timer.Stop()
		}
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case e, more := <-in:
			if !more {
				return send(t.Flush())
			}
			err = send(t.Feed(e))
		case <-timer.C:
			err = send(t.Advance(clock.Now()))
		}
		if err != nil {
			return err
		}
	}
}

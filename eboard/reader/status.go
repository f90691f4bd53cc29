package reader

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/arbiterchess/arbiter/server"
)

// boardState is what the hall's reader knows of one board.
type boardState struct {
	port      string
	serial    string
	table     int
	token     string
	connected bool
	round     int
	game      string
	last      time.Time
	message   string
	queued    func() int
}

// update changes a board's state and says so when what a person reads of
// it changed.
func (h *hall) update(port string, f func(*boardState)) {
	h.mu.Lock()
	b := h.boards[port]
	if b == nil {
		b = &boardState{port: port}
		h.boards[port] = b
	}
	before := h.lineOf(b)
	f(b)
	after := h.lineOf(b)
	h.mu.Unlock()
	if after != before {
		fmt.Fprintln(h.stdout, after)
		select {
		case h.changed <- struct{}{}:
		default:
		}
	}
}

// touch notes the time of a board's last action.
func (h *hall) touch(port string) {
	h.mu.Lock()
	if b := h.boards[port]; b != nil {
		b.last = time.Now()
	}
	h.mu.Unlock()
}

// lineOf is a board's status line: the table, the board, whether it
// answers, the game, and the reader's word. The caller holds h.mu.
func (h *hall) lineOf(b *boardState) string {
	table := "table -"
	if b.table > 0 {
		table = fmt.Sprintf("table %d", b.table)
	}
	serial := b.serial
	if serial == "" {
		serial = "?"
	}
	state := "disconnected"
	if b.connected {
		state = "connected"
	}
	s := fmt.Sprintf("%s: board %s on %s, %s", table, serial, b.port, state)
	if b.game != "" {
		s += fmt.Sprintf(", round %d game %s", b.round, b.game)
	}
	if b.message != "" && b.message != "connected" {
		s += ": " + b.message
	}
	return s
}

// status is one board's report, as the server and the status file take it.
func (h *hall) status(b *boardState) server.EboardStatus {
	st := server.EboardStatus{Serial: b.serial, Port: b.port, Connected: b.connected, Round: b.round, Game: b.game, Message: b.message}
	if !b.last.IsZero() {
		st.LastAction = b.last.UTC().Format(time.RFC3339)
	}
	if b.queued != nil {
		st.Queued = b.queued()
	}
	return st
}

// hallStatus is a line of the status file.
type hallStatus struct {
	Table int `json:"table,omitempty"`
	server.EboardStatus
}

// reports reports every board's state to the server and into the status
// file when it changes and every cfg.Report, until ctx ends (once more
// then).
func (h *hall) reports(ctx context.Context) {
	tick := time.NewTicker(h.cfg.Report)
	defer tick.Stop()
	said := map[int]string{} // the last error said for a table
	for {
		stop := false
		select {
		case <-ctx.Done():
			stop = true
		case <-h.changed:
		case <-tick.C:
		}
		h.mu.Lock()
		var all []hallStatus
		type report struct {
			n     int
			token string
			st    server.EboardStatus
		}
		var rs []report
		for _, b := range h.boards {
			st := h.status(b)
			all = append(all, hallStatus{Table: b.table, EboardStatus: st})
			if b.table > 0 {
				rs = append(rs, report{b.table, b.token, st})
			}
		}
		h.mu.Unlock()
		sort.Slice(all, func(i, j int) bool {
			if all[i].Table != all[j].Table {
				return all[i].Table < all[j].Table
			}
			return all[i].Port < all[j].Port
		})
		if h.cfg.StatusFile != "" {
			if err := writeStatusFile(h.cfg.StatusFile, all); err != nil && said[-1] != err.Error() {
				h.v.say("status file: %v", err)
				said[-1] = err.Error()
			}
		}
		for _, r := range rs {
			rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := h.client.ReportEboard(rctx, h.cfg.Event, r.n, r.token, r.st)
			cancel()
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if msg != said[r.n] && msg != "" {
				h.v.say("table %d: reporting the board to the server: %s", r.n, msg)
			}
			said[r.n] = msg
		}
		if stop {
			return
		}
	}
}

// writeStatusFile replaces the status file with every board's state, as
// JSON, in one rename.
func writeStatusFile(path string, all []hallStatus) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"time": time.Now().UTC().Format(time.RFC3339), "boards": all}); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".status-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// prefixWriter puts a table's name into the reader's messages: each
// write that begins with prefix begins with "with" instead.
type prefixWriter struct {
	w            io.Writer
	prefix, with string
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	if rest, ok := bytes.CutPrefix(b, []byte(p.prefix)); ok {
		if _, err := p.w.Write(append([]byte(p.with), rest...)); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return p.w.Write(b)
}

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/coder/websocket"
)

// Live messages as the spectators read them: entries and snapshots are
// only scanned for their game and number (the test process shares the
// machine's cores with the server), other messages decoded.
var (
	entryPrefix    = []byte(`{"type":"entry"`)
	snapshotPrefix = []byte(`{"type":"snapshot"`)
	createdKey     = []byte(`"created":"`)
	gameIDKey      = []byte(`"game_id":"`)
	entryNKey      = []byte(`"n":`)
)

// snapshotOf returns the game id and the number of entries of a
// "snapshot" message: the game's "n" is the first after its "created"
// (the field before it in GameView).
func snapshotOf(b []byte) (string, int64, bool) {
	if !bytes.HasPrefix(b, snapshotPrefix) {
		return "", 0, false
	}
	id, rest, ok := gameIDOf(b)
	if !ok {
		return "", 0, false
	}
	i := bytes.Index(rest, createdKey)
	if i < 0 {
		return "", 0, false
	}
	n, ok := numberAfter(rest[i:], entryNKey)
	return id, n, ok
}

// gameIDOf returns the value of a message's "game_id" and what follows it.
func gameIDOf(b []byte) (string, []byte, bool) {
	i := bytes.Index(b, gameIDKey)
	if i < 0 {
		return "", nil, false
	}
	b = b[i+len(gameIDKey):]
	j := bytes.IndexByte(b, '"')
	if j < 0 {
		return "", nil, false
	}
	return string(b[:j]), b[j:], true
}

// numberAfter returns the number after the first key in b.
func numberAfter(b, key []byte) (int64, bool) {
	k := bytes.Index(b, key)
	if k < 0 {
		return 0, false
	}
	b = b[k+len(key):]
	var n int64
	digits := 0
	for len(b) > 0 && b[0] >= '0' && b[0] <= '9' {
		n = n*10 + int64(b[0]-'0')
		b = b[1:]
		digits++
	}
	return n, digits > 0
}

// entryOf returns the game id and the entry number of an "entry" message.
func entryOf(b []byte) (string, int64, bool) {
	if !bytes.HasPrefix(b, entryPrefix) {
		return "", 0, false
	}
	i := bytes.Index(b, gameIDKey)
	if i < 0 {
		return "", 0, false
	}
	b = b[i+len(gameIDKey):]
	j := bytes.IndexByte(b, '"')
	if j < 0 {
		return "", 0, false
	}
	id := b[:j]
	k := bytes.Index(b[j:], entryNKey) // the entry's first number is its n
	if k < 0 {
		return "", 0, false
	}
	b = b[j+k+len(entryNKey):]
	var n int64
	for len(b) > 0 && b[0] >= '0' && b[0] <= '9' {
		n = n*10 + int64(b[0]-'0')
		b = b[1:]
	}
	return string(id), n, true
}

// scaleSpectate follows one live URL until ctx ends, reconnecting when the
// socket breaks, and notes the latency of every entry and whether it came
// in order after the snapshot.
func scaleSpectate(ctx context.Context, u string, want, boards int, gameIndex map[string]int, base time.Time, ackAt, sentAt [][]atomic.Int64, st *spectatorStats) {
	last := make([]int64, boards) // per game: the last entry seen, -1 before its snapshot
	var buf bytes.Buffer
	backoff := 50 * time.Millisecond
	for ctx.Err() == nil {
		dialed := time.Now()
		ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: spectatorHTTP})
		if err != nil {
			st.dialErrs++
			select {
			case <-ctx.Done():
			case <-time.After(backoff/2 + rand.N(backoff/2)):
			}
			backoff = min(2*backoff, 500*time.Millisecond)
			continue
		}
		backoff = 50 * time.Millisecond
		st.connects++
		ws.SetReadLimit(64 << 20)
		for i := range last {
			last[i] = -1
		}
		snaps := 0
		// Reads without a context of their own (each would arm a timer);
		// the socket is closed when ctx ends.
		stop := context.AfterFunc(ctx, func() { ws.CloseNow() })
		for {
			_, r, err := ws.Reader(context.Background())
			if err != nil {
				break
			}
			buf.Reset()
			if _, err := buf.ReadFrom(r); err != nil {
				break
			}
			now := int64(time.Since(base))
			b := buf.Bytes()
			if id, n, ok := entryOf(b); ok {
				g, known := gameIndex[id]
				if !known {
					continue
				}
				st.entries++
				switch l := last[g]; {
				case l < 0:
					st.gaps++ // an entry before its game's snapshot
				case n > l+1:
					st.gaps += int(n - l - 1)
				case n <= l:
					st.dups++
				}
				last[g] = max(last[g], n)
				if n < int64(len(ackAt[g])) {
					st.at = append(st.at, int32(now/1e6))
					if a := ackAt[g][n].Load(); a != 0 && now > a {
						st.fan = append(st.fan, int32(min((now-a)/1000, 1<<31-1)))
					} else {
						st.fan = append(st.fan, 0)
						st.first++
					}
					if s := sentAt[g][n].Load(); s != 0 {
						st.fromSend = append(st.fromSend, int32(min((now-s)/1000, 1<<31-1)))
					}
				}
				continue
			}
			if id, n, ok := snapshotOf(b); ok {
				if g, known := gameIndex[id]; known {
					st.snapshots++
					last[g] = n
					if snaps++; snaps == want {
						st.ready = append(st.ready, time.Since(dialed))
					}
				}
				continue
			}
			var m struct {
				Type    string `json:"type"`
				GameID  string `json:"game_id"`
				Dropped bool   `json:"dropped"`
				Game    *struct {
					N int64 `json:"n"`
				} `json:"game"`
			}
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			switch {
			case m.Type == "snapshot" && m.Game != nil:
				if g, ok := gameIndex[m.GameID]; ok {
					st.snapshots++
					last[g] = m.Game.N
					if snaps++; snaps == want {
						st.ready = append(st.ready, time.Since(dialed))
					}
				}
			case m.Dropped:
				st.dropped++
			}
		}
		stop()
		ws.CloseNow()
	}
}

// spectatorHTTP dials the spectators' sockets: a read buffer of 32 KiB
// (net/http's default is 4 KiB) takes a hall's messages in fewer reads.
var spectatorHTTP = &http.Client{Transport: &http.Transport{ReadBufferSize: 32 << 10}}

// The spectators' scanners read what a full decoding reads.
func TestLoadScaleScanners(t *testing.T) {
	v := &GameView{ID: "g1", Event: "e1", Round: 3, Board: 7, WhitePlayer: &PlayerView{Rank: 12, Name: "n"}, Start: protocol.Start{Clock: &protocol.Clock{White: 60, Black: 60}},
		Created: time.Now(), N: 42, Seqs: map[string]int64{"board": 9}}
	b, _ := json.Marshal(Message{Type: "snapshot", Event: "e1", GameID: "g1", Game: v})
	if id, n, ok := snapshotOf(b); !ok || id != "g1" || n != 42 {
		t.Errorf("snapshot: %q %d %v in %s", id, n, ok, b)
	}
	b, _ = json.Marshal(Message{Type: "entry", Event: "e1", GameID: "g1", Entry: &store.Entry{Game: "g1", N: 17, Seq: 5}, Ply: 3})
	if id, n, ok := entryOf(b); !ok || id != "g1" || n != 17 {
		t.Errorf("entry: %q %d %v in %s", id, n, ok, b)
	}
	if _, _, ok := snapshotOf(b); ok {
		t.Error("an entry read as a snapshot")
	}
}

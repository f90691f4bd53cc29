package server

import (
	"sync"

	"github.com/arbiterchess/arbiter/chess"
)

// mateMemo remembers the answers of a "can this colour still checkmate"
// function, which the engine asks after every move (dead positions) and
// which costs milliseconds on a full board. Every game starts from the
// same position and many share their openings, so replays (after a
// restart, after a refused action) and new games mostly ask again what was
// asked before. The function must be pure, as winnable.CanMate is: the
// answer depends on the position only, so a remembered answer is the one
// the function would give and replays stay exact.
//
// Two generations of at most half the size each: when the current one is
// full it becomes the old one, and entries still in use move back.
type mateMemo struct {
	f    func(*chess.Position, chess.Color) bool
	max  int
	mu   sync.Mutex
	cur  map[mateKey]bool
	prev map[mateKey]bool
}

// mateKey is the position exactly: the FIDE identity (which keeps the
// castling rights FEN cannot express) and the FEN (move counters too).
type mateKey struct {
	id  chess.Identity
	fen string
	c   chess.Color
}

func newMateMemo(f func(*chess.Position, chess.Color) bool, size int) *mateMemo {
	return &mateMemo{f: f, max: size / 2, cur: map[mateKey]bool{}, prev: map[mateKey]bool{}}
}

// CanMate answers from memory, or asks f and remembers.
func (m *mateMemo) CanMate(p *chess.Position, c chess.Color) bool {
	k := mateKey{p.Identity(), p.FEN(), c}
	m.mu.Lock()
	v, ok := m.cur[k]
	if !ok {
		if v, ok = m.prev[k]; ok {
			m.put(k, v)
		}
	}
	m.mu.Unlock()
	if ok {
		return v
	}
	v = m.f(p, c)
	m.mu.Lock()
	m.put(k, v)
	m.mu.Unlock()
	return v
}

func (m *mateMemo) put(k mateKey, v bool) {
	if len(m.cur) >= m.max {
		m.prev, m.cur = m.cur, make(map[mateKey]bool, m.max)
	}
	m.cur[k] = v
}

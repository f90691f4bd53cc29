package game

import "github.com/arbiterchess/arbiter/chess"

// Repetition. Positions are compared on their FIDE identity (9.2.3; laws
// R1, chess.Identity): the same side to move, the same pieces on the same
// squares, the same castling rights (a right lost by a king or rook move or
// by the rook's capture makes a different position; a right that castling
// is only prevented from using for now does not), and an en passant square
// only when the capture is legal. The move counters do not count.
//
// A pawn move or a capture can never be undone, so only the plies since
// the last of them are searched.

// RepetitionPlies returns the plies, earliest first, at which the current
// position has appeared, the current ply included.
func (g *Game) RepetitionPlies() []int {
	return g.pliesOf(len(g.pos) - 1)
}

// RepetitionPliesAt returns the plies, earliest first, at which the
// position after ply plies had appeared by then, ply included.
func (g *Game) RepetitionPliesAt(ply int) []int {
	return g.pliesOf(ply)
}

// Repetitions returns how many times the current position has appeared,
// counting this time: 1 for a new position, 3 when a threefold claim
// (9.2.2) is possible, 5 for the automatic draw of 9.6.1.
func (g *Game) Repetitions() int {
	return g.RepetitionsAt(len(g.pos) - 1)
}

// RepetitionsAt returns how many times the position after ply plies had
// appeared by then, counting that time.
func (g *Game) RepetitionsAt(ply int) int {
	n := 1
	r := &g.rec[ply]
	var id chess.Identity
	known := false
	for j, since := ply-2, int(r.since); j >= since; j -= 2 {
		if g.rec[j].key != r.key {
			continue
		}
		if !known {
			id, known = g.pos[ply].Identity(), true
		}
		if g.pos[j].Identity() == id {
			n++
		}
	}
	return n
}

func (g *Game) pliesOf(ply int) []int {
	r := &g.rec[ply]
	id := g.pos[ply].Identity()
	var plies []int
	for j, since := ply-2, int(r.since); j >= since; j -= 2 {
		if g.rec[j].key == r.key && g.pos[j].Identity() == id {
			plies = append(plies, j)
		}
	}
	// Reverse into ascending order and add ply itself.
	for i, k := 0, len(plies)-1; i < k; i, k = i+1, k-1 {
		plies[i], plies[k] = plies[k], plies[i]
	}
	return append(plies, ply)
}

// pliesAfter returns the plies at which the position q, reached from the
// current position by the move m, has appeared before (it would be at ply
// Ply()+1), earliest first.
func (g *Game) pliesAfter(q *chess.Position) []int {
	next := len(g.pos)
	if q.HalfmoveClock() == 0 {
		return nil // a pawn move or a capture makes a new position
	}
	key := q.IdentityKey()
	id := q.Identity()
	var plies []int
	j := int(g.rec[next-1].since)
	if (next-j)%2 != 0 {
		j++
	}
	for ; j < next; j += 2 {
		if g.rec[j].key == key && g.pos[j].Identity() == id {
			plies = append(plies, j)
		}
	}
	return plies
}

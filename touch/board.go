package touch

import (
	"fmt"

	"github.com/arbiterchess/arbiter/chess"
)

// man is a piece on the physical board or in a hand. origin is the square
// it stood on when the turn began (NoSquare for a new piece put on the
// board), so that a piece keeps its identity however it is moved about.
type man struct {
	piece  chess.Piece
	origin chess.Square
}

// held is what a hand holds: a piece and, once set down, the square it was
// placed on (still held until released).
type held struct {
	man
	placed chess.Square // NoSquare while in the air
}

// board is the physical board: what stands where and what each hand holds.
type board struct {
	sq    [64]man
	hands map[string]*held // "left", "right"
}

func newBoard(p *chess.Position) board {
	var b board
	b.reset(p)
	return b
}

// reset sets the board to position p, with empty hands.
func (b *board) reset(p *chess.Position) {
	for s := chess.A1; s <= chess.H8; s++ {
		b.sq[s] = man{piece: p.PieceAt(s), origin: s}
		if b.sq[s].piece == chess.NoPiece {
			b.sq[s].origin = chess.NoSquare
		}
	}
	b.hands = map[string]*held{}
}

func (b *board) clone() board {
	c := *b
	c.hands = make(map[string]*held, len(b.hands))
	for k, v := range b.hands {
		h := *v
		c.hands[k] = &h
	}
	return c
}

// pieces returns the placement as it would be if every hand let go now:
// placed pieces stay where they were placed, pieces in the air are off
// the board.
func (b *board) pieces() [64]chess.Piece {
	var out [64]chess.Piece
	for s := range b.sq {
		out[s] = b.sq[s].piece
	}
	for _, h := range b.hands {
		if h.placed != chess.NoSquare {
			out[h.placed] = h.piece
		}
	}
	return out
}

// occupied reports whether a piece stands on s (set down or placed and held).
func (b *board) occupied(s chess.Square) bool {
	if b.sq[s].piece != chess.NoPiece {
		return true
	}
	for _, h := range b.hands {
		if h.placed == s {
			return true
		}
	}
	return false
}

// at returns the piece standing on s, including a placed piece still held.
func (b *board) at(s chess.Square) man {
	if b.sq[s].piece != chess.NoPiece {
		return b.sq[s]
	}
	for _, h := range b.hands {
		if h.placed == s {
			return h.man
		}
	}
	return man{origin: chess.NoSquare}
}

// lift picks up the piece on s with hand. A placed piece that the same
// hand still holds is simply taken up again.
func (b *board) lift(hand string, s chess.Square) (man, error) {
	if h := b.hands[hand]; h != nil {
		if h.placed == s {
			h.placed = chess.NoSquare
			return h.man, nil
		}
		return man{}, fmt.Errorf("the %s hand already holds %s", hand, pieceName(h.piece))
	}
	m := b.sq[s]
	if m.piece == chess.NoPiece {
		if b.occupied(s) {
			return man{}, fmt.Errorf("the piece on %s is held by the other hand", s)
		}
		return man{}, fmt.Errorf("no piece on %s to lift", s)
	}
	b.sq[s] = man{origin: chess.NoSquare}
	b.hands[hand] = &held{man: m, placed: chess.NoSquare}
	return m, nil
}

// place sets the held piece on the empty square s; the hand keeps holding it.
func (b *board) place(hand string, s chess.Square) error {
	h := b.hands[hand]
	if h == nil {
		return fmt.Errorf("the %s hand holds nothing to place", hand)
	}
	if h.placed != s && b.occupied(s) {
		return fmt.Errorf("%s is occupied: take the piece off first", s)
	}
	h.placed = s
	return nil
}

// release lets go of what hand holds: a placed piece stays, a piece in the
// air is off the board. It returns the piece and where it now stands.
func (b *board) release(hand string) (held, error) {
	h := b.hands[hand]
	if h == nil {
		return held{}, fmt.Errorf("the %s hand holds nothing to release", hand)
	}
	delete(b.hands, hand)
	if h.placed != chess.NoSquare {
		b.sq[h.placed] = h.man
	}
	return *h, nil
}

// remove takes the piece on s off the board.
func (b *board) remove(s chess.Square) (man, error) {
	m := b.sq[s]
	if m.piece == chess.NoPiece {
		return man{}, fmt.Errorf("no piece on %s to remove", s)
	}
	b.sq[s] = man{origin: chess.NoSquare}
	return m, nil
}

// put takes a new piece into hand and touches it on the empty square s.
func (b *board) put(hand string, pc chess.Piece, s chess.Square) error {
	if h := b.hands[hand]; h != nil {
		return fmt.Errorf("the %s hand already holds %s", hand, pieceName(h.piece))
	}
	if b.occupied(s) {
		return fmt.Errorf("%s is occupied: take the piece off first", s)
	}
	b.hands[hand] = &held{man: man{piece: pc, origin: chess.NoSquare}, placed: s}
	return nil
}

func pieceName(pc chess.Piece) string {
	if pc == chess.NoPiece {
		return "nothing"
	}
	return pc.Color().String() + " " + pc.Type().String()
}

// pieceSq names a piece on a square as arbiters write it: "Ng8", "Pe7".
func pieceSq(pc chess.Piece, s chess.Square) string {
	return pc.Type().Letter() + s.String()
}

package touch

import (
	"errors"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
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
	placed  chess.Square // NoSquare while in the air
	from    chess.Square // where it was lifted from (NoSquare for a put)
	knocked bool         // lifted to set right a piece knocked over (7.4)
	home    chess.Square // with knocked: the square it must go back to
}

// board is the physical board: what stands where and what each hand
// holds. A hand holds at most two pieces (4.1: king and rook lifted
// together for a castling with one hand).
type board struct {
	sq    [64]man
	hands map[string][]*held // "left", "right"; no entry for an empty hand
}

// maxHeld is the number of pieces one hand can hold.
const maxHeld = 2

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
	b.hands = map[string][]*held{}
}

// set sets the board to the placement pl, with empty hands: each piece
// stands where it began (what the board holds after an illegal position).
func (b *board) set(pl [64]chess.Piece) {
	for s := chess.A1; s <= chess.H8; s++ {
		b.sq[s] = man{piece: pl[s], origin: s}
		if pl[s] == chess.NoPiece {
			b.sq[s].origin = chess.NoSquare
		}
	}
	b.hands = map[string][]*held{}
}

func (b *board) clone() board {
	c := *b
	c.hands = make(map[string][]*held, len(b.hands))
	for k, hs := range b.hands {
		cs := make([]*held, len(hs))
		for i, h := range hs {
			x := *h
			cs[i] = &x
		}
		c.hands[k] = cs
	}
	return c
}

// holding reports whether any hand holds a piece.
func (b *board) holding() bool { return len(b.hands) > 0 }

// pieces returns the placement as it would be if every hand let go now:
// placed pieces stay where they were placed, pieces in the air are off
// the board.
func (b *board) pieces() [64]chess.Piece {
	var out [64]chess.Piece
	for s := range b.sq {
		out[s] = b.sq[s].piece
	}
	for _, hs := range b.hands {
		for _, h := range hs {
			if h.placed != chess.NoSquare {
				out[h.placed] = h.piece
			}
		}
	}
	return out
}

// placedOn returns the held piece placed on s, or nil.
func (b *board) placedOn(s chess.Square) (string, *held) {
	for hand, hs := range b.hands {
		for _, h := range hs {
			if h.placed == s {
				return hand, h
			}
		}
	}
	return "", nil
}

// occupied reports whether a piece stands on s (set down or placed and held).
func (b *board) occupied(s chess.Square) bool {
	if b.sq[s].piece != chess.NoPiece {
		return true
	}
	_, h := b.placedOn(s)
	return h != nil
}

// at returns the piece standing on s, including a placed piece still held.
func (b *board) at(s chess.Square) man {
	if b.sq[s].piece != chess.NoPiece {
		return b.sq[s]
	}
	if _, h := b.placedOn(s); h != nil {
		return h.man
	}
	return man{origin: chess.NoSquare}
}

// lift picks up the piece on s with hand. A placed piece that the same
// hand still holds is simply taken up again.
func (b *board) lift(hand string, s chess.Square) (man, error) {
	if other, h := b.placedOn(s); h != nil {
		if other != hand {
			return man{}, refusef(ErrHeldOtherHand, map[string]string{"Sq": s.String()}, "the piece on %s is held by the other hand", s)
		}
		h.placed = chess.NoSquare
		return h.man, nil
	}
	if hs := b.hands[hand]; len(hs) >= maxHeld {
		return man{}, refusef(ErrHandFull, map[string]string{"Hand": hand}, "the %s hand already holds two pieces", hand)
	}
	m := b.sq[s]
	if m.piece == chess.NoPiece {
		return man{}, refusef(ErrNoPieceTo, map[string]string{"Sq": s.String(), "Act": protocol.Lift}, "no piece on %s to lift", s)
	}
	b.sq[s] = man{origin: chess.NoSquare}
	b.hands[hand] = append(b.hands[hand], &held{man: m, placed: chess.NoSquare, from: s})
	return m, nil
}

// which returns the index of the piece of hand named by letter (a piece
// type letter, "" when the hand holds one piece only).
func (b *board) which(hand, letter string) (int, error) {
	hs := b.hands[hand]
	switch {
	case len(hs) == 0:
		return 0, refusef(ErrHandEmpty, map[string]string{"Hand": hand}, "the %s hand holds nothing", hand)
	case letter == "" && len(hs) == 1:
		return 0, nil
	case letter == "":
		return 0, refusef(ErrHandHoldsTwo, map[string]string{"Hand": hand, "Piece": hs[0].piece.Type().Letter(), "Other": hs[1].piece.Type().Letter(),
			"First": hs[0].piece.Type().Letter(), "Second": hs[1].piece.Type().Letter()},
			"the %s hand holds %s and %s: name the piece (piece %s or %s)", hand,
			pieceName(hs[0].piece), pieceName(hs[1].piece), hs[0].piece.Type().Letter(), hs[1].piece.Type().Letter())
	}
	for i, h := range hs {
		if h.piece.Type().Letter() == letter {
			return i, nil
		}
	}
	return 0, refusef(ErrHandNoPiece, map[string]string{"Hand": hand, "Piece": letter, "Letter": letter}, "the %s hand holds no piece %s", hand, letter)
}

// place sets the held piece named by letter on the empty square s; the
// hand keeps holding it.
func (b *board) place(hand, letter string, s chess.Square) error {
	i, err := b.which(hand, letter)
	if err != nil {
		args := map[string]string{}
		if r := (*refusal)(nil); errors.As(err, &r) {
			for k, v := range r.args {
				args[k] = v
			}
			args["Why"] = r.msg
		}
		return &refusal{text: "nothing to place: " + err.Error(), msg: ErrNothingToPlace, args: args}
	}
	h := b.hands[hand][i]
	if h.placed != s && b.occupied(s) {
		return refusef(ErrOccupied, map[string]string{"Sq": s.String()}, "%s is occupied: take the piece off first", s)
	}
	h.placed = s
	return nil
}

// release lets go of the piece of hand named by letter, or of everything
// the hand holds when letter is "": a placed piece stays, a piece in the
// air is off the board. It returns what was let go.
func (b *board) release(hand, letter string) ([]held, error) {
	hs := b.hands[hand]
	if len(hs) == 0 {
		return nil, refusef(ErrHandEmptyRelease, map[string]string{"Hand": hand}, "the %s hand holds nothing to release", hand)
	}
	var out []held
	keep := hs[:0:0]
	for _, h := range hs {
		if letter != "" && h.piece.Type().Letter() != letter {
			keep = append(keep, h)
			continue
		}
		if h.placed != chess.NoSquare {
			b.sq[h.placed] = h.man
		}
		out = append(out, *h)
	}
	if len(out) == 0 {
		return nil, refusef(ErrHandNoPiece, map[string]string{"Hand": hand, "Piece": letter, "Letter": letter}, "the %s hand holds no piece %s", hand, letter)
	}
	if len(keep) == 0 {
		delete(b.hands, hand)
	} else {
		b.hands[hand] = keep
	}
	return out, nil
}

// remove takes the piece on s off the board.
func (b *board) remove(s chess.Square) (man, error) {
	m := b.sq[s]
	if m.piece == chess.NoPiece {
		return man{}, refusef(ErrNoPieceTo, map[string]string{"Sq": s.String(), "Act": protocol.Remove}, "no piece on %s to remove", s)
	}
	b.sq[s] = man{origin: chess.NoSquare}
	return m, nil
}

// put takes a piece from off the board into hand and touches it on the
// empty square s: a new piece (origin NoSquare), or one taken off this
// turn, which keeps its origin.
func (b *board) put(hand string, m man, s chess.Square) error {
	if hs := b.hands[hand]; len(hs) >= maxHeld {
		return refusef(ErrHandFull, map[string]string{"Hand": hand}, "the %s hand already holds two pieces", hand)
	}
	if b.occupied(s) {
		return refusef(ErrOccupied, map[string]string{"Sq": s.String()}, "%s is occupied: take the piece off first", s)
	}
	b.hands[hand] = append(b.hands[hand], &held{man: m, placed: s, from: chess.NoSquare})
	return nil
}

// lastHeld returns the piece hand took last.
func (b *board) lastHeld(hand string) *held {
	hs := b.hands[hand]
	return hs[len(hs)-1]
}

func pieceName(pc chess.Piece) string {
	if pc == chess.NoPiece {
		return "nothing"
	}
	return pc.Color().String() + " " + pc.Type().String()
}

// pieceSq names a piece on a square in the players' words: "the knight
// on g8", "the pawn on e7".
func pieceSq(pc chess.Piece, s chess.Square) string {
	if pc == chess.NoPiece {
		return "the piece on " + s.String()
	}
	return "the " + pc.Type().String() + " on " + s.String()
}

// pieceNote names a piece on a square as a score sheet writes it: "Ng8",
// "Pe7".
func pieceNote(pc chess.Piece, s chess.Square) string {
	return pc.Type().Letter() + s.String()
}

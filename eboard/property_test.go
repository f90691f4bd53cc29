package eboard

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// scanOrder is the order a DGT board reports the squares of one scan
// (a8 first, h1 last).
func scanOrder(sq chess.Square) int { return (7-sq.Rank())*8 + sq.File() }

// gameWriter builds, move by move, what a sensor board would report for a
// game played by hand and the actions those hands made.
type gameWriter struct {
	rng    *rand.Rand
	t      int64
	events []Event
	want   []string
	occ    bool // an occupancy-only board
}

func (g *gameWriter) fill(t int64, sq chess.Square, p chess.Piece) {
	e := Event{T: t, Sq: sq, Piece: p}
	if g.occ {
		e.Piece, e.Unknown = chess.NoPiece, true
	}
	g.events = append(g.events, e)
}

func (g *gameWriter) empty(t int64, sq chess.Square) {
	g.events = append(g.events, Event{T: t, Sq: sq})
}

func (g *gameWriter) act(by chess.Color, s string) {
	g.want = append(g.want, by.String()[:1]+" "+s)
}

// move writes the reports and actions of m, played in pos by hand, with
// noise picked at random, then the clock press.
func (g *gameWriter) move(pos *chess.Position, m chess.Move) {
	c := pos.Turn()
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	t := g.t
	scan := int64(250)
	switch {
	case m.IsCastling():
		kTo, rFrom, rTo := m.KingTo(), m.To(), m.RookTo()
		if g.rng.IntN(2) == 0 {
			g.empty(t, from)
			g.fill(t+500, kTo, pc)
			g.empty(t+1200, rFrom)
			g.fill(t+1700, rTo, pos.PieceAt(rFrom))
			g.act(c, "lift "+from.String())
			g.act(c, "drop "+kTo.String())
			g.act(c, "lift "+rFrom.String())
			g.act(c, "drop "+rTo.String())
		} else {
			g.empty(t, rFrom)
			g.fill(t+500, rTo, pos.PieceAt(rFrom))
			g.empty(t+1200, from)
			g.fill(t+1700, kTo, pc)
			g.act(c, "lift "+rFrom.String())
			g.act(c, "drop "+rTo.String())
			g.act(c, "lift "+from.String())
			g.act(c, "drop "+kTo.String())
		}
		t += 1700
	case m.Promotion() != chess.NoPieceType:
		np := chess.NewPiece(c, m.Promotion())
		if g.occ {
			np = chess.NewPiece(c, chess.Queen) // what the translator assumes
		}
		letter := np.Type().Letter()
		victim := pos.PieceAt(to)
		switch {
		case victim != chess.NoPiece && g.rng.IntN(2) == 0:
			g.empty(t, to)
			g.empty(t+scan*2, from)
			g.fill(t+scan*4, to, np)
			g.act(c, "remove "+to.String())
			g.act(c, "lift "+from.String())
		case victim != chess.NoPiece:
			g.empty(t, from)
			g.empty(t+scan*2, to)
			g.fill(t+scan*4, to, np)
			g.act(c, "lift "+from.String())
			g.act(c, "remove "+to.String())
		case g.rng.IntN(2) == 0 && !g.occ:
			// The pawn goes to the last rank, then is swapped.
			g.empty(t, from)
			g.fill(t+scan, to, pc)
			g.empty(t+scan*5, to)
			g.fill(t+scan*7, to, np)
			g.act(c, "lift "+from.String())
			g.act(c, "drop "+to.String())
			g.act(c, "lift "+to.String())
		default:
			g.empty(t, from)
			g.fill(t+scan*3, to, np)
			g.act(c, "lift "+from.String())
		}
		g.act(c, "release")
		g.act(c, "put "+to.String()+" "+letter)
		g.act(c, "release")
		t += scan * 7
	case m.IsEnPassant():
		cap := chess.NewSquare(to.File(), from.Rank())
		if g.rng.IntN(2) == 0 {
			g.empty(t, from)
			g.fill(t+scan*2, to, pc)
			g.empty(t+scan*6, cap)
			g.act(c, "lift "+from.String())
			g.act(c, "drop "+to.String())
			g.act(c, "remove "+cap.String())
		} else {
			g.empty(t, cap)
			g.empty(t+scan*2, from)
			g.fill(t+scan*4, to, pc)
			g.act(c, "remove "+cap.String())
			g.act(c, "lift "+from.String())
			g.act(c, "drop "+to.String())
		}
		t += scan * 6
	case pos.PieceAt(to) != chess.NoPiece:
		switch g.rng.IntN(3) {
		case 0: // the captured piece first
			g.empty(t, to)
			g.empty(t+scan*2, from)
			g.fill(t+scan*4, to, pc)
			g.act(c, "remove "+to.String())
			g.act(c, "lift "+from.String())
		case 1: // own piece first
			g.empty(t, from)
			g.empty(t+scan*2, to)
			g.fill(t+scan*4, to, pc)
			g.act(c, "lift "+from.String())
			g.act(c, "remove "+to.String())
		default: // one piece replacing the other in a scan, the old square clearing later
			if g.occ {
				// An occupancy board sees no change on the target square.
				g.empty(t, from)
				g.empty(t+scan, to)
				g.fill(t+scan*2, to, pc)
			} else {
				g.fill(t, to, pc)
				g.empty(t+scan, from)
			}
			g.act(c, "lift "+from.String())
			g.act(c, "remove "+to.String())
		}
		g.act(c, "drop "+to.String())
		t += scan * 4
	default:
		path := chess.Between(from, to).Squares()
		if len(path) > 0 && (from > to) {
			slices.Reverse(path)
		}
		switch r := g.rng.IntN(4); {
		case r == 0 && len(path) > 0: // slid across the squares between
			g.empty(t, from)
			prev := chess.NoSquare
			for _, s := range append(path, to) {
				t += scan
				g.fill(t, s, pc)
				if prev != chess.NoSquare {
					g.empty(t, prev)
				}
				prev = s
			}
			if len(path) > 0 {
				t += scan
				g.empty(t, prev)
				g.fill(t, to, pc) // the last square reported again: no change
			}
		case r == 1: // both squares in one scan, in scan order
			if scanOrder(to) < scanOrder(from) {
				g.fill(t, to, pc)
				g.empty(t, from)
			} else {
				g.empty(t, from)
				g.fill(t, to, pc)
			}
		case r == 2: // the new square before the old one clears
			g.fill(t, to, pc)
			g.empty(t+scan, from)
			t += scan
		default:
			g.empty(t, from)
			g.fill(t+scan*2, to, pc)
			t += scan * 2
		}
		g.act(c, "lift "+from.String())
		g.act(c, "drop "+to.String())
	}
	t += 700
	g.events = append(g.events, Event{T: t, Clock: true, By: c})
	g.act(c, "clock")
	g.t = t + 1000
}

// Random games played by hand with random sensor noise, on a board that
// knows pieces and on one that senses occupancy only: the translator
// gives exactly the actions of the hands.
func TestProperty_RandomGamesWithNoise(t *testing.T) {
	stats := map[string]int{}
	defer func() { t.Logf("moves played: %v", stats) }()
	for _, occ := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(7, 11))
		for game := range 60 {
			pos := chess.StartPosition()
			if game%3 == 1 {
				// Promotions and en passant come sooner from here.
				var err error
				pos, err = chess.ParseFEN("4k3/1P4P1/8/3pP3/8/8/1p4p1/4K3 w - d6 0 1")
				if err != nil {
					t.Fatal(err)
				}
			}
			start := protocol.Start{FEN: pos.FEN()}
			g := &gameWriter{rng: rng, t: 1000, occ: occ}
			var ml chess.MoveList
			for ply := 0; ply < 60; ply++ {
				pos.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(rng.IntN(ml.Len()))
				// Prefer the special moves when there are some.
				for i := range ml.Len() {
					if x := ml.At(i); (x.IsCastling() || x.IsEnPassant() || x.Promotion() != chess.NoPieceType) && rng.IntN(2) == 0 {
						m = x
						break
					}
				}
				stats[kindOf(m)]++
				g.move(pos, m)
				pos = pos.Play(m)
			}
			got, err := Translate(start, Options{}, g.events)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, fmt.Sprintf("occupancy %v, game %d from %s", occ, game, start.FEN), got, g.want)

			// The same without a clock, inferring the presses: the same
			// actions but for the last press.
			var noClock []Event
			for _, e := range g.events {
				if !e.Clock {
					noClock = append(noClock, e)
				}
			}
			got, err = Translate(start, Options{InferClock: true}, noClock)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, fmt.Sprintf("inferring the clock, occupancy %v, game %d from %s", occ, game, start.FEN), got, g.want[:len(g.want)-1])
		}
	}
}

func kindOf(m chess.Move) string {
	switch {
	case m.IsCastling():
		return "castling"
	case m.IsEnPassant():
		return "en passant"
	case m.Promotion() != chess.NoPieceType:
		return "promotion"
	}
	return "other"
}

func compare(t *testing.T, what string, got []protocol.Action, want []string) {
	t.Helper()
	gs := strings.Split(brief(got), ", ")
	if !slices.Equal(gs, want) {
		i := 0
		for i < len(gs) && i < len(want) && gs[i] == want[i] {
			i++
		}
		t.Fatalf("%s: first difference at action %d\n got: %s\nwant: %s", what, i,
			strings.Join(gs[max(0, i-6):min(len(gs), i+4)], ", "), strings.Join(want[max(0, i-6):min(len(want), i+4)], ", "))
	}
}

package eboard

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/touch"
)

// The actions the translator makes of random games played with sensor
// noise, on both kinds of board, are what the touch engine reads as those
// very moves: no error, no illegal move, no violation.
func TestConformance_TouchEngineReadsTheMovesPlayed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 300 {
		pos := chess.StartPosition()
		if game%3 == 1 {
			pos, _ = chess.ParseFEN("4k3/1P4P1/8/3pP3/8/8/1p4p1/4K3 w - d6 0 1")
		}
		// US Chess rules: a rook touched first may still castle (T4d), as
		// the game writer castles rook first half of the time.
		start := protocol.Start{FEN: pos.FEN(), Rules: "uscf"}
		g := &gameWriter{rng: rng, t: 1000, occ: game%2 == 0}
		var sans []string
		var ml chess.MoveList
		for ply := 0; ply < 40; ply++ {
			pos.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			for i := range ml.Len() {
				if x := ml.At(i); (x.IsCastling() || x.IsEnPassant() || x.Promotion() != chess.NoPieceType) && rng.IntN(2) == 0 {
					m = x
					break
				}
			}
			if g.occ && m.Promotion() != chess.NoPieceType && m.Promotion() != chess.Queen {
				continue // such a board promotes to a queen unless told otherwise
			}
			sans = append(sans, pos.SAN(m))
			g.move(pos, m)
			pos = pos.Play(m)
		}
		actions, err := Translate(start, Options{}, g.events)
		if err != nil {
			t.Fatal(err)
		}
		e, err := touch.New(start, touch.Options{})
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("game %d (occupancy %v) from %s", game, g.occ, start.FEN)
		over := false
	apply:
		for i, a := range actions {
			for _, r := range e.Apply(i+2, a) {
				switch r.Kind {
				case protocol.KindResult:
					over = true
					break apply // mate, stalemate or a dead position: the game is over
				case protocol.KindError, protocol.KindIllegal, protocol.KindViolation:
					t.Fatalf("%s: action %d %+v: %+v\nmoves %v\nactions %s\nwant %v", what, i, a, r, sans, brief(actions[max(0, i-12):i+1]), g.want[max(0, i-12):i+1])
				}
			}
		}
		got := e.Summary().Moves
		if over && len(got) <= len(sans) {
			sans = sans[:len(got)]
		}
		if !slices.Equal(got, sans) {
			t.Fatalf("%s: moves\n got %v\nwant %v", what, got, sans)
		}
	}
}

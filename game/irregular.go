package game

import (
	"errors"

	"github.com/arbiterchess/arbiter/chess"
)

// PlayIrregular adds a ply that no legal move produces: an illegal move
// that stands because nobody claimed it in time (FIDE Appendices A and
// B, laws I5, I6). q is the position it left, with the opponent to
// move; note describes it ("Ke1-e2"). In move lists it reads as the PGN
// null move "--" so that exports stay readable; Irregular gives the note.
// Repetition is not looked for across it.
func (g *Game) PlayIrregular(q *chess.Position, note string) error {
	if err := g.open(); err != nil {
		return err
	}
	if q.Turn() == g.cur().Turn() {
		return errors.New("game: an irregular ply must pass the move")
	}
	g.pos = append(g.pos, *q)
	n := len(g.rec)
	g.notes = append(g.notes, note)
	g.rec = append(g.rec, record{move: chess.NoMove, null: true, key: q.IdentityKey(), since: int32(n), note: int32(len(g.notes))})
	return nil
}

// Irregular reports whether the ply was an illegal move that stood, and
// its description.
func (g *Game) Irregular(ply int) (string, bool) {
	r := g.rec[ply]
	if r.note == 0 {
		return "", false
	}
	note := g.notes[r.note-1]
	return note, note != ""
}

package chess

// Apply plays the legal move m, as Make does, for callers that never take
// it back: no Undo is built. Like Make, it panics on NoMove and on a move
// from a square without a piece of the side to move.
func (p *Position) Apply(m Move) {
	p.play(m)
}

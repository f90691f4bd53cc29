package chess

// Apply plays the legal move m, as Make does, for callers that never take
// it back: no Undo is built.
func (p *Position) Apply(m Move) { p.play(m) }

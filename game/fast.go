package game

import "github.com/arbiterchess/arbiter/chess"

// PlayLegal adds the move m without checking it: a fast path for callers
// that took m from the legal moves of the current position (as generated
// by chess.Position.LegalMoves) and that may play on (Config.Transcribe,
// or a game not over). It does what Play does for a legal move, without
// generating the legal moves again. A move that is not legal here leaves
// the game in an undefined state.
func (g *Game) PlayLegal(m chess.Move) {
	g.push(m, false)
}

package game

import "github.com/arbiterchess/arbiter/chess"

// defaultCanMate is the analysis behind DefaultCanMate.
func defaultCanMate(p *chess.Position, c chess.Color) bool {
	return MaterialCanMate(p, c)
}

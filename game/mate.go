package game

import "github.com/arbiterchess/arbiter/chess"

// MateFunc answers the question of laws R6: can colour c checkmate in p by
// some series of legal moves (a helpmate)? It must be sound: it may say
// true for a position where no mate exists, never false where one does.
// The game uses it for dead positions (5.2.2), flag fall (6.9) and the
// second illegal move (7.5.5).
type MateFunc func(p *chess.Position, c chess.Color) bool

// DefaultCanMate is the MateFunc a Game uses unless Config says otherwise:
// MaterialCanMate, then the analysis of the winnable package.
var DefaultCanMate MateFunc = defaultCanMate

// MaterialCanMate is the simplest sound answer to R6: it looks only at the
// material, as (*chess.Position).MaterialAllowsMate does.
//
// Deprecated: the name reads as the opposite of python-chess's
// has_insufficient_material; use (*chess.Position).MaterialAllowsMate,
// next to IsCheckmate and IsStalemate, or winnable.CanMate for the
// complete answer.
func MaterialCanMate(p *chess.Position, c chess.Color) bool { return p.MaterialAllowsMate(c) }

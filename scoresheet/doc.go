// Package scoresheet writes the record of a game ruled by the touch
// engine, as the arbiter keeps it: the moves as they stand, and the
// arbiter's rulings (violations, illegal moves, claims, results) as PGN
// comments on the moves they concern.
//
//	sheet := scoresheet.New(e.Game().Start()) // e: the touch engine of the game
//	for i, a := range actions {
//		sheet.Add(&a, e.Apply(i+1, a), e.Game().Ply())
//	}
//	g := e.Game().PGN()  // the moves, as PGN
//	sheet.Annotate(g)    // the rulings, as comments on them
//	pgn.NewWriter(w).Write(g)
//
// A ruling may concern a move that is no longer in the game: a move taken
// back by a granted touch-move claim, or the moves of an illegal move that
// the arbiter reinstated. Its comment then stands after the last move of
// the game that it follows, and says which move was played and taken
// back, so that no reader takes the next move for the one concerned.
//
// The server builds the PGN of its games with it, and "arbiter replay
// --pgn" the PGN of an action file.
package scoresheet

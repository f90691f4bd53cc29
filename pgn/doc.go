// Package pgn reads and writes chess games in Portable Game Notation.
//
//	for g, err := range pgn.NewReader(f).All() {
//		if err != nil {
//			continue // a malformed game: the next one follows
//		}
//		fmt.Println(g.Tag("White"), "-", g.Tag("Black"), g.Result)
//	}
//
// To replay a game under the Laws, hand it to game.FromPGN; to write one
// back, (*game.Game).PGN and a Writer.
//
// The package works at the level of text: it splits a PGN stream into
// games, tags, moves, comments, annotations and variations, and writes
// them back in the PGN export format. It does not know the rules of chess.
// Moves are kept as the strings written in the file (SAN as written,
// including forms such as "0-0", "e8Q", "--" or "Z0"); replaying them on a
// board is left to the caller.
//
// # Reading
//
// A Reader returns one Game per call to Read and io.EOF at the end, in the
// manner of encoding/csv. It streams: memory use depends on the size of the
// largest game, not on the size of the input, and a game may take at most
// DefaultMaxGameBytes of text (Reader.SetMaxGameBytes). A malformed game,
// or one over that limit, gives a *SyntaxError naming the game and line;
// the next call to Read goes on with the following game, so one broken
// game does not spoil a file.
//
// A Splitter cuts a stream into chunks of whole games that Readers read on
// several goroutines at once, with the games and errors of one Reader of
// the whole stream; where it finds nowhere to cut, it hands the text on in
// pieces for one Reader to read in turn (Reader.ResetRun).
//
// A program that only replays games can call ReadMainLine instead: it
// reads the same games with the same checks and errors, but keeps only the
// tags, the main line and the comments after its moves (a MainLine), in
// memory reused from one game to the next, so that reading allocates next
// to nothing per game.
//
// Games of every variant are read alike. Game.Variant normalises the
// Variant tag ("Chess960", "fischerandom", "Freestyle" ... all become
// "chess960"); deciding which variants to accept is up to the caller.
//
// # The movetext tree
//
// Game.Moves is the main line. Each Move holds its text, its suffix
// annotation ("!?"), its NAGs ($n), the comments before and after it, and
// its variations: alternative lines that replace the move, each a []*Move
// that may hold variations in turn.
//
// Comments keep embedded commands such as [%clk 0:05:00] or [%eval 0.3]
// in their text. Clock, Eval and Command parse them.
//
// # Writing
//
// A Writer writes games in the export format: the Seven Tag Roster first,
// movetext wrapped at 80 columns, move numbers recomputed. Reading what a
// Writer wrote gives back the same game, except that the tags come in
// export order with the roster's defaults filled in, and a missing result
// becomes the Result tag's value or "*".
package pgn

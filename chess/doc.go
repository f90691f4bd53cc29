// Package chess is the rules core of arbiter: the board, legal moves, every
// castling rule, FEN, SAN, UCI, hashing and perft.
//
// A first look:
//
//	p, err := chess.ParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
//	...
//	fmt.Println(p.IsCheckmate())  // true
//	for m := range p.Legal() {     // the legal moves (none here)
//		fmt.Println(p.SAN(m))
//	}
//	m, err := chess.StartPosition().ParseSAN("e4") // check err: on error m is NoMove,
//	                                               // which Play refuses with a panic
//	fmt.Println(p.Diagram())
//
// To replay a PGN game, read it with package pgn and replay it with
// game.FromPGN.
//
// The vocabulary types are small values: Color, Square (a1 = 0 ... h8 = 63),
// PieceType, Piece, Bitboard (a set of squares) and Move (16 bits). A
// Position is always legal: it is built by ParseFEN, ParseFENWith or
// StartPosition, and changed only by legal moves, so move generation never
// has to doubt its input.
//
// # Castling
//
// Castling rights are kept per rook, as the set of rooks that have not
// moved and whose king has not moved (laws C2), not as four flags. One
// mechanism therefore serves standard chess, Chess960 (C7: X-FEN and
// Shredder-FEN rights, UCI e1g1 and e1h1) and the pre-1972 vertical
// castling (C6, Options.Vertical), where a rook promoted on its king's file
// counts as unmoved. A castling move is stored as "king takes own rook";
// Move.KingTo and Move.RookTo say where the pieces land.
//
// # Identity and hashing
//
// Position.Hash is the Polyglot key, for opening books. Position.Identity
// is the FIDE identity of a position (laws R1): castling rights count, an en
// passant square counts only when the capture is legal, the move counters
// do not. The game record counts repetitions on it.
//
// # Speed
//
// Legal moves are generated with check and pin masks and magic bitboards;
// CountLegal counts the moves of a position without listing them, which is
// what perft does at the last ply. See BenchmarkPerftStart6 and "arbiter
// perft".
//
// Rule-book items such as C2 and R6 are those of the project's rule book,
// [docs/laws.md].
//
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
package chess

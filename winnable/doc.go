// Package winnable tells whether a side can still checkmate: whether there
// is any series of legal moves, both sides cooperating (a helpmate), that
// ends with that side giving checkmate. The Laws of Chess ask this question
// three times: a position where neither side can is dead and the game is
// drawn at once (Article 5.2.2); a player whose flag falls, or who makes a
// second illegal move, loses only if the opponent can still checkmate
// (Articles 6.9 and 7.5.5).
//
// White's flag has fallen; does he lose, or is it a draw?
//
//	p, err := chess.ParseFEN("8/8/8/4k3/8/4n3/4P3/4K3 w - - 0 1")
//	...
//	if winnable.CanMate(p, chess.Black) { // true: a helpmate exists
//		// Black wins on time (6.9)
//	}
//	r := winnable.Analyze(p) // both sides: r.White, r.Black, r.Lines (the mating lines)
//
// For the quick answer from the material alone, see
// (*chess.Position).MaterialAllowsMate.
//
// Analyze answers for both sides, CanMate for one, and Alive whether
// either side can (it stops at the first that can, which is what a dead
// position test needs). The answers are sound:
// "cannot" is only ever given with a proof, and "can" comes with a mating
// line, played out with legal moves (Result.Lines). Should the searches
// reach their limits before settling a side, the answer is "can", the safe
// one under the Laws, and Result.Decided is false; on the public test
// vector no limit is reached.
//
// # Proving that a side cannot mate
//
// All proofs rest on over-approximation: each replaces the positions that
// can arise by a larger, simpler set, then shows that no member of that set
// is a checkmate by the side in question. The tests of a checkmate used
// there are necessary conditions only: with the losing king on some square
// k, a piece of the mating side attacks k, and every flight square of k is
// attacked, or filled by a piece of the losing side, a different piece for
// each square. A defender that could take the checker or step between
// refutes the picture, but only when nothing can prevent it (no double
// check is possible, no piece of the mating side can pin it, no piece can
// stand in its way).
//
// Abstract search. The pawns are kept exactly; every other piece is
// replaced by its region: the squares it can reach by its own moves through
// squares without pawns (kings also avoid squares attacked by enemy
// pawns). A piece that can never move and never be taken is permanent: the
// enemy king never steps onto it or where it attacks. The successors of an
// abstract state are its pawn events: an advance, a capture by or of a
// pawn, a promotion (which adds a queen and a knight, standing for any
// piece), each taken whenever some placement of the pieces in their
// regions allows it. Pieces taken by pieces are kept, which only makes
// mates look easier. If no state reachable this way passes the mate test,
// the side cannot mate. This settles bare material (king against king,
// king and knight or bishop against king, bishops all of one colour),
// locked pawn chains, kings walled in behind them, pieces that can only
// shuffle, and structures that can change in a few ways only.
//
// Wide analysis. When pawn structures are too many to list, each pawn gets
// instead the set of squares it may ever stand on, grown with the regions
// until nothing changes (pawns on a file that none of them can leave keep
// their order). Pawns that never move are walls for ever. The mate test
// then lets each uncertain pawn stand on one square of its set.
//
// King search. Where the proof is a matter of tempo (a king that can only
// shuffle between two squares, a side that must move into stalemate), the
// kings are kept exactly, with the side to move; the other pieces stay
// regions, and a side with a piece free to move may always spend a move. A
// side left without any move has none in reality either: the game ends
// there. After a king move the check can only be a discovered one.
//
// Closure search. Last, every position reachable by legal moves is visited
// once, depth first, pawn moves before the others (the walk then reaches
// new pawn structures soon, where most of the mates it finds are); a
// position is not expanded when the abstract search proves it hopeless,
// and at each position of the mating side a mate in one ends the walk at
// once. If the walk ends without a checkmate and without reaching its
// budget, there is none. The walk can stop at a budget and carry on later
// from where it stopped.
//
// # Finding a checkmate
//
// The analysis runs cheapest first and stops for a side as soon as it is
// settled. First come the promotion playouts: games aimed at the commonest
// mate of endings, which also find most mates of the middle game. The
// mating side pushes its most advanced pawn at every turn it can (to a
// queen), and where its pawns are stuck its king goes to take the men in
// their way, while the losing side takes nothing, keeps out of the pawns'
// way and, where a pawn can only go on by a capture, brings a man to be
// taken. Once the mating side has a queen or a rook, or has no pawn left,
// the games turn to the net: the losing king heads for a corner (one of the
// bishops' colour where bishops of one colour are the only long-range
// pieces) and stays near it, the mating king follows it, and the other men
// go where they cannot be taken and cover more of the losing king's zone,
// never into stalemate. Where the mating side has a lone knight or bishops
// of one colour, the loser helps instead: its pawns queen into knights, its
// king goes to a corner where they queen and its men come next to it. Six
// such games of at most 120 moves are played where the mating side has
// pawns, twenty-four of at most 80 where it has none (the net is then all
// there is to find, and is found soon or not at all); they settle nine in
// ten of the questions a game record asks, pawn endings, K+B+N against a
// bare king and most lone-piece mates among them, in some tens to hundreds
// of microseconds.
//
// Then the abstract search, first with a few dozen states: it proves locked
// structures at once and stops at its first state where a mate looks
// possible at once; where it runs out, as in pawn endings, it runs in full
// after the quick searches below.
//
// Where these leave a side open, ten random playouts are played: games of
// random moves in which the mating side takes a mate in one whenever there
// is one, often gives check and sometimes pushes its most advanced pawn,
// while the losing side mostly leaves its opponent's men alone and its king
// drifts to the edge. For a side with a queen or rook among more than five
// pieces (the middle game), the random games come before the promotion
// games: there they find a mate sooner. A lone knight or bishops of one
// colour, which mate only with the loser's help, get neither the random
// games nor the short helpmate search below. (All these games are drawn
// from a generator seeded by the position, so the answer never varies.)
//
// Next, a short helpmate search: a depth-first search that prices moves by
// the progress they make towards a mating net (the losing king heading for
// a corner, the mating pieces closing in, captures, promotions, and where
// the mating side cannot mate without the loser's men, the loser's pawns
// coming to block): progress is free, other moves spend a budget that
// grows from pass to pass, and at every move of the mating side a mate in
// one is looked for (only among the moves that give check, told without
// playing them). It is capped at a few hundred positions.
//
// After it, the abstract search provides plans: the pawn events that lead
// to a structure where a mate looks possible, and a mating picture there
// (where the losing king, the checker, the mating king and the blockers
// stand). A best-first search follows a plan, expanding positions in order
// of moves played plus the moves the picture's pieces still need; moves
// that bring nothing nearer only pass the turn, and a few of them per
// position are enough. This finds the long mates of endings (a pawn
// promotes and the new queen mates; a lone bishop or knight mates a king
// hemmed in by its own men) in a few hundred positions. Then the wide
// analysis, a longer helpmate search, a first closure walk (below) of ten
// thousand positions, which finds many of the mates left and proves small
// dead ends (not for a lone minor piece, whose mates the plans find), and
// the king search.
//
// Last comes the proof. For each side still open: more playouts (random
// and promotion games), and where the mating side has a lone knight or
// bishops of one colour, which mate only a king hemmed in by its own men,
// every plan (the closure search would wander among the many places of
// the pieces). Then the closure search, carrying on the first walk where
// that was for the same sides. Where both sides are still open, one walk
// serves both (the positions it visits are the same, and a position is
// passed over only where both are proved unable to mate from it): up to
// eighty thousand positions, and on to three hundred thousand while it
// finds no mate, so that a dead position is proved by one walk instead of
// two. A side left open gets a walk of its own; once it has looked at
// some eighty thousand positions, the plans are tried (each briefly, then
// the first two with a larger budget) before it goes on where it stopped.
//
// # Caveat
//
// The closure and best-first searches remember positions by a 120-bit
// fingerprint: the best-first search by the chess package's identity key
// and 56 bits of a second, independent hash; the closure search by two
// independent Zobrist hashes (one of 64 bits, one of 56), which it
// updates move by move, so that a position seen before is passed over
// without the move being played. Two positions would have to agree on
// both hashes to be mistaken for each other; with the few hundred
// thousand positions of a search, the chance is below 2^-80.
//
// Analyze, CanMate and Alive are safe for concurrent use; each call works
// in memory of its own, taken from a pool.
//
// Rule-book items such as R6 are those of the project's rule book,
// [docs/laws.md].
//
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
package winnable

// Package touch is the arbiter at the board: an engine that takes the
// physical actions of the protocol (touch, lift, place, release, drop,
// remove, put, clock, claims...) one at a time and answers with rulings
// (obligations, moves, violations, illegal moves, claims, results), under
// a rule set of package laws.
//
// It keeps the physical board — what stands where, what each hand holds,
// which pieces the player having the move touched and in which order —
// next to the legal game of package game, and applies FIDE Article 4
// (touch-move), 7.5 (illegal moves), 9 (draw claims) and the castling
// procedure, as the project's rule book numbers them (T1–T10, I1–I6, R3,
// R4, C1–C7).
//
// # How a move is recognised
//
// At the start of a turn the engine computes, for every legal move, the
// placement it leads to. A move is made (T7, 4.7) when a hand lets go and
// the board, with nothing left in any hand, shows one of those placements:
// a normal move when the piece is released on its square, a capture when
// the captured piece is off the board and the capturing piece released, a
// castling when the rook is released beside the king, a promotion when
// the new piece is released and the pawn is off the board. The king
// released alone on a castling square commits the player to castle on
// that side, or (if that castling is illegal) to another king move (T7,
// T8, T4c).
//
// # Decisions where the laws leave room
//
//   - The turn passes at the clock, not at the move (protocol page). A
//     board that no longer shows the made move when the clock is pressed is
//     an illegal move (7.5.1): the position before the turn is set up again
//     and the first touched piece is still owed.
//   - Obligations follow the touched pieces in order: 4.3.1, 4.3.2, 4.3.3,
//     4.4.1–4.4.3 and 4.5. Touching the king then a rook is taken as the
//     intention to castle (4.4.1, 4.4.3). Pieces touched after the move is
//     made create no obligation. A piece touched after the player already
//     touched pieces that cannot move counts (4.5 names all the pieces
//     touched "in accordance with 4.3 or 4.4").
//   - A violation of Article 4 is recorded and the move stands until the
//     opponent claims it, before touching a piece himself (T9, 4.8); a
//     granted claim reinstates the position and imposes the obligation.
//     With Options.Enforce the violating action is refused with an error
//     and nothing changes.
//   - Touching or adjusting a piece while the opponent has the move is
//     recorded as a violation of 4.2.1; lifting or moving pieces then is
//     refused as an error (the position is not the player's to change).
//   - Under fide and fide-1971 an illegal move is ruled on when the clock
//     completes it (7.5.1): the arbiter sees every action. Where the rule
//     set lets an unclaimed illegal move stand (rapid and blitz, A.4.2 and
//     B.3.2; US Chess within ten moves; casual play), a completed illegal
//     move that leaves a playable position stands for now: a move ruling
//     with article 7.5.1 and a text, the game goes on from the board (the
//     ply reads "--" in move lists), and the opponent may claim it
//     ("illegal-move") until he has completed his next move (ten under US
//     Chess); a granted claim reinstates the position before it, penalises
//     it and owes the touched piece again. A board no game can go on from
//     (the mover's king in check, a king missing) is ruled on at once.
//     The rule set's bonus and loss count (7.5.5, drawn when the opponent
//     cannot mate) apply. A pawn left unpromoted becomes a queen and the
//     move stands (7.5.2); a castling, capture or promotion made with two
//     hands stands and is penalised (7.5.4).
//   - A move that mates, stalemates or leaves a dead position ends the game
//     at once (5.1.1, 5.2): no clock press is needed, and every action after
//     a result is an error.
//   - A draw claim by the player having the move is refused, without
//     penalty, once he has touched a piece on this move (9.4). An incorrect
//     claim gives the opponent the rule set's bonus; an intended move it
//     named must then be played (9.5.3).
//   - A flag action names the player whose time ran out (6.9).
//
// The engine is deterministic: the same actions give the same rulings, so
// a game's state is the replay of its action log.
package touch

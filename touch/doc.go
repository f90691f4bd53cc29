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
// procedure, as the project's rule book numbers them (T1–T11, I1–I9, R3,
// R4, R6, R7, C1–C7, K1–K7, V1–V5).
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
//   - A player has the move as soon as his opponent's move is made (T11,
//     1.3), not when the clock is pressed: his deliberate touches bind
//     him and he may reply at once. The move made is completed by its
//     author's clock press (7.5.1), which may come even after the reply
//     (6.2.2). Whatever the author changes on the board between making
//     his move and pressing is an illegal move at the press: the position
//     before his move is reinstated, the first touched piece is still
//     owed (4.3) and the move he made, a piece released on its square as
//     a legal move, must be played again (4.7; "Articles 4.3 and 4.7
//     apply to the move replacing the illegal move", 7.5.1). With
//     Options.Enforce such a change is refused at once.
//   - Obligations follow the touched pieces in order: 4.3.1, 4.3.2, 4.3.3,
//     4.4.1–4.4.3 and 4.5. Touching the king then a rook is taken as the
//     intention to castle (4.4.1, 4.4.3). A rook touched before the king
//     forbids castling on that side on this move whatever comes after: the
//     king released on its castling square binds to nothing more, and a
//     castling made then breaks 4.4.2. A piece touched after the player
//     already touched pieces that cannot move counts (4.5 names all the
//     pieces touched "in accordance with 4.3 or 4.4").
//   - A violation of Article 4 is recorded and the move stands until the
//     opponent claims it, before touching a piece himself (T9, 4.8); a
//     granted claim reinstates the position and imposes the obligation.
//     With Options.Enforce the violating action is refused with an error
//     and nothing changes. A refused touch-move claim cites 4.8 only when
//     the claimant lost his right by touching a piece.
//   - Adjusting a piece while the opponent has the move is a violation of
//     4.2.1. A touch by the player not having the move binds no one (4.3
//     binds the player having the move) and is no violation; his lifting
//     or moving pieces is refused as an error, but for his own move before
//     his press and a piece he knocked over. A knock (4.2.2, clearly
//     accidental contact) binds no one, and the knocked piece may be set
//     right on its square in the player's own time (7.4).
//   - One hand may hold two pieces (king and rook for a castling with one
//     hand, 4.1); place, drop and release then name the piece. A king or
//     rook the mover took off the board this turn may be put back with
//     put (the Chess960 castling procedure of the FIDE Guidelines: the
//     king off the board, the rook moved, the king set down).
//   - Under fide and fide-1971, and in rapid and blitz under full
//     supervision (the start line's supervision, A.4, B.2), an illegal move
//     is ruled on when the clock completes it (7.5.1): the arbiter sees
//     every action. Where the rule set lets an unclaimed illegal move stand
//     (rapid and blitz otherwise, A.5.2 and B.3; US Chess within ten moves,
//     11A; casual play), all of 7.5.1-7.5.4 stand for now: a board that
//     shows no legal move but a playable position (a move ruling with the
//     rule set's article and a text, the ply "--" in move lists), a press
//     without a move (the opponent to move in the same position), a move
//     made with two hands (a violation ruling 7.5.4; the move stays). The
//     opponent may claim it ("illegal-move") until he has made his next
//     move (ten under US Chess); the arbiter may act on it himself where
//     the rule set says so (laws I7; US Chess 11H, not in the last five
//     minutes of a control, not with variation 11H1). A granted claim
//     reinstates the position before it (or, for 7.5.4, keeps the move),
//     penalises it and owes the touched piece again. Under A.5.4 a pawn
//     left on the last rank, or both kings in check, is held on the board
//     (an irregularity ruling; the record waits): the opponent may claim
//     it (7.5.2 makes the pawn a queen), and once he completes his next
//     move the game is drawn if an illegal position is still there, else
//     goes on from the board. Other boards no game can go on from (the
//     mover's king alone in check, a king missing) are ruled on at once.
//     The rule set's bonus and loss count (7.5.5, drawn when the opponent
//     cannot mate) apply; the move that loses gives no bonus.
//   - A legal move that mates, stalemates or leaves a dead position ends
//     the game at once (5.1.1, 5.2): no clock press is needed. An illegal
//     move that stands ends nothing so (those articles need a move in
//     accordance with Article 3). What the hands do after the result (the
//     press that stops the clock, the pieces set up again) is answered with
//     an after-end ruling and changes nothing (laws K7).
//   - A piece released on a square as part of a legal move not yet
//     complete (exd6 e.p. with d5 still there) may go to no other square
//     (4.7); a move made and then changed before the press is restored on
//     the opponent's touch-move claim, made before he touches a piece
//     (4.7, 4.8).
//   - A piece knocked onto another square (knock with to) lies there until
//     its displacer sets it right in his own time (7.4.1); his press with
//     it still displaced reinstates the position (7.6, an irregularity).
//   - A resignation when the opponent cannot mate is a draw (5.1.2); a
//     draw agreed before both players have moved is refused (5.2.3). The
//     arbiter's setup-error rules on 7.2.1, 7.2.2 and 7.3 (A.5.1.2).
//   - Appendix D: for a visually disabled player a touch binds nothing and
//     a lift does (D.2.2), an announcement makes his move (D.2.3.3) and a
//     second one before his press corrects it (D.2.8); mirror marks a hand
//     on the other board; the assistant presses, reports touches and claims
//     flags for the player he assists (D.2.10).
//   - The acts on the clocks: the arbiter pauses them (6.11.1), or a player
//     does to seek the arbiter's assistance (6.11.2: a claim, 9.5.1;
//     displaced pieces, 7.4.2; a flag, A.5.3); the arbiter resumes them
//     (6.11.3) and sets what they show (6.10.2; laws K6). While paused no
//     time is used and no flag can fall; a bonus given meanwhile goes onto
//     the clock that stands, and a clock started meanwhile (the offender's
//     after a granted claim) runs from the resume.
//   - A draw claim by the player having the move is refused, without
//     penalty, once he has touched a piece on this move (9.4). An incorrect
//     claim gives the opponent the rule set's bonus; an intended move it
//     named must then be played (9.5.3); an intended move that is not
//     legal makes the claim incorrect, and the player then plays a legal
//     move under 4.3 with what he touched. Every draw claim is also a draw
//     offer (9.1.2.3), which the opponent may accept.
//   - A flag action names the player whose time ran out; by the arbiter,
//     side names it (6.8). The player loses, unless the rule set's flag
//     rule draws: FIDE 6.9 when the opponent cannot checkmate by any
//     series of legal moves, US Chess 14E when the opponent has a lone
//     king, king and minor piece or king and two knights without a forced
//     win (laws.RuleSet.FlagRule, laws K3).
//
// The engine is deterministic: the same actions give the same rulings, so
// a game's state is the replay of its action log.
//
// Rule-book items such as T3 and I1 are those of the project's rule book,
// [docs/laws.md].
//
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
package touch

// Package eboard turns what a sensor chess board reports — a square
// emptied, a square now holding a given piece, or on boards that only
// sense occupancy "a piece" — into the actions of the arbiter's protocol
// (lift, drop, remove, put, release, clock), in the order the hands did
// them: that order is what touch-move (FIDE Article 4) rules on.
//
// A Translator does the work; Translate runs a recorded stream, Run a live
// one. A Script is a scripted board in JSON Lines (what "arbiter-hall eboard
// --sim" plays); package dgt speaks to DGT boards and simulates one.
// Feedback shows squares to the players (board LEDs); Light says which.
//
// # What sensors do, and how it is undone
//
// A DGT board scans its 64 squares in 200–250 ms and reports the changes
// of each scan in square order, not in the order they happened. So a
// moved piece can show on both squares in one scan, its new square can be
// reported before its old one clears, a piece slid along a line shows on
// every square it crosses, and a capture can arrive as one piece replacing
// another with the emptying never seen. The translator reads reports in
// two stages.
//
// Stage 1 (debouncing) keeps the reports not yet interpreted in a queue:
//
//   - An emptying is interpreted at once, once it reaches the head of the
//     queue (a piece leaves a square only in a hand).
//   - A piece seen on a square counts as put down only when the board has
//     been still for Options.Quiet (default 600 ms), or at a clock press,
//     or at the end. If the square empties again before that, both reports
//     vanish: the piece passed over the square or hovered there.
//   - A piece seen on a square that no piece in the air can explain moves
//     behind the emptying that explains it when that arrives: the piece
//     left its old square first.
//   - A square reported as changing from one piece to another is an
//     emptying (at an unknown moment) and a fill; an explaining emptying
//     goes before both.
//   - Lifts reported within Options.Together (default 50 ms: one scan's
//     burst) are put in the order the laws give for touches whose order is
//     unknown: own king first (king and rook "together" count as king
//     first, T4a), then other own pieces, then the opponent's (T3c: the own
//     piece counts as first).
//
// Stage 2 (interpretation) keeps the board as it stands and the pieces in
// the air, and emits:
//
//   - a lift of the mover's own piece: lift, at once;
//   - a lift of the opponent's piece: held back, for it is a lift (a touch,
//     T3b) or the removal of a captured piece. It becomes remove when a
//     piece of the mover lands on its square, when it is the pawn passed
//     by the mover's pawn en passant, or when the clock is pressed with it
//     still off the board; it becomes lift when the piece itself lands
//     somewhere, or at the end of the stream. Actions after it wait, so the
//     order emitted is always the order of the hands;
//   - a piece landing: drop. The piece is found among those in the air by
//     identity; on an occupancy-only board by its square (a piece lifted
//     from there is put back, unless it is an opponent's piece and a piece
//     of the mover is in the air: a capture), then by what can reach the
//     square (king and rook in the air together: the king goes to the g- or
//     c-file, the rook to the f- or d-file), then by the order of lifting;
//   - a new queen, rook, bishop or knight of the mover appearing from off
//     the board: put with its letter, then release, preceded by a release
//     of the mover's pawn if one is in the air (promotion, T5, either
//     order). A pawn left on the last rank is a drop, nothing more: the
//     engine rules on it (7.5.2);
//   - a clock press: clock.
//
// Nothing is invented: every action stands for something a hand did. What
// no action can say (a pawn or an opponent's piece appearing from off the
// board) goes to Options.Notify, and the translator follows the board.
//
// # Occupancy-only boards
//
// Such a board cannot tell pieces apart, so the translator tracks them
// from the start position through every interpreted move. A pawn landing
// on its last rank cannot be told from the new piece: it is taken as the
// promotion done, to Options.Promotion (default queen) — release, put,
// release. A pawn set down there and then swapped for a queen reads as
// that promotion, then the queen lifted and put back on the same square.
//
// # Whose hand
//
// The board cannot see hands. Every action carries the player having the
// move (by). A piece is taken into the right hand, or into the left when
// the right one already holds a piece: the protocol puts one piece in a
// hand, and the board only sees two pieces in the air (one hand holding
// king and rook together cannot be told from two hands; the engine rules
// on two hands, T1). The move starts with the side to move of
// the start position and passes at each clock press, to the opponent of
// the player who pressed. A board without a clock (Options.InferClock)
// passes the move when the mover has finished — none of his pieces in the
// air, one of them on a new square, no en passant or promotion half done —
// and a piece of the opponent's colour is lifted: a clock action of the
// mover is emitted first. A piece of the mover's colour lifted after he
// finished is either his own second thought or the opponent starting a
// capture; it is held back until it lands (the mover's) or a piece of the
// opponent is lifted too (the opponent's: the clock goes before it). The
// first real clock press switches the inference off.
//
// # The clock's times
//
// A board with a clock connected (a DGT3000) reports what the clock shows
// (Event.Times), at the presses and in readings of their own; laws K5
// make those times the clock of record. Every action carries, as its
// times, the clock's last reading at or before its own t when that reading
// is recent (Options.TimesAge, default 2 s: a DGT board reports its clock
// at least every second); a press reported with times carries those. An
// action committed late (a piece counts as put down only after Quiet)
// still carries the reading of its own moment.
//
// Opponents who touch pieces out of turn, two hands, and a piece slid so
// slowly that it rests longer than Quiet on a square it only crosses are
// beyond what a board can tell; the actions then say what the board saw.
package eboard

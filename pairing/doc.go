// Package pairing makes the pairings of chess tournaments: round robins by
// the FIDE Berger tables (Handbook C.05, Annex 1) and, in progress, Swiss
// rounds by the FIDE Dutch system (C.04.3, with the general rules of
// C.04.1 and C.04.2).
//
// # Round robin
//
// Berger returns one round of the Berger table for n players and
// BergerTable all of them. Players are numbered 1 to n by their draw
// numbers. With an odd n the table for n+1 is used and the player whose
// opponent would be number n+1 has a bye (a Pair with Black 0). A double
// round robin plays the table twice: the second cycle repeats the first
// with the colours reversed, and, as C.05 Annex 1 recommends, the last
// two rounds of the first cycle are played in the other order, so that
// nobody has the same colour three times running across the two cycles
// (Options.KeepLastRounds keeps the table's order instead).
//
// # Swiss state
//
// State reads from a parsed TRF file (package trf) what a Swiss pairing
// needs for the next round: each player's score under the file's points
// system, colours of played games, floats, byes, opponents met and
// whether the player is to be paired at all. Forfeited games are not
// played games: they give points but no colour and no opponent met
// (C.04.1).
//
// # Dutch system
//
// The parts of the Dutch system built so far, each compared with
// bbpPairings (see testdata/dutch/SOURCES.md):
//
//   - PlayerState.Preference: the colour preference and its strength
//     (C.04.3 A.6);
//   - State.Allocate: the colours of a pair (C.04.3 E), with the initial
//     colour and the ranks as bbpPairings counts them;
//   - State.Compatible and State.Feasible: the absolute criteria (C.1 no
//     rematch, C.2 no second pairing-allocated bye, C.3 absolute colour
//     preferences, topscorers excepted in the last round) and whether a
//     round can be paired under them at all;
//   - State.BoardOrder: the order of the boards;
//   - Dutch: the first round (the top half against the bottom half by
//     pairing numbers, the pairing-allocated bye to the lowest player who
//     may have it). Later rounds return ErrNotImplemented: the score
//     groups, floaters and quality criteria C.5-C.21, to be reduced to a
//     maximum weight matching, are still to come.
package pairing

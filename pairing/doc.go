// Package pairing makes the pairings of chess tournaments: round robins by
// the FIDE Berger tables (Handbook C.05, Annex 1) and Swiss rounds by the
// FIDE Dutch system (C.04.3 as in force from 2025, with the general rules
// of C.04.1 and C.04.2), every round, as bbpPairings pairs them
// (FIDE_DUTCH_2025).
//
// # Round robin
//
// Berger returns one round of the Berger table for n players and
// BergerTable all of them. Players are numbered 1 to n by their draw
// numbers. With an odd n the table for n+1 is used, its colours
// unchanged, and the player whose opponent would be number n+1 has a bye
// (a Pair with Black 0), as C.05 Annex 1 says. A double round robin
// plays the table twice: the second cycle repeats the first with the
// colours reversed, and, as C.05 Annex 1 recommends, the last two rounds
// of the first cycle are played in the other order, so that nobody has
// the same colour three times running across the two cycles
// (Options.KeepLastRounds keeps the table's order instead).
//
// # Swiss state
//
// NewState reads from a parsed TRF file (package trf) what a Swiss
// pairing needs for the next round: each player's score under the file's
// points system, colours of played games, floats, byes, opponents met
// and whether the player is to be paired at all. Forfeited games are not
// played games: they give points but no colour and no opponent met
// (C.04.1). StateBefore reads the same for an earlier round, as the
// file's pairing of that round was made from. A file whose records
// disagree (two players' blocks of a round, an opponent not in the file)
// is a *FileError naming the player and the round.
//
// # Dutch system
//
// Dutch pairs the next round: the first by the top half against the
// bottom half, every later one by the score groups, floaters, exchanges
// and transpositions of C.04.3, its criteria C.1-C.21 reduced, as
// bbpPairings reduces them, to a sequence of maximum-weight matchings
// (swiss.go). Its parts are also exported:
//
//   - PlayerState.Preference: the colour preference and its strength
//     (C.04.3 A.6);
//   - State.Allocate: the colours of a pair (C.04.3 E), with the initial
//     colour and the ranks as bbpPairings counts them;
//   - State.Compatible and State.Feasible: the absolute criteria (C.1 no
//     rematch, C.2 no second pairing-allocated bye, C.3 absolute colour
//     preferences, topscorers excepted in the last round) and whether a
//     round can be paired under them at all;
//   - State.BoardOrder: the order of the boards.
//
// A round that cannot be paired returns a *PairingError naming the
// players and the criterion. CheckDutch pairs every round of a file
// again from the rounds before it and reports those whose pairing
// differs from the rules', as bbpPairings' check does. ReadPairs and
// WritePairs read and write a round in the form of bbpPairings and
// JaVaFo.
//
// Every case of testdata/dutch (600 tournaments from bbpPairings'
// generator cut after a round, 0 to 10; see SOURCES.md there) is paired
// as bbpPairings pairs it: the same pairs, colours and board order.
package pairing

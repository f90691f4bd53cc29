// Package standings ranks the players of a tournament by their points and
// the tie-breaks of the FIDE Tie-Break Regulations (Handbook C.07, in the
// version applied from 1 August 2024, approved in 2023, or with the
// amendment applied from 1 March 2026: Options.Rules, RulesFor), from the round
// blocks of a TRF file (package trf) into which the caller has written
// the results decided in the hall. It knows nothing of HTTP.
//
// # Tie-breaks
//
// A tie-break is named as C.07 names it, with its modifiers after a
// slash: "BH/C1" is Buchholz without the least significant value, "BH/M1"
// without the least and the most significant, "SB/C1", "ARO/C1" (or
// "AROC/C1"). Implemented:
//
//	PTS   points (the primary score; listed again, it repeats them)
//	DE    direct encounter: among the players still tied, the points
//	      scored in the games between them when all have met (always in a
//	      round robin); otherwise only a player whose points there exceed
//	      what any other could have had is ranked ahead; applied again to
//	      those it leaves tied. The value is the place within the tied
//	      group (1 first; 0 for a player who was not tied).
//	WIN   rounds in which the player got as many points as a win gives,
//	      with or without a game (wins, forfeit wins, full-point and
//	      pairing-allocated byes)
//	WON   games won over the board
//	BPG   games played over the board with Black
//	BWG   games won over the board with Black
//	GE    rounds one elected to play (REP is the same): games played, the
//	      pairing-allocated bye and the rounds that gave a win's points
//	BH    Buchholz: the sum of the opponents' scores
//	SB    Sonneborn-Berger: the sum of each opponent's score times the
//	      points the player scored against him
//	PS    progressive scores: the sum of the player's score after each
//	      round (/Cn leaves out the first n rounds)
//	KS    Koya: the points scored against the opponents who scored at
//	      least half the points possible
//	ARO   average rating of the opponents met over the board
//	TPR   tournament performance rating: ARO and the FIDE table's rating
//	      difference for the percentage scored
//	PTP   perfect tournament performance: the lowest rating whose
//	      expected score against those opponents is at least the score
//
// # Unplayed rounds (C.07 article 16)
//
// A round without a game over the board (a forfeit, a bye, an absence) is
// an unplayed round. Those the player chose (an absence, a half-point or
// zero-point bye, a forfeit loss) are voluntary unplayed rounds (VUR);
// the pairing-allocated bye, a full-point bye and a forfeit win are not.
//
//   - In a Swiss tournament, for Buchholz and Sonneborn-Berger each
//     unplayed round of a player counts as a game against a dummy opponent
//     with the player's own score. Under the 2026 amendment (Rules2026)
//     that score is at most the absent opponent's score for a forfeit
//     (16.4.1) and at most a draw per round when there was no opponent
//     (16.4.2).
//   - An opponent's score for Buchholz is his points, except that the
//     rounds without an opponent after the last round he did not give up
//     (he withdrew) count as draws.
//   - A cut takes away a voluntary unplayed round first, unless the least
//     significant value weighs more; a median cut takes away the most
//     significant value as well.
//   - In a round robin a forfeit counts as the game against the scheduled
//     opponent, and a round without an opponent counts for nothing.
//   - Rating tie-breaks count the games played over the board only.
//
// # Ranks
//
// Players are ranked by points, then by each tie-break in turn (higher
// first, except DE's place); players that the points and every tie-break
// leave equal share a rank. The values were checked against FIDE's
// reference implementation of C.07 (TieBreakServer) on its exercises and
// on real files (testdata/reference).
package standings

// Package trf reads and writes the FIDE Tournament Report File (TRF), the
// fixed-column text format in which tournaments are reported to FIDE and
// exchanged with pairing programs (Swiss-Manager, Vega, JaVaFo,
// bbpPairings).
//
// # Which specification
//
// The package follows TRF16, the 2016 version of the format (FIDE
// Handbook C.04, Annex 2, "Format of Tournament Report File", updated in
// 2014 and approved in 2015), and TRF26, the version FIDE Council
// approved on 12 May 2025 and applied from 1 September 2025. TRF26 keeps
// the 001 player record and the 012-132 header records exactly as TRF16
// has them; it adds header records (142 number of rounds, 152 initial
// colour, 162 scoring system, 182, 192 encoded type, 202/212 tie-breaks,
// 222 encoded time control, ...), new record types for byes, acceleration,
// prohibited pairings and teams, "###" comment lines, and the notes that
// ranks may tie and that W, D, L mark unrated games of less than one
// move. The column numbers below were checked against transcriptions of
// both documents and against the reader of bbpPairings, which takes the
// same fields at the same offsets.
//
// # The 001 record
//
// Columns are 1-based and inclusive:
//
//	1-3    001
//	5-8    starting rank (the pairing number), 1 to 9999
//	10     sex, m or w
//	11-13  title (GM, IM, WGM, FM, WIM, CM, WFM, WCM), right-aligned
//	15-47  name, "Lastname, Firstname"
//	49-52  FIDE rating
//	54-56  federation
//	58-68  FIDE ID (with three digits of reserve)
//	70-79  birth date, YYYY/MM/DD
//	81-84  points, such as " 2.5"
//	86-89  rank
//	92-99  round 1: opponent's starting rank in 92-95 ("0000" or blank for
//	       none), colour in 97 (w, b, or - or blank for none), result in 99
//	102-109, 112-119, ...  rounds 2, 3, ...: ten columns per round
//
// The result codes: 1 = 0 a game won, drawn, lost; + and - a forfeit win
// and loss (the game was not played); W D L a win, draw, loss in a game
// that lasted less than one move, which is not rated; H a half-point bye,
// F a full-point bye, U the pairing-allocated bye, Z a zero-point bye (a
// known absence). A blank result without an opponent is read as Z. A
// blank result with an opponent, which the standard does not define, is
// read as a pairing whose game has no result yet: that is how a round is
// exchanged between pairing and play (see Tournament.Pairings). Letter
// codes are read in either case.
//
// # The programs' conventions
//
// Files are read as the pairing programs and federations write them, not
// only as the standard describes:
//
//   - Swiss-Manager's "ANSI" export and other Windows programs write
//     Windows-1252 (Latin-1 in its printable range): a file that is not
//     UTF-8 is read in Windows-1252 and written back in it.
//   - Swiss Master writes a half-point bye as a draw without an opponent
//     ("0000 - =" or "      - ="), as bbpPairings reads it: a game
//     result without an opponent is read as the bye it stands for
//     (Entry.ByeCode: = a half-point bye, 1 a full-point bye, 0 a
//     zero-point bye).
//   - The Irish Chess Union's programs leave a bye's result blank and
//     score it in the points column: the points column is kept as the
//     file has it (SetResult changes it by the difference a result
//     makes, and only for the two players).
//   - Fields no pairing needs are kept whatever they hold: a national or
//     local ID in the FIDE ID columns ("N0001", see IDText), a count such
//     as "062 15 (12)", a rank or a sex column that is not one. Only
//     pairing data (starting ranks, ratings, points, the round blocks)
//     is refused when broken, always with its line and column.
//   - TRF06 title codes (g, m, f, c, wg, wm, wf, wc) are kept in the file
//     and mapped by StandardTitle.
//   - TRF26 team records (310, and TRF16's 013) give the teams (Teams)
//     and a round's matches (Matches).
//
// # Header records
//
// The records 012 name, 022 city, 032 federation, 042 and 052 dates, 062
// players, 072 rated players, 082 teams, 092 type, 102 chief arbiter, 112
// deputies, 122 allotted times, 132 round dates (each round's date in the
// columns of its block: 92-99, 102-109, ...) and, from TRF26, 142, 152,
// 182, 192 and 222 fill fields of Tournament. The scoring system comes
// from TRF26's 162 and JaVaFo's XXS records (see Tournament.Scoring).
// Every other line (comments, XXR and the other XX? extensions, team
// records, national rating records, blank lines) is kept verbatim, in its
// place, and can be read with Tournament.Records.
//
// # Round trip
//
// Parse keeps each line's text and ending (CR LF, LF or CR) and Write
// puts the text of every field that has not changed back as it was read,
// so that parse then write of an unmodified file gives the input byte for
// byte, and parse, write, parse gives back every field. UTF-8 files have
// their columns counted in characters; other files are read as
// Windows-1252, one byte a column, and written back the same way.
//
// # Pairings and results
//
// Tournament.Pairings lists the games of a round in board order: by the
// higher score of the pair before the round (recomputed from the earlier
// rounds, not taken from the points column), then the higher rating of
// the pair, then the lower starting rank of the pair. Forfeits and byes
// make no game and are listed apart. Tournament.SetResult writes the
// result of a pairing into both players' blocks and changes their points
// by what it is worth; Tournament.UpdateStandings recomputes every
// player's points and
// gives ranks by points, then starting rank (not a tie-break ranking).
// The file can then be given to a pairing program for the next round.
//
// Not covered: the TRF26 acceleration, bye (240), team pairing (320,
// 330) and prohibited pairing records are kept but not interpreted;
// changing the scoring system or adding pairings for a new round is left
// to the caller (the blocks are plain fields of Player). Tie-breaks are
// package standings'.
package trf

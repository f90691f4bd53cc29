// Package reader is the e-board reader: it brings the hall's boards to
// the hall's tables. It reads a DGT board (or plays a script as one) and
// prints the players' actions, or the rulings on them, and forwards them
// to a game of the arbiter server; its hall runner serves every board of
// a machine for an event's tables, round after round.
//
// The package owns what happens between a board and the server:
//
//   - Play reads one game off a board (Config): a real board on a serial
//     port, or a script played over a pseudo-terminal or an in-process
//     line. It agrees the game's start with the server's game, forwards
//     every action through the server's Go client (held while the server
//     cannot be reached, never posted twice), says when the server goes
//     away and comes back, and lists the actions it never answered. It
//     sets the clock plugged into the board (a DGT3000) at the start and
//     after a time bonus, laws K5.
//   - ReadBoardsFile reads the boards file, a line per table: the table,
//     its token and the board that serves it.
//   - RunHall serves every board of a machine (HallConfig): it asks each
//     board its serial number, finds its table, plays the game paired at
//     that table in the event's current round, then the next round's,
//     opens a board that drops again, and reports each board's state on
//     stdout, into a status file and to the server for the organiser's
//     page.
//
// Its programs ("arbiter-hall eboard") parse the command line and wire
// these parts; the package prints what the reader says (on stdout and
// stderr, each line of stderr after the reader's name), and the messages
// name the program's flags where a setting is wrong.
//
// It may import the board's packages (eboard, eboard/dgt), the protocol,
// the touch engine, chess, and server for the server's Go client (later
// a client package of its own) and its views; not the server's HTTP
// handlers, and no command (cmd/...).
package reader

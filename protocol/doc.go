// Package protocol is the arbiter's event protocol: the actions that happen
// at a board (a hand touches, lifts, drops a piece; a clock is pressed; a
// claim is made) and the rulings that answer them, as JSON Lines.
//
// Read the lines a board sends, one at a time:
//
//	sc := bufio.NewScanner(r)
//	for sc.Scan() {
//		l, err := protocol.ParseLine(sc.Bytes())
//		if err != nil {
//			... // not well formed: err says why
//		}
//		if l.Start != nil {
//			... // the game's set-up: l.Start.FEN, l.Start.Rules, l.Start.Clock
//		} else {
//			... // an action: l.Action.By, l.Action.Act, l.Action.Sq
//		}
//	}
//
// A Ruling, written with encoding/json, is a line of the answer.
//
// The wire format is a contract, documented in the project's protocol page,
// [docs/protocol.md]: field names and values may be extended, never renamed
// or removed. Every component speaks it: the touch engine reads actions and
// writes rulings, the e-board adapters produce actions, the server stores
// and broadcasts both. The articles a ruling cites are those of the FIDE
// Laws, applied as the project's rule book, [docs/laws.md], sets out.
//
// [docs/protocol.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/protocol.md
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
package protocol

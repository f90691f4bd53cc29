package game

import (
	"fmt"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/pgn"
)

// FromPGN replays the main line of a game read from PGN: from the standard
// position, or from its FEN tag (with SetUp "1", or alone, as many files
// have it), in standard chess or Chess960 (the Variant tag, as
// pgn.Game.Variant reads it). Moves are read as SAN in the forms files
// write (O-O and 0-0, e8Q, a UCI move), "--" and "Z0" as null moves.
// Variations and comments are not replayed.
//
// The first move that cannot be played ends the replay: the error names
// its number and its text ("move 12... Nxe5: ..."). Another variant, a
// FEN that is no legal position, and SetUp and FEN tags that contradict
// each other (SetUp "1" without a FEN; SetUp "0" with a FEN other than the
// standard position's) are errors too. The game keeps the tags, which PGN
// writes back.
func FromPGN(pg *pgn.Game) (*Game, error) {
	opts := chess.Options{}
	switch v := pg.Variant(); v {
	case "standard":
	case "chess960":
		opts.Chess960 = true
	default:
		return nil, fmt.Errorf("game: variant %q is not played here (standard chess and Chess960 are)", v)
	}
	fen := strings.TrimSpace(pg.FEN())
	switch setUp := strings.TrimSpace(pg.Tag("SetUp")); {
	case fen == "" && setUp == "1":
		return nil, fmt.Errorf("game: SetUp \"1\" says the game starts from a FEN, but there is no FEN tag")
	case fen == "":
		fen = chess.StartFEN
	case setUp == "0" && fen != chess.StartFEN:
		return nil, fmt.Errorf("game: SetUp \"0\" says the game starts from the standard position, but the FEN tag is %q", fen)
	}
	start, _, err := chess.ParseFENWith(fen, opts, true)
	if err != nil {
		return nil, fmt.Errorf("game: the FEN tag: %w", err)
	}
	g := New(start)
	g.tags = append([]pgn.Tag(nil), pg.Tags...)
	for _, mv := range pg.Moves {
		at := moveNumber(g.Position())
		var err error
		switch mv.SAN {
		case "--", "Z0":
			err = g.PlayNull()
		default:
			_, err = g.PlayText(mv.SAN)
		}
		if err != nil {
			return nil, fmt.Errorf("game: move %s %s: %w", at, mv.SAN, err)
		}
	}
	return g, nil
}

// moveNumber is the number of the move about to be played in p, as a
// score sheet writes it: "12." for White, "12..." for Black.
func moveNumber(p *chess.Position) string {
	if p.Turn() == chess.Black {
		return fmt.Sprintf("%d...", p.FullmoveNumber())
	}
	return fmt.Sprintf("%d.", p.FullmoveNumber())
}

// PGN writes the game as a PGN game: the tags it was read with (FromPGN),
// the Seven Tag Roster completed with the standard's unknowns ("?",
// "????.??.??"), SetUp and FEN for a game that does not start from the
// standard position, Variant for Chess960; the moves in SAN ("--" for a
// null move); the result, the game's own when it has ended (a checkmate,
// a claim, a resignation), else the Result tag it was read with, else
// "*"; and the standard's Termination ("normal", "time forfeit", "rules
// infraction", "unterminated"), unless the tags already say it.
func (g *Game) PGN() *pgn.Game {
	out := &pgn.Game{Tags: append([]pgn.Tag(nil), g.tags...)}
	for _, t := range [...]pgn.Tag{{Name: "Event", Value: "?"}, {Name: "Site", Value: "?"}, {Name: "Date", Value: "????.??.??"},
		{Name: "Round", Value: "?"}, {Name: "White", Value: "?"}, {Name: "Black", Value: "?"}} {
		if !out.HasTag(t.Name) {
			out.SetTag(t.Name, t.Value)
		}
	}
	result, termination := out.Tag("Result"), ""
	if o, ok := g.Outcome(); ok {
		result, termination = o.Result, terminationOf(o.Reason)
	}
	if result != WhiteWins && result != BlackWins && result != Draw {
		result = "*"
	}
	if termination == "" && result == "*" {
		termination = "unterminated"
	}
	out.SetTag("Result", result)
	start := g.Start()
	if start.Options().Chess960 && out.Variant() != "chess960" {
		out.SetTag("Variant", "Chess960")
	}
	if fen := start.FEN(); fen != chess.StartFEN || start.Options().Chess960 {
		out.SetTag("SetUp", "1")
		out.SetTag("FEN", fen)
	}
	if termination != "" && !out.HasTag("Termination") {
		out.SetTag("Termination", termination)
	}
	for _, san := range g.SANs() {
		out.Moves = append(out.Moves, &pgn.Move{SAN: san})
	}
	out.Result = result
	return out
}

// terminationOf is the PGN standard's Termination for a game that ended
// for reason r.
func terminationOf(r Reason) string {
	switch r {
	case Time, TimeVsNoMate:
		return "time forfeit"
	case IllegalMoves, IllegalMovesVsNoMate:
		return "rules infraction"
	}
	return "normal"
}

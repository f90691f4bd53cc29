// Package game keeps a chess game as a history of positions and moves and
// applies the laws that depend on that history: the identity of positions
// and their repetition (FIDE 9.2, laws R1–R2), draw claims (9.2, 9.3, 9.5),
// the automatic endings (5.1.1, 5.2.1, 5.2.2, 9.6) and the results that
// depend on whether a player can still mate (6.9, 7.5.5).
//
// The commonest task, a PGN game replayed and written back:
//
//	pg, err := pgn.NewReader(f).Read()
//	...
//	g, err := game.FromPGN(pg) // the error names the first bad move
//	...
//	o, over := g.Outcome()     // checkmate, stalemate, a dead position, 9.6 ...
//	pgn.NewWriter(os.Stdout).Write(g.PGN())
//
// Plies are counted from the start position: ply 0 is the start, ply n the
// position after n half-moves. A null move (PGN "--") counts as a ply.
//
// Rule-book items such as R1 are those of the project's rule book,
// [docs/laws.md].
//
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
package game

import (
	"errors"
	"slices"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/pgn"
)

// ErrGameOver is returned when a move, claim or result is asked of a game
// that has already ended.
var ErrGameOver = errors.New("game: the game is over")

// ErrNoMove is returned by Undo at the start position.
var ErrNoMove = errors.New("game: no move to take back")

// Config adjusts a Game.
type Config struct {
	// CanMate decides whether a colour can still checkmate (dead
	// positions, flag fall, second illegal move). Nil means DefaultCanMate.
	CanMate MateFunc
	// Transcribe lets moves be added after the game has ended, as a
	// scoresheet or a PGN file may go on after a checkmate-free ending
	// (fivefold, 75 moves, dead position) or a recorded result. Auditors
	// use it; an arbiter at the board does not.
	Transcribe bool
}

// record is what the game keeps for each ply besides the position. It is
// small, as a game appends one per ply: the rare parts are kept aside.
type record struct {
	key   uint64     // IdentityKey of the position
	since int32      // the earliest ply that may repeat this one (last pawn move or capture)
	note  int32      // an irregular ply (PlayIrregular): 1 + index in Game.notes of what happened; 0 for none
	out   int32      // the automatic ending, when auto == 2: index in Game.outs
	move  chess.Move // the move that led here; NoMove at the start and after a null move
	null  bool       // the ply was a null move
	auto  int8       // cached automatic ending: 0 unknown, 1 none, 2 see out
}

// Game is a game in progress or finished: the start position and every
// ply since, with the position after each. The zero Game is not usable;
// build one with New, NewWith or FromFEN.
type Game struct {
	pos     []chess.Position // pos[i] is the position after i plies
	rec     []record         // rec[i] describes pos[i]
	cfg     Config
	canMate MateFunc
	end     *Outcome // a recorded ending (claim, resignation, agreement, time, illegal moves)
	ml      chess.MoveList
	notes   []string  // the notes of irregular plies (record.note)
	outs    []Outcome // cached automatic endings (record.out)
	tags    []pgn.Tag // the PGN tags the game was read with (FromPGN)
}

// New starts a game from the position start (copied).
func New(start *chess.Position) *Game {
	return NewWith(start, Config{})
}

// NewWith starts a game from the position start (copied) with a Config.
func NewWith(start *chess.Position, cfg Config) *Game {
	g := &Game{cfg: cfg}
	g.Reset(start)
	return g
}

// FromFEN starts a game from a FEN (or X-FEN, Shredder-FEN) with the given
// variant options. The FEN must describe a legal position.
func FromFEN(fen string, opts chess.Options) (*Game, error) {
	p, _, err := chess.ParseFENWith(fen, opts, false)
	if err != nil {
		return nil, err
	}
	return New(p), nil
}

// Reset starts the game afresh from start, keeping the Config and reusing
// the game's memory.
func (g *Game) Reset(start *chess.Position) {
	g.canMate = g.cfg.CanMate
	if g.canMate == nil {
		g.canMate = DefaultCanMate
	}
	g.tags = nil
	g.pos = append(g.pos[:0], *start)
	g.rec = append(g.rec[:0], record{key: start.IdentityKey()})
	g.end = nil
	clear(g.notes)
	g.notes = g.notes[:0]
	g.outs = g.outs[:0]
}

// Ply returns the number of plies played (0 at the start).
func (g *Game) Ply() int { return len(g.pos) - 1 }

// Start returns a copy of the start position.
func (g *Game) Start() *chess.Position {
	p := g.pos[0]
	return &p
}

// Position returns a copy of the current position.
func (g *Game) Position() *chess.Position {
	p := g.pos[len(g.pos)-1]
	return &p
}

// PositionAt returns a copy of the position after ply plies (0 is the
// start). It panics if ply is out of range.
func (g *Game) PositionAt(ply int) *chess.Position {
	p := g.pos[ply]
	return &p
}

// Positions returns every position of the game, the start first. The
// slice is the game's own: read it, do not change it, and do not keep it
// across a change to the game.
func (g *Game) Positions() []chess.Position { return g.pos }

// Moves returns the moves played, in order; a null move is chess.NoMove.
func (g *Game) Moves() []chess.Move {
	ms := make([]chess.Move, 0, len(g.rec)-1)
	for _, r := range g.rec[1:] {
		ms = append(ms, r.move)
	}
	return ms
}

// MoveAt returns the move that led to the position after ply plies
// (1 ≤ ply ≤ Ply()), and false for a null move.
func (g *Game) MoveAt(ply int) (chess.Move, bool) {
	r := g.rec[ply]
	return r.move, !r.null
}

// SANAt returns the move that led to ply ply in Standard Algebraic
// Notation, "--" for a null move.
func (g *Game) SANAt(ply int) string {
	r := g.rec[ply]
	if r.null {
		return "--"
	}
	return g.pos[ply-1].SAN(r.move)
}

// SANs returns every move of the game in Standard Algebraic Notation.
func (g *Game) SANs() []string {
	s := make([]string, 0, g.Ply())
	for i := 1; i <= g.Ply(); i++ {
		s = append(s, g.SANAt(i))
	}
	return s
}

// cur returns the current position (the game's own).
func (g *Game) cur() *chess.Position { return &g.pos[len(g.pos)-1] }

// ParseMove reads a move of the current position in SAN (leniently, as
// chess.Position.ParseSAN does) or UCI. An unreadable or illegal move is a
// *chess.MoveError.
func (g *Game) ParseMove(text string) (chess.Move, error) {
	p := g.cur()
	m, err := p.ParseSAN(text)
	if err == nil {
		return m, nil
	}
	if m2, err2 := p.ParseUCI(text); err2 == nil {
		return m2, nil
	}
	return chess.NoMove, err
}

// legal reports whether m is a legal move of the current position.
func (g *Game) legal(m chess.Move) bool {
	g.cur().LegalMoves(&g.ml)
	return g.ml.Contains(m)
}

// illegal builds the error for a move that is not legal here.
func (g *Game) illegal(m chess.Move) error {
	return &chess.MoveError{Move: m.String(), FEN: g.cur().FEN(), Msg: "not a legal move"}
}

// open reports ErrGameOver if the game has ended and may not go on.
func (g *Game) open() error {
	if g.cfg.Transcribe {
		return nil
	}
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	return nil
}

// Play adds the legal move m. An illegal move is a *chess.MoveError and
// changes nothing; after the end of the game Play returns ErrGameOver
// (unless Config.Transcribe is set).
func (g *Game) Play(m chess.Move) error {
	if err := g.open(); err != nil {
		return err
	}
	if !g.legal(m) {
		return g.illegal(m)
	}
	g.push(m, false)
	return nil
}

// PlayText reads a move in SAN or UCI (see ParseMove) and plays it.
func (g *Game) PlayText(text string) (chess.Move, error) {
	if err := g.open(); err != nil {
		return chess.NoMove, err
	}
	m, err := g.ParseMove(text)
	if err != nil {
		return chess.NoMove, err
	}
	g.push(m, false)
	return m, nil
}

// PlayNull passes the turn without a move, as the PGN null move "--"
// does. It is no legal chess move; game records use it for analysis. It
// is refused when the side to move is in check.
func (g *Game) PlayNull() error {
	if err := g.open(); err != nil {
		return err
	}
	if g.cur().InCheck() {
		return &chess.MoveError{Move: "--", FEN: g.cur().FEN(), Msg: "a null move while in check"}
	}
	g.push(chess.NoMove, true)
	return nil
}

// push appends the position after m (or a null move).
func (g *Game) push(m chess.Move, null bool) {
	n := len(g.pos)
	if n == cap(g.pos) {
		g.pos = slices.Grow(g.pos, 1)
		g.rec = slices.Grow(g.rec, cap(g.pos)-n)
	}
	// The new position is copied in place, not through a temporary.
	g.pos = g.pos[:n+1]
	p := &g.pos[n]
	*p = g.pos[n-1]
	if null {
		p.MakeNull()
	} else {
		p.Apply(m)
	}
	since := g.rec[n-1].since
	if p.HalfmoveClock() == 0 {
		since = int32(n)
	}
	g.rec = append(g.rec, record{move: m, null: null, key: p.IdentityKey(), since: since})
}

// Undo takes back the last ply and returns its move (chess.NoMove for a
// null move). It also lifts a recorded ending (a granted claim, a
// resignation...), so an arbiter can reinstate an earlier position.
func (g *Game) Undo() (chess.Move, error) {
	if len(g.pos) == 1 {
		return chess.NoMove, ErrNoMove
	}
	m := g.rec[len(g.rec)-1].move
	g.pos = g.pos[:len(g.pos)-1]
	g.rec = g.rec[:len(g.rec)-1]
	g.end = nil
	g.trimAside()
	return m, nil
}

// TakeBack undoes plies until the game stands at ply (0 ≤ ply ≤ Ply()),
// as when the arbiter reinstates the position before an irregularity.
func (g *Game) TakeBack(ply int) error {
	if ply < 0 || ply > g.Ply() {
		return errors.New("game: no such ply to go back to")
	}
	g.pos = g.pos[:ply+1]
	g.rec = g.rec[:ply+1]
	g.end = nil
	g.trimAside()
	return nil
}

// trimAside drops the notes and cached endings that no ply left refers
// to, so that taking plies back and playing them again does not make
// them grow.
func (g *Game) trimAside() {
	notes, outs := 0, 0
	for i := range g.rec {
		r := &g.rec[i]
		notes = max(notes, int(r.note))
		if r.auto == 2 {
			outs = max(outs, int(r.out)+1)
		}
	}
	clear(g.notes[notes:])
	g.notes = g.notes[:notes]
	g.outs = g.outs[:outs]
}

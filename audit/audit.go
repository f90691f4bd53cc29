// Package audit replays recorded games (PGN) under the Laws of Chess and
// reports what an arbiter would flag: illegal or unreadable moves, results
// the laws contradict (a time-forfeit win without mating material, a
// decisive result after an automatic draw, a result that ignores a final
// checkmate or stalemate), moves played after the game had ended, and, for
// information, the draws that could have been claimed.
//
// Audit a file, on every core:
//
//	f, err := os.Open("round5.pgn")
//	...
//	st, err := audit.Stream(f, "round5.pgn", audit.Options{Rules: audit.RuleSets["fide"]},
//		func(x audit.Finding) { fmt.Println(x) }) // the game, the ply, the kind and the text
//	...
//	fmt.Println(st.Games, "games")
//
// Each Finding has a Kind; for result-contradicts-laws a Reason says which
// contradiction it is. The kinds:
//
//	kind                     severity        meaning
//	illegal-move             error           an illegal or unparsable move; the rest of the game is skipped
//	result-contradicts-laws  error/warning   reason "time-forfeit-no-mate": a win on time by a player who could not mate (6.9);
//	                                         reason "decisive-after-draw": a win recorded after an automatic draw;
//	                                         reason "wrong-result": the result ignores a final checkmate or stalemate
//	played-after-end         error           the game went on after checkmate, stalemate, fivefold repetition,
//	                                         the 75-move rule or a dead position
//	claimable-threefold      info            a threefold repetition could have been claimed (9.2)
//	claimable-fifty          info            a fifty-move draw could have been claimed (9.3)
//
// Extensions:
//
//	syntax-error             error           the PGN text of the game could not be read; the game is skipped
//	bad-fen                  error           the FEN tag cannot be played from; the game is skipped
//	skipped-variant          info            a variant the arbiter does not play (crazyhouse, antichess ...)
//	null-move                info            a null move "--": the turn passed without a move
//	result-mismatch          warning         the Result tag and the movetext's result differ
//	game-too-long            error           the game is longer than the audit reads: its text is over the
//	                                         limit on one game (1 MiB by default; the game is skipped), or
//	                                         its main line is over MaxPlies plies (replayed up to there)
//
// "arbiter audit --json" writes JSON Lines: one Finding per line (game is
// the 1-based number of the game in its file, ply 0 is the game as a
// whole, kind, reason, text, severity, article, fen ...), then a summary
// object with at least "games" and "findings" (their numbers).
//
// Stream cuts the input into chunks of whole games (pgn.Splitter) and
// reads and replays the chunks on several goroutines, reporting in input
// order with the findings of one reader going through the input; a few
// chunks per goroutine are held at once, so memory stays flat however
// large the input. What one game may cost is bounded too: the reader reads
// at most Options.MaxGameBytes of a game's text (pgn.DefaultMaxGameBytes,
// 1 MiB), and the replay goes no further than MaxPlies plies; a game past
// either limit is a game-too-long finding, and the games after it are
// audited as before. A stretch of the input with nowhere to cut (a huge
// game, games with no blank line between them) is read in pieces by one
// goroutine, with its findings passed on as they come.
//
// Rule-book items such as R6 and C6 are those of the project's rule book,
// [docs/laws.md]; the audit's design is in [docs/audit.md].
//
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
// [docs/audit.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/audit.md
package audit

import (
	"fmt"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/game"
	"github.com/arbiterchess/arbiter/pgn"
)

// Severity grades a finding.
type Severity string

// Severities, from the most serious.
const (
	Error   Severity = "error"   // the record contradicts the laws
	Warning Severity = "warning" // the record is doubtful
	Info    Severity = "info"    // worth knowing, nothing wrong
)

// Kind names what a finding is about.
type Kind string

// The kinds of finding.
const (
	IllegalMove           Kind = "illegal-move"            // an illegal or unparsable move; the rest of the game is skipped
	ResultContradictsLaws Kind = "result-contradicts-laws" // the result is not the one the laws give; Reason says why
	PlayedAfterEnd        Kind = "played-after-end"        // the game went on after it had ended automatically
	Threefold             Kind = "claimable-threefold"     // a threefold repetition could have been claimed
	Fifty                 Kind = "claimable-fifty"         // a fifty-move draw could have been claimed

	// Extensions.
	SyntaxError    Kind = "syntax-error"    // the PGN text of the game could not be read
	BadFEN         Kind = "bad-fen"         // the FEN tag cannot be played from; the game is skipped
	SkippedVariant Kind = "skipped-variant" // a variant the arbiter does not play (crazyhouse, antichess ...)
	NullMove       Kind = "null-move"       // a null move "--": the turn passed without a move
	ResultMismatch Kind = "result-mismatch" // the Result tag and the movetext's result differ
	GameTooLong    Kind = "game-too-long"   // the game is longer than the audit reads (MaxPlies, Options.MaxGameBytes)
)

// MaxPlies is the most plies of a game's main line the audit replays. The
// 75-move rule and fivefold repetition end every game before ply 17,700
// (8,848 moves and a half at most), so a record longer than this went on
// after its end, which the replay has reported by then; the plies past
// the limit are not replayed and the result is not checked, and a
// game-too-long finding says so. It bounds the time and memory one game
// can cost the replay (a position and a few words a ply).
const MaxPlies = 20_000

// Reason is the specific contradiction of a result-contradicts-laws finding.
type Reason string

// The reasons of result-contradicts-laws.
const (
	TimeForfeitNoMate Reason = "time-forfeit-no-mate" // a win on time by a player who could not mate (6.9)
	DecisiveAfterDraw Reason = "decisive-after-draw"  // a win recorded after an automatic draw
	WrongResult       Reason = "wrong-result"         // the result ignores the final checkmate or stalemate
)

// Finding is one thing the audit flags. The JSON field names are those of
// the --json output of "arbiter audit".
type Finding struct {
	File     string   `json:"file"`
	Game     int      `json:"game"` // 1-based number of the game in its file
	Line     int      `json:"line"` // line where the game (or the syntax error) is
	White    string   `json:"white"`
	Black    string   `json:"black"`
	Ply      int      `json:"ply"` // the ply the finding is about (0: the game as a whole, or its start position)
	Kind     Kind     `json:"kind"`
	Reason   Reason   `json:"reason,omitempty"` // for result-contradicts-laws: which contradiction
	Severity Severity `json:"severity"`
	Article  string   `json:"article"` // FIDE article, where one applies
	Text     string   `json:"text"`    // the finding in words
	FEN      string   `json:"fen"`     // the position the finding is about
}

// String formats a finding as
// "FILE:GAME (line L) White vs Black: [severity] kind: text", the kind
// followed by the reason in brackets where there is one.
func (f Finding) String() string {
	w, b := f.White, f.Black
	if w == "" {
		w = "?"
	}
	if b == "" {
		b = "?"
	}
	kind := string(f.Kind)
	if f.Reason != "" {
		kind += " (" + string(f.Reason) + ")"
	}
	return fmt.Sprintf("%s:%d (line %d) %s vs %s: [%s] %s: %s", f.File, f.Game, f.Line, w, b, f.Severity, kind, f.Text)
}

// Rules is the rule set a game is replayed under. Only the parts that
// change what a record may contain matter here.
type Rules struct {
	Name string
	// Vertical allows the pre-1972 vertical castling (laws C6).
	Vertical bool
}

// RuleSets lists the rule sets by name (laws S).
var RuleSets = map[string]Rules{
	"fide":       {Name: "fide"},
	"fide-rapid": {Name: "fide-rapid"},
	"fide-blitz": {Name: "fide-blitz"},
	"uscf":       {Name: "uscf"},
	"casual":     {Name: "casual"},
	"fide-1971":  {Name: "fide-1971", Vertical: true},
}

// RulesNamed returns the rule set with the given name.
func RulesNamed(name string) (Rules, error) {
	r, ok := RuleSets[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Rules{}, fmt.Errorf("audit: unknown rule set %q (fide, fide-rapid, fide-blitz, uscf, casual, fide-1971)", name)
	}
	return r, nil
}

// Auditor replays games one at a time. It keeps its working memory from
// one game to the next; use one Auditor per goroutine.
type Auditor struct {
	Rules Rules
	// CanMate is the full answer to "can this colour still mate" (laws R6;
	// nil: game.DefaultCanMate). It may be an expensive search, so the
	// replay decides dead positions ply by ply from the material alone and
	// asks CanMate only about the final position (and, when that is dead,
	// about a few earlier ones to find the first dead ply: a dead position
	// stays dead whatever is played) and about the winner of a game won on
	// time. It is asked where the material leaves the question open and the
	// pawns concerned cannot move, or everywhere with Deep.
	CanMate game.MateFunc
	// Deep asks CanMate about every final position and every winner on
	// time, however mobile the pawns. It is slow (milliseconds a game).
	Deep bool

	g   *game.Game
	h   history
	run run          // the game being audited
	ml  pgn.MainLine // Audit's copy of the game it is given
	// The last start position set up, by FEN and options: most games start
	// from the same one, and reading a FEN costs as much as many plies.
	startFEN  string
	startOpts chess.Options
	startPos  *chess.Position
	scratch   chess.Position // a copy of a position for the can-mate analysis
}

// NewAuditor returns an Auditor for the rule set.
func NewAuditor(r Rules) *Auditor {
	return &Auditor{Rules: r}
}

// Result sums up one game.
type Result struct {
	Plies   int  // plies replayed (up to the first illegal move, at most MaxPlies)
	Skipped bool // the game was not replayed (variant, FEN)
}

// Audit replays one game and appends what it finds to dst. file and
// number identify the game in the findings.
func (a *Auditor) Audit(pg *pgn.Game, file string, number int, dst []Finding) ([]Finding, Result) {
	a.ml.Load(pg)
	return a.AuditMainLine(&a.ml, file, number, dst)
}

// AuditMainLine is Audit for a game read with pgn.Reader.ReadMainLine: the
// same findings, without building the game's whole tree.
func (a *Auditor) AuditMainLine(ml *pgn.MainLine, file string, number int, dst []Finding) ([]Finding, Result) {
	r := &a.run // kept in the Auditor, not allocated for every game
	*r = run{a: a, pg: ml, base: Finding{File: file, Game: number, Line: ml.Line}, out: dst}
	res := r.replay()
	out := r.out
	r.out, r.pg = nil, nil // nothing of the game is kept past it
	return out, res
}

// history is what the replay keeps of each ply: enough to tell whether a
// position may have stood before (game.Game keeps the same key and the
// same bound), and to play the game again.
type history struct {
	plies []plyRecord // plies[k]: ply k, from the start (0) to the current one
	// seen counts the plies of the game by the top bits of their keys (up
	// to 255): a position whose count is 1 has a key no other ply has.
	seen [1 << seenBits]uint8
}

const seenBits = 12

// plyRecord is what the history keeps of a ply.
type plyRecord struct {
	key   uint64     // the IdentityKey of the position after the ply
	since int32      // the earliest ply that may repeat it (the last pawn move or capture)
	move  chess.Move // the move that led to it; chess.NoMove for a null move (and the start)
}

// add records key in seen.
func (h *history) add(key uint64) {
	if c := &h.seen[key>>(64-seenBits)]; *c < 255 {
		*c++
	}
}

// run is the audit of one game. The replay plays the moves on one
// position, pos, and keeps a history; the game.Game g, which holds every
// position and answers the questions of the laws, is played up to the
// current ply only when one of them is asked (a position that may repeat,
// a finding to write, a dead position to date): most plies never need it.
type run struct {
	a     *Auditor
	pg    *pgn.MainLine
	g     *game.Game // played up to g.Ply() ≤ ply; see game()
	pos   chess.Position
	ply   int
	base  Finding
	named bool // base has the players' names
	out   []Finding

	counted int // 1 + the ply whose legal moves were looked for last, or 0
	legal   int // 1 if it has one, else 0

	ended   *game.Outcome // the first automatic ending (&endedAt, or nil)
	endedAt game.Outcome
	three   bool // a claimable threefold has been reported
	fifty   bool // a claimable fifty-move draw has been reported
}

func (r *run) add(kind Kind, sev Severity, article string, ply int, fen, format string, args ...any) {
	if !r.named {
		r.base.White, r.base.Black, r.named = r.pg.Tag("White"), r.pg.Tag("Black"), true
	}
	f := r.base
	f.Kind, f.Severity, f.Article, f.Ply, f.FEN = kind, sev, article, ply, fen
	f.Text = fmt.Sprintf(format, args...)
	r.out = append(r.out, f)
}

// contradicts adds a result-contradicts-laws finding with its reason.
func (r *run) contradicts(why Reason, sev Severity, article string, ply int, fen, format string, args ...any) {
	r.add(ResultContradictsLaws, sev, article, ply, fen, format, args...)
	r.out[len(r.out)-1].Reason = why
}

// start returns the position the game starts from.
func (r *run) start() (*chess.Position, bool) {
	variant := r.pg.Variant()
	opts := chess.Options{Vertical: r.a.Rules.Vertical}
	switch variant {
	case "standard":
	case "chess960":
		opts.Chess960 = true
	default:
		r.add(SkippedVariant, Info, "", 0, "", "skipped: variant %q is not played by the arbiter", variant)
		return nil, false
	}
	fen := strings.TrimSpace(r.pg.FEN())
	if fen == "" {
		fen = chess.StartFEN
	}
	a := r.a
	if a.startPos != nil && a.startFEN == fen && a.startOpts == opts {
		return a.startPos, true
	}
	p, _, err := chess.ParseFENWith(fen, opts, true)
	if err != nil {
		r.add(BadFEN, Error, "", 0, fen, "skipped: cannot start from the FEN tag: %v", err)
		return nil, false
	}
	a.startFEN, a.startOpts, a.startPos = fen, opts, p
	return p, true
}

func (r *run) replay() Result {
	start, ok := r.start()
	if !ok {
		return Result{Skipped: true}
	}
	if r.a.g == nil {
		r.a.g = game.NewWith(start, game.Config{CanMate: (*chess.Position).MaterialAllowsMate, Transcribe: true})
	} else {
		r.a.g.Reset(start)
	}
	r.g = r.a.g
	r.pos, r.ply = *start, 0
	h := &r.a.h
	h.plies = append(h.plies[:0], plyRecord{key: start.IdentityKey(), move: chess.NoMove})
	clear(h.seen[:])
	h.add(h.plies[0].key)
	moves := r.pg.Len()
	over := moves > MaxPlies
	if over {
		moves = MaxPlies
	}
	for i := 0; i < moves; i++ {
		// Most moves are read into their parts by the PGN reader already.
		var m chess.Move
		var quick bool
		if ps := r.pg.Plain(i); ps != 0 {
			m, quick = r.pos.QuickSANParts(chess.PieceType(ps.Piece()), chess.Square(ps.To()), ps.FromFile(), ps.FromRank())
		} else {
			m, quick = r.pos.QuickSANBytes(r.pg.SANBytes(i))
		}
		// Most plies: a move found (so the position has one; it is no
		// null move), the game going on, and nothing for check to see.
		if !quick || r.ended != nil || !r.quiet() {
			var next int
			if m, next = r.slowPly(i, m, quick); next == stopReplay {
				return Result{Plies: r.ply}
			} else if next == plyDone {
				continue
			}
		}
		r.pos.Apply(m)
		r.push(m)
	}
	if over {
		r.add(GameTooLong, Error, "", r.ply+1, r.pos.FEN(),
			"the main line has %d plies, more than the %d the audit replays (the 75-move rule ends every game before ply 17,700): the plies after %d are not replayed and the result is not checked",
			r.pg.Len(), MaxPlies, MaxPlies)
		return Result{Plies: r.ply}
	}
	r.check(false)
	r.final()
	return Result{Plies: r.ply}
}

// What slowPly tells the replay to do next.
const (
	playMove   = iota // play the move returned
	plyDone           // the ply is played (a null move)
	stopReplay        // the replay stops here
)

// quiet reports whether check(true) would find nothing to do at the
// current ply: no other ply shares its key (so it has stood only once),
// fewer than 100 plies without a pawn move or a capture, and a pawn, rook
// or queen on the board (with which its side could mate).
func (r *run) quiet() bool {
	h := &r.a.h
	p := &r.pos
	return h.seen[h.plies[r.ply].key>>(64-seenBits)] == 1 && p.HalfmoveClock() < 100 &&
		p.ByType(chess.Pawn)|p.ByType(chess.Rook)|p.ByType(chess.Queen) != 0
}

// slowPly is the replay of move i (m and quick from QuickSAN) where a ply
// needs more than playing its move: the checks of the laws, a finding, a
// null move, a move QuickSAN does not read, an illegal move.
func (r *run) slowPly(i int, m chess.Move, quick bool) (chess.Move, int) {
	sanb := r.pg.SANBytes(i)
	p := &r.pos // read only until the move is played
	ply := r.ply + 1
	moves := r.pg.Len()
	r.check(quick) // a move found proves the position has one
	if r.ended != nil && r.ended.Ply == r.ply {
		r.add(PlayedAfterEnd, Error, r.ended.Article, ply, p.FEN(),
			"the game went on with %s after %s at ply %d (%s %s)",
			moveNumber(p, r.pg.SAN(i)), r.ended.Reason, r.ended.Ply, r.ended.Result, r.ended.Article)
		if r.ended.Reason == game.Checkmate || r.ended.Reason == game.Stalemate {
			return chess.NoMove, stopReplay // no legal move exists: nothing more to replay
		}
	}
	if string(sanb) == "--" || string(sanb) == "Z0" {
		// game.Game.PlayNull: refused in check.
		san := r.pg.SAN(i)
		if p.InCheck() {
			r.add(IllegalMove, Error, "7.5.1", ply, p.FEN(), "illegal null move %s: the side to move is in check; rest of the game skipped", moveNumber(p, san))
			return chess.NoMove, stopReplay
		}
		r.add(NullMove, Info, "", ply, p.FEN(), "null move %s: the turn passes without a move", moveNumber(p, san))
		r.pos.MakeNull()
		r.push(chess.NoMove)
		return chess.NoMove, plyDone
	}
	if !quick {
		// game.Game.ParseMove: SAN, else UCI, else the SAN error.
		san := r.pg.SAN(i)
		var err error
		if m, err = p.ParseSAN(san); err != nil {
			if m2, err2 := p.ParseUCI(san); err2 == nil {
				m, err = m2, nil
			}
		}
		if err != nil {
			why := err.Error()
			if me, ok := err.(*chess.MoveError); ok {
				why = me.Msg
			}
			r.add(IllegalMove, Error, "7.5.1", ply, p.FEN(), "illegal move %s (%s) in %s; rest of the game skipped (%d of %d plies replayed)",
				moveNumber(p, san), why, p.FEN(), i, moves)
			return chess.NoMove, stopReplay
		}
	}
	return m, playMove
}

// push records the ply just played on pos (m, or chess.NoMove for a null
// move) as game.Game records it.
func (r *run) push(m chess.Move) {
	h := &r.a.h
	r.ply++
	since := h.plies[r.ply-1].since
	if r.pos.HalfmoveClock() == 0 {
		since = int32(r.ply)
	}
	key := r.pos.IdentityKey()
	h.plies = append(h.plies, plyRecord{key: key, since: since, move: m})
	h.add(key)
}

// someLegal returns 1 if the current position has a legal move, else 0:
// all that the laws ask of the number of legal moves.
func (r *run) someLegal() int {
	if r.counted != r.ply+1 {
		r.counted, r.legal = r.ply+1, 0
		if r.pos.HasLegalMove() {
			r.legal = 1
		}
	}
	return r.legal
}

// game returns the game.Game of the replay played up to the current ply.
func (r *run) game() *game.Game {
	g := r.g
	for k := g.Ply(); k < r.ply; k++ {
		if m := r.a.h.plies[k+1].move; m != chess.NoMove {
			g.PlayLegal(m)
		} else if err := g.PlayNull(); err != nil {
			panic("audit: a null move the replay played is refused: " + err.Error()) // unreachable: it was not in check
		}
	}
	return g
}

// posAt returns the position after ply plies, to read only.
func (r *run) posAt(ply int) *chess.Position {
	if ply == r.ply {
		return &r.pos
	}
	return &r.game().Positions()[ply]
}

// repetitions is game.Game.Repetitions for the current ply where that is
// 3 or more; below 3, where no rule tells the counts apart, it may say 2
// for 1. Only a position whose key matches an earlier one may have stood
// before: with fewer than two such plies the count is below 3 whatever
// the positions are, and with more the game, played up to here, counts.
func (r *run) repetitions() int {
	h := &r.a.h
	key := h.plies[r.ply].key
	if h.seen[key>>(64-seenBits)] == 1 {
		return 1 // no other ply has this key
	}
	n := 1
	for j := r.ply - 2; j >= int(h.plies[r.ply].since); j -= 2 {
		if h.plies[j].key == key {
			n++
		}
	}
	if n < 3 {
		return n
	}
	return r.game().Repetitions()
}

// check looks at the current position, once, before its move is played.
// hasMove tells that it has a legal move; without it they are looked for.
func (r *run) check(hasMove bool) {
	if r.ended != nil {
		return // the game is over; what follows is flagged once
	}
	cur := &r.pos
	legal := 1
	if !hasMove {
		legal = r.someLegal()
	}
	reps := r.repetitions()
	// The common case first: a move to play, no fivefold, no 75 moves, and
	// a pawn, rook or queen on the board, with which its side could mate.
	if legal != 0 && reps < 5 && cur.HalfmoveClock() < 150 &&
		cur.ByType(chess.Pawn)|cur.ByType(chess.Rook)|cur.ByType(chess.Queen) != 0 {
	} else if o, over := r.automatic(cur, legal, reps); over {
		r.endedAt = o
		r.ended = &r.endedAt // in the Auditor: no allocation
		return
	}
	ply := r.ply
	if !r.three {
		if reps >= 3 {
			g := r.game()
			plies := g.RepetitionPlies()
			r.three = true
			p := cur
			r.add(Threefold, Info, "9.2", ply, p.FEN(),
				"after %s the position stands for the 3rd time (plies %s): %s could claim a draw (9.2.1.2), or %s before playing it (9.2.1.1)",
				lastMove(g), joinPlies(plies), colour(p.Turn()), colour(p.Turn().Other()))
		}
	}
	if !r.fifty {
		if cur.HalfmoveClock() >= 100 {
			p := cur
			r.fifty = true
			r.add(Fifty, Info, "9.3", ply, p.FEN(),
				"%d plies without a pawn move or a capture after %s: %s could claim a draw (9.3.2), or %s before playing it (9.3.1)",
				p.HalfmoveClock(), lastMove(r.game()), colour(p.Turn()), colour(p.Turn().Other()))
		}
	}
}

// automatic is game.Game.Automatic for the replay's game, whose CanMate
// is (*chess.Position).MaterialAllowsMate, with the number of legal moves of cur (the
// current position) known (or 1 for "some") and the number of times it
// has stood (repetitions: exact from 3 up): the same endings in the same order of
// precedence, without generating the moves again.
func (r *run) automatic(cur *chess.Position, legal, reps int) (game.Outcome, bool) {
	ply := r.ply
	end := func(result string, why game.Reason) (game.Outcome, bool) {
		return game.Outcome{Result: result, Reason: why, Article: why.Article(), Ply: ply}, true
	}
	if legal == 0 {
		if cur.InCheck() {
			if cur.Turn() == chess.White {
				return end(game.BlackWins, game.Checkmate)
			}
			return end(game.WhiteWins, game.Checkmate)
		}
		return end(game.Draw, game.Stalemate)
	}
	if reps >= 5 {
		return end(game.Draw, game.Fivefold)
	}
	if cur.HalfmoveClock() >= 150 {
		return end(game.Draw, game.SeventyFiveMoves)
	}
	// With MaterialAllowsMate as the full answer, a position is dead exactly
	// when neither side has the material to mate.
	if !cur.MaterialAllowsMate(chess.White) && !cur.MaterialAllowsMate(chess.Black) {
		return end(game.Draw, game.DeadPosition)
	}
	return game.Outcome{}, false
}

// final checks the result against the laws once every move is replayed.
func (r *run) final() {
	tag := strings.TrimSpace(r.pg.Tag("Result"))
	marker := r.pg.Result
	result := tag
	if result == "" {
		result = marker
	}
	if tag != "" && marker != "" && tag != marker {
		r.add(ResultMismatch, Warning, "", r.ply, r.pos.FEN(), "the Result tag says %s but the movetext ends with %s", tag, marker)
	}
	decisive := result == game.WhiteWins || result == game.BlackWins
	if r.ended == nil {
		r.deepDead()
	}
	if e := r.ended; e != nil {
		p := r.posAt(e.Ply)
		switch {
		case e.Reason == game.Checkmate && result != e.Result:
			sev := Error
			if !decisive && result != game.Draw {
				sev = Warning // "*" or no result
			}
			r.contradicts(WrongResult, sev, e.Article, e.Ply, p.FEN(), "the result is %s but %s checkmated at ply %d: %s (%s)",
				show(result), colour(p.Turn().Other()), e.Ply, e.Result, e.Article)
		case e.Reason != game.Checkmate && decisive:
			why := DecisiveAfterDraw
			if e.Reason == game.Stalemate {
				why = WrongResult
			}
			r.contradicts(why, Error, e.Article, e.Ply, p.FEN(), "the result is %s but the game was drawn at ply %d by %s (%s)",
				result, e.Ply, e.Reason, e.Article)
		case e.Reason == game.Stalemate && result != game.Draw:
			r.contradicts(WrongResult, Warning, e.Article, e.Ply, p.FEN(), "the result is %s but the game ended in stalemate at ply %d: 1/2-1/2 (5.2.1)", show(result), e.Ply)
		}
		return
	}
	if decisive && r.timeForfeit(result) {
		winner := chess.White
		if result == game.BlackWins {
			winner = chess.Black
		}
		// The analysis gets a copy, kept in the Auditor (no allocation).
		p := &r.a.scratch
		*p = r.pos
		if !p.MaterialAllowsMate(winner) || (r.worthDeep(p, winner) && !r.a.canMate()(p, winner)) {
			p := &r.pos
			r.contradicts(TimeForfeitNoMate, Error, "6.9", r.ply, p.FEN(),
				"%s won on time, but %s cannot checkmate by any series of legal moves: the game is drawn (6.9)", result, colour(winner))
		}
	}
}

// canMate returns the full MateFunc.
func (a *Auditor) canMate() game.MateFunc {
	if a.CanMate != nil {
		return a.CanMate
	}
	return game.DefaultCanMate
}

// worthDeep reports whether the full analysis may find that c cannot mate
// in p where the material says c can: c has no queen or rook, has pawns,
// and none of them can move now. (Without pawns, minor pieces mate or not
// by the material.) Everywhere with Auditor.Deep.
func (r *run) worthDeep(p *chess.Position, c chess.Color) bool {
	if r.a.Deep {
		return true
	}
	pawns := p.Pieces(c, chess.Pawn)
	if pawns == 0 || p.Pieces(c, chess.Queen)|p.Pieces(c, chess.Rook) != 0 {
		return false
	}
	empty := ^p.Occupied()
	them := p.ByColor(c.Other())
	const notA, notH = ^chess.FileA, ^chess.FileH
	var push, takes chess.Bitboard
	if c == chess.White {
		push, takes = pawns<<8&empty, ((pawns&notA)<<7|(pawns&notH)<<9)&them
	} else {
		push, takes = pawns>>8&empty, ((pawns&notA)>>9|(pawns&notH)>>7)&them
	}
	return push == 0 && takes == 0 && p.EnPassant() == chess.NoSquare
}

// deadAt reports whether neither side can mate after ply plies: the
// material first, the full analysis only where it is worth it.
func (r *run) deadAt(ply int) bool {
	p := r.posAt(ply)
	var ask [2]bool
	for c := chess.White; c <= chess.Black; c++ {
		if p.MaterialAllowsMate(c) {
			if !r.worthDeep(p, c) {
				return false
			}
			ask[c] = true
		}
	}
	q := &r.a.scratch // a copy, for the analysis
	*q = *p
	return !game.AnyCanMate(q, ask, r.a.CanMate)
}

// deepDead looks for a dead position the ply-by-ply replay could not see
// (material alone decides there). A dead position stays dead, so if the
// final position is not dead no earlier one was; if it is, a binary search
// finds the first dead ply.
func (r *run) deepDead() {
	last := r.ply
	if r.someLegal() == 0 || !r.deadAt(last) {
		return
	}
	lo, hi := 0, last // deadAt(hi) holds
	for lo < hi {
		mid := (lo + hi) / 2
		if r.deadAt(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	o := game.Outcome{Result: game.Draw, Reason: game.DeadPosition, Article: game.DeadPosition.Article(), Ply: hi}
	r.endedAt = o
	r.ended = &r.endedAt
	if hi < last {
		g := r.game()
		p := g.PositionAt(hi)
		r.add(PlayedAfterEnd, Error, o.Article, hi+1, p.FEN(),
			"the game went on with %s after %s at ply %d (%s %s)",
			moveNumber(p, g.SANAt(hi+1)), o.Reason, hi, o.Result, o.Article)
	}
}

// timeForfeit reports whether the record says the loser's flag fell: a
// Termination tag "time forfeit", or the loser's last clock at zero.
func (r *run) timeForfeit(result string) bool {
	// (A value shorter than "time forfeit" cannot hold it: no lower-casing.)
	if t := r.pg.Tag("Termination"); containsFold(t, "time forfeit") {
		return true
	}
	loser := chess.Black
	if result == game.BlackWins {
		loser = chess.White
	}
	first := r.g.Start().Turn()
	for i := r.pg.Len() - 1; i >= 0; i-- {
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		if mover != loser {
			continue
		}
		d, ok := r.pg.Clock(i)
		if ok {
			return d <= 0
		}
		return false
	}
	return false
}

// containsFold reports whether s holds sub (lower-case ASCII), in any
// case: strings.Contains(strings.ToLower(s), sub) without the copy.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// moveNumber writes a move with its number: "12.Nf3" or "12...Nf3".
func moveNumber(p *chess.Position, san string) string {
	if p.Turn() == chess.White {
		return fmt.Sprintf("%d.%s", p.FullmoveNumber(), san)
	}
	return fmt.Sprintf("%d...%s", p.FullmoveNumber(), san)
}

// lastMove names the last move of g with its number.
func lastMove(g *game.Game) string {
	n := g.Ply()
	if n == 0 {
		return "the start"
	}
	return moveNumber(g.PositionAt(n-1), g.SANAt(n))
}

func joinPlies(plies []int) string {
	s := make([]string, len(plies))
	for i, p := range plies {
		s[i] = fmt.Sprint(p)
	}
	return strings.Join(s, ", ")
}

func show(result string) string {
	if result == "" {
		return "missing"
	}
	return result
}

// colour names a side with a capital, as a sentence needs.
func colour(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

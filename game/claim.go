package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
)

// Ruling is the arbiter's answer to a draw claim (9.2, 9.3, 9.5). An
// incorrect claim is a ruling, not an error: Granted is false, the article
// is 9.5.3 (the opponent gets extra time, by the rule set's amount), and
// when the claim named an intended move, that move must now be played
// (MustPlay): it was written down and cannot be changed.
type Ruling struct {
	What    Reason      // Threefold or FiftyMoves
	By      chess.Color // the claimant, the player having the move
	Granted bool
	// Article is 9.2.1 or 9.2.2 for a correct threefold claim (with an
	// intended move, on the position on the board; 2023 numbering), 9.3.1 or 9.3.2 for a
	// correct fifty-move claim, and 9.5.3 for an incorrect claim.
	Article string
	// Move is the intended move the claim named, or chess.NoMove; SAN is
	// that move in Standard Algebraic Notation.
	Move chess.Move
	SAN  string
	// MustPlay is set when an incorrect claim named a move: the claimant
	// must now make it (9.5.3, with touch-move).
	MustPlay bool
	// Plies lists, for a threefold claim, the plies at which the position
	// in question (the one on the board, or the one the intended move
	// would produce, counted at ply Ply()+1) appeared, earliest first.
	Plies []int
	// LookAlike lists earlier plies whose position has the same pieces on
	// the same squares and the same side to move but is not the same
	// position (castling rights or en passant differ, laws R1, R2).
	LookAlike []int
	// Halfmoves is, for a fifty-move claim, the number of plies without a
	// pawn move or a capture (after the intended move, if any).
	Halfmoves int
	// Outcome is the draw when the claim is granted.
	Outcome *Outcome
	// Text explains the ruling in a sentence for the arbiter's desk.
	Text string
}

// ClaimThreefold rules on a threefold-repetition claim by the player
// having the move (9.2). intended is "" for a claim on the position on the
// board (9.2.2: it has just appeared for at least the third time), or an
// intended move in SAN or UCI (9.2.1: that move will produce such a
// position). A correct claim ends the game in a draw. As with ClaimFifty,
// an intended move that checkmates or stalemates is refused.
//
// Errors are only for an intended move that cannot be read or is illegal
// (a *chess.MoveError) and for a game that is over (ErrGameOver), which
// takes in a checkmate or stalemate on the board.
func (g *Game) ClaimThreefold(intended string) (Ruling, error) {
	m, err := g.intended(intended)
	if err != nil {
		return Ruling{}, err
	}
	return g.ClaimThreefoldMove(m)
}

// ClaimThreefoldMove is ClaimThreefold with the intended move given as a
// chess.Move; chess.NoMove means no intended move.
func (g *Game) ClaimThreefoldMove(m chess.Move) (Ruling, error) {
	if err := g.claimable(m); err != nil {
		return Ruling{}, err
	}
	p := g.cur()
	r := Ruling{What: Threefold, By: p.Turn(), Move: m}
	if m != chess.NoMove {
		r.SAN = p.SAN(m)
	}
	now := g.RepetitionPlies()
	if len(now) >= 3 {
		r.Plies = now
		r.LookAlike = g.lookAlike(p, g.Ply())
		r.Text = fmt.Sprintf("the position has appeared %d times (plies %s)", len(now), plyList(now))
		return g.grant(r, "9.2.2"), nil
	}
	if m == chess.NoMove {
		r.Plies = now
		r.LookAlike = g.lookAlike(p, g.Ply())
		r.Text = fmt.Sprintf("the position has appeared %d %s (plies %s)", len(now), times(len(now)), plyList(now))
		return g.refuse(r), nil
	}
	q := p.Play(m)
	before := g.pliesAfter(q)
	r.Plies = append(before, g.Ply()+1)
	r.LookAlike = g.lookAlike(q, g.Ply()+1)
	if len(before) >= 2 && !q.HasLegalMove() {
		r.Text = endsTheGame(r.SAN, q)
		return g.refuse(r), nil
	}
	if len(before) >= 2 {
		r.Text = fmt.Sprintf("%s will produce the position for the %s time (plies %s)", r.SAN, ordinal(len(r.Plies)), plyList(r.Plies))
		return g.grant(r, "9.2.1"), nil
	}
	r.Text = fmt.Sprintf("%s would produce the position for the %s time only (plies %s)", r.SAN, ordinal(len(r.Plies)), plyList(r.Plies))
	return g.refuse(r), nil
}

// ClaimFifty rules on a fifty-move claim by the player having the move
// (9.3): the last 50 moves by each player (100 plies) were made without a
// pawn move or a capture (9.3.2), or the intended move, in SAN or UCI,
// will make it so (9.3.1; a pawn move or capture never can). intended is
// "" for no intended move. A correct claim ends the game in a draw. An
// intended move that checkmates or stalemates ends the game by that, and
// the claim is refused (the move must be played).
//
// Errors are only for an intended move that cannot be read or is illegal
// (a *chess.MoveError) and for a game that is over (ErrGameOver), which
// takes in a checkmate or stalemate on the board, whatever the halfmove
// clock says.
func (g *Game) ClaimFifty(intended string) (Ruling, error) {
	m, err := g.intended(intended)
	if err != nil {
		return Ruling{}, err
	}
	return g.ClaimFiftyMove(m)
}

// ClaimFiftyMove is ClaimFifty with the intended move given as a
// chess.Move; chess.NoMove means no intended move.
func (g *Game) ClaimFiftyMove(m chess.Move) (Ruling, error) {
	if err := g.claimable(m); err != nil {
		return Ruling{}, err
	}
	p := g.cur()
	r := Ruling{What: FiftyMoves, By: p.Turn(), Move: m, Halfmoves: p.HalfmoveClock()}
	if m != chess.NoMove {
		r.SAN = p.SAN(m)
	}
	if r.Halfmoves >= 100 {
		r.Text = fmt.Sprintf("%d plies without a pawn move or a capture", r.Halfmoves)
		return g.grant(r, "9.3.2"), nil
	}
	if m == chess.NoMove {
		r.Text = fmt.Sprintf("only %d plies without a pawn move or a capture, 100 needed", r.Halfmoves)
		return g.refuse(r), nil
	}
	q := p.Play(m)
	r.Halfmoves = q.HalfmoveClock()
	if r.Halfmoves >= 100 && !q.HasLegalMove() {
		r.Text = endsTheGame(r.SAN, q)
		return g.refuse(r), nil
	}
	if r.Halfmoves >= 100 {
		r.Text = fmt.Sprintf("%s completes %d plies without a pawn move or a capture", r.SAN, r.Halfmoves)
		return g.grant(r, "9.3.1"), nil
	}
	if r.Halfmoves == 0 {
		r.Text = fmt.Sprintf("%s is a pawn move or a capture", r.SAN)
	} else {
		r.Text = fmt.Sprintf("%s makes only %d plies without a pawn move or a capture, 100 needed", r.SAN, r.Halfmoves)
	}
	return g.refuse(r), nil
}

// CanClaimThreefold reports whether a threefold claim would be granted now,
// on the position on the board or with some legal intended move. It is
// false in a checkmate or stalemate, which ends the game at once (5.1.1,
// 5.2.1) and leaves nothing to claim, and an intended move counts only
// where the position it produces has a legal move.
func (g *Game) CanClaimThreefold() bool {
	p := g.cur()
	if !p.HasLegalMove() {
		return false
	}
	if g.Repetitions() >= 3 {
		return true
	}
	p.LegalMoves(&g.ml)
	for _, m := range g.ml.Slice() {
		if q := p.Play(m); len(g.pliesAfter(q)) >= 2 && q.HasLegalMove() {
			return true
		}
	}
	return false
}

// CanClaimFifty reports whether a fifty-move claim would be granted now,
// on the position on the board or with some legal intended move. As with
// CanClaimThreefold, it is false in a checkmate or stalemate, whatever
// the halfmove clock says, and an intended move that checkmates or
// stalemates does not count.
func (g *Game) CanClaimFifty() bool {
	p := g.cur()
	if p.HalfmoveClock() < 99 || !p.HasLegalMove() {
		return false
	}
	if p.HalfmoveClock() >= 100 {
		return true
	}
	p.LegalMoves(&g.ml)
	for _, m := range g.ml.Slice() {
		if q := p.Play(m); q.HalfmoveClock() >= 100 && q.HasLegalMove() {
			return true
		}
	}
	return false
}

// endsTheGame explains the refusal of a claim whose intended move, san,
// leaves q with no legal move: the move would end the game by checkmate
// or stalemate, which comes before any claim (5.1.1, 5.2.1; 9.6.2 gives
// mate the same precedence over the 75-move rule).
func endsTheGame(san string, q *chess.Position) string {
	if q.InCheck() {
		return san + " checkmates: the game ends by checkmate (5.1.1), not by a claim"
	}
	return san + " stalemates: the game ends in stalemate (5.2.1), not by a claim"
}

// intended reads an intended move; "" is no move.
func (g *Game) intended(text string) (chess.Move, error) {
	if strings.TrimSpace(text) == "" {
		return chess.NoMove, nil
	}
	return g.ParseMove(text)
}

// claimable checks that a claim may be made now, with m legal or NoMove.
func (g *Game) claimable(m chess.Move) error {
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	if m != chess.NoMove && !g.legal(m) {
		return g.illegal(m)
	}
	return nil
}

func (g *Game) grant(r Ruling, article string) Ruling {
	r.Granted = true
	r.Article = article
	o := outcome(Draw, r.What, g.Ply())
	g.end = &o
	r.Outcome = &o
	return r
}

func (g *Game) refuse(r Ruling) Ruling {
	r.Article = "9.5.3"
	r.MustPlay = r.Move != chess.NoMove
	if len(r.LookAlike) > 0 {
		r.Text += fmt.Sprintf("; plies %s look the same but castling rights or en passant differ", plyList(r.LookAlike))
	}
	if r.MustPlay {
		r.Text += "; " + r.SAN + " must be played"
	}
	return r
}

// lookAlike returns the plies before ply whose position has the placement
// and side to move of q but another identity.
func (g *Game) lookAlike(q *chess.Position, ply int) []int {
	id := q.Identity()
	var out []int
	for j := ply - 2; j >= 0; j -= 2 {
		p := &g.pos[j]
		if p.Turn() == q.Turn() && samePlacement(p, q) && p.Identity() != id {
			out = append(out, j)
		}
		if int(g.rec[j].since) == j && j < ply { // a pawn move or capture led here: nothing earlier can match
			break
		}
	}
	for i, k := 0, len(out)-1; i < k; i, k = i+1, k-1 {
		out[i], out[k] = out[k], out[i]
	}
	return out
}

// samePlacement reports whether a and b have the same pieces on the same
// squares.
func samePlacement(a, b *chess.Position) bool {
	if a.ByColor(chess.White) != b.ByColor(chess.White) || a.ByColor(chess.Black) != b.ByColor(chess.Black) {
		return false
	}
	for t := chess.Pawn; t <= chess.King; t++ {
		if a.ByType(t) != b.ByType(t) {
			return false
		}
	}
	return true
}

func plyList(plies []int) string {
	s := make([]string, len(plies))
	for i, p := range plies {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}

func times(n int) string {
	if n == 1 {
		return "time"
	}
	return "times"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

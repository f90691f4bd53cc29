package touch

import (
	"fmt"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// standing is an illegal move that nobody has claimed yet. Where games are
// not fully supervised (rapid and blitz, A.5.2 and B.3; US Chess, rule 11A)
// it stands once the opponent has made his next move (or, under US Chess,
// ten moves) without claiming it (laws I5, I6). The same holds for each
// of 7.5.1-7.5.4: a board that shows no legal move, a press without a move,
// a move made with two hands (7.5.2 is A.5.4's, see limbo).
type standing struct {
	by      chess.Color
	article string      // what was done: 7.5.1, 7.5.3 or 7.5.4
	keep    bool        // the move itself is legal and stays (7.5.4): a claim only penalises it
	ply     int         // the game's ply before the illegal move
	touched []contact   // the offender's touches, still owed after a claim
	partial *obligation // a piece released as part of a legal move (4.7)
	left    int         // moves of the opponent before it stands for good
	note    string      // what was played, "Ng1-g3"
}

// standsArticle is the article under which an unclaimed illegal move
// stands and its claim is ruled.
func (e *Engine) standsArticle() string {
	if a := e.rules.StandsArticle; a != "" {
		return a
	}
	return "7.5.1"
}

// standsText says until when the illegal move of by may be claimed.
func (e *Engine) standsText(by chess.Color) string {
	if n := e.rules.IllegalStandsAfter; n > 1 {
		return fmt.Sprintf("it stands unless %s claims it within %d moves", by.Other(), n)
	}
	return fmt.Sprintf("it stands unless %s claims it before making his next move", by.Other())
}

// irregular reads the board pl after an illegal move by the player to move
// as a position with the opponent to move. It fails when no game could go
// on from it (the offender's king left in check, a pawn on the first rank,
// a king missing...).
func (e *Engine) irregular(pl [64]chess.Piece) (*chess.Position, string, bool) {
	return readBoard(&e.t.start, pl, e.t.start.Turn().Other(), 1)
}

// readBoard reads the placement pl, reached from position p in plies
// plies of which the board is all we know, as a position with turn to
// move: the castling rights survive where king and rook stand unmoved,
// no en passant, the counters moved on. It also names what changed when
// one piece of the side that moved last changed square ("Ng1-g3"), else
// "an illegal move", whether or not the reading succeeds. It fails when
// the placement is no position a game can go on from.
func readBoard(p *chess.Position, pl [64]chess.Piece, turn chess.Color, plies int) (*chess.Position, string, bool) {
	us := turn.Other() // the side that moved last
	var rows []string
	for r := 7; r >= 0; r-- {
		row, empty := "", 0
		for f := 0; f < 8; f++ {
			pc := pl[chess.NewSquare(f, r)]
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				row += fmt.Sprint(empty)
				empty = 0
			}
			row += pc.FEN()
		}
		if empty > 0 {
			row += fmt.Sprint(empty)
		}
		rows = append(rows, row)
	}
	// Castling rights survive where king and rook stand unmoved.
	rights := ""
	for rooks := p.CastlingRights(); rooks != 0; rooks &= rooks - 1 {
		r := rooks.First()
		c := p.PieceAt(r).Color()
		k := p.KingSquare(c)
		if pl[r] == p.PieceAt(r) && pl[k] == p.PieceAt(k) && r.Rank() == k.Rank() {
			l := string(rune('A' + r.File()))
			if c == chess.Black {
				l = strings.ToLower(l)
			}
			rights += l
		}
	}
	if rights == "" {
		rights = "-"
	}
	half, full := p.HalfmoveClock()+plies, p.FullmoveNumber()
	for i, c := 0, p.Turn(); i < plies; i, c = i+1, c.Other() {
		if c == chess.Black {
			full++
		}
	}
	var from, to []chess.Square
	for s := chess.A1; s <= chess.H8; s++ {
		was, is := p.PieceAt(s), pl[s]
		if was == is {
			continue
		}
		if was != chess.NoPiece && (was.Type() == chess.Pawn || is != chess.NoPiece) {
			half = 0 // a pawn moved or a piece was taken
		}
		if was != chess.NoPiece && was.Color() == us {
			from = append(from, s)
		}
		if is != chess.NoPiece && is.Color() == us {
			to = append(to, s)
		}
	}
	note := "an illegal move"
	if len(from) == 1 && len(to) == 1 {
		note = pieceNote(pl[to[0]], from[0]) + "-" + to[0].String()
	}
	fen := fmt.Sprintf("%s %s %s - %d %d", strings.Join(rows, "/"), turn.String()[:1], rights, half, full)
	q, _, err := chess.ParseFENWith(fen, p.Options(), false)
	if err != nil {
		return nil, note, false
	}
	return q, note, true
}

// stand lets the illegal move on the board stand until the opponent
// claims it or the rule set's number of his moves has passed. The press
// that completed it has switched the clocks: the opponent has the move.
// article is 7.5.1 (the board shows no legal move) or 7.5.3 (no move at
// all).
func (e *Engine) stand(at int, by chess.Color, q *chess.Position, note, article string) []protocol.Ruling {
	if e.t.made != chess.NoMove {
		e.g.Undo()
	}
	s := &standing{by: by, article: article, ply: e.g.Ply(), touched: append([]contact(nil), e.t.touched...), partial: e.t.partial, left: e.rules.IllegalStandsAfter, note: note}
	if err := e.g.PlayIrregular(q, note); err != nil {
		return e.failWith(at, err)
	}
	e.standing = s
	e.beginTurn()
	e.clockPress(by)
	what, msg, args := "illegal move "+note, MsgStands, e.standsArgs(by, nil)
	if note != "an illegal move" {
		args["Note"] = note
	}
	if article == "7.5.3" {
		what, msg, args = "pressed the clock without making a move", MsgPressStands, e.standsArgs(by, nil)
	}
	r := protocol.Ruling{At: at, Kind: protocol.KindMove, By: by.String(), SAN: note, Ply: e.g.Ply(), Article: e.standsArticle(), FEN: q.FEN(),
		Text: what + ": " + e.standsText(by), Msg: msg, Args: args}
	if !q.HasLegalMove() {
		r.Text += "; it ends nothing, though the position it leaves has no legal move (5.1.1 and 5.2.1 need a move in accordance with Article 3)"
		r.Msg = map[string]string{MsgStands: MsgStandsNoLegal, MsgPressStands: MsgPressStandsNoLegal}[msg]
	}
	out := []protocol.Ruling{r}
	if o, ok := e.g.Outcome(); ok {
		out = append(out, e.end(at, o)...)
	}
	return out
}

// standTwoHands lets a legal castling, capture or promotion made with two
// hands stand, unpenalised, until the opponent claims it (7.5.4 with
// A.5.2): the move is on the board and stays. The violation ruling tells
// the opponent what he may claim.
func (e *Engine) standTwoHands(at int, by chess.Color, d *turn) []protocol.Ruling {
	san := d.start.SAN(d.made)
	e.standing = &standing{by: by, article: "7.5.4", keep: true, ply: e.g.Ply() - 1, left: e.rules.IllegalStandsAfter, note: san}
	e.viols = append(e.viols, protocol.ViolationRef{At: at, By: by.String(), Article: "7.5.4"})
	return []protocol.Ruling{{At: at, Kind: protocol.KindViolation, By: by.String(), Article: "7.5.4",
		Text: fmt.Sprintf("made %s with two hands: %s (%s), and the move stays", san, e.standsText(by), e.standsArticle()),
		Msg:  MsgTwoHands, Args: e.standsArgs(by, map[string]string{"Move": san, "StandsArticle": e.standsArticle()})}}
}

// claimIllegal rules on a claim by by (or, with arbiter, the arbiter's on
// his behalf) of an illegal move that has not stood yet: the position
// before it is reinstated, the offender is penalised (7.5.5) and his
// touched piece is owed again. A move made with two hands (7.5.4) stays,
// and is penalised only. An illegal position held under A.5.4 is ruled by
// claimLimbo.
func (e *Engine) claimIllegal(at int, by chess.Color, claimant, article string) []protocol.Ruling {
	if e.limbo != nil && e.limbo.by != by {
		return e.claimLimbo(at, claimant, article)
	}
	s := e.standing
	f := false
	if s == nil || s.by == by {
		return []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: claimant, What: protocol.ClaimIllegalMove, Granted: &f, Article: article,
			Text: "no illegal move of the opponent's stands to be claimed", Msg: MsgClaimNoIllegalOpp}}
	}
	t := true
	out := []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: claimant, What: protocol.ClaimIllegalMove, Granted: &t, Article: article}}
	if s.keep {
		e.standing = nil
		return append(out, e.penalise(at, s.by, s.article, false, twoHandsStand(s.note))...)
	}
	later := strings.Join(e.g.SANs()[s.ply+1:], " ")
	if err := e.g.TakeBack(s.ply); err != nil {
		return e.failWith(at, err)
	}
	e.standing = nil
	e.done, e.late = nil, [2]bool{}
	e.beginTurn()
	e.t.touched = s.touched
	e.t.duty = duty(&e.t.start, e.t.legal, e.t.touched, e.rules)
	e.t.partial = s.partial
	moves := strings.TrimSpace(s.note + " " + later)
	w := words{text: "the illegal move stood until claimed; taken back: " + moves, msg: MsgTakenBack, args: map[string]string{"Moves": moves}}
	if s.article == "7.5.3" {
		w = words{text: "the press without a move stood until claimed; taken back", msg: MsgPressTakenBack}
		if later != "" {
			w = words{text: w.text + ", with " + later, msg: MsgPressTakenBackWith, args: map[string]string{"Moves": later}}
		}
	}
	out = append(out, e.penalise(at, s.by, s.article, false, w)...)
	if o := e.current(); o != nil && o.rule != "any" && !e.over {
		out = append(out, o.ruling(at, s.by))
	}
	return out
}

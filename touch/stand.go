package touch

import (
	"fmt"
	"strings"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// standing is an illegal move that nobody has claimed yet. Where games are
// not fully supervised (rapid and blitz, Appendices A and B; US Chess,
// rule 11A) it stands once the opponent has made his next move (or, under
// US Chess, ten moves) without claiming it (laws I5, I6).
type standing struct {
	by      chess.Color
	ply     int       // the game's ply before the illegal move
	touched []contact // the offender's touches, still owed after a claim
	partial *obligation // a piece released as part of a legal move (4.7)
	left    int       // moves of the opponent before it stands for good
	note    string    // what was played, "Ng1-g3"
}

// irregular reads the board pl after an illegal move by the player to move
// as a position with the opponent to move. It fails when no game could go
// on from it (the offender's king left in check, a pawn on the first rank,
// a king missing...): such a move is ruled on at once.
func (e *Engine) irregular(pl [64]chess.Piece) (*chess.Position, string, bool) {
	p := &e.t.start
	us := p.Turn()
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
	half, full := p.HalfmoveClock()+1, p.FullmoveNumber()
	if us == chess.Black {
		full++
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
	fen := fmt.Sprintf("%s %s %s - %d %d", strings.Join(rows, "/"), us.Other().String()[:1], rights, half, full)
	q, _, err := chess.ParseFENWith(fen, p.Options(), false)
	if err != nil {
		return nil, "", false
	}
	note := "an illegal move"
	if len(from) == 1 && len(to) == 1 {
		note = pieceSq(pl[to[0]], from[0]) + "-" + to[0].String()
	}
	return q, note, true
}

// stand lets the illegal move on the board stand until the opponent
// claims it or the rule set's number of his moves has passed.
func (e *Engine) stand(at int, by chess.Color, q *chess.Position, note string) []protocol.Ruling {
	if e.t.made != chess.NoMove {
		e.g.Undo()
	}
	s := &standing{by: by, ply: e.g.Ply(), touched: append([]contact(nil), e.t.touched...), partial: e.t.partial, left: e.rules.IllegalStandsAfter, note: note}
	if err := e.g.PlayIrregular(q, note); err != nil {
		return e.fail(at, err.Error())
	}
	e.standing = s
	e.beginTurn()
	r := protocol.Ruling{At: at, Kind: protocol.KindMove, By: by.String(), SAN: note, Ply: e.g.Ply(), Article: "7.5.1", FEN: q.FEN(),
		Text: fmt.Sprintf("illegal move %s: it stands unless %s claims it before making his next move", note, by.Other())}
	if e.rules.IllegalStandsAfter > 1 {
		r.Text = fmt.Sprintf("illegal move %s: it stands unless %s claims it within %d moves", note, by.Other(), e.rules.IllegalStandsAfter)
	}
	out := []protocol.Ruling{r}
	if o, ok := e.g.Outcome(); ok {
		out = append(out, e.end(at, o)...)
	}
	return out
}

// claimIllegal rules on a claim of an illegal move that has not stood yet:
// the position before it is reinstated, the offender is penalised (7.5.5)
// and his touched piece is owed again.
func (e *Engine) claimIllegal(at int, by chess.Color) []protocol.Ruling {
	s := e.standing
	f := false
	if s == nil || s.by == by {
		return []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: by.String(), What: protocol.ClaimIllegalMove, Granted: &f, Article: "7.5.1"}}
	}
	taken := s.note
	if later := e.g.SANs()[s.ply+1:]; len(later) > 0 {
		taken += " " + strings.Join(later, " ")
	}
	if err := e.g.TakeBack(s.ply); err != nil {
		return e.fail(at, err.Error())
	}
	e.standing = nil
	e.done, e.late = nil, [2]bool{}
	e.beginTurn()
	e.t.touched = s.touched
	e.t.duty = duty(&e.t.start, e.t.legal, e.t.touched, e.rules)
	e.t.partial = s.partial
	t := true
	out := []protocol.Ruling{{At: at, Kind: protocol.KindClaim, By: by.String(), What: protocol.ClaimIllegalMove, Granted: &t, Article: "7.5.1"}}
	out = append(out, e.penalise(at, s.by, "7.5.1", false, "the illegal move stood until claimed; taken back: "+taken)...)
	if o := e.current(); o != nil && o.rule != "any" && !e.over {
		out = append(out, o.ruling(at, s.by))
	}
	return out
}

package touch

import (
	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/laws"
	"github.com/arbiterchess/arbiter/protocol"
)

// contact is a deliberate touch of a piece by the player having the move
// (T3): which piece, on which square at the start of the turn.
type contact struct {
	piece  chess.Piece
	origin chess.Square
}

// obligation is what the touched pieces require (Article 4). allowed holds
// the legal moves that satisfy it; a nil allowed with rule "any" means any
// legal move.
type obligation struct {
	rule    string       // move, capture, castle, king, any
	sq      chess.Square // the piece to move or capture, or the king
	with    chess.Square // T3c: the own piece to capture with
	side    string       // castle: "king" or "queen"
	san     string       // an intended move that must be made (9.5.3)
	article string
	allowed []chess.Move
	text    string // what was required, for violation texts
	// msg and args say text as a message of the catalogues (a duty.*
	// id and its parameters), for the violation that breaks it.
	msg  string
	args map[string]string
}

func (o *obligation) permits(m chess.Move) bool {
	if o == nil || o.rule == "any" {
		return true
	}
	for _, a := range o.allowed {
		if a == m {
			return true
		}
	}
	return false
}

func (o *obligation) same(x *obligation) bool {
	if o == nil || x == nil {
		return o == x
	}
	return o.rule == x.rule && o.sq == x.sq && o.with == x.with && o.side == x.side && o.san == x.san && o.article == x.article
}

// ruling is the must ruling that announces the obligation.
func (o *obligation) ruling(at int, by chess.Color) protocol.Ruling {
	r := protocol.Ruling{At: at, Kind: protocol.KindMust, By: by.String(), Rule: o.rule, Article: o.article, Side: o.side, SAN: o.san}
	if o.sq != chess.NoSquare {
		r.Sq = o.sq.String()
	}
	if o.with != chess.NoSquare {
		r.With = o.with.String()
	}
	return r
}

// castleSide names the side of a castling move: "king", "queen", or
// "vertical" for the castling along the file of laws C6.
func castleSide(m chess.Move) string {
	if m.To().File() == m.From().File() {
		return "vertical"
	}
	if m.To() > m.From() {
		return "king"
	}
	return "queen"
}

// captured returns the square of the piece m captures, or NoSquare.
func captured(p *chess.Position, m chess.Move) chess.Square {
	switch {
	case m.IsCastling():
		return chess.NoSquare
	case m.IsEnPassant():
		return chess.NewSquare(m.To().File(), m.From().Rank())
	case p.PieceAt(m.To()) != chess.NoPiece:
		return m.To()
	}
	return chess.NoSquare
}

// duty derives the obligation of the player to move in p from the pieces
// touched so far, in order (FIDE 4.3–4.5, laws T3, T4, T6). It returns nil
// when nothing has been touched.
func duty(p *chess.Position, legal []chess.Move, touched []contact, rules laws.RuleSet) *obligation {
	if len(touched) == 0 || !rules.TouchMove {
		return nil
	}
	us := p.Turn()
	var own, opp []contact
	for _, c := range touched {
		if c.piece.Color() == us {
			own = append(own, c)
		} else {
			opp = append(opp, c)
		}
	}
	moves := func(from chess.Square) []chess.Move {
		var out []chess.Move
		for _, m := range legal {
			if m.From() == from {
				out = append(out, m)
			}
		}
		return out
	}
	captures := func(target, with chess.Square) []chess.Move {
		var out []chess.Move
		for _, m := range legal {
			if captured(p, m) == target && (with == chess.NoSquare || m.From() == with) {
				out = append(out, m)
			}
		}
		return out
	}
	none := chess.NoSquare

	// T4: king and rook.
	if len(own) > 0 && own[0].piece.Type() == chess.King {
		king := own[0].origin
		for _, c := range own[1:] {
			if c.piece.Type() != chess.Rook {
				continue
			}
			for _, m := range legal {
				if m.IsCastling() && m.To() == c.origin {
					return &obligation{rule: "castle", sq: king, with: none, side: castleSide(m), article: "4.4.1", allowed: []chess.Move{m},
						text: "touched the king and then the rook on " + c.origin.String() + ": must castle on that side",
						msg:  DutyKingThenRook, args: map[string]string{"Sq": c.origin.String()}}
				}
			}
			// Castling with that rook is illegal (T4c): another king move,
			// castling with the other rook included; else any move.
			if km := moves(king); len(km) > 0 {
				return &obligation{rule: "king", sq: king, with: none, article: "4.4.3", allowed: km,
					text: "castling with the rook on " + c.origin.String() + " is illegal: must make another king move",
					msg:  DutyCastlingRookIllegal, args: map[string]string{"Sq": c.origin.String()}}
			}
			return &obligation{rule: "any", sq: none, with: none, article: "4.4.3", text: "castling is illegal and the king cannot move: any legal move", msg: DutyCastlingIllegalAny}
		}
	}
	if len(own) > 0 && own[0].piece.Type() == chess.Rook {
		rook := own[0].origin
		kingLater := false
		for _, c := range own[1:] {
			kingLater = kingLater || c.piece.Type() == chess.King
		}
		if kingLater {
			allowed := moves(rook)
			if rules.RookFirstMayCastle { // T4d: the rook's moves, or castling with it
				for _, m := range legal {
					if m.IsCastling() && m.To() == rook {
						allowed = append(allowed, m)
					}
				}
				if len(allowed) > 0 {
					return &obligation{rule: "move", sq: rook, with: none, article: "4.4.2", allowed: allowed,
						text: "touched the rook on " + rook.String() + " first: must move it or castle with it",
						msg:  DutyRookFirst, args: map[string]string{"Sq": rook.String()}}
				}
			} else if rm := nonCastling(allowed); len(rm) > 0 { // T4b
				return &obligation{rule: "move", sq: rook, with: none, article: "4.4.2", allowed: rm,
					text: "touched the rook on " + rook.String() + " before the king: must move the rook, no castling",
					msg:  DutyRookBeforeKing, args: map[string]string{"Sq": rook.String()}}
			}
		}
	}

	// T3c: pieces of both colours.
	if len(own) > 0 && len(opp) > 0 {
		if ms := captures(opp[0].origin, own[0].origin); len(ms) > 0 {
			return &obligation{rule: "capture", sq: opp[0].origin, with: own[0].origin, article: "4.3.3", allowed: ms,
				text: "touched " + pieceSq(own[0].piece, own[0].origin) + " and " + pieceSq(opp[0].piece, opp[0].origin) + ": must capture it with that piece",
				msg:  DutyCaptureWith, args: map[string]string{"Piece": letter(own[0].piece), "Sq": own[0].origin.String(), "Other": letter(opp[0].piece), "To": opp[0].origin.String()}}
		}
		for _, c := range touched {
			if c.piece.Color() == us {
				if ms := nonCastling(moves(c.origin)); len(ms) > 0 {
					return &obligation{rule: "move", sq: c.origin, with: none, article: "4.3.3", allowed: ms,
						text: "touched " + pieceSq(c.piece, c.origin) + " first of the pieces that can move: must move it",
						msg:  DutyFirstMovable, args: pieceArgs(c)}
				}
			} else if ms := captures(c.origin, none); len(ms) > 0 {
				return &obligation{rule: "capture", sq: c.origin, with: none, article: "4.3.3", allowed: ms,
					text: "touched " + pieceSq(c.piece, c.origin) + " first of the pieces that can be captured: must capture it",
					msg:  DutyFirstCapturable, args: pieceArgs(c)}
			}
		}
		return &obligation{rule: "any", sq: none, with: none, article: "4.5", text: "none of the touched pieces can be moved or captured", msg: DutyNone}
	}
	// T3a: own pieces only.
	for _, c := range own {
		ms := moves(c.origin)
		if c.piece.Type() != chess.King {
			ms = nonCastling(ms)
		}
		if len(ms) > 0 {
			return &obligation{rule: "move", sq: c.origin, with: none, article: "4.3.1", allowed: ms,
				text: "touched " + pieceSq(c.piece, c.origin) + " first: must move it", msg: DutyFirstMove, args: pieceArgs(c)}
		}
	}
	// T3b: opponent pieces only.
	for _, c := range opp {
		if ms := captures(c.origin, none); len(ms) > 0 {
			return &obligation{rule: "capture", sq: c.origin, with: none, article: "4.3.2", allowed: ms,
				text: "touched " + pieceSq(c.piece, c.origin) + " first: must capture it", msg: DutyFirstCapture, args: pieceArgs(c)}
		}
	}
	// T6: nothing touched can move or be captured.
	return &obligation{rule: "any", sq: none, with: none, article: "4.5", text: "none of the touched pieces can be moved or captured", msg: DutyNone}
}

// nonCastling drops castling moves: castling is a king move (C1), so
// touching a rook alone never allows it.
func nonCastling(ms []chess.Move) []chess.Move {
	out := ms[:0:0]
	for _, m := range ms {
		if !m.IsCastling() {
			out = append(out, m)
		}
	}
	return out
}

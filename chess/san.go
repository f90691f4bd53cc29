package chess

import (
	"fmt"
	"strings"
)

// MoveError says why a move in SAN or UCI could not be read in a position.
type MoveError struct {
	Move string // the text as given
	FEN  string // the position it was read in
	Msg  string // what is wrong
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %q in %s: %s", e.Move, e.FEN, e.Msg)
}

func (p *Position) moveErr(text, format string, args ...any) error {
	return &MoveError{Move: text, FEN: p.FEN(), Msg: fmt.Sprintf(format, args...)}
}

// SAN returns the legal move m in canonical Standard Algebraic Notation:
// minimal disambiguation, "x" for captures, "=Q" for promotion, O-O and
// O-O-O for castling (O-O-O-O for vertical castling, laws C6), and "+" or
// "#" for check and mate.
func (p *Position) SAN(m Move) string {
	s := p.sanNoCheck(m)
	q := p.Play(m)
	if q.InCheck() {
		if q.CountLegal() == 0 {
			return s + "#"
		}
		return s + "+"
	}
	return s
}

func (p *Position) sanNoCheck(m Move) string {
	from, to := m.From(), m.To()
	if m.IsCastling() {
		switch {
		case from.File() == to.File():
			return "O-O-O-O"
		case to > from:
			return "O-O"
		}
		return "O-O-O"
	}
	pc := p.PieceAt(from)
	capture := p.PieceAt(to) != NoPiece || m.IsEnPassant()
	var sb strings.Builder
	if pc.Type() == Pawn {
		if capture {
			sb.WriteByte(byte('a' + from.File()))
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
		if t := m.Promotion(); t != NoPieceType {
			sb.WriteString("=" + t.Letter())
		}
		return sb.String()
	}
	sb.WriteString(pc.Type().Letter())
	if pc.Type() != King {
		// Other pieces of the same kind that could also go to the square.
		var ml MoveList
		p.LegalMoves(&ml)
		var others Bitboard
		for _, x := range ml.Slice() {
			if x.To() == to && x.From() != from && !x.IsCastling() && p.PieceAt(x.From()) == pc {
				others |= x.From().Bitboard()
			}
		}
		if others != 0 {
			switch {
			case others&fileOf(from) == 0:
				sb.WriteByte(byte('a' + from.File()))
			case others&rankOf(from) == 0:
				sb.WriteByte(byte('1' + from.Rank()))
			default:
				sb.WriteString(from.String())
			}
		}
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(to.String())
	return sb.String()
}

// ParseSAN reads a move in Standard Algebraic Notation, leniently: 0-0 as
// well as O-O, check and mate marks and annotations (+, #, !, ?, !?) are
// ignored, e.p. may follow an en passant capture, the promotion sign "="
// may be left out (e8Q), captures need no "x", and redundant
// disambiguation (Ngf3 where Nf3 is unique, Ng1f3, Ng1-f3) is accepted.
// The promotion piece may be in lower case after the rank or the sign
// (e8q, e8=q, e8=b): a lower-case b there is a bishop, not the b-file.
// The move must be legal; an ambiguous or illegal move is a *MoveError.
func (p *Position) ParseSAN(san string) (Move, error) {
	s := strings.TrimSpace(san)
	s = strings.TrimRight(s, "!?+#")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "e.p."), "ep")
	s = strings.TrimRight(strings.TrimSpace(s), "!?+#")
	if s == "" {
		return NoMove, p.moveErr(san, "empty move")
	}
	var ml MoveList
	p.LegalMoves(&ml)
	switch strings.ReplaceAll(s, "0", "O") {
	case "O-O", "O-O-O", "O-O-O-O":
		want := strings.Count(strings.ReplaceAll(s, "0", "O"), "O")
		for _, m := range ml.Slice() {
			if m.IsCastling() && strings.Count(p.sanNoCheck(m), "O") == want {
				return m, nil
			}
		}
		return NoMove, p.moveErr(san, "castling that way is not legal here")
	}

	// [Piece][from file][from rank][x|:|-]to[=]?[promotion]
	t := Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' && c != 'O' {
		if t = PieceTypeFromLetter(c); t == NoPieceType {
			return NoMove, p.moveErr(san, "%q is not a piece letter (K, Q, R, B, N)", c)
		}
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); n >= 2 {
		last := s[n-1]
		if last == ')' && n >= 4 && s[n-3] == '(' { // e8(Q)
			last, s = s[n-2], s[:n-3]+string(s[n-2])
			n = len(s)
		}
		if pt := PieceTypeFromLetter(last); pt != NoPieceType && pt != Pawn && pt != King && (last < 'a' || last > 'h') && t == Pawn {
			promo = pt
			s = strings.TrimRight(s[:n-1], "=/")
		} else if t == Pawn && (last == 'q' || last == 'r' || last == 'b' || last == 'n') && lowerPromotion(s[:n-1]) {
			promo = PieceTypeFromLetter(last) // e8q or e8=b, as some programs write
			s = strings.TrimRight(s[:n-1], "=/")
		}
	}
	if len(s) < 2 {
		return NoMove, p.moveErr(san, "no destination square")
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		return NoMove, p.moveErr(san, "no destination square")
	}
	hint := strings.TrimRight(s[:len(s)-2], "x:-")
	fromFile, fromRank, ok := sanOrigin(hint)
	if !ok {
		return NoMove, p.moveErr(san, "cannot read %q before the destination", hint)
	}
	found := NoMove
	for _, m := range ml.Slice() {
		from := m.From()
		if m.IsCastling() || m.To() != to || p.PieceAt(from).Type() != t || m.Promotion() != promo {
			continue
		}
		if (fromFile >= 0 && from.File() != fromFile) || (fromRank >= 0 && from.Rank() != fromRank) {
			continue
		}
		if found != NoMove {
			return NoMove, p.moveErr(san, "ambiguous: %s and %s", p.sanNoCheck(found), p.sanNoCheck(m))
		}
		found = m
	}
	if found == NoMove {
		if t == Pawn && promo == NoPieceType && to.RelativeRank(p.turn) == 7 {
			return NoMove, p.moveErr(san, "a pawn reaching the last rank must name its promotion piece")
		}
		return NoMove, p.moveErr(san, "no legal move matches")
	}
	return found, nil
}

// lowerPromotion reports whether s, a pawn move's text before a final
// lower-case q, r, b or n, ends as a promotion does: in a rank digit (e8q)
// or in "=" or "/" after one (e8=b, e8/b). A "b" that follows neither is
// no promotion but the b-file, as in "bxa8=Q" or "axb".
func lowerPromotion(s string) bool {
	n := len(s)
	if n >= 2 && (s[n-1] == '=' || s[n-1] == '/') {
		n--
	}
	return n >= 2 && s[n-1] >= '1' && s[n-1] <= '8'
}

// sanOrigin reads what a SAN move may say of its origin square before the
// destination: a file, a rank, or both, in that order (-1 where it says
// nothing). It reports false for anything else.
func sanOrigin[T string | []byte](hint T) (fromFile, fromRank int, ok bool) {
	fromFile, fromRank = -1, -1
	for i := 0; i < len(hint); i++ {
		switch c := hint[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return -1, -1, false
		}
	}
	return fromFile, fromRank, true
}

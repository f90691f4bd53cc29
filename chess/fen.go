package chess

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// FEN reading and writing. ParseFEN reads FEN, X-FEN and Shredder-FEN
// castling rights; FEN writes X-FEN (plain KQkq whenever that is
// unambiguous) and ShredderFEN writes rook files.

// FENError says what is wrong with a FEN and in which field.
type FENError struct {
	FEN   string // the input
	Field string // "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number" or "position"
	Msg   string // what is wrong
}

func (e *FENError) Error() string {
	return fmt.Sprintf("fen %q: %s: %s", e.FEN, e.Field, e.Msg)
}

// ParseFEN reads a standard chess position in FEN, X-FEN or Shredder-FEN.
// A FEN that is malformed or describes an illegal position is rejected with
// a *FENError saying what is wrong and where; nothing is silently fixed.
func ParseFEN(fen string) (*Position, error) {
	p, _, err := ParseFENWith(fen, Options{}, false)
	return p, err
}

// ParseFENWith reads a FEN with the given variant options. With lenient
// set it reads FENs from the wild and from test suites: it accepts odd
// material (more than 16 pieces a side, pawns beyond what promotions
// allow) and checks that no move can give (more than two checkers, or a
// pair that no single move produces, see impossibleCheck), drops a
// castling right or en passant square that cannot hold (among them a
// second right on the same side of a king, of which the outermost rook's
// is kept, and an en passant square whose double step cannot have given
// the check on the board), reads castling rights that only Chess960 can
// explain as Chess960, and returns a description of each such change.
// Without lenient each of these is an error.
// A position that cannot be played at all (no king, two kings of a colour,
// the side not to move in check) is an error in both modes.
func ParseFENWith(fen string, opts Options, lenient bool) (*Position, []string, error) {
	var notes []string
	fail := func(field, format string, args ...any) (*Position, []string, error) {
		return nil, nil, &FENError{FEN: fen, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Fields(fen)
	if len(fields) < 4 && !(lenient && len(fields) >= 2) {
		return fail("position", "has %d fields, want 4 to 6 (placement, side, castling, en passant, halfmove, fullmove)", len(fields))
	}
	if len(fields) > 6 {
		return fail("position", "has %d fields, want at most 6", len(fields))
	}
	for len(fields) < 4 {
		fields = append(fields, "-")
	}
	p := &Position{ep: NoSquare, fullmove: 1, chess960: opts.Chess960}

	// Placement.
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return fail("placement", "has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case PieceFromFEN(c) != NoPiece:
				if file < 8 {
					p.put(PieceFromFEN(c), NewSquare(file, rank))
				}
				file++
			default:
				return fail("placement", "rank %d has %q, which is neither a piece letter nor a digit 1-8", rank+1, c)
			}
		}
		if file != 8 {
			return fail("placement", "rank %d has %d squares, want 8", rank+1, file)
		}
	}
	for _, c := range [2]Color{White, Black} {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return fail("placement", "%s has no king", c)
		case n > 1:
			return fail("placement", "%s has %d kings", c, n)
		}
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return fail("placement", "pawn on %s (pawns never stand on the first or last rank)", b.First())
	}
	for _, c := range [2]Color{White, Black} {
		if msg := impossibleMaterial(p, c); msg != "" {
			if !lenient {
				return fail("placement", "%s", msg)
			}
			notes = append(notes, "accepted odd material: "+msg)
		}
	}

	// Side to move.
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return fail("side to move", "%q, want w or b", fields[1])
	}
	if p.turn == White {
		p.hash ^= turnKey
	}

	// Castling.
	var letters [64]byte // the letter that gave each right, for the messages
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			c := fields[2][i]
			rook, note, err := p.castlingRight(c)
			if err == "" && !p.chess960 && !standardCastling(p, rook) {
				if lenient {
					p.chess960 = true
					notes = append(notes, fmt.Sprintf("castling right %c is possible only in Chess960: read as Chess960", c))
				} else {
					err = fmt.Sprintf("castling right %c needs the king on %s and a rook on the a- or h-file (is this Chess960?)", c, NewSquare(4, backRank(colorOfRight(c))))
				}
			}
			if err != "" {
				if !lenient {
					return fail("castling", "%s", err)
				}
				notes = append(notes, "dropped castling right: "+err)
				continue
			}
			if note != "" {
				notes = append(notes, note)
			}
			if p.castle.Has(rook) {
				if !lenient {
					return fail("castling", "right %c repeats the rook on %s", c, rook)
				}
				notes = append(notes, fmt.Sprintf("dropped repeated castling right %c", c))
			}
			p.castle |= rook.Bitboard()
			letters[rook] = c
		}
		for _, c := range [2]Color{White, Black} {
			for _, x := range p.sameSideRights(c) {
				msg := fmt.Sprintf("castling rights %c and %c name two rooks on the %s of the %s king (%s and %s): a king castles with at most one rook on each side",
					letters[x.kept], letters[x.extra], x.side, c, x.kept, x.extra)
				if !lenient {
					return fail("castling", "%s", msg)
				}
				notes = append(notes, fmt.Sprintf("dropped castling right %c: %s; the outermost rook's right (%c) is kept", letters[x.extra], msg, letters[x.kept]))
				p.castle &^= x.extra.Bitboard()
			}
		}
	}

	// En passant. claimedEP is the square as the FEN gives it once it
	// fits the board, kept or not, for the check on the last move below.
	claimedEP := NoSquare
	if fields[3] != "-" {
		ep, err := ParseSquare(fields[3])
		if err != nil {
			return fail("en passant", "%v", err)
		}
		if msg := p.epProblem(ep); msg != "" {
			if !lenient {
				return fail("en passant", "%s", msg)
			}
			notes = append(notes, "dropped en passant square: "+msg)
		} else {
			claimedEP = ep
			if pawnAttacks[p.turn^1][ep]&p.Pieces(p.turn, Pawn) != 0 {
				p.ep = ep
			}
		}
	}

	// Counters.
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 {
			if !lenient {
				return fail("halfmove clock", "%q is not a number of half-moves", fields[4])
			}
			notes = append(notes, fmt.Sprintf("halfmove clock %q read as 0", fields[4]))
			n = 0
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 {
			if !lenient {
				return fail("fullmove number", "%q is not a move number (1 or more)", fields[5])
			}
			notes = append(notes, fmt.Sprintf("fullmove number %q read as 1", fields[5]))
			n = 1
		}
		p.fullmove = n
	}

	// Legality of the whole.
	if p.attacked(p.KingSquare(p.turn^1), p.turn, p.Occupied()) {
		return fail("position", "the side not to move (%s) is in check", p.turn^1)
	}
	checkers := p.Checkers()
	if n := checkers.Count(); n > 2 {
		if !lenient {
			return fail("position", "%s is in check by %d pieces at once, which no move can do", p.turn, n)
		}
		notes = append(notes, fmt.Sprintf("accepted check by %d pieces", n))
	} else if msg := p.impossibleCheck(checkers); msg != "" {
		if !lenient {
			return fail("position", "%s", msg)
		}
		notes = append(notes, "accepted impossible check: "+msg)
	}
	if claimedEP != NoSquare {
		if msg := p.epCheckProblem(claimedEP, checkers); msg != "" {
			if !lenient {
				return fail("en passant", "%s", msg)
			}
			notes = append(notes, "dropped en passant square: "+msg)
			p.ep = NoSquare
		}
	}
	if opts.Vertical {
		p.SetVertical(true)
	}
	return p, notes, nil
}

func backRank(c Color) int {
	if c == White {
		return 0
	}
	return 7
}

func colorOfRight(c byte) Color {
	if c >= 'a' {
		return Black
	}
	return White
}

// castlingRight finds the rook a castling letter names: K/Q the outermost
// rook on that side of the king, a file letter the rook on that file. It
// returns an explanation when the right cannot hold.
func (p *Position) castlingRight(c byte) (rook Square, note, problem string) {
	color := colorOfRight(c)
	rank := backRank(color)
	k := p.KingSquare(color)
	if k.Rank() != rank {
		return NoSquare, "", fmt.Sprintf("castling right %c but the %s king is not on its first rank", c, color)
	}
	rooks := p.Pieces(color, Rook) & (Rank1 << (8 * uint(rank)))
	switch c | 0x20 {
	case 'k':
		side := rooks & ^(k.Bitboard()<<1 - 1) // files right of the king
		if side == 0 {
			return NoSquare, "", fmt.Sprintf("castling right %c but no %s rook on the king's h-side (e.g. on %s)", c, color, NewSquare(7, rank))
		}
		return Square(63 - bits.LeadingZeros64(uint64(side))), "", ""
	case 'q':
		side := rooks & (k.Bitboard() - 1)
		if side == 0 {
			return NoSquare, "", fmt.Sprintf("castling right %c but no %s rook on the king's a-side (e.g. on %s)", c, color, NewSquare(0, rank))
		}
		return side.First(), "", ""
	}
	if c|0x20 < 'a' || c|0x20 > 'h' {
		return NoSquare, "", fmt.Sprintf("%q is not a castling right (KQkq, or a rook's file A-H/a-h)", c)
	}
	s := NewSquare(int(c|0x20-'a'), rank)
	if !rooks.Has(s) {
		return NoSquare, "", fmt.Sprintf("castling right %c but no %s rook on %s", c, color, s)
	}
	return s, "", ""
}

// standardCastling reports whether a castling right fits standard chess:
// king on e1/e8 and the rook on the a- or h-file of that rank.
func standardCastling(p *Position, rook Square) bool {
	c := p.PieceAt(rook).Color()
	k := p.KingSquare(c)
	return k.File() == 4 && (rook.File() == 0 || rook.File() == 7)
}

// epProblem explains why ep cannot be the en passant square, or returns "".
func (p *Position) epProblem(ep Square) string {
	want := 5 // white to move: black just advanced, target on rank 6
	if p.turn == Black {
		want = 2
	}
	if ep.Rank() != want {
		return fmt.Sprintf("%s is not on rank %d, where a pawn that just advanced two squares leaves its square", ep, want+1)
	}
	them := p.turn ^ 1
	pawn, origin := ep-8, ep+8 // where the pawn stands now, where it came from
	if p.turn == Black {
		pawn, origin = ep+8, ep-8
	}
	if p.PieceAt(pawn) != NewPiece(them, Pawn) {
		return fmt.Sprintf("%s but no %s pawn on %s that could just have advanced two squares", ep, them, pawn)
	}
	if p.PieceAt(ep) != NoPiece || p.PieceAt(origin) != NoPiece {
		return fmt.Sprintf("%s but %s or %s is occupied, so no pawn just passed through", ep, ep, origin)
	}
	return ""
}

// sameSideRight is a castling right (extra) beyond the one (kept) that a
// king may have on that side.
type sameSideRight struct {
	kept, extra Square
	side        string // "a-side" or "h-side"
}

// sameSideRights returns the castling rights of colour c beyond one on
// each side of its king: on each side every right but the outermost
// rook's. A king castles with one rook on each side (laws C7), so a FEN
// that gives two rights on one side cannot be played as written. Keeping
// the outermost matches what K and Q name in X-FEN, and the board cannot
// tell which of the two rooks is the unmoved one.
func (p *Position) sameSideRights(c Color) []sameSideRight {
	k := p.KingSquare(c)
	rights := p.castle & p.byColor[c] & rankOf(k)
	var out []sameSideRight
	if a := rights & (k.Bitboard() - 1); a.More() {
		kept := a.First() // the lowest file
		for b := a &^ kept.Bitboard(); b != 0; b &= b - 1 {
			out = append(out, sameSideRight{kept, b.First(), "a-side"})
		}
	}
	if h := rights &^ (k.Bitboard()<<1 - 1); h.More() {
		kept := Square(63 - bits.LeadingZeros64(uint64(h))) // the highest file
		for b := h &^ kept.Bitboard(); b != 0; b &= b - 1 {
			out = append(out, sameSideRight{kept, b.First(), "h-side"})
		}
	}
	return out
}

// impossibleCheck explains why the side to move cannot be in check by
// checkers (at most two) after any move, or returns "". Before the last
// move the side to move was not in check, so that move made every check.
// It put one piece on a square (castling two, but the king never checks):
// one check may come from that piece, and any other must be discovered,
// by a bishop, rook or queen whose line it opened. Hence at most one
// checker is a pawn or knight. And two checkers never stand on one line
// with the king: one of them would have to have been discovered by a
// square emptied on the far side of the king from the other, and no move
// (not even en passant or castling, whose squares lie together) both
// empties such a square and fills or opens the other side.
func (p *Position) impossibleCheck(checkers Bitboard) string {
	if checkers.Count() != 2 {
		return ""
	}
	a, b := checkers.First(), (checkers & (checkers - 1)).First()
	k := p.KingSquare(p.turn)
	two := fmt.Sprintf("%s is in check by the %s on %s and the %s on %s", p.turn, p.PieceAt(a).Type(), a, p.PieceAt(b).Type(), b)
	if line[a][b].Has(k) {
		return two + ", which stand on one line with the king: no move gives both checks"
	}
	if steppers := checkers & (p.byType[Pawn] | p.byType[Knight]); steppers.More() {
		return two + ": a double check needs a bishop, rook or queen whose line the move opened, and no pawn's or knight's check can be so opened"
	}
	return ""
}

// epCheckProblem explains why the check on the side to move (checkers)
// cannot follow the double step that the en passant square ep says was the
// last move, or returns "". A double step empties only the square the
// pawn came from, and cannot give two checks: the one check is the pawn's
// or a bishop's, rook's or queen's whose line through that square it
// opened. A check that was there before the step would have been on the
// king of the side not to move.
func (p *Position) epCheckProblem(ep Square, checkers Bitboard) string {
	if checkers == 0 {
		return ""
	}
	them := p.turn ^ 1
	to, from := ep+8, ep-8 // where the pawn stands, where it started
	if them == Black {
		to, from = ep-8, ep+8
	}
	step := fmt.Sprintf("%s says %s's last move was %s-%s", ep, them, from, to)
	if checkers.More() {
		return fmt.Sprintf("%s, which cannot give %d checks at once", step, checkers.Count())
	}
	c := checkers.First()
	if c == to {
		return ""
	}
	before := p.Occupied()&^to.Bitboard() | from.Bitboard()
	if p.attacked(p.KingSquare(p.turn), them, before) {
		return fmt.Sprintf("%s, but the check by the %s on %s was there before it", step, p.PieceAt(c).Type(), c)
	}
	return ""
}

// impossibleMaterial explains why c's material cannot arise in a game, or returns "".
func impossibleMaterial(p *Position, c Color) string {
	n := p.byColor[c].Count()
	pawns := p.Pieces(c, Pawn).Count()
	if n > 16 {
		return fmt.Sprintf("%s has %d pieces, more than 16", c, n)
	}
	if pawns > 8 {
		return fmt.Sprintf("%s has %d pawns, more than 8", c, pawns)
	}
	extra := 0
	for t, start := range map[PieceType]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
		if k := p.Pieces(c, t).Count(); k > start {
			extra += k - start
		}
	}
	if pawns+extra > 8 {
		return fmt.Sprintf("%s has %d pawns and %d promoted pieces, more than 8 pawns could give", c, pawns, extra)
	}
	return ""
}

// FEN returns the position in X-FEN: castling as KQkq where that names the
// rook unambiguously, otherwise the rook's file. Vertical-castling rights
// (laws C6) cannot be written in FEN and are left out.
func (p *Position) FEN() string { return p.fen(false) }

// ShredderFEN returns the position with castling rights as rook files ("HAha").
func (p *Position) ShredderFEN() string { return p.fen(true) }

func (p *Position) fen(shredder bool) string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[NewSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.FEN())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + p.turn.String()[:1] + " " + p.castlingField(shredder) + " " + p.ep.String())
	fmt.Fprintf(&sb, " %d %d", p.halfmove, p.fullmove)
	return sb.String()
}

func (p *Position) castlingField(shredder bool) string {
	var out []byte
	for _, c := range [2]Color{White, Black} {
		k := p.KingSquare(c)
		rank := Rank1 << (8 * uint(backRank(c)))
		rooks := p.Pieces(c, Rook) & rank
		rights := p.castle & p.byColor[c] & rank
		// kingside first (from the h-file down), then queenside
		for f := 7; f >= 0; f-- {
			s := NewSquare(f, backRank(c))
			if !rights.Has(s) {
				continue
			}
			var letter byte
			switch {
			case shredder:
				letter = byte('A' + f)
			case s > k && rooks&^(s.Bitboard()<<1-1) == 0:
				letter = 'K' // outermost rook on the h-side
			case s < k && rooks&(s.Bitboard()-1) == 0:
				letter = 'Q' // outermost rook on the a-side
			default:
				letter = byte('A' + f)
			}
			if c == Black {
				letter |= 0x20
			}
			out = append(out, letter)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return string(out)
}

// String returns the FEN of the position.
func (p *Position) String() string { return p.FEN() }

package chess

// QuickSAN finds the move that san names in p for the plain forms of SAN
// ("e4", "exd5", "e8=Q", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "O-O", "0-0-0",
// with any of "+#!?" after) without generating the legal moves: the
// candidates are the pieces of the named type that reach the destination,
// and each is checked for legality on the board as it stands. It reports
// false for anything else (unusual spellings, UCI, no legal or several
// legal matching moves), where ParseSAN decides and gives the error. Where it
// answers, it answers as ParseSAN does, so a replay may try it first; and
// a move found means the position has a legal move.
func (p *Position) QuickSAN(san string) (Move, bool) { return quickSAN(p, san) }

// QuickSANBytes is QuickSAN for a move text held in bytes.
func (p *Position) QuickSANBytes(san []byte) (Move, bool) { return quickSAN(p, san) }

// QuickSANParts is QuickSAN for a move already read into its parts: a
// move of a piece of type t to the square to, from the file and the rank
// given (-1 where the text gives none), with no promotion. "Nbd7" is a
// knight to d7 from the b-file, "exd5" a pawn to d5 from the e-file; for
// the parts of a move text, it answers as QuickSAN answers for the text.
func (p *Position) QuickSANParts(t PieceType, to Square, fromFile, fromRank int) (Move, bool) {
	if to > 63 || fromFile > 7 || fromRank > 7 || p.byColor[p.turn].Has(to) {
		return NoMove, false
	}
	if t == Pawn {
		return p.quickPawn(to, NoPieceType, fromFile, fromRank)
	}
	return p.quickPiece(t, to, fromFile, fromRank)
}

func quickSAN[T string | []byte](p *Position, san T) (Move, bool) {
	// The commonest forms first, "e4" and "Nf3", as the general case below
	// reads them.
	switch len(san) {
	case 2:
		if f, k := san[0], san[1]; f >= 'a' && f <= 'h' && k >= '1' && k <= '8' {
			to := NewSquare(int(f-'a'), int(k-'1'))
			if p.byColor[p.turn].Has(to) {
				return NoMove, false
			}
			return p.quickPawn(to, NoPieceType, -1, -1)
		}
	case 3:
		if f, k := san[1], san[2]; sanPiece[san[0]] != NoPieceType && f >= 'a' && f <= 'h' && k >= '1' && k <= '8' {
			to := NewSquare(int(f-'a'), int(k-'1'))
			if p.byColor[p.turn].Has(to) {
				return NoMove, false
			}
			return p.quickPiece(sanPiece[san[0]], to, -1, -1)
		}
	}
	s := san
	for len(s) > 0 {
		c := s[len(s)-1]
		if c != '+' && c != '#' && c != '!' && c != '?' {
			break
		}
		s = s[:len(s)-1]
	}
	if len(s) < 2 {
		return NoMove, false
	}
	if s[0] == 'O' || s[0] == '0' {
		return p.quickCastle(castleOs(s))
	}
	// Piece letters are upper case: a lower-case b is the b-file.
	t := Pawn
	if pt := sanPiece[s[0]]; pt != NoPieceType {
		t = pt
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); t == Pawn && n >= 4 && s[n-2] == '=' {
		c := s[n-1]
		if promo = PieceTypeFromLetter(c); c < 'A' || c > 'Z' || promo < Knight || promo > Queen {
			return NoMove, false
		}
		s = s[:n-2]
	}
	n := len(s)
	if n < 2 || n > 5 {
		return NoMove, false
	}
	f, k := s[n-2], s[n-1]
	if f < 'a' || f > 'h' || k < '1' || k > '8' {
		return NoMove, false
	}
	to := NewSquare(int(f-'a'), int(k-'1'))
	hint := s[:n-2]
	if len(hint) > 0 && hint[len(hint)-1] == 'x' {
		hint = hint[:len(hint)-1] // ParseSAN does not insist on the "x" of a capture, nor on its absence
	}
	fromFile, fromRank, ok := sanOrigin(hint)
	if !ok {
		return NoMove, false
	}
	us := p.turn
	if p.byColor[us].Has(to) {
		return NoMove, false
	}
	if t == Pawn {
		return p.quickPawn(to, promo, fromFile, fromRank)
	}
	return p.quickPiece(t, to, fromFile, fromRank)
}

// quickPiece is QuickSAN for a move of a piece of type t (not a pawn) to
// the square to, which holds no piece of the mover's, from the file and
// rank given (-1 for any). The candidates are the mover's pieces of type t
// that reach to on an empty board and stand on the file and rank given; a
// slider among them moves only with nothing between, and each must leave
// its king safe.
func (p *Position) quickPiece(t PieceType, to Square, fromFile, fromRank int) (Move, bool) {
	to &= 63
	cands := reach[t&7][to] & p.Pieces(p.turn, t)
	if fromFile >= 0 {
		cands &= FileA << (fromFile & 7)
	}
	if fromRank >= 0 {
		cands &= Rank1 << (8 * (fromRank & 7))
	}
	occ := p.Occupied()
	found := NoMove
	for ; cands != 0; cands &= cands - 1 {
		from := cands.First() & 63
		if between[to][from]&occ != 0 {
			continue // a blocked slider (a knight or king has nothing between)
		}
		m := NewMove(from, to)
		if !p.pseudoLegalOK(m, t) {
			continue
		}
		if found != NoMove {
			return NoMove, false // ambiguous: ParseSAN says so
		}
		found = m
	}
	return found, found != NoMove
}

// reach[t][s] holds the squares from which a piece of type t (knight to
// king) reaches s on an empty board. It is filled from the attack tables,
// once their init functions (in files sorted before this one) have run.
var reach [8][64]Bitboard

func init() {
	for s := range Square(64) {
		reach[Knight][s] = knightAttacks[s]
		reach[Bishop][s] = bishopRays[s]
		reach[Rook][s] = rookRays[s]
		reach[Queen][s] = bishopRays[s] | rookRays[s]
		reach[King][s] = kingAttacks[s]
	}
}

// sanPiece gives the piece type of the upper-case letters N, B, R, Q and
// K, and NoPieceType for any other byte (a lower-case b is the b-file).
var sanPiece = func() (t [256]PieceType) {
	for _, pt := range []PieceType{Knight, Bishop, Rook, Queen, King} {
		t[pt.Letter()[0]] = pt
	}
	return t
}()

// castleOs returns the number of O's of a castling text: 2 for "O-O", 3
// for "O-O-O", 4 for "O-O-O-O" (vertical castling), zeros for O's
// allowed; 0 for any other text.
func castleOs[T string | []byte](s T) int {
	if len(s) != 3 && len(s) != 5 && len(s) != 7 {
		return 0
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (i%2 == 1) != (c == '-') || (i%2 == 0 && c != 'O' && c != '0') {
			return 0
		}
	}
	return len(s)/2 + 1
}

// quickCastle is QuickSAN for castling written with want O's: the first
// legal castling move, in the order of move generation, that SAN writes
// so, as ParseSAN chooses it.
func (p *Position) quickCastle(want int) (Move, bool) {
	if want == 0 {
		return NoMove, false
	}
	var a analysis
	p.analyse(&a)
	if a.checkers != 0 {
		return NoMove, false
	}
	for r := p.castle & a.own; r != 0; r &= r - 1 {
		m := NewCastling(a.ksq, r.First())
		from, to := m.From(), m.To()
		os := 3
		switch {
		case from.File() == to.File():
			os = 4
		case to > from:
			os = 2
		}
		if os == want && between[a.ksq][to&63]&a.occ == 0 && p.castlingLegal(&a, m) {
			return m, true
		}
	}
	return NoMove, false
}

// quickPawn is QuickSAN for a pawn move: a push ("e4", "e8=Q") or a
// capture with its file ("exd5", "exd8=Q", en passant "exd6").
func (p *Position) quickPawn(to Square, promo PieceType, fromFile, fromRank int) (Move, bool) {
	us := p.turn
	last := to.RelativeRank(us) == 7
	if last != (promo != NoPieceType) || to.RelativeRank(us) < 2 || fromRank >= 0 {
		return NoMove, false
	}
	back := -8 // from the destination towards the pawn's start
	if us == Black {
		back = 8
	}
	pawns := p.Pieces(us, Pawn)
	occupied := p.Occupied()
	var from Square
	m := NoMove
	if fromFile < 0 {
		if occupied.Has(to) {
			return NoMove, false
		}
		from = Square(int(to) + back)
		if !pawns.Has(from) {
			if occupied.Has(from) || to.RelativeRank(us) != 3 {
				return NoMove, false
			}
			from = Square(int(from) + back)
			if !pawns.Has(from) {
				return NoMove, false
			}
		}
	} else {
		d := fromFile - to.File()
		if d != 1 && d != -1 {
			return NoMove, false
		}
		from = Square(int(to) + back + d)
		if !pawns.Has(from) {
			return NoMove, false
		}
		switch {
		case p.byColor[us^1].Has(to):
		case to == p.ep:
			m = NewEnPassant(from, to)
		default:
			return NoMove, false
		}
	}
	switch {
	case m != NoMove:
	case promo != NoPieceType:
		m = NewPromotion(from, to, promo)
	default:
		m = NewMove(from, to)
	}
	if !p.pseudoLegalOK(m, Pawn) {
		return NoMove, false
	}
	return m, true
}

// pseudoLegalOK reports whether m, a move of a piece of type t of the side
// to move that reaches its destination on the board as it stands (which
// holds no piece of the mover's), leaves the mover's king out of check.
// Castling is not such a move. For a move other than the king's or an en
// passant capture, the king's square stays where it is and only the
// occupancy changes: the move is legal when no enemy piece but the one
// captured attacks the king once from is empty and to is filled. That one
// test covers both a check to answer and a pin to respect. The rest is
// tried on a copy.
func (p *Position) pseudoLegalOK(m Move, t PieceType) bool {
	us := p.turn
	them := us ^ 1
	from, to := m.From()&63, m.To()&63
	if t == King {
		return !p.reached(to, them, p.Occupied()^from.Bitboard())
	}
	if !m.IsEnPassant() {
		ksq := p.KingSquare(us) & 63
		enemy := p.byColor[them] &^ to.Bitboard()
		// An enemy king never stands next to ours in a legal position.
		if (pawnAttacks[us][ksq]&p.byType[Pawn]|knightAttacks[ksq]&p.byType[Knight])&enemy != 0 {
			return false
		}
		sliders := ((p.byType[Rook]|p.byType[Queen])&rookRays[ksq] | (p.byType[Bishop]|p.byType[Queen])&bishopRays[ksq]) & enemy
		if sliders == 0 {
			return true
		}
		occ := p.Occupied()&^from.Bitboard() | to.Bitboard()
		for ; sliders != 0; sliders &= sliders - 1 {
			if between[ksq][sliders.First()&63]&occ == 0 {
				return false
			}
		}
		return true
	}
	q := *p
	q.play(m)
	return !q.reached(q.KingSquare(us), them, q.Occupied())
}

// reached reports whether a piece of colour by attacks s given the
// occupied squares occ, as attacked does, looking at the sliders one by
// one rather than at the attack tables of s.
func (p *Position) reached(s Square, by Color, occ Bitboard) bool {
	s &= 63
	them := p.byColor[by&1]
	if (pawnAttacks[by^1][s]&p.byType[Pawn]|knightAttacks[s]&p.byType[Knight]|kingAttacks[s]&p.byType[King])&them != 0 {
		return true
	}
	sliders := ((p.byType[Rook]|p.byType[Queen])&rookRays[s] | (p.byType[Bishop]|p.byType[Queen])&bishopRays[s]) & them
	for ; sliders != 0; sliders &= sliders - 1 {
		if between[s][sliders.First()&63]&occ == 0 {
			return true
		}
	}
	return false
}

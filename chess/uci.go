package chess

// UCI returns the move in UCI notation: "e2e4", "e7e8q". Castling is the
// king's move to its destination ("e1g1") in standard chess, and king takes
// own rook ("e1h1") in Chess960, as UCI engines expect.
func (p *Position) UCI(m Move) string {
	if m.IsCastling() && !p.chess960 {
		return m.From().String() + m.KingTo().String()
	}
	return m.String()
}

// ParseUCI reads a move in UCI notation and checks it is legal. Castling
// is read in both encodings: the king's destination (e1g1; standard chess
// only, where it cannot be mistaken for another king move) and king takes
// own rook (e1h1).
func (p *Position) ParseUCI(uci string) (Move, error) {
	if len(uci) != 4 && len(uci) != 5 {
		return NoMove, p.moveErr(uci, "UCI moves have 4 or 5 characters (e2e4, e7e8q)")
	}
	from, err1 := ParseSquare(uci[:2])
	to, err2 := ParseSquare(uci[2:4])
	if err1 != nil || err2 != nil {
		return NoMove, p.moveErr(uci, "not two squares")
	}
	promo := NoPieceType
	if len(uci) == 5 {
		promo = PieceTypeFromLetter(uci[4])
		if promo < Knight || promo > Queen || uci[4] < 'a' {
			return NoMove, p.moveErr(uci, "promotion must be q, r, b or n")
		}
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to || (m.IsCastling() && !p.chess960 && m.KingTo() == to) {
			return m, nil
		}
	}
	return NoMove, p.moveErr(uci, "not a legal move")
}

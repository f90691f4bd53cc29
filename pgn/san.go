package pgn

// This file holds the shape check for move tokens. It only tells a
// plausible move from garbage; legality is not checked here.

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }
func isPiece(c byte) bool {
	return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N' || c == 'P'
}

func isPromo(c byte) bool {
	switch c {
	case 'Q', 'R', 'B', 'N', 'K', 'q', 'r', 'b', 'n', 'k':
		return true
	}
	return false
}

func isSquare(s []byte, i int) bool {
	return i+1 < len(s) && isFile(s[i]) && isRank(s[i+1])
}

// validMove reports whether s looks like a move in one of the notations
// found in PGN files: SAN ("Nf3", "exd6", "e8=Q+", "e8Q", "Qh4xe1"),
// castling with letters or zeros (vertical castling "O-O-O-O" too), null moves ("--", "Z0"), crazyhouse drops
// ("N@f3", "@e4"), long algebraic ("Ng1-f3", "e2-e4") and UCI ("e2e4",
// "e7e8q"). Check and mate markers ("+", "#", "++") may follow.
func validMove(s []byte) bool {
	n := len(s)
	for k := 0; k < 2 && n > 0 && (s[n-1] == '+' || s[n-1] == '#'); k++ {
		n--
	}
	s = s[:n]
	if n == 0 {
		return false
	}
	switch string(s) {
	case "--", "Z0", "O-O", "O-O-O", "0-0", "0-0-0", "O-O-O-O", "0-0-0-0": // the last two: vertical castling (laws C6)
		return true
	}
	c := s[0]
	switch {
	case c == '@':
		return n == 3 && isSquare(s, 1)
	case isPiece(c):
		if n >= 2 && s[1] == '@' {
			return n == 4 && isSquare(s, 2)
		}
		if n < 3 || !isSquare(s, n-2) {
			return false
		}
		// Between the piece letter and the target square: an optional
		// file, an optional rank and an optional capture or dash.
		mid := s[1 : n-2]
		j := 0
		if j < len(mid) && isFile(mid[j]) {
			j++
		}
		if j < len(mid) && isRank(mid[j]) {
			j++
		}
		if j < len(mid) && (mid[j] == 'x' || mid[j] == ':' || mid[j] == '-') {
			j++
		}
		if j != len(mid) {
			return false
		}
		return true
	case isFile(c):
		i := 1
		switch {
		case i < n && isRank(s[i]):
			i++
			// A bare pawn push ("e4"), or a from-square followed by a
			// target square ("e2e4", "e2-e4", "e4xd5").
			if i < n && (s[i] == '-' || s[i] == 'x' || s[i] == ':') {
				i++
				if !isSquare(s, i) {
					return false
				}
				i += 2
			} else if isSquare(s, i) {
				i += 2
			}
		case i < n && (s[i] == 'x' || s[i] == ':'):
			i++
			if !isSquare(s, i) {
				return false
			}
			i += 2
		default:
			return false
		}
		if i < n && s[i] == '=' {
			i++
			if i >= n || !isPromo(s[i]) {
				return false
			}
			i++
		} else if i < n && isPromo(s[i]) {
			i++
		}
		return i == n
	}
	return false
}

package winnable

import "github.com/arbiterchess/arbiter/chess"

// The wide analysis trades the exact pawn structures of the abstract
// search for one picture of everything that can ever happen: each pawn
// gets the set of squares it may ever stand on (and whether it may ever
// disappear), each piece and king the region it may ever reach. All these
// sets only grow, by rules that each over-approximate what the moves can
// do, until nothing changes. Pawns that never move and never disappear are
// walls for ever; squares they attack are for ever closed to the enemy
// king. Two pawns on a file that neither can ever leave nor disappear keep
// their order, which bounds how far each can advance. The mate conditions
// are then tested with every uncertain pawn on whichever side helps the
// mate. It is cruder than the abstract search but needs no branching, so
// it settles big pawn structures whose combinations are too many to list.

type widePawn struct {
	c      chess.Color
	start  chess.Square
	sq     bb   // squares it may stand on
	vanish bool // it may be taken or promote
	seeded bool // its promotion pieces were added
	bound  bool // it can never capture (so never leaves its file)
}

type wideState struct {
	pawns [32]widePawn
	np    int
	v     astate // pieces and kings
}

// wideImpossible reports, for each colour in want, whether the wide
// analysis proves that it can never checkmate in p.
func wideImpossible(p *chess.Position, want [2]bool, w *wideState) (impossible [2]bool) {
	if p.CastlingRights() != 0 || p.EnPassant() != chess.NoSquare {
		return
	}
	if !rootState(p, &w.v) || p.ByType(chess.Pawn).Count() > len(w.pawns) {
		return
	}
	w.np = 0
	for c := chess.White; c <= chess.Black; c++ {
		for b := p.Pieces(c, chess.Pawn); b != 0; b &= b - 1 {
			sq := b.First()
			w.pawns[w.np] = widePawn{c: c, start: sq, sq: sq.Bitboard()}
			w.np++
		}
	}
	if !w.fixpoint() {
		return
	}
	var W bb
	var P, PA [2]bb
	w.derive(&W, &P, &PA, nil)
	for c := chess.White; c <= chess.Black; c++ {
		impossible[c] = want[c] && !w.widePossible(c, W)
	}
	return
}

// derive computes the fixed walls W, the possible pawn squares P, their
// possible attacks PA, and (when A is not nil) the permanent attacks A.
func (w *wideState) derive(W *bb, P, PA *[2]bb, A *[2]bb) {
	var fixed [2]bb
	*W = 0
	*P = [2]bb{}
	for i := 0; i < w.np; i++ {
		pw := &w.pawns[i]
		P[pw.c] |= pw.sq
		if !pw.vanish && !pw.sq.More() {
			fixed[pw.c] |= pw.sq
		}
	}
	*W = fixed[0] | fixed[1]
	for c := chess.White; c <= chess.Black; c++ {
		PA[c] = pawnCover(c, P[c])
		if A != nil {
			A[c] = pawnCover(c, fixed[c])
		}
	}
}

// fixpoint grows every set until nothing changes; false if it gave up.
func (w *wideState) fixpoint() bool {
	v := &w.v
	for iter := 0; iter < 200; iter++ {
		var W bb
		var P, PA, A [2]bb
		w.derive(&W, &P, &PA, &A)
		changed := false
		var regions, cover [2]bb
		for c := 0; c < 2; c++ {
			for i := 0; i < int(v.n[c]); i++ {
				u := &v.units[c][i]
				if r := flood(u.t, u.region, ^W); r != u.region {
					u.region = r
					changed = true
				}
				regions[c] |= u.region
				cover[c] |= u.cover()
			}
		}
		permSq, permAtt := w.permanent(cover, PA, A)
		for c := 0; c < 2; c++ {
			free := ^W &^ A[c^1] &^ permAtt[c^1] &^ permSq[0] &^ permSq[1]
			if k := flood(chess.King, v.king[c], free); k != v.king[c] {
				v.king[c] = k
				changed = true
			}
		}
		// Which pawns may disappear, which may capture.
		for i := 0; i < w.np; i++ {
			pw := &w.pawns[i]
			c, them := pw.c, pw.c^1
			if !pw.vanish && pw.sq&(cover[them]|PA[them]|around(v.king[them])&^A[c]&^permAtt[c]) != 0 {
				pw.vanish = true
				changed = true
			}
			pw.bound = pawnCover(c, pw.sq)&(regions[them]|P[them]) == 0
		}
		// Advances and captures.
		for i := 0; i < w.np; i++ {
			pw := &w.pawns[i]
			c, them := pw.c, pw.c^1
			last, start := chess.Rank8, chess.Rank2
			if c == chess.Black {
				last, start = chess.Rank1, chess.Rank7
			}
			grown := pw.sq
			targets := pawnCover(c, pw.sq) & (regions[them] | P[them])
			grown |= targets
			for j := 0; j < w.np; j++ {
				if q := &w.pawns[j]; q.c == them && !q.vanish && q.sq&targets != 0 {
					q.vanish = true
					changed = true
				}
			}
			limit := w.fileLimit(i)
			one := forward(c, pw.sq) &^ W & limit
			grown |= one
			if s0 := pw.sq & start; s0 != 0 {
				if f1 := forward(c, s0) &^ W & limit; f1 != 0 {
					two := forward(c, f1) &^ W & limit
					grown |= two
					// En passant: an enemy pawn may take on the square skipped.
					for j := 0; j < w.np; j++ {
						q := &w.pawns[j]
						if q.c == them && two != 0 && pawnCover(them, q.sq)&f1 != 0 {
							if q.sq|f1 != q.sq {
								q.sq |= f1
								changed = true
							}
							if !pw.vanish {
								pw.vanish = true
								changed = true
							}
						}
					}
				}
			}
			if promo := grown & last; promo != 0 {
				grown &^= last
				if !pw.vanish {
					pw.vanish = true
					changed = true
				}
				if !pw.seeded {
					pw.seeded = true
					n := int(v.n[c])
					if n+2 > maxUnits {
						return false
					}
					v.units[c][n] = unit{t: chess.Queen, region: promo}
					v.units[c][n+1] = unit{t: chess.Knight, region: promo}
					v.n[c] += 2
					changed = true
				} else {
					for k := 0; k < int(v.n[c]); k++ {
						if u := &v.units[c][k]; u.region&promo != promo && (u.t == chess.Queen || u.t == chess.Knight) {
							// Promotion squares join the promoted pieces' regions
							// (any queen or knight of c may stand for them).
							u.region |= promo
							changed = true
						}
					}
				}
			}
			if grown != pw.sq {
				pw.sq = grown
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
	return false
}

// fileLimit returns the squares pawn i may advance to as far as the pawns
// on its file allow: while i cannot leave its file, a pawn ahead of it
// that can neither leave the file nor disappear stays in front of it, so i
// stays short of the farthest square that pawn may reach.
func (w *wideState) fileLimit(i int) bb {
	pw := &w.pawns[i]
	if !pw.bound {
		return ^bb(0) // it may leave its file
	}
	limit := ^bb(0)
	file := chess.FileA << uint(pw.start.File())
	for j := 0; j < w.np; j++ {
		q := &w.pawns[j]
		if j == i || !q.bound || q.vanish || q.start.File() != pw.start.File() {
			continue
		}
		if pw.c == chess.White && q.start > pw.start {
			// i stays below q's highest square.
			top := 63 - bitsLeading(q.sq)
			limit &= ^(file &^ (bb(1)<<uint(top) - 1))
		}
		if pw.c == chess.Black && q.start < pw.start {
			// i stays above q's lowest square.
			low := q.sq.First()
			limit &= ^(file & (bb(2)<<uint(low) - 1))
		}
	}
	return limit
}

// permanent finds the units that never move and are never taken, as in
// astate.settle: a unit whose region is one square, out of reach of enemy
// units and of every square enemy pawns may attack, and which the enemy
// king cannot take (it never stands next to it, or the unit is protected
// by fixed pawns or other permanent units). It returns their squares and
// the squares they attack.
func (w *wideState) permanent(cover, PA, A [2]bb) (permSq, permAtt [2]bb) {
	v := &w.v
	var cand [2]uint32
	for c := 0; c < 2; c++ {
		for i := 0; i < int(v.n[c]); i++ {
			u := &v.units[c][i]
			if !u.region.More() && u.region&(cover[c^1]|PA[c^1]) == 0 {
				cand[c] |= 1 << i
			}
		}
	}
	for {
		permSq, permAtt = [2]bb{}, [2]bb{}
		for c := 0; c < 2; c++ {
			for i := 0; i < int(v.n[c]); i++ {
				if cand[c]&(1<<i) != 0 {
					permSq[c] |= v.units[c][i].region
					permAtt[c] |= step(v.units[c][i].t, v.units[c][i].region)
				}
			}
		}
		changed := false
		for c := 0; c < 2; c++ {
			for i := 0; i < int(v.n[c]); i++ {
				sq := v.units[c][i].region
				if cand[c]&(1<<i) != 0 && sq&around(v.king[c^1]) != 0 && sq&(A[c]|permAtt[c]) == 0 {
					cand[c] &^= 1 << i
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}

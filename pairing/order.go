package pairing

import "sort"

// BoardOrder puts pairs in board order, as bbpPairings prints a round: a
// pair whose higher-ranked player has the higher score first, then the
// pair whose other player has the higher score, then the pair whose
// higher-ranked player has the smaller rank; the byes last. Players
// unknown to s go after the others.
func (s *State) BoardOrder(pairs []Pair) {
	type key struct {
		bye        bool
		high, low  int // scores in tenths, negated so that smaller sorts first
		rank       int
		unknown    bool
		whiteFirst int
	}
	keys := make(map[Pair]key, len(pairs))
	for _, p := range pairs {
		a, b := s.Player(p.White), s.Player(p.Black)
		switch {
		case a == nil:
			keys[p] = key{unknown: true, whiteFirst: p.White}
		case p.IsBye() || b == nil:
			keys[p] = key{bye: true, rank: a.Rank, whiteFirst: p.White}
		default:
			if ranksAbove(b, a) {
				a, b = b, a
			}
			keys[p] = key{high: -int(a.Score), low: -int(b.Score), rank: a.Rank, whiteFirst: p.White}
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		x, y := keys[pairs[i]], keys[pairs[j]]
		switch {
		case x.unknown != y.unknown:
			return y.unknown
		case x.bye != y.bye:
			return y.bye
		case x.high != y.high:
			return x.high < y.high
		case x.low != y.low:
			return x.low < y.low
		case x.rank != y.rank:
			return x.rank < y.rank
		}
		return x.whiteFirst < y.whiteFirst
	})
}

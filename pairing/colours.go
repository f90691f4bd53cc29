package pairing

// Strength is the strength of a colour preference (C.04.3, A.6).
type Strength int8

// The strengths, weakest first.
const (
	NoPreference Strength = iota
	Mild                  // equal numbers of Whites and Blacks: the other colour than in the last game
	Strong                // one colour played once more than the other: the other one
	Absolute              // a colour played twice more, or in the last two games: the other one
)

// String returns "none", "mild", "strong" or "absolute".
func (s Strength) String() string {
	switch s {
	case Mild:
		return "mild"
	case Strong:
		return "strong"
	case Absolute:
		return "absolute"
	}
	return "none"
}

// Preference returns the player's colour preference and its strength,
// from the colours of his played games (C.04.3, A.6): a colour
// difference of two or more, or the same colour in the last two games,
// makes an absolute preference for the other colour (the difference
// first: with a difference of two or more the preference is for the
// colour played less); a difference of one a strong preference for the
// colour played less; no difference a mild preference for the colour
// not played last. A player without a played game has no preference.
func (p *PlayerState) Preference() (Colour, Strength) {
	cs := p.Colours()
	if len(cs) == 0 {
		return NoColour, NoPreference
	}
	d := p.ColourDifference()
	less := White
	if d > 0 {
		less = Black
	}
	last := cs[len(cs)-1]
	twice := len(cs) >= 2 && cs[len(cs)-2] == last
	switch {
	case d >= 2 || d <= -2:
		return less, Absolute
	case twice:
		return last.Opposite(), Absolute
	case d != 0:
		return less, Strong
	}
	return last.Opposite(), Mild
}

// imbalance is the absolute value of the colour difference.
func (p *PlayerState) imbalance() int {
	d := p.ColourDifference()
	if d < 0 {
		return -d
	}
	return d
}

// ranksAbove reports whether a is ranked above b for the pairing: a
// higher score, or an equal score and a smaller rank.
func ranksAbove(a, b *PlayerState) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.Rank < b.Rank
}

// Allocate gives the colours to the pair a, b by the rules of C.04.3 E,
// in order: both preferences granted when they differ (or one has none);
// else the stronger preference (of two absolute ones, that of the wider
// colour difference); else the colours alternated from the last game,
// going back through both players' played games, in which they had
// different colours; else the higher-ranked player's preference; else
// the higher-ranked player has the initial colour when his rank (from
// 0) is even, the other colour when it is odd. It returns the pair with
// White first.
func (s *State) Allocate(a, b *PlayerState) Pair {
	c := allocate(s, a, b)
	if c == White {
		return Pair{a.ID, b.ID}
	}
	return Pair{b.ID, a.ID}
}

// allocate returns a's colour against b.
func allocate(s *State, a, b *PlayerState) Colour {
	pa, sa := a.Preference()
	pb, sb := b.Preference()
	if pa != pb || pa == NoColour {
		switch {
		case pa != NoColour:
			return pa
		case pb != NoColour:
			return pb.Opposite()
		}
		return byRank(s, a, b)
	}
	// The same preference.
	switch {
	case sa == Absolute && (sb != Absolute || a.imbalance() > b.imbalance()):
		return pa
	case sb == Absolute && (sa != Absolute || b.imbalance() > a.imbalance()):
		return pb.Opposite()
	case sa == Strong && sb != Strong:
		return pa
	case sb == Strong && sa != Strong:
		return pb.Opposite()
	}
	ca, cb := a.Colours(), b.Colours()
	for i, j := len(ca)-1, len(cb)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if ca[i] != cb[j] {
			return cb[j]
		}
	}
	if ranksAbove(a, b) {
		return pa
	}
	return pb.Opposite()
}

// byRank applies the last rule: the higher-ranked player has the
// initial colour if his rank is even.
func byRank(s *State, a, b *PlayerState) Colour {
	top := a
	if ranksAbove(b, a) {
		top = b
	}
	c := s.InitialColour
	if top.Rank%2 == 1 {
		c = c.Opposite()
	}
	if top == a {
		return c
	}
	return c.Opposite()
}

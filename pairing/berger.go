package pairing

import "fmt"

// Pair is one pairing of a round: the pairing numbers of the player with
// White and of the player with Black. A bye has Black 0.
type Pair struct {
	White, Black int
}

// IsBye reports whether p is a bye (no opponent).
func (p Pair) IsBye() bool { return p.Black == 0 }

// String writes the pair as pairing programs do: "white black", a bye as
// "player 0".
func (p Pair) String() string { return fmt.Sprintf("%d %d", p.White, p.Black) }

// Options choose the form of a round robin.
type Options struct {
	// Double makes a double round robin: 2(m-1) rounds, where m is n
	// rounded up to even.
	Double bool
	// KeepLastRounds plays the first cycle of a double round robin in the
	// table's order, without exchanging its last two rounds.
	KeepLastRounds bool
}

// maxRoundRobin bounds the number of players of a round robin.
const maxRoundRobin = 1000

// Rounds returns the number of rounds of a round robin of n players.
func Rounds(n int, o Options) int {
	m := n + n%2
	if o.Double {
		return 2 * (m - 1)
	}
	return m - 1
}

// Berger returns round r (1-based) of a round robin of n players by the
// Berger tables: the games in the table's board order, then the bye, if
// n is odd, as a Pair with Black 0.
func Berger(n, r int, o Options) ([]Pair, error) {
	if n < 2 || n > maxRoundRobin {
		return nil, fmt.Errorf("pairing: a round robin needs 2 to %d players, not %d", maxRoundRobin, n)
	}
	total := Rounds(n, o)
	if r < 1 || r > total {
		return nil, fmt.Errorf("pairing: a round robin of %d players has rounds 1 to %d, not %d", n, total, r)
	}
	m := n + n%2
	cycle := m - 1
	reverse := false
	if o.Double {
		if r > cycle {
			r -= cycle
			reverse = true
		} else if !o.KeepLastRounds && cycle >= 2 {
			switch r {
			case cycle - 1:
				r = cycle
			case cycle:
				r = cycle - 1
			}
		}
	}
	pairs := tableRound(m, r)
	var out []Pair
	var bye *Pair
	for _, p := range pairs {
		if reverse {
			p.White, p.Black = p.Black, p.White
		}
		if p.White > n || p.Black > n {
			b := Pair{White: min(p.White, p.Black)}
			bye = &b
			continue
		}
		out = append(out, p)
	}
	if bye != nil {
		out = append(out, *bye)
	}
	return out, nil
}

// BergerTable returns every round of a round robin of n players: the
// element r-1 is Berger(n, r, o).
func BergerTable(n int, o Options) ([][]Pair, error) {
	if n < 2 || n > maxRoundRobin {
		return nil, fmt.Errorf("pairing: a round robin needs 2 to %d players, not %d", maxRoundRobin, n)
	}
	var t [][]Pair
	for r := 1; r <= Rounds(n, o); r++ {
		p, err := Berger(n, r, o)
		if err != nil {
			return nil, err
		}
		t = append(t, p)
	}
	return t, nil
}

// tableRound computes round r of the Berger table of m players (m even):
// player m stays in place; the player facing m advances by m/2 places
// each round (modulo m-1), has White against m in the odd rounds and
// Black in the even ones; on the other boards the player k places after
// him has White against the player k places before him.
func tableRound(m, r int) []Pair {
	k := m - 1
	p := (r - 1) * (m / 2) % k // 0-based position of m's opponent
	pairs := make([]Pair, 0, m/2)
	if r%2 == 1 {
		pairs = append(pairs, Pair{p + 1, m})
	} else {
		pairs = append(pairs, Pair{m, p + 1})
	}
	for i := 1; i < m/2; i++ {
		w := (p+i)%k + 1
		b := ((p-i)%k+k)%k + 1
		pairs = append(pairs, Pair{w, b})
	}
	return pairs
}

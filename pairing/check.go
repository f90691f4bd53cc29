package pairing

import (
	"errors"

	"github.com/arbiterchess/arbiter/trf"
)

// RoundCheck is one round of a file compared with the pairing the Dutch
// system makes of it.
type RoundCheck struct {
	Round int // 1-based

	// Rules are the pairs of the Dutch system's pairing that the file
	// does not have, and File the file's pairs of the same players, each
	// in board order (a pairing-allocated bye as a Pair with Black 0).
	// Both are empty when the file's pairing of the round is the rules'.
	Rules, File []Pair

	// Err is why the rules cannot pair the round (a *PairingError), or
	// nil.
	Err error
}

// Differs reports whether the file's pairing of the round is not the
// rules': other pairs or colours, or a round the rules cannot pair.
func (c RoundCheck) Differs() bool { return c.Err != nil || len(c.Rules) > 0 }

// CheckDutch pairs every round of t in which some player was paired
// again by the Dutch system, from the rounds before it (see
// StateBefore), and compares each with the file's pairing of the round,
// as bbpPairings checks a tournament. A pair of the file is the rules'
// when the same two players meet and the one the rules give White does
// not have Black in the file (a forfeit written without colours counts
// as the rules' pair); a pairing-allocated bye is the rules' when the
// file gives that player a round without an opponent in which he was
// paired (U, or a forfeit win without an opponent). A file that does
// not say the number of rounds (XXR, 142) is taken to end with its last
// round paired, as bbpPairings takes it when checking: that round is
// the last (C.04.3's topscorers may then meet with the same absolute
// colour preference).
//
// A round the rules cannot pair is reported in its RoundCheck's Err; a
// file whose contents cannot be used (two players whose blocks of a
// round disagree, an opponent not in the file) returns a *FileError.
func CheckDutch(t *trf.Tournament) ([]RoundCheck, error) {
	if t == nil {
		return nil, errors.New("pairing: no tournament")
	}
	last := lastPaired(t)
	total := t.TotalRounds()
	if total > 0 && last > total {
		return nil, fileErrorf(0, 0, "the file has %d rounds paired but says the tournament has %d", last, total)
	}
	var checks []RoundCheck
	for r := 1; r <= last; r++ {
		file, err := filePairing(t, r)
		if err != nil {
			return nil, err
		}
		s, err := StateBefore(t, r)
		if err != nil {
			return nil, err
		}
		if total == 0 {
			s.TotalRounds = last
		}
		c := RoundCheck{Round: r}
		rules, err := Dutch(s)
		var pe *PairingError
		switch {
		case errors.As(err, &pe):
			c.Err = err
			checks = append(checks, c)
			continue
		case err != nil:
			return nil, err
		}
		seen := map[Pair]bool{}
		for _, p := range rules {
			if fileHas(file, p) {
				continue
			}
			c.Rules = append(c.Rules, p)
			for _, x := range []int{p.White, p.Black} {
				if f, ok := file[x]; ok && x != 0 && !seen[f.Pair] {
					seen[f.Pair] = true
					c.File = append(c.File, f.Pair)
				}
			}
		}
		s.BoardOrder(c.Rules)
		s.BoardOrder(c.File)
		checks = append(checks, c)
	}
	return checks, nil
}

// filePair is a player's pair in the file's pairing of a round.
type filePair struct {
	Pair
	oriented bool // the file gives the colours (not so a forfeit written without them)
}

// fileHas reports whether the file's pairing of a round has the rules'
// pair p.
func fileHas(file map[int]filePair, p Pair) bool {
	f, ok := file[p.White]
	switch {
	case !ok:
		return false
	case p.IsBye() || f.IsBye():
		return p.IsBye() && f.IsBye()
	case f.oriented:
		return f.Pair == p
	}
	return f.Pair == p || f.Pair == Pair{White: p.Black, Black: p.White}
}

// filePairing returns the file's pairing of round r: for each player in
// it, his pair (White first; a forfeit written without colours in the
// order of pairing numbers; a round without an opponent in which he was
// paired as a bye).
func filePairing(t *trf.Tournament, r int) (map[int]filePair, error) {
	byID := make(map[int]*trf.Player, len(t.Players))
	for _, p := range t.Players {
		if byID[p.StartRank] != nil {
			return nil, fileErrorf(p.StartRank, 0, "pairing number %d is given twice", p.StartRank)
		}
		byID[p.StartRank] = p
	}
	out := map[int]filePair{}
	for _, p := range t.Players {
		id := p.StartRank
		e := p.Entry(r)
		if !paired(e, id) {
			continue
		}
		if e.Opponent == 0 || e.Opponent == id {
			out[id] = filePair{Pair{White: id}, true}
			continue
		}
		opp := byID[e.Opponent]
		if opp == nil {
			return nil, fileErrorf(id, r, "player %d's opponent in round %d, %d, is not in the file", id, r, e.Opponent)
		}
		oe := opp.Entry(r)
		if oe.Opponent != id {
			return nil, fileErrorf(id, r, "player %d meets %d in round %d, but %d meets %d", id, e.Opponent, r, e.Opponent, oe.Opponent)
		}
		switch {
		case e.Colour == trf.White || e.Colour == trf.NoColour && oe.Colour == trf.Black:
			out[id] = filePair{Pair{White: id, Black: e.Opponent}, true}
		case e.Colour == trf.Black || oe.Colour == trf.White:
			out[id] = filePair{Pair{White: e.Opponent, Black: id}, true}
		default:
			out[id] = filePair{Pair{White: min(id, e.Opponent), Black: max(id, e.Opponent)}, false}
		}
	}
	return out, nil
}

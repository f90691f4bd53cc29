package pairing

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// PairingError reports a round that cannot be paired: the players
// concerned and the criterion that cannot be met.
type PairingError struct {
	Round     int    // the round to pair
	Players   []int  // the pairing numbers of the players concerned
	Criterion string // the criterion, e.g. "C.2: no player may receive the pairing-allocated bye twice"
}

// Error names the round, the criterion and the players.
func (e *PairingError) Error() string {
	ids := make([]string, len(e.Players))
	for i, p := range e.Players {
		ids[i] = fmt.Sprint(p)
	}
	return fmt.Sprintf("pairing: round %d cannot be paired: %s (players %s)", e.Round, e.Criterion, strings.Join(ids, ", "))
}

// Dutch pairs the next round of s by the FIDE Dutch system (C.04.3).
// The pairs come in board order: by the higher score of the pair, then
// the higher-ranked player of the pair; the pairing-allocated bye, if
// any, comes last as a Pair with Black 0.
//
// A round that cannot be paired under the absolute criteria returns a
// *PairingError.
func Dutch(s *State) ([]Pair, error) {
	if s == nil {
		return nil, errors.New("pairing: no state")
	}
	if s.Round == 1 {
		return dutchRound1(s)
	}
	if s.InitialColour == NoColour {
		for _, p := range s.Players {
			if !p.Absent {
				return nil, &PairingError{Round: s.Round, Players: []int{p.ID}, Criterion: "the initial colour (XXC white1 or black1, or record 152) is needed to allocate colours"}
			}
		}
	}
	return dutchLater(s)
}

// dutchRound1 pairs a first round: the players present, in pairing-number
// order, form one score group; if their number is odd the lowest one who
// may have it gets the pairing-allocated bye; the top half meets the
// bottom half in order, and the colours are given by State.Allocate
// (in a first round, by the top player's rank).
func dutchRound1(s *State) ([]Pair, error) {
	var present []*PlayerState
	for _, p := range s.Players {
		if !p.Absent {
			present = append(present, p)
		}
	}
	sort.SliceStable(present, func(i, j int) bool { return present[i].ID < present[j].ID })
	var bye *PlayerState
	if len(present)%2 == 1 {
		at := -1
		for i := len(present) - 1; i >= 0; i-- {
			if present[i].CanHavePairingBye() {
				at = i
				break
			}
		}
		if at < 0 {
			ids := make([]int, len(present))
			for i, p := range present {
				ids[i] = p.ID
			}
			return nil, &PairingError{Round: 1, Players: ids, Criterion: "C.2: an odd number of players and nobody may receive the pairing-allocated bye"}
		}
		bye = present[at]
		present = append(present[:at:at], present[at+1:]...)
	}
	if s.InitialColour == NoColour && len(present) > 0 {
		return nil, &PairingError{Round: 1, Players: []int{present[0].ID}, Criterion: "the initial colour (XXC white1 or black1, or record 152) is needed to pair the first round"}
	}
	half := len(present) / 2
	var pairs []Pair
	for i := 0; i < half; i++ {
		pairs = append(pairs, s.Allocate(present[i], present[half+i]))
	}
	if bye != nil {
		pairs = append(pairs, Pair{White: bye.ID})
	}
	s.BoardOrder(pairs)
	return pairs, nil
}

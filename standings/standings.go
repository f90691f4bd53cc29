package standings

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/trf"
)

// System is the pairing system of a tournament, which decides how
// unplayed rounds count (see the package documentation).
type System string

// The systems.
const (
	Swiss      System = "swiss"
	RoundRobin System = "round-robin"
)

// ParseSystem reads "swiss" or "round-robin" (also "rr", "robin", any
// case).
func ParseSystem(s string) (System, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "swiss":
		return Swiss, nil
	case "round-robin", "roundrobin", "robin", "rr":
		return RoundRobin, nil
	}
	return "", fmt.Errorf("standings: unknown system %q: swiss or round-robin", s)
}

// SystemOf returns the system a TRF file states: RoundRobin when its 092
// type (or TRF26 192 code) names a round robin or Berger tables, Swiss
// when it names a Swiss system, and "" when it says neither.
func SystemOf(t *trf.Tournament) System {
	for _, s := range []string{t.Type, t.TypeCode} {
		u := strings.ToUpper(s)
		switch {
		case strings.Contains(u, "ROBIN") || strings.Contains(u, "BERGER") || strings.Contains(u, "RR"):
			return RoundRobin
		case strings.Contains(u, "SWISS") || strings.Contains(u, "DUTCH") || strings.Contains(u, "BURSTEIN") ||
			strings.Contains(u, "DUBOV") || strings.Contains(u, "LIM"):
			return Swiss
		}
	}
	return ""
}

// Tiebreak is one tie-break of the list: its C.07 name and its cut.
type Tiebreak struct {
	Name string // PTS, DE, WIN, WON, BPG, BWG, GE, BH, SB, PS, KS, ARO, TPR, PTP
	Low  int    // the n least significant values taken away (/Cn, and /Mn)
	High int    // the n most significant values taken away (/Mn)
}

// known are the tie-breaks and whether they take a cut.
var known = map[string]bool{
	"PTS": false, "DE": false, "WIN": false, "WON": false, "BPG": false, "BWG": false, "GE": false,
	"BH": true, "SB": true, "PS": true, "KS": false, "ARO": true, "TPR": true, "PTP": true,
}

// aliases are other names of the same tie-breaks.
var aliases = map[string]string{"REP": "GE", "AROC": "ARO", "BUC": "BH", "SOB": "SB"}

// ParseTiebreaks reads a list of tie-breaks separated by commas or
// spaces, such as "BH/C1,BH,SB" (the 202/212 records of a TRF26 file have
// that form). Names and modifiers are read in any case.
func ParseTiebreaks(list string) ([]Tiebreak, error) {
	var out []Tiebreak
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		tb, err := parseTiebreak(f)
		if err != nil {
			return nil, err
		}
		out = append(out, tb)
	}
	return out, nil
}

func parseTiebreak(s string) (Tiebreak, error) {
	parts := strings.Split(strings.ToUpper(s), "/")
	name := parts[0]
	if a, ok := aliases[name]; ok {
		name = a
	}
	cuts, ok := known[name]
	if !ok {
		return Tiebreak{}, fmt.Errorf("standings: unknown tie-break %q", s)
	}
	tb := Tiebreak{Name: name}
	for _, m := range parts[1:] {
		if len(m) < 2 || !cuts {
			return Tiebreak{}, fmt.Errorf("standings: %q: %s takes no modifier %q", s, name, m)
		}
		n, err := strconv.Atoi(m[1:])
		if err != nil || n < 1 || n > 9 {
			return Tiebreak{}, fmt.Errorf("standings: %q: bad modifier %q", s, m)
		}
		switch m[0] {
		case 'C':
			tb.Low = n
		case 'M':
			tb.Low, tb.High = n, n
		default:
			return Tiebreak{}, fmt.Errorf("standings: %q: unknown modifier %q (C or M)", s, m)
		}
	}
	return tb, nil
}

// String writes the tie-break as ParseTiebreaks reads it: "BH/C1",
// "BH/M1", "SB".
func (tb Tiebreak) String() string {
	switch {
	case tb.Low > 0 && tb.Low == tb.High:
		return tb.Name + "/M" + strconv.Itoa(tb.Low)
	case tb.Low > 0:
		return tb.Name + "/C" + strconv.Itoa(tb.Low)
	}
	return tb.Name
}

// Rules is the version of the FIDE Tie-Break Regulations (C.07) applied.
type Rules int

const (
	// Rules2024 is the version applied from 1 August 2024: a Swiss
	// player's unplayed round counts his own score in Buchholz.
	Rules2024 Rules = iota
	// Rules2026 is the amendment applied from 1 March 2026: that score is
	// limited to the absent opponent's score (16.4.1) or to a draw per
	// round when there was no opponent (16.4.2).
	Rules2026
)

// RulesFor returns the version in force for an event starting on start.
func RulesFor(start time.Time) Rules {
	if !start.Before(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)) {
		return Rules2026
	}
	return Rules2024
}

// Options are the choices of Compute.
type Options struct {
	// System decides how unplayed rounds count; "" is SystemOf the file,
	// and Swiss when the file says nothing.
	System System
	// Tiebreaks are applied in order after the points.
	Tiebreaks []Tiebreak
	// Rounds is how many rounds count; 0 counts up to the last round in
	// which a pairing has a result.
	Rounds int
	// Unrated is the rating an unrated player counts with in ARO, TPR and
	// PTP (the tournament's regulations set it); 0 refuses those
	// tie-breaks when an opponent is unrated.
	Unrated int
	// Rules is the version of C.07 applied (Rules2024 when unset).
	Rules Rules
}

// Row is one player's line of the standings.
type Row struct {
	Rank   int       // equal for players nothing separates
	Start  int       // starting rank
	Points float64   // points from the blocks, with the file's scoring system
	Values []float64 // one per tie-break, in Table.Tiebreaks order
}

// Table is the standings after Rounds rounds.
type Table struct {
	System    System
	Rounds    int
	Tiebreaks []string
	Rows      []Row // in rank order, then starting rank
}

// ErrUnrated is returned (wrapped) for a rating tie-break when an
// opponent is unrated and Options.Unrated is 0.
var ErrUnrated = errors.New("standings: a rating tie-break meets an unrated player: give the rating unrated players count with")

// Compute returns the standings of t. The blocks give everything: the
// caller writes the hall's results into them first (trf.Tournament
// SetResult); the points columns are not read.
func Compute(t *trf.Tournament, o Options) (*Table, error) {
	sys := o.System
	if sys == "" {
		sys = SystemOf(t)
	}
	if sys == "" {
		sys = Swiss
	}
	if sys != Swiss && sys != RoundRobin {
		return nil, fmt.Errorf("standings: unknown system %q", sys)
	}
	n := o.Rounds
	if n <= 0 {
		n = lastRound(t)
	}
	ev := newEvent(t, sys, n, o.Unrated)
	ev.rules = o.Rules
	tab := &Table{System: sys, Rounds: n}
	for _, tb := range o.Tiebreaks {
		tab.Tiebreaks = append(tab.Tiebreaks, tb.String())
	}
	vals := make([][]int64, len(ev.players)) // in each tie-break's unit
	for i := range vals {
		vals[i] = make([]int64, len(o.Tiebreaks))
	}
	for k, tb := range o.Tiebreaks {
		if tb.Name == "DE" {
			continue // needs the order by what comes before it
		}
		for i, p := range ev.players {
			v, err := ev.value(p, tb)
			if err != nil {
				return nil, err
			}
			vals[i][k] = v
		}
	}
	// Order by points, then each tie-break; DE is computed within the
	// groups that what comes before it leaves tied.
	idx := make([]int, len(ev.players))
	for i := range idx {
		idx[i] = i
	}
	less := func(a, b, upto int) int { // -1 a first, 1 b first, 0 tied, over points and tie-breaks < upto
		pa, pb := ev.players[a], ev.players[b]
		if pa.score != pb.score {
			if pa.score > pb.score {
				return -1
			}
			return 1
		}
		for k := 0; k < upto; k++ {
			va, vb := vals[a][k], vals[b][k]
			if o.Tiebreaks[k].Name == "DE" {
				va, vb = -va, -vb
			}
			if va != vb {
				if va > vb {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	for k, tb := range o.Tiebreaks {
		if tb.Name != "DE" {
			continue
		}
		sort.SliceStable(idx, func(i, j int) bool {
			c := less(idx[i], idx[j], k)
			return c < 0 || c == 0 && ev.players[idx[i]].start < ev.players[idx[j]].start
		})
		for lo := 0; lo < len(idx); {
			hi := lo + 1
			for hi < len(idx) && less(idx[lo], idx[hi], k) == 0 {
				hi++
			}
			if hi-lo > 1 {
				group := make([]*player, 0, hi-lo)
				for _, i := range idx[lo:hi] {
					group = append(group, ev.players[i])
				}
				places := ev.directEncounter(group)
				for j, i := range idx[lo:hi] {
					vals[i][k] = int64(places[j])
				}
			}
			lo = hi
		}
	}
	all := len(o.Tiebreaks)
	sort.SliceStable(idx, func(i, j int) bool {
		c := less(idx[i], idx[j], all)
		return c < 0 || c == 0 && ev.players[idx[i]].start < ev.players[idx[j]].start
	})
	for pos, i := range idx {
		p := ev.players[i]
		row := Row{Rank: pos + 1, Start: p.start, Points: float64(p.score) / 10}
		if pos > 0 && less(idx[pos-1], i, all) == 0 {
			row.Rank = tab.Rows[pos-1].Rank
		}
		for k, tb := range o.Tiebreaks {
			row.Values = append(row.Values, float64(vals[i][k])/float64(scale(tb.Name)))
		}
		tab.Rows = append(tab.Rows, row)
	}
	return tab, nil
}

// scale is the number of units a tie-break's value counts in one point
// (or one game, or one rating point).
func scale(name string) int64 {
	switch name {
	case "PTS", "BH", "PS", "KS":
		return 10
	case "SB":
		return 100
	}
	return 1
}

// lastRound is the last round in which a pairing has a result: a round
// of byes alone (the absences noted before a round is paired) is not
// played yet.
func lastRound(t *trf.Tournament) int {
	n := 0
	for _, p := range t.Players {
		for r, e := range p.Rounds {
			if e.Opponent != 0 && e.Result != trf.NoResult {
				n = max(n, r+1)
			}
		}
	}
	return n
}

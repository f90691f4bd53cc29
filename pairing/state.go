package pairing

import (
	"fmt"
	"sort"

	"github.com/arbiterchess/arbiter/trf"
)

// Colour is the colour a player had in a round, or is to have.
type Colour int8

// The colours. NoColour is a round without a played game.
const (
	NoColour Colour = iota
	White
	Black
)

// String returns "w", "b" or "-".
func (c Colour) String() string {
	switch c {
	case White:
		return "w"
	case Black:
		return "b"
	}
	return "-"
}

// Opposite returns the other colour (NoColour for NoColour).
func (c Colour) Opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// Float is a player's float in a round (C.04.3): down when paired with a
// lower score or, without a game, when scoring more than a loss; up when
// paired with a higher score.
type Float int8

// The floats.
const (
	NoFloat Float = iota
	Down
	Up
)

// String returns "D", "U" or "-".
func (f Float) String() string {
	switch f {
	case Down:
		return "D"
	case Up:
		return "U"
	}
	return "-"
}

// RoundRecord is what one round was for one player.
type RoundRecord struct {
	Opponent int        // the opponent's pairing number; 0 for none
	Colour   Colour     // the colour of a played game; NoColour otherwise
	Played   bool       // a game took place at the board (not a forfeit, not a bye)
	Paired   bool       // the pairing of the round included the player (a game, a forfeit with an opponent, or the pairing-allocated bye)
	Result   trf.Result // the code of the round block
	Points   trf.Points // what the round is worth under the points system
	Float    Float      // the float of the round
}

// PlayerState is a player as the pairing of the next round sees him.
type PlayerState struct {
	ID     int        // the pairing number (TRF starting rank)
	Rating int        // the rating (0 for none)
	Score  trf.Points // the points of the rounds played, under the points system

	// Rounds holds the rounds before the one to pair, Rounds[0] round 1.
	Rounds []RoundRecord

	// PairingBye reports that the player has had the pairing-allocated
	// bye (U).
	PairingBye bool

	// UnplayedWin reports that the player has scored, in one round
	// without playing, at least as much as for a win (a forfeit win, a
	// full-point bye, a pairing-allocated bye): he may not have the
	// pairing-allocated bye (C.04.1).
	UnplayedWin bool

	// Absent reports that the player is not to be paired in the next
	// round: a half-point, full-point or zero-point bye was entered for
	// it before the pairing (which is how a withdrawal is written).
	Absent bool

	// NextBye is the bye entered for the next round (H, F or Z), or
	// NoResult.
	NextBye trf.Result

	// Rank is the player's place, from 0, in the order of pairing
	// numbers of the players who take part in the tournament: those
	// present for the round to pair and those who have been paired in
	// an earlier round (a player absent from the start is not counted).
	// It is -1 for a player not counted.
	Rank int
}

// CanHavePairingBye reports whether the player may be given the
// pairing-allocated bye: he has had neither it nor a round scored as a
// win without playing.
func (p *PlayerState) CanHavePairingBye() bool { return !p.PairingBye && !p.UnplayedWin }

// Met reports whether the player has played against opp (in a game at
// the board: a forfeit is no game, C.04.1).
func (p *PlayerState) Met(opp int) bool {
	for _, r := range p.Rounds {
		if r.Played && r.Opponent == opp {
			return true
		}
	}
	return false
}

// Colours returns the colours of the played games, in order.
func (p *PlayerState) Colours() []Colour {
	var cs []Colour
	for _, r := range p.Rounds {
		if r.Played && r.Colour != NoColour {
			cs = append(cs, r.Colour)
		}
	}
	return cs
}

// ColourDifference returns the number of games played with White less
// the number played with Black.
func (p *PlayerState) ColourDifference() int {
	d := 0
	for _, c := range p.Colours() {
		if c == White {
			d++
		} else {
			d--
		}
	}
	return d
}

// State is a Swiss tournament as the pairing of its next round sees it.
type State struct {
	Round         int         // the round to pair, 1-based
	TotalRounds   int         // the number of rounds of the tournament (XXR or 142); 0 when the file does not say
	InitialColour Colour      // the colour of the top player in round 1 (XXC white1/black1, or 152); NoColour when unknown
	Scoring       trf.Scoring // the points system (TRF26 162, JaVaFo XXS)
	Players       []*PlayerState
	byID          map[int]*PlayerState
}

// Player returns the player of pairing number id, or nil.
func (s *State) Player(id int) *PlayerState { return s.byID[id] }

// FileError reports a TRF file whose contents a pairing cannot use
// although each record is well formed: two records with one pairing
// number, an opponent who is not in the file, two players whose blocks
// of a round disagree, a game without a colour.
type FileError struct {
	Player int    // the pairing number of the player whose 001 record is at fault; 0 when none is known
	Round  int    // the round (1-based) of the block at fault; 0 for the record as a whole
	Msg    string // what is wrong
}

// Error says "pairing: " and the message.
func (e *FileError) Error() string { return "pairing: " + e.Msg }

func fileErrorf(player, round int, format string, args ...any) *FileError {
	return &FileError{Player: player, Round: round, Msg: fmt.Sprintf(format, args...)}
}

// NewState reads a parsed TRF file as the pairing of its next round sees
// it. As bbpPairings reads a file, the rounds played are those up to the
// last in which some player was paired (had an opponent, a forfeit win
// or the pairing-allocated bye); the blocks of the round after it that
// are byes (H, F, Z, or a forfeit loss without opponent) are the byes
// entered for the round to pair, and mark those players as absent.
//
// A file whose contents cannot be used returns a *FileError; a file
// whose every round is paired (as many as its XXR or 142 record says)
// an error saying that no round is left to pair.
func NewState(t *trf.Tournament) (*State, error) { return newState(t, 0) }

// StateBefore reads a parsed TRF file as the pairing of its round round
// (1-based) saw it: the rounds before it as the file has them and, of
// round round itself, only who was not in its pairing (a bye entered, a
// withdrawal, a block left blank), as bbpPairings re-pairs each round of
// a file when it checks it. The initial colour is the whole file's.
// round may be any round in which some player was paired, or the one
// after the last of them, for which StateBefore is NewState.
func StateBefore(t *trf.Tournament, round int) (*State, error) {
	if t == nil {
		return nil, fmt.Errorf("pairing: no tournament")
	}
	last := lastPaired(t)
	if round < 1 || round > last+1 {
		return nil, fmt.Errorf("pairing: the file has rounds 1 to %d paired: round %d cannot be re-paired", last, round)
	}
	return newState(t, round)
}

// lastPaired returns the last round in which some player of t was
// paired, or 0.
func lastPaired(t *trf.Tournament) int {
	last := 0
	for _, p := range t.Players {
		for r, e := range p.Rounds {
			if paired(e, p.StartRank) {
				last = max(last, r+1)
			}
		}
	}
	return last
}

// newState is NewState (round 0) or StateBefore.
func newState(t *trf.Tournament, round int) (*State, error) {
	if t == nil {
		return nil, fmt.Errorf("pairing: no tournament")
	}
	s := &State{Scoring: t.Scoring(), TotalRounds: t.TotalRounds(), byID: map[int]*PlayerState{}}
	for _, p := range t.Players {
		if p.StartRank < 1 {
			return nil, fmt.Errorf("pairing: a player without a pairing number (%q)", p.Name)
		}
		if s.byID[p.StartRank] != nil {
			return nil, fileErrorf(p.StartRank, 0, "pairing number %d is given twice", p.StartRank)
		}
		ps := &PlayerState{ID: p.StartRank, Rating: p.Rating}
		s.byID[p.StartRank] = ps
		s.Players = append(s.Players, ps)
	}
	sort.Slice(s.Players, func(i, j int) bool { return s.Players[i].ID < s.Players[j].ID })
	last := lastPaired(t)
	played := last
	if round > 0 {
		played = round - 1
	}
	// cut: the round to pair was paired in the file; whoever its
	// pairing left out was not to be paired.
	cut := played < last
	s.Round = played + 1
	if s.TotalRounds > 0 && s.Round > s.TotalRounds {
		return nil, fmt.Errorf("pairing: the file has %d rounds paired of %d: no round is left to pair", played, s.TotalRounds)
	}
	switch c := t.InitialColour; {
	case c == "W" || c == "w":
		s.InitialColour = White
	case c == "B" || c == "b":
		s.InitialColour = Black
	}
	for _, v := range t.Records("XXC") {
		for _, f := range fields(v) {
			switch f {
			case "white1":
				s.InitialColour = White
			case "black1":
				s.InitialColour = Black
			}
		}
	}
	if s.InitialColour == NoColour {
		s.InitialColour = inferInitialColour(t)
	}
	win := max(s.Scoring.WinWhite, s.Scoring.WinBlack)
	loss := s.Scoring.LossWhite
	for _, p := range t.Players {
		ps := s.byID[p.StartRank]
		for r := 1; r <= played; r++ {
			e := p.Entry(r)
			rec := RoundRecord{Result: e.Result, Points: s.Scoring.Of(e), Paired: paired(e, p.StartRank)}
			if e.Opponent == p.StartRank {
				e.Opponent = 0
			}
			if e.Opponent != 0 {
				opp := t.Player(e.Opponent)
				if opp == nil {
					return nil, fileErrorf(p.StartRank, r, "player %d's opponent in round %d, %d, is not in the file", p.StartRank, r, e.Opponent)
				}
				if oe := opp.Entry(r); oe.Opponent != p.StartRank {
					return nil, fileErrorf(p.StartRank, r, "player %d meets %d in round %d, but %d meets %d", p.StartRank, e.Opponent, r, e.Opponent, oe.Opponent)
				}
				rec.Opponent = e.Opponent
			}
			if e.Result.IsPlayed() && rec.Opponent != 0 {
				rec.Played = true
				switch e.Colour {
				case trf.White:
					rec.Colour = White
				case trf.Black:
					rec.Colour = Black
				default:
					return nil, fileErrorf(p.StartRank, r, "player %d has a game without a colour in round %d", p.StartRank, r)
				}
			}
			if !rec.Played {
				if e.Result == trf.PairingBye {
					ps.PairingBye = true
				}
				if rec.Points >= win {
					ps.UnplayedWin = true
				}
			}
			ps.Rounds = append(ps.Rounds, rec)
		}
		if e := p.Entry(played + 1); !paired(e, p.StartRank) {
			switch b := e.ByeCode(); b {
			case trf.HalfBye, trf.FullBye, trf.ZeroBye:
				ps.Absent, ps.NextBye = true, b
			}
			if e.Opponent == 0 && e.Result == trf.ForfeitLoss {
				ps.Absent, ps.NextBye = true, trf.ZeroBye
			}
			if cut && !ps.Absent {
				ps.Absent, ps.NextBye = true, trf.ZeroBye
			}
		}
	}
	// Scores and floats, round by round.
	before := map[int]trf.Points{}
	for r := 0; r < played; r++ {
		for _, ps := range s.Players {
			rec := &ps.Rounds[r]
			switch {
			case rec.Played:
				my, their := before[ps.ID], before[rec.Opponent]
				if my > their {
					rec.Float = Down
				} else if my < their {
					rec.Float = Up
				}
			case rec.Points > loss:
				rec.Float = Down
			}
		}
		for _, ps := range s.Players {
			before[ps.ID] += ps.Rounds[r].Points
		}
	}
	rank := 0
	for _, ps := range s.Players {
		ps.Score = before[ps.ID]
		ps.Rank = -1
		counted := !ps.Absent
		for _, r := range ps.Rounds {
			counted = counted || r.Paired
		}
		if counted {
			ps.Rank = rank
			rank++
		}
	}
	return s, nil
}

// paired reports whether a round block shows the player in the round's
// pairing: with an opponent, a forfeit win, or the pairing-allocated bye.
func paired(e trf.Entry, self int) bool {
	return (e.Opponent != 0 && e.Opponent != self) || e.Result == trf.PairingBye || e.Result == trf.ForfeitWin
}

// fields splits s at spaces and tabs.
func fields(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' || s[i] == '\t' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// inferInitialColour finds the initial colour of a file that does not
// state it, as bbpPairings does: in the first round F in which a colour
// is written, among the players paired in round F or earlier in order of
// pairing numbers, the first with a colour in round F had the initial
// colour if he is the first, third, fifth... of them, else the other.
func inferInitialColour(t *trf.Tournament) Colour {
	first := 0
	for _, p := range t.Players {
		for r, e := range p.Rounds {
			if e.Colour != trf.NoColour && (first == 0 || r+1 < first) {
				first = r + 1
			}
		}
	}
	if first == 0 {
		return NoColour
	}
	ps := append([]*trf.Player(nil), t.Players...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].StartRank < ps[j].StartRank })
	k := 0
	for _, p := range ps {
		in := false
		for r := 1; r <= first; r++ {
			in = in || paired(p.Entry(r), p.StartRank)
		}
		if !in {
			continue
		}
		var c Colour
		switch p.Entry(first).Colour {
		case trf.White:
			c = White
		case trf.Black:
			c = Black
		}
		if c != NoColour {
			if k%2 == 1 {
				c = c.Opposite()
			}
			return c
		}
		k++
	}
	return NoColour
}

package trf

import (
	"fmt"
	"sort"
	"strings"
)

// Scoring is the number of points each kind of round block is worth.
type Scoring struct {
	WinWhite, WinBlack   Points // game won (1, or W unrated) with White / Black
	DrawWhite, DrawBlack Points // game drawn (=, or D)
	LossWhite, LossBlack Points // game lost (0, or L)
	ForfeitWin           Points // +
	ForfeitLoss          Points // -
	FullBye              Points // F
	HalfBye              Points // H
	PairingBye           Points // U
	ZeroBye              Points // Z, and a blank result without an opponent
}

// DefaultScoring is the standard system: 1 for a win, a forfeit win, a
// full-point or pairing-allocated bye; 0.5 for a draw or a half-point
// bye; 0 otherwise.
func DefaultScoring() Scoring {
	return Scoring{
		WinWhite: 10, WinBlack: 10, DrawWhite: 5, DrawBlack: 5,
		ForfeitWin: 10, FullBye: 10, HalfBye: 5, PairingBye: 10,
	}
}

// Of returns the points that the block e is worth. A game without a
// result yet is worth nothing.
func (s Scoring) Of(e Entry) Points {
	black := e.Colour == Black
	pick := func(w, b Points) Points {
		if black {
			return b
		}
		return w
	}
	switch e.Result {
	case Win, UnratedWin:
		return pick(s.WinWhite, s.WinBlack)
	case Draw, UnratedDraw:
		return pick(s.DrawWhite, s.DrawBlack)
	case Loss, UnratedLoss:
		return pick(s.LossWhite, s.LossBlack)
	case ForfeitWin:
		return s.ForfeitWin
	case ForfeitLoss:
		return s.ForfeitLoss
	case FullBye:
		return s.FullBye
	case HalfBye:
		return s.HalfBye
	case PairingBye:
		return s.PairingBye
	case ZeroBye:
		return s.ZeroBye
	case NoResult:
		if e.Opponent == 0 {
			return s.ZeroBye
		}
	}
	return 0
}

// Scoring returns the scoring system of the file: DefaultScoring, changed
// by the TRF26 162 records and the JaVaFo XXS records in the order of the
// file.
func (t *Tournament) Scoring() Scoring {
	if t.scoring == nil {
		return DefaultScoring()
	}
	return *t.scoring
}

// scoringRef returns the tournament's scoring system to be changed.
func (t *Tournament) scoringRef() *Scoring {
	if t.scoring == nil {
		s := DefaultScoring()
		t.scoring = &s
	}
	return t.scoring
}

// scoringParser reads 162 and XXS records.
type scoringParser struct {
	pabSet bool // a 162 record gave P, so P no longer follows W
}

// rec162 reads a TRF26 162 record: a symbol in column 6 with its points
// in columns 7-10, and further pairs every 9 columns (15/16-19, 24/25-28,
// ...).
func (sp *scoringParser) rec162(s *Scoring, c cols, no int) error {
	type pair struct {
		sym byte
		pts Points
	}
	var pairs []pair
	for at := 6; at <= len(c); at += 9 {
		if strings.Trim(c.get(at, len(c)), " ") == "" {
			break
		}
		sym := c.at(at)
		if !strings.ContainsRune("WDLAPX", sym) {
			return &Error{Line: no, Col: at, Msg: "record 162: the result symbol must be one of W D L A P X"}
		}
		pts, ok := parsePoints(c.field(at+1, at+4))
		if !ok {
			return &Error{Line: no, Col: at + 1, Msg: "record 162: the points must be a number such as 1.0"}
		}
		pairs = append(pairs, pair{byte(sym), pts})
		if sym == 'P' {
			sp.pabSet = true
		}
	}
	for _, p := range pairs {
		switch p.sym {
		case 'W':
			s.WinWhite, s.WinBlack, s.ForfeitWin, s.FullBye = p.pts, p.pts, p.pts, p.pts
			if !sp.pabSet {
				s.PairingBye = p.pts
			}
		case 'D':
			s.DrawWhite, s.DrawBlack, s.HalfBye = p.pts, p.pts, p.pts
		case 'L':
			s.LossWhite, s.LossBlack = p.pts, p.pts
		case 'A':
			s.ZeroBye, s.ForfeitLoss = p.pts, p.pts
		case 'P':
			s.PairingBye = p.pts
		}
		// X, an unknown result, has no code in the 001 records.
	}
	return nil
}

// xxs reads a JaVaFo XXS record: CODE=VALUE pairs separated by spaces.
func (sp *scoringParser) xxs(s *Scoring, c cols, no int) error {
	col := 4
	for col <= len(c) {
		if c.at(col) == ' ' {
			col++
			continue
		}
		start := col
		for col <= len(c) && c.at(col) != ' ' {
			col++
		}
		tok := c.get(start, col-1)
		code, val, ok := strings.Cut(tok, "=")
		pts, okp := parsePoints(val)
		if !ok || !okp {
			return &Error{Line: no, Col: start, Msg: "record XXS: expected CODE=VALUE, such as W=1.0"}
		}
		targets := map[string][]*Points{
			"WW": {&s.WinWhite}, "BW": {&s.WinBlack},
			"WD": {&s.DrawWhite}, "BD": {&s.DrawBlack},
			"WL": {&s.LossWhite}, "BL": {&s.LossBlack},
			"ZPB": {&s.ZeroBye}, "HPB": {&s.HalfBye}, "FPB": {&s.FullBye},
			"PAB": {&s.PairingBye}, "FW": {&s.ForfeitWin}, "FL": {&s.ForfeitLoss},
			"W": {&s.WinWhite, &s.WinBlack, &s.ForfeitWin, &s.FullBye},
			"D": {&s.DrawWhite, &s.DrawBlack, &s.HalfBye},
			"L": {&s.LossWhite, &s.LossBlack},
		}[code]
		if targets == nil {
			return &Error{Line: no, Col: start, Msg: "record XXS: unknown code " + code}
		}
		for _, p := range targets {
			*p = pts
		}
	}
	return nil
}

// Score returns the points of p in the first rounds rounds, under the
// file's scoring system.
func (t *Tournament) Score(p *Player, rounds int) Points {
	var sum Points
	s := t.Scoring()
	for r := 1; r <= rounds && r <= len(p.Rounds); r++ {
		sum += s.Of(p.Rounds[r-1])
	}
	return sum
}

// Outcome is the result of a pairing: the codes of White's and Black's
// blocks. The zero Outcome is a pairing without a result yet.
type Outcome struct {
	White, Black Result
}

// The usual outcomes.
var (
	Pending          = Outcome{}                         // no result yet
	WhiteWins        = Outcome{Win, Loss}                // 1-0
	BlackWins        = Outcome{Loss, Win}                // 0-1
	Drawn            = Outcome{Draw, Draw}               // 1/2-1/2
	BothLose         = Outcome{Loss, Loss}               // 0-0
	WhiteWinsForfeit = Outcome{ForfeitWin, ForfeitLoss}  // +-
	BlackWinsForfeit = Outcome{ForfeitLoss, ForfeitWin}  // -+
	DoubleForfeit    = Outcome{ForfeitLoss, ForfeitLoss} // --
	WhiteWinsUnrated = Outcome{UnratedWin, UnratedLoss}  // W-L
	BlackWinsUnrated = Outcome{UnratedLoss, UnratedWin}  // L-W
	DrawnUnrated     = Outcome{UnratedDraw, UnratedDraw} // D-D
)

// outcomeNames lists the spellings ParseOutcome accepts; the first of
// each outcome is the one String gives.
var outcomeNames = []struct {
	name string
	o    Outcome
}{
	{"*", Pending}, {"", Pending},
	{"1-0", WhiteWins}, {"0-1", BlackWins},
	{"1/2-1/2", Drawn}, {"½-½", Drawn}, {"=-=", Drawn}, {"0.5-0.5", Drawn},
	{"0-0", BothLose},
	{"+-", WhiteWinsForfeit}, {"+:-", WhiteWinsForfeit}, {"1-0 forfeit", WhiteWinsForfeit},
	{"-+", BlackWinsForfeit}, {"-:+", BlackWinsForfeit}, {"0-1 forfeit", BlackWinsForfeit},
	{"--", DoubleForfeit}, {"-:-", DoubleForfeit}, {"0-0 forfeit", DoubleForfeit},
	{"W-L", WhiteWinsUnrated}, {"1-0 unrated", WhiteWinsUnrated},
	{"L-W", BlackWinsUnrated}, {"0-1 unrated", BlackWinsUnrated},
	{"D-D", DrawnUnrated}, {"1/2-1/2 unrated", DrawnUnrated},
}

// ParseOutcome reads an outcome: "1-0", "0-1", "1/2-1/2" (or "½-½"),
// "0-0"; the forfeits "+-", "-+", "--" (also "+:-" and the like, or
// "1-0 forfeit"); the unrated results of a game of less than one move
// "W-L", "L-W", "D-D" (or "1-0 unrated"...); and "*" or "" for no result.
// Upper and lower case are the same.
func ParseOutcome(s string) (Outcome, error) {
	for _, n := range outcomeNames {
		if strings.EqualFold(s, n.name) {
			return n.o, nil
		}
	}
	return Outcome{}, fmt.Errorf("trf: unknown result %q", s)
}

// String returns the outcome as ParseOutcome reads it ("1-0", "+-",
// "*"...), or the two codes as "1:1" when it is none of those.
func (o Outcome) String() string {
	for _, n := range outcomeNames {
		if n.o == o {
			return n.name
		}
	}
	return o.White.String() + ":" + o.Black.String()
}

// IsForfeit reports whether either side's code is a forfeit: the game
// was not played.
func (o Outcome) IsForfeit() bool { return o.White.IsForfeit() || o.Black.IsForfeit() }

// IsPending reports whether the pairing has no result yet.
func (o Outcome) IsPending() bool { return o == Pending }

// SetResult sets the result of the pairing white-black of the given round
// (players named by starting rank): both players' blocks must already
// hold that pairing, with white having the colour w (or, for a forfeit
// paired without colours, either). The result codes may be those of a
// game (1 = 0, W D L), of a forfeit (+ -), or Pending to clear them; bye
// codes are refused. Each player's Points change by the difference
// between what the new code and the old one are worth under the file's
// scoring system, so that points the file gives for what its blocks do
// not explain (a blank bye some programs score) are kept. Ranks are left
// alone: see UpdateStandings.
func (t *Tournament) SetResult(round, white, black int, o Outcome) error {
	for _, r := range []Result{o.White, o.Black} {
		if !validResult(r) || r.IsBye() {
			return fmt.Errorf("trf: result code %q cannot be the result of a pairing", r.String())
		}
	}
	if (o.White == NoResult) != (o.Black == NoResult) {
		return fmt.Errorf("trf: result %s gives a code to one player only", o)
	}
	pw, pb := t.Player(white), t.Player(black)
	if pw == nil || pb == nil {
		return fmt.Errorf("trf: round %d: no player %d or %d", round, white, black)
	}
	if round < 1 || round > len(pw.Rounds) || round > len(pb.Rounds) {
		return fmt.Errorf("trf: round %d: %d and %d are not paired", round, white, black)
	}
	ew, eb := &pw.Rounds[round-1], &pb.Rounds[round-1]
	if ew.Opponent != black || eb.Opponent != white {
		return fmt.Errorf("trf: round %d: %d and %d are not paired", round, white, black)
	}
	if ew.Colour == Black || eb.Colour == White {
		return fmt.Errorf("trf: round %d: %d has black against %d", round, white, black)
	}
	if (ew.Colour == NoColour || eb.Colour == NoColour) && !o.IsForfeit() {
		return fmt.Errorf("trf: round %d: %d-%d has no colours, so it can only be a forfeit", round, white, black)
	}
	sc := t.Scoring()
	oldW, oldB := sc.Of(*ew), sc.Of(*eb)
	ew.Result, eb.Result = o.White, o.Black
	pw.Points += sc.Of(*ew) - oldW
	pb.Points += sc.Of(*eb) - oldB
	return nil
}

// UpdateStandings recomputes every player's Points from the blocks with
// the file's scoring system, and sets Rank by points (more first), then
// starting rank (lower first), so that no two players share a rank. It is
// not a tie-break ranking: a program that needs one should set Rank
// itself.
func (t *Tournament) UpdateStandings() {
	for _, p := range t.Players {
		p.Points = t.Score(p, len(p.Rounds))
	}
	order := append([]*Player(nil), t.Players...)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.StartRank < b.StartRank
	})
	for i, p := range order {
		p.Rank = i + 1
	}
}

// Player returns the player with the given starting rank, or nil.
func (t *Tournament) Player(startRank int) *Player {
	for _, p := range t.Players {
		if p.StartRank == startRank {
			return p
		}
	}
	return nil
}

// PlayedRounds returns the number of rounds that have blocks in the
// file: the longest Rounds of the players.
func (t *Tournament) PlayedRounds() int {
	n := 0
	for _, p := range t.Players {
		n = max(n, len(p.Rounds))
	}
	return n
}

// TotalRounds returns the number of rounds of the tournament as the file
// states it: record 142 (TRF26), else JaVaFo's XXR, else 0.
func (t *Tournament) TotalRounds() int {
	if t.NumRounds > 0 {
		return t.NumRounds
	}
	for _, v := range t.Records("XXR") {
		if n, ok := parseUint(strings.Trim(v, " ")); ok {
			return n
		}
	}
	return 0
}

// Records returns the text from column 5 of each line kept verbatim
// whose first three columns are code ("XXR", "013", "###", "BEL", a
// second "012" ...), in file order.
func (t *Tournament) Records(code string) []string {
	var out []string
	for _, ln := range t.lines {
		if ln.kind != kindOther {
			continue
		}
		c := t.decode(ln.raw)
		if c.get(1, 3) == code {
			out = append(out, c.get(5, len(c)))
		}
	}
	return out
}

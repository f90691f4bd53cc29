package trf

import (
	"fmt"
	"strconv"
)

// Error reports a line of a TRF file that could not be read, or a
// contradiction found in the file (by Tournament.Pairings, for instance).
// Line and Col are 1-based; a column counts characters (UTF-8 files) or
// bytes (files in a single-byte encoding). Line is 0 for a player added
// after parsing, who has no line in the input; Col is 0 when the whole
// line is meant.
type Error struct {
	Line int    // 1-based line number in the input
	Col  int    // 1-based column, or 0
	Msg  string // what is wrong
}

// Error formats the error as "trf: line L, column C: message".
func (e *Error) Error() string {
	switch {
	case e.Line == 0:
		return "trf: " + e.Msg
	case e.Col == 0:
		return fmt.Sprintf("trf: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("trf: line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Tournament is a parsed TRF file: the tournament header records, the
// players, and every other line kept verbatim.
//
// The header fields hold the text of the record from column 5, with the
// padding spaces removed; a field is "" (or 0) when the file has no such
// record. Only the first record of a tag fills a field, except for 112,
// of which every line is a deputy; a repeated record is kept verbatim.
type Tournament struct {
	Name         string   // 012 tournament name
	City         string   // 022 city
	Federation   string   // 032 host federation
	StartDate    string   // 042 date of start (YYYY/MM/DD in TRF26)
	EndDate      string   // 052 date of end
	NumPlayers   int      // 062 number of players
	NumRated     int      // 072 number of rated players
	NumTeams     int      // 082 number of teams (team events)
	Type         string   // 092 type of tournament, free text
	ChiefArbiter string   // 102 chief arbiter
	Deputies     []string // 112 deputy chief arbiters, one line each
	TimeControl  string   // 122 allotted times per moves/game, free text

	// RoundDates are the dates of record 132, one per round, as written
	// (YY/MM/DD), taken from columns 92-99, 102-109, and so on. A round
	// without a date is "".
	RoundDates []string

	NumRounds         int    // 142 number of rounds (TRF26)
	InitialColour     string // 152 initial colour, "W" or "B" (TRF26)
	PairingController string // 182 program or person making the pairings (TRF26)
	TypeCode          string // 192 encoded type of tournament, e.g. FIDE_DUTCH (TRF26)
	TimeControlCode   string // 222 encoded time control, e.g. 5400+30 (TRF26)

	// Players are the players of the 001 records, in file order.
	Players []*Player

	lines     []line
	bytesMode bool     // the input was not UTF-8: one byte is one column
	bom       bool     // the input began with a UTF-8 byte order mark
	scoring   *Scoring // from 162 and XXS; nil for DefaultScoring
}

// Player is one 001 record.
type Player struct {
	StartRank  int    // columns 5-8, starting-rank (pairing) number 1-9999
	Sex        string // column 10: "m", "w" (or "f"), or ""
	Title      string // columns 11-13: GM, IM, WGM, FM, WIM, CM, WFM, WCM, ...
	Name       string // columns 15-47, "Lastname, Firstname"
	Rating     int    // columns 49-52, FIDE rating; 0 when blank
	Federation string // columns 54-56
	FIDEID     int64  // columns 58-68, FIDE ID; 0 when blank or not a number (see IDText)
	BirthDate  string // columns 70-79, YYYY/MM/DD as written
	Points     Points // columns 81-84
	Rank       int    // columns 86-89; 0 when blank

	// Rounds holds the round blocks: Rounds[0] is round 1 (columns
	// 92-99), Rounds[1] round 2 (102-109), and so on, ten columns per
	// round. Blank blocks at the end of the line are dropped.
	Rounds []Entry

	owner   *Tournament // the tournament parsed from; nil for a new player
	line    int         // index in owner.lines
	srcLine int         // 1-based line number in the input
	snap    *Player     // the fields as parsed, to keep unchanged text
}

// IDText returns the text of columns 58-68 as the file has it while
// FIDEID is unchanged (a national or local ID such as "N0001", which is
// not a FIDE ID, is kept there and written back as it was), else FIDEID
// written as a number ("" for 0).
func (p *Player) IDText() string {
	if p.owner != nil && p.snap != nil && p.snap.FIDEID == p.FIDEID && p.line < len(p.owner.lines) {
		return p.owner.lines[p.line].id
	}
	if p.FIDEID == 0 {
		return ""
	}
	return strconv.FormatInt(p.FIDEID, 10)
}

// Entry is one round block of a player: the scheduled opponent, the
// colour and the result.
type Entry struct {
	Opponent int    // the opponent's starting rank; 0 for none ("0000" or blank)
	Colour   Colour // White, Black or NoColour ("-" or blank)
	Result   Result // the result code; NoResult when blank
}

// Entry returns the player's block of the given round (1-based), or the
// zero Entry (not paired) when the line has no such block.
func (p *Player) Entry(round int) Entry {
	if round < 1 || round > len(p.Rounds) {
		return Entry{}
	}
	return p.Rounds[round-1]
}

// ByeCode returns what a block without an opponent stands for: its
// result, except that a game result, which some programs write for a
// bye (Swiss Master's "0000 - =", bbpPairings reads it), is read as the
// bye it stands for: = or D a half-point bye (H), 1 or W a full-point
// bye (F), 0 or L a zero-point bye (Z). A blank result is NoResult (the
// standard reads it as Z; files differ on what it scores). A block with
// an opponent gives NoResult.
func (e Entry) ByeCode() Result {
	if e.Opponent != 0 {
		return NoResult
	}
	switch e.Result {
	case Draw, UnratedDraw:
		return HalfBye
	case Win, UnratedWin:
		return FullBye
	case Loss, UnratedLoss:
		return ZeroBye
	}
	return e.Result
}

// Colour is the colour of a round block (column 97 for round 1).
type Colour byte

// The colours. Parsing maps "w"/"W" to White, "b"/"B" to Black, and "-"
// and blank to NoColour.
const (
	NoColour Colour = 0
	White    Colour = 'w'
	Black    Colour = 'b'
)

// String returns "w", "b" or "-".
func (c Colour) String() string {
	switch c {
	case White:
		return "w"
	case Black:
		return "b"
	case NoColour:
		return "-"
	}
	return "Colour(" + strconv.Itoa(int(c)) + ")"
}

// Result is the result code of a round block (column 99 for round 1).
// Letter codes are case-insensitive in the file; parsing stores them in
// upper case (the text of an unchanged block is written back as read).
type Result byte

// The result codes of TRF16 and TRF26.
const (
	// NoResult is a blank result. Without an opponent the standard reads
	// it as Z; with an opponent this package reads it as a pairing
	// whose game has no result yet.
	NoResult Result = 0

	Win  Result = '1' // game won over the board
	Draw Result = '=' // game drawn over the board
	Loss Result = '0' // game lost over the board

	ForfeitWin  Result = '+' // won by forfeit: the game was not played
	ForfeitLoss Result = '-' // lost by forfeit: the game was not played

	UnratedWin  Result = 'W' // won, but the game lasted less than one move: not rated
	UnratedDraw Result = 'D' // drawn, less than one move played: not rated
	UnratedLoss Result = 'L' // lost, less than one move played: not rated

	HalfBye    Result = 'H' // half-point bye (requested)
	FullBye    Result = 'F' // full-point bye
	PairingBye Result = 'U' // pairing-allocated bye (at most one per round)
	ZeroBye    Result = 'Z' // zero-point bye: known absence
)

// String returns the code as written in a TRF file (" " for NoResult).
func (r Result) String() string {
	if r == NoResult {
		return " "
	}
	return string(rune(r))
}

// IsForfeit reports whether r is a forfeit win or loss (+ or -).
func (r Result) IsForfeit() bool { return r == ForfeitWin || r == ForfeitLoss }

// IsBye reports whether r is one of the bye codes H, F, U, Z.
func (r Result) IsBye() bool {
	return r == HalfBye || r == FullBye || r == PairingBye || r == ZeroBye
}

// IsPlayed reports whether r is the result of a game that took place at
// the board: 1 = 0, or the unrated W D L.
func (r Result) IsPlayed() bool {
	switch r {
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		return true
	}
	return false
}

// parseResult maps the character of a result column to a Result.
func parseResult(c rune) (Result, bool) {
	switch c {
	case ' ':
		return NoResult, true
	case '1', '=', '0', '+', '-':
		return Result(c), true
	case 'W', 'D', 'L', 'H', 'F', 'U', 'Z':
		return Result(c), true
	case 'w', 'd', 'l', 'h', 'f', 'u', 'z':
		return Result(c - 'a' + 'A'), true
	}
	return 0, false
}

// validResult reports whether r is one of the constants above.
func validResult(r Result) bool {
	if r == NoResult {
		return true
	}
	got, ok := parseResult(rune(r))
	return ok && got == r
}

// Points is a score in tenths of a point, the precision of the TRF
// points field ("11.5"): 25 is 2.5 points.
type Points int

// String formats p with one decimal, as in the TRF: "2.5", "10.0", "-0.5".
func (p Points) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return fmt.Sprintf("%s%d.%d", sign, p/10, p%10)
}

// Float returns p as a number of points.
func (p Points) Float() float64 { return float64(p) / 10 }

// ParsePoints reads a score such as "2.5", "10", ".5" or "-1.0". More
// than one decimal is accepted only if the extra digits are zeros.
func ParsePoints(s string) (Points, error) {
	p, ok := parsePoints(s)
	if !ok {
		return 0, fmt.Errorf("trf: bad points %q", s)
	}
	return p, nil
}

func parsePoints(s string) (Points, bool) {
	neg := false
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	whole, frac := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			whole, frac = s[:i], s[i+1:]
			break
		}
	}
	if whole == "" && frac == "" {
		return 0, false
	}
	v := 0
	for i := 0; i < len(whole); i++ {
		c := whole[i]
		if c < '0' || c > '9' || v > 1e8 {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	v *= 10
	for i := 0; i < len(frac); i++ {
		c := frac[i]
		if c < '0' || c > '9' || (i > 0 && c != '0') {
			return 0, false
		}
		if i == 0 {
			v += int(c - '0')
		}
	}
	if neg {
		v = -v
	}
	return Points(v), true
}

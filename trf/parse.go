package trf

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/internal/safetext"
)

// Columns of the 001 record, 1-based and inclusive, as in the standard.
const (
	colStartRank, endStartRank = 5, 8
	colSex                     = 10
	colTitle, endTitle         = 11, 13
	colName, endName           = 15, 47
	colRating, endRating       = 49, 52
	colFed, endFed             = 54, 56
	colID, endID               = 58, 68
	colBirth, endBirth         = 70, 79
	colPoints, endPoints       = 81, 84
	colRank, endRank           = 86, 89

	colRound1   = 92 // first column of round 1's block (the opponent)
	roundWidth  = 10 // columns from one round's block to the next
	offColour   = 5  // the colour is 5 columns after the block's start
	offResult   = 7  // the result 7 columns after
	blockLength = 8  // opponent, blank, colour, blank, result
)

// roundCol returns the first column of round r's block in a 001 record,
// which is also where record 132 has that round's date.
func roundCol(r int) int { return colRound1 + roundWidth*(r-1) }

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

type lineKind int

const (
	kindOther  lineKind = iota // kept verbatim
	kindHeader                 // a single-valued header record
	kindDeputy                 // a 112 record
	kindDates                  // the 132 record
	kindPlayer                 // a 001 record
)

// line is one line of the input.
type line struct {
	raw   string // the text, without the line terminator
	eol   string // "\r\n", "\n", "\r", or "" for a last line without one
	kind  lineKind
	field *headerField // kindHeader
	snap  string       // kindHeader, kindDeputy: the value as parsed
	n     int          // kindDeputy: index in Deputies
	dates []string     // kindDates: the dates as parsed
	id    string       // kindPlayer: the text of the FIDE ID columns
}

// headerField ties a single-valued header record to its field.
type headerField struct {
	tag    string
	number bool // the value is a count
	str    func(t *Tournament) *string
	num    func(t *Tournament) *int
}

func (f *headerField) get(t *Tournament) string {
	if f.number {
		if n := *f.num(t); n != 0 {
			return strconv.Itoa(n)
		}
		return ""
	}
	return *f.str(t)
}

// headerFields are in tag order, which is the order in which Write adds
// records missing from the input.
var headerFields = []*headerField{
	{tag: "012", str: func(t *Tournament) *string { return &t.Name }},
	{tag: "022", str: func(t *Tournament) *string { return &t.City }},
	{tag: "032", str: func(t *Tournament) *string { return &t.Federation }},
	{tag: "042", str: func(t *Tournament) *string { return &t.StartDate }},
	{tag: "052", str: func(t *Tournament) *string { return &t.EndDate }},
	{tag: "062", number: true, num: func(t *Tournament) *int { return &t.NumPlayers }},
	{tag: "072", number: true, num: func(t *Tournament) *int { return &t.NumRated }},
	{tag: "082", number: true, num: func(t *Tournament) *int { return &t.NumTeams }},
	{tag: "092", str: func(t *Tournament) *string { return &t.Type }},
	{tag: "102", str: func(t *Tournament) *string { return &t.ChiefArbiter }},
	{tag: "122", str: func(t *Tournament) *string { return &t.TimeControl }},
	{tag: "142", number: true, num: func(t *Tournament) *int { return &t.NumRounds }},
	{tag: "152", str: func(t *Tournament) *string { return &t.InitialColour }},
	{tag: "182", str: func(t *Tournament) *string { return &t.PairingController }},
	{tag: "192", str: func(t *Tournament) *string { return &t.TypeCode }},
	{tag: "222", str: func(t *Tournament) *string { return &t.TimeControlCode }},
}

var headerByTag = func() map[string]*headerField {
	m := make(map[string]*headerField)
	for _, f := range headerFields {
		m[f.tag] = f
	}
	return m
}()

// Read reads a whole TRF file from r and parses it.
func Read(r io.Reader) (*Tournament, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse parses a TRF file. Lines may end in CR LF, LF or CR (the
// standard's own choice); Write writes each line back with the ending it
// had. A file that is valid UTF-8 (with or without a byte order mark) is
// read as UTF-8 and its columns count characters; any other file is read
// as a single-byte encoding (such as Latin-1 or Windows-1252) and its
// columns count bytes.
//
// Parse checks the 001 records and the header records it knows (012-132,
// 142-222, 162) and returns an *Error naming the line and column of the
// first fault. Every other line (comments, XXR and the other JaVaFo
// extensions, team and NRS records, blank lines) is kept as it is, except
// that XXS records are read for the scoring system.
func Parse(data []byte) (*Tournament, error) {
	t := &Tournament{}
	if bytes.HasPrefix(data, utf8BOM) {
		t.bom = true
		data = data[len(utf8BOM):]
	}
	t.bytesMode = !utf8.Valid(data)
	p := parser{t: t, seen: make(map[string]bool), ranks: make(map[int]int)}
	for len(data) > 0 {
		var text []byte
		eol := ""
		i := bytes.IndexAny(data, "\r\n")
		switch {
		case i < 0:
			text, data = data, nil
		case data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
			text, eol, data = data[:i], "\r\n", data[i+2:]
		default:
			text, eol, data = data[:i], string(data[i]), data[i+1:]
		}
		t.lines = append(t.lines, line{raw: string(text), eol: eol})
		if err := p.parseLine(len(t.lines) - 1); err != nil {
			return nil, err
		}
	}
	return t, nil
}

type parser struct {
	t        *Tournament
	seen     map[string]bool // single-valued header tags read
	seenDate bool
	ranks    map[int]int // starting rank -> line number
	scoring  scoringParser
}

// cols is a line split into columns.
type cols []rune

// decode splits a line into columns: characters, or bytes read as
// Windows-1252 when the file is not UTF-8.
func (t *Tournament) decode(s string) cols {
	if !t.bytesMode {
		return cols(s)
	}
	c := make(cols, len(s))
	for i := 0; i < len(s); i++ {
		c[i] = decodeByte(s[i])
	}
	return c
}

// at returns the character in column n (1-based), or a space past the end.
func (c cols) at(n int) rune {
	if n < 1 || n > len(c) {
		return ' '
	}
	return c[n-1]
}

// get returns columns from to to (1-based, inclusive), short at the end
// of the line.
func (c cols) get(from, to int) string {
	if to > len(c) {
		to = len(c)
	}
	if from < 1 {
		from = 1
	}
	if from > to {
		return ""
	}
	return string(c[from-1 : to])
}

// field returns columns from to to without the spaces around them.
func (c cols) field(from, to int) string { return strings.Trim(c.get(from, to), " ") }

func (p *parser) errorf(line, col int, msg string) *Error {
	return &Error{Line: line, Col: col, Msg: msg}
}

func (p *parser) parseLine(i int) error {
	t := p.t
	ln := &t.lines[i]
	no := i + 1
	c := t.decode(ln.raw)
	code := c.get(1, 3)
	known := code == "001" || code == "112" || code == "132" || code == "162" ||
		(headerByTag[code] != nil && !p.seen[code])
	if !known {
		if code == "XXS" {
			return p.scoring.xxs(t.scoringRef(), c, no)
		}
		return nil
	}
	if c.at(4) != ' ' {
		return p.errorf(no, 4, "column 4 after record "+code+" must be blank")
	}
	// The records read hold names and places that go into PGN tags, pages
	// and the export: one line of printable text (a tab would also shift
	// the columns).
	for k, r := range c {
		if r < 0x20 || r == 0x7f || !t.bytesMode && safetext.Bad(r) {
			return p.errorf(no, k+1, "record "+code+" holds the control character "+safetext.Name(r))
		}
	}
	switch code {
	case "001":
		return p.parsePlayer(i, c)
	case "112":
		ln.kind = kindDeputy
		ln.n = len(t.Deputies)
		ln.snap = c.field(5, len(c))
		t.Deputies = append(t.Deputies, ln.snap)
	case "132":
		if p.seenDate {
			return nil // a second 132 stays verbatim
		}
		p.seenDate = true
		ln.kind = kindDates
		ln.dates = parseDates(c)
		t.RoundDates = append([]string(nil), ln.dates...)
	case "162":
		return p.scoring.rec162(t.scoringRef(), c, no)
	default:
		f := headerByTag[code]
		p.seen[code] = true
		ln.kind = kindHeader
		ln.field = f
		v := c.field(5, len(c))
		if f.number {
			// A count is read from the digits it starts with ("15 (12)"
			// is 15): no pairing needs it, so the rest is kept as text.
			n, _ := leadingUint(v)
			*f.num(t) = n
			v = f.get(t)
		} else {
			*f.str(t) = v
		}
		ln.snap = v
	}
	return nil
}

// leadingUint reads the number that s starts with (at most 18 digits),
// and false when s does not start with a digit.
func leadingUint(s string) (int, bool) {
	i := 0
	for i < len(s) && i < 18 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, _ := parseUint(s[:i])
	return n, true
}

// parseDates reads the round dates of a 132 record.
func parseDates(c cols) []string {
	var dates []string
	for r := 1; roundCol(r) <= len(c); r++ {
		from := roundCol(r)
		dates = append(dates, c.field(from, from+roundWidth-1))
	}
	for len(dates) > 0 && dates[len(dates)-1] == "" {
		dates = dates[:len(dates)-1]
	}
	return dates
}

// parseUint reads a number made only of digits, at most 18 of them.
func parseUint(s string) (int, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// number reads an optional number from columns from to to: blank is 0.
func (p *parser) number(c cols, no, from, to int, what string) (int, error) {
	v := c.field(from, to)
	if v == "" {
		return 0, nil
	}
	n, ok := parseUint(v)
	if !ok {
		return 0, p.errorf(no, from, what+" must be a number or blank")
	}
	return n, nil
}

func (p *parser) parsePlayer(i int, c cols) error {
	t := p.t
	no := i + 1
	pl := &Player{owner: t, line: i, srcLine: no}
	v := c.field(colStartRank, endStartRank)
	sr, ok := parseUint(v)
	if !ok || sr < 1 || sr > 9999 {
		return p.errorf(no, colStartRank, "the starting rank must be a number from 1 to 9999")
	}
	if prev, dup := p.ranks[sr]; dup {
		return p.errorf(no, colStartRank, "starting rank "+strconv.Itoa(sr)+" is already used on line "+strconv.Itoa(prev))
	}
	p.ranks[sr] = no
	pl.StartRank = sr
	if s := c.at(colSex); s != ' ' {
		pl.Sex = string(s)
	}
	pl.Title = c.field(colTitle, endTitle)
	pl.Name = c.field(colName, endName)
	var err error
	if pl.Rating, err = p.number(c, no, colRating, endRating, "the rating"); err != nil {
		return err
	}
	pl.Federation = c.field(colFed, endFed)
	// The FIDE ID column may hold a national or local ID ("N0001"): no
	// pairing needs it, so it is kept as text (IDText) and FIDEID is 0.
	t.lines[i].id = c.field(colID, endID)
	if id, ok := parseUint(t.lines[i].id); ok {
		pl.FIDEID = int64(id)
	}
	pl.BirthDate = c.field(colBirth, endBirth)
	if v := c.field(colPoints, endPoints); v != "" {
		if pl.Points, ok = parsePoints(v); !ok {
			return p.errorf(no, colPoints, "the points must be a number such as 2.5, or blank")
		}
	}
	// The rank is the file's standings, not pairing data: a rank that is
	// not a number is kept as text and read as 0.
	pl.Rank, _ = parseUint(c.field(colRank, endRank))
	for r := 1; roundCol(r) <= len(c); r++ {
		e, err := p.parseEntry(c, no, r, sr)
		if err != nil {
			return err
		}
		pl.Rounds = append(pl.Rounds, e)
	}
	for n := len(pl.Rounds); n > 0 && pl.Rounds[n-1] == (Entry{}); n-- {
		pl.Rounds = pl.Rounds[:n-1]
	}
	pl.snap = pl.clone()
	t.lines[i].kind = kindPlayer
	t.Players = append(t.Players, pl)
	return nil
}

// parseEntry reads the block of round r of a player whose starting rank
// is self.
func (p *parser) parseEntry(c cols, no, r, self int) (Entry, error) {
	var e Entry
	at := roundCol(r)
	if v := c.field(at, at+3); v != "" {
		n, ok := parseUint(v)
		if !ok {
			return e, p.errorf(no, at, "round "+strconv.Itoa(r)+": the opponent must be a starting rank, 0000 or blank")
		}
		if n == self {
			return e, p.errorf(no, at, "round "+strconv.Itoa(r)+": a player cannot be paired with himself")
		}
		e.Opponent = n
	}
	switch c.at(at + offColour) {
	case 'w', 'W':
		e.Colour = White
	case 'b', 'B':
		e.Colour = Black
	case '-', ' ':
	default:
		return e, p.errorf(no, at+offColour, "round "+strconv.Itoa(r)+": the colour must be w, b, - or blank")
	}
	res, ok := parseResult(c.at(at + offResult))
	if !ok {
		return e, p.errorf(no, at+offResult, "round "+strconv.Itoa(r)+": unknown result code "+strconv.QuoteRune(c.at(at+offResult)))
	}
	e.Result = res
	if msg, off := e.check(); msg != "" {
		return e, p.errorf(no, at+off, "round "+strconv.Itoa(r)+": "+msg)
	}
	return e, nil
}

// check returns what is contradictory in a block, or "", and the offset
// in the block of the column at fault.
func (e Entry) check() (string, int) {
	switch {
	case e.Opponent == 0 && e.Colour != NoColour && !e.Result.IsForfeit() && !e.Result.IsPlayed():
		return "a colour without an opponent", offColour
	case e.Opponent != 0 && e.Result.IsBye():
		return "a bye code with an opponent", offResult
	case e.Opponent != 0 && e.Colour == NoColour && !e.Result.IsForfeit():
		return "an opponent without a colour", offColour
	}
	return "", 0
}

func (pl *Player) clone() *Player {
	c := *pl
	c.Rounds = append([]Entry(nil), pl.Rounds...)
	c.snap = nil
	return &c
}

package trf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Write writes the tournament in the TRF fixed columns.
//
// Lines are written in the order they were read, each with the line
// ending it had, and the text of every field that has not changed since
// Parse is written back as it was read: parse then Write of an unmodified
// file gives the input byte for byte. A changed field is written in its
// columns (numbers right-aligned, text left-aligned, the title
// right-aligned, an opponent of 0 as "0000") and the rest of its line is
// kept. Header records set where the file had none are added before the
// first 001 record, in tag order; a header field set to "" (or 0) drops
// its record; further deputies follow the last 112 record. Players added
// to Players are written after the last 001 record, players removed from
// it are left out, and Write does not reorder 001 records. New lines end
// like the file's first line, or in CR LF in a file without lines.
//
// Write fails, writing nothing, when a value does not fit its columns
// (a name longer than 33 characters, points beyond 99.5, ...), holds a
// line break, or cannot be written in the file's single-byte encoding.
// It writes Points and Rank as they are: see SetResult and
// UpdateStandings.
func (t *Tournament) Write(w io.Writer) error {
	out, err := t.render()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if t.bom {
		bw.Write(utf8BOM)
	}
	for _, l := range out {
		bw.WriteString(l)
	}
	return bw.Flush()
}

// render returns the lines of the file, each with its ending.
func (t *Tournament) render() ([]string, error) {
	eol := "\r\n"
	for _, ln := range t.lines {
		if ln.eol != "" {
			eol = ln.eol
			break
		}
	}
	own := make(map[int]*Player)
	var added []*Player
	seen := make(map[int]bool)
	for _, p := range t.Players {
		if p == nil {
			return nil, &Error{Msg: "a nil player"}
		}
		if seen[p.StartRank] {
			return nil, &Error{Line: p.srcLine, Msg: "starting rank " + strconv.Itoa(p.StartRank) + " is used twice"}
		}
		seen[p.StartRank] = true
		if p.owner == t && p.snap != nil && own[p.line] == nil {
			own[p.line] = p
		} else {
			added = append(added, p)
		}
	}
	first, last, lastDeputy, present := -1, -1, -1, make(map[string]bool)
	for i, ln := range t.lines {
		switch ln.kind {
		case kindPlayer:
			if first < 0 {
				first = i
			}
			last = i
		case kindDeputy:
			lastDeputy = i
		case kindHeader:
			present[ln.field.tag] = true
		case kindDates:
			present["132"] = true
		}
	}

	for _, f := range headerFields {
		if f.number && *f.num(t) < 0 {
			return nil, &Error{Msg: "record " + f.tag + " cannot hold a negative number"}
		}
	}
	var out []string
	var ends []string // the ending of each line of out, "" if none was read
	emit := func(s, end string) error {
		if strings.ContainsAny(s, "\r\n") {
			return &Error{Msg: fmt.Sprintf("a line break in %q", s)}
		}
		out = append(out, s)
		ends = append(ends, end)
		return nil
	}
	emitTag := func(tag, v, end string) error {
		s, err := t.joinTag(tag, v)
		if err != nil {
			return err
		}
		return emit(s, end)
	}
	deputies := func(from int) error {
		for _, d := range t.Deputies[min(from, len(t.Deputies)):] {
			if err := emitTag("112", d, eol); err != nil {
				return err
			}
		}
		return nil
	}
	newHeaders := func() error {
		for _, f := range headerFields {
			if v := f.get(t); v != "" && !present[f.tag] {
				if err := emitTag(f.tag, v, eol); err != nil {
					return err
				}
			}
			if f.tag == "102" && lastDeputy < 0 {
				if err := deputies(0); err != nil {
					return err
				}
			}
			if f.tag == "122" && !present["132"] && len(t.RoundDates) > 0 {
				s, err := t.datesLine(nil, "")
				if err != nil {
					return err
				}
				if err := emit(s, eol); err != nil {
					return err
				}
			}
		}
		return nil
	}
	newPlayers := func() error {
		for _, p := range added {
			s, err := t.playerLine(p, "", nil)
			if err != nil {
				return err
			}
			if err := emit(s, eol); err != nil {
				return err
			}
		}
		return nil
	}

	for i, ln := range t.lines {
		if i == first {
			if err := newHeaders(); err != nil {
				return nil, err
			}
		}
		switch ln.kind {
		case kindOther:
			out, ends = append(out, ln.raw), append(ends, ln.eol)
		case kindHeader:
			v := ln.field.get(t)
			switch {
			case v == ln.snap:
				out, ends = append(out, ln.raw), append(ends, ln.eol)
			case v != "":
				if err := emitTag(ln.field.tag, v, ln.eol); err != nil {
					return nil, err
				}
			}
		case kindDeputy:
			if ln.n < len(t.Deputies) {
				if v := t.Deputies[ln.n]; v == ln.snap {
					out, ends = append(out, ln.raw), append(ends, ln.eol)
				} else if err := emitTag("112", v, ln.eol); err != nil {
					return nil, err
				}
			}
			if i == lastDeputy {
				if err := deputies(ln.n + 1); err != nil {
					return nil, err
				}
			}
		case kindDates:
			if len(t.RoundDates) == 0 && len(ln.dates) != 0 {
				break // dates removed: drop the record
			}
			s, err := t.datesLine(ln.dates, ln.raw)
			if err != nil {
				return nil, err
			}
			if err := emit(s, ln.eol); err != nil {
				return nil, err
			}
		case kindPlayer:
			if p := own[i]; p != nil {
				s, err := t.playerLine(p, ln.raw, p.snap)
				if err != nil {
					return nil, err
				}
				if err := emit(s, ln.eol); err != nil {
					return nil, err
				}
			}
		}
		if i == last {
			if err := newPlayers(); err != nil {
				return nil, err
			}
		}
	}
	if first < 0 {
		if err := newHeaders(); err != nil {
			return nil, err
		}
		if err := newPlayers(); err != nil {
			return nil, err
		}
	}
	for i := range out {
		end := ends[i]
		if end == "" && i < len(out)-1 {
			end = eol
		}
		out[i] += end
	}
	return out, nil
}

// joinTag makes a header record: the tag, a blank, the value.
func (t *Tournament) joinTag(tag, v string) (string, error) {
	return t.encode(cols(tag+" "+v), 0)
}

// overlay is a line being rewritten column by column.
type overlay struct {
	c   cols
	err error
	no  int // line number for errors
}

// put writes s into columns from to to, padded to their width: right
// aligned if right is set, left aligned otherwise.
func (o *overlay) put(from, to int, s string, right bool, what string) {
	r := []rune(s)
	width := to - from + 1
	if len(r) > width {
		if o.err == nil {
			o.err = &Error{Line: o.no, Col: from, Msg: fmt.Sprintf("%s %q is longer than %d columns", what, s, width)}
		}
		return
	}
	for len(o.c) < to {
		o.c = append(o.c, ' ')
	}
	pad := width - len(r)
	for i := 0; i < width; i++ {
		ch := ' '
		switch {
		case right && i >= pad:
			ch = r[i-pad]
		case !right && i < len(r):
			ch = r[i]
		}
		o.c[from-1+i] = ch
	}
}

// finish returns the line's text: trailing blanks dropped, then those of
// the original line put back.
func (t *Tournament) finish(o *overlay, raw string) (string, error) {
	if o.err != nil {
		return "", o.err
	}
	c := o.c
	for len(c) > 0 && c[len(c)-1] == ' ' {
		c = c[:len(c)-1]
	}
	// Pad back with the original's trailing blanks, up to its length.
	trail := len(raw) - len(strings.TrimRight(raw, " "))
	for n := len(t.decode(raw)); trail > 0 && len(c) < n; trail-- {
		c = append(c, ' ')
	}
	return t.encode(c, o.no)
}

// encode turns columns back into text in the file's encoding.
func (t *Tournament) encode(c cols, no int) (string, error) {
	if !t.bytesMode {
		return string(c), nil
	}
	b := make([]byte, len(c))
	for i, r := range c {
		x, ok := encodeRune(r)
		if !ok {
			return "", &Error{Line: no, Col: i + 1, Msg: fmt.Sprintf("%q cannot be written in this file's encoding, Windows-1252", r)}
		}
		b[i] = x
	}
	return string(b), nil
}

// datesLine writes record 132 from t.RoundDates over raw, whose dates as
// parsed were old.
func (t *Tournament) datesLine(old []string, raw string) (string, error) {
	if raw != "" && equalStrings(old, t.RoundDates) {
		return raw, nil
	}
	o := &overlay{c: t.decode(raw)}
	if raw == "" {
		o.c = cols("132")
	}
	for r := 1; r <= max(len(old), len(t.RoundDates)); r++ {
		var was, now string
		if r <= len(old) {
			was = old[r-1]
		}
		if r <= len(t.RoundDates) {
			now = t.RoundDates[r-1]
		}
		if raw == "" || was != now {
			o.put(roundCol(r), roundCol(r)+roundWidth-1, now, false, "the date")
		}
	}
	return t.finish(o, raw)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// playerLine writes p's 001 record over raw, whose fields as parsed were
// snap (nil for a new player): unchanged fields keep their text.
func (t *Tournament) playerLine(p *Player, raw string, snap *Player) (string, error) {
	if err := checkPlayer(p); err != nil {
		return "", err
	}
	if snap != nil && p.equal(snap) {
		return raw, nil
	}
	o := &overlay{c: t.decode(raw), no: p.srcLine}
	if snap == nil {
		o.c = cols("001")
		snap = &Player{StartRank: -1, Sex: "?", Title: "?", Name: "?", Rating: -1, Federation: "?",
			FIDEID: -1, BirthDate: "?", Points: -1, Rank: -1}
	}
	num := func(n int64, zero string) string {
		if n == 0 {
			return zero
		}
		return strconv.FormatInt(n, 10)
	}
	if p.StartRank != snap.StartRank {
		o.put(colStartRank, endStartRank, strconv.Itoa(p.StartRank), true, "the starting rank")
	}
	if p.Sex != snap.Sex {
		o.put(colSex, colSex, p.Sex, false, "the sex")
	}
	if p.Title != snap.Title {
		o.put(colTitle, endTitle, p.Title, true, "the title")
	}
	if p.Name != snap.Name {
		o.put(colName, endName, p.Name, false, "the name")
	}
	if p.Rating != snap.Rating {
		o.put(colRating, endRating, num(int64(p.Rating), ""), true, "the rating")
	}
	if p.Federation != snap.Federation {
		o.put(colFed, endFed, p.Federation, false, "the federation")
	}
	if p.FIDEID != snap.FIDEID {
		o.put(colID, endID, num(p.FIDEID, ""), true, "the FIDE ID")
	}
	if p.BirthDate != snap.BirthDate {
		o.put(colBirth, endBirth, p.BirthDate, false, "the birth date")
	}
	if p.Points != snap.Points {
		o.put(colPoints, endPoints, p.Points.String(), true, "the points")
	}
	if p.Rank != snap.Rank {
		o.put(colRank, endRank, num(int64(p.Rank), ""), true, "the rank")
	}
	for r := 1; r <= max(len(p.Rounds), len(snap.Rounds)); r++ {
		e, was := p.Entry(r), snap.Entry(r)
		if snap.StartRank < 0 {
			was = Entry{Opponent: -1, Colour: '?', Result: '?'}
		}
		if e == was {
			continue
		}
		at := roundCol(r)
		if e == (Entry{}) {
			o.put(at, at+blockLength-1, "", false, "")
			continue
		}
		if e.Opponent != was.Opponent || (was == Entry{}) {
			o.put(at, at+3, num(int64(e.Opponent), "0000"), true, "the opponent")
		}
		if e.Colour != was.Colour || (was == Entry{}) {
			o.put(at+offColour, at+offColour, e.Colour.String(), false, "the colour")
		}
		if e.Result != was.Result {
			o.put(at+offResult, at+offResult, e.Result.String(), false, "the result")
		}
	}
	return t.finish(o, raw)
}

// checkPlayer checks that p's values can be written and read back.
func checkPlayer(p *Player) error {
	bad := func(msg string) error {
		return &Error{Line: p.srcLine, Msg: fmt.Sprintf("player %d: %s", p.StartRank, msg)}
	}
	switch {
	case p.StartRank < 1 || p.StartRank > 9999:
		return bad("the starting rank must be from 1 to 9999")
	case len([]rune(p.Sex)) > 1 || p.Sex == " ":
		return bad("the sex must be one character or empty")
	case p.Rating < 0 || p.Rating > 9999:
		return bad("the rating must be from 0 to 9999")
	case p.FIDEID < 0 || p.FIDEID > 99999999999:
		return bad("the FIDE ID must be from 0 to 99999999999")
	case p.Rank < 0 || p.Rank > 9999:
		return bad("the rank must be from 0 to 9999")
	}
	for i, e := range p.Rounds {
		r := i + 1
		switch {
		case e.Opponent < 0 || e.Opponent > 9999:
			return bad(fmt.Sprintf("round %d: the opponent must be from 0 to 9999", r))
		case e.Opponent == p.StartRank:
			return bad(fmt.Sprintf("round %d: paired with himself", r))
		case e.Colour != NoColour && e.Colour != White && e.Colour != Black:
			return bad(fmt.Sprintf("round %d: bad colour %d", r, e.Colour))
		case !validResult(e.Result):
			return bad(fmt.Sprintf("round %d: bad result code %d", r, e.Result))
		}
		if msg, _ := e.check(); msg != "" {
			return bad(fmt.Sprintf("round %d: %s", r, msg))
		}
	}
	return nil
}

// equal reports whether p and q have the same exported fields.
func (p *Player) equal(q *Player) bool {
	if p.StartRank != q.StartRank || p.Sex != q.Sex || p.Title != q.Title || p.Name != q.Name ||
		p.Rating != q.Rating || p.Federation != q.Federation || p.FIDEID != q.FIDEID ||
		p.BirthDate != q.BirthDate || p.Points != q.Points || p.Rank != q.Rank ||
		len(p.Rounds) != len(q.Rounds) {
		return false
	}
	for i := range p.Rounds {
		if p.Rounds[i] != q.Rounds[i] {
			return false
		}
	}
	return true
}

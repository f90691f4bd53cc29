package server

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/arbiterchess/arbiter/trf"
)

// PairingList is a round's pairings as JaVaFo and bbpPairings write them
// with -p: a first line with the number of pairs, then one pair a line,
// "white black" by the players' pairing numbers (the TRF's starting
// ranks), a pairing-allocated bye as "id 0".
type PairingList struct {
	Pairs [][2]int // White and Black; Black 0 for a pairing-allocated bye
}

// PairingListError is a fault of a pairing list, at a line and column
// (both 1-based; Col 0 for the whole line).
type PairingListError struct {
	Line, Col int
	Msg       string
}

// Error says the line, the column and the fault.
func (e *PairingListError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("pairing list line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("pairing list line %d: %s", e.Line, e.Msg)
}

// isPairingList says whether a posted body is a pairing list rather than
// a TRF file: its first line that is not blank is a number alone, or the
// whole body is digits, spaces, tabs and line endings (a TRF file's lines
// open with a three-character record code such as 012 or 001 followed by
// text).
func isPairingList(data []byte) bool {
	for _, ln := range bytes.Split(data, []byte("\n")) {
		if f := bytes.Fields(ln); len(f) > 0 {
			if len(f) == 1 && digitsOnly(f[0]) {
				return true
			}
			break
		}
	}
	return len(bytes.TrimSpace(data)) > 0 && digitsOnly(data)
}

// digitsOnly says whether b holds only digits, spaces, tabs and line
// endings.
func digitsOnly(b []byte) bool {
	for _, c := range b {
		if (c < '0' || c > '9') && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// field is a word of a line and its 1-based column.
type field struct {
	text string
	col  int
}

// fieldsOf splits a line at spaces and tabs, with each word's column.
func fieldsOf(ln []byte) []field {
	var out []field
	start := -1
	for i := 0; i <= len(ln); i++ {
		sep := i == len(ln) || ln[i] == ' ' || ln[i] == '\t'
		if !sep && start < 0 {
			start = i
		}
		if sep && start >= 0 {
			out = append(out, field{string(ln[start:i]), start + 1})
			start = -1
		}
	}
	return out
}

// number reads a pairing number of at most four digits (TRF's columns).
func (f field) number(line int, what string) (int, error) {
	n, err := strconv.Atoi(f.text)
	if err != nil || n < 0 || len(f.text) > 4 {
		return 0, &PairingListError{line, f.col, fmt.Sprintf("%s %q is not a pairing number (0 to 9999)", what, f.text)}
	}
	return n, nil
}

// ParsePairingList reads a pairing list. The number of pairs must be the
// number of pair lines (a bye's line counts); blank lines are skipped,
// a line ends in LF or CR LF. No player may be paired twice, nor with
// himself, and only Black may be 0. A fault is a *PairingListError.
func ParsePairingList(data []byte) (*PairingList, error) {
	lines := bytes.Split(data, []byte("\n"))
	pl := &PairingList{Pairs: [][2]int{}}
	want, countLine := -1, 0
	seen := map[int]int{} // pairing number -> line
	for i, raw := range lines {
		no := i + 1
		ln := bytes.TrimSuffix(raw, []byte("\r"))
		for j, c := range ln {
			if c != ' ' && c != '\t' && (c < '0' || c > '9') {
				return nil, &PairingListError{no, j + 1, fmt.Sprintf("unexpected character %q: a pairing list holds only numbers", rune(c))}
			}
		}
		f := fieldsOf(ln)
		if len(f) == 0 {
			continue
		}
		if want < 0 {
			if len(f) != 1 {
				return nil, &PairingListError{no, f[1].col, "the first line must be the number of pairs alone"}
			}
			n, err := strconv.Atoi(f[0].text)
			if err != nil || len(f[0].text) > 4 {
				return nil, &PairingListError{no, f[0].col, fmt.Sprintf("%q is not a number of pairs", f[0].text)}
			}
			want, countLine = n, no
			continue
		}
		if len(f) != 2 {
			col := 0
			if len(f) > 2 {
				col = f[2].col
			}
			return nil, &PairingListError{no, col, "a pair is two pairing numbers, White's and Black's"}
		}
		w, err := f[0].number(no, "White's")
		if err != nil {
			return nil, err
		}
		b, err := f[1].number(no, "Black's")
		if err != nil {
			return nil, err
		}
		switch {
		case w == 0:
			return nil, &PairingListError{no, f[0].col, "White's number is 0: a bye is written as the player's number, then 0"}
		case w == b:
			return nil, &PairingListError{no, f[1].col, fmt.Sprintf("player %d is paired with himself", w)}
		}
		for k, p := range []int{w, b} {
			if p == 0 {
				continue
			}
			if at, ok := seen[p]; ok {
				return nil, &PairingListError{no, f[k].col, fmt.Sprintf("player %d is paired twice (line %d too)", p, at)}
			}
			seen[p] = no
		}
		pl.Pairs = append(pl.Pairs, [2]int{w, b})
	}
	if want < 0 {
		return nil, &PairingListError{1, 0, "the pairing list is empty: the first line is the number of pairs"}
	}
	if want != len(pl.Pairs) {
		return nil, &PairingListError{countLine, 1, fmt.Sprintf("the first line says %d pairs, the list has %d", want, len(pl.Pairs))}
	}
	return pl, nil
}

// applyTo writes the list into round n of t: each pair's blocks (White
// w, Black b, no result yet), a bye's block 0000 - U; every player must
// be in t, and no player may have a block in round n already. Players
// without a block in an earlier round get a blank one (not paired);
// players the list leaves out get none in round n.
func (pl *PairingList) applyTo(t *trf.Tournament, n int) error {
	for _, p := range t.Players {
		if e := p.Entry(n); e != (trf.Entry{}) {
			return fmt.Errorf("round %d is already in the event's TRF file (player %d has a block): a pairing list gives a new round", n, p.StartRank)
		}
	}
	set := func(rank int, e trf.Entry) error {
		p := t.Player(rank)
		if p == nil {
			return fmt.Errorf("player %d is not in the event's TRF file", rank)
		}
		for len(p.Rounds) < n-1 {
			p.Rounds = append(p.Rounds, trf.Entry{})
		}
		if len(p.Rounds) >= n {
			p.Rounds[n-1] = e
		} else {
			p.Rounds = append(p.Rounds, e)
		}
		return nil
	}
	for _, pr := range pl.Pairs {
		if pr[1] == 0 {
			if err := set(pr[0], trf.Entry{Result: trf.PairingBye}); err != nil {
				return err
			}
			continue
		}
		if err := set(pr[0], trf.Entry{Opponent: pr[1], Colour: trf.White}); err != nil {
			return err
		}
		if err := set(pr[1], trf.Entry{Opponent: pr[0], Colour: trf.Black}); err != nil {
			return err
		}
	}
	return nil
}

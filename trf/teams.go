package trf

import "strings"

// Team is a team of a team tournament, from a TRF26 310 record or a
// TRF16 013 record: its players in board order.
type Team struct {
	Number  int    // 310: columns 5-7; 013: the record's place among the 013 records, from 1
	Name    string // 310: columns 9-40; 013: columns 5-36
	Members []int  // the players' starting ranks, board 1 first
}

// Teams returns the teams of the file: its 310 records, or its 013
// records when it has no 310. A field that is not a number is an *Error
// naming its line and column. Members not in the file's 001 records are
// kept (the caller decides what they mean).
func (t *Tournament) Teams() ([]Team, error) {
	code, nameFrom, nameTo, firstMember := "310", 9, 40, 74
	if !t.has("310") {
		code, nameFrom, nameTo, firstMember = "013", 5, 36, 37
	}
	var teams []Team
	for i, ln := range t.lines {
		if ln.kind != kindOther {
			continue
		}
		c := t.decode(ln.raw)
		if c.get(1, 3) != code {
			continue
		}
		tm := Team{Number: len(teams) + 1, Name: c.field(nameFrom, nameTo)}
		if code == "310" {
			n, ok := parseUint(c.field(5, 7))
			if !ok {
				return nil, &Error{Line: i + 1, Col: 5, Msg: "record 310: the team number must be a number"}
			}
			tm.Number = n
		}
		for at := firstMember; at <= len(c); at += 5 {
			v := c.field(at, at+3)
			if v == "" {
				continue
			}
			n, ok := parseUint(v)
			if !ok || n < 1 || n > 9999 {
				return nil, &Error{Line: i + 1, Col: at, Msg: "record " + code + ": a member must be a starting rank"}
			}
			if n != 0 {
				tm.Members = append(tm.Members, n)
			}
		}
		teams = append(teams, tm)
	}
	return teams, nil
}

// has reports whether a line kept verbatim starts with code.
func (t *Tournament) has(code string) bool {
	for _, ln := range t.lines {
		if ln.kind == kindOther && strings.HasPrefix(ln.raw, code) {
			return true
		}
	}
	return false
}

// Match is one match of a team round: two teams and their games, board
// 1 first.
type Match struct {
	Home, Away int    // team numbers; Home is the team of board 1's White
	Games      []Game // the match's games (Board is the board in the match)
	Forfeits   []Game // its pairings decided by forfeit
}

// Matches groups the pairings of round n by match for a team tournament:
// each pairing goes to the match of its players' teams, the games in
// board order within the match (the players' places in their teams), the
// matches in the order of their first board's place in rd. Pairings of a
// player without a team, or of two players of one team, are left out and
// returned as rest.
func Matches(rd *Round, teams []Team) (matches []Match, rest []Game) {
	teamOf := map[int]int{}
	place := map[int]int{}
	for _, tm := range teams {
		for i, p := range tm.Members {
			teamOf[p], place[p] = tm.Number, i+1
		}
	}
	index := map[[2]int]int{}
	add := func(g Game, forfeit bool) {
		a, b := teamOf[g.White], teamOf[g.Black]
		if a == 0 || b == 0 || a == b {
			rest = append(rest, g)
			return
		}
		key := [2]int{min(a, b), max(a, b)}
		i, ok := index[key]
		if !ok {
			i = len(matches)
			index[key] = i
			matches = append(matches, Match{Home: a, Away: b})
		}
		g.Board = min(place[g.White], place[g.Black])
		if forfeit {
			matches[i].Forfeits = append(matches[i].Forfeits, g)
		} else {
			matches[i].Games = append(matches[i].Games, g)
		}
	}
	for _, g := range rd.Games {
		add(g, false)
	}
	for _, g := range rd.Forfeits {
		add(g, true)
	}
	for i := range matches {
		for _, s := range [][]Game{matches[i].Games, matches[i].Forfeits} {
			sortGames(s)
		}
	}
	return matches, rest
}

// sortGames sorts games by Board, then White (insertion sort: a match
// has a handful of boards).
func sortGames(s []Game) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (s[j].Board < s[j-1].Board || s[j].Board == s[j-1].Board && s[j].White < s[j-1].White); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// titles maps the title codes of TRF06 and older files to the standard
// ones.
var titles = map[string]string{
	"g": "GM", "m": "IM", "f": "FM", "c": "CM",
	"wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
}

// StandardTitle returns the title as the standard writes it: the TRF06
// codes (g, m, f, c, wg, wm, wf, wc) become GM, IM, FM, CM, WGM, WIM,
// WFM, WCM, standard titles in any case are upper-cased ("gm" is GM),
// and anything else is returned as it is.
func StandardTitle(s string) string {
	s = strings.TrimSpace(s)
	if t, ok := titles[s]; ok {
		return t
	}
	switch u := strings.ToUpper(s); u {
	case "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "AGM", "AIM", "AFM", "ACM":
		return u
	}
	return s
}

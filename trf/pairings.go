package trf

import (
	"sort"
	"strconv"
)

// Round is what the players' blocks of one round say.
type Round struct {
	Number int

	// Games are the pairings to be played (or played) at a board, in
	// board order, each once, Board numbered from 1: those whose result
	// is a game result or no result yet.
	Games []Game

	// Forfeits are the pairings whose result is a forfeit (+ or - on
	// either side): no game is played. They are in the same order as
	// Games, with Board 0.
	Forfeits []Game

	// Byes are the players without an opponent this round, in
	// starting-rank order: byes H F U, the absent (Z or blank, or no block
	// at all), and forfeit results against no one (0000 with + or -).
	Byes []Bye
}

// Game is one pairing of a round.
type Game struct {
	Board  int     // 1-based board number; 0 for a forfeit
	White  int     // starting rank of the player with colour w
	Black  int     // starting rank of the player with colour b
	Result Outcome // Pending when there is no result yet
}

// Bye is a player without an opponent in a round.
type Bye struct {
	Player int    // starting rank
	Result Result // H, F, U, Z, +, -, or NoResult (absent); see Entry.ByeCode
}

// Pairings returns the pairings of round n (1-based) from the players'
// blocks of that round.
//
// A player whose block names an opponent is paired with him; the
// opponent's block must name the player back, and their colours must be
// w and b (a forfeit may have no colours: White is then the lower
// starting rank). Otherwise Pairings returns an *Error naming the line
// and column of the block at fault.
//
// Board order: the games are sorted by the higher of the two players'
// scores before round n (computed from rounds 1 to n-1 with the file's
// scoring system, not read from the points column), then by the higher
// of their two ratings, then by the lower of their two starting ranks;
// boards are numbered 1, 2, ... in that order. This is how the pairing
// programs list their boards for a rating-based Swiss.
func (t *Tournament) Pairings(n int) (*Round, error) {
	if n < 1 {
		return nil, &Error{Msg: "round " + strconv.Itoa(n) + " does not exist"}
	}
	if n > t.PlayedRounds() {
		return nil, &Error{Msg: "the file has no blocks for round " + strconv.Itoa(n)}
	}
	at := roundCol(n)
	byRank := make(map[int]*Player, len(t.Players))
	for _, p := range t.Players {
		if q := byRank[p.StartRank]; q != nil {
			return nil, &Error{Line: p.srcLine, Col: colStartRank, Msg: "starting rank " + strconv.Itoa(p.StartRank) + " is used twice"}
		}
		byRank[p.StartRank] = p
	}
	order := append([]*Player(nil), t.Players...)
	sort.Slice(order, func(i, j int) bool { return order[i].StartRank < order[j].StartRank })

	rd := &Round{Number: n}
	type pair struct {
		g     Game
		score Points
		elo   int
		low   int
	}
	var games, forfeits []pair
	for _, p := range order {
		e := p.Entry(n)
		if e.Opponent == 0 {
			rd.Byes = append(rd.Byes, Bye{Player: p.StartRank, Result: e.ByeCode()})
			continue
		}
		bad := func(col int, msg string) error {
			return &Error{Line: p.srcLine, Col: col, Msg: "round " + strconv.Itoa(n) + ": " + msg}
		}
		q := byRank[e.Opponent]
		if q == nil {
			return nil, bad(at, "opponent "+strconv.Itoa(e.Opponent)+" is not in the file")
		}
		f := q.Entry(n)
		if f.Opponent != p.StartRank {
			return nil, bad(at, "player "+strconv.Itoa(q.StartRank)+" is not paired with "+strconv.Itoa(p.StartRank)+" in his block")
		}
		if p.StartRank > q.StartRank {
			continue // the pair was taken from q's side
		}
		var w, b *Player
		var ew, eb Entry
		switch {
		case e.Colour == White && f.Colour != White, e.Colour == NoColour && f.Colour == Black:
			w, b, ew, eb = p, q, e, f
		case e.Colour == Black && f.Colour != Black, e.Colour == NoColour && f.Colour == White:
			w, b, ew, eb = q, p, f, e
		case e.Colour == NoColour && f.Colour == NoColour:
			w, b, ew, eb = p, q, e, f // only forfeits, as Parse checked
		default:
			return nil, bad(at+offColour, "players "+strconv.Itoa(p.StartRank)+" and "+strconv.Itoa(q.StartRank)+" both have colour "+e.Colour.String())
		}
		pr := pair{
			g:     Game{White: w.StartRank, Black: b.StartRank, Result: Outcome{ew.Result, eb.Result}},
			score: max(t.Score(w, n-1), t.Score(b, n-1)),
			elo:   max(w.Rating, b.Rating),
			low:   min(w.StartRank, b.StartRank),
		}
		if pr.g.Result.IsForfeit() {
			forfeits = append(forfeits, pr)
		} else {
			games = append(games, pr)
		}
	}
	boardOrder := func(s []pair) {
		sort.Slice(s, func(i, j int) bool {
			a, b := s[i], s[j]
			if a.score != b.score {
				return a.score > b.score
			}
			if a.elo != b.elo {
				return a.elo > b.elo
			}
			return a.low < b.low
		})
	}
	boardOrder(games)
	boardOrder(forfeits)
	for i, pr := range games {
		pr.g.Board = i + 1
		rd.Games = append(rd.Games, pr.g)
	}
	for _, pr := range forfeits {
		rd.Forfeits = append(rd.Forfeits, pr.g)
	}
	return rd, nil
}

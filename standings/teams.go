package standings

import (
	"sort"

	"github.com/arbiterchess/arbiter/trf"
)

// TeamRow is one team's line of a team event's standings.
type TeamRow struct {
	Rank        int     `json:"rank"` // equal where match and game points are
	Team        int     `json:"team"` // the team's number
	Name        string  `json:"name"`
	MatchPoints float64 `json:"match_points"` // 2 a won match, 1 a drawn one, 0 a lost one
	GamePoints  float64 `json:"game_points"`
}

// Teams ranks the teams of a team event after rounds rounds by match
// points, then game points (the points of their players' blocks). In
// each round a team's match is won, drawn or lost by comparing its game
// points with those of the team its players met; a team whose players
// met no team but scored (the pairing-allocated bye) has a drawn match,
// as the FIDE team Swiss systems give the bye.
func Teams(t *trf.Tournament, teams []trf.Team, rounds int) []TeamRow {
	sc := t.Scoring()
	teamOf := map[int]int{}
	for _, tm := range teams {
		for _, p := range tm.Members {
			teamOf[p] = tm.Number
		}
	}
	type tally struct{ mp, gp int64 } // match points in units, game points in tenths
	total := map[int]*tally{}
	for _, tm := range teams {
		total[tm.Number] = &tally{}
	}
	for r := 1; r <= rounds; r++ {
		gp := map[int]int64{}
		against := map[int]int{}
		for _, tm := range teams {
			for _, m := range tm.Members {
				p := t.Player(m)
				if p == nil {
					continue
				}
				e := p.Entry(r)
				gp[tm.Number] += int64(sc.Of(e))
				if o := teamOf[e.Opponent]; o != 0 && o != tm.Number {
					against[tm.Number] = o
				}
			}
		}
		for _, tm := range teams {
			n := tm.Number
			total[n].gp += gp[n]
			o, met := against[n]
			switch {
			case !met && gp[n] > 0:
				total[n].mp++ // the pairing-allocated bye: a drawn match
			case met && gp[n] > gp[o]:
				total[n].mp += 2
			case met && gp[n] == gp[o]:
				total[n].mp++
			}
		}
	}
	rows := make([]TeamRow, 0, len(teams))
	for _, tm := range teams {
		rows = append(rows, TeamRow{Team: tm.Number, Name: tm.Name, MatchPoints: float64(total[tm.Number].mp), GamePoints: float64(total[tm.Number].gp) / 10})
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.MatchPoints != b.MatchPoints {
			return a.MatchPoints > b.MatchPoints
		}
		if a.GamePoints != b.GamePoints {
			return a.GamePoints > b.GamePoints
		}
		return a.Team < b.Team
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].MatchPoints == rows[i-1].MatchPoints && rows[i].GamePoints == rows[i-1].GamePoints {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return rows
}

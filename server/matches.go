package server

import (
	"github.com/arbiterchess/arbiter/server/store"
	"github.com/arbiterchess/arbiter/trf"
)

// eventMatches groups an event's games by match, for a team event (its
// TRF file has team records): for each round with games, the matches of
// the file's pairings of that round, their games found by their players'
// starting ranks. Nil for an event without teams.
func eventMatches(ev store.Event, games []store.Game) []EventMatch {
	if ev.TRF == "" {
		return nil
	}
	t, err := trf.Parse([]byte(ev.TRF))
	if err != nil {
		return nil
	}
	teams, err := t.Teams()
	if err != nil || len(teams) == 0 {
		return nil
	}
	names := map[int]string{}
	teamOf := map[int]int{}
	for _, tm := range teams {
		names[tm.Number] = tm.Name
		for _, p := range tm.Members {
			teamOf[p] = tm.Number
		}
	}
	byPair := map[[3]int]string{} // round, white, black → game
	rounds := []int{}
	seen := map[int]bool{}
	for _, g := range games {
		if g.WhiteRank > 0 && g.BlackRank > 0 {
			byPair[[3]int{g.Round, g.WhiteRank, g.BlackRank}] = g.ID
		}
		if !seen[g.Round] {
			seen[g.Round] = true
			rounds = append(rounds, g.Round)
		}
	}
	var out []EventMatch
	for _, r := range rounds {
		pairs, err := t.Pairings(r)
		if err != nil {
			continue
		}
		ms, _ := trf.Matches(pairs, teams)
		for _, m := range ms {
			em := EventMatch{Round: r, Home: m.Home, Away: m.Away, HomeName: names[m.Home], AwayName: names[m.Away], Games: []MatchBoard{}}
			for _, g := range m.Games {
				if id, ok := byPair[[3]int{r, g.White, g.Black}]; ok {
					em.Games = append(em.Games, MatchBoard{Game: id, HomeWhite: teamOf[g.White] == m.Home})
				}
			}
			if len(em.Games) > 0 {
				out = append(out, em)
			}
		}
	}
	return out
}

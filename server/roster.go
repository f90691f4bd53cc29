package server

import (
	"context"

	"github.com/arbiterchess/arbiter/server/store"
)

// roster is an event's players by starting rank, read from the store
// once and shared by all the event's games: a hall of a thousand games
// paired from a list of two thousand players holds the list once, not
// once per game.
type roster struct {
	byRank map[int]*store.Player
}

// roster returns the players of an event, from memory once read. A TRF
// import drops the event's (forgetEvent), so the next game loaded reads
// them again.
func (s *Server) roster(ctx context.Context, event string) (*roster, error) {
	s.rosterMu.Lock()
	r, ok := s.rosters[event]
	s.rosterMu.Unlock()
	if ok {
		return r, nil
	}
	players, err := s.store.Players(ctx, event)
	if err != nil {
		return nil, err
	}
	r = &roster{byRank: make(map[int]*store.Player, len(players))}
	for i := range players {
		r.byRank[players[i].Rank] = &players[i]
	}
	s.rosterMu.Lock()
	if s.rosters == nil {
		s.rosters = map[string]*roster{}
	}
	s.rosters[event] = r
	s.rosterMu.Unlock()
	return r, nil
}

// forgetRoster drops the players of an event kept in memory.
func (s *Server) forgetRoster(event string) {
	s.rosterMu.Lock()
	delete(s.rosters, event)
	s.rosterMu.Unlock()
}

// publicPlayer returns the public part of p, or nil.
func publicPlayer(p *store.Player) *PlayerView {
	if p == nil {
		return nil
	}
	return &PlayerView{Rank: p.Rank, Name: p.Name, Title: p.Title, FIDEID: p.FIDEID, Rating: p.Rating, Federation: p.Federation}
}

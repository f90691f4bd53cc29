package server

import "github.com/arbiterchess/arbiter/server/wire"

// The API's bodies live in package wire, which the Go client shares; the
// server names them as it always has.
type (
	// Ack is wire.Ack.
	Ack = wire.Ack
	// PostResult is wire.PostResult.
	PostResult = wire.PostResult
	// APIError is wire.APIError.
	APIError = wire.APIError
	// Message is wire.Message.
	Message = wire.Message
	// GameView is wire.GameView.
	GameView = wire.GameView
	// ClockView is wire.ClockView.
	ClockView = wire.ClockView
	// EntryNote is wire.EntryNote.
	EntryNote = wire.EntryNote
	// PlayerView is wire.PlayerView.
	PlayerView = wire.PlayerView
	// DecisionSpec is wire.DecisionSpec.
	DecisionSpec = wire.DecisionSpec
	// ClockSpec is wire.ClockSpec.
	ClockSpec = wire.ClockSpec
	// EventSpec is wire.EventSpec.
	EventSpec = wire.EventSpec
	// GameSpec is wire.GameSpec.
	GameSpec = wire.GameSpec
	// CreatedGame is wire.CreatedGame.
	CreatedGame = wire.CreatedGame
	// CreatedEvent is wire.CreatedEvent.
	CreatedEvent = wire.CreatedEvent
	// EventItem is wire.EventItem.
	EventItem = wire.EventItem
	// EventView is wire.EventView.
	EventView = wire.EventView
	// EventMatch is wire.EventMatch.
	EventMatch = wire.EventMatch
	// MatchBoard is wire.MatchBoard.
	MatchBoard = wire.MatchBoard
	// DelaySpec is wire.DelaySpec.
	DelaySpec = wire.DelaySpec
	// TiebreakRulesSpec is wire.TiebreakRulesSpec.
	TiebreakRulesSpec = wire.TiebreakRulesSpec
	// RoundStart is wire.RoundStart.
	RoundStart = wire.RoundStart
	// TableGame is wire.TableGame.
	TableGame = wire.TableGame
	// TableView is wire.TableView.
	TableView = wire.TableView
	// EboardStatus is wire.EboardStatus.
	EboardStatus = wire.EboardStatus
	// EboardView is wire.EboardView.
	EboardView = wire.EboardView
	// Eboards is wire.Eboards.
	Eboards = wire.Eboards
	// TRFImport is wire.TRFImport.
	TRFImport = wire.TRFImport
	// TRFPoints is wire.TRFPoints.
	TRFPoints = wire.TRFPoints
	// TRFMatch is wire.TRFMatch.
	TRFMatch = wire.TRFMatch
	// TRFConflict is wire.TRFConflict.
	TRFConflict = wire.TRFConflict
	// Standings is wire.Standings.
	Standings = wire.Standings
	// StandingsRow is wire.StandingsRow.
	StandingsRow = wire.StandingsRow
	// BroadcastSpec is wire.BroadcastSpec.
	BroadcastSpec = wire.BroadcastSpec
	// BroadcastView is wire.BroadcastView.
	BroadcastView = wire.BroadcastView
	// PushStatus is wire.PushStatus.
	PushStatus = wire.PushStatus
	// PushedGame is wire.PushedGame.
	PushedGame = wire.PushedGame
)

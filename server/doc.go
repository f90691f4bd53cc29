// Package server is the arbiter's HTTP and WebSocket API: a tournament hall,
// a club or two friends run "arbiter-hall serve"; boards and players post
// actions of the event protocol; the arbiter and spectators follow every
// game live.
//
// The server holds no chess logic of its own. Each game is a log of
// actions kept by the store (package server/store, SQLite or PostgreSQL);
// its state is the replay of that log through a touch.Engine, and the
// rulings the engine gives are stored next to each action. An action is
// appended to the log (durably) before it is acknowledged, so a server
// killed at any instant comes back with every acknowledged action.
//
// Roles: whoever creates an event receives the arbiter's token for it and
// one board token per game. A board token may post actions to its own game;
// the arbiter's token may post to any game of the event, set a result by
// decision and issue new board tokens. Reading needs no token. Tokens are
// random, stored as SHA-256 hashes and compared in constant time.
//
// Posting is idempotent: an action carrying a client sequence number
// (protocol.Action.Seq) is stored once per game and author; posting the
// same seq again returns the original acknowledgement. Client uses this to
// retry and reconnect without losing or duplicating actions.
//
// The routes are listed in the project's docs/api.md. New builds the
// handler; ListenAndServe runs it with graceful shutdown, as "arbiter
// serve" does.
package server

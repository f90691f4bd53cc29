// Package wire holds the bodies of the hall's API as they travel as JSON:
// the game, event and table views, the acknowledgements of posted
// actions, the error answers, the socket messages and the specs the
// organiser posts. The server writes them (package server and the hall,
// package server/hall), the Go client reads them (package server/client),
// and docs/api.md describes each field.
//
// It holds types only, with no behaviour beyond an error's text: it may
// import the protocol and the store's record types, never net/http, the
// hall or the server.
package wire

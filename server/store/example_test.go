package store_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// An event with one game, an action appended to the game's log, and the
// log read back: what the server does for every post. The store opens a
// SQLite file here; a postgres:// DSN opens PostgreSQL the same way.
func Example() {
	dir, err := os.MkdirTemp("", "arbiter-store")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(dir, "arbiter.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	now := time.Now()
	game := store.Game{ID: "g1", Event: "e1", Round: 1, Board: 1, White: "Ana", Black: "Ion", Created: now}
	if err := s.CreateEvent(ctx, store.Event{ID: "e1", Name: "Club night", Created: now}, []store.Game{game}); err != nil {
		log.Fatal(err)
	}
	// The caller knows no entry yet (have 0); it is told of any it missed.
	lift := &protocol.Action{By: "white", Act: protocol.Lift, Sq: "e2", Seq: 1}
	err = s.Append(ctx, "g1", 0, "", func(missing []store.Entry) ([]store.Entry, error) {
		return []store.Entry{{N: int64(len(missing)) + 1, Author: store.ByBoard, Seq: 1, Kind: store.KindAction, Action: lift, Time: now}}, nil
	})
	if err != nil {
		log.Fatal(err)
	}
	entries, err := s.Entries(ctx, "g1", 0)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range entries {
		fmt.Println(e.N, e.Author, e.Action.By, e.Action.Act, e.Action.Sq)
	}
	// Output:
	// 1 board white lift e2
}

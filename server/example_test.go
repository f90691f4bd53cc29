package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
	"github.com/arbiterchess/arbiter/server/store"
)

// A server on an SQLite file, an event with one game, and a board that
// posts 1.e4 through the Client.
func Example() {
	dir, _ := os.MkdirTemp("", "arbiter-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()

	st, err := store.Open(ctx, filepath.Join(dir, "arbiter.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	srv, _ := server.New(server.Options{Store: st})
	hs := httptest.NewServer(srv.Handler()) // "arbiter-hall serve" uses server.ListenAndServe
	defer hs.Close()
	defer srv.Close()

	// The organiser creates the event; the answer holds the tokens.
	spec := `{"name": "Club night", "games": [{"white": "Ann", "black": "Bob"}]}`
	resp, err := http.Post(hs.URL+"/api/events", "application/json", bytes.NewBufferString(spec))
	if err != nil {
		fmt.Println(err)
		return
	}
	var ev server.CreatedEvent
	json.NewDecoder(resp.Body).Decode(&ev)
	resp.Body.Close()
	game := ev.Games[0]

	// The board posts what its sensors saw.
	c := server.NewClient(hs.URL)
	defer c.Close()
	acks, err := c.Post(ctx, game.ID, game.BoardToken, []protocol.Action{
		{By: "white", Act: protocol.Lift, Sq: "e2"},
		{By: "white", Act: protocol.Drop, Sq: "e4"},
		{By: "white", Act: protocol.ClockPress},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range acks {
		for _, r := range a.Rulings {
			fmt.Printf("action %d (seq %d): %s %s%s\n", a.N, a.Seq, r.Kind, r.Sq, r.SAN)
		}
	}

	// Anyone reads the game.
	v, _ := c.Game(ctx, game.ID)
	fmt.Println(v.Moves, v.Turn, v.FEN)

	// An impossible action is refused and changes nothing.
	_, err = c.Post(ctx, game.ID, game.BoardToken, []protocol.Action{{By: "white", Act: protocol.Lift, Sq: "d2"}})
	fmt.Println(err)
	// Output:
	// action 1 (seq 1): must e2
	// action 2 (seq 2): move e4
	// [e4] black rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// 400: action 0: it is black's move: white may not lift
}

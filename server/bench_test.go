package server

import (
	"context"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// BenchmarkPost measures one action's way through the server without the
// network: token check aside, the engine's ruling and the durable append
// (SQLite, synchronous=FULL).
func BenchmarkPost(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, b.TempDir()+"/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, _ := New(Options{Store: st})
	const boards = 20
	ev := EventSpec{Name: "bench"}
	for i := 0; i < boards; i++ {
		ev.Games = append(ev.Games, GameSpec{})
	}
	games, _, err := srv.newGames("e", nil, ev.Games, map[int]int{})
	if err != nil {
		b.Fatal(err)
	}
	if err := st.CreateEvent(ctx, store.Event{ID: "e", Name: "bench"}, games); err != nil {
		b.Fatal(err)
	}
	actions := randomGame(1, 150)
	lives := make([]*live, boards)
	for i := range lives {
		if lives[i], err = srv.game(ctx, games[i].ID); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := lives[i%boards]
		k := i / boards
		if k >= len(actions) {
			b.StopTimer()
			break
		}
		if _, err := srv.post(ctx, g, store.ByBoard, []protocol.Action{actions[k]}); err != nil {
			b.Fatal(err)
		}
	}
}

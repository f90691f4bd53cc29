package server

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/arbiterchess/arbiter/internal/randgame"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// BenchmarkPost measures one action's way through the server without the
// network: token check aside, the engine's ruling and the durable append
// (SQLite, synchronous=FULL). Run it with a bounded count, as the games
// have a few thousand actions in all:
//
//	go test -run '^$' -bench Post -benchtime 2000x ./server/
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
	// A different game on every board, so that the engine's work is not
	// remembered from one board to the next.
	actions := make([][]protocol.Action, boards)
	for i := range actions {
		actions[i] = randgame.Sensor(uint64(100+i), 150)
	}
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
		if k >= len(actions[i%boards]) {
			b.Fatalf("b.N %d is more than the games have actions", b.N)
		}
		if _, err := srv.post(ctx, g, poster{author: store.ByBoard}, []protocol.Action{actions[i%boards][k]}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPostParallel is BenchmarkPost with many boards posting at once
// (the SQLite store commits their appends together).
func BenchmarkPostParallel(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, b.TempDir()+"/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, _ := New(Options{Store: st})
	const boards = 128
	specs := make([]GameSpec, boards)
	games, _, err := srv.newGames("e", nil, specs, map[int]int{})
	if err != nil {
		b.Fatal(err)
	}
	if err := st.CreateEvent(ctx, store.Event{ID: "e", Name: "bench"}, games); err != nil {
		b.Fatal(err)
	}
	actions := make([][]protocol.Action, boards)
	for i := range actions {
		actions[i] = randgame.Sensor(uint64(200+i), 150)
	}
	var next atomic.Int64
	b.SetParallelism(32) // 64 boards posting at once on 2 cores
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var g *live
		i, k := 0, 0
		for pb.Next() {
			if g == nil || k >= len(actions[i]) {
				// A board of its own; a new one when its game is played out.
				if i = int(next.Add(1) - 1); i >= boards {
					b.Error("out of games: use a bounded -benchtime")
					return
				}
				if g, err = srv.game(ctx, games[i].ID); err != nil {
					b.Error(err)
					return
				}
				k = 0
			}
			if _, err := srv.post(ctx, g, poster{author: store.ByBoard}, []protocol.Action{actions[i][k]}); err != nil {
				b.Error(err)
				return
			}
			k++
		}
	})
}

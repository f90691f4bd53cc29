package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/internal/randgame"
	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server/store"
)

// bigTRF writes a TRF file of n players and round 1 paired board by board
// (player 2i-1 against 2i), as a pairing program writes a large open.
func bigTRF(n int) string {
	var b strings.Builder
	b.WriteString("012 Big Open\n022 Loopback\n042 2026/12/01\n052 2026/12/09\n122 90 min/40 moves + 30 min + 30 sec per move\n")
	for i := 1; i <= n; i++ {
		opp, col := i+1, "w"
		if i%2 == 0 {
			opp, col = i-1, "b"
		}
		name := fmt.Sprintf("Player%04d, Some", i)
		fmt.Fprintf(&b, "001 %4d m    %-33s %4d FID %11d %10s %4s %4d  %4d %s  \n", i, name, 2700-i/2, 10000000+i, "1990/01/01", "0.0", i, opp, col)
	}
	return b.String()
}

// heapPeak samples the heap in use until stop is called, and returns its
// peak in bytes.
func heapPeak() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); <-finished; return peak.Load() }
}

// BenchmarkTRFImport2000 imports round 1 of a 2,000-player TRF file (1,000
// games) into a fresh hall and restarts the server on it, reporting the
// peak heap in use during each (the trust issue's bound: under 250 MB)
// and their times:
//
//	go test ./server -run '^$' -bench TRFImport2000 -benchtime 1x
func BenchmarkTRFImport2000(b *testing.B) {
	body := bigTRF(2000)
	for i := 0; i < b.N; i++ {
		dsn := filepath.Join(b.TempDir(), "big.db")
		st, err := store.Open(context.Background(), dsn)
		if err != nil {
			b.Fatal(err)
		}
		srv, err := New(Options{Store: st})
		if err != nil {
			b.Fatal(err)
		}
		hs := newHTTPTest(srv)
		var ev CreatedEvent
		if code, raw := call(b, "POST", hs.URL+"/api/events", "", `{"name":"Big","start":{"clock":{"white":5400,"black":5400,"increment":30}},"games":[]}`, &ev); code != http.StatusCreated {
			b.Fatalf("event: %d %s", code, raw)
		}
		runtime.GC()
		stop := heapPeak()
		t0 := time.Now()
		code, _, out := raw(b, "POST", hs.URL+"/api/events/"+ev.ID+"/trf?round=1", "text/plain", body, map[string]string{"Authorization": "Bearer " + ev.ArbiterToken})
		took := time.Since(t0)
		peak := stop()
		if code != http.StatusCreated || !strings.Contains(out, `"players": 2000`) {
			b.Fatalf("import: %d %.300s", code, out)
		}
		hs.Close()
		srv.Close()
		st.Close()
		b.ReportMetric(float64(peak)/(1<<20), "import-peak-MB")
		b.ReportMetric(took.Seconds(), "import-s")

		// A restart loads every game with a clock (the flag watch).
		runtime.GC()
		stop = heapPeak()
		t0 = time.Now()
		st, err = store.Open(context.Background(), dsn)
		if err != nil {
			b.Fatal(err)
		}
		srv, err = New(Options{Store: st})
		if err != nil {
			b.Fatal(err)
		}
		for srv.loaded() < 1000 && time.Since(t0) < time.Minute {
			time.Sleep(5 * time.Millisecond)
		}
		took = time.Since(t0)
		peak = stop()
		if srv.loaded() < 1000 {
			b.Fatalf("%d games loaded after a minute", srv.loaded())
		}
		srv.Close()
		st.Close()
		b.ReportMetric(float64(peak)/(1<<20), "restart-peak-MB")
		b.ReportMetric(took.Seconds(), "restart-s")
	}
}

// BenchmarkDelayedPollers has 100 anonymous pollers read an event's feed
// under its broadcast delay, each asking for another delay= at every poll
// (one a second each), while 20 boards post (five actions a second each);
// it reports the boards' posts' p50 and p99 (the trust issue's bound: p99
// under 10 ms), beside the same boards without pollers:
//
//	go test ./server -run '^$' -bench DelayedPollers -benchtime 1x
func BenchmarkDelayedPollers(b *testing.B) {
	// The anchor: the same boards with no poller, in the same window.
	for _, pollers := range []int{0, 100} {
		b.Run(fmt.Sprintf("pollers=%d", pollers), func(b *testing.B) { delayedPollers(b, pollers) })
	}
}

func delayedPollers(b *testing.B, pollers int) {
	for i := 0; i < b.N; i++ {
		st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "poll.db"))
		if err != nil {
			b.Fatal(err)
		}
		srv, err := New(Options{Store: st})
		if err != nil {
			b.Fatal(err)
		}
		hs := newHTTPTest(srv)
		const boards = 20
		spec := EventSpec{Name: "Delayed", Delay: 2, Start: &protocol.Start{Clock: &protocol.Clock{White: 5400, Black: 5400, Increment: 30}}}
		for j := 0; j < boards; j++ {
			spec.Games = append(spec.Games, GameSpec{})
		}
		var ev CreatedEvent
		if code, raw := call(b, "POST", hs.URL+"/api/events", "", spec, &ev); code != http.StatusCreated {
			b.Fatalf("event: %d %s", code, raw)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 12*time.Second)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var lat []time.Duration
		var polls atomic.Int64
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: pollers + boards}}
		for j := 0; j < boards; j++ {
			wg.Add(1)
			go func(j int) {
				defer wg.Done()
				g := ev.Games[j]
				acts := randgame.Sensor(uint64(300+j), 150)
				for _, a := range acts {
					if ctx.Err() != nil {
						return
					}
					t0 := time.Now()
					req, _ := http.NewRequestWithContext(ctx, "POST", hs.URL+"/api/games/"+g.ID+"/actions", strings.NewReader(mustJSONb(a)))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer "+g.BoardToken)
					res, err := client.Do(req)
					if err != nil {
						return
					}
					res.Body.Close()
					mu.Lock()
					lat = append(lat, time.Since(t0))
					mu.Unlock()
					time.Sleep(200 * time.Millisecond) // a board acts every 0.2 s: 100 posts a second in all
				}
			}(j)
		}
		for j := 0; j < pollers; j++ {
			wg.Add(1)
			go func(j int) {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(j), 7))
				for ctx.Err() == nil {
					delay := 2 + rng.IntN(600)
					req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/events/%s/pgn?delay=%d", hs.URL, ev.ID, delay), nil)
					res, err := client.Do(req)
					if err != nil {
						return
					}
					res.Body.Close()
					polls.Add(1)
					time.Sleep(time.Second) // a poll a second, as a broadcast client polls
				}
			}(j)
		}
		time.Sleep(10 * time.Second)
		cancel()
		wg.Wait()
		hs.Close()
		srv.Close()
		st.Close()
		slices.Sort(lat)
		if len(lat) == 0 {
			b.Fatal("no post")
		}
		q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
		b.ReportMetric(q(0.5), "post-p50-ms")
		b.ReportMetric(q(0.99), "post-p99-ms")
		b.ReportMetric(float64(len(lat)), "posts")
		b.ReportMetric(float64(polls.Load()), "polls")
	}
}

func mustJSONb(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

package pgtest

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// Cuttable returns the URL of a fresh schema (Schema) reached through a
// TCP relay on loopback, and a function that cuts the relay: every
// connection through it closes and no new one is taken, as when the
// PostgreSQL server stops under a running program. It skips the test
// when Env is not set.
func Cuttable(t testing.TB) (dsn string, cut func()) {
	t.Helper()
	u, err := url.Parse(Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	r := relay(t, u.Host)
	u.Host = r.ln.Addr().String()
	return u.String(), r.cut
}

// relayConns is a TCP relay to a target and its connections.
type relayConns struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func relay(t testing.TB, target string) *relayConns {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &relayConns{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			r.mu.Lock()
			r.conns = append(r.conns, c, d)
			r.mu.Unlock()
			go func() { io.Copy(d, c); d.Close() }()
			go func() { io.Copy(c, d); c.Close() }()
		}
	}()
	t.Cleanup(r.cut)
	return r
}

// cut closes the listener and every connection.
func (r *relayConns) cut() {
	r.ln.Close()
	r.mu.Lock()
	for _, c := range r.conns {
		c.Close()
	}
	r.conns = nil
	r.mu.Unlock()
}

package main

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// Asking a command for its flags is not an error: every command prints
// its usage and exits 0 on -h and --help, and 2 on a flag it does not know.
func TestHelpExitsZero(t *testing.T) {
	for name := range commands {
		for _, h := range []string{"-h", "--help"} {
			code, _, errs := runCmd(t, "", name, h)
			if code != 0 {
				t.Errorf("arbiter %s %s: status %d, want 0", name, h, code)
			}
			if !strings.Contains(errs, "usage") && !strings.Contains(errs, "-") {
				t.Errorf("arbiter %s %s printed no usage: %q", name, h, errs)
			}
		}
		if code, _, _ := runCmd(t, "", name, "--no-such-flag"); code != 2 {
			t.Errorf("arbiter %s --no-such-flag: status %d, want 2", name, code)
		}
	}
}

// A port already taken gets a hint at --addr, not only the system's words.
func TestServePortClashHintsAtAddr(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	db := filepath.Join(t.TempDir(), "a.db")
	code, _, errs := runCmd(t, "", "serve", "--addr", ln.Addr().String(), "--db", db)
	if code != 1 {
		t.Fatalf("status %d, want 1; stderr %q", code, errs)
	}
	if !strings.Contains(errs, "--addr") || !strings.Contains(errs, ln.Addr().String()) {
		t.Fatalf("no hint at --addr: %q", errs)
	}
}

package main

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/creack/pty"

	"github.com/arbiterchess/arbiter/eboard/reader"
)

// The "address in use" hint knows the Unix errno and Windows's
// WSAEADDRINUSE, as net wraps them.
func TestAddrInUse(t *testing.T) {
	wrap := func(errno syscall.Errno) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	if !addrInUse(wrap(syscall.EADDRINUSE)) || !addrInUse(wrap(syscall.Errno(10048))) {
		t.Error("an address in use not recognised")
	}
	if addrInUse(wrap(syscall.EACCES)) || addrInUse(errors.New("address already in use")) {
		t.Error("another error taken for an address in use")
	}
}

// serve reads its settings from the environment when the command line
// does not give them, and the command line wins: a port taken names the
// address the environment gave; a bad value names its variable.
func TestServe_SettingsFromEnvironment(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	t.Setenv("ARBITER_ADDR", ln.Addr().String())
	t.Setenv("ARBITER_DB", filepath.Join(t.TempDir(), "env.db"))
	code, _, errs := runCmd(t, "", "serve")
	if code != 1 || !strings.Contains(errs, ln.Addr().String()) || !strings.Contains(errs, "another program already listens") {
		t.Errorf("ARBITER_ADDR of a taken port: status %d, %q", code, errs)
	}
	t.Setenv("ARBITER_LOG", "xml")
	if code, _, errs := runCmd(t, "", "serve"); code != 2 || !strings.Contains(errs, "--log must be text or json") {
		t.Errorf("ARBITER_LOG=xml: status %d, %q", code, errs)
	}
	if code, _, errs := runCmd(t, "", "serve", "--log", "text", "--addr", ln.Addr().String()); code != 1 || strings.Contains(errs, "--log must") {
		t.Errorf("--log over ARBITER_LOG: status %d, %q", code, errs)
	}
	t.Setenv("ARBITER_NEW_HALL", "perhaps")
	if code, _, errs := runCmd(t, "", "serve"); code != 2 || !strings.Contains(errs, "$ARBITER_NEW_HALL") {
		t.Errorf("ARBITER_NEW_HALL=perhaps: status %d, %q", code, errs)
	}
	t.Setenv("ARBITER_NEW_HALL", "")
	t.Setenv("ARBITER_LOG", "")
	t.Setenv("ARBITER_ADMIN_TOKEN_FILE", filepath.Join(t.TempDir(), "missing"))
	if code, _, errs := runCmd(t, "", "serve"); code != 2 || !strings.Contains(errs, "missing") {
		t.Errorf("ARBITER_ADMIN_TOKEN_FILE of a missing file: status %d, %q", code, errs)
	}
}

// The help shows no secret: a token in the environment is not printed as
// a default.
func TestServe_HelpShowsNoToken(t *testing.T) {
	t.Setenv("ARBITER_ADMIN_TOKEN", "adm_secret")
	t.Setenv("ARBITER_BOARD_TOKEN", "brd_secret")
	for _, cmd := range []string{"serve", "eboard"} {
		_, _, errs := runCmd(t, "", cmd, "--help")
		if strings.Contains(errs, "secret") {
			t.Errorf("%s --help prints a token:\n%s", cmd, errs)
		}
	}
}

// The e-board simulator gives the same actions and rulings over the
// in-process line as over a pseudo-terminal (where the system has them).
func TestEboardCmd_InProcessLine(t *testing.T) {
	noisy := filepath.Join(eboardData, "noisy-game.jsonl")
	run := func(line string, extra ...string) (string, string) {
		t.Helper()
		code, out, errs := runCmd(t, "", append([]string{"eboard", "--sim", noisy, "--speed", "40", "--sim-line", line}, extra...)...)
		if code != 0 {
			t.Fatalf("--sim-line %s: exit %d: %s", line, code, errs)
		}
		return out, errs
	}
	clean, err := os.ReadFile(filepath.Join(eboardData, "clean-game.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	mem, _ := run(reader.SimMemory)
	if got, want := actionLines(t, mem), actionLines(t, string(clean)); !reflect.DeepEqual(got, want) {
		t.Errorf("the in-process line's actions differ\n got: %v\nwant: %v", got, want)
	}
	memRulings, _ := run(reader.SimMemory, "--replay", "--summary", "--leds")
	if !strings.Contains(memRulings, `"kind":"move"`) {
		t.Errorf("no move ruled over the in-process line:\n%s", memRulings)
	}
	if _, errs := run(reader.SimMemory, "-v"); !strings.Contains(errs, "an in-process line") {
		t.Errorf("-v does not name the line: %q", errs)
	}
	if code, _, errs := runCmd(t, "", "eboard", "--sim", noisy, "--sim-line", "serial"); code != 2 || !strings.Contains(errs, "--sim-line must be") {
		t.Errorf("--sim-line serial: exit %d, %q", code, errs)
	}
	if ptmx, tty, err := pty.Open(); err != nil {
		t.Skipf("no pseudo-terminal here (%v): the in-process line alone", err)
	} else {
		tty.Close()
		ptmx.Close()
	}
	ptyRulings, _ := run(reader.SimPTY, "--replay", "--summary", "--leds")
	if memRulings != ptyRulings {
		t.Errorf("rulings differ\nmemory: %s\npty:    %s", memRulings, ptyRulings)
	}
}

// --list-ports names DGT boards by their USB strings or their port's
// name, and says which other ports may be one.
func TestListPorts_Identity(t *testing.T) {
	var b strings.Builder
	describe(&b, []port{
		{name: "/dev/ttyACM0", usb: true, vid: "2341", pid: "0043", manufacturer: "Arduino", detailed: true},
		{name: "/dev/ttyS0", detailed: true},
		{name: "/dev/ttyUSB0", usb: true, vid: "0403", pid: "6001", manufacturer: "DGT", product: "DGT e-Board", serial: "A1B2", detailed: true},
		{name: "COM4", usb: true, vid: "0403", pid: "6015", manufacturer: "FTDI", detailed: true},
		{name: "/dev/cu.DGT_BT_21265-SPPDev"},
	})
	out := b.String()
	for _, want := range []string{
		"/dev/ttyACM0             USB serial device, not known as a DGT board (USB 2341:0043, Arduino)",
		"/dev/ttyS0               not USB",
		"/dev/ttyUSB0             DGT board (USB 0403:6001, DGT, DGT e-Board, serial A1B2)",
		"COM4                     FTDI USB serial: a DGT USB board, or another device on an FTDI chip (USB 0403:6015, FTDI)",
		"/dev/cu.DGT_BT_21265-SPPDev DGT board",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "read it with") {
		t.Errorf("two DGT boards, yet one is proposed:\n%s", out)
	}
	b.Reset()
	describe(&b, []port{{name: "COM3", usb: true, vid: "0403", pid: "6001", product: "DGT Board", detailed: true}})
	if !strings.Contains(b.String(), "read it with: arbiter-hall eboard --port COM3") {
		t.Errorf("one DGT board, no command proposed:\n%s", b.String())
	}
	b.Reset()
	describe(&b, nil)
	if !strings.Contains(b.String(), "no serial ports") {
		t.Errorf("no ports: %q", b.String())
	}
	if code, out, errs := runCmd(t, "", "eboard", "--list-ports"); code != 0 {
		t.Errorf("--list-ports on this machine: exit %d %s %s", code, out, errs)
	}
}

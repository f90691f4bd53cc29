package server

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// scaleFileLimit raises the soft limit of open files to the hard one, and
// skips the test when even that is below need (each board and each
// spectator holds a socket in this process, and one in the server's).
func scaleFileLimit(t *testing.T, need int) {
	cur, err := raiseOpenFiles()
	if err != nil {
		t.Fatal(err)
	}
	if cur < uint64(need) {
		t.Skipf("the open-file limit is %d, below the %d sockets of the test: raise it (ulimit -n)", cur, need)
	}
	t.Logf("open-file limit of the test process: %d (the server raises its own to its hard limit); %d needed", cur, need)
}

// scaleProc is one server process of the test, restartable on its port.
type scaleProc struct {
	addr, pprofAddr string
	mu              sync.Mutex
	p               *serverProcess
	peakKB          int64
}

func (sp *scaleProc) current() *serverProcess {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.p
}

func (sp *scaleProc) url() string { return "http://" + sp.addr }

// startScaleProc starts (or restarts) the server on sp.addr.
func startScaleProc(t *testing.T, cfg scaleConfig, sp *scaleProc, logTo *os.File) {
	t.Helper()
	var cmd *exec.Cmd
	if cfg.pprof == "" {
		cmd = exec.Command(cfg.bin, "serve", "--addr", sp.addr, "--db", cfg.db)
	} else {
		cmd = exec.Command(os.Args[0], "-test.run", "^TestLoadScaleServe$")
		cmd.Env = append(os.Environ(), "ARBITER_LOADSCALE_SERVE="+sp.addr+" "+sp.pprofAddr+" "+cfg.db)
	}
	p := startScaleCmd(t, cmd, logTo)
	sp.mu.Lock()
	sp.p = p
	sp.mu.Unlock()
}

// startScaleCmd starts a server command and waits for it to print its
// URL ("arbiter: serving on URL") on stdout; its stderr goes to logTo.
func startScaleCmd(t *testing.T, cmd *exec.Cmd, logTo *os.File) *serverProcess {
	t.Helper()
	cmd.Stderr = logTo
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProcess{cmd: cmd, done: make(chan error, 1)}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "arbiter: serving on "); ok {
				urls <- strings.TrimRight(u, "/")
			}
		}
	}()
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() { p.kill() })
	select {
	case p.url = <-urls:
	case err := <-p.done:
		t.Fatalf("server exited: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("server did not start")
	}
	return p
}

// procRSS reads VmRSS (kB) of a process, 0 when it is gone.
func procRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}

// procCPU reads the user and system CPU time of a process.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	k, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+k) * time.Second / 100 // USER_HZ
}

// postgresCPU is the CPU time of the machine's "postgres" processes
// (those living now: the server and its backends).
func postgresCPU() time.Duration {
	var d time.Duration
	ds, _ := os.ReadDir("/proc")
	for _, e := range ds {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); err == nil && strings.TrimSpace(string(b)) == "postgres" {
			d += procCPU(pid)
		}
	}
	return d
}

func mb(kb int64) string { return fmt.Sprintf("%.0f MB", float64(kb)/1024) }

func numCPU() int {
	n := 0
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		n = bytes.Count(b, []byte("\nprocessor"))
		if bytes.HasPrefix(b, []byte("processor")) {
			n++
		}
	}
	return n
}

// goroutines returns the first line of the server's goroutine profile.
func goroutines(sp *scaleProc) string {
	resp, err := http.Get("http://" + sp.pprofAddr + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	line, _ := bufio.NewReader(resp.Body).ReadString('\n')
	return strings.TrimSpace(line)
}

// fetchProfile saves a pprof profile of the server process sp.
func fetchProfile(t *testing.T, sp *scaleProc, what, file string) {
	resp, err := http.Get("http://" + sp.pprofAddr + "/debug/pprof/" + what)
	if err != nil {
		t.Logf("pprof %s: %v", what, err)
		return
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Logf("pprof %s: %v", what, err)
		return
	}
	t.Logf("pprof %s: %s", what, file)
}

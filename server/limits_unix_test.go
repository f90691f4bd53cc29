//go:build unix

package server

import (
	"syscall"
	"time"
)

// raiseOpenFiles lifts the process's soft limit of open files to its hard
// limit, and returns the limit in force.
func raiseOpenFiles() (uint64, error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	if l.Cur < l.Max {
		want := l
		want.Cur = want.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
			return uint64(l.Cur), err
		}
		l = want
	}
	return uint64(l.Cur), nil
}

// selfCPU returns the CPU time (user and system) of this process so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

//go:build !unix

package server

import (
	"math"
	"time"
)

// raiseOpenFiles reports no limit: this system has no per-process limit
// of open files to raise (Windows bounds handles far above a test's
// sockets).
func raiseOpenFiles() (uint64, error) { return math.MaxUint64, nil }

// selfCPU returns 0: the load test's CPU figures are Linux's (/proc).
func selfCPU() time.Duration { return 0 }

//go:build !unix

package main

import "os"

// peakRSS returns 0: this system does not say the peak resident memory
// of a process through os.ProcessState (the benchmark then skips).
func peakRSS(*os.ProcessState) int64 { return 0 }

//go:build !amd64 || amd64.v2

package chess

import "math/bits"

// popcount uses the processor's instruction: it is always there on
// x86-64-v2 and above (GOAMD64=v2, v3, v4) and on other architectures.
func popcount(x uint64) int { return bits.OnesCount64(x) }

//go:build amd64 && !amd64.v2

package chess

// popcount counts bits without the POPCNT instruction. With GOAMD64=v1
// (the default) Go guards POPCNT with a run-time check and a fallback call,
// which makes the compiler spill registers around every count in the move
// generator; this branch-free version is faster there.
func popcount(x uint64) int {
	x -= (x >> 1) & 0x5555555555555555
	x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f
	return int(x * 0x0101010101010101 >> 56)
}

package pairing

import "math/bits"

// Wide unsigned integers, as the Dutch criteria need for the weights of
// their matching: little-endian words, all values of one matching the
// same number of words. The functions write into dst, which may be one
// of the operands.

// wAdd sets dst = a + b (modulo the width).
func wAdd(dst, a, b []uint64) {
	var c uint64
	for i := range dst {
		dst[i], c = bits.Add64(a[i], b[i], c)
	}
}

// wSub sets dst = a - b (modulo the width).
func wSub(dst, a, b []uint64) {
	var c uint64
	for i := range dst {
		dst[i], c = bits.Sub64(a[i], b[i], c)
	}
}

// wCmp returns -1, 0 or 1 as a is less than, equal to or greater than b.
func wCmp(a, b []uint64) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// wIsZero reports whether a is zero.
func wIsZero(a []uint64) bool {
	for _, x := range a {
		if x != 0 {
			return false
		}
	}
	return true
}

// wShr1 sets dst = a / 2.
func wShr1(dst, a []uint64) {
	for i := 0; i < len(a); i++ {
		x := a[i] >> 1
		if i+1 < len(a) {
			x |= a[i+1] << 63
		}
		dst[i] = x
	}
}

// wShl sets a = a << k (modulo the width).
func wShl(a []uint64, k int) {
	if k <= 0 {
		return
	}
	words, b := k/64, uint(k%64)
	for i := len(a) - 1; i >= 0; i-- {
		var x uint64
		if j := i - words; j >= 0 {
			x = a[j] << b
			if b > 0 && j-1 >= 0 {
				x |= a[j-1] >> (64 - b)
			}
		}
		a[i] = x
	}
}

// wAddSmall adds x to a, with the carry.
func wAddSmall(a []uint64, x uint64) {
	var c uint64
	a[0], c = bits.Add64(a[0], x, 0)
	for i := 1; c != 0 && i < len(a); i++ {
		a[i], c = bits.Add64(a[i], 0, c)
	}
}

// wSubSmall subtracts x from a, with the borrow.
func wSubSmall(a []uint64, x uint64) {
	var c uint64
	a[0], c = bits.Sub64(a[0], x, 0)
	for i := 1; c != 0 && i < len(a); i++ {
		a[i], c = bits.Sub64(a[i], 0, c)
	}
}

// wAddBit adds 1<<s to a, with the carry.
func wAddBit(a []uint64, s int) {
	i := s / 64
	if i >= len(a) {
		return
	}
	var c uint64
	a[i], c = bits.Add64(a[i], 1<<uint(s%64), 0)
	for i++; c != 0 && i < len(a); i++ {
		a[i], c = bits.Add64(a[i], 0, c)
	}
}

// wSetBit sets bit s of a.
func wSetBit(a []uint64, s int) {
	if s/64 < len(a) {
		a[s/64] |= 1 << uint(s%64)
	}
}

// wClear sets a to zero.
func wClear(a []uint64) {
	for i := range a {
		a[i] = 0
	}
}

package pairing

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxPairs bounds the number of pairs ReadPairs accepts.
const maxPairs = 100000

// ReadPairs reads a round's pairing in the form bbpPairings and JaVaFo
// write: the number of pairs on the first line, then one pair a line,
// "white black", a pairing-allocated bye as "player 0".
func ReadPairs(r io.Reader) ([]Pair, error) {
	sc := bufio.NewScanner(r)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			if t := strings.TrimSpace(sc.Text()); t != "" {
				return t, true
			}
		}
		return "", false
	}
	first, ok := next()
	if !ok {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("pairing: %v", err)
		}
		return nil, fmt.Errorf("pairing: no pairs: the first line should give their number")
	}
	n, err := strconv.Atoi(first)
	if err != nil || n < 0 || n > maxPairs {
		return nil, fmt.Errorf("pairing: line %d: %q is not a number of pairs", line, first)
	}
	pairs := make([]Pair, 0, n)
	seen := map[int]int{}
	for len(pairs) < n {
		t, ok := next()
		if !ok {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("pairing: %v", err)
			}
			return nil, fmt.Errorf("pairing: %d pairs announced, %d found", n, len(pairs))
		}
		f := strings.Fields(t)
		if len(f) != 2 {
			return nil, fmt.Errorf("pairing: line %d: %q is not two pairing numbers", line, t)
		}
		w, err1 := strconv.Atoi(f[0])
		b, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || w < 1 || b < 0 || w > 9999 || b > 9999 || w == b {
			return nil, fmt.Errorf("pairing: line %d: %q is not a pair of pairing numbers", line, t)
		}
		for _, x := range []int{w, b} {
			if x == 0 {
				continue
			}
			if l, dup := seen[x]; dup {
				return nil, fmt.Errorf("pairing: line %d: player %d is already paired on line %d", line, x, l)
			}
			seen[x] = line
		}
		pairs = append(pairs, Pair{w, b})
	}
	if t, ok := next(); ok {
		return nil, fmt.Errorf("pairing: line %d: %q after the %d pairs announced", line, t, n)
	}
	return pairs, sc.Err()
}

// WritePairs writes pairs in the form ReadPairs reads.
func WritePairs(w io.Writer, pairs []Pair) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(pairs))
	for _, p := range pairs {
		fmt.Fprintf(&b, "%d %d\n", p.White, p.Black)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

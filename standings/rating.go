package standings

// The FIDE rating tables (Handbook B.02, table 8.1): dp, the rating
// difference for a percentage scored, and pd, the expected score of the
// higher-rated player for a rating difference.

// dpTable is dp for 50% to 100%, one entry a percent; below 50% dp is
// the negative of dp(100 - p).
var dpTable = [51]int64{
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
}

// dpOf returns dp for a percentage from 0 to 100.
func dpOf(pct int64) int64 {
	pct = max(0, min(100, pct))
	if pct >= 50 {
		return dpTable[pct-50]
	}
	return -dpTable[50-pct]
}

// pdSteps are the upper ends of the rating differences for which the
// higher-rated player's expected score is 50%, 51%, ... 99%; above the
// last it is 100%.
var pdSteps = [50]int{
	3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
	153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
	374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
}

// expected returns the expected score, in hundredths, of a player rated
// r against one rated opp.
func expected(r, opp int) int64 {
	d := r - opp
	neg := d < 0
	if neg {
		d = -d
	}
	pd := int64(100)
	for i, top := range pdSteps {
		if d <= top {
			pd = int64(50 + i)
			break
		}
	}
	if neg {
		return 100 - pd
	}
	return pd
}

// perfect returns the perfect tournament performance: the lowest rating
// whose expected score against opps is at least score (in tenths); for a
// score of 0, the lowest rating less 800.
func perfect(score int64, opps []int) int64 {
	lo, hi := opps[0], opps[0]
	for _, o := range opps {
		lo, hi = min(lo, o), max(hi, o)
	}
	if score == 0 {
		return int64(lo - 800)
	}
	want := score * 10 // hundredths
	sum := func(r int) int64 {
		var s int64
		for _, o := range opps {
			s += expected(r, o)
		}
		return s
	}
	a, b := lo-1000, hi+1000 // sum(a) < want <= sum(b)
	if sum(b) < want {
		return int64(hi + 800)
	}
	for b-a > 1 {
		m := (a + b) / 2
		if sum(m) >= want {
			b = m
		} else {
			a = m
		}
	}
	return int64(b)
}

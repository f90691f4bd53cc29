package protocol

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// ParseClock reads a time control as people write it, into a Clock:
//
//   - the PGN standard, in seconds: "5400+30", "300", "40/5400+30:1800+30";
//   - two numbers as lichess writes them, the time in minutes when it is
//     under 60 ("15+10": 15 minutes and 10 seconds a move; "180+2" is
//     three minutes, in the PGN standard's seconds);
//   - FIDE's prose and its short forms: "90 min/40 moves + 30 min + 30 sec
//     per move", "90/40+30+30s", "90'/40 + 30' + 30”", "90 minutes for 40
//     moves, then 30 minutes, with 30 seconds a move from move one",
//     "15 min + 10 sec";
//   - US Chess: "G/90;inc30", "G/30;d5" (a US delay), "40/90, SD/30;d5",
//     "G/90+30".
//
// Minutes are the unit of a bare number in prose, seconds of a number
// marked s, sec, second or ” (the increment, or a delay after d or
// "delay"). A form it cannot read is an error that says what it read.
func ParseClock(s string) (*Clock, error) {
	t := strings.TrimSpace(s)
	if t == "" || t == "-" || t == "?" {
		return nil, fmt.Errorf("time control %q: no time control", s)
	}
	var c *Clock
	var err error
	switch {
	case pgnStandard().MatchString(t):
		c, err = parseStandard(t)
	case usChess().MatchString(strings.ToUpper(t)):
		c, err = parseUS(t)
	default:
		c, err = parseProse(t)
	}
	if err != nil {
		return nil, fmt.Errorf("time control %q: %v", s, err)
	}
	if err := c.Check(); err != nil {
		return nil, fmt.Errorf("time control %q: %v", s, err)
	}
	return c, nil
}

var (
	// The expressions are compiled when a time control is first read, not
	// when a program starts.
	pgnStandard = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\d+(/\d+)?(\+\d+)?(:(\d+/)?\d+(\+\d+)?)*$`)
	})
	usChess = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(G/|\d+\s*/\s*\d+\s*,?\s*SD/)`) })
	number  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\d+(\.\d+)?`) })
)

// parseStandard reads the PGN standard's form (seconds), or two bare
// numbers as lichess writes them (minutes under 60).
func parseStandard(t string) (*Clock, error) {
	if !strings.ContainsAny(t, "/:") {
		base, inc, _ := strings.Cut(t, "+")
		b, _ := strconv.Atoi(base)
		if b < 60 {
			b *= 60 // "15+10": lichess's minutes
		}
		c := &Clock{White: b, Black: b}
		if inc != "" {
			c.Increment, _ = strconv.Atoi(inc)
		}
		return c, nil
	}
	c := &Clock{}
	moves := 0
	parts := strings.Split(t, ":")
	for i, p := range parts {
		n := 0
		if m, rest, ok := strings.Cut(p, "/"); ok {
			n, _ = strconv.Atoi(m)
			p = rest
			if n <= 0 {
				return nil, fmt.Errorf("a period of %q moves", m)
			}
		} else if i < len(parts)-1 {
			return nil, fmt.Errorf("a period before the last needs its number of moves")
		}
		base, inc, _ := strings.Cut(p, "+")
		secs, _ := strconv.Atoi(base)
		if inc != "" {
			c.Increment, _ = strconv.Atoi(inc)
		}
		if i == 0 {
			c.White, c.Black = secs, secs
		} else {
			c.Periods = append(c.Periods, Period{Moves: moves, Add: secs})
		}
		moves += n
	}
	return c, nil
}

// parseUS reads US Chess's forms: "G/90", "40/90, SD/30", then ";inc30",
// "+30", ";d5" (a US delay, in seconds).
func parseUS(t string) (*Clock, error) {
	main, mods, _ := strings.Cut(strings.ToUpper(t), ";")
	c := &Clock{}
	if inc, ok := strings.CutPrefix(strings.TrimSpace(mods), "INC"); ok {
		mods = ""
		c.Increment, _ = strconv.Atoi(strings.TrimSpace(inc))
	}
	for _, m := range strings.Split(mods, ";") {
		m = strings.TrimSpace(m)
		switch {
		case m == "":
		case strings.HasPrefix(m, "INC"):
			c.Increment, _ = strconv.Atoi(strings.TrimSpace(m[3:]))
		case strings.HasPrefix(m, "D"):
			d, err := strconv.Atoi(strings.TrimSpace(m[1:]))
			if err != nil {
				return nil, fmt.Errorf("a delay %q", m)
			}
			c.Delay, c.DelayMode = d, DelayUS
		default:
			return nil, fmt.Errorf("%q after ';' is neither incN nor dN", m)
		}
	}
	if g, ok := strings.CutPrefix(main, "G/"); ok {
		mins, inc, _ := strings.Cut(strings.TrimSpace(g), "+")
		m, err := strconv.Atoi(strings.TrimSpace(mins))
		if err != nil {
			return nil, fmt.Errorf("the minutes after G/ are missing (%q)", mins)
		}
		c.White, c.Black = m*60, m*60
		if inc != "" {
			c.Increment, _ = strconv.Atoi(strings.TrimSpace(inc))
		}
		return c, nil
	}
	first, sd, _ := strings.Cut(main, "SD/")
	mv, mins, _ := strings.Cut(strings.Trim(strings.TrimSpace(first), ","), "/")
	n, err1 := strconv.Atoi(strings.TrimSpace(mv))
	m, err2 := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(mins), ",")))
	k, err3 := strconv.Atoi(strings.TrimSpace(sd))
	if err1 != nil || err2 != nil || err3 != nil {
		return nil, fmt.Errorf("US Chess form N/M, SD/K not read")
	}
	c.White, c.Black = m*60, m*60
	c.Periods = []Period{{Moves: n, Add: k * 60}}
	return c, nil
}

// A token of prose: a number with its unit, or a word that joins them.
type proseToken struct {
	n    int
	unit string // "min", "sec", "moves", "" (none), or "/" "+" "then" "delay" "inc"
}

var proseWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\d+|''|"|'|[a-z]+|/|\+|,|;`) })

// parseProse reads FIDE's prose and short forms: times in minutes (a
// bare number, or min, m, '), move counts (after "/" or with moves,
// "for N moves"), an increment in seconds (s, sec, ”, per move, inc),
// a delay ("delay 5", "d5").
func parseProse(t string) (*Clock, error) {
	var toks []proseToken
	words := proseWord().FindAllString(strings.ToLower(t), -1)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if number().MatchString(w) && w[0] >= '0' && w[0] <= '9' {
			n, _ := strconv.Atoi(w)
			unit := ""
			if i+1 < len(words) {
				switch u := words[i+1]; {
				case u == "''" || u == `"` || strings.HasPrefix(u, "s") && u != "sd":
					unit = "sec"
				case u == "'" || u == "m" || strings.HasPrefix(u, "min") || u == "mn":
					unit = "min"
				case strings.HasPrefix(u, "mov") || u == "mv":
					unit = "moves"
				case u == "h" || strings.HasPrefix(u, "hour"):
					unit, n = "min", n*60
				}
				if unit != "" {
					i++
				}
			}
			toks = append(toks, proseToken{n: n, unit: unit})
			continue
		}
		switch {
		case w == "/" || w == "for":
			toks = append(toks, proseToken{unit: "/"})
		case w == "+" || w == "then" || w == "," || w == ";" || w == "and" || w == "plus":
			toks = append(toks, proseToken{unit: "+"})
		case w == "d" || strings.HasPrefix(w, "delay"):
			toks = append(toks, proseToken{unit: "delay"})
		case strings.HasPrefix(w, "inc") || strings.HasPrefix(w, "bonus"):
			toks = append(toks, proseToken{unit: "inc"})
		}
	}
	c := &Clock{}
	var times []int // minutes of each period, in order
	var counts []int
	delayNext, incNext := false, false
	for i, tk := range toks {
		switch {
		case tk.unit == "delay":
			delayNext = true
		case tk.unit == "inc":
			incNext = true
		case tk.unit == "/" || tk.unit == "+":
		case delayNext:
			c.Delay, c.DelayMode, delayNext = tk.n, DelayUS, false
		case tk.unit == "sec" || incNext:
			c.Increment, incNext = tk.n, false
		case tk.unit == "moves" || tk.unit == "" && i > 0 && toks[i-1].unit == "/" && len(times) > len(counts):
			if len(times) == 0 {
				return nil, fmt.Errorf("%d moves before any time", tk.n)
			}
			for len(counts) < len(times)-1 {
				counts = append(counts, 0)
			}
			counts = append(counts, tk.n)
		default: // minutes
			times = append(times, tk.n)
		}
	}
	if len(times) == 0 {
		return nil, fmt.Errorf("no time in it")
	}
	c.White, c.Black = times[0]*60, times[0]*60
	moves := 0
	for i := 1; i < len(times); i++ {
		if i-1 >= len(counts) || counts[i-1] == 0 {
			return nil, fmt.Errorf("%d more minutes after how many moves?", times[i])
		}
		moves += counts[i-1]
		c.Periods = append(c.Periods, Period{Moves: moves, Add: times[i] * 60})
	}
	return c, nil
}

// UnmarshalJSON reads a Clock from its object, or from a string as people
// write a time control (ParseClock: "90 min/40 moves + 30 min + 30 sec per
// move", "G/90;inc30", "15+10").
func (c *Clock) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		p, err := ParseClock(s)
		if err != nil {
			return err
		}
		*c = *p
		return nil
	}
	type plain Clock // no UnmarshalJSON of its own
	return json.Unmarshal(b, (*plain)(c))
}

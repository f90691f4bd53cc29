package chess

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// PerftCase is one position of a perft test suite with its expected counts.
type PerftCase struct {
	ID       string // the suite's name for the position ("" in EPD files)
	FEN      string
	Chess960 bool // the id names chess960, or the suite is a Chess960 one
	Expected []PerftCount
	Line     int // where the position starts in the file
}

// PerftCount is an expected node count at one depth.
type PerftCount struct {
	Depth int
	Nodes uint64
}

// ReadPerftSuite reads a perft suite in either of the two common formats:
// blocks of "id NAME" / "epd FEN" / "perft DEPTH NODES" lines, or lines of
// "FEN ;D1 20 ;D2 400". Lines starting with # are comments. An id that
// contains "chess960" marks its position as Chess960.
func ReadPerftSuite(r io.Reader) ([]PerftCase, error) {
	var out []PerftCase
	var cur *PerftCase
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	id := ""
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch {
		case key == "id":
			id = rest
		case key == "epd":
			out = append(out, PerftCase{ID: id, FEN: rest, Chess960: strings.Contains(strings.ToLower(id), "chess960"), Line: n})
			cur = &out[len(out)-1]
			id = ""
		case key == "perft":
			if cur == nil {
				return nil, fmt.Errorf("line %d: perft before any epd line", n)
			}
			d, nodes, ok := strings.Cut(rest, " ")
			c, err := parsePerftCount(d, nodes)
			if !ok || err != nil {
				return nil, fmt.Errorf("line %d: want \"perft DEPTH NODES\", got %q", n, line)
			}
			cur.Expected = append(cur.Expected, c)
		case strings.Contains(line, ";"):
			parts := strings.Split(line, ";")
			pc := PerftCase{ID: id, FEN: strings.TrimSpace(parts[0]), Line: n}
			for _, part := range parts[1:] {
				f := strings.Fields(part)
				if len(f) != 2 || len(f[0]) < 2 || f[0][0] != 'D' {
					return nil, fmt.Errorf("line %d: want \";Dn count\", got %q", n, part)
				}
				c, err := parsePerftCount(f[0][1:], f[1])
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", n, err)
				}
				pc.Expected = append(pc.Expected, c)
			}
			out = append(out, pc)
			cur = nil
		default:
			return nil, fmt.Errorf("line %d: cannot read %q", n, line)
		}
	}
	return out, sc.Err()
}

func parsePerftCount(depth, nodes string) (PerftCount, error) {
	d, err1 := strconv.Atoi(depth)
	n, err2 := strconv.ParseUint(strings.TrimSpace(nodes), 10, 64)
	if err1 != nil || err2 != nil || d < 0 {
		return PerftCount{}, fmt.Errorf("bad depth %q or count %q", depth, nodes)
	}
	return PerftCount{Depth: d, Nodes: n}, nil
}

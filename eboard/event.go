package eboard

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// Event is one report of a board: a square changed, a clock was pressed,
// or the clock showed its times.
type Event struct {
	T       int64        // milliseconds since the start
	Sq      chess.Square // the square that changed
	Piece   chess.Piece  // what now stands on Sq; chess.NoPiece when it emptied
	Unknown bool         // Sq now holds a piece the board cannot identify (occupancy-only boards)
	Clock   bool         // a clock press instead of a square change
	By      chess.Color  // with Clock: the player who pressed
	// Times is what the players' clock showed at T, for a board with a
	// clock connected (a DGT3000): laws K5 make those times the clock of
	// record. With Clock, the times of the press; without, the event is a
	// reading of the clock and nothing else (Sq, Piece and Unknown are
	// not read).
	Times *protocol.Times
}

// Reading reports whether the event is a reading of the clock only.
func (e Event) Reading() bool { return e.Times != nil && !e.Clock }

// String writes the event as a line of the simulator's script format.
func (e Event) String() string {
	b, _ := json.Marshal(e.line())
	return string(b)
}

// scriptLine is one line of a simulator script as it is written in JSON.
type scriptLine struct {
	Start *protocol.Start `json:"start,omitempty"`
	T     *int64          `json:"t,omitempty"`
	Sq    string          `json:"sq,omitempty"`
	Piece *string         `json:"piece,omitempty"`
	Clock string          `json:"clock,omitempty"`
	Times *protocol.Times `json:"times,omitempty"`
}

func (e Event) line() scriptLine {
	t := e.T
	l := scriptLine{T: &t, Times: e.Times}
	if e.Clock || e.Times != nil {
		if e.Clock {
			l.Clock = e.By.String()
		}
		return l
	}
	l.Sq = e.Sq.String()
	p := e.Piece.FEN()
	if e.Unknown {
		p = "?"
	}
	l.Piece = &p
	return l
}

// Script is a scripted board: the start of the game and the reports a
// board would make during it. It is what "arbiter-hall eboard --sim" plays.
//
// Its text form is JSON Lines: an optional first line {"start": {...}} as
// in the protocol, then one line per report, in time order:
//
//	{"t": 1200, "sq": "e2", "piece": ""}    e2 emptied
//	{"t": 1450, "sq": "e4", "piece": "P"}   a white pawn now stands on e4
//	{"t": 1450, "sq": "e4", "piece": "?"}   a piece the board cannot identify
//	{"t": 1500, "clock": "white"}           White pressed the clock
//	{"t": 2000, "times": {"white": 5398500, "black": 5400000}}
//	                                        the clock showed these times (ms)
//
// A clock line may carry times as well: what the clock showed at the
// press. t is in milliseconds since the start and never decreases.
type Script struct {
	Start  protocol.Start
	Events []Event
}

// ReadScript reads a script in its JSON Lines form. Blank lines are
// skipped; an error names the line.
func ReadScript(r io.Reader) (*Script, error) {
	s := &Script{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n, last := 0, int64(0)
	for sc.Scan() {
		n++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var l scriptLine
		if err := json.Unmarshal(b, &l); err != nil {
			return nil, fmt.Errorf("line %d: not a JSON object: %v", n, err)
		}
		if l.Start != nil {
			if len(s.Events) > 0 {
				return nil, fmt.Errorf("line %d: start must be the first line", n)
			}
			if err := l.Start.Check(); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			s.Start = *l.Start
			continue
		}
		e, err := l.event()
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if e.T < last {
			return nil, fmt.Errorf("line %d: t %d is before the previous line's %d", n, e.T, last)
		}
		last = e.T
		s.Events = append(s.Events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return s, nil
}

func (l scriptLine) event() (Event, error) {
	if l.T == nil || *l.T < 0 {
		return Event{}, fmt.Errorf("needs t, milliseconds since the start")
	}
	e := Event{T: *l.T, Times: l.Times}
	if l.Times != nil && (l.Times.White < 0 || l.Times.Black < 0) {
		return Event{}, fmt.Errorf("times must not be negative")
	}
	if l.Times != nil && l.Clock == "" {
		if l.Sq != "" || l.Piece != nil {
			return Event{}, fmt.Errorf("times go on a clock line or on a line of their own, not with a square")
		}
		return e, nil
	}
	if l.Clock != "" {
		c, ok := chess.ParseColor(l.Clock)
		if !ok || l.Sq != "" {
			return Event{}, fmt.Errorf("clock must be \"white\" or \"black\" and stand alone, not %q", l.Clock)
		}
		e.Clock, e.By = true, c
		return e, nil
	}
	sq, err := chess.ParseSquare(l.Sq)
	if err != nil || !protocol.ValidSquare(l.Sq) {
		return Event{}, fmt.Errorf("sq must be a square a1..h8, not %q", l.Sq)
	}
	e.Sq = sq
	if l.Piece == nil {
		return Event{}, fmt.Errorf("needs piece: a FEN letter, \"\" for empty or \"?\" for an unknown piece")
	}
	switch p := *l.Piece; {
	case p == "":
	case p == "?":
		e.Unknown = true
	case len(p) == 1 && chess.PieceFromFEN(p[0]) != chess.NoPiece:
		e.Piece = chess.PieceFromFEN(p[0])
	default:
		return Event{}, fmt.Errorf("piece must be a FEN letter, \"\" or \"?\", not %q", p)
	}
	return e, nil
}

// WriteTo writes the script in its JSON Lines form.
func (s *Script) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if s.Start != (protocol.Start{}) {
		b, err := json.Marshal(scriptLine{Start: &s.Start})
		if err != nil {
			return 0, err
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	for _, e := range s.Events {
		buf.WriteString(e.String())
		buf.WriteByte('\n')
	}
	return buf.WriteTo(w)
}

// Occupancy reports whether the script is of a board that only senses
// occupancy: some report in it is of an unidentified piece.
func (s *Script) Occupancy() bool {
	for _, e := range s.Events {
		if e.Unknown {
			return true
		}
	}
	return false
}

// Position returns the start position of a game set up by start: its FEN
// (the initial position when empty), read as Chess960 when start says so.
func Position(start protocol.Start) (*chess.Position, error) {
	fen := start.FEN
	if fen == "" {
		fen = chess.StartFEN
	}
	p, _, err := chess.ParseFENWith(fen, chess.Options{Chess960: start.Chess960}, false)
	return p, err
}

// Clock is the time of a board's events, in milliseconds since the start,
// and its relation to the wall clock.
type Clock interface {
	// Now returns the current event time.
	Now() int64
	// At returns the wall-clock moment at which event time ms comes.
	At(ms int64) time.Time
}

// Timeline is the Clock of a real board: it converts between the wall
// clock and the milliseconds of a board's events. Speed scales time: at Speed 10 a second of wall time is
// ten seconds of events, so a simulated game plays ten times faster and
// every time limit of the Translator keeps its meaning. Speed 0 means 1.
type Timeline struct {
	Zero  time.Time
	Speed float64
}

// Now returns the milliseconds of events elapsed since Zero.
func (tl Timeline) Now() int64 { return tl.Of(time.Now()) }

// Of returns the event time, in milliseconds since Zero, of a moment.
func (tl Timeline) Of(t time.Time) int64 {
	return int64(float64(t.Sub(tl.Zero)) / float64(time.Millisecond) * tl.speed())
}

// At returns the wall-clock time at which the event time ms falls.
func (tl Timeline) At(ms int64) time.Time {
	return tl.Zero.Add(time.Duration(float64(ms) / tl.speed() * float64(time.Millisecond)))
}

func (tl Timeline) speed() float64 {
	if tl.Speed <= 0 {
		return 1
	}
	return tl.Speed
}

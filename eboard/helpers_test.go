package eboard

import (
	"strconv"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// evs reads events written one per string as "T SQ PIECE" (PIECE a FEN
// letter, "-" for empty, "?" for unknown) or "T clock COLOUR".
func evs(t *testing.T, lines ...string) []Event {
	t.Helper()
	var out []Event
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 3 {
			t.Fatalf("bad event %q", l)
		}
		ms, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			t.Fatalf("bad time in %q", l)
		}
		if f[1] == "clock" {
			c, ok := chess.ParseColor(f[2])
			if !ok {
				t.Fatalf("bad colour in %q", l)
			}
			out = append(out, Event{T: ms, Clock: true, By: c})
			continue
		}
		sq, err := chess.ParseSquare(f[1])
		if err != nil {
			t.Fatalf("bad square in %q", l)
		}
		e := Event{T: ms, Sq: sq}
		switch f[2] {
		case "-":
		case "?":
			e.Unknown = true
		default:
			e.Piece = chess.PieceFromFEN(f[2][0])
		}
		out = append(out, e)
	}
	return out
}

// brief writes actions compactly: "w lift e2, w drop e4, w clock".
func brief(as []protocol.Action) string {
	var parts []string
	for _, a := range as {
		s := a.By[:1] + " " + a.Act
		if a.Sq != "" {
			s += " " + a.Sq
		}
		if a.Piece != "" {
			s += " " + a.Piece
		}
		if a.Hand != "" {
			s += " (" + a.Hand + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// expect translates the events from the position fen ("" for the initial
// position) and compares the actions with want.
func expect(t *testing.T, fen string, opts Options, events []Event, want string) []protocol.Action {
	t.Helper()
	as, err := Translate(protocol.Start{FEN: fen}, opts, events)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if err := a.Check(); err != nil {
			t.Errorf("malformed action %+v: %v", a, err)
		}
	}
	if got := brief(as); got != want {
		t.Errorf("actions\n got: %s\nwant: %s", got, want)
	}
	return as
}

func startOf(fen string) protocol.Start { return protocol.Start{FEN: fen} }

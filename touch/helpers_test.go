package touch

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
)

// script runs actions written as "w lift e2", "b drop e4", "w put e8 Q",
// "w lift e1 left", "w claim threefold Nf3", "b flag", and returns each
// ruling in a compact form (see brief).
func script(t *testing.T, fen, rules string, enforce bool, lines ...string) (*Engine, []string) {
	t.Helper()
	e, err := New(protocol.Start{FEN: fen, Rules: rules}, Options{Enforce: enforce})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range lines {
		f := strings.Fields(l)
		a := protocol.Action{By: map[string]string{"w": "white", "b": "black"}[f[0]], Act: f[1]}
		rest := f[2:]
		switch a.Act {
		case protocol.Claim:
			a.What = rest[0]
			if len(rest) > 1 {
				a.Move = rest[1]
			}
			rest = nil
		case protocol.Put:
			a.Sq, a.Piece = rest[0], rest[1]
			rest = rest[2:]
		case protocol.Release, protocol.ClockPress, protocol.Resign, protocol.OfferDraw, protocol.AcceptDraw, protocol.DeclineDraw, protocol.Flag:
		default:
			a.Sq = rest[0]
			rest = rest[1:]
		}
		if len(rest) > 0 {
			a.Hand = rest[0]
		}
		for _, r := range e.Apply(i+1, a) {
			out = append(out, brief(r))
		}
	}
	return e, out
}

// brief writes a ruling compactly: "3 must move e2 4.3.1", "5 move e4",
// "9 violation 4.3.1", "12 illegal 7.5.1 1", "20 claim threefold false
// 9.5.3", "31 result 1-0 checkmate", "4 error".
func brief(r protocol.Ruling) string {
	s := fmt.Sprintf("%d %s", r.At, r.Kind)
	switch r.Kind {
	case protocol.KindMust:
		s += " " + r.Rule
		if r.Sq != "" {
			s += " " + r.Sq
		}
		if r.With != "" {
			s += " with " + r.With
		}
		if r.Side != "" {
			s += " " + r.Side
		}
		if r.SAN != "" {
			s += " " + r.SAN
		}
		s += " " + r.Article
	case protocol.KindMove:
		s += " " + r.SAN
	case protocol.KindViolation:
		s += " " + r.Article
	case protocol.KindIllegal:
		s += fmt.Sprintf(" %s %d", r.Article, r.Count)
	case protocol.KindClaim:
		s += fmt.Sprintf(" %s %v %s", r.What, *r.Granted, r.Article)
	case protocol.KindResult:
		s += " " + r.Result + " " + r.Reason
	case protocol.KindIrregularity:
		s += " " + r.Article
	}
	return s
}

func expect(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rulings:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

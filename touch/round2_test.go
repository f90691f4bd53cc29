package touch

import (
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// run applies actions to a fresh engine and returns the brief rulings.
func run(t *testing.T, start protocol.Start, enforce bool, actions ...protocol.Action) (*Engine, []string) {
	t.Helper()
	e, err := New(start, Options{Enforce: enforce})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, a := range actions {
		for _, r := range e.Apply(i+1, a) {
			out = append(out, brief(r))
		}
	}
	return e, out
}

func act(by, a, sq string) protocol.Action { return protocol.Action{By: by, Act: a, Sq: sq} }

// 7.5.1 (laws I1): "Articles 4.3 and 4.7 apply to the move replacing the
// illegal move": a piece released on a square as a legal move must go to
// that square.
func TestI1_7_5_1_ReplacingMoveObeys4_7(t *testing.T) {
	// The knight released on f3, then moved on to h3.
	e, got := script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "w drop h3", "w clock", "w lift g1", "w drop h3")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "5 illegal 7.5.1 1", "5 must move g1 Nf3 4.7", "7 move Nh3", "7 violation 4.7")
	if s := e.Summary(); len(s.Violations) != 1 || s.Violations[0].Article != "4.7" {
		t.Errorf("Nh3 after the reinstatement must break 4.7: %+v", s.Violations)
	}
	// Nf3 played as owed and pressed: completed, no second illegal move.
	e, got = script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "w drop h3", "w clock", "w lift g1", "w drop f3", "w clock")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "5 illegal 7.5.1 1", "5 must move g1 Nf3 4.7", "7 move Nf3")
	if s := e.Summary(); s.Illegal.White != 1 || len(s.Moves) != 1 {
		t.Errorf("after the replacing move: %+v", s)
	}
	// Enforced: Nh3 is refused, Nf3 is accepted.
	_, got = script(t, "", "fide", true, "w lift g1", "w drop f3", "w lift f3")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "3 error")

	// The rook released on d1 before the king went on to c1: Rd1.
	_, got = script(t, castlingFEN, "fide", false, "w lift a1", "w drop d1", "w lift e1", "w drop c1", "w clock")
	expect(t, got, "1 must move a1 4.3.1", "2 move Rd1", "5 illegal 7.5.1 1", "5 must move a1 Rd1 4.7")

	// The king released on f1, then castling: Kf1.
	_, got = script(t, castlingFEN, "fide", false, "w lift e1", "w drop f1", "w lift f1", "w drop g1", "w lift h1", "w drop f1", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "2 move Kf1", "7 illegal 7.5.1 1", "7 must move e1 Kf1 4.7")
}

// 4.4.2 (laws T4b), the seeds' own case: a rook touched before the king
// forbids castling on that side on this move and 4.3.1 binds the rook.
// Every order of touches, lifts and releases that touches the h1 rook
// before the king and ends with the castled placement ends in a violation
// (or, enforced, a refusal) or an illegal move, never in a clean O-O.
func TestT4b_4_4_2_RookFirstNeverCastles(t *testing.T) {
	orders := [][]string{
		{"w touch h1", "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock"},
		{"w touch h1", "w touch e1", "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock"},
		{"w touch h1", "w lift e1", "w place g1", "w release", "w lift h1", "w place f1", "w release", "w clock"},
		{"w lift h1", "w lift e1 left", "w drop g1 left", "w drop f1", "w clock"},
		{"w lift h1", "w drop f1", "w lift e1", "w drop g1", "w clock"},
		{"w lift h1", "w drop h1", "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock"},
		{"w touch h1", "w lift h1", "w drop h1", "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock"},
		{"w touch h1", "w touch a1", "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock"},
	}
	for _, enforce := range []bool{false, true} {
		for _, lines := range orders {
			e, got := script(t, castlingFEN, "fide", enforce, lines...)
			clean := true
			castled := false
			for _, r := range got {
				f := strings.Fields(r)
				switch f[1] {
				case "violation", "illegal", "error":
					clean = false
				case "move":
					castled = castled || f[2] == "O-O"
				}
			}
			if castled && clean {
				t.Errorf("enforce %v, %v: castled with no ruling against it: %v", enforce, lines, got)
			}
			if enforce && strings.Contains(strings.Join(e.Summary().Moves, " "), "O-O") {
				t.Errorf("enforced, %v: O-O was accepted: %v", lines, got)
			}
		}
	}
	// The first order, as the seeds tell it.
	_, got := script(t, castlingFEN, "fide", false, "w touch h1", "w lift e1", "w drop g1", "w lift h1", "w drop f1", "w clock")
	expect(t, got, "1 must move h1 4.3.1", "2 must move h1 4.4.2", "5 move O-O", "5 violation 4.4.2")
}

// T11 (FIDE 1.3, 6.2.2): a player has the move once the opponent's move is
// made: his touches bind him and he may reply before the opponent's
// press; the opponent may still press afterwards, without penalty.
func TestT11_HavingTheMoveBeginsWhenTheMoveIsMade(t *testing.T) {
	_, got := script(t, "", "fide", false,
		"w lift e2", "w drop e4", // made, not pressed
		"b touch g8", // binds Black
		"b lift b8", "b drop c6",
		"w clock", "b clock")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 must move g8 4.3.1", "5 move Nc6", "5 violation 4.3.1")
	// The same reply with the knight touched: no violation, and both
	// presses after it are in order.
	e, got := script(t, "", "fide", false, "w lift e2", "w drop e4", "b lift g8", "b drop f6", "w clock", "b clock", "w lift d2", "w drop d4", "w clock")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 must move g8 4.3.1", "4 move Nf6", "7 must move d2 4.3.1", "8 move d4")
	if s := e.Summary(); s.Illegal.White+s.Illegal.Black != 0 || s.Errors != 0 {
		t.Errorf("late presses penalised: %+v", s)
	}
}

// T11, I5: in rapid and blitz the opponent may claim an illegal move only
// until he has made his next move (released it), not completed it.
func TestI5_T11_ClaimWindowEndsWhenTheNextMoveIsMade(t *testing.T) {
	lines := []string{"w lift g1", "w drop g3", "w clock", "b lift e7", "b drop e5"}
	_, got := script(t, "", "fide-rapid", false, append(lines, "b claim illegal-move")...)
	if !strings.Contains(got[len(got)-1], "claim illegal-move false") {
		t.Errorf("claim after the reply was made: %v", got)
	}
	_, got = script(t, "", "fide-rapid", false, "w lift g1", "w drop g3", "w clock", "b lift e7", "b claim illegal-move")
	if !strings.Contains(strings.Join(got, " "), "claim illegal-move true") {
		t.Errorf("claim before the reply was made: %v", got)
	}
}

// 9.5.3: a claim whose intended move is illegal is an incorrect claim
// (the opponent's bonus), not an error.
func TestR4_9_5_3_IllegalIntendedMoveIsAnIncorrectClaim(t *testing.T) {
	e, got := script(t, "3k4/8/8/8/8/8/3P4/3RK3 w - - 100 80", "fide", false, "w claim fifty Rd8")
	expect(t, got, "1 claim fifty false 9.5.3")
	if e.Summary().Errors != 0 {
		t.Error("an incorrect claim is not an error")
	}
}

// 9.1.2.3: a draw claim is also a draw offer; after an incorrect claim
// the opponent may accept it.
func TestR3_9_1_2_3_ClaimIsAnOffer(t *testing.T) {
	_, got := script(t, "", "fide", false, "w lift g1", "w drop f3", "w clock", "b lift g8", "b drop f6", "b clock", "w claim threefold", "b accept-draw")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "4 must move g8 4.3.1", "5 move Nf6", "7 claim threefold false 9.5.3", "8 result 1/2-1/2 agreement")
}

// K3, US Chess 14E as a rule-set parameter: White's flag falls; Black has
// king and knight. FIDE 6.9: Black can mate by some series of legal moves,
// 0-1. US Chess: king and knight without a forced win, drawn.
func TestK3_14E_USChessFlagWithKingAndKnight(t *testing.T) {
	fen := "8/8/8/4k3/8/2n5/8/R3K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w flag")
	expect(t, got, "1 result 0-1 time")
	_, got = script(t, fen, "uscf", false, "w flag")
	expect(t, got, "1 result 1/2-1/2 time-vs-no-mate")
	// With a forced mate at hand the US Chess flag still loses: Black
	// mates in one with the knight (Nf2, the king on h1 boxed in).
	_, got = script(t, "7k/8/8/8/4n3/8/6PP/6RK b - - 0 1", "uscf", false, "w flag")
	expect(t, got, "1 result 0-1 time")
}

// 4.2.2, 7.4: a piece knocked over by accident binds no one, and is set
// right in the player's own time.
func TestT11_4_2_2_KnockBindsNoOne(t *testing.T) {
	_, got := script(t, "", "fide", false, "w lift e2", "w drop e4", "w clock",
		"b knock g8", "b lift g8", "b drop g8", "b lift e7", "b drop e5")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "7 must move e7 4.3.1", "8 move e5")
}

// The knock of the player not having the move: he sets the piece right
// on its square without a ruling, but may not move it elsewhere.
func TestT11_7_4_KnockedPieceSetRightOffMove(t *testing.T) {
	e, got := run(t, protocol.Start{}, false,
		act("black", "knock", "g8"), act("black", "lift", "g8"), act("black", "drop", "f6"), act("black", "drop", "g8"),
		act("white", "lift", "e2"), act("white", "drop", "e4"))
	expect(t, got, "3 error", "5 must move e2 4.3.1", "6 move e4")
	if len(e.Summary().Violations) != 0 {
		t.Errorf("violations: %+v", e.Summary().Violations)
	}
}

// 4.1: one hand may hold king and rook together; drop names the piece.
func TestT1_4_1_OneHandHoldsKingAndRook(t *testing.T) {
	k := protocol.Action{By: "white", Act: "drop", Sq: "g1", Piece: "K"}
	r := protocol.Action{By: "white", Act: "drop", Sq: "f1", Piece: "R"}
	e, got := run(t, protocol.Start{FEN: castlingFEN}, false,
		act("white", "lift", "e1"), act("white", "lift", "h1"), act("white", "drop", "g1"), k, r, act("white", "clock", ""))
	expect(t, got, "1 must move e1 4.3.1", "2 must castle e1 king 4.4.1", "3 error", "5 move O-O")
	if s := e.Summary(); s.Illegal.White != 0 {
		t.Errorf("one-hand castling penalised: %+v", s)
	}
}

// The FIDE Guidelines on Chess960 castling: the king may be taken off the
// board, the rook moved, and the king set down on its final square.
func TestC7_Chess960KingTakenOffTheBoard(t *testing.T) {
	// King b1, rook a1: queenside castling puts the king on c1, the rook
	// on d1.
	start := protocol.Start{FEN: "1k6/8/8/8/8/8/8/RK5R w AH - 0 1", Chess960: true}
	e, got := run(t, start, false,
		act("white", "lift", "b1"), act("white", "release", ""),
		act("white", "lift", "a1"), act("white", "drop", "d1"),
		protocol.Action{By: "white", Act: "put", Sq: "c1", Piece: "K"}, act("white", "release", ""),
		act("white", "clock", ""))
	for _, r := range got {
		if strings.Contains(r, "illegal") || strings.Contains(r, "error") || strings.Contains(r, "violation") {
			t.Fatalf("the Chess960 procedure is lawful: %v", got)
		}
	}
	if m := e.Summary().Moves; len(m) != 1 || m[0] != "O-O-O" {
		t.Fatalf("moves %v, rulings %v", m, got)
	}
	// A king that was not taken off cannot be put on the board.
	_, got = run(t, start, false, protocol.Action{By: "white", Act: "put", Sq: "c1", Piece: "K"})
	expect(t, got, "1 error")
}

// I7: the arbiter acts on an illegal move he observes where the rule set
// has him act, and observes a flag.
func TestI7_ArbiterActs(t *testing.T) {
	arbiter := protocol.Action{By: "arbiter", Act: "claim", What: "illegal-move"}
	// Rapid: Ng1-g3 stands for now; the arbiter steps in.
	e, got := run(t, protocol.Start{Rules: "fide-rapid"}, false, act("white", "lift", "g1"), act("white", "drop", "g3"), act("white", "clock", ""), arbiter)
	if !strings.Contains(strings.Join(got, " "), "4 claim illegal-move true A.5.2") || e.Summary().Illegal.White != 1 {
		t.Errorf("rapid: %v", got)
	}
	// US Chess: the director corrects an illegal move he witnesses (11H);
	// with variation 11H1 he is a witness only, and the players claim.
	_, got = run(t, protocol.Start{Rules: "uscf"}, false, act("white", "lift", "g1"), act("white", "drop", "g3"), act("white", "clock", ""), arbiter)
	if !strings.Contains(strings.Join(got, " "), "4 claim illegal-move true 11H") {
		t.Errorf("uscf: %v", got)
	}
	_, got = run(t, protocol.Start{Rules: "uscf", Variations: "11H1"}, false, act("white", "lift", "g1"), act("white", "drop", "g3"), act("white", "clock", ""), arbiter)
	if got[len(got)-1] != "4 error" {
		t.Errorf("uscf with 11H1: %v", got)
	}
	// A flag observed by the arbiter.
	_, got = run(t, protocol.Start{}, false, protocol.Action{By: "arbiter", Act: "flag", Side: "black"})
	expect(t, got, "1 result 1-0 time")
	// Nothing a player's hand does.
	_, got = run(t, protocol.Start{}, false, act("arbiter", "lift", "e2"))
	expect(t, got, "1 error")
}

// The articles the engine writes (2023 text): a touch by the player not
// having the move is no violation of 4.2.1 (which is about adjusting) and
// binds no one; a touch-move claim with nothing to claim cites no article,
// and 4.8 only where the claimant lost the right by touching a piece.
func TestArticlesCited(t *testing.T) {
	_, got := script(t, "", "fide", false, "b touch g8", "w claim touch-move")
	expect(t, got, "2 claim touch-move false ")
	_, got = script(t, "", "fide", false, "w touch g1", "w lift e2", "w drop e4", "b touch g8", "b claim touch-move")
	expect(t, got, "1 must move g1 4.3.1", "3 move e4", "3 violation 4.3.1", "4 must move g8 4.3.1", "5 claim touch-move false 4.8")
}

var _ = chess.White

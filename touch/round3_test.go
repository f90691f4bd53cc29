package touch

import (
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
)

// The articles of the 2023 text (laws K2, R3): a press with the other hand
// is 6.2.3 (6.2.2 is the late press after the opponent's reply); a
// threefold claim on an intended move is 9.2.1, on the position that has
// just appeared 9.2.2 (9.2.3 is the identity of positions).
func TestArticlesCited2023(t *testing.T) {
	_, got := timed(t, clockStart(protocol.Clock{White: 300, Black: 300}), "- w lift e2 left", "- w drop e4 left", "1000 w clock right")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "3 violation 6.2.3", "3 time 299 300 black")
	// The knights out and back twice: the start position a third time.
	shuffle := []string{"w lift g1", "w drop f3", "w clock", "b lift g8", "b drop f6", "b clock",
		"w lift f3", "w drop g1", "w clock", "b lift f6", "b drop g8", "b clock",
		"w lift g1", "w drop f3", "w clock", "b lift g8", "b drop f6", "b clock",
		"w lift f3", "w drop g1", "w clock"}
	_, got = script(t, "", "fide", false, append(shuffle, "b claim threefold Ng8")...)
	expect(t, got[len(got)-2:], "22 claim threefold true 9.2.1", "22 result 1/2-1/2 threefold")
	_, got = script(t, "", "fide", false, append(shuffle, "b lift f6", "b drop g8", "b clock", "w claim threefold")...)
	expect(t, got[len(got)-2:], "25 claim threefold true 9.2.2", "25 result 1/2-1/2 threefold")
}

// Issue point 1, laws R6, 5.1.2 (new in 2023): a player who resigns when
// his opponent cannot checkmate by any series of legal moves draws; under
// US Chess, which has no such proviso, he loses.
func TestR6_5_1_2_ResignationWhenOpponentCannotMate(t *testing.T) {
	fen := "7k/8/8/8/8/8/8/1K1Q4 w - - 0 1"
	e, got := script(t, fen, "fide", false, "w resign")
	expect(t, got, "1 result 1/2-1/2 resignation-vs-no-mate")
	if s := e.Summary(); s.Result != "1/2-1/2" || s.Reason != "resignation-vs-no-mate" {
		t.Errorf("summary %+v", s)
	}
	for _, rules := range []string{"fide-rapid", "fide-blitz", "casual", "fide-1971"} {
		_, got = script(t, fen, rules, false, "w resign")
		expect(t, got, "1 result 1/2-1/2 resignation-vs-no-mate")
	}
	// The side with the queen resigning loses, as always.
	_, got = script(t, "7k/8/8/8/8/8/8/1K1Q4 b - - 0 1", "fide", false, "b resign")
	expect(t, got, "1 result 1-0 resignation")
	_, got = script(t, fen, "uscf", false, "w resign")
	expect(t, got, "1 result 0-1 resignation")
}

// Issue point 2, laws R7, 5.2.3 (2023): a draw agreed before both players
// have made a move does not end the game; once each has moved, it does.
func TestR7_5_2_3_AgreementBeforeBothHaveMoved(t *testing.T) {
	e, got := script(t, "", "fide", false, "w lift e2", "w drop e4", "w offer-draw", "w clock", "b accept-draw")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "5 error")
	if s := e.Summary(); s.Result != "*" || len(s.Moves) != 1 {
		t.Errorf("the game goes on: %+v", s)
	}
	// The offer still stands until Black touches a piece (9.1.2.1); his
	// move made, an acceptance still comes too late only if he touched.
	_, got = script(t, "", "fide", false, "w lift e2", "w drop e4", "w offer-draw", "w clock", "b accept-draw",
		"b lift e7", "b drop e5", "b accept-draw")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "5 error", "6 must move e7 4.3.1", "7 move e5", "8 error")
	// Both have moved: the agreement ends the game.
	_, got = script(t, "", "fide", false, "w lift e2", "w drop e4", "w clock", "b lift e7", "b drop e5", "b offer-draw", "b clock", "w accept-draw")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 must move e7 4.3.1", "5 move e5", "8 result 1/2-1/2 agreement")
	// US Chess sets no such minimum.
	_, got = script(t, "", "uscf", false, "w offer-draw", "b accept-draw")
	expect(t, got, "2 result 1/2-1/2 agreement")
}

// Issue point 6, laws K3, US Chess 14E3: king and two knights are drawn
// against a flag fall only when the player whose flag fell has no pawns.
// Against king and pawn they win on time.
func TestK3_14E3_TwoKnightsWinOnTimeAgainstPawns(t *testing.T) {
	_, got := script(t, "8/8/8/4k3/8/2n1n3/8/4K3 w - - 0 1", "uscf", false, "w flag")
	expect(t, got, "1 result 1/2-1/2 time-vs-no-mate")
	_, got = script(t, "8/8/8/4k3/8/2n1n3/P7/4K3 w - - 0 1", "uscf", false, "w flag")
	expect(t, got, "1 result 0-1 time")
	// FIDE 6.9: a helpmate exists either way.
	_, got = script(t, "8/8/8/4k3/8/2n1n3/8/4K3 w - - 0 1", "fide", false, "w flag")
	expect(t, got, "1 result 0-1 time")
}

// Issue point 4, laws T7, T9 (4.7, 4.8): the knight released on f3 (Nf3
// is made), then moved on to h3; Black claims before White presses: the
// claim is granted, Nf3 is restored, and the press completes a legal move.
// Had Black touched a piece first, his right would be lost and the press
// would complete an illegal move (7.5.1).
func TestT7_4_7_4_8_MoveMadeThenChangedClaimedBeforeThePress(t *testing.T) {
	e, got := script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "w drop h3", "b claim touch-move",
		"w clock", "b lift e7", "b drop e5", "b clock")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "5 claim touch-move true 4.7", "7 must move e7 4.3.1", "8 move e5")
	if s := e.Summary(); s.Illegal.White != 0 || s.Errors != 0 || len(s.Moves) != 2 || s.Moves[0] != "Nf3" ||
		len(s.Violations) != 1 || s.Violations[0].Article != "4.7" {
		t.Errorf("summary %+v", s)
	}
	// The knight still in the hand: the same.
	_, got = script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "b claim touch-move", "w clock")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "4 claim touch-move true 4.7")
	// Black touched a piece after the change: the right is lost (4.8).
	_, got = script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "w drop h3", "b touch e7", "b claim touch-move", "w clock")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "5 must move e7 4.3.1", "6 claim touch-move false 4.8",
		"7 illegal 7.5.1 1", "7 must move g1 Nf3 4.7")
	// Black's touch before the change does not cost him the right.
	_, got = script(t, "", "fide", false, "w lift g1", "w drop f3", "b touch e7", "w lift f3", "w drop h3", "b claim touch-move")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "3 must move e7 4.3.1", "6 claim touch-move true 4.7")
	// The board set back by White himself: nothing to claim.
	_, got = script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "w drop f3", "b claim touch-move")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "5 claim touch-move false ")
}

// Issue point 5, laws I1 (7.5.1 with 4.7): the pawn released on d6 as part
// of exd6 e.p. while the captured pawn still stands on d5, and the clock
// pressed: after the penalty the replacing move is held to exd6, as for a
// piece released on its square as a whole legal move.
func TestI1_7_5_1_EnPassantReleasedOnD6HeldToExd6(t *testing.T) {
	fen := "4k3/8/8/3pP3/8/8/P7/4K3 w - d6 0 1"
	e, got := script(t, fen, "fide", false, "w lift e5", "w drop d6", "w clock")
	expect(t, got, "1 must move e5 4.3.1", "2 must move e5 exd6 4.7", "3 illegal 7.5.1 1", "3 must move e5 exd6 4.7")
	if d, _ := e.Duty(); d.SAN != "exd6" {
		t.Errorf("duty after the penalty: %+v", d)
	}
	// The replacing move e6 breaks 4.7; exd6 is in order.
	_, got = script(t, fen, "fide", false, "w lift e5", "w drop d6", "w clock", "w lift e5", "w drop e6")
	expect(t, got[len(got)-2:], "5 move e6", "5 violation 4.7")
	_, got = script(t, fen, "fide", false, "w lift e5", "w drop d6", "w clock", "w lift e5", "w remove d5", "w drop d6")
	expect(t, got[len(got)-1:], "6 move exd6")
	// Before the press: the pawn taken back from d6 to e6 breaks 4.7.
	_, got = script(t, fen, "fide", false, "w lift e5", "w drop d6", "w lift d6", "w drop e6")
	expect(t, got, "1 must move e5 4.3.1", "2 must move e5 exd6 4.7", "4 move e6", "4 violation 4.7")
	// Completed in order: no obligation beyond the move.
	_, got = script(t, fen, "fide", false, "w lift e5", "w drop d6", "w remove d5", "w clock")
	expect(t, got, "1 must move e5 4.3.1", "2 must move e5 exd6 4.7", "3 move exd6")
	// Blitz: the incomplete capture stands unless claimed; claimed, the
	// hold comes back with the reinstatement.
	_, got = script(t, fen, "fide-blitz", false, "w lift e5", "w drop d6", "w clock", "b claim illegal-move")
	expect(t, got[len(got)-1:], "4 must move e5 exd6 4.7")
}

// Issue point 3, laws I5 (5.1.1, 5.2.1, 5.2.2 with A.5.2): an illegal move
// that leaves a checkmate, a stalemate or a dead position ends nothing,
// as those articles end the game only for a move in accordance with
// Article 3 and 4.2-4.7: in rapid and blitz it stands until the opponent
// claims it or makes his next move.
func TestI5_IllegalMateInBlitzDoesNotEnd(t *testing.T) {
	// The queen jumps over its own pawn on e4: "Qe8#".
	mate := "6k1/5ppp/8/8/4P3/8/8/4Q1K1 w - - 0 1"
	e, got := script(t, mate, "fide-blitz", false, "w lift e1", "w drop e8", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "3 move Qe1-e8")
	if s := e.Summary(); s.Result != "*" {
		t.Fatalf("the illegal mate ended the game: %+v", s)
	}
	_, got = script(t, mate, "fide-blitz", false, "w lift e1", "w drop e8", "w clock", "b claim illegal-move")
	expect(t, got[len(got)-3:], "4 claim illegal-move true 7.5.1", "4 illegal 7.5.1 1", "4 must move e1 4.3.1")
	// The queen moves like a knight, d7-b6: "stalemate".
	stale := "k7/2KQ4/8/8/8/8/8/8 w - - 0 1"
	e, got = script(t, stale, "fide-rapid", false, "w lift d7", "w drop b6", "w clock")
	expect(t, got, "1 must move d7 4.3.1", "3 move Qd7-b6")
	if s := e.Summary(); s.Result != "*" {
		t.Fatalf("the illegal stalemate ended the game: %+v", s)
	}
	// The bishop captures across its own king: "dead position". Black does
	// not claim and plays on: his legal move leaves the position dead, and
	// that ends the game (5.2.2).
	dead := "7k/8/8/8/8/4n3/3K4/2B5 w - - 0 1"
	e, got = script(t, dead, "fide-blitz", false, "w lift c1", "w remove e3", "w drop e3", "w clock")
	expect(t, got, "1 must move c1 4.3.1", "2 must move c1 4.3.3", "4 move Bc1-e3")
	if s := e.Summary(); s.Result != "*" {
		t.Fatalf("the illegal capture's dead position ended the game: %+v", s)
	}
	_, got = script(t, dead, "fide-blitz", false, "w lift c1", "w remove e3", "w drop e3", "w clock", "b lift h8", "b drop g8")
	expect(t, got[len(got)-3:], "5 must move h8 4.3.1", "6 move Kg8", "6 result 1/2-1/2 dead-position")
	// Under the standard rules the arbiter rules on each at once (7.5.1).
	_, got = script(t, mate, "fide", false, "w lift e1", "w drop e8", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "3 illegal 7.5.1 1", "3 must move e1 4.3.1")
}

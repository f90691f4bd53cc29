package touch

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
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
	expect(t, got[len(got)-3:], "4 claim illegal-move true A.5.2", "4 illegal 7.5.1 1", "4 must move e1 4.3.1")
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

// Issue point 7, laws I5 (A.5.2, 7.5.4): in rapid and blitz without full
// supervision a castling made with two hands stands unless the opponent
// claims it (or the arbiter observes it) before the opponent's next move;
// claimed, it is penalised and the move stays. The model is the same for
// 7.5.1, 7.5.3 and 7.5.4; under the standard rules and under full
// supervision (B.2: two minutes in blitz) it is penalised at once.
func TestI5_A_5_2_TwoHandedCastlingNobodyClaimsStands(t *testing.T) {
	two := []string{"w lift e1 right", "w lift h1 left", "w drop g1 right", "w drop f1 left", "w clock right"}
	e, got := script(t, castlingFEN, "fide-blitz", false, append(two, "b lift e8", "b drop d8", "b claim illegal-move")...)
	expect(t, got, "1 must move e1 4.3.1", "2 must castle e1 king 4.4.1", "4 move O-O", "5 violation 7.5.4",
		"6 must move e8 4.3.1", "7 move Kd8", "8 claim illegal-move false A.5.2")
	if s := e.Summary(); s.Illegal.White != 0 || len(s.Moves) != 2 {
		t.Errorf("unclaimed, the castling stands unpenalised: %+v", s)
	}
	e, got = script(t, castlingFEN, "fide-blitz", false, append(two, "b claim illegal-move", "b lift e8", "b drop d8")...)
	expect(t, got[len(got)-4:], "6 claim illegal-move true A.5.2", "6 illegal 7.5.4 1", "7 must move e8 4.3.1", "8 move Kd8")
	if s := e.Summary(); s.Illegal.White != 1 || len(s.Moves) != 2 || s.Moves[0] != "O-O" {
		t.Errorf("claimed, the castling stays and is penalised: %+v", s)
	}
	// The arbiter who observes it acts the same way.
	_, got = run(t, protocol.Start{FEN: castlingFEN, Rules: "fide-rapid"}, false,
		protocol.Action{By: "white", Act: "lift", Sq: "e1"}, protocol.Action{By: "white", Act: "lift", Sq: "h1", Hand: "left"},
		protocol.Action{By: "white", Act: "drop", Sq: "g1"}, protocol.Action{By: "white", Act: "drop", Sq: "f1", Hand: "left"},
		protocol.Action{By: "white", Act: "clock"}, protocol.Action{By: "arbiter", Act: "claim", What: "illegal-move"})
	expect(t, got[len(got)-2:], "6 claim illegal-move true A.5.2", "6 illegal 7.5.4 1")
	// Standard play: at once.
	_, got = script(t, castlingFEN, "fide", false, two...)
	expect(t, got[len(got)-2:], "4 move O-O", "5 illegal 7.5.4 1")
	// Blitz under full supervision (B.2): at once, with two minutes.
	e, err := New(protocol.Start{FEN: castlingFEN, Rules: "fide-blitz", Supervision: "full"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rs []protocol.Ruling
	for i, l := range []protocol.Action{{By: "white", Act: "lift", Sq: "e1"}, {By: "white", Act: "lift", Sq: "h1", Hand: "left"},
		{By: "white", Act: "drop", Sq: "g1"}, {By: "white", Act: "drop", Sq: "f1", Hand: "left"}, {By: "white", Act: "clock"}} {
		rs = e.Apply(i+1, l)
	}
	if len(rs) != 1 || rs[0].Kind != protocol.KindIllegal || rs[0].Article != "7.5.4" || rs[0].Bonus == nil || rs[0].Bonus.Seconds != 120 {
		t.Errorf("blitz under B.2: %+v", rs)
	}
	// The press without a move stands too (7.5.3), and is taken back when
	// claimed.
	e, got = script(t, "", "fide-blitz", false, "w clock", "b claim illegal-move")
	expect(t, got, "1 move no move", "2 claim illegal-move true A.5.2", "2 illegal 7.5.3 1")
	if e.Position().Turn().String() != "white" || len(e.Summary().Moves) != 0 {
		t.Errorf("after the claim: %s %+v", e.Position().FEN(), e.Summary())
	}
}

// Issue point 7, laws I5 (A.5.4): a pawn left on the last rank in blitz is
// an illegal position the arbiter watches: the opponent may claim it (the
// pawn becomes a queen, 7.5.2, and the move is penalised); if he completes
// his next move instead and the pawn is still there, the game is drawn;
// if his move took the pawn, the game goes on from the board.
func TestI5_A_5_4_PawnOnTheLastRank(t *testing.T) {
	fen := "k6r/4P3/8/8/8/8/8/4K3 w - - 0 1"
	push := []string{"w lift e7", "w drop e8", "w clock"}
	e, got := script(t, fen, "fide-blitz", false, append(push, "b lift a8", "b drop b8", "b clock")...)
	expect(t, got, "1 must move e7 4.3.1", "3 irregularity A.5.4", "6 irregularity A.5.4", "6 result 1/2-1/2 illegal-position")
	if s := e.Summary(); s.Result != "1/2-1/2" || s.Reason != "illegal-position" {
		t.Errorf("summary %+v", s)
	}
	e, got = script(t, fen, "fide-blitz", false, append(push, "b claim illegal-move", "b lift h8", "b remove e8", "b drop e8")...)
	expect(t, got[1:], "3 irregularity A.5.4", "4 claim illegal-move true A.5.2", "4 move e8=Q+", "4 illegal 7.5.2 1", "5 must move h8 4.3.1",
		"6 must capture e8 with h8 4.3.3", "7 move Rxe8+")
	if s := e.Summary(); s.Illegal.White != 1 || len(s.Moves) != 2 || s.Moves[0] != "e8=Q+" {
		t.Errorf("claimed: %+v", s)
	}
	// Black's move takes the pawn: no illegal position is left.
	e, got = script(t, fen, "fide-blitz", false, append(push, "b lift h8", "b remove e8", "b drop e8", "b clock", "w lift e1", "w drop d2")...)
	expect(t, got[1:], "3 irregularity A.5.4", "7 move Pe7-e8", "7 move Rh8-e8", "8 must move e1 4.3.1", "9 move Kd2")
	if s := e.Summary(); s.Result != "*" || len(s.Moves) != 3 {
		t.Errorf("put right: %+v", s)
	}
	// While the position stands, White may not touch the board, and Black's
	// touches bind him to nothing.
	_, got = script(t, fen, "fide-blitz", false, append(push, "w lift e1", "b touch a8", "b lift h8", "b drop g8", "b clock")...)
	expect(t, got[1:], "3 irregularity A.5.4", "4 error", "8 irregularity A.5.4", "8 result 1/2-1/2 illegal-position")
	// Standard play: 7.5.2 at once.
	_, got = script(t, fen, "fide", false, push...)
	expect(t, got[1:], "3 move e8=Q+", "3 illegal 7.5.2 1")
}

// Issue point 7, laws I5 (A.5.4): both kings in check after an illegal
// move: the same wait, then a draw if they still are.
func TestI5_A_5_4_BothKingsInCheck(t *testing.T) {
	// White, in check from e8, gives check on the c-file instead.
	fen := "4r3/8/8/2k5/8/8/8/R3K3 w - - 0 1"
	check := []string{"w lift a1", "w drop c1", "w clock"}
	_, got := script(t, fen, "fide-rapid", false, append(check, "b lift e8", "b drop e7", "b clock")...)
	expect(t, got[1:], "3 irregularity A.5.4", "6 irregularity A.5.4", "6 result 1/2-1/2 illegal-position")
	e, got := script(t, fen, "fide-rapid", false, append(check, "b claim illegal-move")...)
	// (The rook cannot move while White is in check: no must follows.)
	expect(t, got[1:], "3 irregularity A.5.4", "4 claim illegal-move true A.5.2", "4 illegal 7.5.1 1")
	if e.Position().FEN() != fen {
		t.Errorf("reinstated: %s", e.Position().FEN())
	}
	// Black steps out of check: White is to move, in check, and plays on.
	e, got = script(t, fen, "fide-rapid", false, append(check, "b lift c5", "b drop d6", "b clock", "w lift e1", "w drop d2")...)
	expect(t, got[1:], "3 irregularity A.5.4", "6 move Ra1-c1", "6 move Kc5-d6", "7 must move e1 4.3.1", "8 move Kd2")
	if s := e.Summary(); s.Result != "*" {
		t.Errorf("summary %+v", s)
	}
	// Standard play: at once.
	_, got = script(t, fen, "fide", false, check...)
	expect(t, got[1:], "3 illegal 7.5.1 1")
}

// Issue point 8, laws I7 (US Chess 11H): a director who witnesses an
// illegal move requires it to be replaced, except in the last five minutes
// of a time control; with variation 11H1 announced he is a witness only.
func TestI7_USCF_11H_DirectorCorrectsIllegalMove(t *testing.T) {
	knight := []string{"- w lift g1", "- w drop g3", "1000 w clock"}
	start := clockStart(protocol.Clock{White: 1800, Black: 1800})
	start.Rules = "uscf"
	e, got := timed(t, start, append(knight, "2000 a claim illegal-move")...)
	expect(t, got[len(got)-4:], "4 claim illegal-move true 11H", "4 illegal 7.5.1 1", "4 must move g1 4.3.1", "4 time 1799 1919 white")
	if e.Summary().Illegal.White != 1 {
		t.Errorf("summary %+v", e.Summary())
	}
	// White had less than five minutes: the director does not step in;
	// Black may still claim (11A).
	short := clockStart(protocol.Clock{White: 200, Black: 1800})
	short.Rules = "uscf"
	_, got = timed(t, short, append(knight, "2000 a claim illegal-move", "3000 b claim illegal-move")...)
	expect(t, got[len(got)-5:], "4 claim illegal-move false 11H", "5 claim illegal-move true 11A", "5 illegal 7.5.1 1", "5 must move g1 4.3.1", "5 time 199 1918 white")
	// Without clock figures the arbiter says so himself.
	e, _ = New(protocol.Start{Rules: "uscf"}, Options{})
	for i, l := range []string{"g1", "g3"} {
		e.Apply(i+1, protocol.Action{By: "white", Act: []string{"lift", "drop"}[i], Sq: l})
	}
	e.Apply(3, protocol.Action{By: "white", Act: "clock"})
	if rs := e.Apply(4, protocol.Action{By: "arbiter", Act: "claim", What: "illegal-move", TimePressure: true}); len(rs) != 1 || *rs[0].Granted || rs[0].Article != "11H" {
		t.Errorf("time_pressure: %+v", rs)
	}
	// 11H1: the director is a witness only.
	start.Variations = "11H1"
	_, got = timed(t, start, append(knight, "2000 a claim illegal-move")...)
	expect(t, got[len(got)-1:], "4 error")
}

// Laws S, I7: the start line's regime is checked against the rule set.
func TestS_RegimeOnTheStartLine(t *testing.T) {
	for _, s := range []protocol.Start{{Rules: "fide", Supervision: "partial"}, {Rules: "uscf", Supervision: "full"},
		{Rules: "fide", Variations: "11H1"}, {Rules: "fide-rapid", Supervision: "most"}, {Rules: "uscf", Variations: "11H1, 99Z"}} {
		if _, err := New(s, Options{}); err == nil {
			t.Errorf("accepted %+v", s)
		}
	}
	e, err := New(protocol.Start{Rules: "fide-rapid", Supervision: "full"}, Options{})
	if err != nil || e.Start().Supervision != "full" || e.Rules().IllegalStandsAfter != 0 {
		t.Errorf("rapid under A.4: %v %+v", err, e.Start())
	}
}

// Laws K6 (6.11.1-6.11.3, 9.5.1, 7.1): a player pauses the clocks to claim
// (6.11.2); the penalty given while they stand goes onto the standing
// clock; the arbiter restarts them (6.11.3), and the clock the claim gives
// back to the offender runs only from the resume. A player may not resume.
func TestK6_6_11_2_PlayerPausesForAClaimPenaltyWhilePaused(t *testing.T) {
	start := clockStart(protocol.Clock{White: 180, Black: 180})
	start.Rules = "fide-blitz"
	e, got := timed(t, start, "- w lift g1", "2000 w drop g3", "3000 w clock", "5000 b pause", "20000 b claim illegal-move",
		"21000 b resume", "30000 a resume", "- w lift g1", "35000 w drop f3", "35000 w clock")
	expect(t, got, "1 must move g1 4.3.1", "3 move Ng1-g3", "3 time 177 180 black", "4 time 177 178 ",
		"5 claim illegal-move true A.5.2", "5 illegal 7.5.1 1", "5 must move g1 4.3.1", "5 time 177 238 ",
		"6 error", "7 time 177 238 white", "9 move Nf3", "10 time 172 238 black")
	if x := e.Summary().Clock; x == nil || x.White != 172000 || x.Black != 238000 {
		t.Errorf("clocks %+v", x)
	}
	// A pause twice is an error; a pause with no clock too.
	_, got = timed(t, clockStart(protocol.Clock{White: 60, Black: 60}), "1000 w pause", "2000 b pause")
	expect(t, got, "1 time 59 60 ", "2 error")
	_, got = timed(t, protocol.Start{}, "0 b pause")
	expect(t, got, "1 error")
}

// Laws I9, T11 (7.4, 7.6): a piece knocked onto another square lies there
// until its displacer sets it right in his own time (7.4.1); his press
// that completes a move with it still displaced has the position
// reinstated (7.6), with an irregularity naming him. The accident binds no
// one and does not stop a move from being recognised.
func TestI9_7_4_7_6_DisplacedPieceNotSetRight(t *testing.T) {
	knock := func(by, sq, to string) protocol.Action { return protocol.Action{By: by, Act: "knock", Sq: sq, To: to} }
	// White makes e4, knocks his knight g1 onto h3, presses.
	e, got := run(t, protocol.Start{}, false, act("white", "lift", "e2"), act("white", "drop", "e4"), knock("white", "g1", "h3"),
		act("white", "clock", ""), act("black", "lift", "g8"), act("black", "drop", "f6"), act("black", "clock", ""))
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 irregularity 7.6", "5 must move g8 4.3.1", "6 move Nf6")
	if s := e.Summary(); s.Illegal.White != 0 || s.Errors != 0 || len(s.Moves) != 2 {
		t.Errorf("summary %+v", s)
	}
	// Black knocks White's queen onto d3 while White thinks; White's move
	// is recognised all the same, and his press leaves the queen to Black
	// to set right in his own time; Black moves and presses without doing
	// so: the queen is put back.
	e, got = run(t, protocol.Start{}, false, knock("black", "d1", "d3"), act("white", "lift", "e2"), act("white", "drop", "e4"), act("white", "clock", ""))
	expect(t, got, "2 must move e2 4.3.1", "3 move e4")
	if e.phys.at(chess.D3).piece != chess.WhiteQueen {
		t.Errorf("the queen does not lie on d3 any more")
	}
	e, got = run(t, protocol.Start{}, false, knock("black", "d1", "d3"), act("white", "lift", "e2"), act("white", "drop", "e4"), act("white", "clock", ""),
		act("black", "lift", "e7"), act("black", "drop", "e5"), act("black", "clock", ""))
	expect(t, got, "2 must move e2 4.3.1", "3 move e4", "5 must move e7 4.3.1", "6 move e5", "7 irregularity 7.6")
	if e.phys.at(chess.D1).piece != chess.WhiteQueen || e.phys.at(chess.D3).piece != chess.NoPiece {
		t.Errorf("the queen is not back on d1")
	}
	// Set right in time: nothing to rule; set right wrongly: an error.
	_, got = run(t, protocol.Start{}, false, knock("black", "g8", "h6"), act("black", "lift", "h6"), act("black", "drop", "g8"),
		act("white", "lift", "e2"), act("white", "drop", "e4"), act("white", "clock", ""))
	expect(t, got, "4 must move e2 4.3.1", "5 move e4")
	_, got = run(t, protocol.Start{}, false, knock("black", "g8", "h6"), act("black", "lift", "h6"), act("black", "drop", "f6"))
	expect(t, got, "3 error")
	// The displaced piece stays displaced across the turns until set
	// right; onto an occupied square it cannot fall.
	_, got = run(t, protocol.Start{}, false, act("white", "lift", "e2"), act("white", "drop", "e4"), knock("black", "b8", "a6"),
		act("white", "clock", ""), act("black", "lift", "a6"), act("black", "drop", "b8"), act("black", "lift", "e7"), act("black", "drop", "e5"),
		act("black", "clock", ""), knock("white", "e4", "e5"))
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "7 must move e7 4.3.1", "8 move e5", "10 error")
	// The player having the move sets his own displaced piece right and
	// moves; had he put it elsewhere, it would be a touch.
	_, got = run(t, protocol.Start{}, false, knock("white", "g1", "h3"), act("white", "lift", "h3"), act("white", "drop", "g1"), act("white", "lift", "e2"), act("white", "drop", "e4"))
	expect(t, got, "4 must move e2 4.3.1", "5 move e4")
}

// Issue, the protocol (laws I1, I2; 3.7.3.3, 7.5.1, 7.5.2): a promotion to
// a piece of the wrong colour, to a king or to a pawn can be made (put
// with colour, K, P on a square of promotion) and is an illegal move at
// the press; elsewhere such a new piece cannot be put on the board.
func TestI1_3_7_3_3_PromotionToWrongColourKingOrPawn(t *testing.T) {
	fen := "k7/4P3/8/8/8/8/8/K7 w - - 0 1"
	put := func(piece, colour string) []protocol.Action {
		return []protocol.Action{act("white", "lift", "e7"), act("white", "release", ""),
			{By: "white", Act: "put", Sq: "e8", Piece: piece, Colour: colour}, act("white", "release", ""), act("white", "clock", "")}
	}
	e, err := New(protocol.Start{FEN: fen}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rs []protocol.Ruling
	for i, a := range put("Q", "black") {
		rs = append(rs, e.Apply(i+1, a)...)
	}
	last := rs[len(rs)-2]
	if last.Kind != protocol.KindIllegal || last.Article != "7.5.1" || last.Text != "the board showed Pe7 off the board, black Q on e8" {
		t.Errorf("a black queen for White's pawn: %+v", rs)
	}
	_, got := run(t, protocol.Start{FEN: fen}, false, put("K", "")...)
	expect(t, got, "1 must move e7 4.3.1", "5 illegal 7.5.1 1", "5 must move e7 4.3.1")
	// A pawn for a pawn: the pawn stands unpromoted on e8 (7.5.2).
	_, got = run(t, protocol.Start{FEN: fen}, false, put("P", "")...)
	expect(t, got, "1 must move e7 4.3.1", "5 move e8=Q+", "5 illegal 7.5.2 1")
	// In blitz the black queen on e8 stands unless claimed.
	_, got = run(t, protocol.Start{FEN: fen, Rules: "fide-blitz"}, false, put("Q", "black")...)
	expect(t, got, "1 must move e7 4.3.1", "5 move an illegal move")
	// Not on a square of promotion.
	_, got = run(t, protocol.Start{FEN: fen}, false, protocol.Action{By: "white", Act: "put", Sq: "d4", Piece: "Q", Colour: "black"},
		protocol.Action{By: "white", Act: "put", Sq: "d4", Piece: "P"}, protocol.Action{By: "white", Act: "put", Sq: "d4", Piece: "K"})
	expect(t, got, "1 error", "2 error", "3 error")
}

// Laws I8 (7.2.1, 7.2.2, 7.3, A.5.1.2): set-up errors found during the
// game, as the arbiter's acts.
func TestI8_7_2_7_3_SetupErrorsFoundDuringTheGame(t *testing.T) {
	setup := func(what string) protocol.Action {
		return protocol.Action{By: "arbiter", Act: "setup-error", What: what}
	}
	moves := []protocol.Action{act("white", "lift", "e2"), act("white", "drop", "e4"), act("white", "clock", "")}
	// 7.2.1: cancelled, a new game is played; the game is over.
	e, got := run(t, protocol.Start{}, false, append(moves, setup("initial-position"), act("black", "lift", "e7"))...)
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 irregularity 7.2.1", "4 result * cancelled", "5 after-end")
	if s := e.Summary(); s.Result != "*" || s.Reason != "cancelled" || !e.Over() {
		t.Errorf("cancelled: %+v", s)
	}
	// 7.2.2: the game goes on.
	e, got = run(t, protocol.Start{}, false, append(moves, setup("board-orientation"), act("black", "lift", "e7"))...)
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 irregularity 7.2.2", "5 must move e7 4.3.1")
	if e.Over() {
		t.Error("7.2.2 ended the game")
	}
	// 7.3: before ten moves each, discontinued; after, the game goes on.
	_, got = run(t, protocol.Start{}, false, append(moves, setup("colours-reversed"))...)
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 irregularity 7.3", "4 result * cancelled")
	later := protocol.Start{FEN: "4k3/8/8/8/8/8/8/4K2R w - - 40 21"}
	_, got = run(t, later, false, setup("colours-reversed"))
	expect(t, got, "1 irregularity 7.3")
	// Rapid without full supervision: after ten moves each nothing can be
	// claimed about the set-up (A.5.1.2); the moves are counted by the
	// move number.
	e, got = run(t, protocol.Start{Rules: "fide-rapid", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 11"}, false, setup("initial-position"))
	expect(t, got, "1 irregularity A.5.1.2")
	if e.Over() {
		t.Error("A.5.1.2 ended the game")
	}
	_, got = run(t, protocol.Start{Rules: "fide-rapid", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 10"}, false, setup("initial-position"))
	expect(t, got, "1 irregularity 7.2.1", "1 result * cancelled")
	// Under full supervision (A.4) 7.2.1 holds throughout.
	_, got = run(t, protocol.Start{Rules: "fide-rapid", Supervision: "full", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 11"}, false, setup("initial-position"))
	expect(t, got, "1 irregularity 7.2.1", "1 result * cancelled")
}

// vdRun plays actions in a game where the player(s) marked have a visual
// disability (Appendix D).
func vdRun(t *testing.T, vd string, actions ...protocol.Action) (*Engine, []string) {
	t.Helper()
	return run(t, protocol.Start{VisuallyDisabled: vd}, false, actions...)
}

// Laws V1 (D.2.2, D.2.5): on the visually disabled player's board a piece
// is touched when taken out of its securing hole: his touch binds him to
// nothing, his lift does; the sighted player's touch binds him as usual.
func TestV1_D_2_2_TouchBindsNothingLiftDoes(t *testing.T) {
	_, got := vdRun(t, "white", act("white", "touch", "g1"), act("white", "lift", "e2"), act("white", "drop", "e4"),
		act("black", "touch", "g8"), act("black", "lift", "e7"), act("black", "drop", "e5"))
	expect(t, got, "2 must move e2 4.3.1", "3 move e4", "4 must move g8 4.3.1", "6 move e5", "6 violation 4.3.1")
	// Both players: neither touch binds.
	_, got = vdRun(t, "both", act("white", "touch", "g1"), act("white", "lift", "e2"), act("white", "drop", "e4"),
		act("black", "touch", "g8"), act("black", "lift", "e7"), act("black", "drop", "e5"))
	expect(t, got, "2 must move e2 4.3.1", "3 move e4", "5 must move e7 4.3.1", "6 move e5")
}

// Laws V2 (D.2.3.3, D.2.1, D.2.5): the visually disabled player's move is
// made when announced; his hands then set it up on his own board, and the
// sighted player repeats it on his (mirror), binding no one. The sighted
// player's move is made on the board; an announcement that differs from
// it is an irregularity.
func TestV2_D_2_3_3_MoveMadeWhenAnnounced(t *testing.T) {
	announce := func(by, m string) protocol.Action { return protocol.Action{By: by, Act: "announce", Move: m} }
	mirror := func(by, a, sq string) protocol.Action { return protocol.Action{By: by, Act: a, Sq: sq, Mirror: true} }
	e, got := vdRun(t, "black",
		act("white", "lift", "e2"), act("white", "drop", "e4"), announce("white", "e4"), act("white", "clock", ""),
		mirror("black", "lift", "e2"), mirror("black", "drop", "e4"),
		act("black", "lift", "g8"), announce("black", "Nf6"), act("black", "drop", "f6"), act("black", "clock", ""),
		mirror("white", "lift", "g8"), mirror("white", "drop", "f6"),
		act("white", "lift", "d2"), act("white", "drop", "d4"), announce("white", "d3"))
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "7 must move g8 4.3.1", "8 move Nf6",
		"13 must move d2 4.3.1", "14 move d4", "15 irregularity D.2.1")
	if s := e.Summary(); s.Errors != 0 || len(s.Violations) != 0 || len(s.Moves) != 3 {
		t.Errorf("summary %+v", s)
	}
	// His announcement is held to what he lifted (4.3.1).
	_, got = vdRun(t, "white", act("white", "lift", "g1"), announce("white", "e4"))
	expect(t, got, "1 must move g1 4.3.1", "2 move e4", "2 violation 4.3.1")
	// An illegal announcement is refused; outside Appendix D, announce and
	// mirror are errors.
	_, got = vdRun(t, "white", announce("white", "e5"))
	expect(t, got, "1 error")
	_, got = run(t, protocol.Start{}, false, announce("white", "e4"), mirror("white", "lift", "e2"))
	expect(t, got, "1 error", "2 error")
}

// Laws V3 (D.2.8): a slip of the tongue in announcing a move is corrected
// at once, before the press; after it, it cannot be. A move made on the
// board is not corrected by announcing another.
func TestV3_D_2_8_SlipOfTheTongue(t *testing.T) {
	announce := func(by, m string) protocol.Action { return protocol.Action{By: by, Act: "announce", Move: m} }
	e, got := vdRun(t, "white", announce("white", "Nf3"), announce("white", "Nc3"), act("white", "clock", ""))
	expect(t, got, "1 move Nf3", "2 irregularity D.2.8", "2 move Nc3")
	if s := e.Summary(); len(s.Moves) != 1 || s.Moves[0] != "Nc3" {
		t.Errorf("summary %+v", s)
	}
	_, got = vdRun(t, "white", announce("white", "Nf3"), act("white", "clock", ""), announce("white", "Nc3"))
	expect(t, got, "1 move Nf3", "3 error")
	_, got = vdRun(t, "white", act("white", "lift", "g1"), act("white", "drop", "f3"), announce("white", "Nh3"))
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "3 error")
}

// Laws V4 (D.2.10, D.2.11): the assistant makes the moves on the other
// board (binding no one), presses the clock for the player he assists,
// reports the sighted player's touch (which binds him) and claims the
// sighted player's flag.
func TestV4_D_2_10_TheAssistant(t *testing.T) {
	as := func(a, sq string) protocol.Action {
		return protocol.Action{By: "assistant", Side: "black", Act: a, Sq: sq}
	}
	e, got := vdRun(t, "black",
		act("white", "lift", "e2"), act("white", "drop", "e4"), act("white", "clock", ""),
		as("lift", "e2"), as("drop", "e4"),
		protocol.Action{By: "black", Act: "announce", Move: "e5"}, as("clock", ""),
		as("lift", "e7"), as("drop", "e5"),
		as("touch", "g1"), act("white", "lift", "b1"), act("white", "drop", "c3"),
		as("flag", ""))
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "6 move e5", "10 must move g1 4.3.1", "12 move Nc3", "12 violation 4.3.1", "13 result 0-1 time")
	if s := e.Summary(); s.Errors != 0 {
		t.Errorf("summary %+v", s)
	}
	// No assistant outside Appendix D; an assistant needs his side.
	_, got = run(t, protocol.Start{}, false, as("clock", ""), protocol.Action{By: "assistant", Act: "clock"})
	expect(t, got, "1 error", "2 error")
}

// Laws V5 (D.2.9): two boards that differ are reported, by a player, the
// assistant or the arbiter, as an irregularity for the arbiter, with the
// position of the game record.
func TestV5_D_2_9_BoardsDiffer(t *testing.T) {
	e, err := New(protocol.Start{VisuallyDisabled: "white"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, by := range []string{"black", "assistant", "arbiter"} {
		rs := e.Apply(i+1, protocol.Action{By: by, Act: "boards-differ", Side: "white"})
		if len(rs) != 1 || rs[0].Kind != protocol.KindIrregularity || rs[0].Article != "D.2.9" || rs[0].FEN == "" {
			t.Errorf("%s: %+v", by, rs)
		}
	}
	_, got := run(t, protocol.Start{}, false, protocol.Action{By: "black", Act: "boards-differ"})
	expect(t, got, "1 error")
	if _, err := New(protocol.Start{VisuallyDisabled: "red"}, Options{}); err == nil {
		t.Error("visually_disabled red accepted")
	}
}

// Issue point 9, laws K3 (A.5.3, A.5.5): in rapid and blitz without full
// supervision a flag claimed by a player cites A.5.3, one the arbiter
// observes A.5.5; under the standard rules and full supervision, 6.9.
func TestK3_A_5_3_A_5_5_FlagsCiteTheAppendix(t *testing.T) {
	cite := func(start protocol.Start, a protocol.Action) string {
		e, err := New(start, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rs := e.Apply(1, a)
		return rs[len(rs)-1].Article
	}
	claim := protocol.Action{By: "white", Act: "flag"}
	seen := protocol.Action{By: "arbiter", Act: "flag", Side: "white"}
	for _, c := range []struct {
		start  protocol.Start
		a      protocol.Action
		expect string
	}{
		{protocol.Start{Rules: "fide-rapid"}, claim, "A.5.3"},
		{protocol.Start{Rules: "fide-blitz"}, seen, "A.5.5"},
		{protocol.Start{Rules: "fide-blitz", Supervision: "full"}, claim, "6.9"},
		{protocol.Start{}, seen, "6.9"},
	} {
		if got := cite(c.start, c.a); got != c.expect {
			t.Errorf("%+v %s: article %s, want %s", c.start, c.a.By, got, c.expect)
		}
	}
}

package touch

import (
	"testing"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

func TestT1_TwoHandsOnlyForCastlingCaptureOrPromotion(t *testing.T) {
	// A capture with two hands is penalised; the move stands (7.5.4).
	fen := "4k3/p7/8/3n4/8/5B2/P7/4K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w lift f3 right", "w remove d5 left", "w drop d5 right", "w clock")
	expect(t, got, "1 must move f3 4.3.1", "2 must capture d5 with f3 4.3.3", "3 move Bxd5", "4 illegal 7.5.4 1")
	// A plain move where the other hand touched nothing is not.
	_, got = script(t, "", "fide", false, "w lift e2 left", "w drop e4 left", "w clock")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4")
	// Enforced: the second hand is refused at once.
	_, got = script(t, castlingFEN, "fide", true, "w lift e1 right", "w lift h1 left")
	expect(t, got, "1 must move e1 4.3.1", "2 error")
}

func TestT2_Adjust(t *testing.T) {
	// The player having the move adjusts: no obligation, no violation.
	e, got := script(t, "", "fide", false, "w adjust d1", "w lift e2", "w drop e4")
	expect(t, got, "2 must move e2 4.3.1", "3 move e4")
	if len(e.Summary().Violations) != 0 {
		t.Error("an announced adjustment is not a violation")
	}
	// The other player adjusts: violation 4.2.1; enforced: refused.
	_, got = script(t, "", "fide", false, "b adjust d8")
	expect(t, got, "1 violation 4.2.1")
	_, got = script(t, "", "fide", true, "b adjust d8")
	expect(t, got, "1 error")
}

func TestT3a_FirstTouchedOwnPieceThatCanMove(t *testing.T) {
	// Ra1 cannot move in the initial position: the next touched piece is owed.
	_, got := script(t, "", "fide", false, "w touch a1", "w touch g1", "w touch b1", "w lift b1", "w drop c3")
	expect(t, got, "1 must any 4.5", "2 must move g1 4.3.1", "5 move Nc3", "5 violation 4.3.1")
}

func TestT3b_FirstTouchedOpponentPieceThatCanBeCaptured(t *testing.T) {
	fen := "4k3/p7/8/3n4/8/5B2/P7/4K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w touch a7", "w touch d5", "w lift a2", "w drop a4")
	expect(t, got, "1 must any 4.5", "2 must capture d5 4.3.2", "3 must capture d5 4.3.3", "4 move a4", "4 violation 4.3.3")
}

func TestT3c_BothColours(t *testing.T) {
	// The first touched own piece cannot take the first touched enemy
	// piece: the first touched piece that can be moved or captured is owed.
	fen := "4k3/p7/8/3n4/8/5B2/P7/4K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w touch a2", "w touch d5", "w lift f3", "w remove d5", "w drop d5")
	expect(t, got, "1 must move a2 4.3.1", "2 must move a2 4.3.3", "5 move Bxd5", "5 violation 4.3.3")
}

func TestT4a_KingThenRookMustCastle(t *testing.T) {
	_, got := script(t, castlingFEN, "fide", false, "w touch e1", "w touch h1", "w lift e1", "w drop f1")
	expect(t, got, "1 must move e1 4.3.1", "2 must castle e1 king 4.4.1", "4 move Kf1", "4 violation 4.4.1")
}

func TestT4c_T8_IllegalCastlingMeansAnotherKingMove(t *testing.T) {
	// f1 is attacked: kingside castling is illegal, so another king move is
	// owed — and castling on the other side is one.
	fen := "r3kr2/pppp2pp/8/8/8/8/PPPP2PP/R3K2R w KQq - 0 1"
	_, got := script(t, fen, "fide", false, "w touch e1", "w touch h1", "w lift e1", "w drop c1", "w lift a1", "w drop d1", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "2 must king e1 4.4.3", "4 must castle e1 queen 4.7.2", "6 move O-O-O")
	// Releasing the king on g1 commits to an illegal castling (T8): a king move.
	_, got = script(t, fen, "fide", false, "w lift e1", "w drop g1", "w lift g1", "w drop e2", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "2 must king e1 4.4.3", "4 move Ke2")
	// The king has no legal move at all: any move.
	noKing := "r3k2r/8/8/8/8/8/3PPP2/R2QKB1r w Q - 0 1"
	_, got = script(t, noKing, "fide", false, "w touch e1", "w touch a1", "w lift a1", "w drop b1")
	expect(t, got, "1 must any 4.5", "2 must any 4.4.3", "4 move Rb1")
}

func TestT5_PromotionPieceIsFinalOnTouchingTheSquare(t *testing.T) {
	// The new piece touches e8 before the pawn leaves: either order works.
	fen := "8/4P3/8/8/8/k7/8/4K3 w - - 0 1"
	_, got := script(t, fen, "fide", false, "w put e8 R", "w release", "w remove e7", "w clock")
	expect(t, got, "3 must move e7 4.3.1", "3 move e8=R")
	// An opponent piece on the promotion square is captured first.
	fen = "3r4/4P3/8/8/8/k7/8/4K3 w - - 0 1"
	_, got = script(t, fen, "fide", false, "w lift e7", "w release", "w remove d8", "w put d8 Q", "w release", "w clock")
	expect(t, got, "1 must move e7 4.3.1", "3 must capture d8 with e7 4.3.3", "5 move exd8=Q")
}

func TestT6_NothingTouchedCanMove(t *testing.T) {
	e, got := script(t, "", "fide", false, "w touch a1", "w touch d8", "w lift g1", "w drop f3")
	expect(t, got, "1 must any 4.5", "3 must move g1 4.3.3", "4 move Nf3")
	if len(e.Summary().Violations) != 0 {
		t.Error("T6: the further touched knight is owed and moved")
	}
}

func TestT7_ReleasedMoveIsFinal(t *testing.T) {
	// Lifted and put back on its square: no move yet, the piece is owed.
	_, got := script(t, "", "fide", false, "w lift g1", "w drop g1", "w lift e2", "w drop e4")
	expect(t, got, "1 must move g1 4.3.1", "4 move e4", "4 violation 4.3.1")
	// Released on f3, then moved on to h3: the board no longer shows the
	// made move at the clock: illegal, reinstated, and the replacing move
	// must be Nf3, the knight having been released there as a legal move
	// (7.5.1: 4.3 and 4.7 apply to the replacing move; laws I1).
	e, got := script(t, "", "fide", false, "w lift g1", "w drop f3", "w lift f3", "w drop h3", "w clock")
	expect(t, got, "1 must move g1 4.3.1", "2 move Nf3", "5 illegal 7.5.1 1", "5 must move g1 Nf3 4.7")
	if e.Position().FEN() != chess.StartFEN {
		t.Error("the position before the move is reinstated")
	}
}

func TestT9_ClaimLostByTouchingAPiece(t *testing.T) {
	// White touched g1 and played e4: black touches a piece, then claims.
	_, got := script(t, "", "fide", false, "w touch g1", "w lift e2", "w drop e4", "w clock", "b touch e7", "b claim touch-move")
	expect(t, got, "1 must move g1 4.3.1", "3 move e4", "3 violation 4.3.1", "5 must move e7 4.3.1", "6 claim touch-move false 4.8")
}

func TestT10_TouchMoveClaimReinstates(t *testing.T) {
	e, got := script(t, "", "fide", false, "w touch g1", "w lift e2", "w drop e4", "w clock", "b claim touch-move", "w lift g1", "w drop f3", "w clock")
	expect(t, got, "1 must move g1 4.3.1", "3 move e4", "3 violation 4.3.1", "5 claim touch-move true 4.3.1", "5 must move g1 4.3.1", "7 move Nf3")
	if s := e.Summary(); len(s.Moves) != 1 || s.Moves[0] != "Nf3" || len(s.Violations) != 1 {
		t.Errorf("summary: %+v", s)
	}
	// Enforced: the violating move is refused at once.
	// Enforced: the violating move is refused at once; the pawn is still in
	// hand, goes back, and the knight is moved.
	e, got = script(t, "", "fide", true, "w touch g1", "w lift e2", "w drop e4", "w drop e2", "w lift g1", "w drop f3")
	expect(t, got, "1 must move g1 4.3.1", "3 error", "6 move Nf3")
	if len(e.Summary().Violations) != 0 {
		t.Error("enforced: nothing is recorded")
	}
}

func TestI1_IllegalMoveReinstated(t *testing.T) {
	// The king walks into check and the clock is pressed.
	fen := "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"
	e, got := script(t, fen, "fide", false, "w lift e1", "w drop e2", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "3 illegal 7.5.1 1", "3 must move e1 4.3.1")
	if e.Position().FEN() != fen || e.Summary().Illegal.White != 1 {
		t.Errorf("after the illegal move: %s %+v", e.Position().FEN(), e.Summary())
	}
}

func TestI3_ClockWithoutMove(t *testing.T) {
	_, got := script(t, "", "fide", false, "w clock")
	expect(t, got, "1 illegal 7.5.3 1")
	_, got = script(t, "", "fide", true, "w clock")
	expect(t, got, "1 error")
}

func TestI4_SecondIllegalMoveLoses(t *testing.T) {
	_, got := script(t, "", "fide", false, "w clock", "w clock")
	expect(t, got, "1 illegal 7.5.3 1", "2 illegal 7.5.3 2", "2 result 0-1 illegal-moves")
	// The opponent cannot mate (a bare king): drawn (R6).
	_, got = script(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "fide", false, "w clock", "w clock")
	expect(t, got, "1 illegal 7.5.3 1", "2 illegal 7.5.3 2", "2 result 1/2-1/2 illegal-moves-vs-no-mate")
}

// The illegal move that loses the game gives the opponent no time bonus
// (7.5.5): the first has one, the second, game-ending, none.
func TestI4_LosingIllegalMoveGivesNoBonus(t *testing.T) {
	e, err := New(protocol.Start{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	press := protocol.Action{By: "white", Act: protocol.ClockPress}
	first := e.Apply(1, press)
	if len(first) != 1 || first[0].Bonus == nil || first[0].Bonus.Seconds != 120 {
		t.Fatalf("first illegal move: %+v", first)
	}
	second := e.Apply(2, press)
	if len(second) != 2 || second[0].Kind != protocol.KindIllegal || second[0].Bonus != nil || second[1].Kind != protocol.KindResult {
		t.Fatalf("second illegal move: %+v", second)
	}
}

// I5, A.3: the penalty is one minute in rapid and blitz (the press
// without a move stands until claimed, A.5.2).
func TestI5_RapidAndBlitzPenaltyIsOneMinute(t *testing.T) {
	for _, rules := range []string{"fide-rapid", "fide-blitz"} {
		e, err := New(protocol.Start{Rules: rules}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		e.Apply(1, protocol.Action{By: "white", Act: "clock"})
		rs := e.Apply(2, protocol.Action{By: "black", Act: "claim", What: "illegal-move"})
		if len(rs) != 2 || rs[1].Kind != protocol.KindIllegal || rs[1].Bonus == nil || rs[1].Bonus.Seconds != 60 || rs[1].Bonus.To != "black" {
			t.Errorf("%s: %+v", rules, rs)
		}
	}
}

func TestI6_USChessIllegalMovesDoNotLose(t *testing.T) {
	_, got := script(t, "", "uscf", false, "w clock", "b claim illegal-move", "w clock", "b claim illegal-move", "w clock", "b claim illegal-move")
	expect(t, got, "1 move no move", "2 claim illegal-move true 11A", "2 illegal 7.5.3 1", "3 move no move", "4 claim illegal-move true 11A", "4 illegal 7.5.3 2",
		"5 move no move", "6 claim illegal-move true 11A", "6 illegal 7.5.3 3")
}

func TestErrorsChangeNothing(t *testing.T) {
	e, got := script(t, "", "fide", false, "w lift e5", "w place e4", "w release", "b lift e7", "w lift e2", "w lift e3", "w place e7", "w drop e4")
	expect(t, got, "1 error", "2 error", "3 error", "4 error", "5 must move e2 4.3.1", "6 error", "7 error", "8 move e4")
	if s := e.Summary(); s.Errors != 6 || len(s.Moves) != 1 {
		t.Errorf("summary: %+v", s)
	}
}

func TestResultsAndAfterResult(t *testing.T) {
	// Fool's mate ends the game at the mating move (5.1.1); the press that
	// follows is recorded after the end and changes nothing.
	_, got := script(t, "", "fide", false, "w lift f2", "w drop f3", "w clock", "b lift e7", "b drop e5", "b clock",
		"w lift g2", "w drop g4", "w clock", "b lift d8", "b drop h4", "b clock")
	expect(t, got, "1 must move f2 4.3.1", "2 move f3", "4 must move e7 4.3.1", "5 move e5", "7 must move g2 4.3.1", "8 move g4",
		"10 must move d8 4.3.1", "11 move Qh4#", "11 result 0-1 checkmate", "12 after-end")
	_, got = script(t, "", "fide", false, "b resign")
	expect(t, got, "1 result 1-0 resignation")
	_, got = script(t, "", "fide", false, "w lift e2", "w drop e4", "w clock", "b lift e7", "b drop e5", "b clock",
		"w offer-draw", "w accept-draw", "b accept-draw")
	expect(t, got, "1 must move e2 4.3.1", "2 move e4", "4 must move e7 4.3.1", "5 move e5", "8 error", "9 result 1/2-1/2 agreement")
	// A flag falls while the opponent has only a king: draw (6.9, R6).
	_, got = script(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "fide", false, "w flag")
	expect(t, got, "1 result 1/2-1/2 time-vs-no-mate")
	_, got = script(t, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "fide", false, "b flag")
	expect(t, got, "1 result 1-0 time")
}

func TestR3_IncorrectClaimWithIntendedMoveMustBePlayed(t *testing.T) {
	_, got := script(t, "", "fide", false, "w claim threefold Nf3", "w lift e2", "w drop e4")
	expect(t, got, "1 claim threefold false 9.5.3", "1 must move g1 Nf3 9.5.3", "3 move e4", "3 violation 9.5.3")
	// Having touched a piece, the player cannot claim on this move (9.4).
	_, got = script(t, "", "fide", false, "w touch e2", "w claim fifty")
	expect(t, got, "1 must move e2 4.3.1", "2 claim fifty false 9.4")
}

func TestCasualHasNoTouchMove(t *testing.T) {
	e, got := script(t, "", "casual", false, "w touch g1", "w lift e2", "w drop e4", "w clock", "b clock")
	expect(t, got, "3 move e4", "5 move no move")
	if len(e.Summary().Violations) != 0 {
		t.Error("casual: no violations")
	}
}

func TestC6_VerticalCastlingUnder1971Rules(t *testing.T) {
	// Krabbé 1972: 1.e7 Kxf3 2.e8=R Kg2 3.O-O-O-O# — the king goes e1-e3 and
	// the rook e8-e2.
	fen := "8/8/4P3/3p4/2p3p1/1pP1kPPp/1P5P/R3K2R w KQ - 0 1"
	lines := []string{"w lift e6", "w drop e7", "w clock", "b lift e3", "b remove f3", "b drop f3", "b clock",
		"w lift e7", "w release", "w put e8 R", "w release", "w clock", "b lift f3", "b drop g2", "b clock",
		"w lift e1", "w drop e3", "w lift e8", "w drop e2"}
	e, got := script(t, fen, "fide-1971", false, lines...)
	if got[len(got)-2] != "19 move O-O-O-O#" || got[len(got)-1] != "19 result 1-0 checkmate" {
		t.Errorf("vertical castling under fide-1971: %v", got)
	}
	_ = e
	_, got = script(t, fen, "fide", false, lines...)
	if got[len(got)-1] == "19 result 1-0 checkmate" {
		t.Errorf("vertical castling is not legal under today's rules: %v", got)
	}
}

func TestC7_Chess960CastlingThroughTheEngine(t *testing.T) {
	// King b1, rooks a1 and h1: O-O-O puts the king on c1 and the rook on d1.
	fen := "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1"
	e, err := New(protocol.Start{FEN: fen, Chess960: true}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, a := range []protocol.Action{{By: "white", Act: "lift", Sq: "b1"}, {By: "white", Act: "drop", Sq: "c1"},
		{By: "white", Act: "lift", Sq: "a1"}, {By: "white", Act: "drop", Sq: "d1"}, {By: "white", Act: "clock"}} {
		for _, r := range e.Apply(i+1, a) {
			got = append(got, brief(r))
		}
	}
	// Kc1 alone is also a legal move: it is decided by what follows.
	expect(t, got, "1 must move b1 4.3.1", "3 must castle b1 queen 4.4.1", "4 move O-O-O")
	if e.Position().PieceAt(chess.C1) != chess.WhiteKing || e.Position().PieceAt(chess.D1) != chess.WhiteRook {
		t.Errorf("after 960 castling: %s", e.Position().FEN())
	}
	// The same king step followed by the clock is the king move Kc1.
	e, _ = New(protocol.Start{FEN: fen, Chess960: true}, Options{})
	got = nil
	for i, a := range []protocol.Action{{By: "white", Act: "lift", Sq: "b1"}, {By: "white", Act: "drop", Sq: "c1"}, {By: "white", Act: "clock"}} {
		for _, r := range e.Apply(i+1, a) {
			got = append(got, brief(r))
		}
	}
	expect(t, got, "1 must move b1 4.3.1", "2 move Kc1")
}

// An enforced refusal undoes the whole action, the touch it implied included.
func TestEnforceRefusalUndoesTheTouch(t *testing.T) {
	fen := "4k3/8/8/3pP3/8/8/P7/4K3 w - d6 0 1"
	e, got := script(t, fen, "fide", true, "w touch a2", "w lift e5", "w drop d6", "w remove d5")
	expect(t, got, "1 must move a2 4.3.1", "4 error")
	if d, _ := e.Duty(); d.Sq != "a2" || d.Rule != "move" {
		t.Errorf("the refused remove changed the obligation: %+v", d)
	}
	if c, ok := e.Claimable(); ok {
		t.Errorf("nothing to claim: %+v", c)
	}
}

// I5: in rapid and blitz, where games are not fully supervised, an illegal
// move stands unless the opponent claims it before completing his next move.
func TestI5_IllegalMoveStandsUnlessClaimed(t *testing.T) {
	// The knight jumps g1-g3: an illegal move that leaves a playable position.
	illegal := []string{"w lift g1", "w drop g3", "w clock"}
	e, got := script(t, "", "fide-blitz", false, append(illegal, "b claim illegal-move")...)
	expect(t, got, "1 must move g1 4.3.1", "3 move Ng1-g3", "4 claim illegal-move true A.5.2", "4 illegal 7.5.1 1", "4 must move g1 4.3.1")
	if e.Position().FEN() != chess.StartFEN || e.Summary().Illegal.White != 1 {
		t.Errorf("the claim reinstates the position: %s %+v", e.Position().FEN(), e.Summary().Illegal)
	}
	// Not claimed before Black completes his move: it stands for good.
	e, got = script(t, "", "fide-rapid", false, append(illegal, "b lift e7", "b drop e5", "b clock", "b claim illegal-move")...)
	expect(t, got, "1 must move g1 4.3.1", "3 move Ng1-g3", "4 must move e7 4.3.1", "5 move e5", "7 claim illegal-move false A.5.2")
	if e.Position().PieceAt(chess.G3) != chess.WhiteKnight || len(e.Summary().Moves) != 2 || e.Summary().Illegal.White != 0 {
		t.Errorf("the illegal move stands: %s %+v", e.Position().FEN(), e.Summary())
	}
	// A king left in check cannot stand: ruled at once.
	_, got = script(t, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "fide-blitz", false, "w lift e1", "w drop e2", "w clock")
	expect(t, got, "1 must move e1 4.3.1", "3 illegal 7.5.1 1", "3 must move e1 4.3.1")
	// Under FIDE standard rules the arbiter rules at once, as before.
	_, got = script(t, "", "fide", false, illegal...)
	expect(t, got, "1 must move g1 4.3.1", "3 illegal 7.5.1 1", "3 must move g1 4.3.1")
}

// I6: under US Chess rules an illegal move may still be corrected within
// ten moves; it costs no game.
func TestI6_USChessCorrectsWithinTenMoves(t *testing.T) {
	lines := []string{"w lift g1", "w drop g3", "w clock"}
	for i, m := range [][2]string{{"e7", "e5"}, {"a2", "a3"}, {"d7", "d6"}} {
		side := []string{"b", "w"}[i%2]
		lines = append(lines, side+" lift "+m[0], side+" drop "+m[1], side+" clock")
	}
	lines = append(lines, "w claim illegal-move", "b claim illegal-move")
	e, got := script(t, "", "uscf", false, lines...)
	expect(t, got[len(got)-4:], "13 claim illegal-move false 11A", "14 claim illegal-move true 11A", "14 illegal 7.5.1 1", "14 must move g1 4.3.1")
	if e.Position().FEN() != chess.StartFEN {
		t.Errorf("reinstated before the illegal move: %s", e.Position().FEN())
	}
}

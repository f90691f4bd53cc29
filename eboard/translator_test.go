package eboard

import (
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

const (
	castleFEN    = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	epFEN        = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	promoFEN     = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"
	knightsFEN   = "4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1"
	blackEpFEN   = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"
	whiteQueenC1 = "4k3/8/8/8/2p5/8/8/2Q1K3 w - - 0 1"
)

// ---- clean moves ----

func TestMove_LiftAndDrop(t *testing.T) {
	expect(t, "", Options{}, evs(t, "0 e2 -", "400 e4 P", "1500 clock white"),
		"w lift e2, w drop e4, w clock")
}

func TestMove_TurnFollowsClockPresses(t *testing.T) {
	expect(t, "", Options{}, evs(t,
		"0 e2 -", "400 e4 P", "1000 clock white",
		"2000 e7 -", "2400 e5 p", "3000 clock black",
		"4000 g1 -", "4400 f3 N", "5000 clock white"),
		"w lift e2, w drop e4, w clock, b lift e7, b drop e5, b clock, w lift g1, w drop f3, w clock")
}

// ---- sensor noise ----

// The board scans every 200-250 ms, so one scan can see the pawn on both
// squares; DGT reports a scan's changes in square order (a8..h1), e4
// before e2.
func TestSensor_BothSquaresAtOnce(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 e4 P", "1000 e2 -", "2500 clock white"),
		"w lift e2, w drop e4, w clock")
}

func TestSensor_NewSquareBeforeOldClears(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 e4 P", "1250 e2 -", "2500 clock white"),
		"w lift e2, w drop e4, w clock")
}

func TestSensor_NewSquareBeforeOldClears_NoClock(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 e4 P", "1250 e2 -"), "w lift e2, w drop e4")
}

func TestSensor_SlideAcrossSquares(t *testing.T) {
	// Ra1 slid to d1: it shows on b1 and c1 on the way.
	expect(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Options{}, evs(t,
		"1000 a1 -", "1250 b1 R", "1500 b1 -", "1500 c1 R", "1750 c1 -", "1750 d1 R", "3000 clock white"),
		"w lift a1, w drop d1, w clock")
}

func TestSensor_SlideShowingOnTwoSquares(t *testing.T) {
	// The rook straddles a1 and b1 before a1 clears, then c1 and b1.
	expect(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Options{}, evs(t,
		"1000 b1 R", "1250 a1 -", "1500 c1 R", "1750 b1 -", "2000 d1 R", "2000 c1 -", "3000 clock white"),
		"w lift a1, w drop d1, w clock")
}

// From the notes of the DGT protocol: a piece on c4 taken by a piece from
// b3 may be reported as "the capturing piece on c4, b3 empty", the
// emptying of c4 never seen.
func TestSensor_CaptureReplacedInOneScan(t *testing.T) {
	expect(t, "4k3/8/8/8/2n5/1B6/8/4K3 w - - 0 1", Options{}, evs(t,
		"1000 c4 B", "1250 b3 -", "2500 clock white"),
		"w lift b3, w remove c4, w drop c4, w clock")
}

// Also from the DGT notes: a queen on c1 takes a pawn on c4, the pawn
// lifted first, the queen slid up the file.
func TestSensor_QueenSlidesToCapture(t *testing.T) {
	expect(t, whiteQueenC1, Options{}, evs(t,
		"1000 c4 -", "1250 c2 Q", "1500 c3 Q", "1750 c1 -", "2000 c2 -", "2250 c4 Q", "2500 c3 -", "4000 clock white"),
		"w remove c4, w lift c1, w drop c4, w clock")
}

func TestSensor_DuplicateReportsIgnored(t *testing.T) {
	expect(t, "", Options{}, evs(t, "0 e2 -", "250 e2 -", "400 e4 P", "650 e4 P", "1500 clock white"),
		"w lift e2, w drop e4, w clock")
}

func TestSensor_PauseLongerThanQuietIsADrop(t *testing.T) {
	// A piece that rests on a square for longer than Quiet was put there.
	expect(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Options{}, evs(t,
		"1000 a1 -", "1250 b1 R", "2500 b1 -", "2750 c1 R", "4000 clock white"),
		"w lift a1, w drop b1, w lift b1, w drop c1, w clock")
}

// ---- captures ----

func TestCapture_CapturedPieceLiftedFirst(t *testing.T) {
	expect(t, knightsFEN, Options{}, evs(t, "1000 d5 -", "1500 e3 -", "2000 d5 N", "3000 clock white"),
		"w remove d5, w lift e3, w drop d5, w clock")
}

func TestCapture_OwnPieceLiftedFirst(t *testing.T) {
	expect(t, knightsFEN, Options{}, evs(t, "1000 e3 -", "1500 d5 -", "2000 d5 N", "3000 clock white"),
		"w lift e3, w remove d5, w drop d5, w clock")
}

func TestCapture_DecidedWhenCapturerLands(t *testing.T) {
	// Without a clock press the remove is known once the knight lands.
	expect(t, knightsFEN, Options{}, evs(t, "1000 d5 -", "1500 e3 -", "2000 d5 N"),
		"w remove d5, w lift e3, w drop d5")
}

func TestCapture_BothLiftedInOneScan_OwnFirst(t *testing.T) {
	// d5 (field 27) is reported before e3 (field 44); which hand was first
	// is unknown, and T3c counts the own piece as first.
	expect(t, knightsFEN, Options{}, evs(t, "1000 d5 -", "1000 e3 -", "2000 d5 N", "3000 clock white"),
		"w lift e3, w remove d5, w drop d5, w clock")
}

func TestCapture_OpponentPieceOffBoardAtClock(t *testing.T) {
	// The black knight is taken off, the white one goes elsewhere: at the
	// clock the knight is off the board, so it was removed.
	expect(t, knightsFEN, Options{}, evs(t, "1000 d5 -", "1500 e3 -", "2000 f5 N", "3000 clock white"),
		"w remove d5, w lift e3, w drop f5, w clock")
}

// ---- en passant ----

func TestEnPassant_CapturingPawnFirst(t *testing.T) {
	expect(t, epFEN, Options{}, evs(t, "1000 e5 -", "1400 d6 P", "2500 d5 -", "3500 clock white"),
		"w lift e5, w drop d6, w remove d5, w clock")
}

func TestEnPassant_CapturingPawnFirst_NoClock(t *testing.T) {
	// The pawn lifted from d5 was passed by the pawn now on d6: removed.
	expect(t, epFEN, Options{}, evs(t, "1000 e5 -", "1400 d6 P", "2500 d5 -"),
		"w lift e5, w drop d6, w remove d5")
}

func TestEnPassant_CapturedPawnFirst(t *testing.T) {
	expect(t, epFEN, Options{}, evs(t, "1000 d5 -", "1500 e5 -", "1900 d6 P", "3000 clock white"),
		"w remove d5, w lift e5, w drop d6, w clock")
}

func TestEnPassant_CapturedPawnFirst_NoClock(t *testing.T) {
	expect(t, epFEN, Options{}, evs(t, "1000 d5 -", "1500 e5 -", "1900 d6 P"),
		"w remove d5, w lift e5, w drop d6")
}

func TestEnPassant_Black(t *testing.T) {
	expect(t, blackEpFEN, Options{}, evs(t, "1000 d4 -", "1500 e4 -", "1900 d3 p", "3000 clock black"),
		"b remove d4, b lift e4, b drop d3, b clock")
}

// ---- castling ----

func TestCastling_KingFirst(t *testing.T) {
	expect(t, castleFEN, Options{}, evs(t, "1000 e1 -", "1500 g1 K", "2200 h1 -", "2700 f1 R", "3500 clock white"),
		"w lift e1, w drop g1, w lift h1, w drop f1, w clock")
}

func TestCastling_RookFirst(t *testing.T) {
	expect(t, castleFEN, Options{}, evs(t, "1000 h1 -", "1500 f1 R", "2200 e1 -", "2700 g1 K", "3500 clock white"),
		"w lift h1, w drop f1, w lift e1, w drop g1, w clock")
}

func TestCastling_Interleaved(t *testing.T) {
	expect(t, castleFEN, Options{}, evs(t, "1000 e1 -", "1300 h1 -", "1800 g1 K", "2100 f1 R", "3000 clock white"),
		"w lift e1, w lift h1 (left), w drop g1, w drop f1 (left), w clock")
}

// Two pieces in the air at once: the protocol holds one piece per hand,
// so the second is in the left hand (the board cannot tell one hand
// holding both from two hands; the engine rules on two hands, T1).
func TestHands_SecondPieceInTheAirIsInTheLeftHand(t *testing.T) {
	// White holds his knight, touches the black knight and puts it back,
	// then plays the knight elsewhere.
	expect(t, knightsFEN, Options{}, evs(t, "1000 e3 -", "1500 d5 -", "2100 d5 n", "2800 f5 N", "3500 clock white"),
		"w lift e3, w lift d5 (left), w drop d5 (left), w drop f5, w clock")
}

func TestHands_EachPlayerHasHisOwn(t *testing.T) {
	// White still holds a piece when he presses; Black's lift is his own
	// right hand.
	expect(t, knightsFEN, Options{}, evs(t, "1000 e1 -", "2000 clock white", "3000 d5 -", "3500 b4 n"),
		"w lift e1, w clock, b lift d5, b drop b4")
}

func TestCastling_QueensideKingAndRookTogether_KingFirst(t *testing.T) {
	// a1 (field 56) is reported before e1 (field 60) in one scan; lifted
	// together, the king counts as first (T4a).
	expect(t, castleFEN, Options{}, evs(t, "1000 a1 -", "1000 e1 -", "1800 c1 K", "1800 d1 R", "3000 clock white"),
		"w lift e1, w lift a1 (left), w drop c1, w drop d1 (left), w clock")
}

func TestCastling_KingSlidesTwoSquares(t *testing.T) {
	expect(t, castleFEN, Options{}, evs(t,
		"1000 f1 K", "1250 e1 -", "1500 g1 K", "1500 f1 -", "2200 h1 -", "2450 f1 R", "3500 clock white"),
		"w lift e1, w drop g1, w lift h1, w drop f1, w clock")
}

func TestCastling_Black(t *testing.T) {
	fen := "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"
	expect(t, fen, Options{}, evs(t, "1000 a8 -", "1500 d8 r", "2000 e8 -", "2500 c8 k", "3500 clock black"),
		"b lift a8, b drop d8, b lift e8, b drop c8, b clock")
}

// ---- promotion ----

func TestPromotion_NewPieceWithoutPawnOnLastRank(t *testing.T) {
	expect(t, promoFEN, Options{}, evs(t, "1000 e7 -", "2500 e8 Q", "3500 clock white"),
		"w lift e7, w release, w put e8 Q, w release, w clock")
}

func TestPromotion_PawnOnLastRankThenReplaced(t *testing.T) {
	expect(t, promoFEN, Options{}, evs(t, "1000 e7 -", "1400 e8 P", "2500 e8 -", "3500 e8 N", "4500 clock white"),
		"w lift e7, w drop e8, w lift e8, w release, w put e8 N, w release, w clock")
}

func TestPromotion_PawnReplacedInOneScan(t *testing.T) {
	expect(t, promoFEN, Options{}, evs(t, "1000 e7 -", "1400 e8 P", "2500 e8 Q", "3500 clock white"),
		"w lift e7, w drop e8, w lift e8, w release, w put e8 Q, w release, w clock")
}

func TestPromotion_WithCapture(t *testing.T) {
	expect(t, promoFEN, Options{}, evs(t, "1000 d8 -", "1500 e7 -", "2500 d8 Q", "3500 clock white"),
		"w remove d8, w lift e7, w release, w put d8 Q, w release, w clock")
}

func TestPromotion_PawnLeftOnLastRank(t *testing.T) {
	// The clock pressed with the pawn on e8: reported as it is (the
	// engine rules 7.5.2), nothing invented.
	expect(t, promoFEN, Options{}, evs(t, "1000 e7 -", "1400 e8 P", "2500 clock white"),
		"w lift e7, w drop e8, w clock")
}

func TestPromotion_OccupancyBoardAssumesQueen(t *testing.T) {
	expect(t, promoFEN, Options{}, evs(t, "1000 e7 -", "1400 e8 ?", "2500 clock white"),
		"w lift e7, w release, w put e8 Q, w release, w clock")
}

func TestPromotion_OccupancyBoardToldKnight(t *testing.T) {
	expect(t, promoFEN, Options{Promotion: chess.Knight}, evs(t, "1000 e7 -", "1400 e8 ?", "2500 clock white"),
		"w lift e7, w release, w put e8 N, w release, w clock")
}

func TestPromotion_OccupancyBoardWithCapture(t *testing.T) {
	expect(t, promoFEN, Options{}, evs(t, "1000 e7 -", "1500 d8 -", "2500 d8 ?", "3500 clock white"),
		"w lift e7, w remove d8, w release, w put d8 Q, w release, w clock")
}

// ---- touches ----

func TestLiftAndPutBack_SameSquare(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 g1 -", "1600 g1 N"), "w lift g1, w drop g1")
}

func TestLiftAndPutBack_ThenAnotherMove(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 g1 -", "1600 g1 N", "3000 b1 -", "3500 c3 N", "4500 clock white"),
		"w lift g1, w drop g1, w lift b1, w drop c3, w clock")
}

func TestLiftAndPutBack_OpponentPiece(t *testing.T) {
	// White's hand touches the black knight (T3b) and puts it back.
	expect(t, knightsFEN, Options{}, evs(t, "1000 d5 -", "1600 d5 n"), "w lift d5, w drop d5")
}

func TestLoneLift(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 e2 -"), "w lift e2")
}

func TestLoneLift_EmittedAtOnce(t *testing.T) {
	tr, err := New(startOf(""), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := brief(append(tr.Feed(evs(t, "1000 e2 -")[0]), tr.Advance(1100)...))
	if got != "w lift e2" {
		t.Errorf("a lift of one's own piece is certain at once (after the Together window); got %q", got)
	}
}

func TestLoneLift_OpponentPieceWaits(t *testing.T) {
	tr, err := New(startOf(knightsFEN), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := brief(append(tr.Feed(evs(t, "1000 d5 -")[0]), tr.Advance(5000)...))
	if got != "" {
		t.Errorf("lift or remove is not known yet, got %q", got)
	}
	if got := brief(tr.Flush()); got != "w lift d5" {
		t.Errorf("flushed: %q", got)
	}
}

// ---- occupancy-only boards ----

func TestOccupancy_Move(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 e4 ?", "1250 e2 -", "2500 clock white", "3000 e7 -", "3400 e5 ?", "4500 clock black"),
		"w lift e2, w drop e4, w clock, b lift e7, b drop e5, b clock")
}

func TestOccupancy_CaptureOwnPieceFirst(t *testing.T) {
	expect(t, knightsFEN, Options{}, evs(t, "1000 e3 -", "1500 d5 -", "2000 d5 ?", "3000 clock white"),
		"w lift e3, w remove d5, w drop d5, w clock")
}

func TestOccupancy_CaptureCapturedPieceFirst(t *testing.T) {
	expect(t, knightsFEN, Options{}, evs(t, "1000 d5 -", "1500 e3 -", "2000 d5 ?", "3000 clock white"),
		"w remove d5, w lift e3, w drop d5, w clock")
}

func TestOccupancy_CastlingInterleaved(t *testing.T) {
	expect(t, castleFEN, Options{}, evs(t, "1000 e1 -", "1300 h1 -", "1800 f1 ?", "2100 g1 ?", "3000 clock white"),
		"w lift e1, w lift h1 (left), w drop f1 (left), w drop g1, w clock")
}

func TestOccupancy_TracksIdentity(t *testing.T) {
	// After Nf3 the translator knows f3 holds a white knight: lifting it
	// is White's own lift, and a pawn later landing on e8 is no matter.
	as := expect(t, "", Options{}, evs(t,
		"1000 g1 -", "1400 f3 ?", "2000 clock white", "3000 d7 -", "3400 d5 ?", "4000 clock black",
		"5000 f3 -", "5400 e5 ?", "6000 clock white"),
		"w lift g1, w drop f3, w clock, b lift d7, b drop d5, b clock, w lift f3, w drop e5, w clock")
	_ = as
}

// ---- inferring whose move it is without a clock ----

func TestInferClock_PassesTurnOnOpponentLift(t *testing.T) {
	expect(t, "", Options{InferClock: true}, evs(t,
		"1000 e2 -", "1400 e4 P", "3000 e7 -", "3400 e5 p", "5000 g1 -", "5400 f3 N"),
		"w lift e2, w drop e4, w clock, b lift e7, b drop e5, b clock, w lift g1, w drop f3")
}

func TestInferClock_CaptureWithCapturedPieceFirst(t *testing.T) {
	// After c4 Black lifts the white pawn on d5 first, then his queen,
	// which takes on d5: the clock belongs before the pawn's removal.
	fen := "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"
	expect(t, fen, Options{InferClock: true}, evs(t,
		"1000 c2 -", "1400 c4 P",
		"3000 d5 -", "3500 d8 -", "4000 d5 q"),
		"w lift c2, w drop c4, w clock, b remove d5, b lift d8, b drop d5")
}

func TestInferClock_CaptureByNextPlayer(t *testing.T) {
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	expect(t, fen, Options{InferClock: true}, evs(t,
		"1000 e2 -", "1400 e4 P", // 1.e4
		"3000 d7 -", "3400 d5 p", // 1...d5
		"5000 d5 -", "5500 e4 -", "6000 d5 P", // 2.exd5, the black pawn lifted first
	),
		"w lift e2, w drop e4, w clock, b lift d7, b drop d5, b clock, w remove d5, w lift e4, w drop d5")
}

func TestInferClock_RookFirstCastlingIsOneTurn(t *testing.T) {
	expect(t, castleFEN, Options{InferClock: true}, evs(t, "1000 h1 -", "1500 f1 R", "2200 e1 -", "2700 g1 K"),
		"w lift h1, w drop f1, w lift e1, w drop g1")
}

func TestInferClock_EnPassantIsOneTurn(t *testing.T) {
	expect(t, epFEN, Options{InferClock: true}, evs(t, "1000 e5 -", "1400 d6 P", "2500 d5 -", "4000 e8 -", "4400 d7 k"),
		"w lift e5, w drop d6, w remove d5, w clock, b lift e8, b drop d7")
}

func TestInferClock_OffAfterRealPress(t *testing.T) {
	// Once the board reports presses, the translator waits for them.
	expect(t, "", Options{InferClock: true}, evs(t,
		"1000 e2 -", "1400 e4 P", "2000 clock white", "3000 e7 -", "3400 e5 p", "5000 g1 -"),
		"w lift e2, w drop e4, w clock, b lift e7, b drop e5, b lift g1")
}

func TestInferClock_OffByDefault(t *testing.T) {
	expect(t, "", Options{}, evs(t, "1000 e2 -", "1400 e4 P", "3000 e7 -", "3400 e5 p"),
		"w lift e2, w drop e4, w lift e7, w drop e5")
}

// ---- what cannot be expressed ----

func TestNotify_PieceFromNowhere(t *testing.T) {
	var notes []string
	opts := Options{Notify: func(_ int64, msg string) { notes = append(notes, msg) }}
	// The piece is on the board from then on: lifting it is a lift.
	expect(t, "", opts, evs(t, "1000 e4 p", "3000 e4 -"), "w lift e4")
	if len(notes) != 1 || !strings.Contains(notes[0], "e4") {
		t.Errorf("notes: %q", notes)
	}
}

func TestOptions_BadPromotion(t *testing.T) {
	if _, err := New(startOf(""), Options{Promotion: chess.King}); err == nil {
		t.Error("a king is no promotion piece")
	}
}

func TestNew_BadFEN(t *testing.T) {
	if _, err := New(startOf("8/8/8/8 w - - 0 1"), Options{}); err == nil {
		t.Error("want an error")
	}
}

func TestWake(t *testing.T) {
	tr, _ := New(startOf(""), Options{})
	if _, ok := tr.Wake(); ok {
		t.Error("nothing to wait for")
	}
	got := tr.Feed(Event{T: 1000, Sq: chess.E2})
	if w, ok := tr.Wake(); !ok || w != 1051 {
		t.Errorf("Wake = %d, %v; want 1051 (the lift waits out Together)", w, ok)
	}
	got = append(got, tr.Feed(Event{T: 1400, Sq: chess.E4, Piece: chess.WhitePawn})...)
	if brief(got) != "w lift e2" {
		t.Errorf("after the pawn showed on e4: %q", brief(got))
	}
	if w, ok := tr.Wake(); !ok || w != 2000 {
		t.Errorf("Wake = %d, %v; want 2000 (1400 + Quiet)", w, ok)
	}
	if got := brief(tr.Advance(1999)); got != "" {
		t.Errorf("before Quiet: %q", got)
	}
	if got := brief(tr.Advance(2000)); got != "w drop e4" {
		t.Errorf("at Quiet: %q", got)
	}
}

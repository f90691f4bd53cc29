package game

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/chess"
)

// newGame starts a game from fen and plays the moves (SAN or UCI).
func newGame(t *testing.T, fen string, moves string) *Game {
	t.Helper()
	g, err := FromFEN(fen, chess.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, moves)
	return g
}

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("ply %d %s: %v", g.Ply()+1, s, err)
		}
	}
}

func TestGame_PlayUndoHistory(t *testing.T) {
	g := New(chess.StartPosition())
	playAll(t, g, "e4 e7e5 Nf3 Nc6 Bb5")
	if g.Ply() != 5 {
		t.Fatalf("ply %d", g.Ply())
	}
	if got := strings.Join(g.SANs(), " "); got != "e4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("SANs %q", got)
	}
	if len(g.Moves()) != 5 || len(g.Positions()) != 6 {
		t.Errorf("moves %d positions %d", len(g.Moves()), len(g.Positions()))
	}
	if g.PositionAt(0).FEN() != chess.StartFEN {
		t.Errorf("start %s", g.PositionAt(0).FEN())
	}
	before := g.Position().FEN()
	// An illegal move is an error and changes nothing.
	bad := chess.NewMove(chess.E1, chess.E3)
	var me *chess.MoveError
	if err := g.Play(bad); !errors.As(err, &me) {
		t.Fatalf("illegal move: %v", err)
	}
	if _, err := g.PlayText("Qxf7"); !errors.As(err, &me) {
		t.Fatalf("illegal SAN: %v", err)
	}
	if g.Position().FEN() != before || g.Ply() != 5 {
		t.Fatal("an illegal move changed the game")
	}
	m, err := g.Undo()
	if err != nil || g.Position().SAN(m) != "Bb5" || g.Ply() != 4 {
		t.Fatalf("undo: %v %v", m, err)
	}
	if err := g.TakeBack(0); err != nil || g.Position().FEN() != chess.StartFEN {
		t.Fatalf("take back: %v", err)
	}
	if _, err := g.Undo(); err != ErrNoMove {
		t.Fatalf("undo at start: %v", err)
	}
	if err := g.PlayNull(); err != nil || g.SANAt(1) != "--" || g.Position().Turn() != chess.Black {
		t.Fatalf("null move: %v", err)
	}
}

// Karpov–Miles (R2): the knight shuffle repeats the placement three times,
// but the first time Black still had the a8 rook's castling right.
func TestRepetition_R2_KarpovMiles(t *testing.T) {
	g := newGame(t, "r3k3/8/8/8/8/2N5/8/4K3 w q - 0 1", "Nb5")
	first := g.Ply() // Black to move, a8 right intact
	playAll(t, g, "Ra4 Nc3 Ra8 Nb5 Ra4 Nc3 Ra8")
	// White claims with the intended move Nb5: third look, second identity.
	r, err := g.ClaimThreefold("Nb5")
	if err != nil {
		t.Fatal(err)
	}
	if r.Granted || r.Article != "9.5.3" || !r.MustPlay || r.SAN != "Nb5" {
		t.Fatalf("intended-move claim at the 3rd look: %+v", r)
	}
	if !reflect.DeepEqual(r.LookAlike, []int{first}) {
		t.Errorf("look-alike plies %v, want [%d]", r.LookAlike, first)
	}
	playAll(t, g, "Nb5")
	if n := g.Repetitions(); n != 2 {
		t.Fatalf("repetitions %d, want 2", n)
	}
	r, err = g.ClaimThreefold("")
	if err != nil {
		t.Fatal(err)
	}
	if r.Granted || r.Article != "9.5.3" || r.MustPlay || r.By != chess.Black {
		t.Fatalf("Karpov's claim must be refused: %+v", r)
	}
	if _, over := g.Outcome(); over {
		t.Fatal("a refused claim ended the game")
	}
	// One cycle later the position without the right appears a third time.
	playAll(t, g, "Ra4 Nc3 Ra8 Nb5")
	r, err = g.ClaimThreefold("")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Granted || r.Article != "9.2.2" || len(r.Plies) != 3 {
		t.Fatalf("claim one cycle later: %+v", r)
	}
	if o, over := g.Outcome(); !over || o.Result != Draw || o.Reason != Threefold || o.Article != "9.2" {
		t.Fatalf("outcome %v %v", o, over)
	}
	if err := g.Play(chess.NewMove(chess.A8, chess.A4)); err != ErrGameOver {
		t.Fatalf("move after a granted claim: %v", err)
	}
}

// R1b: an en passant square whose capture is illegal (the capturing pawn
// is pinned to its king) is not part of the position.
func TestRepetition_R1b_PinnedEnPassant(t *testing.T) {
	// White Ka5 Pb5 Ng1, Black Ke8 Pc7 Rh5 Ng8. After ...c5, bxc6 e.p.
	// would expose the king to the rook.
	g := newGame(t, "4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1", "c5")
	if g.Position().EnPassant() != chess.C6 {
		t.Fatalf("the generator no longer sets the e.p. square: %s", g.Position().FEN())
	}
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8")
	if n := g.Repetitions(); n != 2 {
		t.Errorf("pinned e.p.: repetitions %d, want 2", n)
	}
	noEP, _ := chess.ParseFEN("4k1n1/8/8/KPp4r/8/8/8/6N1 w - - 0 2")
	if g.PositionAt(1).Identity() != noEP.Identity() {
		t.Error("pinned e.p. position differs from the one without e.p.")
	}
	// Control: with the rook elsewhere the capture is legal and counts.
	g = newGame(t, "4k1n1/2p5/7r/KP6/8/8/8/6N1 b - - 0 1", "c5 Nf3 Nf6 Ng1 Ng8")
	if n := g.Repetitions(); n != 1 {
		t.Errorf("legal e.p.: repetitions %d, want 1", n)
	}
}

// C2/R1a: a rook captured on its home square takes its right with it; a
// rook arriving later on that square has none, so the position differs.
func TestRepetition_R1a_RookCapturedOnHomeSquare(t *testing.T) {
	g := newGame(t, "4k3/8/8/8/7R/6n1/8/4K2R b K - 0 1", "Nxh1 Rxh1")
	if g.Position().CastlingRights() != 0 {
		t.Fatalf("rights after the capture: %v", g.Position().CastlingRights())
	}
	withRight, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/4K2R b K - 0 2")
	if g.Position().Identity() == withRight.Identity() {
		t.Error("position without the right equals the one with it")
	}
	without, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/4K2R b - - 0 2")
	if g.Position().Identity() != without.Identity() {
		t.Error("position differs from the same placement without rights")
	}
}

// C3/R1a: castling prevented for now (f1 attacked) keeps the right, so the
// positions before and after stay the same.
func TestRepetition_C3_TemporarilyPreventedCastlingKeepsRight(t *testing.T) {
	// The bishop on a6 attacks f1: White cannot castle, but keeps the right.
	g := newGame(t, "4k3/8/b7/8/8/8/8/1N2K2R w K - 0 1", "Nc3 Bb7 Nb1 Ba6")
	if n := g.Repetitions(); n != 2 {
		t.Fatalf("repetitions %d, want 2", n)
	}
	if g.Position().CastlingRights() != chess.H1.Bitboard() {
		t.Fatalf("right lost: %s", g.Position().FEN())
	}
	// Moving the rook loses the right for good: no longer the same position.
	g = newGame(t, "4k3/8/b7/8/8/8/8/1N2K2R w K - 0 1", "Rh2 Bb7 Rh1 Ba6")
	if n := g.Repetitions(); n != 1 {
		t.Fatalf("after a rook move: repetitions %d, want 1", n)
	}
}

const shuffle = "Nf3 Nf6 Ng1 Ng8 "

// R5, 9.6.1: the fifth occurrence ends the game without a claim.
func TestAutomatic_R5_Fivefold(t *testing.T) {
	g := New(chess.StartPosition())
	playAll(t, g, strings.Repeat(shuffle, 3))
	if _, over := g.Outcome(); over {
		t.Fatal("over at the 4th occurrence")
	}
	if !g.CanClaimThreefold() {
		t.Error("threefold not claimable")
	}
	playAll(t, g, shuffle)
	if got := g.RepetitionPlies(); !reflect.DeepEqual(got, []int{0, 4, 8, 12, 16}) {
		t.Errorf("plies %v", got)
	}
	o, over := g.Outcome()
	if !over || o.Reason != Fivefold || o.Result != Draw || o.Article != "9.6.1" || o.Ply != 16 {
		t.Fatalf("outcome %+v %v", o, over)
	}
	if _, err := g.PlayText("Nf3"); err != ErrGameOver {
		t.Fatalf("move after fivefold: %v", err)
	}
	if _, err := g.ClaimThreefold(""); err != ErrGameOver {
		t.Fatalf("claim after fivefold: %v", err)
	}
	// A game record may go on (Transcribe).
	g = NewWith(chess.StartPosition(), Config{Transcribe: true})
	playAll(t, g, strings.Repeat(shuffle, 4)+"e4")
}

// R5, 9.6.2: the 75th move is a checkmate, which takes precedence.
func TestAutomatic_R5_SeventyFiveMovesMateWins(t *testing.T) {
	fen := "7k/8/6K1/8/8/8/Q7/8 w - - 149 120"
	g := newGame(t, fen, "Qa8#")
	o, over := g.Outcome()
	if !over || o.Reason != Checkmate || o.Result != WhiteWins || o.Article != "5.1.1" {
		t.Fatalf("mate on the 75th move: %+v", o)
	}
	g = newGame(t, fen, "Qa3")
	o, over = g.Outcome()
	if !over || o.Reason != SeventyFiveMoves || o.Result != Draw || o.Article != "9.6.2" {
		t.Fatalf("75 moves: %+v", o)
	}
}

func TestAutomatic_Stalemate_DeadPosition(t *testing.T) {
	g := newGame(t, "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1", "Qg6")
	if o, _ := g.Outcome(); o.Reason != Stalemate || o.Article != "5.2.1" {
		t.Errorf("stalemate: %+v", o)
	}
	g = newGame(t, "7k/8/8/8/8/8/r7/K7 w - - 0 1", "Kxa2")
	if o, _ := g.Outcome(); o.Reason != DeadPosition || o.Article != "5.2.2" || o.Result != Draw {
		t.Errorf("K v K: %+v", o)
	}
}

// dead reports whether the material fallback finds p dead.
func dead(p *chess.Position) bool {
	return !MaterialCanMate(p, chess.White) && !MaterialCanMate(p, chess.Black)
}

func TestMaterialCanMate_R6(t *testing.T) {
	for _, c := range []struct {
		fen  string
		dead bool
		why  string
	}{
		{"7k/8/8/8/8/8/8/K7 w - - 0 1", true, "K v K"},
		{"7k/8/8/8/8/8/8/KB6 w - - 0 1", true, "K+B v K"},
		{"7k/8/8/8/8/8/8/KN6 w - - 0 1", true, "K+N v K"},
		{"7k/8/8/8/8/8/8/K1n5 w - - 0 1", true, "K v K+N"},
		{"6bk/8/8/8/8/8/8/KB6 w - - 0 1", true, "b1 and g8 both light"},
		{"6bk/8/8/8/8/3B4/8/KB6 w - - 0 1", true, "b1, d3, g8 all light"},
		{"7k/8/8/8/8/8/8/K1B1B3 w - - 0 1", true, "c1, e1 both dark"},
		{"7k/8/8/8/8/8/8/K2b3B w - - 0 1", true, "d1, h1 both light"},
		{"6bk/8/8/8/8/8/8/K1B5 w - - 0 1", false, "c1 dark v g8 light"},
		{"6bk/6b1/8/8/8/8/8/KB6 w - - 0 1", false, "Black has bishops on both colours"},
		{"7k/8/8/8/8/8/8/KBB5 w - - 0 1", false, "b1 light and c1 dark"},
		{"7k/8/8/8/8/8/6n1/KN6 w - - 0 1", false, "K+N v K+N"},
		{"7k/8/8/8/8/8/8/K1b4N w - - 0 1", false, "K+N v K+B"},
		{"7k/7p/8/8/8/8/8/KB6 w - - 0 1", false, "K+B v K+P"},
		{"7k/8/8/8/8/8/8/KNN5 w - - 0 1", false, "K+N+N v K"},
		{"6rk/8/8/8/8/8/8/KB6 w - - 0 1", false, "K+B v K+R"},
		{"7k/8/8/8/8/8/8/KBN5 w - - 0 1", false, "K+B+N v K"},
		{"7k/8/8/8/8/8/8/KR6 w - - 0 1", false, "K+R v K"},
		{"7k/8/8/8/8/8/P7/K7 w - - 0 1", false, "K+P v K"},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.why, err)
		}
		if got := dead(p); got != c.dead {
			t.Errorf("%s (%s): dead %v, want %v", c.why, c.fen, got, c.dead)
		}
	}
}

// R4, 9.3.1: a fifty-move claim with an intended move.
func TestClaim_R4_FiftyWithIntendedMove(t *testing.T) {
	fen := "7k/8/6K1/8/8/8/P7/1Q6 w - - 99 80"
	g := newGame(t, fen, "")
	if !g.CanClaimFifty() {
		t.Error("CanClaimFifty false at 99 plies")
	}
	r, err := g.ClaimFifty("")
	if err != nil || r.Granted || r.Article != "9.5.3" || r.MustPlay {
		t.Fatalf("claim at 99 plies without a move: %+v %v", r, err)
	}
	r, err = g.ClaimFifty("a3")
	if err != nil || r.Granted || !r.MustPlay || r.Halfmoves != 0 {
		t.Fatalf("pawn move cannot make it: %+v %v", r, err)
	}
	r, err = g.ClaimFifty("b1c2")
	if err != nil || !r.Granted || r.Article != "9.3.1" || r.SAN != "Qc2" || r.Halfmoves != 100 {
		t.Fatalf("Qc2 makes it: %+v %v", r, err)
	}
	if o, _ := g.Outcome(); o.Reason != FiftyMoves || o.Article != "9.3" || o.Result != Draw {
		t.Fatalf("outcome %+v", o)
	}
	// 9.3.2: already 100 plies.
	g = newGame(t, fen, "Qc2 Kg8")
	if r, err := g.ClaimFifty(""); err != nil || !r.Granted || r.Article != "9.3.2" {
		t.Fatalf("claim at 101 plies: %+v %v", r, err)
	}
	// Malformed intended moves are errors, not rulings.
	g = newGame(t, fen, "")
	var me *chess.MoveError
	if _, err := g.ClaimFifty("Qh9"); !errors.As(err, &me) {
		t.Fatalf("unreadable move: %v", err)
	}
	if _, err := g.ClaimFiftyMove(chess.NewMove(chess.B1, chess.H8)); !errors.As(err, &me) {
		t.Fatalf("illegal move: %v", err)
	}
}

// R3a, 9.2.1: a threefold claim with an intended move, granted and refused.
func TestClaim_R3a_ThreefoldWithIntendedMove(t *testing.T) {
	g := New(chess.StartPosition())
	playAll(t, g, "Nf3 Nf6 Ng1")
	r, err := g.ClaimThreefold("Ng8")
	if err != nil {
		t.Fatal(err)
	}
	if r.Granted || r.Article != "9.5.3" || !r.MustPlay || r.SAN != "Ng8" {
		t.Fatalf("2nd occurrence: %+v", r)
	}
	if !reflect.DeepEqual(r.Plies, []int{0, 4}) {
		t.Errorf("plies %v", r.Plies)
	}
	if g.Ply() != 3 {
		t.Fatal("the claim played the move")
	}
	playAll(t, g, "Ng8 Nf3 Nf6 Ng1")
	r, err = g.ClaimThreefold("g8g8")
	var me *chess.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("unparsable intended move: %v %+v", err, r)
	}
	r, err = g.ClaimThreefold("Ng8")
	if err != nil || !r.Granted || r.Article != "9.2.1" || !reflect.DeepEqual(r.Plies, []int{0, 4, 8}) {
		t.Fatalf("3rd occurrence with Ng8: %+v %v", r, err)
	}
	if r.Outcome == nil || r.Outcome.Reason != Threefold || r.Outcome.Ply != 7 {
		t.Fatalf("outcome %+v", r.Outcome)
	}
	// A capture or pawn move never repeats a position.
	g = New(chess.StartPosition())
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	if r, err := g.ClaimThreefold("e5"); err != nil || r.Granted || !r.MustPlay {
		t.Fatalf("pawn move: %+v %v", r, err)
	}
}

// R3b, 9.2.2: the claim on the position on the board, and the look-alike
// positions the desk shows.
func TestClaim_R3b_ThreefoldOnBoard(t *testing.T) {
	g := New(chess.StartPosition())
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	if got := g.RepetitionPlies(); !reflect.DeepEqual(got, []int{0, 4, 8}) {
		t.Fatalf("plies %v", got)
	}
	if got := g.RepetitionPliesAt(5); !reflect.DeepEqual(got, []int{1, 5}) {
		t.Fatalf("plies at 5: %v", got)
	}
	if n := g.RepetitionsAt(6); n != 2 {
		t.Fatalf("repetitions at 6: %d", n)
	}
	r, err := g.ClaimThreefold("")
	if err != nil || !r.Granted || r.Article != "9.2.2" || r.By != chess.White {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := g.Resign(chess.White); err != ErrGameOver {
		t.Fatalf("resign after the draw: %v", err)
	}
	// Undo lifts the recorded draw.
	if _, err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, over := g.Outcome(); over {
		t.Fatal("still over after Undo")
	}
}

func TestResults_FlagResignAgreeIllegal(t *testing.T) {
	// 6.9: White's flag falls; Black has a bare king: draw.
	g := newGame(t, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", "")
	o, err := g.FlagFall(chess.White)
	if err != nil || o.Result != Draw || o.Reason != TimeVsNoMate || o.Article != "6.9" {
		t.Fatalf("flag vs bare king: %+v %v", o, err)
	}
	g = newGame(t, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", "")
	if o, _ := g.FlagFall(chess.Black); o.Result != WhiteWins || o.Reason != Time {
		t.Fatalf("flag: %+v", o)
	}
	g = newGame(t, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", "")
	if o, _ := g.IllegalMoves(chess.White); o.Result != Draw || o.Reason != IllegalMovesVsNoMate || o.Article != "7.5.5" {
		t.Fatalf("illegal vs bare king: %+v", o)
	}
	g = newGame(t, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", "")
	if o, _ := g.IllegalMoves(chess.Black); o.Result != WhiteWins || o.Reason != IllegalMoves {
		t.Fatalf("illegal: %+v", o)
	}
	g = New(chess.StartPosition())
	if o, _ := g.Resign(chess.Black); o.Result != WhiteWins || o.Reason != Resignation {
		t.Fatalf("resign: %+v", o)
	}
	g = New(chess.StartPosition())
	playAll(t, g, "e4 e5")
	if o, _ := g.Agree(); o.Result != Draw || o.Reason != Agreement || o.Ply != 2 {
		t.Fatalf("agree: %+v", o)
	}
}

// R6, 5.1.2 (2023): a player who resigns loses, unless the opponent cannot
// checkmate by any series of legal moves: then the game is drawn. Without
// the proviso (US Chess) the resignation loses whatever is left.
func TestR6_5_1_2_ResignWhenOpponentCannotMate(t *testing.T) {
	g := newGame(t, "7k/8/8/8/8/8/8/1K1Q4 w - - 0 1", "")
	o, err := g.Resign(chess.White)
	if err != nil || o.Result != Draw || o.Reason != ResignationVsNoMate || o.Article != "5.1.2" {
		t.Fatalf("White resigns against a bare king: %+v %v", o, err)
	}
	g = newGame(t, "7k/8/8/8/8/8/8/1K1Q4 w - - 0 1", "")
	if o, _ := g.Resign(chess.Black); o.Result != WhiteWins || o.Reason != Resignation {
		t.Fatalf("Black resigns against a queen: %+v", o)
	}
	g = newGame(t, "7k/8/8/8/8/8/8/1K1Q4 w - - 0 1", "")
	if o, _ := g.ResignOutright(chess.White); o.Result != BlackWins || o.Reason != Resignation {
		t.Fatalf("resignation without the proviso: %+v", o)
	}
}

// R7, 5.2.3 (2023): an agreement counts only once both players have made
// at least one move; before that the game goes on.
func TestR7_5_2_3_AgreementNeedsAMoveByEach(t *testing.T) {
	g := New(chess.StartPosition())
	if _, err := g.Agree(); err != ErrAgreementTooEarly {
		t.Fatalf("agreement at the start: %v", err)
	}
	playAll(t, g, "e4")
	if _, err := g.Agree(); err != ErrAgreementTooEarly {
		t.Fatalf("agreement after 1.e4: %v", err)
	}
	if _, over := g.Outcome(); over {
		t.Fatal("the refused agreement ended the game")
	}
	if o, err := g.AgreeAnyTime(); err != nil || o.Reason != Agreement {
		t.Fatalf("agreement without the proviso: %+v %v", o, err)
	}
}

// R6: the MateFunc decides positions whose pawns are all stuck (a wall
// across the board here); elsewhere the material decides.
func TestConfig_R6_CanMateForLockedPawns(t *testing.T) {
	wall := "4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1"
	never := func(*chess.Position, chess.Color) bool { return false }
	p, err := chess.ParseFEN(wall)
	if err != nil {
		t.Fatal(err)
	}
	if !pawnsStuck(p) || pawnsStuck(chess.StartPosition()) {
		t.Fatal("pawnsStuck")
	}
	g := NewWith(p, Config{CanMate: never})
	if o, over := g.Outcome(); !over || o.Reason != DeadPosition || o.Article != "5.2.2" {
		t.Fatalf("locked wall with a MateFunc saying no: %+v", o)
	}
	if _, over := New(p).Outcome(); over && DefaultCanMate(p, chess.White) {
		t.Fatal("dead although the MateFunc says White can mate")
	}
	if _, over := NewWith(chess.StartPosition(), Config{CanMate: never}).Outcome(); over {
		t.Fatal("the start position asked the MateFunc")
	}
	onlyBlack := func(_ *chess.Position, c chess.Color) bool { return c == chess.Black }
	if o, err := NewWith(p, Config{CanMate: onlyBlack}).FlagFall(chess.Black); err != nil || o.Reason != TimeVsNoMate {
		t.Fatalf("flag fall uses the MateFunc: %+v %v", o, err)
	}
	if o, err := NewWith(p, Config{CanMate: onlyBlack}).FlagFall(chess.White); err != nil || o.Reason != Time || o.Result != BlackWins {
		t.Fatalf("flag fall: %+v %v", o, err)
	}
}

func TestChess960_RepetitionKeepsRookRights(t *testing.T) {
	p, _, err := chess.ParseFENWith("bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1", chess.Options{Chess960: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	g := New(p)
	playAll(t, g, "Nd3 Nd6 Nc1 Nc8 Nd3 Nd6 Nc1 Nc8")
	if n := g.Repetitions(); n != 3 {
		t.Fatalf("repetitions %d", n)
	}
}

// R6, 5.2.2: blocked pawn chains with only the kings able to move are dead
// (the winnable analysis decides); a wall with a gap is not.
func TestAutomatic_R6_LockedPawnsDead(t *testing.T) {
	g := newGame(t, "4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1", "")
	if o, over := g.Outcome(); !over || o.Reason != DeadPosition || o.Result != Draw {
		t.Fatalf("locked wall: %+v %v", o, over)
	}
	// Without the g- and h-pawns the kings can walk round and the game
	// lives (without the h-pawns only, g5 and g4 still bar the way).
	g = newGame(t, "4k3/8/8/p1p1p3/PpPpPp2/1P1P1P2/8/4K3 w - - 0 1", "")
	if o, over := g.Outcome(); over {
		t.Fatalf("open wall: %+v", o)
	}
	// 6.9 with a locked wall: a flag fall is a draw.
	p, _ := chess.ParseFEN("4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1")
	if o := FlagOutcome(p, chess.White, nil); o.Reason != TimeVsNoMate {
		t.Fatalf("flag in a dead position: %+v", o)
	}
}

// R6 on the public test vector: the dead positions ("--") are found by
// the automatic check (material first, the winnable analysis where the
// position may be dead for other reasons). The few it leaves alive have
// mobile pawns and many pieces; erring that way never declares a draw
// that is not.
func TestAutomatic_R6_UnwinnableVectorDeadPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of helpmate analysis")
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "unwinnable", "test-vector.txt"))
	if err != nil {
		t.Fatal(err)
	}
	total, found := 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "-- ") {
			continue
		}
		p, _, err := chess.ParseFENWith(line[3:], chess.Options{}, true)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		total++
		if o, over := New(p).Outcome(); over && (o.Reason == DeadPosition || o.Reason == Stalemate) {
			found++
		}
	}
	if total < 800 || found < total*98/100 {
		t.Errorf("found %d of %d dead positions", found, total)
	}
	t.Logf("found %d of %d dead positions", found, total)
}

func TestAutomatic_R6_ForcedCaptureAndPawnEnding(t *testing.T) {
	for _, fen := range []string{
		"Rk6/8/2K5/8/8/8/8/8 b - - 0 1",                  // Black must take the rook
		"8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 1", // a pawn ending that locks
	} {
		g := newGame(t, fen, "")
		if o, over := g.Outcome(); !over || o.Reason != DeadPosition {
			t.Errorf("%s: %+v %v", fen, o, over)
		}
	}
}

// Notes of irregular plies and cached endings kept aside from the plies
// follow them when plies are taken back.
func TestGame_AsideFollowsTakeBack(t *testing.T) {
	g := New(chess.StartPosition())
	q := *g.Position()
	q.MakeNull()
	if err := g.PlayIrregular(&q, "Ke1-e2"); err != nil {
		t.Fatal(err)
	}
	if note, ok := g.Irregular(1); !ok || note != "Ke1-e2" {
		t.Fatalf("Irregular(1) = %q, %v", note, ok)
	}
	for i := 0; i < 50; i++ {
		if _, err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if _, err := g.PlayText("e4"); err != nil {
			t.Fatal(err)
		}
		if note, ok := g.Irregular(1); ok || note != "" {
			t.Fatalf("Irregular(1) after taking it back = %q, %v", note, ok)
		}
		if _, over := g.Automatic(); over {
			t.Fatal("game over after 1.e4")
		}
		if _, err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if err := g.PlayIrregular(&q, "again"); err != nil {
			t.Fatal(err)
		}
	}
	if note, ok := g.Irregular(1); !ok || note != "again" || len(g.notes) != 1 {
		t.Fatalf("Irregular(1) = %q, %v; %d notes kept", note, ok, len(g.notes))
	}
	// A checkmate, its cached outcome, taken back and played again.
	g = New(chess.StartPosition())
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		if o, over := g.Automatic(); !over || o.Reason != Checkmate || o.Ply != 4 {
			t.Fatalf("Automatic = %v, %v", o, over)
		}
		if err := g.TakeBack(3); err != nil {
			t.Fatal(err)
		}
		if _, over := g.Automatic(); over {
			t.Fatal("over before the mate")
		}
		if _, err := g.PlayText("Qh4#"); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.outs) > 1 {
		t.Fatalf("%d cached endings kept", len(g.outs))
	}
}

// StrongerSide counts material as 1/3/3/5/9, White on equal material.
func TestStrongerSide(t *testing.T) {
	for fen, want := range map[string]chess.Color{
		"8/8/8/1p6/1P4p1/4p1k1/8/4K3 w - - 0 59": chess.Black, // three pawns to one
		"6k1/6P1/3bn2K/8/8/8/1B6/8 b - - 0 48":   chess.Black, // two minor pieces to bishop and pawn
		"4k3/8/8/8/8/8/8/R3K3 w - - 0 1":         chess.White,
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":          chess.White,
		"4k3/pppp4/8/8/8/8/8/3QK3 w - - 0 1":     chess.White, // 9 to 4
		"3qk3/8/8/8/8/8/8/R1B1K3 w - - 0 1":      chess.Black, // 9 to 8
	} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := StrongerSide(p); got != want {
			t.Errorf("%s: StrongerSide = %v, want %v", fen, got, want)
		}
	}
}

// Two mating minor pieces against a bare king (R6): with more than two
// legal moves nothing is forced and the game is alive without a search;
// with fewer the analysis is asked, and finds the dead ones.
func TestMayBeDead_R6_MinorPairAgainstBareKing(t *testing.T) {
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4KNB1 w - - 0 1":   false, // bishop and knight, free
		"k7/8/K7/8/8/8/4N3/5N2 w - - 0 1":   false, // two knights
		"8/8/8/8/8/2K5/N7/kB6 b - - 0 1":    true,  // one legal move: Kxb1
		"8/8/8/8/8/8/NB1K4/1k6 b - - 0 1":   true,  // two legal moves, both captures
		"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1":  false, // bishops of both colours
		"4k3/8/8/8/8/8/3B4/2B1K3 w - - 0 1": true,  // bishops of one colour: not a mating pair
	} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := MayBeDead(p); got != want {
			t.Errorf("%s: MayBeDead = %v, want %v", fen, got, want)
		}
	}
}

// AnyCanMate (R6): one side able to mate is enough; the default analysis
// or a given MateFunc decides, only for the sides asked about.
func TestAnyCanMate_R6(t *testing.T) {
	locked, err := chess.ParseFEN("k7/8/p1p1p1p1/P1P1P1P1/8/8/8/K7 w - - 0 1") // pawns locked, kings walled off
	if err != nil {
		t.Fatal(err)
	}
	live, err := chess.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	both := [2]bool{true, true}
	if AnyCanMate(locked, both, nil) {
		t.Error("locked pawns: no side can mate, but AnyCanMate says one can")
	}
	if !AnyCanMate(live, both, nil) || !AnyCanMate(live, [2]bool{true, false}, nil) {
		t.Error("king and pawn: White can mate, but AnyCanMate says no side can")
	}
	var asked []chess.Color
	never := func(_ *chess.Position, c chess.Color) bool { asked = append(asked, c); return false }
	if AnyCanMate(live, [2]bool{false, true}, never) || len(asked) != 1 || asked[0] != chess.Black {
		t.Errorf("a MateFunc is asked only about the sides in question: asked %v", asked)
	}
}

// TestCanClaimFifty_AfterCheckmate: checkmate ends the game at once
// (5.1.1), so a halfmove clock of 100 or more gives no claim, and a claim
// is answered with ErrGameOver.
func TestCanClaimFifty_AfterCheckmate(t *testing.T) {
	g := newGame(t, "k7/8/NKB5/8/8/8/8/8 b - - 105 176", "")
	if o, over := g.Outcome(); !over || o.Reason != Checkmate {
		t.Fatalf("not mate: %+v", o)
	}
	if g.CanClaimFifty() {
		t.Error("CanClaimFifty true after checkmate")
	}
	if g.CanClaimThreefold() {
		t.Error("CanClaimThreefold true after checkmate")
	}
	if _, err := g.ClaimFifty(""); err != ErrGameOver {
		t.Errorf("fifty-move claim after checkmate: %v", err)
	}
	// Mate on the 100th ply: the same.
	g = newGame(t, "7k/8/6K1/8/8/8/Q7/8 w - - 99 120", "Qa8#")
	if g.CanClaimFifty() {
		t.Error("CanClaimFifty true after a mate on the 100th ply")
	}
}

// TestCanClaimFifty_AfterStalemate: stalemate ends the game (5.2.1) as
// mate does, whatever the clock.
func TestCanClaimFifty_AfterStalemate(t *testing.T) {
	g := newGame(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 120 150", "")
	if o, over := g.Outcome(); !over || o.Reason != Stalemate {
		t.Fatalf("not stalemate: %+v", o)
	}
	if g.CanClaimFifty() || g.CanClaimThreefold() {
		t.Error("a claim is possible in stalemate")
	}
	if _, err := g.ClaimThreefold(""); err != ErrGameOver {
		t.Errorf("threefold claim in stalemate: %v", err)
	}
}

// TestClaimFifty_IntendedMoveThatMates: an intended move that would
// complete the 50 moves but mates ends the game by mate: the claim is
// refused and the move must be played. Another intended move makes the
// claim good, so CanClaimFifty stays true.
func TestClaimFifty_IntendedMoveThatMates(t *testing.T) {
	fen := "7k/8/6K1/8/8/8/Q7/8 w - - 99 120"
	g := newGame(t, fen, "")
	if !g.CanClaimFifty() {
		t.Error("CanClaimFifty false with Qa3 available")
	}
	r, err := g.ClaimFifty("Qa8")
	if err != nil || r.Granted || !r.MustPlay || r.Article != "9.5.3" || r.Halfmoves != 100 || !strings.Contains(r.Text, "Qa8# checkmates") {
		t.Fatalf("claim with Qa8#: %+v %v", r, err)
	}
	if _, over := g.Outcome(); over {
		t.Fatal("the refused claim ended the game")
	}
	r, err = g.ClaimFifty("Qa3")
	if err != nil || !r.Granted || r.Article != "9.3.1" {
		t.Fatalf("claim with Qa3: %+v %v", r, err)
	}
	// Intended moves that stalemate do not count either.
	g = newGame(t, "7k/8/6K1/8/8/8/8/5Q2 w - - 99 120", "")
	if r, err := g.ClaimFifty("Qf7"); err != nil || r.Granted || !strings.Contains(r.Text, "stalemates") {
		t.Fatalf("claim with Qf7 (stalemate): %+v %v", r, err)
	}
}

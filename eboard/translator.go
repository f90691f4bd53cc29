package eboard

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// Options tune a Translator. The zero value is ready to use.
type Options struct {
	// Quiet is how long the board must stay still before a piece seen on
	// a square counts as put down there. Until then a piece that shows on
	// a square and leaves it again (a piece slid across the board, or held
	// low over it) is no action at all. Default 600 ms: two to three scans
	// of a DGT board.
	Quiet time.Duration
	// Together is how close two lifts must be reported to count as one
	// scan's news, whose order the board does not know. Such lifts are
	// emitted own king first, then other own pieces, then the opponent's
	// (laws T3c, T4a). Default 50 ms; a DGT scan takes 200-250 ms.
	Together time.Duration
	// InferClock passes the move without a clock press, for boards with
	// no clock attached: when the player having the move has finished a
	// move (none of his pieces in hand, one of them on a new square) and a
	// piece of the opponent's colour is lifted, a clock action of the
	// mover is emitted first. The first real clock press switches the
	// inference off.
	InferClock bool
	// Promotion is the piece a pawn becomes on a board that cannot tell
	// pieces apart (default queen); see the package documentation.
	Promotion chess.PieceType
	// Notify, if set, hears of reports that no action can express, such
	// as a piece appearing from off the board that is not a promotion. The
	// translator then follows the board and goes on.
	Notify func(t int64, msg string)
	// TimesAge is how old the last reading of the clock (Event.Times) may
	// be at an action for the action to carry it as its times (laws K5).
	// Default 2 s: a DGT board in UpdateAll mode reports its clock at
	// least every second. A clock press reported with times carries
	// those.
	TimesAge time.Duration
}

// mystery marks, on the translator's own board, a piece whose identity
// nobody knows (it appeared from off the board of an occupancy-only
// board). It is no chess.Piece: type 7 does not exist.
const mystery chess.Piece = 7

// reading is what a sensor reports for a square.
type reading struct {
	occ   bool
	piece chess.Piece // with occ: the piece, or NoPiece when unidentified
}

// raw is a report not yet interpreted.
type raw struct {
	fill  bool
	sq    chess.Square
	r     reading // a fill: what now stands there; an emptying: what stood there
	t     int64
	split bool // an emptying implied by a square that changed piece in one report
}

// held is a piece lifted and not yet put down.
type held struct {
	from  chess.Square
	piece chess.Piece
	by    chess.Color // whose hand the translator believes it is in
	e     *entry      // its lift, until emitted
	hand  int         // once emitted: 0 right, 1 left
}

type entryState uint8

const (
	ready entryState = iota
	open             // the lift of an opponent's piece: lift, or remove when captured
	vague            // (InferClock) a lift after the mover finished: his, or the opponent's starting a capture
)

// entry is an action waiting to be emitted.
type entry struct {
	a    protocol.Action
	st   entryState
	t    int64
	rank int   // a lift's place among lifts reported together; -1 for other actions
	h    *held // the piece a lift entry lifts, while the lift may change
	grab *held // the piece this action takes into a hand (lift, put)
	land *held // the piece this action lets go of (drop, release)
}

// Translator turns the reports of a sensor board into protocol actions.
// Feed it every event in time order, call Advance when Wake says so (or
// at any time), and Flush at the end. Each call returns the actions that
// became certain, in the order the hands did them.
//
// A Translator is not safe for concurrent use.
type Translator struct {
	opt             Options
	quiet, together int64
	promo           chess.PieceType

	sensor     [64]reading // the last report of each square
	queue      []raw       // reports not yet interpreted, in the order the hands did them
	lastChange int64
	now        int64

	turn      chess.Color     // the player having the move
	board     [64]chess.Piece // what stands on the board, as interpreted
	start     [64]chess.Piece // the board when the mover's turn began
	hand      []*held         // pieces in the air, in the order they were lifted
	out       []*entry        // actions not yet emitted
	emitted   []protocol.Action
	clockSeen bool
	hands     [2][2]*held // by colour: what the right and left hand hold, as emitted

	timesAge int64          // Options.TimesAge in ms
	readings []clockReading // the clock's readings that actions still to come may carry, in time order
}

// clockReading is what the clock showed at a moment.
type clockReading struct {
	t     int64
	times protocol.Times
}

// New returns a translator for a game set up by start (the initial
// position when start is empty). The board is assumed to stand as in the
// start position.
func New(start protocol.Start, opts Options) (*Translator, error) {
	pos, err := Position(start)
	if err != nil {
		return nil, err
	}
	t := &Translator{opt: opts, turn: pos.Turn(), quiet: 600, together: 50, promo: chess.Queen, timesAge: 2000}
	if opts.TimesAge > 0 {
		t.timesAge = opts.TimesAge.Milliseconds()
	}
	if opts.Quiet > 0 {
		t.quiet = opts.Quiet.Milliseconds()
	}
	if opts.Together > 0 {
		t.together = opts.Together.Milliseconds()
	}
	switch opts.Promotion {
	case chess.Queen, chess.Rook, chess.Bishop, chess.Knight:
		t.promo = opts.Promotion
	case chess.NoPieceType:
	default:
		return nil, fmt.Errorf("eboard: a pawn cannot promote to a %v", opts.Promotion)
	}
	for sq := range chess.Square(64) {
		p := pos.PieceAt(sq)
		t.board[sq] = p
		t.sensor[sq] = reading{occ: p != chess.NoPiece, piece: p}
	}
	t.start = t.board
	return t, nil
}

// Turn returns the player the translator believes to have the move.
func (t *Translator) Turn() chess.Color { return t.turn }

// Feed takes the next event of the board. Events must come in time order.
func (t *Translator) Feed(e Event) []protocol.Action {
	t.advance(e.T)
	if e.Times != nil {
		t.read(e.T, *e.Times)
	}
	switch {
	case e.Clock:
		t.commitAll()
		t.press(e.By, e.T)
		t.drain(true)
	case e.Times != nil:
		t.drain(false) // a reading of the clock, nothing more
	default:
		t.sense(e)
		t.commitHeads()
		t.drain(false)
	}
	return t.take()
}

// Advance tells the translator that the time is now, with nothing new on
// the board: pieces that have stood still long enough count as put down.
func (t *Translator) Advance(now int64) []protocol.Action {
	t.advance(now)
	t.drain(false)
	return t.take()
}

// Wake returns the time at which Advance has something to do, if any.
func (t *Translator) Wake() (int64, bool) {
	w, ok := int64(0), false
	for _, r := range t.queue {
		if r.fill {
			w, ok = t.lastChange+t.quiet, true
			break
		}
	}
	if len(t.out) > 0 && t.out[0].st == ready && t.out[0].rank >= 0 {
		if x := t.out[0].t + t.together + 1; !ok || x < w {
			w, ok = x, true
		}
	}
	return w, ok
}

// Flush ends the stream: every piece seen on a square counts as put down,
// and every lift still undecided is emitted as a lift (the piece is in
// the air as far as the board can tell).
func (t *Translator) Flush() []protocol.Action {
	t.commitAll()
	for _, h := range t.hand {
		if h.e != nil && h.e.st != ready {
			t.resolve(h, protocol.Lift)
		}
	}
	t.drain(true)
	return t.take()
}

// read records a reading of the clock, and forgets the readings no
// action can carry any more: actions are made from reports still queued,
// at their times, or from now on.
func (t *Translator) read(tm int64, times protocol.Times) {
	t.readings = append(t.readings, clockReading{t: tm, times: times})
	oldest := t.now
	for _, r := range t.queue {
		oldest = min(oldest, r.t)
	}
	for _, e := range t.out {
		oldest = min(oldest, e.t)
	}
	for len(t.readings) > 1 && t.readings[1].t <= oldest {
		t.readings = t.readings[1:]
	}
}

// timesAt returns the times an action at tm carries: the clock's last
// reading at or before tm, if it is at most TimesAge old.
func (t *Translator) timesAt(tm int64) *protocol.Times {
	i := sort.Search(len(t.readings), func(i int) bool { return t.readings[i].t > tm }) - 1
	if i < 0 || tm-t.readings[i].t > t.timesAge {
		return nil
	}
	times := t.readings[i].times
	return &times
}

func (t *Translator) take() []protocol.Action {
	a := t.emitted
	t.emitted = nil
	return a
}

func (t *Translator) note(tm int64, format string, args ...any) {
	if t.opt.Notify != nil {
		t.opt.Notify(tm, fmt.Sprintf(format, args...))
	}
}

// ---- Stage 1: debouncing the sensor reports ----

func (t *Translator) advance(now int64) {
	if now > t.now {
		t.now = now
	}
	if t.now-t.lastChange >= t.quiet {
		t.commitAll()
	}
	t.commitHeads()
}

// sense records one square report and queues what changed.
func (t *Translator) sense(e Event) {
	sq := e.Sq & 63
	var r reading
	switch {
	case e.Unknown:
		r.occ = true
	case e.Piece != chess.NoPiece:
		r = reading{occ: true, piece: e.Piece}
	}
	prev := t.sensor[sq]
	switch {
	case r == prev, !r.occ && !prev.occ:
		return
	case r.occ && prev.occ && (r.piece == chess.NoPiece || prev.piece == chess.NoPiece):
		// Still occupied; only what the board knows of the piece changed.
		if r.piece != chess.NoPiece {
			t.sensor[sq] = r
		}
		return
	}
	t.sensor[sq] = r
	t.lastChange = e.T
	if !r.occ {
		t.queueEmpty(sq, prev, e.T)
		return
	}
	if prev.occ {
		// One piece replaced by another within a scan: the old one left at
		// a time the board did not see.
		t.queue = append(t.queue, raw{sq: sq, r: prev, t: e.T, split: true})
	}
	t.queue = append(t.queue, raw{fill: true, sq: sq, r: r, t: e.T})
}

// queueEmpty queues the emptying of sq, which held prev.
func (t *Translator) queueEmpty(sq chess.Square, prev reading, tm int64) {
	// A piece that appeared on sq and left before it settled was never
	// put down: both reports vanish.
	for i := len(t.queue) - 1; i >= 0; i-- {
		if t.queue[i].sq != sq {
			continue
		}
		if t.queue[i].fill {
			t.queue = slices.Delete(t.queue, i, i+1)
			return
		}
		break
	}
	ev := raw{sq: sq, r: prev, t: tm}
	// A piece reported on its new square before its old square cleared:
	// it left the old one first.
	if i := t.orphanFor(prev); i >= 0 {
		ev.t = min(ev.t, t.queue[i].t)
		if i > 0 && t.queue[i-1].split && t.queue[i-1].sq == t.queue[i].sq {
			i-- // and before the piece it replaced was seen to go (own piece first, T3c)
		}
		t.queue = slices.Insert(t.queue, i, ev)
		return
	}
	t.queue = append(t.queue, ev)
}

// orphanFor returns the index of the first queued fill that no piece in
// the air can explain and a piece like r could, or -1.
func (t *Translator) orphanFor(r reading) int {
	var pool []chess.Piece
	for _, h := range t.hand {
		pool = append(pool, h.piece)
	}
	for i, ev := range t.queue {
		if !ev.fill {
			pool = append(pool, ev.r.piece)
			continue
		}
		if j := slices.IndexFunc(pool, func(p chess.Piece) bool { return alike(p, ev.r.piece) }); j >= 0 {
			pool = slices.Delete(pool, j, j+1)
			continue
		}
		if alike(r.piece, ev.r.piece) {
			return i
		}
	}
	return -1
}

// alike reports whether two pieces may be the same one: equal, or one of
// them unidentified.
func alike(a, b chess.Piece) bool {
	return a == b || a == chess.NoPiece || b == chess.NoPiece || a == mystery || b == mystery
}

func (t *Translator) commitHeads() {
	for len(t.queue) > 0 && !t.queue[0].fill {
		r := t.queue[0]
		t.queue = t.queue[1:]
		t.commitEmpty(r.sq, r.t)
	}
}

func (t *Translator) commitAll() {
	for len(t.queue) > 0 {
		r := t.queue[0]
		t.queue = t.queue[1:]
		if r.fill {
			t.commitFill(r.sq, r.r, r.t)
		} else {
			t.commitEmpty(r.sq, r.t)
		}
	}
}

// ---- Stage 2: interpreting settled changes as actions ----

func (t *Translator) colour(p chess.Piece) chess.Color {
	if p == mystery {
		return t.turn
	}
	return p.Color()
}

func (t *Translator) action(act string, sq chess.Square, by chess.Color, tm int64) protocol.Action {
	a := protocol.Action{By: by.String(), Act: act, T: &tm, Times: t.timesAt(tm)}
	if sq < 64 {
		a.Sq = sq.String()
	}
	return a
}

func (t *Translator) emit(a protocol.Action, tm int64) {
	t.emitWith(a, tm, nil, nil)
}

// emitWith queues an action that takes a piece into a hand or lets go of
// one; drain decides which hand.
func (t *Translator) emitWith(a protocol.Action, tm int64, grab, land *held) {
	t.out = append(t.out, &entry{a: a, t: tm, rank: -1, grab: grab, land: land})
}

// commitEmpty interprets sq emptying: a piece was lifted.
func (t *Translator) commitEmpty(sq chess.Square, tm int64) {
	p := t.board[sq]
	if p == chess.NoPiece {
		t.note(tm, "%v emptied, but no piece was known to stand there", sq)
		return
	}
	own := t.colour(p) == t.turn
	if t.opt.InferClock && !t.clockSeen && t.finished() {
		if !own {
			t.passTurn(tm)
			own = true
		} else {
			t.board[sq] = chess.NoPiece
			t.lift(sq, p, tm, vague)
			return
		}
	}
	t.board[sq] = chess.NoPiece
	switch {
	case own:
		t.lift(sq, p, tm, ready)
	case t.passedPawn(sq, p):
		// Taken en passant: the capturing pawn already stands behind it.
		t.pushLift(&entry{a: t.action(protocol.Remove, sq, t.turn, tm), t: tm, rank: 2})
	default:
		t.lift(sq, p, tm, open)
	}
}

func (t *Translator) lift(sq chess.Square, p chess.Piece, tm int64, st entryState) {
	h := &held{from: sq, piece: p, by: t.turn}
	rank := 2
	if t.colour(p) == t.turn {
		rank = 1
		if p.Type() == chess.King {
			rank = 0
		}
	}
	h.e = &entry{a: t.action(protocol.Lift, sq, t.turn, tm), st: st, t: tm, rank: rank, h: h, grab: h}
	t.hand = append(t.hand, h)
	t.pushLift(h.e)
}

// pushLift queues a lift, ahead of lifts reported together with it that
// rank after it.
func (t *Translator) pushLift(e *entry) {
	i := len(t.out)
	for i > 0 {
		p := t.out[i-1]
		if p.rank < 0 || p.t < e.t-t.together || p.rank <= e.rank {
			break
		}
		i--
	}
	t.out = slices.Insert(t.out, i, e)
}

// passedPawn reports whether the opponent's pawn p on sq has just been
// passed by a pawn of the mover that landed behind it (en passant).
func (t *Translator) passedPawn(sq chess.Square, p chess.Piece) bool {
	if p.Type() != chess.Pawn {
		return false
	}
	front := sq + 8
	if t.turn == chess.Black {
		front = sq - 8
	}
	return front < 64 && sq.RelativeRank(t.turn) == 4 &&
		t.board[front] == chess.NewPiece(t.turn, chess.Pawn) && t.start[front] == chess.NoPiece
}

// finished reports whether the mover has completed a change of the board:
// none of his pieces in his hand, one on a new square, and no en passant
// or promotion half done.
func (t *Translator) finished() bool {
	b := t.board
	for _, h := range t.hand {
		if h.e != nil && h.e.st == vague {
			b[h.from] = h.piece
			continue
		}
		if t.colour(h.piece) == t.turn {
			return false
		}
	}
	moved := false
	pawn, theirs := chess.NewPiece(t.turn, chess.Pawn), chess.NewPiece(t.turn.Other(), chess.Pawn)
	for sq := range chess.Square(64) {
		p := b[sq]
		if p == chess.NoPiece || t.colour(p) != t.turn {
			continue
		}
		if p == pawn {
			if sq.RelativeRank(t.turn) == 7 {
				return false // the new piece is still to come
			}
			if sq.RelativeRank(t.turn) == 5 && t.start[sq] == chess.NoPiece {
				behind := sq - 8
				if t.turn == chess.Black {
					behind = sq + 8
				}
				if b[behind] == theirs && t.start[behind] == theirs {
					return false // en passant, the captured pawn still on the board
				}
			}
		}
		if p != t.start[sq] {
			moved = true
		}
	}
	return moved
}

// passTurn emits the clock press the mover would have made (InferClock),
// ahead of the lifts after his move that turn out to be the opponent's.
func (t *Translator) passTurn(tm int64) {
	i := slices.IndexFunc(t.out, func(e *entry) bool { return e.st == vague })
	if i < 0 {
		i = len(t.out)
	} else {
		tm = t.out[i].t
	}
	t.out = slices.Insert(t.out, i, &entry{a: t.action(protocol.ClockPress, 64, t.turn, tm), t: tm, rank: -1})
	b := t.board
	for _, h := range t.hand {
		if h.e != nil && h.e.st == vague {
			h.e.st, h.e.rank, h.by = open, 2, t.turn.Other()
			b[h.from] = h.piece
		}
	}
	t.start = b
	t.turn = t.turn.Other()
}

// press handles a clock press by the player by.
func (t *Translator) press(by chess.Color, tm int64) {
	t.clockSeen = true
	keep := t.hand[:0]
	for _, h := range t.hand {
		if h.e != nil && h.e.st == open {
			t.resolve(h, protocol.Remove) // off the board when the move ended: captured
			continue
		}
		if h.e != nil && h.e.st == vague {
			t.resolve(h, protocol.Lift)
		}
		keep = append(keep, h)
	}
	t.hand = keep
	t.emit(t.action(protocol.ClockPress, 64, by, tm), tm)
	t.turn = by.Other()
	t.start = t.board
}

func (t *Translator) resolve(h *held, act string) {
	h.e.a.Act, h.e.a.By, h.e.st = act, h.by.String(), ready
}

// putDown takes h out of the hand, deciding its lift if still undecided.
func (t *Translator) putDown(h *held) {
	if h.e != nil && h.e.st != ready {
		t.resolve(h, protocol.Lift)
	}
	t.hand = slices.DeleteFunc(t.hand, func(x *held) bool { return x == h })
}

// capture decides that h, an opponent's piece in the air, was captured.
func (t *Translator) capture(h *held) {
	if h.e != nil && h.e.st == open {
		t.resolve(h, protocol.Remove)
	}
	t.hand = slices.DeleteFunc(t.hand, func(x *held) bool { return x == h })
}

func (t *Translator) heldFrom(sq chess.Square, except *held) *held {
	for _, h := range t.hand {
		if h.from == sq && h != except {
			return h
		}
	}
	return nil
}

// commitFill interprets r settling on sq: a piece was put down.
func (t *Translator) commitFill(sq chess.Square, r reading, tm int64) {
	if t.board[sq] != chess.NoPiece {
		t.note(tm, "a piece appeared on %v, where one was thought to stand", sq)
		t.commitEmpty(sq, tm)
	}
	h := t.lander(sq, r)
	if x := t.heldFrom(sq, h); x != nil && t.colour(x.piece) != t.turn && x.e != nil && x.e.st == open {
		t.capture(x) // the piece that stood here was taken
	}
	if h != nil {
		t.putDown(h)
		c := t.colour(h.piece)
		if h.piece.Type() == chess.Pawn && h.from.File() != sq.File() && sq.RelativeRank(c) == 5 {
			if x := t.heldFrom(chess.NewSquare(sq.File(), h.from.Rank()), nil); x != nil &&
				x.piece == chess.NewPiece(c.Other(), chess.Pawn) && x.e != nil && x.e.st == open {
				t.capture(x) // en passant
			}
		}
		if r.piece == chess.NoPiece && h.piece.Type() == chess.Pawn && sq.RelativeRank(c) == 7 {
			// An occupancy-only board cannot see the pawn change into
			// another piece: take the promotion as done.
			t.promote(sq, chess.NewPiece(c, t.promo), h, tm)
			return
		}
		t.emitWith(t.action(protocol.Drop, sq, h.by, tm), tm, nil, h)
		if r.piece != chess.NoPiece {
			t.board[sq] = r.piece
		} else {
			t.board[sq] = h.piece
		}
		return
	}
	// No piece in the air can be this one: it comes from off the board.
	np := r.piece
	pawn := t.heldPawn()
	if np == chess.NoPiece && pawn != nil {
		np = chess.NewPiece(t.turn, t.promo)
	}
	if np != chess.NoPiece && np.Color() == t.turn {
		switch np.Type() {
		case chess.Queen, chess.Rook, chess.Bishop, chess.Knight:
			if pawn != nil {
				t.putDown(pawn)
				t.emitWith(t.action(protocol.Release, 64, pawn.by, tm), tm, nil, pawn) // the pawn leaves the board
			}
			t.put(sq, np, tm)
			return
		}
	}
	what := "a piece"
	if np != chess.NoPiece {
		what = "a " + np.Color().String() + " " + np.Type().String()
	} else {
		np = mystery
	}
	t.note(tm, "%s appeared on %v from off the board; no action says that", what, sq)
	t.board[sq] = np
}

// promote emits the promotion of the pawn landing on sq, on a board that
// cannot tell the pawn from the new piece.
func (t *Translator) promote(sq chess.Square, np chess.Piece, pawn *held, tm int64) {
	t.emitWith(t.action(protocol.Release, 64, pawn.by, tm), tm, nil, pawn)
	t.put(sq, np, tm)
}

func (t *Translator) put(sq chess.Square, np chess.Piece, tm int64) {
	a := t.action(protocol.Put, sq, t.turn, tm)
	a.Piece = np.Type().Letter()
	h := &held{from: sq, piece: np, by: t.turn}
	t.emitWith(a, tm, h, nil)
	t.emitWith(t.action(protocol.Release, 64, t.turn, tm), tm, nil, h)
	t.board[sq] = np
}

func (t *Translator) heldPawn() *held {
	for _, h := range t.hand {
		if h.piece == chess.NewPiece(t.turn, chess.Pawn) {
			return h
		}
	}
	return nil
}

// lander picks the piece in the air that has landed on sq, reported as r.
func (t *Translator) lander(sq chess.Square, r reading) *held {
	var cands []*held
	for _, h := range t.hand {
		if alike(r.piece, h.piece) {
			cands = append(cands, h)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	if r.piece != chess.NoPiece { // the board knows the piece
		for _, h := range cands {
			if h.from == sq {
				return h
			}
		}
		return t.likeliest(cands, sq)
	}
	// An occupancy-only board: a piece of the mover landing where an
	// opponent's piece was lifted is a capture; else a piece lifted from
	// here was put back.
	if x := t.heldFrom(sq, nil); x != nil {
		if t.colour(x.piece) != t.turn {
			var movers []*held
			for _, h := range cands {
				if h != x && t.colour(h.piece) == t.turn {
					movers = append(movers, h)
				}
			}
			if len(movers) > 0 {
				return t.likeliest(movers, sq)
			}
		}
		return x
	}
	return t.likeliest(cands, sq)
}

// likeliest picks, among candidates lifted in that order, the one most
// likely to have landed on sq: for king and rook in the air together the
// castling squares decide; otherwise the first that could move there.
func (t *Translator) likeliest(cands []*held, sq chess.Square) *held {
	var king, rook *held
	for _, h := range cands {
		switch h.piece.Type() {
		case chess.King:
			king = h
		case chess.Rook:
			rook = h
		}
	}
	if king != nil && rook != nil && king.piece.Color() == rook.piece.Color() && sq.RelativeRank(king.piece.Color()) == 0 {
		switch sq.File() {
		case 6, 2:
			return king
		case 5, 3:
			return rook
		}
	}
	for _, h := range cands {
		if reaches(h.piece, h.from, sq) {
			return h
		}
	}
	return cands[0]
}

// reaches reports whether p could go from one square to the other in a
// move on an empty board (castling included).
func reaches(p chess.Piece, from, to chess.Square) bool {
	c := p.Color()
	switch p.Type() {
	case chess.Pawn:
		df, dr := to.File()-from.File(), to.Rank()-from.Rank()
		if c == chess.Black {
			dr = -dr
		}
		return (df == 0 && (dr == 1 || dr == 2 && from.RelativeRank(c) == 1)) || ((df == 1 || df == -1) && dr == 1)
	case chess.Knight:
		return chess.KnightAttacks(from).Has(to)
	case chess.Bishop:
		return chess.BishopAttacks(from, 0).Has(to)
	case chess.Rook:
		return chess.RookAttacks(from, 0).Has(to)
	case chess.Queen:
		return chess.QueenAttacks(from, 0).Has(to)
	case chess.King:
		return chess.KingAttacks(from).Has(to) || from.Rank() == to.Rank() && from.RelativeRank(c) == 0
	}
	return true
}

// drain emits the decided actions at the head of the queue. A lift waits
// until no lift reported together with it can still come before it.
func (t *Translator) drain(force bool) {
	for len(t.out) > 0 {
		e := t.out[0]
		if e.st != ready || !force && e.rank >= 0 && t.now-e.t <= t.together {
			return
		}
		t.assignHand(e)
		t.emitted = append(t.emitted, e.a)
		if e.h != nil {
			e.h.e = nil
		}
		t.out = t.out[1:]
	}
}

// assignHand names the hand of an action about to be emitted. A player takes a
// piece in his right hand, or in his left when the right one already
// holds a piece: the protocol puts one piece in a hand, and the board only
// sees that two pieces are in the air (it cannot tell one hand holding
// both, or two hands).
func (t *Translator) assignHand(e *entry) {
	if g := e.grab; g != nil && e.a.Act != protocol.Remove {
		hs := &t.hands[g.by&1]
		g.hand = 0
		if hs[0] != nil && hs[1] == nil {
			g.hand = 1
		}
		hs[g.hand] = g
		if g.hand == 1 {
			e.a.Hand = "left"
		}
	}
	if l := e.land; l != nil {
		hs := &t.hands[l.by&1]
		if hs[l.hand] == l {
			hs[l.hand] = nil
		}
		if l.hand == 1 {
			e.a.Hand = "left"
		}
	}
}

package winnable

import (
	"slices"

	"github.com/arbiterchess/arbiter/chess"
)

// The helpmate search looks for a line of legal moves, both sides
// cooperating, that ends with x checkmating. It proves "can" by exhibiting
// the line and proves nothing when it fails. It is a depth-first search
// with a budget: a move costs two units, one when it makes progress
// towards a mating picture (the losing king heads for a corner, the mating
// pieces close in, checks, promotions), more when it goes the other way,
// so promising lines are followed much deeper than others. The budget
// grows from one pass to the next (iterative deepening), and a hash table
// skips positions already searched with as much budget left.

const (
	costFree  = 0
	costPlain = 1
	costBad   = 3
)

// ttable remembers, per position hash, the largest budget searched. Each
// search has a generation of its own, so that emptying the table costs
// nothing.
type ttable struct {
	entries []ttEntry
	gen     uint16
}

type ttEntry struct {
	key    uint64
	budget int16
	gen    uint16
}

const ttBits = 15

func (t *ttable) clear() {
	if t.entries == nil {
		t.entries = make([]ttEntry, 1<<ttBits)
	}
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

// seen reports whether key was searched with at least budget b, and
// records b otherwise.
func (t *ttable) seen(key uint64, b int) bool {
	e := &t.entries[key&(1<<ttBits-1)]
	if e.gen == t.gen && e.key == key && int(e.budget) >= b {
		return true
	}
	*e = ttEntry{key, int16(b), t.gen}
	return false
}

type scored struct {
	m    chess.Move
	cost int8
}

// hmState is what the helpmate search keeps for one run.
type hmState struct {
	x       chess.Color
	corner  chess.Square // where the losing king should go
	kingTo  chess.Square // where the mating king should go
	blockTo chess.Square // where the loser's pieces help best
	// needHelp: x lacks the material to mate without the loser's pieces
	// and the loser has none left besides pawns, so the loser must promote.
	needHelp bool
	nodes    int
	limit    int
	line     []chess.Move // the mating line found, last move first
}

// helpmate searches for a checkmate by x from p, with budgets up to
// maxBudget and at most limit nodes. It returns the line, or nil.
func (a *analyzer) helpmate(p *chess.Position, x chess.Color, maxBudget, limit int) []chess.Move {
	pos := *p
	a.tt.clear()
	h := &a.hm
	*h = hmState{x: x, limit: limit, line: h.line[:0]}
	h.setTargets(&pos)
	for b := 1; b <= maxBudget; b++ {
		if a.hmSearch(&pos, b, false) {
			slices.Reverse(h.line)
			return h.line
		}
		if h.nodes >= h.limit {
			break
		}
	}
	return nil
}

func (a *analyzer) hmSearch(pos *chess.Position, budget int, progress bool) bool {
	h := &a.hm
	h.nodes++
	a.nodes++
	var ml chess.MoveList
	pos.LegalMoves(&ml)
	if ml.Len() == 0 {
		return pos.Turn() != h.x && pos.InCheck()
	}
	if h.nodes >= h.limit {
		return false
	}
	if pos.ByColor(h.x) == pos.Pieces(h.x, chess.King) {
		return false
	}
	if a.tt.seen(pos.IdentityKey(), budget) {
		return false
	}
	if pos.Turn() == h.x {
		// Look for a mate in one first: it needs no budget, and once the
		// net is ready it ends the search at once.
		if m, ok, _ := mateInOne(pos, ml.Slice(), nil); ok {
			h.line = append(h.line, m)
			return true
		}
	}
	// Order the moves by cost, keeping the generator's order among equals
	// (costs take three values: one pass each).
	var costs [256]int8
	if ml.Len() > len(costs) {
		return false // only with odd material from a lenient FEN: not searched
	}
	for i, m := range ml.Slice() {
		c := h.cost(pos, m)
		if c == costPlain && progress {
			c = costFree // answering progress costs nothing
		}
		costs[i] = int8(c)
	}
	var buf [256]scored
	moves := buf[:0]
	for _, c := range [3]int8{costFree, costPlain, costBad} {
		for i, m := range ml.Slice() {
			if costs[i] == c {
				moves = append(moves, scored{m, c})
			}
		}
	}
	for _, s := range moves {
		nb := budget - int(s.cost)
		if nb < 0 {
			break
		}
		u := pos.Make(s.m)
		found := a.hmSearch(pos, nb, s.cost == costFree && !progress)
		pos.Unmake(s.m, u)
		if found {
			h.line = append(h.line, s.m)
			return true
		}
		if h.nodes >= h.limit {
			return false
		}
	}
	return false
}

// setTargets chooses the corner the losing king is driven to: near it,
// preferably on the loser's own back rank (its pieces and pawns there help
// to block), and of the colour of the mating side's bishops when they are
// all of one colour. The mating king aims two squares along the edge file
// from it, the loser's pieces at the square beside it.
func (h *hmState) setTargets(pos *chess.Position) {
	x := h.x
	bishops := pos.Pieces(x, chess.Bishop)
	others := pos.Pieces(x, chess.Knight) | pos.Pieces(x, chess.Rook) | pos.Pieces(x, chess.Queen)
	lk := pos.KingSquare(x ^ 1)
	// The loser must help (its pawns block, or promote to blockers) when
	// x has a lone knight or same-coloured
	// bishops only and the loser has no piece to block with.
	loser := pos.ByColor(x^1) &^ pos.ByType(chess.King) &^ pos.ByType(chess.Pawn)
	minorOnly := others&^pos.Pieces(x, chess.Knight) == 0 &&
		(pos.Pieces(x, chess.Knight).Count()+boolInt(bishops != 0) <= 1) &&
		(bishops&darkSquares == 0 || bishops&^darkSquares == 0)
	h.needHelp = minorOnly && loser == 0 && pos.Pieces(x^1, chess.Pawn) != 0
	// Score the corners: nearness to the losing king, the loser's own back
	// rank (its men there help to block), the bishops' colour.
	best, bestScore := chess.A1, 1<<30
	for _, corner := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
		score := 4 * dist(lk, corner)
		if corner.RelativeRank(x^1) != 0 {
			score += 3
		} else if h.needHelp {
			score += 40 // the loser's pawns can only help on their way to promotion
		}
		if bishops != 0 && others == 0 {
			dark := darkSquares.Has(corner)
			if bishops&darkSquares == 0 && dark || bishops&^darkSquares == 0 && !dark {
				score += 100 // the bishops can never check there
			}
		}
		if score < bestScore {
			best, bestScore = corner, score
		}
	}
	corner := best
	h.corner = corner
	up := 2
	if corner.Rank() == 7 {
		up = -2
	}
	h.kingTo = chess.Square(int(corner) + 8*up)
	if corner.File() == 0 {
		h.blockTo = corner + 1
	} else {
		h.blockTo = corner - 1
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// dist is the king distance between two squares.
func dist(a, b chess.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// cost prices move m in pos for the helpmate search: costFree for
// progress towards the mating picture, costBad for moves that throw it
// away, costPlain otherwise.
func (h *hmState) cost(pos *chess.Position, m chess.Move) int {
	x := h.x
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	capture := !m.IsCastling() && pos.PieceAt(to) != chess.NoPiece || m.IsEnPassant()
	if pos.Turn() == x {
		switch {
		case capture:
			return costFree
		case m.Promotion() == chess.Queen || m.Promotion() == chess.Knight:
			return costFree
		}
		switch pc.Type() {
		case chess.Pawn:
			if to.RelativeRank(x) >= 4 {
				return costFree
			}
		case chess.King:
			if dist(to, h.kingTo) < dist(from, h.kingTo) {
				return costFree
			}
		case chess.Knight:
			if knightDist(to, h.corner) < knightDist(from, h.corner) {
				return costFree
			}
		}
		return costPlain
	}
	// The loser moves.
	if h.needHelp {
		switch {
		case pc.Type() == chess.Pawn && m.Promotion() != chess.Queen && m.Promotion() != chess.Rook:
			return costFree
		case pc.Type() == chess.King && dist(to, h.corner) < dist(from, h.corner):
			return costFree
		}
		return costBad
	}
	switch pc.Type() {
	case chess.King:
		if dist(to, h.corner) < dist(from, h.corner) {
			return costFree
		}
	case chess.Knight:
		if knightDist(to, h.blockTo) < knightDist(from, h.blockTo) {
			return costFree
		}
	}
	if capture {
		return costBad
	}
	return costPlain
}

var knightDistance [64][64]int8

func init() {
	for s := chess.A1; s <= chess.H8; s++ {
		for t := range knightDistance[s] {
			knightDistance[s][t] = -1
		}
		knightDistance[s][s] = 0
		frontier := s.Bitboard()
		seen := frontier
		for d := int8(1); frontier != 0; d++ {
			next := jumps(frontier) &^ seen
			for b := next; b != 0; b &= b - 1 {
				knightDistance[s][b.First()] = d
			}
			seen |= next
			frontier = next
		}
	}
}

// knightDist is the number of knight moves from a to b on an empty board.
func knightDist(a, b chess.Square) int { return int(knightDistance[a][b]) }

// mateInOne looks through moves, legal moves of the side to move in pos,
// for one that checkmates, and returns the first it finds. The checking
// moves seen on the way are written to checks, as many as it holds (all of
// them when there is no mate and it holds all the moves), and returned.
// Checks are told without playing the move (checkTable); a checking move
// is played to see whether the other side has a reply, and it mates only
// where the position after it is in check too.
func mateInOne(pos *chess.Position, moves, checks []chess.Move) (chess.Move, bool, []chess.Move) {
	var ct checkTable
	ct.init(pos)
	checks = checks[:0]
	for _, m := range moves {
		if !ct.gives(pos, m) {
			continue
		}
		if len(checks) < cap(checks) {
			checks = checks[:len(checks)+1]
			checks[len(checks)-1] = m
		}
		u := pos.Make(m)
		mate := pos.InCheck() && !pos.HasLegalMove()
		pos.Unmake(m, u)
		if mate {
			return m, true, checks
		}
	}
	return chess.NoMove, false, checks
}

// checkTable tells which moves of the side to move give check, set up once
// for a position so that each move costs a few lookups: the squares from
// which each kind of piece would attack the enemy king, and the men of the
// side to move that stand alone between that king and one of their own
// sliders (moving off that line uncovers a check).
type checkTable struct {
	k        chess.Square
	from     [chess.King + 1]bb // by piece type
	uncovers bb
}

// init sets the table up for the side to move in pos.
func (ct *checkTable) init(pos *chess.Position) {
	us := pos.Turn()
	k := pos.KingSquare(us ^ 1)
	occ := pos.Occupied()
	diag, straight := chess.BishopAttacks(k, occ), chess.RookAttacks(k, occ)
	ct.k = k
	ct.from = [chess.King + 1]bb{}
	ct.from[chess.Pawn] = chess.PawnAttacks(us^1, k)
	ct.from[chess.Knight] = chess.KnightAttacks(k)
	ct.from[chess.Bishop] = diag
	ct.from[chess.Rook] = straight
	ct.from[chess.Queen] = diag | straight
	queens := pos.Pieces(us, chess.Queen)
	snipers := chess.BishopAttacks(k, 0)&(pos.Pieces(us, chess.Bishop)|queens) |
		chess.RookAttacks(k, 0)&(pos.Pieces(us, chess.Rook)|queens)
	ct.uncovers = 0
	for ; snipers != 0; snipers &= snipers - 1 {
		between := chess.Between(k, snipers.First()) & occ
		if between != 0 && between&(between-1) == 0 {
			ct.uncovers |= between & pos.ByColor(us)
		}
	}
}

// gives reports whether the legal move m checks. A piece that moves on
// the line through the enemy king and itself uncovers nothing. Castling,
// en passant and promotions, which change more than the moved piece's
// square, are told by givesCheck.
func (ct *checkTable) gives(pos *chess.Position, m chess.Move) bool {
	if m.Kind() != chess.Normal {
		return givesCheck(pos, m, ct.k)
	}
	from, to := m.From(), m.To()
	if ct.from[pos.PieceAt(from).Type()].Has(to) {
		return true
	}
	return ct.uncovers.Has(from) && !chess.Line(ct.k, from).Has(to)
}

// givesCheck reports whether move m of the side to move in pos checks the
// king on k, without playing it: the moved piece attacks k from its new
// square, or it uncovers a line from one of its side's sliders. Castling
// and en passant, which move two pieces, are played out.
func givesCheck(pos *chess.Position, m chess.Move, k chess.Square) bool {
	switch m.Kind() {
	case chess.Castling, chess.EnPassant:
		u := pos.Make(m)
		check := pos.InCheck()
		pos.Unmake(m, u)
		return check
	}
	from, to := m.From(), m.To()
	us := pos.Turn()
	t := pos.PieceAt(from).Type()
	if pt := m.Promotion(); pt != chess.NoPieceType {
		t = pt
	}
	occ := pos.Occupied()&^from.Bitboard() | to.Bitboard()
	switch t {
	case chess.Pawn:
		if chess.PawnAttacks(us, to).Has(k) {
			return true
		}
	case chess.King:
	default:
		if attacksFrom(t, to, occ).Has(k) {
			return true
		}
	}
	// A discovered check: only a piece that stood on a line to k can
	// uncover one.
	if chess.Line(k, from) == 0 {
		return false
	}
	sliders := chess.BishopAttacks(k, occ)&(pos.Pieces(us, chess.Bishop)|pos.Pieces(us, chess.Queen)) |
		chess.RookAttacks(k, occ)&(pos.Pieces(us, chess.Rook)|pos.Pieces(us, chess.Queen))
	return sliders&^from.Bitboard() != 0
}

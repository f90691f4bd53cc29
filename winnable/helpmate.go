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
	costGood  = 1
	costPlain = 2
	costBad   = 4
)

// ttable remembers, per position hash, the largest budget searched.
type ttable struct {
	keys   []uint64
	budget []int16
}

const ttBits = 15

func (t *ttable) clear() {
	if t.keys == nil {
		t.keys = make([]uint64, 1<<ttBits)
		t.budget = make([]int16, 1<<ttBits)
		return
	}
	clear(t.keys)
}

// seen reports whether key was searched with at least budget b, and
// records b otherwise.
func (t *ttable) seen(key uint64, b int) bool {
	i := key & (1<<ttBits - 1)
	if t.keys[i] == key && int(t.budget[i]) >= b {
		return true
	}
	t.keys[i] = key
	t.budget[i] = int16(b)
	return false
}

type scored struct {
	m    chess.Move
	cost int8
}

// hmState is what the helpmate search keeps for one run.
type hmState struct {
	x      chess.Color
	corner chess.Square // where the losing king should go
	nodes  int
	limit  int
	line   []chess.Move // the mating line found, last move first
}

// helpmate searches for a checkmate by x from p, with budgets up to
// maxBudget and at most limit nodes. It returns the line, or nil.
func (a *analyzer) helpmate(p *chess.Position, x chess.Color, maxBudget, limit int) []chess.Move {
	pos := *p
	a.tt.clear()
	h := &a.hm
	*h = hmState{x: x, limit: limit, line: h.line[:0]}
	h.corner = pickCorner(&pos, x)
	for b := 1; b <= maxBudget; b++ {
		if a.hmSearch(&pos, b) {
			slices.Reverse(h.line)
			return h.line
		}
		if h.nodes >= h.limit {
			break
		}
	}
	return nil
}

func (a *analyzer) hmSearch(pos *chess.Position, budget int) bool {
	h := &a.hm
	h.nodes++
	a.Nodes++
	var ml chess.MoveList
	pos.LegalMoves(&ml)
	if ml.Len() == 0 {
		return pos.Turn() != h.x && pos.InCheck()
	}
	if budget <= 0 || h.nodes >= h.limit {
		return false
	}
	if pos.ByColor(h.x) == pos.Pieces(h.x, chess.King) {
		return false
	}
	if a.tt.seen(pos.IdentityKey(), budget) {
		return false
	}
	var buf [256]scored
	moves := buf[:0]
	for _, m := range ml.Slice() {
		moves = append(moves, scored{m, int8(h.cost(pos, m))})
	}
	slices.SortStableFunc(moves, func(a, b scored) int { return int(a.cost) - int(b.cost) })
	for _, s := range moves {
		nb := budget - int(s.cost)
		if nb < 0 {
			break
		}
		u := pos.Make(s.m)
		found := a.hmSearch(pos, nb)
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

// pickCorner chooses the corner the losing king is driven to: on the
// loser's own back rank (its pieces and pawns there help to block), of the
// colour of the mating side's bishops when they are all of one colour,
// otherwise the nearer one.
func pickCorner(pos *chess.Position, x chess.Color) chess.Square {
	rank := 7
	if x == chess.Black {
		rank = 0
	}
	a, h := chess.NewSquare(0, rank), chess.NewSquare(7, rank)
	bishops := pos.Pieces(x, chess.Bishop)
	dark := bishops & darkSquares
	light := bishops &^ darkSquares
	pick := func(dk bool) chess.Square {
		if (darkSquares.Has(a)) == dk {
			return a
		}
		return h
	}
	switch {
	case bishops != 0 && light == 0 && pos.Pieces(x, chess.Knight)|pos.Pieces(x, chess.Rook)|pos.Pieces(x, chess.Queen) == 0:
		return pick(true)
	case bishops != 0 && dark == 0 && pos.Pieces(x, chess.Knight)|pos.Pieces(x, chess.Rook)|pos.Pieces(x, chess.Queen) == 0:
		return pick(false)
	}
	lk := pos.KingSquare(x ^ 1)
	if dist(lk, a) <= dist(lk, h) {
		return a
	}
	return h
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

// cost prices move m in pos for the helpmate search.
func (h *hmState) cost(pos *chess.Position, m chess.Move) int {
	x := h.x
	us := pos.Turn()
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	captured := pos.PieceAt(to)
	if m.IsCastling() {
		captured = chess.NoPiece
	}
	lk := pos.KingSquare(x ^ 1)
	if us == x {
		u := pos.Make(m)
		check := pos.InCheck()
		pos.Unmake(m, u)
		switch {
		case check:
			return costGood
		case m.Promotion() == chess.Queen || m.Promotion() == chess.Knight:
			return costGood
		case m.Promotion() != chess.NoPieceType:
			return costPlain
		}
		switch pc.Type() {
		case chess.King:
			if dist(to, h.corner) < dist(from, h.corner) && dist(to, lk) >= 2 {
				return costGood
			}
		case chess.Pawn:
			if pos.Pieces(x, chess.Queen)|pos.Pieces(x, chess.Rook) == 0 {
				return costGood
			}
		case chess.Knight:
			if knightDist(to, lk) < knightDist(from, lk) {
				return costGood
			}
		default:
			zone := chess.KingAttacks(lk) | lk.Bitboard()
			occ := pos.Occupied() &^ from.Bitboard()
			if attacksFrom(pc.Type(), to, occ)&zone != 0 && attacksFrom(pc.Type(), from, pos.Occupied())&zone == 0 {
				return costGood
			}
		}
		if captured != chess.NoPiece {
			return costPlain
		}
		return costPlain
	}
	// The loser moves.
	if captured != chess.NoPiece && captured.Type() != chess.Pawn {
		return costBad
	}
	switch pc.Type() {
	case chess.King:
		d0, d1 := dist(from, h.corner), dist(to, h.corner)
		if d1 < d0 {
			return costGood
		}
		if d1 > d0 {
			return costBad
		}
	case chess.Pawn:
		if p := m.Promotion(); p == chess.Queen || p == chess.Rook {
			return costBad
		}
		if pos.Pieces(x, chess.Queen)|pos.Pieces(x, chess.Rook) == 0 {
			return costGood
		}
	default:
		if dist(to, h.corner) <= 1 {
			return costGood
		}
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

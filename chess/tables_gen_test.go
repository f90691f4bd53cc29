package chess

// The generator of tables.go: the slider attack tables as constants, so
// that no program pays for building them at start-up. Regenerate with
//
//	go generate ./chess
//
// (which runs TestTablesFileIsGenerated with -update-tables).

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"testing"
)

var updateTables = flag.Bool("update-tables", false, "write tables.go from the generator")

// TestTablesFileIsGenerated regenerates tables.go in memory and fails if
// the file differs (with -update-tables it writes the file instead).
func TestTablesFileIsGenerated(t *testing.T) {
	src := generateTables()
	if *updateTables {
		if err := os.WriteFile("tables.go", src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, src) {
		t.Fatal("tables.go is not what the generator writes: run go generate ./chess")
	}
}

// TestSliderTablesAgreeWithRays checks the generated attack sets against
// a walk along the rays for random occupancies, and between and line for
// every pair of squares.
func TestSliderTablesAgreeWithRays(t *testing.T) {
	rng := prng{12345}
	for s := A1; s <= H8; s++ {
		for range 2000 {
			a, b := rng.next(), rng.next()
			occ := Bitboard(a & b)
			if got, want := RookAttacks(s, occ), slide(s, occ, rookDirs); got != want {
				t.Fatalf("rook on %v, occupancy %x: %x, want %x", s, uint64(occ), uint64(got), uint64(want))
			}
			if got, want := BishopAttacks(s, occ), slide(s, occ, bishopDirs); got != want {
				t.Fatalf("bishop on %v, occupancy %x: %x, want %x", s, uint64(occ), uint64(got), uint64(want))
			}
		}
	}
	var tabs generated
	tabs.fillLines()
	tabs.fillLeapers()
	if tabs.between != between || tabs.line != line {
		t.Fatal("between or line differ from the rays")
	}
	if tabs.knight != knightAttacks || tabs.king != kingAttacks || tabs.pawn != pawnAttacks {
		t.Fatal("the leapers' attacks differ")
	}
	for s := A1; s <= H8; s++ {
		if rookRays[s] != RookAttacks(s, 0) || bishopRays[s] != BishopAttacks(s, 0) {
			t.Fatalf("empty-board rays of %v", s)
		}
	}
}

// BenchmarkFillSliderTables measures what building the slider tables
// from known magics costs (no search): the price a lazy build would pay
// on first use.
func BenchmarkFillSliderTables(b *testing.B) {
	var tabs generated
	for b.Loop() {
		fillKnown(&tabs.table, &rookMagics, rookDirs)
		fillKnown(&tabs.table, &bishopMagics, bishopDirs)
		tabs.fillLines()
		tabs.fillLeapers()
	}
}

// BenchmarkSearchSliderTables measures the search for the magics and the
// filling of the tables: what the package's init did before tables.go.
func BenchmarkSearchSliderTables(b *testing.B) {
	for b.Loop() {
		var tabs generated
		tabs.build()
	}
}

// fillKnown fills the attack sets of the magics ms.
func fillKnown(table *[rookTableSize + bishopTableSize]Bitboard, ms *[64]magic, dirs [4][2]int) {
	for s := A1; s <= H8; s++ {
		m := &ms[s]
		for b := Bitboard(0); ; {
			table[m.index(b)] = slide(s, b, dirs)
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
	}
}

// generated is what tables.go holds.
type generated struct {
	rook, bishop  [64]magic
	table         [rookTableSize + bishopTableSize]Bitboard
	between, line [64][64]Bitboard

	knight, king, rookRays, bishopRays [64]Bitboard
	pawn                               [2][64]Bitboard
}

func (g *generated) build() {
	offset := g.fillMagics(&g.rook, rookDirs, 0)
	if g.fillMagics(&g.bishop, bishopDirs, offset) != rookTableSize+bishopTableSize {
		panic("slider table size")
	}
	g.fillLines()
	g.fillLeapers()
	for s := A1; s <= H8; s++ {
		g.rookRays[s] = slide(s, 0, rookDirs)
		g.bishopRays[s] = slide(s, 0, bishopDirs)
	}
}

func (g *generated) fillLeapers() {
	for s := A1; s <= H8; s++ {
		f, r := s.File(), s.Rank()
		jump := func(df, dr int) Bitboard {
			if f+df < 0 || f+df > 7 || r+dr < 0 || r+dr > 7 {
				return 0
			}
			return NewSquare(f+df, r+dr).Bitboard()
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			g.knight[s] |= jump(d[0], d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			g.king[s] |= jump(d[0], d[1])
		}
		g.pawn[White][s] = jump(-1, 1) | jump(1, 1)
		g.pawn[Black][s] = jump(-1, -1) | jump(1, -1)
	}
}

func (g *generated) fillLines() {
	for a := A1; a <= H8; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			empty := slide(a, 0, dirs)
			for b := A1; b <= H8; b++ {
				if a == b || !empty.Has(b) {
					continue
				}
				g.line[a][b] = sameLine(a, b)
				g.between[a][b] = slide(a, b.Bitboard(), dirs) & slide(b, a.Bitboard(), dirs)
			}
		}
	}
}

// fillMagics finds a magic multiplier for every square and fills its part
// of the table. The generator is seeded per rank so the search is short.
func (g *generated) fillMagics(ms *[64]magic, dirs [4][2]int, offset uint32) uint32 {
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	cnt := 0
	for s := A1; s <= H8; s++ {
		edges := ((Rank1 | Rank8) &^ rankOf(s)) | ((FileA | FileH) &^ fileOf(s))
		m := &ms[s]
		m.mask = slide(s, 0, dirs) &^ edges
		bitsN := m.mask.Count()
		m.shift = uint8(64 - bitsN)
		m.offset = offset
		// Enumerate every subset of the mask (Carry-Rippler).
		size := 0
		for b := Bitboard(0); ; {
			occs[size] = b
			refs[size] = slide(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		rng := prng{seeds[s.Rank()]}
		for i := 0; i < size; {
			for m.magic = 0; Bitboard(m.magic*uint64(m.mask)>>56).Count() < 6; {
				a, b, c := rng.next(), rng.next(), rng.next()
				m.magic = a & b & c // few bits set: a good magic
			}
			cnt++
			for i = 0; i < size; i++ {
				idx := uint32(uint64(occs[i]) * m.magic >> m.shift)
				if epoch[idx] < cnt {
					epoch[idx] = cnt
					g.table[offset+idx] = refs[i]
				} else if g.table[offset+idx] != refs[i] {
					break
				}
			}
		}
		offset += uint32(size)
	}
	return offset
}

// generateTables returns the source of tables.go.
func generateTables() []byte {
	var g generated
	g.build()
	var b bytes.Buffer
	b.WriteString("// Code generated by \"go test -run ^TestTablesFileIsGenerated$ -update-tables\" (go generate ./chess); DO NOT EDIT.\n\n")
	b.WriteString("package chess\n\n")
	magics := func(name string, ms *[64]magic) {
		fmt.Fprintf(&b, "var %s = [64]magic{\n", name)
		for _, m := range ms {
			fmt.Fprintf(&b, "{%#016x, %#016x, %d, %d},\n", uint64(m.mask), m.magic, m.offset, m.shift)
		}
		b.WriteString("}\n\n")
	}
	magics("rookMagics", &g.rook)
	magics("bishopMagics", &g.bishop)
	b.WriteString("var sliderTable = [rookTableSize + bishopTableSize]Bitboard{\n")
	for i, x := range g.table {
		fmt.Fprintf(&b, "%#x,", uint64(x))
		if i%8 == 7 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("}\n\n")
	square := func(name string, t *[64][64]Bitboard) {
		fmt.Fprintf(&b, "var %s = [64][64]Bitboard{\n", name)
		for _, row := range t {
			b.WriteString("{")
			for j, x := range row {
				if j > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%#x", uint64(x))
			}
			b.WriteString("},\n")
		}
		b.WriteString("}\n")
	}
	row := func(name string, t *[64]Bitboard) {
		fmt.Fprintf(&b, "var %s = [64]Bitboard{\n", name)
		for i, x := range t {
			fmt.Fprintf(&b, "%#x,", uint64(x))
			if i%8 == 7 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString("}\n\n")
	}
	row("knightAttacks", &g.knight)
	row("kingAttacks", &g.king)
	b.WriteString("var pawnAttacks = [2][64]Bitboard{\n")
	for c := range g.pawn {
		b.WriteString("{")
		for j, x := range g.pawn[c] {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%#x", uint64(x))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n\n")
	row("rookRays", &g.rookRays)
	row("bishopRays", &g.bishopRays)
	square("between", &g.between)
	b.WriteByte('\n')
	square("line", &g.line)
	src, err := format.Source(b.Bytes())
	if err != nil {
		panic(err)
	}
	return src
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide walks from s in each direction until the edge or an occupied square.
func slide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := NewSquare(f, r)
			b |= t.Bitboard()
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

// sameLine returns every square on the line through a and b (which share one).
func sameLine(a, b Square) Bitboard {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	bb := a.Bitboard()
	for _, k := range [2]int{1, -1} {
		f, r := a.File()+k*df, a.Rank()+k*dr
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			bb |= NewSquare(f, r).Bitboard()
			f, r = f+k*df, r+k*dr
		}
	}
	return bb
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arbiterchess/arbiter/pgn"
)

const twoGames = `[Event "Casual game"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:58] } 2. Qh5?! Nc6 3. Bc4 Nf6??
(3... g6 4. Qf3 Nf6) 4. Qxf7# 1-0

[Event "Broken"]

1. d4 d5 2. c4 ) 1/2-1/2

[Event "Odds game"]
[Variant "Chess960"]

1. e4 e5 *
`

// Read games one at a time, skipping a broken one.
func Example() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	for {
		g, err := r.Read()
		if err == io.EOF {
			break
		}
		var se *pgn.SyntaxError
		if errors.As(err, &se) {
			fmt.Println("skipped:", se)
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s (%s): %d plies, result %s\n", g.Tag("Event"), g.Variant(), len(g.Moves), g.Result)
		for _, m := range g.Moves {
			if d, ok := m.Clock(); ok {
				fmt.Println(" ", m.SAN, "clock", d)
			}
			if m.Suffix != "" {
				fmt.Println(" ", m.SAN, "annotated", m.Suffix, "= NAG", pgn.SuffixNAG(m.Suffix))
			}
			for _, v := range m.Variations {
				fmt.Println("  instead of", m.SAN, "the variation starts with", v[0].SAN)
			}
		}
	}
	// Output:
	// Casual game (standard): 7 plies, result 1-0
	//   e4 clock 5m0s
	//   e5 clock 4m58s
	//   Qh5 annotated ?! = NAG 6
	//   Nf6 annotated ?? = NAG 4
	//   instead of Nf6 the variation starts with g6
	// skipped: pgn: game 2, line 11: unbalanced ')'
	// Odds game (chess960): 2 plies, result *
}

// Write a game in the export format.
func ExampleWriter_Write() {
	g := &pgn.Game{
		Tags:   []pgn.Tag{{Name: "White", Value: "Anna"}, {Name: "Black", Value: "Boris"}, {Name: "ECO", Value: "C20"}},
		Result: "1-0",
		Moves: []*pgn.Move{
			{SAN: "e4"},
			{SAN: "e5", After: []string{"[%clk 0:04:58]"}},
			{SAN: "Qh5", Suffix: "?!"},
			{SAN: "Nc6"},
			{SAN: "Bc4"},
			{SAN: "Nf6", NAGs: []int{4}, Variations: [][]*pgn.Move{{{SAN: "g6"}}}},
			{SAN: "Qxf7#"},
		},
	}
	if err := pgn.NewWriter(os.Stdout).Write(g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Anna"]
	// [Black "Boris"]
	// [Result "1-0"]
	// [ECO "C20"]
	//
	// 1. e4 e5 {[%clk 0:04:58]} 2. Qh5?! Nc6 3. Bc4 Nf6 $4 (3... g6) 4. Qxf7# 1-0
}

// ExampleMainLine_Plain reads a game's main line and the parts of its
// moves in the commonest forms of SAN, as the reader read them; a
// promotion or castling has none.
func ExampleMainLine_Plain() {
	r := pgn.NewReader(strings.NewReader("1. e4 d5 2. exd5 Nf6 3. Nc3 Nbd7 4. O-O *\n"))
	var ml pgn.MainLine
	if err := r.ReadMainLine(&ml); err != nil {
		fmt.Println(err)
		return
	}
	for i := range ml.Len() {
		ps := ml.Plain(i)
		if ps == 0 {
			fmt.Printf("%s: no parts\n", ml.SAN(i))
			continue
		}
		fmt.Printf("%s: piece %d, to %d, from file %d, from rank %d\n", ml.SAN(i), ps.Piece(), ps.To(), ps.FromFile(), ps.FromRank())
	}
	// Output:
	// e4: piece 1, to 28, from file -1, from rank -1
	// d5: piece 1, to 35, from file -1, from rank -1
	// exd5: piece 1, to 35, from file 4, from rank -1
	// Nf6: piece 2, to 45, from file -1, from rank -1
	// Nc3: piece 2, to 18, from file -1, from rank -1
	// Nbd7: piece 2, to 51, from file 1, from rank -1
	// O-O: no parts
}

// Range over the games of a stream: a broken game gives its error, and
// the games after it follow.
func ExampleReader_All() {
	for g, err := range pgn.NewReader(strings.NewReader(twoGames)).All() {
		if err != nil {
			fmt.Println("skipped:", err)
			continue
		}
		fmt.Println(g.Tag("Event"), len(g.Moves), "plies")
	}
	// Output:
	// Casual game 7 plies
	// skipped: pgn: game 2, line 11: unbalanced ')'
	// Odds game 2 plies
}

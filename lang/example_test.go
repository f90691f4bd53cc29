package lang_test

import (
	"fmt"

	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/protocol"
)

// A touch-move violation, as the engine gives it, read in three languages.
func Example() {
	r := protocol.Ruling{Kind: protocol.KindViolation, By: "black", Article: "4.3.1", Msg: "violation.moved-other",
		Piece: "N", Sq: "g8", Other: "P", From: "d7", SAN: "d5"}
	for _, code := range []string{"en", "ro", "ru"} {
		l, _ := lang.Parse(code)
		fmt.Println(l.Ruling(r, nil))
		fmt.Println("  " + l.Article(r.Article))
	}
	// Output:
	// Touch-move violation by Black: touched the knight on g8 first but moved the pawn on d7
	//   A player who deliberately touches one of his own pieces must move it, if it can be moved.
	// Încălcarea regulii piesei atinse (Negrul): a atins întâi calul de pe g8, dar a mutat pionul de pe d7
	//   Jucătorul care atinge intenționat una dintre piesele sale trebuie să o mute, dacă poate fi mutată: piesa atinsă, piesă mutată.
	// Нарушение правила «тронул – ходи» (чёрные): сначала тронули коня на g8, но пошли пешкой с d7
	//   Игрок, умышленно тронувший свою фигуру, должен ею пойти, если это возможно: тронул – ходи.
}

// An unknown language is refused, naming the known ones.
func ExampleParse() {
	_, err := lang.Parse("ja")
	fmt.Println(err)
	// Output: unknown language "ja": the known ones are en, ro, sq, fr, de, es, ru
}

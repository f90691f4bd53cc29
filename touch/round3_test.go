package touch

import (
	"testing"

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

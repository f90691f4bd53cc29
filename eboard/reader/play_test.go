package reader

import (
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/protocol"
	"github.com/arbiterchess/arbiter/server"
)

// A forwarded game takes the server's time control when the board states
// none; a different one is a mismatch.
func TestAgreeStart_TimeControl(t *testing.T) {
	v := &server.GameView{ID: "g1", Start: protocol.Start{Clock: &protocol.Clock{White: 300, Black: 300}}, StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}
	got, err := agreeStart(protocol.Start{}, false, v)
	if err != nil || got.Clock == nil || got.Clock.White != 300 {
		t.Errorf("got %+v, %v", got, err)
	}
	if _, err := agreeStart(protocol.Start{Clock: &protocol.Clock{White: 600, Black: 600}}, true, v); err == nil || !strings.Contains(err.Error(), "time control") {
		t.Errorf("mismatch: %v", err)
	}
}

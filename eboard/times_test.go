package eboard

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arbiterchess/arbiter/chess"
	"github.com/arbiterchess/arbiter/protocol"
)

// withTimes writes actions with the times they carry, in seconds:
// "w lift e2 299/300".
func withTimes(as []protocol.Action) string {
	var parts []string
	for _, a := range as {
		s := a.By[:1] + " " + a.Act
		if a.Sq != "" {
			s += " " + a.Sq
		}
		if a.Times != nil {
			s += fmt.Sprintf(" %d/%d", a.Times.White/1000, a.Times.Black/1000)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func shows(t int64, white, black int64) Event {
	return Event{T: t, Times: &protocol.Times{White: white * 1000, Black: black * 1000}}
}

// Laws K5: a clock connected to the board is the clock of record. A press
// reported with the clock's times carries them; with no reading before,
// the other actions carry none.
func TestTimes_K5_PressCarriesItsReading(t *testing.T) {
	press := Event{T: 2000, Clock: true, By: chess.White, Times: &protocol.Times{White: 297000, Black: 300000}}
	got, err := Translate(protocol.Start{}, Options{}, []Event{
		{T: 1000, Sq: chess.E2}, {T: 1300, Sq: chess.E4, Piece: chess.WhitePawn}, press,
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "w lift e2, w drop e4, w clock 297/300"; withTimes(got) != want {
		t.Errorf("got  %s\nwant %s", withTimes(got), want)
	}
}

// Laws K5: every action carries the clock's last reading at or before
// its own time: a piece put down counts once the board has been still
// (Quiet), after newer readings came in, and still carries the reading of
// the moment it landed. Readings change no square.
func TestTimes_K5_EveryActionCarriesTheReadingAtItsTime(t *testing.T) {
	got, err := Translate(protocol.Start{}, Options{}, []Event{
		shows(0, 300, 300),
		shows(1000, 299, 300),
		{T: 1100, Sq: chess.E2},
		{T: 1300, Sq: chess.E4, Piece: chess.WhitePawn},
		shows(1500, 298, 300),
		shows(2000, 298, 300),
		{T: 2500, Clock: true, By: chess.White, Times: &protocol.Times{White: 297500, Black: 300000}},
		shows(3000, 297, 299),
		{T: 3100, Sq: chess.E7},
		{T: 3400, Sq: chess.E5, Piece: chess.BlackPawn},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "w lift e2 299/300, w drop e4 299/300, w clock 297/300, b lift e7 297/299, b drop e5 297/299"; withTimes(got) != want {
		t.Errorf("got  %s\nwant %s", withTimes(got), want)
	}
}

// A reading older than TimesAge (default 2 s) at an action is not what
// the clock shows then: the action carries no times.
func TestTimes_StaleReadingIsNotCarried(t *testing.T) {
	events := []Event{shows(0, 300, 300), {T: 2500, Sq: chess.E2}, {T: 2800, Sq: chess.E4, Piece: chess.WhitePawn}}
	got, _ := Translate(protocol.Start{}, Options{}, events)
	if withTimes(got) != "w lift e2, w drop e4" {
		t.Errorf("default: %s", withTimes(got))
	}
	got, _ = Translate(protocol.Start{}, Options{TimesAge: 5 * time.Second}, events)
	if withTimes(got) != "w lift e2 300/300, w drop e4 300/300" {
		t.Errorf("TimesAge 5 s: %s", withTimes(got))
	}
}

// The translator keeps only the readings actions to come can carry.
func TestTimes_OldReadingsAreForgotten(t *testing.T) {
	tr, _ := New(protocol.Start{}, Options{})
	for i := range int64(1000) {
		tr.Feed(shows(i*1000, 300-i/10, 300))
	}
	if len(tr.readings) > 2 {
		t.Errorf("%d readings kept", len(tr.readings))
	}
}

// A script's times: on a line of their own, a reading; on a clock line,
// the times of the press. Written back as they were read.
func TestScript_TimesLines(t *testing.T) {
	text := `{"start":{"clock":{"white":300,"black":300}}}
{"t":1000,"times":{"white":299000,"black":300000}}
{"t":1200,"sq":"e2","piece":""}
{"t":2000,"clock":"white","times":{"white":298000,"black":300000}}
`
	s, err := ReadScript(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if e := s.Events[0]; !e.Reading() || e.Times.White != 299000 {
		t.Errorf("reading %+v", e)
	}
	if e := s.Events[2]; !e.Clock || e.Reading() || e.Times == nil || e.Times.White != 298000 {
		t.Errorf("press %+v", e)
	}
	var buf bytes.Buffer
	s.WriteTo(&buf)
	if buf.String() != text {
		t.Errorf("written back:\n%s\nwant:\n%s", buf.String(), text)
	}
	for _, bad := range []string{
		`{"t": 5, "sq": "e2", "piece": "", "times": {"white": 1, "black": 1}}`,
		`{"t": 5, "times": {"white": -1, "black": 1}}`,
	} {
		if _, err := ReadScript(strings.NewReader(bad)); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

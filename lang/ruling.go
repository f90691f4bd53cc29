package lang

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/protocol"
)

// Message ids of the rulings whose text the engine writes from what was
// done (see package touch): their text renders from the ruling's fields.
var textMessages = map[string]bool{
	"violation.moved-other": true, "violation.castled-other": true, "violation.promoted-other": true,
	"violation.broke-duty": true, "violation.adjusted": true, "violation.press-hand": true,
}

// Text renders the text of a ruling's message in the language: what a
// touch-move violation was ("touched the knight on g8 first but moved the
// pawn on d7"). A ruling whose message has no text of its own (an
// irregularity, a claim's reason, an error) keeps its Text, in English.
// SAN stays as the protocol writes it.
func (l *Lang) Text(r protocol.Ruling) string {
	if !textMessages[r.Msg] {
		return r.Text
	}
	switch r.Msg {
	case "violation.broke-duty":
		d := r
		d.By = ""
		return l.T(r.Msg, Args{"Duty": l.duty(d, nil), "SAN": r.SAN})
	case "violation.press-hand":
		return l.T(r.Msg, nil)
	}
	return l.T(r.Msg, Args{"Piece": l.Piece(r.Piece), "Other": l.Piece(r.Other), "Sq": r.Sq, "From": r.From, "SAN": r.SAN})
}

// Who names who acted or is concerned ("White", "The arbiter"; "" for no
// one).
func (l *Lang) Who(by string) string {
	switch by {
	case "white", "black", "arbiter", "assistant":
		return l.T("who."+by, nil)
	}
	return ""
}

// Result says a result in words: "1-0 · White wins (checkmate)".
func (l *Lang) Result(result, reason string) string {
	if reason == "cancelled" {
		return l.T("result.cancelled", nil)
	}
	var winner string
	switch result {
	case "1-0":
		winner = l.T("result.white-wins", nil)
	case "0-1":
		winner = l.T("result.black-wins", nil)
	case "1/2-1/2":
		winner = l.T("result.draw", nil)
	default:
		return l.T("result.in-play", nil)
	}
	if why := l.Reason(reason); why != "" {
		return l.T("result.words-why", Args{"Result": result, "Winner": winner, "Why": why})
	}
	return l.T("result.words", Args{"Result": result, "Winner": winner})
}

// Reason says why a game ended ("checkmate"), or the reason itself when
// the catalogue does not know it.
func (l *Lang) Reason(reason string) string {
	if reason == "" {
		return ""
	}
	if l.Has("reason." + reason) {
		return l.T("reason."+reason, nil)
	}
	return reason
}

// Duration says a number of seconds in minutes or seconds ("2 minutes",
// "30 de secunde").
func (l *Lang) Duration(seconds int) string {
	if seconds >= 60 && seconds%60 == 0 {
		return l.N("duration.minutes", seconds/60, nil)
	}
	return l.N("duration.seconds", seconds, nil)
}

// Ruling says a ruling in one line for people to read, in the language,
// without its article's text (Article gives that). pieceAt, when given,
// names the piece on a square of the position the ruling applies to (a
// letter, "" for none), for the obligations.
func (l *Lang) Ruling(r protocol.Ruling, pieceAt func(sq string) string) string {
	who := l.Who(r.By)
	var s string
	switch r.Kind {
	case protocol.KindMust:
		s = l.duty(r, pieceAt)
	case protocol.KindMove:
		s = l.T("ruling.move", Args{"Who": who, "SAN": l.SAN(r.SAN)})
	case protocol.KindViolation:
		s = l.T("ruling.violation", Args{"Who": who, "Detail": l.Text(r)})
	case protocol.KindIllegal:
		s = l.T("ruling.illegal", Args{"Who": who, "Count": r.Count})
		if r.Bonus != nil {
			s += "; " + l.T("ruling.bonus", Args{"Time": l.Duration(r.Bonus.Seconds), "To": l.Who(r.Bonus.To)})
		}
		if r.Article == "7.5.1" || r.Article == "7.5.3" {
			s += "; " + l.T("ruling.reinstated", nil)
		}
	case protocol.KindClaim:
		what := l.claim(r.What)
		verdict := "refused"
		if r.Granted != nil && *r.Granted {
			verdict = "granted"
		}
		if r.By == "arbiter" {
			s = l.T("ruling.arbiter."+verdict, Args{"What": what})
		} else {
			if who == "" {
				who = l.T("who.someone", nil)
			}
			s = l.T("ruling.claim."+verdict, Args{"Who": who, "What": what})
		}
		if r.Bonus != nil {
			s += "; " + l.T("ruling.bonus", Args{"Time": l.Duration(r.Bonus.Seconds), "To": l.Who(r.Bonus.To)})
		}
		if r.Text != "" {
			s += " (" + r.Text + ")"
		}
	case protocol.KindResult:
		switch {
		case r.Reason == "cancelled":
			s = l.T("ruling.cancelled", nil)
		case r.Result == "*":
			s = l.T("ruling.withdrawn", nil)
		default:
			s = l.T("ruling.result", Args{"Result": r.Result, "Why": l.Reason(r.Reason)})
		}
	case protocol.KindTime:
		s = l.T("ruling.clocks", Args{"White": clock(r.White), "Black": clock(r.Black)})
		if r.Runs != nil && *r.Runs != "" {
			s += "; " + l.T("ruling.clock-runs", Args{"Who": l.Who(*r.Runs)})
		} else {
			s += "; " + l.T("ruling.clocks-stand", nil)
		}
	case protocol.KindAfterEnd:
		if who == "" {
			who = l.T("who.someone", nil)
		}
		s = l.T("ruling.after-end", Args{"Result": l.Result(r.Result, r.Reason), "Who": who, "Did": l.T("act.claim", nil)})
	case protocol.KindIrregularity:
		if who != "" {
			s = l.T("ruling.irregularity-by", Args{"Who": who, "Text": r.Text})
		} else {
			s = l.T("ruling.irregularity", Args{"Text": r.Text})
		}
	case protocol.KindError:
		s = l.T("ruling.error", Args{"Error": r.Error})
	default:
		s = r.Kind
		if r.Text != "" {
			s += ": " + r.Text
		}
	}
	return capital(s)
}

// AfterEnd says an act made after the result, by its act ("clock").
func (l *Lang) AfterEnd(r protocol.Ruling, act string) string {
	who := l.Who(r.By)
	if who == "" {
		who = l.T("who.someone", nil)
	}
	did := act
	if l.Has("act." + act) {
		did = l.T("act."+act, nil)
	}
	return capital(l.T("ruling.after-end", Args{"Result": l.Result(r.Result, r.Reason), "Who": who, "Did": did}))
}

// duty says an obligation of a must ruling (or of a broken one).
func (l *Lang) duty(r protocol.Ruling, pieceAt func(sq string) string) string {
	who := l.Who(r.By)
	name := func(sq string) string {
		if sq == "" {
			return ""
		}
		if pieceAt != nil {
			if p := pieceAt(sq); p != "" {
				return l.T("piece.on", Args{"Piece": l.Piece(p), "Sq": sq})
			}
		}
		return sq
	}
	var s string
	switch r.Rule {
	case "move":
		if r.SAN != "" && r.Kind == protocol.KindMust {
			s = l.T("must.play", Args{"Who": who, "SAN": l.SAN(r.SAN)})
		} else {
			s = l.T("must.move", Args{"Who": who, "Piece": name(r.Sq)})
		}
	case "capture":
		if r.With != "" {
			s = l.T("must.capture-with", Args{"Who": who, "Piece": name(r.Sq), "With": name(r.With)})
		} else {
			s = l.T("must.capture", Args{"Who": who, "Piece": name(r.Sq)})
		}
	case "castle":
		side := r.Side
		if side != "queen" && side != "vertical" {
			side = "king"
		}
		s = l.T("must.castle."+side, Args{"Who": who})
	case "king":
		s = l.T("must.king", Args{"Who": who})
	default:
		s = l.T("must.any", Args{"Who": who})
	}
	if who == "" {
		return trimLeft(s)
	}
	return capital(s)
}

// claim names what a claim is about ("threefold repetition").
func (l *Lang) claim(what string) string {
	if l.Has("claim." + what) {
		return l.T("claim."+what, nil)
	}
	return what
}

// clock writes a clock's milliseconds as a clock shows them (m:ss, or
// h:mm:ss from an hour).
func clock(ms *int64) string {
	if ms == nil {
		return "?"
	}
	s := (*ms + 999) / 1000
	if s < 0 {
		s = 0
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s%3600/60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// capital writes a sentence's first letter in upper case.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// trimLeft drops the space a missing subject leaves at the start.
func trimLeft(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == ':') {
		s = s[1:]
	}
	return s
}

package lang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiterchess/arbiter/protocol"
)

// Text renders the text of a ruling's message in the language: what a
// touch-move violation was ("touched the knight on g8 first but moved the
// pawn on d7"), what an illegal move or an irregularity was, why a claim
// was refused. The pieces are named in the language's own words and
// cases, the moves in its piece letters. A ruling without a message of
// the catalogues (an error, or one stored before its message existed)
// keeps its Text, in English.
func (l *Lang) Text(r protocol.Ruling) string {
	if r.Msg == "" || !l.Has(r.Msg) {
		return r.Text
	}
	switch r.Msg {
	case "violation.broke-duty":
		if r.Duty == "" || !l.Has(r.Duty) {
			// A ruling stored before the obligations had messages
			// says the obligation from its fields.
			d := r
			d.By = ""
			return l.T(r.Msg, Args{"Duty": l.duty(d, nil), "SAN": l.SAN(r.SAN)})
		}
		duty := l.render(r.Duty, r, r.Args)
		return l.T(r.Msg, Args{"Duty": duty, "SAN": l.SAN(r.SAN)})
	case "violation.press-hand":
		return l.T(r.Msg, nil)
	}
	return l.render(r.Msg, r, r.Args)
}

// render renders message id with the parameters of ruling r: its fields
// and args, each in the language's words.
func (l *Lang) render(id string, r protocol.Ruling, args map[string]string) string {
	data := Args{
		"Piece": l.pieceWords(r.Piece), "Other": l.pieceWords(r.Other),
		"Sq": r.Sq, "From": r.From, "With": r.With, "SAN": l.SAN(r.SAN),
		"Result": r.Result, "Reason": l.Reason(r.Reason), "Who": l.Who(r.By),
	}
	for k, v := range args {
		switch k {
		case "Piece", "Other":
			data[k] = l.pieceWords(v)
		case "Side", "Opp", "Colour":
			data[k] = l.sideWords(v)
		case "Hand":
			data[k] = l.word("hand.", v)
		case "Act":
			data[k] = l.word("verb.", v)
		case "Why":
			// Another message said inside this one, with the same
			// fields and parameters.
			if v != id {
				inner := r
				inner.Msg = v
				data[k] = l.render(v, inner, args)
				if v == "violation.broke-duty" {
					data[k] = l.Text(inner)
				}
			}
		case "Move", "Moves", "Owed", "Made", "Old", "Note":
			data[k] = l.notation(v)
		case "Found":
			data[k] = l.T("found."+v, Args{"Sq": args["FoundSq"]})
		default:
			data[k] = v
		}
	}
	if _, ok := data["Note"]; !ok {
		data["Note"] = l.T("played.illegal-move", nil)
		if len(r.Board) > 0 {
			data["Note"] = l.changes(r.Board)
		}
	}
	data["Changes"] = l.changes(r.Board)
	if w, ok := args["Within"]; ok {
		n, _ := strconv.Atoi(w)
		if n > 1 {
			data["Stands"] = l.N("stands.within", n, Args{"Opp": data["Opp"]})
		} else {
			data["Stands"] = l.T("stands.next", Args{"Opp": data["Opp"]})
		}
	}
	if n, err := strconv.Atoi(args["N"]); err == nil {
		return l.N(id, n, data)
	}
	return l.T(id, data)
}

// PieceWords are the forms of a piece's name that the catalogues'
// sentences use, {{.Piece}} its bare name and {{.Piece.Obj}} the others:
// with its article as the subject (The) and as the object of a verb
// (Obj), after "with" (With, the instrumental of Russian, the dative of
// German), and indefinite, as a pawn is promoted to one (A).
type PieceWords struct {
	Name, The, Obj, With, A string
}

// String is the piece's bare name.
func (p PieceWords) String() string { return p.Name }

// pieceWords are the forms of the name of the piece of letter (K, Q, R,
// B, N, P; "" for a piece not named: "the piece").
func (l *Lang) pieceWords(letter string) PieceWords {
	key := "piece.any"
	if letter != "" {
		key = "piece." + strings.ToUpper(letter)
	}
	return PieceWords{Name: l.T(key, nil), The: l.T(key+".the", nil), Obj: l.T(key+".obj", nil), With: l.T(key+".with", nil), A: l.T(key+".a", nil)}
}

// SideWords are the forms of a side's name in running text: {{.Side}} as
// the subject, {{.Side.Gen}} as the one whose move or press it is.
type SideWords struct {
	Name, Gen string
}

// String is the side's name as the subject.
func (s SideWords) String() string { return s.Name }

// sideWords are the forms of "white" or "black".
func (l *Lang) sideWords(side string) SideWords {
	if side != "white" && side != "black" {
		return SideWords{Name: side, Gen: side}
	}
	return SideWords{Name: l.T("colour."+side, nil), Gen: l.T("colour."+side+".gen", nil)}
}

// notation writes a move as a score sheet notes it ("Ng1-g3", "Pe7-e8",
// SAN) in the language's piece letters, the pawn's letter included.
func (l *Lang) notation(s string) string {
	if l.code == "en" {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == 'P' && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'h':
			b.WriteString(l.T("letter.P", nil))
		case r == 'K' || r == 'Q' || r == 'R' || r == 'B' || r == 'N':
			b.WriteString(l.Letter(string(r)))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pieceLetter is a piece's letter in the language's notation, the pawn's
// included ("P" is "П" in Russian).
func (l *Lang) pieceLetter(piece string) string {
	switch {
	case l.code == "en":
		return piece
	case piece == "P":
		return l.T("letter.P", nil)
	}
	return l.Letter(piece)
}

// changes says what the board showed, change by change ("Ke1-g1,
// Rh1-f1"; "Pe7 off the board, black Q on e8").
func (l *Lang) changes(cs []protocol.Change) string {
	if len(cs) == 0 {
		return l.T("change.none", nil)
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		p := l.pieceLetter(c.Piece)
		switch {
		case c.From != "" && c.To != "":
			parts[i] = l.T("change.moved", Args{"Piece": p, "From": c.From, "To": c.To})
		case c.From != "":
			parts[i] = l.T("change.off", Args{"Piece": p, "From": c.From})
		case c.Colour != "":
			parts[i] = l.T("change.put-colour", Args{"Piece": p, "To": c.To, "Colour": l.sideWords(c.Colour)})
		default:
			parts[i] = l.T("change.put", Args{"Piece": p, "To": c.To})
		}
	}
	return strings.Join(parts, ", ")
}

// word is the catalogue's word for a value of a parameter (family
// "hand.", value "left": "the left hand"), or the value itself when the
// catalogue has none.
func (l *Lang) word(family, v string) string {
	if l.Has(family + v) {
		return l.T(family+v, nil)
	}
	return v
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
		e := r.Error
		if r.Msg != "" && l.Has(r.Msg) {
			e = l.Text(r)
		}
		s = l.T("ruling.error", Args{"Error": e})
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
	piece := func(sq string) PieceWords {
		if pieceAt != nil && sq != "" {
			return l.pieceWords(pieceAt(sq))
		}
		return l.pieceWords("")
	}
	var s string
	switch r.Rule {
	case "move":
		if r.SAN != "" && r.Kind == protocol.KindMust {
			s = l.T("must.play", Args{"Who": who, "SAN": l.SAN(r.SAN)})
		} else {
			s = l.T("must.move", Args{"Who": who, "Piece": piece(r.Sq), "Sq": r.Sq})
		}
	case "capture":
		if r.With != "" {
			s = l.T("must.capture-with", Args{"Who": who, "Piece": piece(r.Sq), "Sq": r.Sq, "Other": piece(r.With), "From": r.With})
		} else {
			s = l.T("must.capture", Args{"Who": who, "Piece": piece(r.Sq), "Sq": r.Sq})
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

package server

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/arbiterchess/arbiter/lang"
	"github.com/arbiterchess/arbiter/protocol"
)

// readerLang is the language a request asks for the rulings' text: its
// ?lang= (an unknown one is a 400 naming the known ones), else the best of
// its Accept-Language, else English. The stored rulings stay English; each
// answer says them in its reader's language.
func readerLang(r *http.Request) (*lang.Lang, error) {
	if q := r.URL.Query().Get("lang"); q != "" {
		l, err := lang.Parse(q)
		if err != nil {
			return nil, apiErr(http.StatusBadRequest, "lang: %v", err)
		}
		return l, nil
	}
	if h := r.Header.Get("Accept-Language"); h != "" {
		return lang.Match(h), nil
	}
	return lang.English(), nil
}

// inLang returns rulings with their text in l: a copy when l is not
// English, rs itself when it is (the engine writes English).
func inLang(l *lang.Lang, rs []protocol.Ruling) []protocol.Ruling {
	if l == lang.English() || len(rs) == 0 {
		return rs
	}
	out := make([]protocol.Ruling, len(rs))
	for i, r := range rs {
		r.Text = l.Text(r)
		out[i] = r
	}
	return out
}

// postAnswer writes the answer to a post of actions with the rulings'
// text in l: the acks, or the refused action's error (writeErr says its
// rulings in the request's language).
func postAnswer(w http.ResponseWriter, l *lang.Lang, res PostResult, err error) {
	if err != nil {
		writeErr(w, err)
		return
	}
	for i := range res.Acks {
		res.Acks[i].Rulings = inLang(l, res.Acks[i].Rulings)
	}
	writeJSON(w, http.StatusOK, res)
}

// viewInLang says the rulings of a game's view in l: its obligation, its
// claims and its log's rulings. v is the caller's own copy.
func viewInLang(l *lang.Lang, v *GameView) {
	if l == nil || l == lang.English() || v == nil {
		return
	}
	if v.Duty != nil {
		d := inLang(l, []protocol.Ruling{*v.Duty})
		v.Duty = &d[0]
	}
	v.Claims = inLang(l, v.Claims)
	v.Rulings = inLang(l, v.Rulings)
}

// messageInLang says a socket's message in l: the rulings of its entry,
// snapshot or answer (nil l: English). m is the caller's own copy.
func messageInLang(l *lang.Lang, m *Message) {
	if l == nil || l == lang.English() {
		return
	}
	if m.Entry != nil {
		m.Entry.Rulings = inLang(l, m.Entry.Rulings)
	}
	if m.Duty != nil {
		d := inLang(l, []protocol.Ruling{*m.Duty})
		m.Duty = &d[0]
	}
	viewInLang(l, m.Game)
	if m.Post != nil {
		for i := range m.Post.Acks {
			m.Post.Acks[i].Rulings = inLang(l, m.Post.Acks[i].Rulings)
		}
	}
	if m.Error != nil && len(m.Error.Rulings) > 0 {
		c := *m.Error
		c.Rulings = inLang(l, c.Rulings)
		m.Error = &c
	}
}

// encodedInLang returns a socket's encoded message with its rulings' text
// in l. The hub encodes each message once, in English, for all its
// followers; a follower in another language gets a copy decoded, said in
// its language and encoded again — only a message with a catalogued
// ruling, as one without says nothing in words.
func encodedInLang(l *lang.Lang, b []byte) []byte {
	if l == nil || l == lang.English() || !bytes.Contains(b, []byte(`"msg":"`)) {
		return b
	}
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		return b
	}
	messageInLang(l, &m)
	out, err := json.Marshal(m)
	if err != nil {
		return b
	}
	return out
}

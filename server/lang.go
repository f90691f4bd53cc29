package server

import (
	"errors"
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
// text in l: the acks, or the refused action's error ruling.
func postAnswer(w http.ResponseWriter, l *lang.Lang, res PostResult, err error) {
	if err != nil {
		var ae *APIError
		if errors.As(err, &ae) && len(ae.Rulings) > 0 {
			c := *ae
			c.Rulings = inLang(l, ae.Rulings)
			err = &c
		}
		writeErr(w, err)
		return
	}
	for i := range res.Acks {
		res.Acks[i].Rulings = inLang(l, res.Acks[i].Rulings)
	}
	writeJSON(w, http.StatusOK, res)
}

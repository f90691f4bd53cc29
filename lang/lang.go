// Package lang says what the arbiter rules in the reader's language.
//
// One message catalogue per language, in catalog/{code}.json, is the single
// source of every translated word: this package reads them (with
// github.com/nicksnyder/go-i18n, whose plural forms follow CLDR's rules),
// and the web pages bundle the same files. A catalogue maps a message id to
// its text, or, for a message that counts, to its CLDR plural forms
// ("one", "few", "many", "other"); parameters are written {{.Name}}.
//
// The languages are English (the default), Romanian and Albanian (the
// languages of the articles the project began from), French, German,
// Spanish and Russian. A ruling (protocol.Ruling) carries a message id and
// its parameters as fields; Lang.Text renders the text of a ruling's
// message, Lang.Ruling a ruling as one line for people to read, and
// Lang.Article the one-line summary of an article of the Laws. The Laws'
// terms follow the federations' published translations of the Laws
// (docs/translations.md says which texts and what they changed).
//
//	ro, _ := lang.Parse("ro")
//	fmt.Println(ro.Text(ruling)) // a atins întâi calul de pe g8, dar a mutat pionul de pe d7
package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed catalog/*.json
var catalogs embed.FS

// Codes are the languages of the catalogues, English first.
var Codes = []string{"en", "ro", "sq", "fr", "de", "es", "ru"}

// Lang is one language of the catalogues. Its catalogue is read the
// first time one of its messages is rendered, and only its own: a program
// that says nothing, or says it in one language, pays for no other.
type Lang struct {
	code string
	once sync.Once
	loc  *i18n.Localizer
}

// langs are the languages of Codes, by code; nothing is read until asked.
var langs = func() map[string]*Lang {
	m := make(map[string]*Lang, len(Codes))
	for _, code := range Codes {
		m[code] = &Lang{code: code}
	}
	return m
}()

// matcher matches Accept-Language headers against Codes, made when first
// needed.
var matcher = sync.OnceValue(func() language.Matcher {
	tags := make([]language.Tag, len(Codes))
	for i, code := range Codes {
		tags[i] = language.MustParse(code)
	}
	return language.NewMatcher(tags)
})

// localizer reads the language's catalogue once, into a bundle of its own.
// The tests check that every catalogue has every message, so that no
// message ever falls back to another language; an embedded catalogue that
// does not parse is a build that the tests fail, so it panics here.
func (l *Lang) localizer() *i18n.Localizer {
	l.once.Do(func() {
		b, err := catalogs.ReadFile(path.Join("catalog", l.code+".json"))
		if err != nil {
			panic(fmt.Sprintf("lang: catalogue %s: %v", l.code, err))
		}
		bundle := i18n.NewBundle(language.MustParse(l.code))
		bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
		if _, err := bundle.ParseMessageFileBytes(b, l.code+".json"); err != nil {
			panic(fmt.Sprintf("lang: catalogue %s: %v", l.code, err))
		}
		l.loc = i18n.NewLocalizer(bundle, l.code)
	})
	return l.loc
}

// English is the default language.
func English() *Lang { return langs["en"] }

// Parse returns the language of a code ("ro", "RO", "ro-MD"); an unknown
// one is an error naming the known ones.
func Parse(code string) (*Lang, error) {
	c := strings.ToLower(strings.TrimSpace(code))
	if l, ok := langs[c]; ok {
		return l, nil
	}
	if t, err := language.Parse(c); err == nil {
		base, _ := t.Base()
		if l, ok := langs[base.String()]; ok {
			return l, nil
		}
	}
	return nil, fmt.Errorf("unknown language %q: the known ones are %s", code, strings.Join(Codes, ", "))
}

// Match returns the language that suits an Accept-Language header best,
// or English.
func Match(acceptLanguage string) *Lang {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English()
	}
	_, i, conf := matcher().Match(tags...)
	if conf == language.No {
		return English()
	}
	return langs[Codes[i]]
}

// Code is the language's code ("ro").
func (l *Lang) Code() string { return l.code }

// Args are a message's parameters, by name.
type Args map[string]any

// T renders message id with its parameters. A message missing from the
// catalogue (which the tests rule out) renders as its id.
func (l *Lang) T(id string, args Args) string {
	s, err := l.localizer().Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any(args)})
	if err != nil {
		return id
	}
	return s
}

// Say renders message id with plain text parameters, as the server's and
// the programs' own messages have them (a number, a name, a path); in
// English when the language's catalogue lacks the message, and the id
// itself when no catalogue has it.
func (l *Lang) Say(id string, args map[string]string) string {
	if !l.Has(id) && l != English() {
		l = English()
	}
	data := make(Args, len(args))
	for k, v := range args {
		data[k] = v
	}
	return l.T(id, data)
}

// N renders a message that counts: its plural form for n, as CLDR's rules
// for the language choose it ({{.Count}} is n).
func (l *Lang) N(id string, n int, args Args) string {
	data := map[string]any{"Count": n}
	for k, v := range args {
		data[k] = v
	}
	s, err := l.localizer().Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: n})
	if err != nil {
		return id
	}
	return s
}

// Has reports whether the language's catalogue has message id.
func (l *Lang) Has(id string) bool {
	if _, err := l.localizer().Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any{}}); err == nil {
		return true
	}
	_, err := l.localizer().Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: 1, TemplateData: map[string]any{"Count": 1}})
	return err == nil
}

// Piece is the name of a piece (letter K, Q, R, B, N or P): "knight",
// "cal", "конь".
func (l *Lang) Piece(letter string) string {
	if letter == "" {
		return ""
	}
	return l.T("piece."+strings.ToUpper(letter), nil)
}

// Letter is the notation's letter of a piece in the language (K, Q, R, B,
// N; the pawn has none): Romanian R D T N C, German K D T L S, Russian Кр
// Ф Л С К. SAN in PGN and in the protocol stays English.
func (l *Lang) Letter(letter string) string {
	if letter == "" || strings.ToUpper(letter) == "P" {
		return ""
	}
	return l.T("letter."+strings.ToUpper(letter), nil)
}

// SAN writes a move in the language's piece letters ("Nf3" is "Cf3" in
// Romanian, "Кf3" in Russian); castling, squares and the rest stay.
func (l *Lang) SAN(san string) string {
	if san == "" || l.code == "en" {
		return san
	}
	var b strings.Builder
	for _, r := range san {
		switch r {
		case 'K', 'Q', 'R', 'B', 'N':
			b.WriteString(l.Letter(string(r)))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Article is the one-line summary of an article of the Laws ("4.3.1"),
// or of its parent when it has none of its own; "" when unknown.
func (l *Lang) Article(a string) string {
	if a == "" {
		return ""
	}
	if l.Has("article." + a) {
		return l.T("article."+a, nil)
	}
	parts := strings.Split(a, ".")
	if len(parts) > 2 {
		if p := strings.Join(parts[:2], "."); l.Has("article." + p) {
			return l.T("article."+p, nil)
		}
	}
	return ""
}

// IDs lists the message ids of a language's catalogue, sorted, with the
// parameters each uses and its plural forms (none for a plain message).
func IDs(code string) (map[string][]string, map[string][]string, error) {
	b, err := catalogs.ReadFile(path.Join("catalog", code+".json"))
	if err != nil {
		return nil, nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, nil, err
	}
	params := map[string][]string{}
	forms := map[string][]string{}
	for id, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			params[id] = placeholders(s)
			continue
		}
		var m map[string]string
		if err := json.Unmarshal(v, &m); err != nil {
			return nil, nil, fmt.Errorf("%s: message %s is neither a text nor plural forms", code, id)
		}
		seen := map[string]bool{}
		for form, text := range m {
			forms[id] = append(forms[id], form)
			for _, p := range placeholders(text) {
				seen[p] = true
			}
		}
		sort.Strings(forms[id])
		for p := range seen {
			params[id] = append(params[id], p)
		}
		sort.Strings(params[id])
	}
	return params, forms, nil
}

// placeholders returns the names of a text's {{.Name}} parameters, sorted
// and once each; {{.Name.Form}} is parameter Name.
func placeholders(s string) []string {
	seen := map[string]bool{}
	var out []string
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			break
		}
		name := strings.TrimPrefix(strings.TrimSpace(s[i+2:i+j]), ".")
		// {{.Piece.Obj}} is a form of the parameter Piece.
		name, _, _ = strings.Cut(name, ".")
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
		s = s[i+j+2:]
	}
	sort.Strings(out)
	return out
}

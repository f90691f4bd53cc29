package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/arbiterchess/arbiter/lang"
)

// The programs' own words (their usage, their commands' help, the frame's
// messages) are said in the reader's language: the one --lang names,
// before the command or among its flags, else the environment's (LC_ALL,
// LC_MESSAGES, then LANG, as "ro_RO.UTF-8"), else English. Each text has
// a message id in the catalogues of package lang, derived from where it
// is: "cli.arbiter.audit.text" for the help of "arbiter audit",
// "cli.arbiter.audit.flag.json" for its flag --json,
// "cli.arbiter.audit.example.1" for the words after the "#" of its first
// example, "cli.arbiter.audit.summary" for its line in the list of
// commands. A text a catalogue lacks is said in English, as the code
// writes it.

// words is the language of the program running (nil: English).
var words atomic.Pointer[lang.Lang]

// Words returns the language the program's own words are in.
func Words() *lang.Lang {
	if l := words.Load(); l != nil {
		return l
	}
	return lang.English()
}

// SetWords makes l the language of the program's own words.
func SetWords(l *lang.Lang) { words.Store(l) }

// recorder, when set, is told every message Say says (SetRecorder).
var recorder atomic.Pointer[func(id, english string)]

// SetRecorder makes f hear the id and the English of every message Say
// says from now on (nil: none): the tests that check that every text of
// a program has its message in every catalogue.
func SetRecorder(f func(id, english string)) {
	if f == nil {
		recorder.Store(nil)
		return
	}
	recorder.Store(&f)
}

// Say says message id with its parameters in the program's language, or
// english (with the same parameters, as {{.Name}}) when the language's
// catalogue lacks it. In English no catalogue is read: the program's
// English is the code's, and a program that speaks it pays nothing for
// the others.
func Say(id, english string, args map[string]string) string {
	if f := recorder.Load(); f != nil {
		(*f)(id, english)
	}
	if l := Words(); l != lang.English() && l.Has(id) {
		return l.Say(id, args)
	}
	for k, v := range args {
		english = strings.ReplaceAll(english, "{{."+k+"}}", v)
	}
	return english
}

// say is Say with parameters as name, value pairs.
func say(id, english string, kv ...string) string {
	args := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i]] = kv[i+1]
	}
	return Say(id, english, args)
}

// LangOf returns the language asked for by args (the first --lang L or
// --lang=L; nothing after "--" counts), else by the environment
// (getenv: LC_ALL, LC_MESSAGES, then LANG; the first set decides, and a
// language without a catalogue, or C and POSIX, is English). An unknown
// --lang is an error naming the known languages.
func LangOf(args []string, getenv func(string) string) (*lang.Lang, error) {
	for i, a := range args {
		if a == "--" {
			break
		}
		var code string
		switch {
		case a == "--lang" || a == "-lang":
			if i+1 >= len(args) {
				continue // the command's flags say that a value is missing
			}
			code = args[i+1]
		case strings.HasPrefix(a, "--lang="), strings.HasPrefix(a, "-lang="):
			code = a[strings.Index(a, "=")+1:]
		default:
			continue
		}
		return lang.Parse(code)
	}
	if getenv == nil {
		return lang.English(), nil
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		s := getenv(v)
		if s == "" {
			continue
		}
		// ll_CC.charset@modifier: the language is ll.
		s = strings.ToLower(s)
		if i := strings.IndexAny(s, "_.@-"); i >= 0 {
			s = s[:i]
		}
		if l, err := lang.Parse(s); err == nil {
			return l, nil
		}
		return lang.English(), nil
	}
	return lang.English(), nil
}

// CheckWords is the programs' test of their words: WordsProblems of p,
// with the messages heard written to dump as JSON (id → English) when
// dump is not "", for the translators. err is set when too few messages
// were heard for p to have said its help through them, or the dump
// failed.
func CheckWords(p *Program, dump string) (problems []error, err error) {
	heard, problems := WordsProblems(p)
	if len(heard) < 20 {
		return nil, fmt.Errorf("%s: only %d texts heard", p.Name, len(heard))
	}
	if dump != "" {
		b, err := json.MarshalIndent(heard, "", " ")
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(dump, b, 0o644); err != nil {
			return nil, err
		}
	}
	return problems, nil
}

// idOf is the message id prefix of a command as typed ("arbiter audit":
// "cli.arbiter.audit").
func idOf(name string) string {
	return "cli." + strings.Join(strings.Fields(name), ".")
}

// WordsProblems says p's usage, a command of the other program's and
// every command's help in English, hearing each message said, and
// returns the messages (id → English) and the problems: an id some
// language's catalogue lacks (every text a program prints of itself is
// to be said in each language), an English catalogue's text that is not
// the code's English (the catalogue keeps the English the translations
// were made from, and package lang's tests check every catalogue's
// messages and parameters against it), and a message of p's in the
// English catalogue that p no longer says.
func WordsProblems(p *Program) (map[string]string, []error) {
	heard := map[string]string{}
	SetRecorder(func(id, english string) { heard[id] = english })
	defer SetRecorder(nil)
	var out strings.Builder
	p.Run([]string{"--lang", "en", "help"}, strings.NewReader(""), &out, &out)
	p.Run([]string{"--lang", "en", "no-such-command"}, strings.NewReader(""), &out, &out)
	if other := sortedKeys(p.Elsewhere); len(other) > 0 {
		p.Run([]string{"--lang", "en", other[0]}, strings.NewReader(""), &out, &out)
	}
	for _, name := range sortedKeys(p.Commands) {
		p.Run([]string{"--lang", "en", name, "--help"}, strings.NewReader(""), &out, &out)
	}
	var problems []error
	en := lang.English()
	for _, id := range sortedKeys(heard) {
		if !en.Has(id) {
			problems = append(problems, fmt.Errorf("%s: en lacks %s (%q)", p.Name, id, heard[id]))
			continue
		}
		args := map[string]string{}
		for _, m := range paramRE.FindAllStringSubmatch(heard[id], -1) {
			args[m[1]] = "⟦" + m[1] + "⟧"
		}
		english := heard[id]
		for k, v := range args {
			english = strings.ReplaceAll(english, "{{."+k+"}}", v)
		}
		if got := en.Say(id, args); got != english {
			problems = append(problems, fmt.Errorf("%s: en says %s as %q, the code %q", p.Name, id, got, english))
		}
	}
	for _, code := range lang.Codes[1:] {
		l, _ := lang.Parse(code)
		for _, id := range sortedKeys(heard) {
			if !l.Has(id) {
				problems = append(problems, fmt.Errorf("%s: %s lacks %s (%q)", p.Name, code, id, heard[id]))
			}
		}
	}
	ids, _, err := lang.IDs("en")
	if err != nil {
		return heard, append(problems, err)
	}
	prefix := idOf(p.Name) + "."
	for _, id := range sortedKeys(ids) {
		if _, ok := heard[id]; strings.HasPrefix(id, prefix) && !ok {
			problems = append(problems, fmt.Errorf("%s: the catalogues' %s is no text of the program's", p.Name, id))
		}
	}
	return heard, problems
}

// paramRE finds the {{.Name}} parameters of a text.
var paramRE = regexp.MustCompile(`\{\{\.(\w+)\}\}`)

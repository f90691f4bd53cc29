// Package safetext tells which characters may not appear in one-line text
// that people type and others read: names of players and events, sites,
// an arbiter's reason. Such text goes into PGN tags, comments, TRF lines,
// pages and logs, where a line break starts a new record, a tab or an
// escape sequence corrupts a column or a terminal, and a bidirectional
// override makes a name read as another. The server, the TRF reader and
// the PGN records apply the same rule through this package.
package safetext

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bad reports whether r may not appear in one-line text: the C0 and C1
// control characters (CR, LF, TAB, ESC, BEL, ...), DEL, the line and
// paragraph separators, and the bidirectional embedding, override,
// isolate and mark characters.
func Bad(r rune) bool {
	switch {
	case unicode.IsControl(r): // C0, DEL, C1
		return true
	case r == '\u2028', r == '\u2029': // line and paragraph separators
		return true
	case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069': // embeddings, overrides, isolates
		return true
	case r == '\u200e', r == '\u200f', r == '\u061c': // LRM, RLM, ALM
		return true
	}
	return false
}

// Find returns the first character of s that Bad refuses, with its
// position in characters (1-based), and false when s has none. Invalid
// UTF-8 counts as a bad character (utf8.RuneError).
func Find(s string) (r rune, pos int, found bool) {
	pos = 0
	for i, c := range s {
		pos++
		if Bad(c) || c == utf8.RuneError && isInvalid(s[i:]) {
			return c, pos, true
		}
	}
	return 0, 0, false
}

func isInvalid(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return r == utf8.RuneError && size <= 1
}

// Check returns an error naming the first bad character of s and its
// position, or nil. what names the field ("white", "event name").
func Check(what, s string) error {
	r, pos, found := Find(s)
	if !found {
		return nil
	}
	return fmt.Errorf("%s: %s at character %d: one line of printable text is allowed", what, Name(r), pos)
}

// Name describes a character for an error message: "U+000D (carriage
// return)".
func Name(r rune) string {
	names := map[rune]string{'\t': "tab", '\n': "line feed", '\r': "carriage return", 0x1b: "escape", 0x07: "bell", 0x7f: "delete",
		0: "NUL", '\u2028': "line separator", '\u2029': "paragraph separator", '\u202e': "right-to-left override",
		'\u202d': "left-to-right override", '\u202a': "left-to-right embedding", '\u202b': "right-to-left embedding",
		'\u202c': "pop directional formatting", '\u2066': "left-to-right isolate", '\u2067': "right-to-left isolate",
		'\u2068': "first strong isolate", '\u2069': "pop directional isolate", '\u200e': "left-to-right mark",
		'\u200f': "right-to-left mark", '\u061c': "Arabic letter mark", utf8.RuneError: "invalid UTF-8"}
	if n, ok := names[r]; ok {
		return fmt.Sprintf("U+%04X (%s)", r, n)
	}
	return fmt.Sprintf("U+%04X (a control character)", r)
}

// Clean returns s with every bad character replaced by a space: for text
// stored before the rule, on its way out (a PGN tag, a comment).
func Clean(s string) string {
	if _, _, found := Find(s); !found {
		return s
	}
	return strings.Map(func(r rune) rune {
		if Bad(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, " "))
}

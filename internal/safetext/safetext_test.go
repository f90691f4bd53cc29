package safetext

import (
	"strings"
	"testing"
)

func TestFindAndCheck(t *testing.T) {
	for _, c := range []struct {
		in   string
		pos  int
		name string
	}{
		{"Carlsen, Magnus", 0, ""},
		{"Müller, Jörg", 0, ""},
		{"Иванов, Пётр", 0, ""},
		{"אברהם", 0, ""}, // right-to-left letters are letters, not overrides
		{"Line\nbreak", 5, "line feed"},
		{"CR\rhere", 3, "carriage return"},
		{"tab\there", 4, "tab"},
		{"esc\x1b[31m", 4, "escape"},
		{"bell\a", 5, "bell"},
		{"evil\u202eexe.txt", 5, "right-to-left override"},
		{"iso\u2067late", 4, "right-to-left isolate"},
		{"c1\u0085", 3, "control"},
		{"bad \xff utf8", 5, "invalid UTF-8"},
		{"ls\u2028", 3, "line separator"},
	} {
		_, pos, found := Find(c.in)
		if found != (c.pos > 0) || pos != c.pos {
			t.Errorf("Find(%q) = %d %v, want %d", c.in, pos, found, c.pos)
		}
		err := Check("white", c.in)
		if (err != nil) != (c.pos > 0) || err != nil && !strings.Contains(err.Error(), c.name) {
			t.Errorf("Check(%q) = %v", c.in, err)
		}
		if got := Clean(c.in); strings.ContainsFunc(got, Bad) || strings.ContainsRune(got, '\uFFFD') && c.pos == 0 {
			t.Errorf("Clean(%q) = %q", c.in, got)
		}
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"a\nb", "\u202e", "\xff", "ok"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		if _, _, found := Find(c); found {
			t.Fatalf("Clean(%q) = %q still has a bad character", s, c)
		}
		if Check("x", c) != nil {
			t.Fatalf("Check refuses Clean's output %q", c)
		}
	})
}

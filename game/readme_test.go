package game_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The README's Go snippet is the body of Example_pgn, line for line, so
// that what a newcomer copies is what the tests run (and it checks every
// error).
func TestREADME_SnippetIsTheExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "```go\n")
	if !ok {
		t.Fatal("the README has no Go snippet")
	}
	snippet, _, _ := strings.Cut(rest, "```")
	example, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := string(example)[strings.Index(string(example), "func Example_pgn()"):]
	for _, line := range strings.Split(strings.TrimSpace(snippet), "\n") {
		if !strings.Contains(body, "\t"+line+"\n") {
			t.Errorf("the README's line %q is not in Example_pgn", line)
		}
	}
	if !strings.Contains(snippet, "if err != nil") || strings.Contains(snippet, ", _ :=") {
		t.Error("the README's snippet does not check its errors")
	}
}

package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// The release's version, commit and date: a release build sets them
// (go build -ldflags "-X github.com/arbiterchess/arbiter/internal/cli.release=v1.2.3 ...",
// as .goreleaser.yaml does). Other builds leave them empty and the build
// information stands in.
var (
	release string // the release's version, such as "v1.2.3" or "v1.2.3-SNAPSHOT-abc1234"
	commit  string // the commit it was built from
	date    string // when it was built (RFC 3339)
)

// BuildInfo is what a program knows of its own build.
type BuildInfo struct {
	// Version is the release's version ("v1.2.3"), the module's version
	// for "go install ...@v1.2.3", a pseudo-version when the go command
	// stamped one from the repository, or "(devel)".
	Version string `json:"version"`
	// Commit is the commit built, when known, and Modified whether the
	// working tree had changes beside it.
	Commit   string `json:"commit,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	// Date is when the release was built, or the commit's time.
	Date string `json:"date,omitempty"`
	// Go is the Go release it was built with, Platform its OS and
	// architecture ("linux/arm64").
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// Build returns what the running program knows of its build: the
// release's figures, else those of the build information (runtime/debug).
func Build() BuildInfo {
	b := BuildInfo{Version: release, Commit: commit, Date: date, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if b.Version != "" {
		// A snapshot built outside a repository has goreleaser's stand-ins
		// for the commit and its date: they say nothing.
		if b.Commit == "none" {
			b.Commit = ""
		}
		if strings.HasPrefix(b.Date, "0001-01-01") {
			b.Date = ""
		}
		return b
	}
	b.Version = "(devel)"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if v := bi.Main.Version; v != "" {
		b.Version = v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			b.Date = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// Version returns the program's version in one word: "v1.2.3",
// "v0.0.0-20251203094800-5530ae0abcde+dirty", or "(devel)" for a build
// from a working tree without version control information.
func Version() string { return Build().Version }

// VersionLine is what "PROGRAM --version" prints: the program's name, its
// version, and after it the commit, the date, the Go release and the
// platform where they are known.
//
//	arbiter v1.2.3 (commit 5530ae0, 2025-12-03T09:48:00Z, go1.26.8, linux/amd64)
func VersionLine(program string) string {
	b := Build()
	var more []string
	if b.Commit != "" {
		c := b.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		if b.Modified {
			c += " with local changes"
		}
		more = append(more, "commit "+c)
	}
	if b.Date != "" {
		more = append(more, b.Date)
	}
	more = append(more, b.Go, b.Platform)
	return fmt.Sprintf("%s %s (%s)", program, b.Version, strings.Join(more, ", "))
}

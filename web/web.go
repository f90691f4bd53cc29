// Package web holds the arbiter's web pages, built from the TypeScript
// sources in this folder into dist/ and embedded in the binary, so that
// "arbiter-hall serve" needs nothing at run time and "go build" needs no npm.
//
// The pages talk only to the server they come from (the API under /api/
// and its WebSocket streams); they load nothing from any other host.
//
//	/                the play page: start a game on this screen
//	/play/{game}     play under touch-move (the board's token)
//	/board/{game}    one game for spectators, live, with the PGN
//	/hall/{event}    every board of an event, live
//	/desk/{event}    the arbiter's desk (the arbiter's token)
//	/events          the events, and a form to create one
//	/standings/{event}  the standings with the event's tie-breaks
//	/organise/{event}   the organiser's page (the arbiter's token)
//	/table/{event}/{n}  a table's play page, all event long (the table's token)
//	/embed/game/{game}, /embed/round/{event}/{round}  boards other sites may frame
//
// Rebuild dist/ with "npm ci && npm run build" in this folder after
// changing the sources; a test checks that dist/ matches them.
package web

import (
	"bytes"
	"embed"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/arbiterchess/arbiter/internal/cli"
)

//go:embed dist
var dist embed.FS

// files is dist/ as the root of the site.
var files = func() fs.FS {
	f, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return f
}()

// pages are the first path segments the single-page bundle answers.
var pages = map[string]bool{"": true, "play": true, "board": true, "hall": true, "desk": true, "events": true, "standings": true, "embed": true, "organise": true, "table": true}

// Handler serves the pages: the files of dist/ (the bundles under
// /assets/ are named after their content and cached for good), and
// index.html for every page path, whose footer says the program's version.
// Anything else is 404. Mount it where the API does not answer
// (server.Options.Static).
func Handler() http.Handler { return HandlerWith(Options{}) }

// Options configure HandlerWith.
type Options struct {
	// FrameAncestors are the sites whose pages may frame the embeddable
	// boards (/embed/...): origins such as "https://club.example.org"
	// (CheckFrameAncestors). No other page may be framed by any site.
	FrameAncestors []string
}

// CheckFrameAncestors reports what is wrong with a list of sites that may
// frame the embeddable boards: each must be an origin, scheme://host with
// an optional port (http or https), nothing more.
func CheckFrameAncestors(sites []string) error {
	for _, s := range sites {
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil ||
			strings.ContainsAny(s, " ;,'\"") {
			return fmt.Errorf("%q is not a site (scheme://host[:port], such as https://club.example.org)", s)
		}
	}
	return nil
}

// csp is the pages' Content-Security-Policy; frame names who may frame
// the page.
func csp(frame string) string {
	return "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors " + frame
}

// HandlerWith is Handler with options: the embeddable boards may be
// framed by the sites opts names (and the server's own pages). It panics
// on a list CheckFrameAncestors refuses: check it first.
func HandlerWith(opts Options) http.Handler {
	if err := CheckFrameAncestors(opts.FrameAncestors); err != nil {
		panic("web: " + err.Error())
	}
	embedFrames := strings.Join(append([]string{"'self'"}, opts.FrameAncestors...), " ")
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		panic("web: dist/index.html missing: run npm ci && npm run build in web/")
	}
	// The footer says the server's version (cli.Version).
	index = bytes.ReplaceAll(index, []byte("{{version}}"), []byte(html.EscapeString(cli.Version())))
	assets := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if strings.HasPrefix(p, "/assets/") {
			if _, err := fs.Stat(files, p[1:]); err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			assets.ServeHTTP(w, r)
			return
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
		if !pages[first] {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		if first == "embed" {
			w.Header().Set("Content-Security-Policy", csp(embedFrames))
		} else {
			w.Header().Set("Content-Security-Policy", csp("'none'"))
		}
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}

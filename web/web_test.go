package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/arbiterchess/arbiter/internal/cli"
)

func get(t *testing.T, h http.Handler, path string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Every page path answers the same index.html, which names bundles that
// exist and are served with their types and a long cache.
func TestHandler_PagesAndAssets(t *testing.T) {
	h := Handler()
	var index string
	for _, p := range []string{"/", "/play/abc", "/board/abc", "/hall/ev", "/desk/ev", "/events"} {
		r := get(t, h, p)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", p, r.StatusCode)
		}
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("%s: Content-Type %q", p, ct)
		}
		b := body(t, r)
		if index != "" && b != index {
			t.Errorf("%s: another body than /", p)
		}
		index = b
	}
	refs := regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`).FindAllStringSubmatch(index, -1)
	if len(refs) != 2 {
		t.Fatalf("index.html names %d bundles, want 2 (js and css):\n%s", len(refs), index)
	}
	for _, m := range refs {
		r := get(t, h, m[1])
		if r.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", m[1], r.StatusCode)
		}
		want := "text/javascript"
		if strings.HasSuffix(m[1], ".css") {
			want = "text/css"
		}
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, want) {
			t.Errorf("%s: Content-Type %q, want %s", m[1], ct, want)
		}
		if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("%s: Cache-Control %q", m[1], cc)
		}
	}
	for _, p := range []string{"/assets/nope.js", "/favicon.ico", "/api-like/x", "/../web.go"} {
		if r := get(t, h, p); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, r.StatusCode)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", rec.Code)
	}
}

// The bundles load nothing from another host: no http(s) URL in the CSS,
// no font or script from a CDN.
func TestDist_NoNetworkBeyondTheServer(t *testing.T) {
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		s := string(b)
		if strings.HasSuffix(p, ".css") || strings.HasSuffix(p, ".html") {
			if m := regexp.MustCompile(`url\(\s*['"]?https?:`).FindString(s); m != "" {
				t.Errorf("%s loads from another host: %s", p, m)
			}
			if strings.Contains(s, "@import") {
				t.Errorf("%s has an @import", p)
			}
		}
		if strings.HasSuffix(p, ".html") && regexp.MustCompile(`(?:src|href)="https?:`).MatchString(s) {
			t.Errorf("%s names a remote file", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// dist/ was built from the sources as they are: the digest that the build
// wrote equals the digest of src/, the message catalogues (../lang/catalog),
// the lockfile and the build script.
// After changing them, run "npm ci && npm run build" in web/.
func TestDist_MatchesSources(t *testing.T) {
	want, err := os.ReadFile("dist/source.sha256")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var walk func(dir string)
	walk = func(dir string) {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		ns := make([]string, 0, len(es))
		for _, e := range es {
			ns = append(ns, e.Name())
		}
		sort.Strings(ns)
		for _, n := range ns {
			p := dir + "/" + n
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				walk(p)
			} else {
				names = append(names, p)
			}
		}
	}
	walk("src")
	walk("../lang/catalog")
	names = append(names, "package-lock.json", "build.mjs")
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(n + "\x00"))
		h.Write(b)
		h.Write([]byte{0})
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != strings.TrimSpace(string(want)) {
		t.Errorf("dist/ is older than the sources (digest %s, dist says %s): run npm ci && npm run build in web/", got, strings.TrimSpace(string(want)))
	}
}

// Every page's footer says the server's version.
func TestHandler_FooterVersion(t *testing.T) {
	b := body(t, get(t, Handler(), "/hall/ev"))
	want := `<footer class="site-footer">arbiter ` + html.EscapeString(cli.Version()) + " "
	if !strings.Contains(b, want) || strings.Contains(b, "{{version}}") {
		t.Errorf("the footer lacks %q:\n%s", want, b)
	}
}

// Every message the pages name (t('id'), n('id'), and the fixed part of
// t(`prefix.${...}`)) is in the catalogues the pages bundle: the English
// one, and so every other (package lang's tests check that each has every
// English message).
func TestPages_EveryMessageIDExists(t *testing.T) {
	b, err := os.ReadFile("../lang/catalog/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]json.RawMessage
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	literal := regexp.MustCompile(`\b[tn]\(\s*'([a-z0-9.-]+)'`)
	prefix := regexp.MustCompile("\\b[tn]\\(\\s*`([a-z0-9.-]+)\\$\\{")
	used := 0
	err = filepath.WalkDir("src", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ts") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			used++
			if _, ok := cat[m[1]]; !ok {
				t.Errorf("%s: message %q is not in the catalogue", p, m[1])
			}
		}
		for _, m := range prefix.FindAllStringSubmatch(string(src), -1) {
			used++
			found := false
			for id := range cat {
				if strings.HasPrefix(id, m[1]) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s: no message starts with %q", p, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if used < 50 {
		t.Errorf("only %d messages named in the pages: the pattern no longer finds them", used)
	}
}

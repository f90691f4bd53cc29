package apitest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The body goes as given (a string or bytes) or as JSON, with its content
// type and the token; no body, no content type.
func TestCall_BodyTokenAndAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, r.Method+"|"+r.Header.Get("Content-Type")+"|"+r.Header.Get("Authorization")+"|"+string(b))
	}))
	defer srv.Close()
	for _, c := range []struct {
		body  any
		token string
		want  string
	}{
		{nil, "", "GET|||"},
		{`{"a":1}`, "tok", `GET|application/json|Bearer tok|{"a":1}`},
		{[]byte("xy"), "", "GET|application/json||xy"},
		{map[string]int{"n": 2}, "", `GET|application/json||{"n":2}`},
	} {
		st, raw := Call(t, "GET", srv.URL, c.token, c.body)
		if st != http.StatusTeapot || string(raw) != c.want {
			t.Errorf("body %v: %d %q, want %q", c.body, st, raw, c.want)
		}
	}
}

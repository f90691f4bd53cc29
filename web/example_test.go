package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/arbiterchess/arbiter/web"
)

// The pages are an http.Handler: mount it beside the API, as
// "arbiter-hall serve" does; every page is the same application, which
// reads its route from the address.
func ExampleHandler() {
	mux := http.NewServeMux()
	mux.Handle("/", web.Handler())
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/hall/some-event", nil))
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	// Output:
	// 200 text/html; charset=utf-8
}

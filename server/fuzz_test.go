package server

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzParseActions: no post body makes ParseActions panic, and the
// actions it reads, written back as a JSON array, read as the same
// actions.
func FuzzParseActions(f *testing.F) {
	for _, s := range []string{
		`{"by":"white","act":"lift","sq":"e2","seq":1}`,
		`[{"by":"white","act":"lift","sq":"e2"},{"by":"white","act":"drop","sq":"e4","t":1200}]`,
		"{\"by\":\"white\",\"act\":\"lift\",\"sq\":\"e2\"}\n{\"by\":\"white\",\"act\":\"clock\"}",
		`{"by":"arbiter","act":"flag","side":"black","t":5}`,
		`{"start":{"rules":"uscf"}}`, `[]`, ``, `"lift"`, `{"by":"white","act":"drop"`, `[{"by":"white","act":"drop","sq":"e4"},]`,
		`{"by":"white","act":"drop","sq":"e4","seq":-3}`, `{"by":"white","act":"promote","sq":"e8","piece":"Q","move":"e7e8q"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		acts, err := ParseActions(body)
		if err != nil {
			return
		}
		if len(acts) == 0 || len(acts) > maxActionsPerPost {
			t.Fatalf("%d actions read", len(acts))
		}
		b, err := json.Marshal(acts)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseActions(b)
		if err != nil || !reflect.DeepEqual(again, acts) {
			t.Fatalf("%s\nread as %+v, written %s, read again as %+v, %v", body, acts, b, again, err)
		}
	})
}

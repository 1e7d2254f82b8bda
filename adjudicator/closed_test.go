package adjudicator

import (
	"encoding/json"
	"reflect"
	"testing"
)

// decodeClosed reads every payload as encoding/json does.
func FuzzDecodeClosed(f *testing.F) {
	for _, s := range []string{
		`{"defaults":["alice","bob"],"digest":"ab12","engine_version":"trader/2","reason":"all-in","step":4}`,
		`{"digest":"ab12","engine_version":"trader/2","note":"bob is away","reason":"gm","step":12}`,
		`{"defaults":[],"step":0}`, `{"step":01}`, `{"step":-1}`, `{"reason":"\u00e9"}`, `{"x":1}`, `{}`, ` {"step":1} `,
		`{"step":1,"step":2}`, `{"defaults":null}`, `{"step":99999999999999999999}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want Closed
		werr := json.Unmarshal([]byte(s), &want)
		got, gerr := decodeClosed([]byte(s))
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%q: encoding/json err %v, decodeClosed err %v", s, werr, gerr)
		}
		if werr == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: got %+v, want %+v", s, got, want)
		}
	})
}

package adjtest

import (
	"bytes"
	"encoding/json"
	"testing"

	"taipan/adjudicator/engine"
)

// SameJSON fails the test unless s's own JSON (engine.JSONAppender) is
// exactly what encoding/json writes for it with HTML escaping off: the
// digest of every replayed step is of those bytes.
func SameJSON(t testing.TB, where string, s engine.JSONAppender) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if got := string(s.AppendJSON(nil)) + "\n"; got != want.String() {
		t.Fatalf("%s: AppendJSON\n%s\nencoding/json\n%s", where, got, want.String())
	}
}

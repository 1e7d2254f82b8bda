package events_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"taipan/events"
)

// FuzzReadJSONL reads any export (`taipan import`, `taipan audit --file`).
// It never panics, and what it reads it writes out again (an export of an
// import) to read back the same events, which verify just as they did.
func FuzzReadJSONL(f *testing.F) {
	// Real exports, a few lines each (the fuzzer minimizes every input
	// that finds something new, and long ones take it the whole run): the
	// first two events of a log, which verify, and a withheld event of a
	// public export.
	for _, c := range []struct {
		name      string
		from, end int
	}{{"../testdata/compat/format1/fx-shanghai.jsonl", 0, 2}, {"../testdata/compat/format1/fx-shanghai.public.jsonl", 2, 3}} {
		data, err := os.ReadFile(c.name)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		f.Add(bytes.Join(lines[c.from:c.end], nil))
	}
	f.Add([]byte(`{"game":"g","seq":1,"kind":"k","actor":"a","payload":{ "a" : [1, 2] },"recorded_at":"2026-12-01T02:15:48.732+01:00","prev_hash":"","hash":"x"}` + "\n\n" + `{"seq":2,"format":2,"payload":null}`))
	f.Add([]byte("{}\r\n[]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, err := events.ReadJSONL(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := events.WriteJSONL(&out, evs); err != nil {
			t.Fatalf("%q: read, but cannot be written out: %v", data, err)
		}
		back, err := events.ReadJSONL(&out)
		if err != nil || len(back) != len(evs) {
			t.Fatalf("%q: written as %q, read back as %d events, %v", data, out.Bytes(), len(back), err)
		}
		for i := range evs {
			a, b := evs[i], back[i]
			var payload bytes.Buffer
			if a.Payload != nil {
				if err := json.Compact(&payload, a.Payload); err != nil {
					t.Fatal(err)
				}
			}
			if a.Game != b.Game || a.Seq != b.Seq || a.Kind != b.Kind || a.Actor != b.Actor || a.PayloadHash != b.PayloadHash || a.Format != b.Format ||
				a.Salt != b.Salt || !a.RecordedAt.Equal(b.RecordedAt) || a.PrevHash != b.PrevHash || a.Hash != b.Hash || !bytes.Equal(payload.Bytes(), b.Payload) {
				t.Fatalf("event %d read as %+v, written and read back as %+v", i+1, a, b)
			}
		}
		if (events.Verify(evs) == nil) != (events.Verify(back) == nil) {
			t.Fatalf("%q: verifies %v, written and read back %v", data, events.Verify(evs), events.Verify(back))
		}
	})
}

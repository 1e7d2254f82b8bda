package shanghaitrader

import (
	"reflect"
	"testing"

	"taipan/orders"
)

// An order's value read from the log's text is the value read from the
// node the text makes, error for error, whatever the text.
func FuzzLoggedValue(f *testing.F) {
	for _, v := range []string{
		`"stay"`, `["stay","auto Consulates if cash >= 40"]`, `[]`, `{}`, `null`, `true`, `false`, `0`, `-40`, `123456789012345`,
		`{"courtesan":20,"customs":5}`, `{"from":{"fay":15},"to":{"fay":20}}`, `[{"thug":["TP-05b"]},{"mugger":["ann","any"]}]`,
		`["W-15a",5]`, `[5,"W-15a"]`, `[[["x"]]]`, `{"a":1,"a":2}`, `-0`, `1.5`, `1e3`, `"\u00e9"`, `"é"`, `" any "`,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		payload := []byte(`{"orders":[{"x":` + v + `}],"step":1}`)
		_, nodes, err := orders.ParseLoggedPayload(payload)
		if err != nil || len(nodes) != 1 {
			return
		}
		_, texts, err := orders.ParseLoggedPayloadText(payload)
		if err != nil || len(texts) != 1 {
			t.Fatalf("%s: %v", payload, err)
		}
		want, werr := generic(nodes[0])
		got, gerr := generic(texts[0])
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
			t.Fatalf("%s: error %v, want %v", v, gerr, werr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %#v, want %#v", v, got, want)
		}
	})
}

// The orders of the log reach the verbs as text, not nodes (or replay
// builds the nodes it was made to do without).
func TestLoggedOrdersAreReadAsText(t *testing.T) {
	_, items, err := orders.ParseLoggedPayloadText([]byte(`{"orders":[{"move":["stay"]},{"ask":{"lido":20}}],"step":3}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.Value != nil || it.Logged == "" {
			t.Errorf("%s: read as a node", it.Verb)
		}
	}
	if v, err := generic(items[1]); err != nil || !reflect.DeepEqual(v, mapping{{"lido", 20}}) {
		t.Errorf("ask: %#v %v", v, err)
	}
}

package oldshanghai

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// AppendJSON writes what encoding/json writes at every step of games of
// every size and both versions, on full standing orders and on the
// defaults, with names that need escaping (the random games of
// TestRandomPlay check it too, on random orders and removed players).
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	names := []string{`ann "a"`, "bé\u2028", "<c&d>", `dot\`, "eve", "fay"}
	items, err := orders.ParseList([]byte(fullOrders))
	if err != nil {
		t.Fatal(err)
	}
	items = orders.Renumber(items)
	for _, v := range versions.Names() {
		e := New().AtVersion(v)
		for n := 2; n <= 6; n++ {
			for g := 0; g < 4; g++ {
				as, err := e.Setup(engine.Config{Players: names[:n], Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}, engine.NewRand([]byte(fmt.Sprint(v, g)), 0))
				if err != nil {
					t.Fatal(err)
				}
				for step := 1; !e.Status(as).Finished; step++ {
					adjtest.SameJSON(t, fmt.Sprintf("%s %dp game %d step %d", v, n, g, step), as.(*State))
					var subs []engine.Submission
					for _, p := range e.Status(as).Pending {
						it := e.Default(as, p)
						if as.(*State).Stage == stReview && g%2 == 0 {
							it = items
						}
						subs = append(subs, engine.Submission{Player: p, Items: it})
					}
					if as, _, err = e.Resolve(as, subs, engine.NewRand([]byte("json"), step)); err != nil {
						t.Fatal(err)
					}
				}
				adjtest.SameJSON(t, fmt.Sprintf("%s %dp game %d at the end", v, n, g), as.(*State))
			}
		}
	}
}

// quote is strconv.Quote on every kind of text an order may hold.
func TestQuoteIsStrconvQuote(t *testing.T) {
	for _, text := range []string{"", "skip: draw", `a "b"`, `c\d`, "tab\there", "bé", "\u2028", "\x7f", "~ }", "keep: [police, heart]"} {
		if got, want := quote(text), strconv.Quote(text); got != want {
			t.Errorf("quote(%q) = %s, strconv.Quote %s", text, got, want)
		}
	}
}

package shanghaitrader

import (
	"strings"
	"testing"

	"taipan/orders"
)

// TestDidYouMean: a mistyped verb, district, location or player is refused
// with the name it most likely meant; a name near none gets no guess.
func TestDidYouMean(t *testing.T) {
	e := New()
	s := helpState(t)
	for _, c := range []struct{ file, want string }{
		{"- mvoe: Nanking Road", "unknown order; did you mean move?; the orders are move, "},
		{"- move: Nanking Rd", `"Nanking Rd" is not a district; did you mean Nanking Road?`},
		{"- move: auto Shangai Club", `no location "Shangai Club"; did you mean Shanghai Club?`},
		{"- move: The Bund\n- daily-mail: bbo", `"bbo" is not a player; did you mean bob?`},
		{"- move: [The Bund if carl at Consulates]", `did you mean carol?`},
		{"- move: Xanadu", `"Xanadu" is not a district`},
	} {
		items, err := orders.ParseList([]byte(c.file))
		if err != nil {
			t.Fatal(err)
		}
		err = e.Check(s, "alice", orders.Renumber(items))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.file, err, c.want)
		}
		if strings.HasSuffix(c.want, "district") && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%q: a guess for a name near none: %v", c.file, err)
		}
	}
}

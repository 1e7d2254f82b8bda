package orders

import (
	"strings"
	"testing"
)

// ParseFor takes what the context knows for what the file leaves out, and
// keeps the file's line numbers.
func TestParseForFillsGameAndPlayer(t *testing.T) {
	for _, file := range []string{
		"- buy: London\n- pass",
		"orders:\n  - buy: London\n  - pass\n",
		"game: bourse-1\norders:\n  - buy: London\n  - pass\n",
	} {
		env, err := ParseFor([]byte(file), "bourse-1", "alice")
		if err != nil {
			t.Errorf("%q: %v", file, err)
			continue
		}
		if env.Game != "bourse-1" || env.Player != "alice" || !env.HasList || len(env.Orders) != 2 {
			t.Errorf("%q: read as game %q, player %q, %d orders", file, env.Game, env.Player, len(env.Orders))
		}
	}
	// What the file names is kept, for the caller to compare.
	if env, err := ParseFor([]byte("game: other\nplayer: bob\norders: [pass]\n"), "bourse-1", "alice"); err != nil || env.Game != "other" || env.Player != "bob" {
		t.Errorf("a file naming its game and player: %+v, %v", env, err)
	}
	// Without a player from the context, the file must name one.
	if _, err := ParseFor([]byte("- pass\n"), "bourse-1", ""); err == nil || !strings.Contains(err.Error(), "field player: missing") {
		t.Errorf("an orders list without a player: %v", err)
	}
	// A mistake is named at the file's own line.
	if _, err := ParseFor([]byte("- pass\n- buy: [\n"), "bourse-1", "alice"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a mistake in an orders list: %v", err)
	}
}

package orders_test

import (
	"slices"
	"strings"
	"testing"

	"taipan/orders"
)

const tok = "0c1e5b2a9f8d7c6b5a4f3e2d1c0b9a88"

// What may be secret is hidden from a file shown back, wherever it was
// written: a token in a comment, under a misspelt key, as a value; and
// every comment, which may hold anything.
func TestHideSecretsInCommentsAndWords(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"game: g\n# token: " + tok + "\nplayer: a\n", "game: g\n# (comment hidden)\nplayer: a"},
		{"orders: [pass]   # my token is " + tok + "\n", "orders: [pass]   # (comment hidden)"},
		{"orders: [pass] #tight\n", "orders: [pass] # (comment hidden)"},
		{"tokn: " + tok + "\n", "tokn: (hidden)"},
		{"player: " + strings.ToUpper(tok) + "\n", "player: (hidden)"},
		{"token: " + tok + " # mine\n", "token: (hidden)"},
		{"press: {text: \"meet at #3\"}\n", "press: {text: \"meet at #3\"}"},
		{"press: {text: 'it''s #1'} # note\n", "press: {text: 'it''s #1'} # (comment hidden)"},
		{"orders:\n  - buy: red#4\n", "orders:\n  - buy: red#4"},
	} {
		if got := strings.Join(orders.HideSecrets([]byte(c.file)), "\n"); got != c.want {
			t.Errorf("%q:\n%s\nwant:\n%s", c.file, got, c.want)
		}
	}
}

// Secrets lists what no answer may repeat: token values and words that
// look like a token, in comments too.
func TestSecretsOfAFile(t *testing.T) {
	other := strings.Repeat("ab", 16)
	got := orders.Secrets([]byte("game: g\ntoken: short-but-long\n# the GM's is " + other + "\norders:\n  - buy: " + tok + "\n  - buy: " + tok + "\n"))
	for _, want := range []string{"short-but-long", other, tok} {
		if !slices.Contains(got, want) {
			t.Errorf("Secrets misses %q: %q", want, got)
		}
	}
	if len(got) != 3 {
		t.Errorf("Secrets = %q, want each once", got)
	}
	if s := orders.HideIn("wrong token "+tok+" for "+other, got); strings.Contains(s, tok) || strings.Contains(s, other) {
		t.Errorf("HideIn left a secret: %s", s)
	}
}

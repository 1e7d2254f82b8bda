package orders

import (
	"bytes"
	"strings"

	"gopkg.in/yaml.v3"
)

// ParseFor reads an order file sent where the game and the player are
// known already: the web site's form (the page's game, the logged-in
// player) or `taipan submit GAME --player P`. The file may leave out game
// and player, or be only the list of orders; what it leaves out is taken
// from game and player (player "" adds none, and the file must name it).
// What it does name is kept, for the caller to compare. Line numbers are
// the file's own: what is added goes at its end.
func ParseFor(data []byte, game, player string) (*Envelope, error) {
	if len(data) > MaxFileSize {
		return Parse(data) // refused for its size, unread
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil || len(doc.Content) != 1 {
		return Parse(data) // Parse says what is wrong
	}
	root := doc.Content[0]
	has := map[string]bool{}
	file := string(data)
	switch root.Kind {
	case yaml.SequenceNode:
		file = "orders:\n" + file
	case yaml.MappingNode:
		for i := 0; i+1 < len(root.Content); i += 2 {
			has[strings.ToLower(root.Content[i].Value)] = true
		}
	default:
		return Parse(data)
	}
	if !strings.HasSuffix(file, "\n") {
		file += "\n"
	}
	if !has["game"] && game != "" {
		file += "game: " + game + "\n"
	}
	if !has["player"] && player != "" {
		file += "player: " + player + "\n"
	}
	return Parse([]byte(file))
}

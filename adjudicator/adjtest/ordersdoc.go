package adjtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"taipan/orders"
)

// The checks every game's TestOrdersDoc makes of its ORDERS.md, the one
// order reference of the game, and of the README's section that quotes it.

// DocCase is the position in which one example order file of a game's
// ORDERS.md is checked: check is the engine's Check (or CheckStanding) of player's
// items there. The cases stand in the order of the files.
type DocCase struct {
	About string // what the example shows
	Check func(t *testing.T, player string, items []orders.Item) error
}

// orderFileKey tells the ```yaml blocks that are order files (they have
// an orders: key) from the campaign files.
var orderFileKey = regexp.MustCompile(`(?m)^orders:`)

// yamlBlocks returns the ```yaml blocks of a Markdown text.
func yamlBlocks(md string) []string {
	var blocks []string
	for _, part := range strings.Split(md, "```yaml\n")[1:] {
		block, _, _ := strings.Cut(part, "```")
		blocks = append(blocks, block)
	}
	return blocks
}

// CheckOrdersDoc checks that every example order file of ORDERS.md (in
// the test's folder, the game's) is
// accepted in its case's position: as the mail reads it, and again as the
// log holds it (its generic form, through JSON, read back), since every
// replay reads it so. A file that names no player is alice's.
func CheckOrdersDoc(t *testing.T, cases []DocCase) {
	t.Helper()
	doc, err := os.ReadFile("ORDERS.md")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, b := range yamlBlocks(string(doc)) {
		if orderFileKey.MatchString(b) {
			files = append(files, b)
		}
	}
	if len(files) != len(cases) {
		t.Fatalf("ORDERS.md has %d example order files; the test has a position for %d", len(files), len(cases))
	}
	for i, file := range files {
		c := cases[i]
		env, err := orders.ParseFor([]byte(file), "doc", "alice")
		if err != nil {
			t.Errorf("example %d (%s) does not read: %v\n%s", i+1, c.About, err, file)
			continue
		}
		if err := c.Check(t, env.Player, env.Orders); err != nil {
			t.Errorf("example %d (%s) is refused: %v\n%s", i+1, c.About, err, file)
			continue
		}
		generic, err := orders.Generic(env.Orders)
		if err != nil {
			t.Errorf("example %d (%s): the log cannot hold it: %v", i+1, c.About, err)
			continue
		}
		logged, err := json.Marshal(generic)
		if err != nil {
			t.Errorf("example %d (%s): the log cannot hold it: %v", i+1, c.About, err)
			continue
		}
		back, err := orders.ParseList(logged)
		if err == nil {
			err = c.Check(t, env.Player, back)
		}
		if err != nil {
			t.Errorf("example %d (%s) as logged is refused on replay: %v", i+1, c.About, err)
		}
	}
}

// CheckReadmeQuotesOrdersDoc checks the README's section of the game
// (under heading): it links to ORDERS.md, the one order reference, and
// every example it gives is one of ORDERS.md's, so CheckOrdersDoc checks
// it too.
func CheckReadmeQuotesOrdersDoc(t *testing.T, heading string) {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("ORDERS.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## "+heading+"\n")
	if !ok {
		t.Fatalf("the README has no section %q", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if link := "](adjudicator/" + filepath.Base(wd) + "/ORDERS.md)"; !strings.Contains(section, link) {
		t.Errorf("the README's section %q does not link to ORDERS.md (%s)", heading, link)
	}
	examples := yamlBlocks(section)
	if len(examples) == 0 {
		t.Errorf("the README's section %q gives no example order file", heading)
	}
	for _, b := range examples {
		if !strings.Contains(string(doc), "```yaml\n"+b+"```") {
			t.Errorf("the README's section %q gives an example that is not one of ORDERS.md's:\n%s", heading, b)
		}
	}
}

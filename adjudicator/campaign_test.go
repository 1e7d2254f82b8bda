package adjudicator_test

import (
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
)

func TestParseCampaign(t *testing.T) {
	c, err := adjudicator.ParseCampaign([]byte(`id: bourse-1
game: trader
options: {sets: 2}
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
observers: [press@example.test]
gm: gm@example.test
seed: "s"
setup: {first: bob}
deadline: 3d
reminder: 12h
`))
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != "bourse-1" || c.Game != "trader" || strings.Join(c.Names(), ",") != "alice,bob" ||
		time.Duration(c.Deadline) != 72*time.Hour || time.Duration(c.Reminder) != 12*time.Hour || c.GM != "gm@example.test" {
		t.Errorf("campaign = %+v", c)
	}
}

// Every bad campaign is refused with the reason.
func TestParseCampaignRefuses(t *testing.T) {
	base := "game: trader\nplayers: [{name: alice}, {name: bob}]\n"
	cases := []struct{ name, file, want string }{
		{"bad id", "id: Bourse 1\n" + base, "campaign id"},
		{"no game", "id: b\nplayers: [{name: alice}]\n", "name the game"},
		{"no players", "id: b\ngame: trader\n", "no players"},
		{"duplicate player", "id: b\ngame: trader\nplayers: [{name: alice}, {name: Alice}]\n", "listed twice"},
		{"reserved name", "id: b\ngame: trader\nplayers: [{name: gm}, {name: bob}]\n", "player name \"gm\""},
		{"bad email", "id: b\ngame: trader\nplayers: [{name: alice, email: 'Alice <a@b.test>'}]\n", "not a plain address"},
		{"unknown key", "id: b\n" + base + "deadlines: 3d\n", "field deadlines not found"},
		{"bad deadline", "id: b\n" + base + "deadline: soon\n", "bad duration"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := adjudicator.ParseCampaign([]byte(c.file))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}

// FuzzParseCampaign: any bytes give a campaign that validates, or an error;
// never a panic.
func FuzzParseCampaign(f *testing.F) {
	f.Add([]byte("id: b\ngame: trader\nplayers: [{name: alice}, {name: bob}]\ndeadline: 2d\n"))
	f.Add([]byte("id: b\ngame: trader\nplayers: [{name: alice, email: a@b.test}]\nsetup: {columns: {Paris: [red 4]}}\n"))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := adjudicator.ParseCampaign(data)
		if err != nil {
			if adjudicator.ErrorCode(err) != adjudicator.EINVALID {
				t.Fatalf("refusal without the invalid code: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("a parsed campaign does not validate: %v", err)
		}
	})
}

package adjudicator_test

import (
	"strconv"
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

// A player may be written as a bare name.
func TestParseCampaignBareNames(t *testing.T) {
	c, err := adjudicator.ParseCampaign([]byte("id: b\ngame: trader\nplayers: [alice, {name: bob, email: bob@x.test}]\n"))
	if err != nil || strings.Join(c.Names(), ",") != "alice,bob" || c.Players[1].Email != "bob@x.test" {
		t.Fatalf("%+v, %v", c, err)
	}
}

// Every bad campaign is refused with the reason, the line and the key.
func TestParseCampaignRefuses(t *testing.T) {
	base := "game: trader\nplayers: [{name: alice}, {name: bob}]\n"
	cases := []struct{ name, file, want string }{
		{"bad id", "id: Bourse 1\n" + base, "campaign id"},
		{"no game", "id: b\nplayers: [{name: alice}]\n", "name the game"},
		{"no players", "id: b\ngame: trader\n", "no players"},
		{"duplicate player", "id: b\ngame: trader\nplayers: [{name: alice}, {name: Alice}]\n", "listed twice"},
		{"reserved name", "id: b\ngame: trader\nplayers: [{name: gm}, {name: bob}]\n", "player name \"gm\""},
		{"bad email", "id: b\ngame: trader\nplayers: [{name: alice, email: 'Alice <a@b.test>'}]\n", "not a plain address"},
		{"unknown key", "id: b\n" + base + "deadlines: 3d\n", `line 4: "deadlines" is not a campaign key; did you mean "deadline"?`},
		{"typo of players", "id: b\ngame: trader\nplayer: [alice]\n", `line 3: "player" is not a campaign key; did you mean "players"?`},
		{"bad deadline", "id: b\n" + base + "deadline: soon\n", "line 4, deadline: bad duration \"soon\": write e.g. 3d, 72h or 90m"},
		{"players not a list", "id: b\ngame: trader\nplayers: alice\n", "line 3, players: expected a list of players"},
		{"player with a list", "id: b\ngame: trader\nplayers:\n  - {name: [a, b]}\n", "line 4, players[1].name: expected a single value, not a list"},
		{"player key typo", "id: b\ngame: trader\nplayers:\n  - {nmae: alice}\n", `line 4, players[1]: "nmae" is not a player key`},
		{"options not a mapping", "id: b\n" + base + "options: 2\n", `line 4, options: expected a mapping of the game's options, e.g. {sets: 2}, not "2"`},
		{"same address", "id: b\ngame: trader\nplayers: [{name: alice, email: a@x.test}, {name: bob, email: A@x.test}]\n", "alice and bob have the same address"},
		{"not a mapping", "- id: b\n", "a campaign file is a mapping of keys"},
		{"empty", "", "the file is empty"},
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

// FuzzParseDuration: a duration read (a deadline, an extension, a grace)
// is never negative, a count of days is exactly that many days, and the
// form the log keeps it in (Go's, "72h0m0s") reads back to it.
func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"3d", "72h", "1h30m", " 90m ", "0d", "-1d", "+2d", "1.5h", "d", "0", "106751d", "106752d", "9223372036854775807d", "2562047h47m16.854775807s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := adjudicator.ParseDuration(s)
		if err != nil {
			return
		}
		if d < 0 {
			t.Fatalf("%q reads as %v", s, d)
		}
		if n, ok := strings.CutSuffix(strings.TrimSpace(s), "d"); ok {
			days, err := strconv.ParseInt(n, 10, 64)
			if err != nil || d%(24*time.Hour) != 0 || int64(d/(24*time.Hour)) != days {
				t.Fatalf("%q reads as %v", s, d)
			}
		}
		if back, err := adjudicator.ParseDuration(d.String()); err != nil || back != d {
			t.Fatalf("%q reads as %v, which reads back as %v, %v", s, d, back, err)
		}
	})
}

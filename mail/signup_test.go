package mail

import (
	"slices"
	"strings"
	"testing"
)

// A club command's mistakes are told at their line and field, and its
// fields read as the player wrote them.
func TestReadClubRequest(t *testing.T) {
	for _, c := range []struct {
		file    string
		verb    string
		seats   []string
		problem string
	}{
		{"command: join club-1\nname: ann\nseats: [2, French]\nentropy: ab\n", "join", []string{"2", "French"}, ""},
		{"command: join club-1\nname: ann\nseats: 2, 1\n", "join", []string{"2", "1"}, ""},
		{"command: join club-1\nname: ann\nseat: 2\n", "join", nil, "line 3: field seat: command join takes only name, seats, entropy, record"},
		{"command: confirm club-1\ntoken: x\n", "confirm", nil, "line 2: field token: command confirm takes only reveal"},
		{"command: leave club-1\nname: ann\n", "leave", nil, "line 2: field name: command leave takes no other field"},
	} {
		r := readClubRequest([]byte(c.file))
		if r == nil || r.verb != c.verb || r.problem != c.problem || !slices.Equal(r.seats, c.seats) {
			t.Errorf("%q: %+v; want verb %s, seats %v, problem %q", c.file, r, c.verb, c.seats, c.problem)
		}
	}
	for _, file := range []string{"command: status\n", "game: bourse-1\nplayer: ann\norders: []\n", "not: [yaml"} {
		if r := readClubRequest([]byte(file)); r != nil {
			t.Errorf("%q is read as a club command: %+v", file, r)
		}
	}
	// open: the campaign is the rest of the file, at its own lines.
	r := readClubRequest([]byte("command: open\nid: club-2\ngame: trader\n"))
	if r == nil || r.verb != "open" || !strings.HasPrefix(string(r.campaign), "\nid: club-2\n") {
		t.Errorf("open: %+v", r)
	}
}

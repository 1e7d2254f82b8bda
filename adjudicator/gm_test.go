package adjudicator_test

import (
	"errors"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// A GM action's mistakes are said in the terms every adapter shares (the
// command line, mail and the web each word their own flags and fields):
// what the action takes, and that it needs a reason.
func TestGMMistakesNameNoFlag(t *testing.T) {
	h, _ := newHost(t, "1")
	create(t, h, "")
	for _, c := range []struct {
		action      adjudicator.GMAction
		usage, text string
	}{
		{adjudicator.GMAction{Action: "extend", Reason: "travel"}, "extend DURATION", "usage: gm extend DURATION"},
		{adjudicator.GMAction{Action: "close", Args: []string{"now"}, Reason: "late"}, "close", "usage: gm close"},
		{adjudicator.GMAction{Action: "replace", Args: []string{"ann"}, Reason: "left"}, "replace PLAYER NEWNAME [EMAIL]", "usage: gm replace PLAYER NEWNAME [EMAIL]"},
		{adjudicator.GMAction{Action: "upgrade", Args: []string{"all"}, Reason: "fix"}, "upgrade [open-step]", "usage: gm upgrade [open-step]"},
		{adjudicator.GMAction{Action: "close"}, "", "give a reason: it is shown to the players"},
	} {
		_, err := h.GM(t.Context(), "d1", c.action)
		e := &adjudicator.Error{}
		if !errors.As(err, &e) || e.Code != adjudicator.EINVALID || e.Usage != c.usage || err.Error() != c.text || strings.Contains(err.Error(), "--") {
			t.Errorf("%s %v: %v (usage %q), want %q (usage %q)", c.action.Action, c.action.Args, err, e.Usage, c.text, c.usage)
		}
	}
}

package oldshanghai

import (
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Fills says what a file's standing orders leave out (OS-X1: a file with
// any standing order replaces them all): each decision left out is asked
// when it comes, except, under old-shanghai/3, the skip decision, where
// you draw (OS-X2). A file that keeps the standing orders says so.
func (e Engine) Fills(as engine.State, player string, items []orders.Item) []string {
	s := state(as)
	p := s.seat(player)
	if p < 0 || !s.in(p) || s.Stage == stOver {
		return nil
	}
	var pr parsed
	if err := s.read(p, items, &pr); err != nil {
		return nil
	}
	if !pr.replace {
		return []string{"no standing orders in the file: you keep the ones you have."}
	}
	o := pr.standing
	var out []string
	ask := func(verb, when string) {
		out = append(out, verb+": not given: the game waits for you "+when+".")
	}
	if o.Heart == nil {
		ask(vHeart, "when you draw a Shanghai! (whether to play a Heart of Gold)")
	}
	if o.Police == nil {
		ask(vPolice, "when someone finishes your Shanghai! (whether to play Harbor Police)")
	}
	if o.Finish == nil {
		ask(vFinish, "when another player draws a Shanghai! (whether to finish it)")
	}
	if len(o.PutBack) == 0 {
		ask(vPutBack, "when you put a Shanghai! back (where)")
	}
	if len(o.Keep) == 0 {
		ask(vKeep, "when you play Old Shell-Back (which card to keep)")
	}
	switch {
	case len(o.Skip) > 0:
	case s.rules().AskEveryone:
		out = append(out, "skip: not given: you draw at each of your turns, without being asked (skip: [ask] asks you).")
	default:
		ask(vSkip, "at your turn when you hold a skip card")
	}
	return out
}

package sackson

import (
	"strings"

	"taipan/adjudicator/engine"
)

// The "did you mean …?" of a refusal (engine.Suggest): the verb,
// destination, card or player nearest to a mistyped one, or "" when none
// is near enough. They are called only on the way to a refusal, so
// nothing is gathered while orders read cleanly.

// verbGuess is " (did you mean bid?)" for an order that is none of r's.
func (r *Rules) verbGuess(word string) string {
	names := make([]string, len(r.Verbs))
	for i, v := range r.Verbs {
		names[i] = v.info().name
	}
	return engine.DidYouMeanAside(word, names)
}

// destHint is "; did you mean pawnbroker?" for a destination that is
// none (underscores are read as spaces, as destIndex reads them).
func destHint(word string) string {
	return engine.DidYouMean(strings.ReplaceAll(word, "_", " "), data.Destinations)
}

// destGuess is " (did you mean pawnbroker?)" for a destination that is
// none, to follow its name in a list of unknown ones.
func destGuess(word string) string {
	return engine.DidYouMeanAside(strings.ReplaceAll(word, "_", " "), data.Destinations)
}

// cardHint is "; did you mean 8-0?" for a card seat does not hold or that
// does not exist, guessed among the cards of seat's hand.
func (s *State) cardHint(seat int, word string) string {
	if !s.active(seat) {
		return ""
	}
	ids := make([]string, len(s.Players[seat].Hand))
	for i, c := range s.Players[seat].Hand {
		ids[i] = c.String()
	}
	return engine.DidYouMean(word, ids)
}

// playerHint is "; did you mean bob?" for a name that is no player's.
func (s *State) playerHint(word string) string { return engine.DidYouMean(word, s.names()) }

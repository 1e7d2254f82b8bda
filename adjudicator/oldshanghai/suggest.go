package oldshanghai

import "taipan/adjudicator/engine"

// The "did you mean …?" of a refusal (engine.Suggest): the verb, card or
// player nearest to a mistyped one, or "" when none is near enough. They
// are called only on the way to a refusal, so nothing is gathered while
// orders read cleanly.

// verbGuess is " (did you mean heart?)" for an order that is none of r's.
func (r *Rules) verbGuess(word string) string {
	names := make([]string, len(r.Verbs))
	for i, v := range r.Verbs {
		names[i] = v.info().name
	}
	return engine.DidYouMeanAside(word, names)
}

// cardHint is "; did you mean police?" for a card that is none: the
// cards' ids first, then their names, so the guess is written as the
// orders write cards.
func cardHint(word string) string {
	names := make([]string, 0, 2*len(data.Cards))
	for _, k := range data.Cards {
		names = append(names, k.ID)
	}
	for _, k := range data.Cards {
		names = append(names, k.Name)
	}
	return engine.DidYouMean(word, names)
}

// skipPlayHint is "; did you mean drink-up?" for what a skip rule plays
// that is neither draw, ask nor a skip card.
func skipPlayHint(word string) string {
	names := []string{"draw", "ask"}
	for i, k := range data.Cards {
		if Card(i).skip() {
			names = append(names, k.ID)
		}
	}
	return engine.DidYouMean(word, names)
}

// playerHint is "; did you mean bob?" for a name that is no player's.
func (s *State) playerHint(word string) string {
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = p.Name
	}
	return engine.DidYouMean(word, names)
}

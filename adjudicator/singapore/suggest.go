package singapore

import "taipan/adjudicator/engine"

// The "did you mean …?" of a refusal (engine.Suggest): the verb or goods
// nearest to a mistyped one, or "" when none is near enough. They are
// called only on the way to a refusal, so nothing is gathered while
// orders read cleanly.

// planVerbNames are the verbs a plan: holds, as order files write them.
var planVerbNames = []string{verbTake, verbMove, verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain, verbChen}

// verbNames are every verb of the order file.
var verbNames = append([]string{verbStart, verbPlan}, planVerbNames...)

// verbGuess is " (did you mean take?)" for an order that is none (the
// step's own hint, State.verbHint, follows it in the refusal).
func verbGuess(word string) string {
	return engine.DidYouMeanAside(word, verbNames)
}

// goodsHint is "; did you mean Silk?" for a goods name that is none.
// Only the goods' names are candidates: an alias beside its name ("spice",
// "Spices") would tie with it and leave no guess.
func goodsHint(word string) string {
	names := make([]string, len(data.Goods))
	for i, g := range data.Goods {
		names[i] = g.Name
	}
	return engine.DidYouMean(word, names)
}

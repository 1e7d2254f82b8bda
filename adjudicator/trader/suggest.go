package trader

import "taipan/adjudicator/engine"

// The "did you mean …?" of a refusal (engine.Suggest): the column or verb
// nearest to a mistyped one, or "" when none is near enough. They are
// called only on the way to a refusal.

// columnHint is "; did you mean Paris?" for a column name that is none.
func columnHint(name string) string { return engine.DidYouMean(name, data.Capitals) }

// verbHint is " (did you mean buy?)" for an order that is none of r's.
func (r *Rules) verbHint(word string) string {
	names := make([]string, 0, len(r.Verbs))
	for _, v := range r.Verbs {
		names = append(names, v.info().name)
	}
	return engine.DidYouMeanAside(word, names)
}

package engine

// SilentResolver is an Engine that can resolve a step without writing
// what happened. A replay reads the happenings of the last step it
// closes alone (those of every step only for a history), and writing the
// others' lines was a good part of replaying a game that tells a lot. The
// happenings are not logged nor digested, so leaving them unwritten
// changes nothing a log records.
type SilentResolver interface {
	// ResolveSilently returns the state Resolve returns for the same
	// arguments, drawing the same numbers from rng, without the
	// happenings.
	ResolveSilently(s State, subs []Submission, rng *Rand) (State, error)
}

// ResolveSilently is e's resolution of a step whose happenings no one
// reads: ResolveSilently's when e is a SilentResolver, else Resolve's
// with its happenings dropped.
func ResolveSilently(e Engine, s State, subs []Submission, rng *Rand) (State, error) {
	if sr, ok := e.(SilentResolver); ok {
		return sr.ResolveSilently(s, subs, rng)
	}
	ns, _, err := e.Resolve(s, subs, rng)
	return ns, err
}

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// A Ruleset is one version of a game's rules as a value: the number the
// log records ("game/N"), what it plays differently from the version
// after it, and the rules it picks (R, the game's own type: its table of
// verbs and the switches its resolution reads). An engine holds the
// ruleset it plays instead of asking "which version?" across its files.
type Ruleset[R any] struct {
	// Number is N of the version "game/N" the log records.
	Number int
	// Differs lists, rule by rule, what this version plays differently
	// from the one after it, citing the rulebook section; empty for the
	// current version. It is the one place a maintainer reads to learn
	// what an old game still plays.
	Differs []string
	// Rules is what the version picks.
	Rules R
}

// Versions is a game's rulesets, oldest first; the last is the current
// one, which new games start with. It is the version plumbing every game
// shares: naming, listing and picking a version.
type Versions[R any] struct {
	// Game is the engine's name, the "game" of "game/N".
	Game string
	// Rulesets are the versions the engine plays, oldest first, with
	// consecutive numbers.
	Rulesets []Ruleset[R]
}

// Current is the ruleset new games start with.
func (vs Versions[R]) Current() *Ruleset[R] { return &vs.Rulesets[len(vs.Rulesets)-1] }

// Name is the version's name as the log records it: "game/N".
func (vs Versions[R]) Name(r *Ruleset[R]) string { return vs.Game + "/" + strconv.Itoa(r.Number) }

// Names lists every version the engine plays, oldest first: an engine's
// Versioned.Versions.
func (vs Versions[R]) Names() []string {
	out := make([]string, len(vs.Rulesets))
	for i := range vs.Rulesets {
		out[i] = vs.Name(&vs.Rulesets[i])
	}
	return out
}

// Number is the ruleset of version n, or nil when the engine does not
// play it.
func (vs Versions[R]) Number(n int) *Ruleset[R] {
	i := n - vs.Rulesets[0].Number
	if i < 0 || i >= len(vs.Rulesets) {
		return nil
	}
	return &vs.Rulesets[i]
}

// Named is the ruleset of the version named v ("game/N"), or nil with the
// reason when v is not one the engine plays.
func (vs Versions[R]) Named(v string) (*Ruleset[R], error) {
	game, n, ok := strings.Cut(v, "/")
	num, err := strconv.Atoi(n)
	if !ok || game != vs.Game || err != nil {
		return nil, fmt.Errorf("%q is not a version of %s (the versions are %s)", v, vs.Game, strings.Join(vs.Names(), ", "))
	}
	r := vs.Number(num)
	if r == nil {
		return nil, fmt.Errorf("%s is not played by this build (it plays %s)", v, strings.Join(vs.Names(), ", "))
	}
	return r, nil
}

// At is the ruleset of the version named v, or the current one when v is
// empty or not one the engine plays: an engine's Versioned.AtVersion,
// whose callers (the registry) have already checked v against Names.
func (vs Versions[R]) At(v string) *Ruleset[R] {
	if r, err := vs.Named(v); err == nil {
		return r
	}
	return vs.Current()
}

// Changes is every older version's differences, newest first, one line
// each prefixed with its version name: the list a game's documentation
// and tests hold against its rulesets.
func (vs Versions[R]) Changes() []string {
	var out []string
	for i := len(vs.Rulesets) - 1; i >= 0; i-- {
		r := &vs.Rulesets[i]
		for _, d := range r.Differs {
			out = append(out, vs.Name(r)+": "+d)
		}
	}
	return out
}

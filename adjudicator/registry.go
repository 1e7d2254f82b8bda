package adjudicator

import (
	"fmt"
	"maps"
	"slices"
)

// Registry maps game names to their engines. It is built once at start-up
// and read-only after.
type Registry struct {
	engines map[string]Engine
}

// NewRegistry returns a registry of the given engines. It panics on two
// engines with one name, a programming error.
func NewRegistry(engines ...Engine) *Registry {
	r := &Registry{engines: map[string]Engine{}}
	for _, e := range engines {
		if _, dup := r.engines[e.Name()]; dup {
			panic(fmt.Sprintf("adjudicator: game %q registered twice", e.Name()))
		}
		r.engines[e.Name()] = e
	}
	return r
}

// Engine returns the engine for a game name.
func (r *Registry) Engine(name string) (Engine, error) {
	e, ok := r.engines[name]
	if !ok {
		return nil, Errorf(EINVALID, "unknown game %q; the games are %v", name, r.Names())
	}
	return e, nil
}

// Names lists the registered games, sorted.
func (r *Registry) Names() []string {
	names := slices.Sorted(maps.Keys(r.engines))
	return names
}

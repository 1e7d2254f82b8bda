package adjudicator

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
)

// Registry maps game names to their engines. It is built once at start-up
// and read-only after.
type Registry struct {
	engines map[string]engine.Engine
}

// NewRegistry returns a registry of the given engines. It panics on two
// engines with one name, a programming error.
func NewRegistry(engines ...engine.Engine) *Registry {
	r := &Registry{engines: map[string]engine.Engine{}}
	for _, e := range engines {
		if _, dup := r.engines[e.Name()]; dup {
			panic(fmt.Sprintf("adjudicator: game %q registered twice", e.Name()))
		}
		r.engines[e.Name()] = e
	}
	return r
}

// Engine returns the engine for a game name.
func (r *Registry) Engine(name string) (engine.Engine, error) {
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

// EngineAt returns the engine for a game name playing the given version of
// its rules (the current one when version is ""). A version newer than this
// build's is refused as such, so that a log written by a later Taipan is
// never mistaken for a bad one.
func (r *Registry) EngineAt(name, version string) (engine.Engine, error) {
	e, err := r.Engine(name)
	if err != nil {
		return nil, err
	}
	if version == "" || version == e.Version() {
		return e, nil
	}
	if v, ok := e.(engine.Versioned); ok && slices.Contains(v.Versions(), version) {
		return v.AtVersion(version), nil
	}
	if engine.VersionNumber(version) > engine.VersionNumber(e.Version()) {
		return nil, Errorf(EINVALID, "written by a newer Taipan (engine %s; this build plays %s)", version, strings.Join(Versions(e), ", "))
	}
	return nil, Errorf(EINVALID, "engine %s is not one this build plays (it plays %s)", version, strings.Join(Versions(e), ", "))
}

// Versions lists the versions an engine plays, oldest first.
func Versions(e engine.Engine) []string {
	if v, ok := e.(engine.Versioned); ok {
		return v.Versions()
	}
	return []string{e.Version()}
}

package shanghaitrader

import (
	"strings"
	"testing"
)

// engineAt is the engine playing version n.
func engineAt(n int) Engine { return Engine{r: versions.Number(n)} }

// engineOf is the engine that played s last.
func engineOf(s *State) Engine {
	for i := range versions.Rulesets {
		if versions.Rulesets[i].Rules == s.rules {
			return Engine{r: &versions.Rulesets[i]}
		}
	}
	return New()
}

// Version names the current ruleset, and every older one says what it
// plays differently, citing the rule.
func TestVersionIsTheCurrentRuleset(t *testing.T) {
	if got := versions.Name(versions.Current()); got != Version {
		t.Fatalf("the current ruleset is %s, Version %s", got, Version)
	}
	if New().Version() != Version || (Engine{}).Version() != Version {
		t.Fatalf("New and the zero Engine play %s and %s, not %s", New().Version(), Engine{}.Version(), Version)
	}
	for i := range versions.Rulesets[:len(versions.Rulesets)-1] {
		r := &versions.Rulesets[i]
		if len(r.Differs) == 0 {
			t.Errorf("%s lists nothing it plays differently", versions.Name(r))
		}
	}
	for _, c := range versions.Changes() {
		if !strings.Contains(c, "§") {
			t.Errorf("the change %q cites no section of the rulebook", c)
		}
	}
}

// Every verb of every version cites its rule, has one reading and
// names where its effect is played.
func TestVerbsCiteTheirRule(t *testing.T) {
	for i := range versions.Rulesets {
		r := &versions.Rulesets[i]
		for _, name := range r.Rules.verbs.list {
			v := r.Rules.verbs.named(name)
			if v == nil || v.read == nil || !strings.Contains(v.rule, "§") || !strings.HasSuffix(v.effect, ".go") {
				t.Errorf("%s: the verb %s has no reading or cites no section: %+v", versions.Name(r), name, v)
			}
		}
	}
}

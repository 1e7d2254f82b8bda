// Package adjtest runs adjudication cases written as YAML data against any
// [engine.Engine], in the spirit of the Diplomacy Adjudicator Test
// Cases: each case sets a game up, plays a sequence of steps with the
// orders players would mail, and checks what the engine decided.
//
// A case file holds one case per YAML document (documents separated by
// ---), or a list of cases in one document. A case:
//
//	name: TR-T2 buying takes the bottom stock      # required, unique per file
//	rule: 'TR-T2: "only the Stock at the bottom of the column can be purchased"'
//	players: [alice, bob]                          # seat order
//	options: {sets: 1}                             # the campaign options (optional)
//	setup: {columns: {...}}                        # the fixed layout (optional)
//	seed: "42"                                     # seeds the random streams (optional)
//	version: trader/1                              # an earlier engine version (optional)
//	setup_error: "missing"                         # Setup must fail with this substring
//	steps:
//	  - orders:                                    # per player, the list as mailed
//	      alice:
//	        - buy: Berlin
//	    expect:                                    # subset of the GM view's JSON
//	      players: [{name: alice, money: 14}, {name: bob}]
//	    views:                                     # subset of a player's view
//	      bob: {players: [{name: alice, money: <absent>}, {}]}
//	    status: {pending: [bob], finished: false, phase: "bob's turn"}
//	    happenings: ["alice bought blue 6"]        # substrings, in order
//	    not_happenings: ["14 million"]             # substrings no happening may have
//	  - reject:                                    # Check must refuse these
//	      - player: bob
//	        orders: [{buy: Berlin}]
//	        contains: "costs 6 million"
//	  - defaults: {bob: [{buy: Paris}]}            # what Default must return
//	    # bob sends nothing here: the runner submits his Default
//
// A case plays the engine's current version unless version names one of
// the earlier versions a Versioned engine still plays (for games started
// before a change of the rules, which keep the old behaviour).
//
// The rule key is mandatory: a case that does not quote the rule sentence
// or ruling it checks fails.
//
// Each step runs, in this order: correct (a GM correction, with an optional
// error substring it must fail with), rename, standing (per player, orders
// from players the step does not wait for, which must pass CheckStanding
// and are applied with ApplyStanding, for engines that keep standing
// orders), open (per player, in the order written, files of pending
// players that arrive while the step stays open: each must pass Check and
// is applied with ApplyOpen, for engines whose files go on the table at
// once; the step is not resolved by them), reject (each entry's orders, or else the step's orders for that
// player, must fail Check — or CheckStanding with standing: true — with an
// error containing the substring, and must leave the state's JSON unchanged),
// defaults (compared as the generic forms stored in the log, scalars as
// text), then orders: every order list must pass Check, and the step is
// resolved with one submission per pending player, in the order Status
// lists them; a pending player without orders gets the engine's Default
// (which must pass Check too). For an engine of engine.OpenOrders each
// order list is applied with ApplyOpen first, in the order written, as
// the host does when the files arrive. Orders for a player who owes none are a
// mistake in the case. A step resolves when it has orders, or when it has
// none of orders, reject, correct and rename (everyone defaults); resolve:
// true or false overrides this. repeat: N plays the step N times, and with
// until_phase: TEXT it stops as soon as Status's phase contains TEXT
// (at most N times, or 1000); e.g. a step without orders, repeated until
// "finished", lets everybody default to the end. Then expect, views, status, happenings and
// not_happenings are checked against the state after the step.
//
// Expectations match as JSON subsets: an object matches when every key of
// the expectation matches (other keys are ignored); the value <absent>
// asserts that a key is missing; arrays must have the same length and
// match element by element; numbers, strings, booleans and null must be
// equal.
//
// Step n (counting resolutions from 1; Setup is 0) draws from
// engine.NewRand([]byte(seed), n), the seed defaulting to "adjtest".
package adjtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Absent is the expectation value that asserts a key is missing.
const Absent = "<absent>"

// Case is one adjudication case.
type Case struct {
	Name       string    `yaml:"name"`
	Rule       string    `yaml:"rule"`
	Players    []string  `yaml:"players"`
	Options    yaml.Node `yaml:"options"`
	Setup      yaml.Node `yaml:"setup"`
	Seed       string    `yaml:"seed"`
	Version    string    `yaml:"version"`
	SetupError string    `yaml:"setup_error"`
	Steps      []Step    `yaml:"steps"`
	File       string    `yaml:"-"` // where the case was read from
}

// Step is one step of a case: what is sent, and what must follow.
type Step struct {
	Note          string               `yaml:"note"`
	Correct       *Correction          `yaml:"correct"`
	Rename        *Rename              `yaml:"rename"`
	Standing      yaml.Node            `yaml:"standing"`
	Open          yaml.Node            `yaml:"open"`
	Reject        Rejects              `yaml:"reject"`
	Defaults      map[string]yaml.Node `yaml:"defaults"`
	Orders        yaml.Node            `yaml:"orders"`
	Resolve       *bool                `yaml:"resolve"`
	Repeat        int                  `yaml:"repeat"`
	UntilPhase    string               `yaml:"until_phase"`
	Expect        yaml.Node            `yaml:"expect"`
	Views         map[string]yaml.Node `yaml:"views"`
	Status        *StatusExpect        `yaml:"status"`
	Happenings    []string             `yaml:"happenings"`
	NotHappenings []string             `yaml:"not_happenings"`
}

// Correction is a GM correction to apply, and optionally the error it must
// fail with.
type Correction struct {
	Action string   `yaml:"action"`
	Player string   `yaml:"player"`
	Args   []string `yaml:"args"`
	Error  string   `yaml:"error"`
}

// Rename hands a seat to another name.
type Rename struct {
	From string `yaml:"from"`
	To   string `yaml:"to"`
}

// Reject is an order list that Check must refuse.
type Reject struct {
	Player   string    `yaml:"player"`
	Orders   yaml.Node `yaml:"orders"`
	Contains string    `yaml:"contains"`
	// Lacks is text the refusal must not hold: a "did you mean" for a
	// name near none, say.
	Lacks string `yaml:"lacks"`
	// Standing checks the orders as standing orders from a player the
	// step does not wait for (engine.StandingOrders.CheckStanding).
	Standing bool `yaml:"standing"`
}

// Rejects is one Reject or a list of them.
type Rejects []Reject

// StatusExpect is the expected Status; absent keys are not checked.
type StatusExpect struct {
	Pending *[]string `yaml:"pending"`
	// Answering is Status.Answering (engine.OpenOrders).
	Answering *[]string `yaml:"answering"`
	Finished  *bool     `yaml:"finished"`
	Winners   *[]string `yaml:"winners"`
	Phase     string    `yaml:"phase"` // a substring
}

var allowed = map[string][]string{
	"case":   {"name", "rule", "players", "options", "setup", "seed", "version", "setup_error", "steps"},
	"step":   {"note", "correct", "rename", "standing", "open", "reject", "defaults", "orders", "resolve", "repeat", "until_phase", "expect", "views", "status", "happenings", "not_happenings"},
	"reject": {"player", "orders", "contains", "lacks", "standing"},
	"status": {"pending", "answering", "finished", "winners", "phase"},
	"fix":    {"action", "player", "args", "error"},
	"rename": {"from", "to"},
}

func checkKeys(n *yaml.Node, what string) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: a %s must be a mapping", n.Line, what)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		ok := false
		for _, a := range allowed[what] {
			ok = ok || a == k
		}
		if !ok {
			return fmt.Errorf("line %d: unknown key %q in a %s; the keys are %s", n.Content[i].Line, k, what, strings.Join(allowed[what], ", "))
		}
	}
	return nil
}

// UnmarshalYAML refuses unknown keys.
func (c *Case) UnmarshalYAML(n *yaml.Node) error {
	if err := checkKeys(n, "case"); err != nil {
		return err
	}
	type plain Case
	return n.Decode((*plain)(c))
}

// UnmarshalYAML refuses unknown keys.
func (s *Step) UnmarshalYAML(n *yaml.Node) error {
	if err := checkKeys(n, "step"); err != nil {
		return err
	}
	type plain Step
	return n.Decode((*plain)(s))
}

// UnmarshalYAML refuses unknown keys.
func (r *Reject) UnmarshalYAML(n *yaml.Node) error {
	if err := checkKeys(n, "reject"); err != nil {
		return err
	}
	type plain Reject
	return n.Decode((*plain)(r))
}

// UnmarshalYAML reads one mapping or a list of them.
func (rs *Rejects) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		var r Reject
		if err := n.Decode(&r); err != nil {
			return err
		}
		*rs = Rejects{r}
		return nil
	}
	var l []Reject
	if err := n.Decode(&l); err != nil {
		return err
	}
	*rs = l
	return nil
}

// UnmarshalYAML refuses unknown keys.
func (s *StatusExpect) UnmarshalYAML(n *yaml.Node) error {
	if err := checkKeys(n, "status"); err != nil {
		return err
	}
	type plain StatusExpect
	return n.Decode((*plain)(s))
}

// UnmarshalYAML refuses unknown keys.
func (c *Correction) UnmarshalYAML(n *yaml.Node) error {
	if err := checkKeys(n, "fix"); err != nil {
		return err
	}
	type plain Correction
	return n.Decode((*plain)(c))
}

// UnmarshalYAML refuses unknown keys.
func (r *Rename) UnmarshalYAML(n *yaml.Node) error {
	if err := checkKeys(n, "rename"); err != nil {
		return err
	}
	type plain Rename
	return n.Decode((*plain)(r))
}

// Load reads the cases of one file.
func Load(path string) ([]Case, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, b)
}

// Parse reads cases from YAML text; name is used in messages.
func Parse(name string, b []byte) ([]Case, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var out []Case
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		root := &doc
		if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
			root = root.Content[0]
		}
		var cs []Case
		if root.Kind == yaml.SequenceNode {
			err = root.Decode(&cs)
		} else {
			var c Case
			err = root.Decode(&c)
			cs = []Case{c}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		for i := range cs {
			cs[i].File = name
		}
		out = append(out, cs...)
	}
	names := map[string]bool{}
	for _, c := range out {
		if names[c.Name] {
			return nil, fmt.Errorf("%s: two cases are named %q", name, c.Name)
		}
		names[c.Name] = true
	}
	return out, nil
}

// Run runs every case of the files matching pattern, one subtest per file
// and per case (go test -run 'TestX/file.yaml/case_name').
func Run(t *testing.T, e engine.Engine, pattern string) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("adjtest: no case files match %s", pattern)
	}
	sort.Strings(files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			cases, err := Load(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) == 0 {
				t.Fatalf("%s holds no cases", f)
			}
			for _, c := range cases {
				t.Run(c.Name, func(t *testing.T) {
					if err := c.Play(e); err != nil {
						t.Fatalf("%s: case %q (%s):\n%v", c.File, c.Name, c.Rule, err)
					}
				})
			}
		})
	}
}

// Play runs the case and returns its first failure.
func (c Case) Play(e engine.Engine) error {
	if strings.TrimSpace(c.Name) == "" {
		return fmt.Errorf("the case has no name")
	}
	if strings.TrimSpace(c.Rule) == "" {
		return fmt.Errorf("the case cites no rule: quote the rule sentence or ruling it checks under rule:")
	}
	seed := c.Seed
	if seed == "" {
		seed = "adjtest"
	}
	if c.Version != "" && c.Version != e.Version() {
		v, ok := e.(engine.Versioned)
		if !ok || !slices.Contains(v.Versions(), c.Version) {
			return fmt.Errorf("version %s: the engine plays only %v", c.Version, adjudicator.Versions(e))
		}
		e = v.AtVersion(c.Version)
	}
	opts, err := nodeJSON(&c.Options, "{}")
	if err != nil {
		return fmt.Errorf("options: %v", err)
	}
	setup, err := nodeJSON(&c.Setup, "null")
	if err != nil {
		return fmt.Errorf("setup: %v", err)
	}
	cfg := engine.Config{Players: c.Players, Options: opts, Setup: setup}
	s, err := e.Setup(cfg, engine.NewRand([]byte(seed), 0))
	if c.SetupError != "" {
		if err == nil {
			return fmt.Errorf("Setup succeeded; want an error containing %q", c.SetupError)
		}
		if !strings.Contains(err.Error(), c.SetupError) {
			return fmt.Errorf("Setup error %q does not contain %q", err, c.SetupError)
		}
		if len(c.Steps) > 0 {
			return fmt.Errorf("a case with setup_error has no steps")
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("Setup: %v", err)
	}
	resolved := 0
	for i, st := range c.Steps {
		var hs []engine.Happening
		s, hs, err = st.repeat(e, s, seed, &resolved)
		if err == nil {
			err = st.check(e, s, hs)
		}
		if err != nil {
			note := ""
			if st.Note != "" {
				note = " (" + st.Note + ")"
			}
			return fmt.Errorf("step %d%s: %v", i+1, note, err)
		}
	}
	return nil
}

// repeat plays the step once, or up to Repeat times until the phase
// contains UntilPhase, gathering the happenings.
func (st Step) repeat(e engine.Engine, s engine.State, seed string, resolved *int) (engine.State, []engine.Happening, error) {
	if st.Repeat == 0 && st.UntilPhase == "" {
		return st.play(e, s, seed, resolved)
	}
	n := st.Repeat
	if n == 0 {
		n = 1000
	}
	var all []engine.Happening
	for i := 0; i < n; i++ {
		if st.UntilPhase != "" && strings.Contains(e.Status(s).Phase, st.UntilPhase) {
			return s, all, nil
		}
		ns, hs, err := st.play(e, s, seed, resolved)
		if err != nil {
			return s, all, fmt.Errorf("repetition %d: %v", i+1, err)
		}
		s, all = ns, append(all, hs...)
	}
	if st.UntilPhase != "" && !strings.Contains(e.Status(s).Phase, st.UntilPhase) {
		return s, all, fmt.Errorf("after %d repetitions the phase is %q, not yet %q", n, e.Status(s).Phase, st.UntilPhase)
	}
	return s, all, nil
}

func (st Step) play(e engine.Engine, s engine.State, seed string, resolved *int) (engine.State, []engine.Happening, error) {
	var hs []engine.Happening
	if f := st.Correct; f != nil {
		ns, h, err := e.Correct(s, engine.Correction{Action: f.Action, Player: f.Player, Args: f.Args})
		switch {
		case f.Error != "" && err == nil:
			return s, nil, fmt.Errorf("correction %s succeeded; want an error containing %q", f.Action, f.Error)
		case f.Error != "" && !strings.Contains(err.Error(), f.Error):
			return s, nil, fmt.Errorf("correction error %q does not contain %q", err, f.Error)
		case f.Error == "" && err != nil:
			return s, nil, fmt.Errorf("correction %s: %v", f.Action, err)
		case err == nil:
			s = ns
			hs = append(hs, h...)
		}
	}
	if r := st.Rename; r != nil {
		s = e.Rename(s, r.From, r.To)
	}
	standing, standingOrder, err := orderMap(&st.Standing)
	if err != nil {
		return s, nil, err
	}
	for _, p := range standingOrder {
		so, ok := e.(engine.StandingOrders)
		if !ok {
			return s, nil, fmt.Errorf("standing orders for %s: %s takes none", p, e.Name())
		}
		if err := so.CheckStanding(s, p, standing[p]); err != nil {
			return s, nil, fmt.Errorf("standing orders of %s refused: %v", p, err)
		}
		if s, err = so.ApplyStanding(s, p, standing[p]); err != nil {
			return s, nil, fmt.Errorf("standing orders of %s: %v", p, err)
		}
	}
	opened, openOrder, err := orderMap(&st.Open)
	if err != nil {
		return s, nil, err
	}
	if _, ok := e.(engine.OpenOrders); !ok && len(opened) > 0 {
		return s, nil, fmt.Errorf("open files: %s puts nothing on the table (engine.OpenOrders)", e.Name())
	}
	if s, err = applyOpen(e, s, opened, openOrder); err != nil {
		return s, nil, err
	}
	given, order, err := orderMap(&st.Orders)
	if err != nil {
		return s, nil, err
	}
	for _, r := range st.Reject {
		items, ok := given[r.Player]
		if r.Orders.Kind != 0 {
			if items, err = parseOrders(&r.Orders); err != nil {
				return s, nil, fmt.Errorf("reject %s: %v", r.Player, err)
			}
		} else if !ok {
			return s, nil, fmt.Errorf("reject %s: no orders to check", r.Player)
		} else {
			delete(given, r.Player)
		}
		before, _ := json.Marshal(s)
		check := e.Check
		if r.Standing {
			so, ok := e.(engine.StandingOrders)
			if !ok {
				return s, nil, fmt.Errorf("reject %s: %s takes no standing orders", r.Player, e.Name())
			}
			check = so.CheckStanding
		}
		err := check(s, r.Player, items)
		after, _ := json.Marshal(s)
		if !bytes.Equal(before, after) {
			return s, nil, fmt.Errorf("Check of %s's orders changed the state", r.Player)
		}
		if err == nil {
			return s, nil, fmt.Errorf("%s's orders were accepted; want an error containing %q", r.Player, r.Contains)
		}
		if !strings.Contains(err.Error(), r.Contains) {
			return s, nil, fmt.Errorf("%s's orders were refused with %q, which does not contain %q", r.Player, err, r.Contains)
		}
		if r.Lacks != "" && strings.Contains(err.Error(), r.Lacks) {
			return s, nil, fmt.Errorf("%s's orders were refused with %q, which should not contain %q", r.Player, err, r.Lacks)
		}
	}
	for _, p := range sortedKeys(st.Defaults) {
		n := st.Defaults[p]
		want, err := parseOrders(&n)
		if err != nil {
			return s, nil, fmt.Errorf("defaults %s: %v", p, err)
		}
		got := e.Default(s, p)
		if err := sameOrders(got, want); err != nil {
			return s, nil, fmt.Errorf("Default for %s: %v", p, err)
		}
	}
	resolve := len(given) > 0 || (len(st.Reject) == 0 && st.Correct == nil && st.Rename == nil && len(standing) == 0 && len(opened) == 0)
	if st.Resolve != nil {
		resolve = *st.Resolve
	}
	if !resolve {
		if len(given) > 0 {
			return s, nil, fmt.Errorf("orders given for a step that is not resolved")
		}
		return s, hs, nil
	}
	if s, err = applyOpen(e, s, given, order); err != nil {
		return s, nil, err
	}
	status := e.Status(s)
	var subs []engine.Submission
	for _, p := range status.Pending {
		items, ok := given[p]
		sub := engine.Submission{Player: p, Items: items}
		if !ok {
			sub.Items, sub.Default = e.Default(s, p), true
		}
		// Read as the host reads them at a close, so that Resolve is
		// handed the reading (engine.Reader) as it is in a real game.
		reading, err := engine.ReadOrders(e, s, p, sub.Items)
		if err != nil {
			what := "orders"
			if sub.Default {
				what = "Default orders"
			}
			return s, nil, fmt.Errorf("%s of %s refused: %v", what, p, err)
		}
		if (e.Check(s, p, sub.Items) == nil) != (err == nil) {
			return s, nil, fmt.Errorf("Read and Check disagree on the orders of %s", p)
		}
		sub.Reading = reading
		delete(given, p)
		subs = append(subs, sub)
	}
	for _, p := range order {
		if _, ok := given[p]; ok {
			return s, nil, fmt.Errorf("orders for %s, who owes none (pending: %v)", p, status.Pending)
		}
	}
	*resolved++
	// Resolve a clone, and check that the original did not change with it:
	// the Host resolves clones of its cached games, so a shallow Clone
	// would corrupt them.
	before, err := json.Marshal(s)
	if err != nil {
		return s, nil, err
	}
	c := e.Clone(s)
	if copied, _ := json.Marshal(c); !bytes.Equal(before, copied) {
		return s, nil, fmt.Errorf("Clone of the state differs from it:\n%s\n%s", before, copied)
	}
	ns, h, err := e.Resolve(c, subs, engine.NewRand([]byte(seed), *resolved))
	if err != nil {
		return s, nil, fmt.Errorf("Resolve: %v", err)
	}
	if after, _ := json.Marshal(s); !bytes.Equal(before, after) {
		return s, nil, fmt.Errorf("resolving a Clone of the state changed the original: Clone is not deep")
	}
	return ns, append(hs, h...), nil
}

func (st Step) check(e engine.Engine, s engine.State, hs []engine.Happening) error {
	texts := make([]string, len(hs))
	for i, h := range hs {
		texts[i] = h.Text
	}
	if st.Expect.Kind != 0 {
		if err := matchView(e.View(s, ""), &st.Expect); err != nil {
			return fmt.Errorf("GM view: %v", err)
		}
	}
	for _, p := range sortedKeys(st.Views) {
		n := st.Views[p]
		if err := matchView(e.View(s, p), &n); err != nil {
			return fmt.Errorf("%s's view: %v", p, err)
		}
	}
	if x := st.Status; x != nil {
		got := e.Status(s)
		if x.Pending != nil && !sameStrings(got.Pending, *x.Pending) {
			return fmt.Errorf("pending is %q, want %q", got.Pending, *x.Pending)
		}
		if x.Answering != nil && !sameStrings(got.Answering, *x.Answering) {
			return fmt.Errorf("answering is %q, want %q", got.Answering, *x.Answering)
		}
		if x.Finished != nil && got.Finished != *x.Finished {
			return fmt.Errorf("finished is %v, want %v", got.Finished, *x.Finished)
		}
		if x.Winners != nil && !sameStrings(got.Winners, *x.Winners) {
			return fmt.Errorf("winners are %q, want %q", got.Winners, *x.Winners)
		}
		if !strings.Contains(got.Phase, x.Phase) {
			return fmt.Errorf("phase is %q, want it to contain %q", got.Phase, x.Phase)
		}
	}
	next := 0
	for _, want := range st.Happenings {
		found := false
		for j := next; j < len(texts); j++ {
			if strings.Contains(texts[j], want) {
				next, found = j+1, true
				break
			}
		}
		if !found {
			return fmt.Errorf("no happening (after those already matched) contains %q; the happenings were:\n  %s", want, strings.Join(texts, "\n  "))
		}
	}
	for _, bad := range st.NotHappenings {
		for _, t := range texts {
			if strings.Contains(t, bad) {
				return fmt.Errorf("happening %q contains %q", t, bad)
			}
		}
	}
	return nil
}

func sameStrings(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func sortedKeys[V any](m map[string]V) []string {
	out := slices.Sorted(maps.Keys(m))
	return out
}

// orderMap reads a step's orders: player → order list, in file order.
func orderMap(n *yaml.Node) (map[string][]orders.Item, []string, error) {
	out := map[string][]orders.Item{}
	if n.Kind == 0 {
		return out, nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, nil, fmt.Errorf("line %d: orders must map each player to an order list", n.Line)
	}
	var order []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		p := n.Content[i].Value
		items, err := parseOrders(n.Content[i+1])
		if err != nil {
			return nil, nil, fmt.Errorf("orders of %s: %v", p, err)
		}
		if _, dup := out[p]; dup {
			return nil, nil, fmt.Errorf("orders of %s given twice", p)
		}
		out[p] = items
		order = append(order, p)
	}
	return out, order, nil
}

// parseOrders reads an order list exactly as a player writes it.
func parseOrders(n *yaml.Node) ([]orders.Item, error) {
	b, err := yaml.Marshal(n)
	if err != nil {
		return nil, err
	}
	items, err := orders.ParseList(b)
	if err != nil {
		return nil, err
	}
	if items == nil {
		items = []orders.Item{}
	}
	return items, nil
}

func sameOrders(got, want []orders.Item) error {
	g, err := orders.Generic(got)
	if err != nil {
		return err
	}
	w, err := orders.Generic(want)
	if err != nil {
		return err
	}
	// Scalars compare as text: "add: 1" and an engine's "1" are one order.
	gj, _ := json.Marshal(scalarsAsText(g))
	wj, _ := json.Marshal(scalarsAsText(w))
	if !bytes.Equal(gj, wj) {
		return fmt.Errorf("got %s, want %s", gj, wj)
	}
	return nil
}

func scalarsAsText(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = scalarsAsText(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = scalarsAsText(e)
		}
		return out
	case nil:
		return nil
	}
	return fmt.Sprint(v)
}

// nodeJSON converts a YAML value to JSON; an absent value gives def.
func nodeJSON(n *yaml.Node, def string) (json.RawMessage, error) {
	if n.Kind == 0 {
		return json.RawMessage(def), nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	b, err := json.Marshal(normalize(v))
	return json.RawMessage(b), err
}

// normalize turns YAML-decoded values into what encoding/json produces:
// string-keyed maps and float64 numbers.
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalize(e)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = normalize(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case uint64:
		return float64(x)
	}
	return v
}

func matchView(view any, want *yaml.Node) error {
	b, err := json.Marshal(view)
	if err != nil {
		return fmt.Errorf("does not encode to JSON: %v", err)
	}
	var got any
	if err := json.Unmarshal(b, &got); err != nil {
		return err
	}
	var w any
	if err := want.Decode(&w); err != nil {
		return err
	}
	return Match(normalize(w), got)
}

// Match reports how got differs from the JSON-subset expectation want
// (both as decoded by encoding/json), or nil if it matches.
func Match(want, got any) error { return match("", want, got) }

func match(path string, want, got any) error {
	at := path
	if at == "" {
		at = "the top"
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("at %s: got %s, want an object", at, show(got))
		}
		for _, k := range sortedKeys(w) {
			gv, present := g[k]
			if w[k] == Absent {
				if present {
					return fmt.Errorf("at %s.%s: got %s, want no such key", at, k, show(gv))
				}
				continue
			}
			if !present {
				return fmt.Errorf("at %s: key %q missing (want %s)", at, k, show(w[k]))
			}
			if err := match(path+"."+k, w[k], gv); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Errorf("at %s: got %s, want a list", at, show(got))
		}
		if len(g) != len(w) {
			return fmt.Errorf("at %s: got %d entries %s, want %d %s", at, len(g), show(g), len(w), show(w))
		}
		for i := range w {
			if err := match(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Errorf("at %s: got %s, want %s", at, show(got), show(want))
	}
	return nil
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// RenderView draws a view value of e's game with the report templates, as
// a report shows it, failing the test on a template error.
func RenderView(t testing.TB, e engine.Engine, v any) string {
	t.Helper()
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.DrawView(e.Name(), v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// HelpExample returns the orders of the example in e's Help: the lines
// after "  orders:", indented four spaces, as a player would copy them.
func HelpExample(t testing.TB, e engine.Engine) []orders.Item {
	t.Helper()
	h := e.Help()
	i := strings.Index(h, "  orders:\n")
	if i < 0 {
		t.Fatal("Help has no example")
	}
	var lines []string
	for _, l := range strings.Split(h[i+len("  orders:\n"):], "\n") {
		lines = append(lines, strings.TrimPrefix(l, "    "))
	}
	items, err := orders.ParseList([]byte(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// applyOpen puts the order lists of files, in the order written, on the
// table of an engine whose files go there as they arrive
// (engine.OpenOrders), each checked first as the host checks it.
func applyOpen(e engine.Engine, s engine.State, files map[string][]orders.Item, order []string) (engine.State, error) {
	oo, ok := e.(engine.OpenOrders)
	if !ok {
		return s, nil
	}
	for _, p := range order {
		items, ok := files[p]
		if !ok {
			continue
		}
		if err := e.Check(s, p, items); err != nil {
			return s, fmt.Errorf("orders of %s refused: %v", p, err)
		}
		var err error
		if s, err = oo.ApplyOpen(s, p, items); err != nil {
			return s, fmt.Errorf("orders of %s put on the table: %v", p, err)
		}
	}
	return s, nil
}

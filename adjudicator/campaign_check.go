package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
)

// campaignKeys are the keys of a campaign file, in the order the README
// documents them, with what each expects.
var campaignKeys = []struct {
	key, expects string
	kind         yaml.Kind // 0: a single value or nothing
}{
	{"id", "the game's id, e.g. bourse-1", yaml.ScalarNode},
	{"game", "the game's name: trader, singapore-1889, shanghai, old-shanghai or shanghai-trader", yaml.ScalarNode},
	{"options", "a mapping of the game's options, e.g. {sets: 2}", yaml.MappingNode},
	{"players", "a list of players, each {name: alice, email: alice@example.test}, {name: bob, bot: true} (or a bare name)", yaml.SequenceNode},
	{"observers", "a list of email addresses", yaml.SequenceNode},
	{"gm", "the GM's email address", yaml.ScalarNode},
	{"seed", "64 hex digits, or any text", yaml.ScalarNode},
	{"setup", "a mapping that fixes the game's layout", yaml.MappingNode},
	{"deadline", "a duration such as 72h, 3d or 90m", yaml.ScalarNode},
	{"reminder", "a duration such as 24h", yaml.ScalarNode},
	{"press", "off, public, private or grey", yaml.ScalarNode},
	{"grey_senders", "withheld (the default) or revealed", yaml.ScalarNode},
	{"grace", "a duration such as 12h", yaml.ScalarNode},
	{"civil_disorder", "a number of missed steps in a row, 0 for never", yaml.ScalarNode},
	{"civil_disorder_play", "defaults (the default) or bot: who plays a seat in civil disorder", yaml.ScalarNode},
	{"absence_max", "a duration such as 14d", yaml.ScalarNode},
	{"report_format", "html (the default: text, HTML and picture) or plain", yaml.ScalarNode},
	{"seats", "a number of seats, 4, or a range, 3-5 (taipan open)", yaml.ScalarNode},
	{"signup", "a duration such as 7d (taipan open)", yaml.ScalarNode},
	{"muster", "a duration such as 2d (taipan open)", yaml.ScalarNode},
	{"join", "a list of addresses or patterns such as *@club.test (taipan open)", yaml.SequenceNode},
	{"min_record", "a record a player needs, {games: 3, on_time: 90}, or a number of games (taipan open)", yaml.MappingNode},
	{"trusted_hosts", "a list of hosts' public keys (hex), whose signed records are taken (taipan open)", yaml.SequenceNode},
	{"start_fewer", "true or false (taipan open)", yaml.ScalarNode},
	{"substitutes", "open (the default) or approve", yaml.ScalarNode},
	{"seat_labels", "a list of what each seat is, in seat order, e.g. [British, French, Russian] (taipan open)", yaml.SequenceNode},
	{"seat_setup", "a key of setup the seat labels are written under, e.g. nationalities (taipan open)", yaml.ScalarNode},
}

// campaignError locates a mistake in a campaign file.
func campaignError(line int, key, format string, args ...any) *Error {
	where := "campaign file"
	if line > 0 {
		where += fmt.Sprintf(", line %d", line)
	}
	if key != "" {
		where += ", " + key
	}
	return Errorf(EINVALID, "%s: %s", where, fmt.Sprintf(format, args...))
}

// kindWord names what a YAML node is, for messages.
func kindWord(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		return "nothing"
	case n.Kind == yaml.ScalarNode:
		return fmt.Sprintf("%q", n.Value)
	}
	return "an alias"
}

// checkCampaignShape checks the form of a campaign file before it is
// decoded, so that every mistake is told in the file's own terms: the line,
// the key and what is expected (never a Go type).
func checkCampaignShape(doc *yaml.Node) error {
	root := doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return campaignError(root.Line, "", "a campaign file is a mapping of keys (id:, game:, players:, …), not %s", kindWord(root))
	}
	var names []string
	for _, k := range campaignKeys {
		names = append(names, k.key)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		idx := slices.IndexFunc(campaignKeys, func(c struct {
			key, expects string
			kind         yaml.Kind
		}) bool {
			return c.key == k.Value
		})
		if idx < 0 {
			hint := ""
			if near := nearest(k.Value, names); near != "" {
				hint = fmt.Sprintf("did you mean %q? ", near)
			}
			return campaignError(k.Line, "", "%q is not a campaign key; %sthe keys are %s", k.Value, hint, strings.Join(names, ", "))
		}
		if seen[k.Value] {
			return campaignError(k.Line, k.Value, "given twice")
		}
		seen[k.Value] = true
		want := campaignKeys[idx]
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue
		}
		if v.Kind != want.kind && !(k.Value == "min_record" && v.Kind == yaml.ScalarNode) {
			return campaignError(v.Line, k.Value, "expected %s, not %s", want.expects, kindWord(v))
		}
		switch k.Value {
		case "min_record":
			var m MinRecord
			if err := v.Decode(&m); err != nil {
				return campaignError(v.Line, k.Value, "%v", err)
			}
		case "trusted_hosts":
			for _, h := range v.Content {
				if _, err := ParsePublicKey(h.Value); err != nil {
					return campaignError(h.Line, k.Value, "%v", err)
				}
			}
		case "deadline", "reminder", "grace", "absence_max", "signup", "muster":
			if _, err := ParseDuration(v.Value); err != nil {
				return campaignError(v.Line, k.Value, "%v", err)
			}
		case "seats":
			if _, err := ParseSeatRange(v.Value); err != nil {
				return campaignError(v.Line, k.Value, "%v", err)
			}
		case "players":
			for j, p := range v.Content {
				field := fmt.Sprintf("players[%d]", j+1)
				switch p.Kind {
				case yaml.ScalarNode:
				case yaml.MappingNode:
					for m := 0; m+1 < len(p.Content); m += 2 {
						pk, pv := p.Content[m], p.Content[m+1]
						if pk.Value != "name" && pk.Value != "email" && pk.Value != "bot" {
							return campaignError(pk.Line, field, "%q is not a player key; a player has name, email and bot", pk.Value)
						}
						if pv.Kind != yaml.ScalarNode {
							return campaignError(pv.Line, field+"."+pk.Value, "expected a single value, not %s", kindWord(pv))
						}
						if pk.Value == "bot" && pv.Value != "true" && pv.Value != "false" {
							return campaignError(pv.Line, field+".bot", "expected true or false, not %s", kindWord(pv))
						}
					}
				default:
					return campaignError(p.Line, field, "expected {name: alice, email: alice@example.test} or a bare name, not %s", kindWord(p))
				}
			}
		case "observers":
			for j, o := range v.Content {
				if o.Kind != yaml.ScalarNode {
					return campaignError(o.Line, fmt.Sprintf("observers[%d]", j+1), "expected an email address, not %s", kindWord(o))
				}
			}
		}
	}
	return nil
}

// UnmarshalYAML reads a player as {name: alice, email: …} or as a bare name.
func (s *Seat) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		s.Name = n.Value
		return nil
	}
	type plain Seat
	return n.Decode((*plain)(s))
}

// nearest is the word of words closest to w (by edit distance, at most 2),
// or "".
func nearest(w string, words []string) string {
	best, bestD := "", 3
	for _, c := range words {
		if d := engine.EditDistance(strings.ToLower(w), c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// keyLines maps the keys of a campaign's options and setup, one level down,
// to their lines ("options" → 3, "options.sets" → 3), so that an engine's
// refusal of a key can name the line.
func keyLines(doc *yaml.Node) map[string]int {
	lines := map[string]int{}
	root := doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Value != "options" && k.Value != "setup" {
			continue
		}
		lines[k.Value] = k.Line
		for j := 0; v.Kind == yaml.MappingNode && j+1 < len(v.Content); j += 2 {
			lines[k.Value+"."+v.Content[j].Value] = v.Content[j].Line
		}
	}
	return lines
}

// setupError is the engine's refusal of the campaign, located in the file
// where it names a key of the options or the setup ("options: sets: …").
func (c *Campaign) setupError(err error) error {
	msg := err.Error()
	for _, part := range []string{"options", "setup"} {
		rest, ok := strings.CutPrefix(msg, part+": ")
		if !ok {
			continue
		}
		line := c.lines[part]
		if f := strings.Fields(rest); len(f) > 0 {
			if l, ok := c.lines[part+"."+strings.Trim(f[0], `":`)]; ok {
				line = l
			}
		}
		return campaignError(line, part, "%s", rest)
	}
	return Errorf(EINVALID, "campaign %s: %v", c.ID, err)
}

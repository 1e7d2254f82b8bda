package oldshanghai

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// putBack is where the Shanghai! goes back into the deck
// (old-shanghai-game.txt: "place the Shanghai card back in the deck
// anywhere they choose"; rules-analysis 2c O5). put-back: [RULE, ...],
// each {at: DEPTH | top | bottom | random | for next ..., if: CONDITION}.
var putBack verb = &putBackVerb{verbInfo{name: vPutBack, rule: `"Heart of Gold" (the Shanghai card back in the deck); rules-analysis 2c O5; OS-X3, OS-X4`}}

type putBackVerb struct{ verbInfo }

func (*putBackVerb) read(s *State, p int, it orders.Item, out *parsed) (err error) {
	out.standing.PutBack, err = s.parsePutRules(p, it)
	return err
}

func (s *State) parsePut(p int, it orders.Item, n *yaml.Node) (Put, error) {
	const how = "a position is top, bottom, random, a depth (1 = top), or for PLAYER / for next (where that player draws next if nobody skips)"
	if n != nil && n.Kind == yaml.MappingNode {
		keys, vals, _ := mapping(n)
		if len(keys) == 1 && keys[0] == "for" {
			t, _ := scalarText(vals[0])
			return s.putFor(p, it, t)
		}
		return Put{}, it.Errorf("%s", how)
	}
	t, ok := scalarText(n)
	if !ok {
		return Put{}, it.Errorf("%s", how)
	}
	switch norm(t) {
	case "top":
		return Put{Kind: "top"}, nil
	case "bottom":
		return Put{Kind: "bottom"}, nil
	case "random", "anywhere", "shuffle":
		return Put{Kind: "random"}, nil
	}
	if d, err := strconv.Atoi(t); err == nil {
		if d < 1 || d > 100 {
			return Put{}, it.Errorf("depth %d: the top card is depth 1, and the deck is never deeper than 100", d)
		}
		return Put{Kind: "depth", Depth: d}, nil
	}
	if rest, ok := strings.CutPrefix(t, "for "); ok {
		return s.putFor(p, it, rest)
	}
	return Put{}, it.Errorf("%q: %s", t, how)
}

func (s *State) putFor(p int, it orders.Item, who string) (Put, error) {
	if norm(who) == "next" || norm(who) == "left" {
		return Put{Kind: "for", Seat: -1}, nil
	}
	q, err := s.otherPlayer(p, it, strings.TrimSpace(who))
	if err != nil {
		return Put{}, err
	}
	return Put{Kind: "for", Seat: q}, nil
}

func (s *State) parsePutRules(p int, it orders.Item) ([]PutRule, error) {
	if !it.HasValue() {
		return nil, it.Errorf("write put-back: POSITION, or a list of {at: POSITION, if: CONDITION}")
	}
	if t, ok := scalarText(it.Value); ok && norm(t) == "ask" {
		return nil, nil
	}
	entries := []*yaml.Node{it.Value}
	if it.Value.Kind == yaml.SequenceNode {
		entries = it.Value.Content
	}
	var out []PutRule
	for _, e := range entries {
		if t, ok := scalarText(e); ok && norm(t) == "ask" {
			out = append(out, PutRule{At: Put{Kind: "ask"}})
			continue
		}
		keys, vals, ok := mapping(e)
		if !ok || (len(keys) == 1 && keys[0] == "for") {
			at, err := s.parsePut(p, it, e)
			if err != nil {
				return nil, err
			}
			out = append(out, PutRule{At: at})
			continue
		}
		var r PutRule
		hasAt := false
		for i, k := range keys {
			done, err := s.condKeys(p, it, k, vals[i], vPutBack, &r.Mode, &r.Cond)
			if err != nil {
				return nil, err
			}
			if done {
				continue
			}
			if k != "at" {
				return nil, it.Errorf("unknown key %q: a put-back rule is {at: POSITION, if: CONDITION}", k)
			}
			if r.At, err = s.parsePut(p, it, vals[i]); err != nil {
				return nil, err
			}
			hasAt = true
		}
		if !hasAt {
			return nil, it.Errorf("a put-back rule needs at: POSITION")
		}
		out = append(out, r)
	}
	return out, nil
}

// putDepth turns a position into a depth of the current deck; ok is false
// when the rule does not apply (its player is out).
func (s *State) putDepth(p int, at Put, r rng) (int, bool) {
	n := len(s.Deck)
	switch at.Kind {
	case "top":
		return 1, true
	case "bottom":
		return n + 1, true
	case "depth":
		return min(at.Depth, n+1), true
	case "random":
		if r == nil {
			return 1, true
		}
		return 1 + r.Intn(n+1), true
	case "for":
		q := at.Seat
		if q < 0 {
			q = s.next(s.Active)
		}
		if !s.in(q) {
			return 0, false
		}
		// The draws to come if nobody skips: the next player, and on.
		d, x := 1, s.next(s.Active)
		for x != q && d <= len(s.Players) {
			x, d = s.next(x), d+1
		}
		return min(d, n+1), true
	}
	return 0, false
}

// decidePut returns where p puts the Shanghai! back; ok is false to ask.
func (s *State) decidePut(p int, r rng) (depth int, src source, ok bool) {
	if a, has := s.answerOf(p); has {
		d, _ := s.putDepth(p, a.Put, r)
		return d, source{}, true
	}
	for i, rule := range s.Players[p].Orders.PutBack {
		if !s.holds(p, rule.Mode, rule.Cond) {
			continue
		}
		if rule.At.Kind == "ask" {
			return 0, source{}, false
		}
		if d, ok := s.putDepth(p, rule.At, r); ok {
			return d, source{p: p, verb: vPutBack, rule: i}, true
		}
	}
	return 0, source{}, false
}

func (s *State) putBackStage(r rng) {
	p := s.Sh.Putter
	depth := len(s.Deck) + 1
	if s.aliveCount() > 1 && s.in(p) {
		var src source
		var ok bool
		depth, src, ok = s.decidePut(p, r)
		if !ok {
			s.ask(p)
			return
		}
		s.fired(p, src, "put the Shanghai! back at depth ", strconv.Itoa(depth))
	}
	s.putBack(p, cShanghai, atTable, depth, "secret")
	s.sayText(s.name(p), " put the Shanghai! back into the deck.")
	s.tellText(p, s.name(p), " put the Shanghai! back at depth ", strconv.Itoa(depth), " of ", strconv.Itoa(len(s.Deck)), " (1 = top).")
	s.endTurn()
}

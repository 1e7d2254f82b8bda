package oldshanghai

import (
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// now is a one-off answer to the decision the game waits for
// (rules-analysis 2c; OS-X14). now: ANSWER.
var now verb = &nowVerb{verbInfo{name: vNow, rule: `rules-analysis 2c; OS-X1, OS-X14`, once: true}}

type nowVerb struct{ verbInfo }

func (*nowVerb) read(s *State, p int, it orders.Item, out *parsed) error {
	out.nowItem = it
	a, err := s.parseAnswer(p, it)
	out.now = &a
	return err
}

// clearOrders forgets every standing order (OS-X1). clear, alone (with
// now: at most).
var clearOrders verb = &clearVerb{verbInfo{name: vClear, rule: `OS-X1`}}

type clearVerb struct{ verbInfo }

func (*clearVerb) read(s *State, p int, it orders.Item, out *parsed) error {
	if it.HasValue() {
		return it.Errorf("clear takes no value")
	}
	return nil
}

// parseAnswer reads now: VALUE against the open decision.
func (s *State) parseAnswer(p int, it orders.Item) (answer, error) {
	a := answer{Target: -1}
	if !s.owes(p) || s.Stage == stReview {
		return a, it.Errorf("nothing is waiting for your answer now; leave now: out and give standing orders")
	}
	var key string
	var val *yaml.Node
	if keys, vals, ok := mapping(it.Value); ok && len(keys) == 1 {
		key, val = keys[0], vals[0]
	} else if t, ok := scalarText(it.Value); ok {
		key = t
		if x, y, cut := strings.Cut(t, " at "); cut {
			key, val = x, &yaml.Node{Kind: yaml.ScalarNode, Value: y}
		}
	} else {
		return a, it.Errorf("now: needs one answer; %s", s.question(p))
	}
	yes, no := false, false
	switch norm(key) {
	case "yes", "play", "true", "heart", "police", "heartofgold", "harborpolice":
		yes = true
	case "no", "pass", "decline", "false", "none", "never":
		no = true
	}
	switch s.Stage {
	case stTurn:
		switch norm(key) {
		case "draw":
			a.Play = "draw"
		default:
			c, ok := cardOf(key)
			if !ok || !c.skip() {
				return a, it.Errorf("%q: %s", key, s.question(p))
			}
			if s.count(p, c) == 0 {
				return a, it.Errorf("you hold no %s", c)
			}
			a.Play = c.ID()
			if c == cDrunken {
				t, _ := scalarText(val)
				if t == "" {
					return a, it.Errorf("say whom: now: {drunken-sailor: PLAYER}")
				}
				q, err := s.otherPlayer(p, it, t)
				if err != nil {
					return a, err
				}
				if !s.in(q) {
					return a, it.Errorf("%s is out of the game", s.name(q))
				}
				a.Target = q
			} else if val != nil {
				return a, it.Errorf("%s takes no target", c)
			}
		}
	case stKeep:
		c, ok := cardOf(key)
		if !ok || (c != s.Shell[0] && c != s.Shell[1]) {
			return a, it.Errorf("%q: keep one of the two cards you drew, %s or %s", key, s.Shell[0].ID(), s.Shell[1].ID())
		}
		a.Card = c
	case stHeart, stPolice:
		if !yes && !no {
			return a, it.Errorf("%q: %s", key, s.question(p))
		}
		// old-shanghai/3: naming the other card does not answer this
		// question (OS-X14).
		asked, other := "heart", "Harbor Police"
		if s.Stage == stPolice {
			asked, other = "police", "the Heart of Gold"
		}
		if k := norm(key); s.rules().NowMustAnswerQuestion && yes && k != "yes" && k != "play" && k != "true" && !strings.HasPrefix(k, asked) {
			return a, it.Errorf("%q does not answer this question, which is not about %s: %s", key, other, s.question(p))
		}
		a.Yes = yes
	case stFinish:
		switch norm(key) {
		case "boss":
			if s.count(p, cBoss) == 0 {
				return a, it.Errorf("you hold no Boss")
			}
			a.Yes, a.With = true, "boss"
		case "gangs", "gang", "pair":
			if _, ok := s.gangPair(p); !ok {
				return a, it.Errorf("you hold no matching pair of Rowing Gang cards")
			}
			a.Yes, a.With = true, "gangs"
		default:
			if c, ok := cardOf(key); ok && c.gang() {
				if s.count(p, c) < 2 {
					return a, it.Errorf("you hold fewer than two %s", c)
				}
				a.Yes, a.With = true, c.ID()
			} else if no {
				a.Yes = false
			} else if yes || norm(key) == "yes" {
				return a, it.Errorf("say with what: now: boss, now: gangs or now: GANG")
			} else {
				return a, it.Errorf("%q: %s", key, s.question(p))
			}
		}
	case stPutBack:
		put, err := s.parsePut(p, it, it.Value)
		if err != nil {
			return a, err
		}
		a.Put = put
	}
	return a, nil
}

// takeAnswer returns p's answer to the open decision, if any.
func (s *State) takeAnswer(p int) (answer, bool) {
	a, ok := s.answerOf(p)
	if ok {
		s.answers[p] = nil
	}
	return a, ok
}

// answerOf returns p's answer to the open decision, if any, leaving it
// there.
func (s *State) answerOf(p int) (answer, bool) {
	if p < 0 || p >= len(s.answers) || s.answers[p] == nil {
		return answer{}, false
	}
	return *s.answers[p], true
}

package oldshanghai

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// finish is finishing another player's Shanghai! (old-shanghai-game.txt:
// "another player ... help complete the Shanghai. Play a matching pair of
// Rowing Gang cards or a single Boss Card"): who this player finishes, and
// with what (rules-analysis 2c O6). finish: all | none | ask | PLAYER |
// [PLAYER, ...] | {who: ..., with: boss-first, if: CONDITION}.
var finish verb = &finishVerb{verbInfo{name: vFinish, rule: `"Rowing Gang", "Boss"; rules-analysis 2c O6; OS-X2, OS-X3`}}

type finishVerb struct{ verbInfo }

func (*finishVerb) read(s *State, p int, it orders.Item, out *parsed) (err error) {
	out.standing.Finish, err = s.parseFinish(p, it)
	return err
}

func (s *State) parseFinish(p int, it orders.Item) (*Finish, error) {
	const how = "write finish: all, none, ask, a player or a list of players, or {who: all, with: boss-first, if: CONDITION}; with is boss-first, gangs-first, boss or gangs"
	f := &Finish{With: "gangs-first"}
	if !it.HasValue() {
		return nil, it.Errorf("%s", how)
	}
	who := func(n *yaml.Node) error {
		if t, ok := scalarText(n); ok {
			switch norm(t) {
			case "all", "always", "anybody", "everybody", "any", "yes":
				f.Who = nil
				return nil
			case "none", "never", "nobody", "no":
				f.Never = true
				return nil
			}
		}
		var names []string
		if n.Kind == yaml.ScalarNode {
			names = []string{strings.TrimSpace(n.Value)}
		} else if n.Kind == yaml.SequenceNode {
			for _, e := range n.Content {
				if e.Kind != yaml.ScalarNode {
					return it.Errorf("who: list player names")
				}
				names = append(names, strings.TrimSpace(e.Value))
			}
		} else {
			return it.Errorf("%s", how)
		}
		for _, name := range names {
			q, err := s.otherPlayer(p, it, name)
			if err != nil {
				return err
			}
			f.Who = append(f.Who, q)
		}
		return nil
	}
	if t, ok := scalarText(it.Value); ok && (norm(t) == "ask" || norm(t) == "askme") {
		return nil, nil
	}
	keys, vals, ok := mapping(it.Value)
	if !ok {
		if err := who(it.Value); err != nil {
			return nil, err
		}
		return f, nil
	}
	for i, k := range keys {
		done, err := s.condKeys(p, it, k, vals[i], vFinish, &f.Mode, &f.Cond)
		if err != nil {
			return nil, err
		}
		if done {
			continue
		}
		switch k {
		case "who", "players", "against":
			if err := who(vals[i]); err != nil {
				return nil, err
			}
		case "with", "using":
			t, _ := scalarText(vals[i])
			switch norm(t) {
			case "bossfirst":
				f.With = "boss-first"
			case "gangsfirst", "gangfirst":
				f.With = "gangs-first"
			case "boss", "bossonly":
				f.With = "boss"
			case "gangs", "gang", "gangsonly":
				f.With = "gangs"
			default:
				return nil, it.Errorf("with: %q: write boss-first, gangs-first, boss or gangs", t)
			}
		default:
			return nil, it.Errorf("unknown key %q: %s", k, how)
		}
	}
	return f, nil
}

// otherPlayer resolves a player name written in p's orders.
func (s *State) otherPlayer(p int, it orders.Item, name string) (int, error) {
	q := s.seat(name)
	if q < 0 {
		for i, pl := range s.Players {
			if strings.EqualFold(pl.Name, name) {
				q = i
			}
		}
	}
	if q < 0 {
		names := make([]string, len(s.Players))
		for i, pl := range s.Players {
			names[i] = pl.Name
		}
		return -1, it.Errorf("%q is not a player: the players are %s%s", name, engine.AndList(names), s.playerHint(name))
	}
	if q == p {
		return -1, it.Errorf("%s is you", name)
	}
	return q, nil
}

// finishWith says what p's orders finish the current Shanghai! with:
// "boss", a gang id, or "" for not at all; ok is false when p must be
// asked. src is the order, the zero source for an answer.
func (s *State) finishWith(p int) (with string, src source, ok bool) {
	if a, has := s.answerOf(p); has {
		if !a.Yes {
			return "", source{}, true
		}
		return s.finishCards(p, a.With), source{}, true
	}
	f := s.Players[p].Orders.Finish
	if f == nil {
		return "", source{}, false
	}
	src = source{p: p, verb: vFinish}
	if f.Never || !s.holds(p, f.Mode, f.Cond) {
		return "", src, true
	}
	if len(f.Who) > 0 {
		found := false
		for _, q := range f.Who {
			found = found || q == s.Sh.Drawer
		}
		if !found {
			return "", src, true
		}
	}
	return s.finishCards(p, f.With), src, true
}

// finishCards picks p's finishing cards for a with-rule: "boss", a gang
// id, or "" when p holds nothing the rule allows.
func (s *State) finishCards(p int, with string) string {
	boss := s.count(p, cBoss) > 0
	gang, pair := s.gangPair(p)
	switch with {
	case "boss":
		if boss {
			return "boss"
		}
	case "gangs":
		if pair {
			return gang.ID()
		}
	case "boss-first":
		if boss {
			return "boss"
		}
		if pair {
			return gang.ID()
		}
	case "gangs-first":
		if pair {
			return gang.ID()
		}
		if boss {
			return "boss"
		}
	default:
		if c, ok := cardOf(with); ok && c.gang() && s.count(p, c) >= 2 {
			return c.ID()
		}
	}
	return ""
}

// gangPair returns the Rowing Gang p holds most of (at least two; the
// first in data order on ties).
func (s *State) gangPair(p int) (Card, bool) {
	best, n := Card(0), 1
	for c := Card(0); c < numCards; c++ {
		if c.gang() && s.count(p, c) > n {
			best, n = c, s.count(p, c)
		}
	}
	return best, n >= 2
}

func (s *State) canFinish(p int) bool {
	_, pair := s.gangPair(p)
	return pair || s.count(p, cBoss) > 0
}

// finishStage offers the Shanghai! to the others, clockwise from the
// drawer's left (OS-A4); those whose orders do not say are asked together.
func (s *State) finishStage(r rng) {
	d := s.Sh.Drawer
	type pick struct {
		seat int
		with string
		src  source
	}
	// Room for six players on the stack: the stage is played at every
	// Shanghai!.
	var pickRoom [6]pick
	var askRoom [6]int
	picks, asks := pickRoom[:0], askRoom[:0]
	win := -1
	for q := s.next(d); q != d && q >= 0; q = s.next(q) {
		if !s.rules().AskEveryone && !s.canFinish(q) {
			continue
		}
		with, src, ok := s.finishWith(q)
		if !ok {
			// old-shanghai/2 asks those who hold finishing cards, before
			// the first standing order that finishes; old-shanghai/3
			// everybody whose orders do not say, wherever they sit and
			// whatever they hold, so that the question shows no hand.
			asks = append(asks, q)
			continue
		}
		if win >= 0 || !s.canFinish(q) {
			continue
		}
		picks = append(picks, pick{q, with, src})
		if with != "" {
			win = q
			if !s.rules().AskEveryone {
				break
			}
		}
	}
	if len(asks) > 0 {
		s.ask(slices.Clone(asks)...)
		return
	}
	for _, pk := range picks {
		if pk.with == "" {
			s.fired(pk.seat, pk.src, "do not finish ", s.name(d))
		} else {
			s.fired(pk.seat, pk.src, "finish ", s.name(d), " with ", finishName(pk.with))
		}
	}
	if win < 0 {
		s.say("Nobody finished the Shanghai!: it fails.")
		s.Sh.Outcome, s.Sh.Putter = "failed", d
		s.Stage = stPutBack
		return
	}
	with := picks[len(picks)-1].with
	s.Sh.Shanghaier = win
	if with == "boss" {
		s.play(win, cBoss, atTable)
		s.Sh.With = []Card{cBoss}
	} else {
		c, _ := cardOf(with)
		s.play(win, c, atTable)
		s.play(win, c, atTable)
		s.Sh.With = []Card{c, c}
	}
	s.sayText(s.name(win), " put down ", finishName(with), " against ", s.name(d), " and is the Shanghaier.")
	s.Stage = stPolice
}

func finishName(with string) string {
	if with == "boss" {
		return "a Boss"
	}
	c, _ := cardOf(with)
	return "a pair of " + c.String()
}

// returnFinishers discards the gangs and returns a Boss to the deck:
// bottom (OS-A1), or with the option boss_return: top-then-cut, on top
// and the deck cut.
func (s *State) returnFinishers(r rng) {
	sh := s.Sh.Shanghaier
	for _, c := range s.Sh.With {
		if c != cBoss {
			s.tableToDiscard(c)
			continue
		}
		if s.BossReturn == "top-then-cut" {
			s.putBack(sh, c, atTable, 1, "public")
			n := len(s.Deck)
			k := 0
			if n > 1 && r != nil {
				k = 1 + r.Intn(n-1)
			}
			s.cut(k)
			s.say("The Boss goes back on top of the deck, and the deck is cut: whatever anyone knew of the deck is lost.")
			continue
		}
		s.putBack(sh, c, atTable, len(s.Deck)+1, "public")
		s.say("The Boss goes to the bottom of the deck.")
	}
}

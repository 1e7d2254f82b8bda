package oldshanghai

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// skip is what a player does at their turn instead of drawing
// (old-shanghai-game.txt: "Drink Up! You play this card instead of
// drawing", Old Shell-Back, Drunken Sailor; "you can't play a card after
// you draw, only before"; rules-analysis 2c O1, O2). skip: [RULE, ...],
// each {play: CARD, at: PLAYER, if: CONDITION}, or draw.
var skip verb = &skipVerb{verbInfo{name: vSkip, rule: `"Drink Up!", "Old Shell-Back", "Drunken Sailor"; rules-analysis 2c O1, O2; OS-X2`}}

type skipVerb struct{ verbInfo }

func (*skipVerb) read(s *State, p int, it orders.Item, out *parsed) (err error) {
	out.standing.Skip, err = s.parseSkip(p, it)
	return err
}

func (s *State) parseSkip(p int, it orders.Item) ([]SkipRule, error) {
	const how = "a skip rule is draw, ask, drink-up, shell-back, drunken-sailor at PLAYER, or {play: CARD, at: TARGET, if: CONDITION}"
	if !it.HasValue() {
		return nil, it.Errorf("%s", how)
	}
	entries := []*yaml.Node{it.Value}
	if it.Value.Kind == yaml.SequenceNode {
		entries = it.Value.Content
	}
	var out []SkipRule
	for _, e := range entries {
		var r SkipRule
		play, at := "", ""
		if t, ok := scalarText(e); ok {
			play = t
			if a, b, cut := strings.Cut(t, " at "); cut {
				play, at = a, b
			}
		} else {
			keys, vals, ok := mapping(e)
			if !ok {
				return nil, it.Errorf("%s", how)
			}
			for i, k := range keys {
				done, err := s.condKeys(p, it, k, vals[i], vSkip, &r.Mode, &r.Cond)
				if err != nil {
					return nil, err
				}
				if done {
					continue
				}
				t, _ := scalarText(vals[i])
				switch k {
				case "play":
					play = t
				case "at", "against", "target":
					at = t
				default:
					return nil, it.Errorf("unknown key %q: %s", k, how)
				}
			}
		}
		switch norm(play) {
		case "draw":
			r.Play = "draw"
		case "ask", "askme":
			r.Play = "ask"
		default:
			c, ok := cardOf(play)
			if !ok || !c.skip() {
				return nil, it.Errorf("%q: %s%s", play, how, skipPlayHint(play))
			}
			r.Play = c.ID()
		}
		if r.Play == cDrunken.ID() {
			if at == "" {
				return nil, it.Errorf("say whom to play the Drunken Sailor against: at PLAYER, left, right, most-cards or fewest-cards")
			}
			t, err := s.parseTarget(p, it, at)
			if err != nil {
				return nil, err
			}
			r.Target = t
		} else if at != "" {
			return nil, it.Errorf("only a Drunken Sailor is played at a player")
		}
		out = append(out, r)
	}
	return out, nil
}

func (s *State) parseTarget(p int, it orders.Item, at string) (Target, error) {
	switch norm(at) {
	case "left", "next":
		return Target{Kind: "left"}, nil
	case "right", "previous":
		return Target{Kind: "right"}, nil
	case "mostcards", "most":
		return Target{Kind: "most-cards"}, nil
	case "fewestcards", "fewest", "leastcards":
		return Target{Kind: "fewest-cards"}, nil
	}
	q, err := s.otherPlayer(p, it, at)
	if err != nil {
		return Target{}, err
	}
	return Target{Kind: "seat", Seat: q}, nil
}

// target resolves a Drunken Sailor target for p; ok is false when nobody
// fits.
func (s *State) target(p int, t Target) (int, bool) {
	switch t.Kind {
	case "seat":
		return t.Seat, s.in(t.Seat) && t.Seat != p
	case "left":
		q := s.next(p)
		return q, q >= 0 && q != p
	case "right":
		q := s.prev(p)
		return q, q >= 0 && q != p
	}
	best := -1
	for q := s.next(p); q != p && q >= 0; q = s.next(q) {
		n := len(s.Players[q].Hand)
		if best < 0 || (t.Kind == "most-cards" && n > len(s.Players[best].Hand)) || (t.Kind == "fewest-cards" && n < len(s.Players[best].Hand)) {
			best = q
		}
	}
	return best, best >= 0
}

// decideSkip returns p's choice before drawing: draw or a skip card (with
// its target); ok is false to ask.
func (s *State) decideSkip(p int) (play string, tgt int, src source, ok bool) {
	if a, has := s.answerOf(p); has {
		return a.Play, a.Target, source{}, true
	}
	for i, r := range s.Players[p].Orders.Skip {
		if !s.holds(p, r.Mode, r.Cond) {
			continue
		}
		src := source{p: p, verb: vSkip, rule: i}
		switch r.Play {
		case "draw":
			return "draw", -1, src, true
		case "ask":
			return "", -1, source{}, false
		}
		c, _ := cardOf(r.Play)
		if s.count(p, c) == 0 {
			continue
		}
		if c == cDrunken {
			q, ok := s.target(p, r.Target)
			if !ok {
				continue
			}
			return r.Play, q, src, true
		}
		return r.Play, -1, src, true
	}
	if s.rules().AskEveryone {
		// AskEveryone (old-shanghai/3): without a rule that applies (or
		// without skip orders) you draw; only an ask rule asks (OS-X2).
		return "draw", -1, source{}, true
	}
	return "", -1, source{}, false
}

func (s *State) holdsSkip(p int) bool {
	for _, c := range s.Players[p].Hand {
		if c.skip() {
			return true
		}
	}
	return false
}

func (s *State) turnStart(r rng) {
	if s.aliveCount() <= 1 {
		s.gameOver("")
		return
	}
	if s.Quiet >= s.Stalemate {
		s.gameOver(fmt.Sprintf("%s without a Shanghai! succeeding: the sailors still in share the win (stalemate rule)", count(s.Quiet, "turn")))
		return
	}
	if s.Review || (s.RoundTurns > 0 && s.Since >= s.RoundTurns) {
		s.Review, s.Since = false, 0
		s.Stage = stReview
		s.ask(s.alive()...)
		return
	}
	if !s.in(s.Active) {
		s.Active = s.next(s.Active) // the GM removed the player
	}
	p := s.Active
	play, q := "draw", -1
	// Without AskEveryone (old-shanghai/2) it decides (and asks) only for
	// a holder of a skip card; with it for everybody, so that a pause
	// never shows a hand.
	if s.rules().AskEveryone || s.holdsSkip(p) {
		_, answered := s.answerOf(p)
		var src source
		var ok bool
		play, q, src, ok = s.decideSkip(p)
		if !ok {
			s.ask(p)
			return
		}
		what := [4]string{"draw"}
		if play != "draw" {
			c, _ := cardOf(play)
			what = [4]string{"play ", c.String()}
			if q >= 0 {
				what[2], what[3] = " against ", s.name(q)
			}
		}
		if answered || src.verb != "" || !s.rules().AskEveryone {
			s.fired(p, src, what[:]...)
		}
	}
	s.sayText("Turn ", strconv.Itoa(s.Turn+1), ": ", s.name(p), "'s turn.")
	switch play {
	case "draw":
		s.draw(p)
	case cDrinkUp.ID():
		s.play(p, cDrinkUp, atDiscard)
		s.sayText(s.name(p), " played Drink Up! instead of drawing.")
		s.endTurn()
	case cShellBack.ID():
		s.play(p, cShellBack, atDiscard)
		s.sayText(s.name(p), " played Old Shell-Back: draws two cards and puts one back on top.")
		for i := 0; i < 2 && len(s.Deck) > 0; i++ {
			s.Shell = append(s.Shell, s.peekDraw(p))
		}
		s.tell(p, "%s drew %s with Old Shell-Back.", s.name(p), cardNames(s.Shell))
		switch len(s.Shell) {
		case 0:
			s.endTurn()
			return
		case 1:
			s.keep(p, s.Shell[0])
			return
		}
		s.Stage = stKeep
	case cDrunken.ID():
		s.play(p, cDrunken, atDiscard)
		s.say("%s played Drunken Sailor against %s.", s.name(p), s.name(q))
		if c, ok := s.take(p, q, r); ok {
			s.say("%s took a card from %s's hand.", s.name(p), s.name(q))
			s.tellTwo(p, q, "%s took %s from %s.", s.name(p), c, s.name(q))
		} else {
			s.say("%s has no cards to take.", s.name(q))
		}
		s.say("%s draws in %s's place; play then goes on from %s's left.", s.name(q), s.name(p), s.name(p))
		s.draw(q)
	}
}

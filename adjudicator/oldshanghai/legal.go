package oldshanghai

import "taipan/adjudicator/engine"

var _ engine.Optioner = Engine{}

// Options lists what the open step asks of player: in a standing-order
// round, the simple forms of the standing orders (each optional; conditions
// and skip rules are written in the order file); at a question, its
// answers (now:). Answers such as a skip card to play come from the
// player's own hand, so the list is theirs only. A player the step does
// not wait for gets nil: their standing orders are written in the file.
func (e Engine) Options(as engine.State, player string) []engine.Decision {
	s := state(as)
	p := s.seat(player)
	if s.Stage == stOver || !s.owes(p) {
		return nil
	}
	check := engine.Checker(e, s, player)
	var others []string
	for _, q := range s.alive() {
		if q != p {
			others = append(others, s.name(q))
		}
	}
	choices := func(verb string, values ...string) []engine.Choice {
		var out []engine.Choice
		for _, v := range values {
			out = append(out, engine.Choice{Order: verb + ": " + v})
		}
		return engine.KeepLegal(check, nil, out)
	}
	if s.Stage == stReview {
		const left = "ask (but an empty file keeps all your standing orders)"
		var ds []engine.Decision
		for _, d := range []engine.Decision{
			{Name: vHeart, Prompt: "play your Heart of Gold when you draw a Shanghai!", Choices: choices(vHeart, "always", "never", "ask")},
			{Name: vPolice, Prompt: "play Harbor Police when your Shanghai! is finished", Choices: choices(vPolice, "always", "never", "ask")},
			{Name: vFinish, Prompt: "finish another player's Shanghai!", Choices: choices(vFinish, append([]string{"all", "none", "ask"}, others...)...)},
			{Name: vPutBack, Prompt: "where you put a Shanghai! back", Choices: choices(vPutBack, append([]string{"random", "top", "bottom", "ask", "for next"}, prefix("for ", others)...)...)},
			{Name: vSkip, Prompt: "before each of your draws", Choices: []engine.Choice{{Order: vSkip + ": [draw]", Text: "draw"}, {Order: vSkip + ": [ask]", Text: "ask me each time"}}},
		} {
			d.Optional, d.Default = true, left
			if d.Name == vSkip {
				d.Default = "draw"
			}
			if d.Choices = engine.KeepLegal(check, nil, d.Choices); len(d.Choices) > 0 {
				ds = append(ds, d)
			}
		}
		return ds
	}
	var answers []string
	switch s.Stage {
	case stTurn:
		answers = append([]string{"draw"}, cDrinkUp.ID(), cShellBack.ID())
		for _, o := range others {
			answers = append(answers, "{"+cDrunken.ID()+": "+o+"}")
		}
	case stKeep:
		answers = []string{s.Shell[0].ID(), s.Shell[1].ID()}
	case stHeart, stPolice:
		answers = []string{"yes", "no"}
	case stFinish:
		answers = []string{"no", "boss", "gangs"}
		for c := Card(0); c < numCards; c++ {
			if c.gang() {
				answers = append(answers, c.ID())
			}
		}
	case stPutBack:
		answers = append([]string{"random", "top", "bottom", "for next"}, prefix("for ", others)...)
	}
	return []engine.Decision{{Name: vNow, Prompt: s.questionShort(), Choices: choices(vNow, answers...)}}
}

// prefix puts p before each of words.
func prefix(p string, words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = p + w
	}
	return out
}

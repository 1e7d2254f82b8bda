package oldshanghai

import (
	"strconv"
	"strings"
)

// The standing orders written back as players write them, for views and
// happenings. Players are named by their current names.

func (s *State) condString(mode string, c Cond) string {
	if mode == "" || len(c) == 0 {
		return ""
	}
	parts := make([]string, len(c))
	for i, a := range c {
		parts[i] = s.atomString(a)
	}
	return mode + ": " + strings.Join(parts, " and ")
}

func (s *State) atomString(a Atom) string {
	var t string
	switch a.Kind {
	case "top":
		t = "top " + a.What
		if a.What == "card" {
			t = "top " + a.Card.ID()
		}
	case "within":
		t = "shanghai within " + strconv.Itoa(a.N)
	case "have":
		switch {
		case a.Op == "<" && a.N == 1:
			t = "no " + a.Card.ID()
		case a.N == 1:
			t = "have " + a.Card.ID()
		default:
			t = "have " + strconv.Itoa(a.N) + " " + a.Card.ID()
		}
	case "hand", "deck", "players":
		t = a.Kind + " " + a.Op + " " + strconv.Itoa(a.N)
	case "drawer", "shanghaier":
		w := a.What
		if w == "seat" {
			w = s.name(a.Seat)
		}
		t = a.Kind + " " + w
	case "by":
		t = "by " + a.What
		if a.What == "gang" {
			t = "by gangs"
		}
	}
	if a.Not {
		t = "not " + t
	}
	return t
}

func (s *State) yesNoString(y *YesNo) string {
	if y == nil {
		return "ask"
	}
	if y.Mode == "always" || y.Mode == "never" {
		return y.Mode
	}
	return "{" + s.condString(y.Mode, y.Cond) + "}"
}

func (s *State) finishString(f *Finish) string {
	if f == nil {
		return "ask"
	}
	if f.Never {
		return "none"
	}
	who := "all"
	if len(f.Who) > 0 {
		names := make([]string, len(f.Who))
		for i, q := range f.Who {
			names[i] = s.name(q)
		}
		who = "[" + strings.Join(names, ", ") + "]"
	}
	out := "{who: " + who + ", with: " + f.With
	if c := s.condString(f.Mode, f.Cond); c != "" {
		out += ", " + c
	}
	return out + "}"
}

func (s *State) putString(at Put) string {
	switch at.Kind {
	case "depth":
		return strconv.Itoa(at.Depth)
	case "for":
		if at.Seat < 0 {
			return "for next"
		}
		return "for " + s.name(at.Seat)
	}
	return at.Kind
}

func (s *State) putRuleString(r PutRule) string {
	c := s.condString(r.Mode, r.Cond)
	if c == "" {
		return s.putString(r.At)
	}
	return "{at: " + s.putString(r.At) + ", " + c + "}"
}

func (s *State) skipString(r SkipRule) string {
	at := ""
	if r.Play == cDrunken.ID() {
		at = r.Target.Kind
		if at == "seat" {
			at = s.name(r.Target.Seat)
		}
	}
	c := s.condString(r.Mode, r.Cond)
	switch {
	case c == "" && at == "":
		return r.Play
	case c == "":
		return r.Play + " at " + at
	case at == "":
		return "{play: " + r.Play + ", " + c + "}"
	}
	return "{play: " + r.Play + ", at: " + at + ", " + c + "}"
}

// standingLines is p's standing orders, one per line, as written.
func (s *State) standingLines(p int) []string {
	o := s.Players[p].Orders
	lines := []string{
		"heart: " + s.yesNoString(o.Heart),
		"police: " + s.yesNoString(o.Police),
		"finish: " + s.finishString(o.Finish),
	}
	if len(o.PutBack) == 0 {
		lines = append(lines, "put-back: ask")
	} else {
		parts := make([]string, len(o.PutBack))
		for i, r := range o.PutBack {
			parts[i] = s.putRuleString(r)
		}
		lines = append(lines, "put-back: ["+strings.Join(parts, ", ")+"]")
	}
	if len(o.Keep) == 0 {
		lines = append(lines, "keep: ask")
	} else {
		lines = append(lines, "keep: "+cardIDs(o.Keep))
	}
	switch {
	case len(o.Skip) == 0 && s.rules().AskEveryone:
		lines = append(lines, "skip: draw (none given)")
	case len(o.Skip) == 0:
		lines = append(lines, "skip: ask")
	default:
		parts := make([]string, len(o.Skip))
		for i, r := range o.Skip {
			parts[i] = s.skipString(r)
		}
		lines = append(lines, "skip: ["+strings.Join(parts, ", ")+"]")
	}
	return lines
}

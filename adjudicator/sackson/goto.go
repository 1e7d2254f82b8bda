package sackson

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// goTo is where the winner of the bidding puts Lang-Tsu ("a. Bidding": one
// of the four arrowed destinations; 3c S3): go: [DEST, ...], ranked, the
// first among the round's options counting (SS-X3).
var goTo verb = &goVerb{verbInfo{name: verbGo, rule: `"a. Bidding" (the winner moves Lang-Tsu); rules-analysis 3c S3; SS-A7, SS-X3`}}

type goVerb struct{ verbInfo }

func (*goVerb) read(s *State, seat int, it orders.Item, p *plan) error {
	list, err := it.Strings()
	if err != nil {
		return err
	}
	if len(list) == 1 && strings.Contains(list[0], ",") {
		list = strings.Split(list[0], ",")
	}
	var unknown []string
	for _, t := range list {
		d := destIndex(t)
		switch {
		case d < 0:
			unknown = append(unknown, strconv.Quote(strings.TrimSpace(t))+destGuess(t))
		case s.isOption(d):
			p.goList = append(p.goList, d)
		}
	}
	if len(unknown) > 0 {
		return it.Errorf("%s: not a destination; write its number or its name: %s", engine.AndList(unknown), destList())
	}
	if len(p.goList) == 0 {
		return it.Errorf("Lang-Tsu can go only to %s this round (he is at the %s)", s.optionsText(), destName(s.LangTsu))
	}
	return nil
}

// decision offers the round's four options.
func (*goVerb) decision(s *State, seat int) (engine.Decision, []engine.Choice) {
	var dests []engine.Choice
	for _, d := range options(s.LangTsu) {
		dests = append(dests, engine.Choice{Order: verbGo + ": " + strconv.Itoa(d), Text: "Lang-Tsu goes to the " + destName(d)})
	}
	return engine.Decision{Name: verbGo, Prompt: "where Lang-Tsu goes if you place him", Default: "the first of the four options"}, dests
}

func (*goVerb) fill(s *State, seat int, p *plan, given bool) string {
	if given {
		return ""
	}
	return fmt.Sprintf("go: not given: should you place Lang-Tsu, he goes where your plan scores most: the %s as things stand.", destName(s.destination(seat, p)))
}

// placeLangTsu puts Lang-Tsu where chooser's plan takes him, or, with
// nobody to place him, where the draw among the four arrows sends him
// (SS-A7; why says how nobody came to place him).
func (s *State) placeLangTsu(chooser int, plans []plan, why string, log *RoundLog, rng *engine.Rand, hs *[]engine.Happening) {
	if chooser >= 0 {
		s.LangTsu = s.destination(chooser, &plans[chooser])
		*hs = append(*hs, hap("%s takes Lang-Tsu to the %s.", s.name(chooser), destName(s.LangTsu)))
	} else {
		opts := options(s.LangTsu)
		s.LangTsu = opts[rng.Intn(len(opts))]
		*hs = append(*hs, hap("%s: the draw sends him to the %s. No event card this round.", why, destName(s.LangTsu)))
	}
	log.Chooser, log.To = chooser, s.LangTsu
	s.Determiner = chooser
}

// destination is where seat takes Lang-Tsu under plan p: the first of its
// go list, else (SS-X3) the option where its plan scores most, the first
// in arrow order on ties.
func (s *State) destination(seat int, p *plan) int {
	if len(p.goList) > 0 {
		return p.goList[0]
	}
	o := options(s.LangTsu)
	best, pts := o[0], -1
	for _, d := range o {
		if n := s.points(s.cardsFor(seat, p, d)); n > pts {
			best, pts = d, n
		}
	}
	return best
}

func (s *State) optionsText() string {
	o := options(s.LangTsu)
	words := make([]string, len(o))
	for i, d := range o {
		words[i] = destName(d)
	}
	return strings.Join(words[:3], ", ") + " or " + words[3]
}

// isOption reports whether d is one of this round's four options.
func (s *State) isOption(d int) bool {
	for _, o := range options(s.LangTsu) {
		if o == d {
			return true
		}
	}
	return false
}

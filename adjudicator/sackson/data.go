package sackson

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
)

//go:embed data.yaml
var dataYAML []byte

// timeOfDay is one box of the time-of-day table.
type timeOfDay struct {
	Name   string `yaml:"name"`   // sun, tea, face, rice, temple, moon
	Label  string `yaml:"label"`  // early morning, forenoon, ...
	Double bool   `yaml:"double"` // points count twice (red symbols)
}

// cardData is one destination card as printed.
type cardData struct {
	ID     string `yaml:"id"`     // "13-0"
	Values []int  `yaml:"values"` // per time of day, before doubling

	dest int // destination number 1..13, from the id
}

// eventData is one event card.
type eventData struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Effect string `yaml:"effect"`
	N      int    `yaml:"n"`
	Text   string `yaml:"text"`
}

// Event effects (data.yaml).
const (
	effMove      = "move"
	effUp        = "up"
	effDown      = "down"
	effSwapFirst = "swap-first"
	effSwapLast  = "swap-last"
	effJunk      = "junk"
	effOthers    = "others"
	effSignal    = "signal"
	effNone      = "none"
)

// components is the parsed form of data.yaml. It is built once at start-up
// and never modified.
type components struct {
	Times        []timeOfDay `yaml:"times"`
	Limit        int         `yaml:"limit"`
	LimitDouble  int         `yaml:"limit_double"`
	Destinations []string    `yaml:"destinations"`
	Arrows       []int       `yaml:"arrows"`
	Cards        []cardData  `yaml:"cards"`
	Events       []eventData `yaml:"events"`
	Hand         map[int]int `yaml:"hand"`
	Money        int         `yaml:"money"`
	BidStep      int         `yaml:"bid_step"`
	Penalty      int         `yaml:"penalty"`
	CardPrice    int         `yaml:"card_price"`
	Track        int         `yaml:"track"`
	JunkStart    int         `yaml:"junk_start"`
	JunkMax      int         `yaml:"junk_max"`
	QuietRounds  int         `yaml:"quiet_rounds"`
	cardByID     map[string]Card
	eventByID    map[string]int
	cardsOf      [][]Card // per destination number (index 0 unused), in data order
	destNames    []string // destName per destination number (index 0 unused)
	timeNames    []string // timeName per time of day
}

// data holds the embedded components (read-only after init).
var data = mustLoad(dataYAML)

func mustLoad(b []byte) *components {
	var c components
	engine.MustLoadData("sackson", b, &c)
	fail := func(format string, args ...any) {
		panic("sackson: data.yaml: " + fmt.Sprintf(format, args...))
	}
	if len(c.Times) != 6 || len(c.Destinations) != 13 || len(c.Arrows) != 4 {
		fail("need 6 times, 13 destinations and 4 arrows")
	}
	if len(c.Cards) != 64 || len(c.Events) != 16 {
		fail("need 64 destination cards and 16 event cards")
	}
	c.cardByID = map[string]Card{}
	c.cardsOf = make([][]Card, len(c.Destinations)+1)
	for i := range c.Cards {
		cd := &c.Cards[i]
		d, _, ok := strings.Cut(cd.ID, "-")
		n, err := strconv.Atoi(d)
		if !ok || err != nil || n < 1 || n > len(c.Destinations) {
			fail("card id %q is not DESTINATION-K", cd.ID)
		}
		if _, dup := c.cardByID[cd.ID]; dup {
			fail("card %s twice", cd.ID)
		}
		if len(cd.Values) != len(c.Times) {
			fail("card %s needs one value per time of day", cd.ID)
		}
		cd.dest = n
		c.cardByID[cd.ID] = Card(i)
		c.cardsOf[n] = append(c.cardsOf[n], Card(i))
	}
	c.destNames = make([]string, len(c.Destinations)+1)
	for d := 1; d <= len(c.Destinations); d++ {
		c.destNames[d] = c.Destinations[d-1] + " (" + strconv.Itoa(d) + ")"
	}
	for _, x := range c.Times {
		name := "the " + x.Name + " (" + x.Label + ")"
		if x.Double {
			name = "the " + x.Name + " (" + x.Label + ", points double)"
		}
		c.timeNames = append(c.timeNames, name)
	}
	for d := 1; d <= len(c.Destinations); d++ {
		if len(c.cardsOf[d]) < c.Limit {
			fail("destination %d has fewer cards than may be played at once", d)
		}
	}
	// The rulebook's example: the scribe's card 6 / 2x5 / 3 / 1.
	if v := c.Cards[c.cardByID["13-0"]].Values; v[0] != 6 || v[1] != 5 || v[3] != 3 || v[5] != 1 {
		fail("card 13-0 is not the rulebook's scribe card")
	}
	c.eventByID = map[string]int{}
	for i, e := range c.Events {
		switch e.Effect {
		case effMove, effUp, effDown, effSwapFirst, effSwapLast, effJunk, effOthers, effSignal, effNone:
		default:
			fail("event %s: unknown effect %q", e.ID, e.Effect)
		}
		if _, dup := c.eventByID[e.ID]; dup {
			fail("event %s twice", e.ID)
		}
		c.eventByID[e.ID] = i
	}
	for n := 3; n <= 6; n++ {
		if c.Hand[n] == 0 {
			fail("no hand size for %d players", n)
		}
	}
	return &c
}

// destName is "teahouse (8)".
func destName(d int) string {
	if d < 1 || d > len(data.Destinations) {
		return "? (" + strconv.Itoa(d) + ")"
	}
	return data.destNames[d]
}

// destList lists the destinations by number and name, for messages:
// "1 harbour master, 2 water carrier, ... 13 scribe".
func destList() string {
	words := make([]string, len(data.Destinations))
	for i, name := range data.Destinations {
		words[i] = strconv.Itoa(i+1) + " " + name
	}
	return strings.Join(words, ", ")
}

// destIndex reads a destination number 1..13 or name (any case), or -1.
func destIndex(text string) int {
	t := strings.TrimSpace(text)
	if n, err := strconv.Atoi(t); err == nil {
		if n >= 1 && n <= len(data.Destinations) {
			return n
		}
		return -1
	}
	t = strings.Join(strings.Fields(strings.ReplaceAll(t, "_", " ")), " ")
	for i, name := range data.Destinations {
		if strings.EqualFold(name, t) || strings.EqualFold(strings.ReplaceAll(name, "-", " "), t) {
			return i + 1
		}
	}
	return -1
}

// options are the four destinations the disc's arrows point at from p
// (SS-G3), in arrow order.
func options(p int) [4]int {
	var out [4]int
	n := len(data.Destinations)
	for i, a := range data.Arrows {
		out[i] = (p-1+a)%n + 1
	}
	return out
}

// limit is how many cards of one destination may be played at time t.
func limit(t int) int {
	if data.Times[t].Double {
		return data.LimitDouble
	}
	return data.Limit
}

// mult is the factor the printed values count at time t.
func mult(t int) int {
	if data.Times[t].Double {
		return 2
	}
	return 1
}

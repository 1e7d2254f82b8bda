package oldshanghai

import (
	_ "embed"
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
)

//go:embed data.yaml
var dataYAML []byte

// cardData is one kind of card of data.yaml.
type cardData struct {
	ID    string `yaml:"id"`
	Name  string `yaml:"name"`
	Count int    `yaml:"count"`
	Skip  bool   `yaml:"skip"`
	Gang  bool   `yaml:"gang"`
}

// components is the parsed form of data.yaml. It is built once at start-up
// and never modified.
type components struct {
	Cards      []cardData `yaml:"cards"`
	Hand       int        `yaml:"hand"`
	MinPlayers int        `yaml:"min_players"`
	MaxPlayers int        `yaml:"max_players"`
	Stalemate  int        `yaml:"stalemate"`
	RoundTurns int        `yaml:"round_turns"`

	byName map[string]Card // normalised id and name → card, built by mustLoad
	// quotedID is each card's id as a JSON string, built by mustLoad: the
	// digest of every step writes every card of the state.
	quotedID [numCards]string
}

// data holds the embedded components (read-only after init).
var data = mustLoad(dataYAML)

// The card kinds the rules name. mustLoad checks that data.yaml lists
// them in this order.
const (
	cShanghai Card = iota
	cHeart
	cDrinkUp
	cShellBack
	cDrunken
	cSouthenders
	cSydney
	cDragons
	cBoss
	cPolice
	numCards
)

var wantIDs = [numCards]string{"shanghai", "heart", "drink-up", "shell-back", "drunken-sailor", "southenders", "sydney-cove", "dragons", "boss", "police"}

func mustLoad(b []byte) *components {
	var c components
	engine.MustLoadData("oldshanghai", b, &c)
	if len(c.Cards) != int(numCards) {
		panic("oldshanghai: data.yaml: need exactly the 10 kinds of card")
	}
	for i, k := range c.Cards {
		if k.ID != wantIDs[i] {
			panic(fmt.Sprintf("oldshanghai: data.yaml: card %d is %q, want %q", i, k.ID, wantIDs[i]))
		}
	}
	if c.Hand < 1 || c.MinPlayers < 2 || c.MaxPlayers < c.MinPlayers || c.Stalemate < 1 || c.RoundTurns < 0 {
		panic("oldshanghai: data.yaml: bad hand, players, stalemate or round_turns")
	}
	// Orders name cards all the time: look the names up once here rather
	// than normalise every card's name at every lookup.
	for i := range c.Cards {
		c.quotedID[i] = string(engine.AppendJSONString(nil, c.Cards[i].ID))
	}
	c.byName = map[string]Card{}
	for i := len(c.Cards) - 1; i >= 0; i-- {
		c.byName[norm(c.Cards[i].Name)] = Card(i)
		c.byName[norm(c.Cards[i].ID)] = Card(i)
	}
	return &c
}

// cardAliases maps the normalised spellings players may use to card kinds.
func cardOf(text string) (Card, bool) {
	// A card's own id first, as the standing orders keep it ("drink-up"):
	// the rules look cards up at every turn.
	for c := range data.Cards {
		if Card(c).ID() == text {
			return Card(c), true
		}
	}
	t := norm(text)
	if c, ok := data.byName[t]; ok {
		return c, true
	}
	switch t {
	case "s", "shanghaied", "shanghaicard":
		return cShanghai, true
	case "hog", "heartofgold", "hearts":
		return cHeart, true
	case "drinkup", "drink":
		return cDrinkUp, true
	case "shellback", "oldshellback":
		return cShellBack, true
	case "drunken", "drunkensailor", "sailor":
		return cDrunken, true
	case "harborpolice", "harbourpolice", "police", "harborpatrol":
		return cPolice, true
	case "bosscard", "shanghaiboss":
		return cBoss, true
	case "sydney":
		return cSydney, true
	case "dragon":
		return cDragons, true
	case "southender":
		return cSouthenders, true
	}
	return 0, false
}

// norm lower-cases text and drops everything but letters and digits.
func norm(text string) string {
	plain := true
	for i := 0; i < len(text) && plain; i++ {
		c := text[i]
		plain = c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
	}
	if plain {
		return text // the common case: nothing to drop or lower
	}
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cardList is the list of card ids for messages.
func cardList() string {
	ids := make([]string, len(data.Cards))
	for i, k := range data.Cards {
		ids[i] = k.ID
	}
	return strings.Join(ids, ", ")
}

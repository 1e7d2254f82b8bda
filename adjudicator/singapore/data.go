package singapore

import (
	_ "embed"
	"sort"
	"strings"
	"taipan/adjudicator/engine"
)

//go:embed data.yaml
var dataYAML []byte

// goodsType is one type of Goods as data.yaml lists it.
type goodsType struct {
	Name     string   `yaml:"name"`
	Aliases  []string `yaml:"aliases"`
	Marked   int      `yaml:"marked"`
	Unmarked int      `yaml:"unmarked"`
	Effect   string   `yaml:"effect"`
}

// merchant is one Merchant card of the Influential Figures variant.
type merchant struct {
	Name       string      `yaml:"name"`
	Text       string      `yaml:"text"`
	MinPlayers int         `yaml:"min_players"`
	Totals     []int       `yaml:"totals"`    // Calculating Wang
	Bonus      map[int]int `yaml:"bonus"`     // Collector Lee, Elite Huang: count → bonus
	Threshold  int         `yaml:"threshold"` // Lackey Zhang
	Pair       int         `yaml:"pair"`      // Resourceful Lin
	Picks      int         `yaml:"picks"`     // Rival Chen

	bonusKeys []int // the keys of Bonus, ascending
}

// components is the parsed form of data.yaml. It is built once at start-up
// and never modified.
type components struct {
	Goods          []goodsType `yaml:"goods"`
	Opium          string      `yaml:"opium"`
	Hand           int         `yaml:"hand"`
	River          int         `yaml:"river"`
	Threshold      int         `yaml:"threshold"`
	MinPlayers     int         `yaml:"min_players"`
	MaxPlayers     int         `yaml:"max_players"`
	OrdinanceDepth int         `yaml:"ordinance_depth"`
	Merchants      []merchant  `yaml:"merchants"`

	opium int            // index of Opium in Goods
	names map[string]int // normalised name or alias → goods index
	total int            // number of Goods cards
	merch map[string]int // merchant name → index
}

// data holds the embedded components (read-only after init).
var data = mustLoad(dataYAML)

// Names of the effects' goods, as data.yaml spells them.
const (
	goodsJoss      = "Joss Paper"
	goodsOpium     = "Opium"
	goodsPorcelain = "Porcelain"
	goodsSalted    = "Salted Fish"
	goodsSilk      = "Silk"
	goodsSpices    = "Spices"
	goodsTea       = "Tea"
)

// Names of the Merchant cards.
const (
	merchWang  = "Calculating Wang"
	merchLee   = "Collector Lee"
	merchHuang = "Elite Huang"
	merchZhang = "Lackey Zhang"
	merchLin   = "Resourceful Lin"
	merchChen  = "Rival Chen"
)

func mustLoad(b []byte) *components {
	var c components
	engine.MustLoadData("singapore", b, &c)
	if len(c.Goods) != 7 || c.River < 1 || c.Hand < 1 || c.MinPlayers < 2 || c.MaxPlayers < c.MinPlayers {
		panic("singapore: data.yaml: need 7 goods, a river, a hand size and player counts")
	}
	c.opium = -1
	c.names = map[string]int{}
	for i, g := range c.Goods {
		if g.Name == c.Opium {
			c.opium = i
		}
		c.names[normName(g.Name)] = i
		for _, a := range g.Aliases {
			c.names[normName(a)] = i
		}
		c.total += g.Marked + g.Unmarked
	}
	if c.opium < 0 {
		panic("singapore: data.yaml: opium names no goods")
	}
	for _, want := range []string{goodsJoss, goodsOpium, goodsPorcelain, goodsSalted, goodsSilk, goodsSpices, goodsTea} {
		if _, ok := c.names[normName(want)]; !ok {
			panic("singapore: data.yaml: no goods " + want)
		}
	}
	c.merch = map[string]int{}
	for i := range c.Merchants {
		m := &c.Merchants[i]
		c.merch[normName(m.Name)] = i
		for k := range m.Bonus {
			m.bonusKeys = append(m.bonusKeys, k)
		}
		sort.Ints(m.bonusKeys)
	}
	for _, want := range []string{merchWang, merchLee, merchHuang, merchZhang, merchLin, merchChen} {
		if _, ok := c.merch[normName(want)]; !ok {
			panic("singapore: data.yaml: no merchant " + want)
		}
	}
	return &c
}

// normName lower-cases a name and drops spaces, hyphens and underscores:
// "Joss Paper", "joss-paper" and "JossPaper" are one name.
func normName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case ' ', '-', '_', '\t', '.', '\'':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// goodsIndex returns the index of a goods type by name or alias, or -1.
func goodsIndex(name string) int {
	if i, ok := data.names[normName(name)]; ok {
		return i
	}
	return -1
}

// merchantIndex returns the index of a Merchant card by name, or -1; the
// second word alone ("Wang") is enough.
func merchantIndex(name string) int {
	n := normName(name)
	if i, ok := data.merch[n]; ok {
		return i
	}
	for i, m := range data.Merchants {
		f := strings.Fields(m.Name)
		if n != "" && normName(f[len(f)-1]) == n {
			return i
		}
	}
	return -1
}

// merchantByName returns the Merchant card of that exact name.
func merchantByName(name string) *merchant {
	if name == "" {
		return nil
	}
	// The state holds the card's own name: found without normName's copy.
	for i := range data.Merchants {
		if data.Merchants[i].Name == name {
			return &data.Merchants[i]
		}
	}
	if i, ok := data.merch[normName(name)]; ok {
		return &data.Merchants[i]
	}
	return nil
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

package trader

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
)

//go:embed data.yaml
var dataYAML []byte

// components is the parsed form of data.yaml. It is built once at start-up
// and never modified.
type components struct {
	Capitals      []string         `yaml:"capitals"`
	Central       string           `yaml:"central"`
	Colours       []string         `yaml:"colours"`
	Values        map[string][]int `yaml:"values"`
	DefaultValues string           `yaml:"default_values"`
	Joker         int              `yaml:"joker"`
	Players       map[int]struct {
		Money        int  `yaml:"money"`
		MarketClosed bool `yaml:"market_closed"`
		Teams        bool `yaml:"teams"`
	} `yaml:"players"`

	central int        // index of Central in Capitals
	quoted  [][][]byte // quoted[colour][value]: the stock as a JSON string, for Stock.MarshalJSON
	names   [][]string // names[colour][value]: the stock as text, for Stock.String
}

// data holds the embedded components (read-only after init).
var data = mustLoad(dataYAML)

func mustLoad(b []byte) *components {
	var c components
	engine.MustLoadData("trader", b, &c)
	c.central = -1
	for i, name := range c.Capitals {
		if name == c.Central {
			c.central = i
		}
	}
	if len(c.Capitals) != 5 || c.central < 0 || len(c.Colours) != 5 {
		panic("trader: data.yaml: need 5 capitals including the central one and 5 colours")
	}
	for k, v := range c.Values {
		if len(v) != 7 {
			panic("trader: data.yaml: values " + k + " must list 7 values")
		}
	}
	if _, ok := c.Values[c.DefaultValues]; !ok {
		panic("trader: data.yaml: default_values names no values list")
	}
	c.quoted = make([][][]byte, len(c.Colours))
	c.names = make([][]string, len(c.Colours))
	for i, colour := range c.Colours {
		c.quoted[i] = make([][]byte, 100)
		c.names[i] = make([]string, 100)
		for v := range c.quoted[i] {
			c.names[i][v] = colour + " " + strconv.Itoa(v)
			c.quoted[i][v], _ = json.Marshal(c.names[i][v])
		}
	}
	return &c
}

// capitalIndex returns the column index of a capital name (case-insensitive)
// or of a column number 1..5, or -1.
func capitalIndex(name string) int {
	name = strings.TrimSpace(name)
	for i, c := range data.Capitals {
		if strings.EqualFold(c, name) {
			return i
		}
	}
	if len(name) == 1 && name[0] >= '1' && name[0] <= '5' {
		return int(name[0] - '1')
	}
	return -1
}

// capitalList is "Paris, Berlin, London, Rome and Brussels".
func capitalList() string { return engine.AndList(data.Capitals) }

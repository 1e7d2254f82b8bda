package trader

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Stock is one stock card: a colour (index into the colours of data.yaml)
// and a printed value. It encodes as text, e.g. "red 4".
type Stock struct {
	Colour int
	Value  int
}

// String returns the stock as players write it, e.g. "red 4".
func (k Stock) String() string {
	switch {
	case k.Colour < 0 || k.Colour >= len(data.Colours):
		return "? " + strconv.Itoa(k.Value)
	case k.Value >= 0 && k.Value < len(data.names[k.Colour]):
		return data.names[k.Colour][k.Value]
	}
	return data.Colours[k.Colour] + " " + strconv.Itoa(k.Value)
}

// MarshalText encodes the stock as "red 4".
func (k Stock) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// MarshalJSON encodes the stock as the JSON string "red 4", exactly as
// encoding/json writes MarshalText's text, without building it: a state's
// digest encodes every stock of the game at every step.
func (k Stock) MarshalJSON() ([]byte, error) {
	if k.Colour >= 0 && k.Colour < len(data.quoted) && k.Value >= 0 && k.Value < len(data.quoted[k.Colour]) {
		return data.quoted[k.Colour][k.Value], nil
	}
	return json.Marshal(k.String())
}

// UnmarshalText reads "red 4" (or "red4").
func (k *Stock) UnmarshalText(b []byte) error {
	s, msg := parseStock(string(b))
	if msg != "" {
		return fmt.Errorf("%s", msg)
	}
	*k = s
	return nil
}

func (k Stock) less(o Stock) bool {
	if k.Colour != o.Colour {
		return k.Colour < o.Colour
	}
	return k.Value < o.Value
}

var stockRE = regexp.MustCompile(`^([a-z]+)[\s_-]*([0-9]+)$`)

// parseStock reads "red 4", "Red4" or "red-4". On failure it returns a
// message for the player.
func parseStock(text string) (Stock, string) {
	t := strings.ToLower(strings.TrimSpace(text))
	m := fastStock(t)
	if m == nil {
		m = stockRE.FindStringSubmatch(t)
	}
	if m == nil {
		return Stock{}, fmt.Sprintf("%q is not a stock: write a colour and a value, e.g. \"red 4\"", text)
	}
	c := -1
	for i, name := range data.Colours {
		if name == m[1] {
			c = i
		}
	}
	if c < 0 {
		return Stock{}, fmt.Sprintf("%q is not a stock: the colours are %s", text, engine.AndList(data.Colours))
	}
	v, err := strconv.Atoi(m[2])
	if err != nil || v > 99 {
		return Stock{}, fmt.Sprintf("%q is not a stock: %s is not a stock value", text, m[2])
	}
	return Stock{Colour: c, Value: v}, ""
}

// fastStock splits the common form "red 4" without a regular expression;
// it returns nil for anything else.
func fastStock(t string) []string {
	i := strings.IndexByte(t, ' ')
	if i <= 0 || i+2 != len(t) || t[i+1] < '0' || t[i+1] > '9' {
		return nil
	}
	for j := 0; j < i; j++ {
		if t[j] < 'a' || t[j] > 'z' {
			return nil
		}
	}
	return []string{t, t[:i], t[i+1:]}
}

var stocksRE = regexp.MustCompile(`[a-z]+[\s_-]*[0-9]+`)
var stockSepRE = regexp.MustCompile(`^(\s|,|;|\+|&|\band\b|\bwith\b)*$`)

// splitStocks reads several stocks written in one line, e.g. "red 4, red 5"
// or "red 4 and red 5". It returns nil when the line has anything else.
func splitStocks(text string) []string {
	t := strings.ToLower(strings.TrimSpace(text))
	locs := stocksRE.FindAllStringIndex(t, -1)
	if len(locs) == 0 {
		return nil
	}
	prev := 0
	out := make([]string, 0, len(locs))
	for _, l := range locs {
		if !stockSepRE.MatchString(t[prev:l[0]]) {
			return nil
		}
		out = append(out, t[l[0]:l[1]])
		prev = l[1]
	}
	if !stockSepRE.MatchString(t[prev:]) {
		return nil
	}
	return out
}

// stockArg parses one stock of an order and checks its value exists.
func (s *State) stockArg(it orders.Item, text string) (Stock, error) {
	k, msg := parseStock(text)
	if msg != "" {
		return k, it.Errorf("%s", msg)
	}
	if !s.validValue(k.Value) {
		vals := make([]string, 0, len(s.Values))
		for i, v := range s.Values {
			if i == 0 || v != s.Values[i-1] {
				vals = append(vals, strconv.Itoa(v))
			}
		}
		return k, it.Errorf("there is no %s: the values are %s", k, engine.AndList(vals))
	}
	return k, nil
}

// Player is one seat.
type Player struct {
	Name    string  `json:"name"`
	Money   int     `json:"money"`  // millions, in hand
	Stocks  []Stock `json:"stocks"` // in front of the player, sorted
	Team    int     `json:"team"`   // index into State.Teams
	Removed bool    `json:"removed,omitempty"`
	// Plan is the player's standing plan for their next turn (TR-X11),
	// private to them; nil when they have none.
	Plan *Plan `json:"plan,omitempty"`
}

// Team is a side that wins or loses together: one player with 2 or 3
// players, two partners with 4 players. It owns the Joker.
type Team struct {
	Name      string `json:"name"` // the player's name, or "alice+carol"
	Members   []int  `json:"members"`
	JokerUsed bool   `json:"joker_used"`
	JokerBy   int    `json:"joker_by"` // seat that used the Joker, -1 if unused
}

// Phases of a set.
const (
	phaseTurn     = "turn"      // the active player buys, sells or passes
	phaseLastSale = "last-sale" // the set has ended; one last sale each
	phaseOver     = "over"      // the game is finished
)

// State is the whole game: the engine's engine.State is a *State.
type State struct {
	Values   []int     `json:"values"` // the 7 values of each colour
	Start    int       `json:"start"`  // starting money of each player, each set
	Sets     int       `json:"sets"`
	Set      int       `json:"set"` // current set, 1-based
	Players  []Player  `json:"players"`
	Teams    []Team    `json:"teams"`
	Columns  [][]Stock `json:"columns"` // per capital; [0] is the available (bottom) stock
	Market   int       `json:"market"`  // column covered by Market closed; -1 when not in play
	Sold     []Stock   `json:"sold"`    // the face-down pile, in order of sale
	Phase    string    `json:"phase"`
	Active   int       `json:"active"`          // seat of the active player (phase turn)
	First    int       `json:"first"`           // seat that began the current set
	First1   int       `json:"first1"`          // seat that began set 1
	LastSale []int     `json:"last_sale"`       // seats owing a last sale (phase last-sale)
	Passes   int       `json:"passes"`          // consecutive passes (TR-X3)
	Scores   [][]int   `json:"scores"`          // per finished set, final money per seat
	Ended    string    `json:"ended,omitempty"` // why the current set ended

	// scoresJSON is the JSON of the first scoresRows lists of Scores,
	// joined by commas, each written once, as its set ended: the digest
	// of every step of a long game wrote every set's scores again.
	// AppendJSON takes it while it covers every list (a state read from
	// JSON or copied by reflection has none, and writes them all).
	scoresJSON string
	scoresRows int
}

// addScores ends a set with its final money per seat: a list of Scores,
// and its JSON after the others' (scoresJSON).
func (s *State) addScores(scores []int) {
	s.Scores = append(s.Scores, scores)
	if s.scoresRows != len(s.Scores)-1 || len(scores) == 0 {
		return // scoresJSON is not of this state's lists (or an empty list: normalize makes it null)
	}
	b := make([]byte, 0, len(s.scoresJSON)+1+8*len(scores))
	b = append(b, s.scoresJSON...)
	if s.scoresRows > 0 {
		b = append(b, ',')
	}
	s.scoresJSON, s.scoresRows = string(engine.AppendJSONInts(b, scores)), len(s.Scores)
}

// normalize gives the state's slices the form clone gives them, in place:
// lists that clone copies element by element hold nil when empty, and
// those it makes with make are never nil. The state's JSON, and so its
// digest, tells the two forms apart.
func (s *State) normalize() {
	nilIfEmpty := func(xs []int) []int {
		if len(xs) == 0 {
			return nil
		}
		return xs
	}
	s.Values = nilIfEmpty(s.Values)
	s.LastSale = nilIfEmpty(s.LastSale)
	if s.Players == nil {
		s.Players = []Player{}
	}
	for i := range s.Players {
		if len(s.Players[i].Stocks) == 0 {
			s.Players[i].Stocks = nil
		}
	}
	if s.Teams == nil {
		s.Teams = []Team{}
	}
	for i := range s.Teams {
		s.Teams[i].Members = nilIfEmpty(s.Teams[i].Members)
	}
	if s.Columns == nil {
		s.Columns = [][]Stock{}
	}
	for i := range s.Columns {
		if len(s.Columns[i]) == 0 {
			s.Columns[i] = nil
		}
	}
	if len(s.Sold) == 0 {
		s.Sold = nil
	}
	if s.Scores == nil {
		s.Scores = [][]int{}
	}
	for i := range s.Scores {
		s.Scores[i] = nilIfEmpty(s.Scores[i])
	}
}

// clone is a copy of s that shares nothing with it, its empty lists
// made nil: what Correct, ApplyStanding and the bot's worlds have always
// copied, and the logs' digests were made of.
func (s *State) clone() *State {
	c := *s
	c.Values = append([]int(nil), s.Values...)
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Stocks = append([]Stock(nil), p.Stocks...)
		p.Plan = p.Plan.clone()
		c.Players[i] = p
	}
	c.Teams = make([]Team, len(s.Teams))
	for i, t := range s.Teams {
		t.Members = append([]int(nil), t.Members...)
		c.Teams[i] = t
	}
	c.Columns = make([][]Stock, len(s.Columns))
	for i, col := range s.Columns {
		c.Columns[i] = append([]Stock(nil), col...)
	}
	c.Sold = append([]Stock(nil), s.Sold...)
	c.LastSale = append([]int(nil), s.LastSale...)
	c.Scores = make([][]int, len(s.Scores))
	for i, sc := range s.Scores {
		c.Scores[i] = append([]int(nil), sc...)
	}
	return &c
}

// exactCopy is a copy of s that shares nothing with it, every list nil
// or empty as it is in s, so that the copy has s's digest as
// engine.DeepCopy's has: what a host copies at every mail (Engine.Clone).
// It is written out rather than left to reflection, which was a tenth of
// taking in an order mail, and it keeps the scores' JSON already written.
func (s *State) exactCopy() *State {
	c := *s
	c.Values = slices.Clone(s.Values)
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		p := &c.Players[i]
		p.Stocks = slices.Clone(p.Stocks)
		p.Plan = p.Plan.clone()
	}
	c.Teams = slices.Clone(s.Teams)
	for i := range c.Teams {
		c.Teams[i].Members = slices.Clone(c.Teams[i].Members)
	}
	c.Columns = cloneEach(s.Columns)
	c.Sold = slices.Clone(s.Sold)
	c.LastSale = slices.Clone(s.LastSale)
	c.Scores = cloneEach(s.Scores)
	return &c
}

// cloneEach is a copy of lists and of each of its lists, nil or empty as
// they are.
func cloneEach[T any](lists [][]T) [][]T {
	c := slices.Clone(lists)
	for i := range c {
		c[i] = slices.Clone(c[i])
	}
	return c
}

// teams reports whether this is the 4-player team game.
func (s *State) teams() bool { return len(s.Players) == 4 }

// partner returns the seat of p's partner, or -1.
func (s *State) partner(p int) int {
	for _, m := range s.Teams[s.Players[p].Team].Members {
		if m != p {
			return m
		}
	}
	return -1
}

// seat returns the seat of the named player, or -1.
func (s *State) seat(name string) int {
	for i, p := range s.Players {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// emptyColumns lists the empty columns in capital order.
func (s *State) emptyColumns() []int {
	var out []int
	for i, col := range s.Columns {
		if len(col) == 0 {
			out = append(out, i)
		}
	}
	return out
}

func columnNames(cols []int) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = data.Capitals[c]
	}
	return engine.AndList(names)
}

// count returns how many copies of k seat p holds.
func (s *State) count(p int, k Stock) int {
	n := 0
	for _, h := range s.Players[p].Stocks {
		if h == k {
			n++
		}
	}
	return n
}

func (s *State) take(p int, k Stock) {
	st := s.Players[p].Stocks
	for i, h := range st {
		if h == k {
			s.Players[p].Stocks = append(st[:i], st[i+1:]...)
			return
		}
	}
	panic("trader: take of a stock not held")
}

func (s *State) give(p int, k Stock) {
	// Kept sorted: k goes after every stock not greater than it.
	st := s.Players[p].Stocks
	i := len(st)
	for i > 0 && k.less(st[i-1]) {
		i--
	}
	s.Players[p].Stocks = slices.Insert(st, i, k)
}

// validValue reports whether v is a printed value of this game's stocks.
func (s *State) validValue(v int) bool {
	for _, x := range s.Values {
		if x == v {
			return true
		}
	}
	return false
}

// nextSeat returns the next seat after p in seat order that is still in
// the game, or -1 when everybody has left.
func (s *State) nextSeat(p int) int {
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		q := (p + i) % n
		if !s.Players[q].Removed {
			return q
		}
	}
	return -1
}

// firstSeat returns p if p is still in the game, else the next one.
func (s *State) firstSeat(p int) int {
	if !s.Players[p].Removed {
		return p
	}
	return s.nextSeat(p)
}

// activeCount is the number of players still in the game.
func (s *State) activeCount() int {
	n := 0
	for _, p := range s.Players {
		if !p.Removed {
			n++
		}
	}
	return n
}

package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"

	"taipan/orders"
)

// Bot is implemented by engines that can play a seat themselves: a seat
// left empty, in civil disorder, or of a practice game. A bot's orders are
// inputs like any player's: the host logs them as the seat's orders
// (marked as a bot's), so a replay or an audit never runs a bot and a
// change to a bot never changes a recorded game.
//
// A bot must be fair: it may read s only through what player may see (two
// states that differ only in what player may not see give the same
// orders, which each game's twin test holds), and it draws chance only
// from rng, the bot's own stream (NewBotRand), never the step's, so that
// its choice tells nothing of the dice to come and a disputed move can be
// reproduced from the log. Its orders must pass Check.
type Bot interface {
	BotOrders(s State, player string, rng *Rand) []orders.Item
}

// Redealer is implemented by engines whose bots and practice forks need a
// state consistent with what one seat sees. Redeal returns a copy of s in
// which everything player may not see (other hands, the order of the draw
// piles, others' secret choices and standing orders) is drawn anew from
// rng, from what player sees alone: two states that differ only in what
// player may not see give equal results for equal streams, and what player
// sees of the result is what player saw of s. An engine without hidden
// information returns a clone.
type Redealer interface {
	Redeal(s State, player string, rng *Rand) State
}

// StateDecoder is implemented by engines whose states can be read back
// from their canonical JSON (what the digest hashes): a practice fork
// starts from a state so written in its log. DecodeState(json of s) must
// give a state with s's digest that plays on exactly as s does.
type StateDecoder interface {
	DecodeState(data []byte) (State, error)
}

// CampaignStateDecoder is a StateDecoder whose states leave part of what
// they play by to the campaign, made again from it at every replay and
// kept out of the state's JSON (Shanghai Trader's map and tables, which a
// campaign's options may replace): a fork reads its state back with the
// campaign's config, as Setup was given it.
type CampaignStateDecoder interface {
	StateDecoder
	DecodeCampaignState(cfg Config, data []byte) (State, error)
}

// DecodeStateJSON is the StateDecoder of an engine whose state is a T
// that encoding/json writes and reads: it reads data strictly (no unknown
// key, one value) and then asks wellFormed whether what play relies on
// holds, naming the game in any error.
func DecodeStateJSON[T any](game string, data []byte, wellFormed func(*T) error) (*T, error) {
	s := new(T)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return nil, fmt.Errorf("%s state: %v", game, plainJSONError(err))
	}
	if dec.More() {
		return nil, fmt.Errorf("%s state: more than one value", game)
	}
	if err := wellFormed(s); err != nil {
		return nil, fmt.Errorf("%s state: %v", game, err)
	}
	return s, nil
}

// Scorer is implemented by engines that can say how well each player did,
// in the game's own measure (money, points): `taipan arena` reports the
// mean score of each kind of seat. For a finished game it is the final
// score; for a game in progress, the score so far.
type Scorer interface {
	Score(s State, player string) float64
}

// NewBotRand returns the random stream of the bot playing player's seat at
// step (the step the orders are for) in timeline: key = SHA-256(seed ‖ step
// ‖ timeline ‖ "bot" ‖ player), step and timeline as 8 bytes big-endian
// each, then ChaCha8 as for the step's own stream (see Rand). The key is
// never a step's key, so a bot's draws say nothing of the step's dice.
func NewBotRand(seed []byte, step, timeline int, player string) *Rand {
	b := slices.Clone(seed)
	b = binary.BigEndian.AppendUint64(b, uint64(step))
	b = binary.BigEndian.AppendUint64(b, uint64(timeline))
	b = append(b, "bot"...)
	b = append(b, player...)
	return &Rand{key: sha256.Sum256(b)}
}

// Fork returns a new stream keyed from r's next word, for a bot that
// plays the same sampled future against every candidate (common random
// numbers), so that candidates are compared on the same dice.
func (r *Rand) Fork() *Rand {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], r.Uint64())
	return &Rand{key: sha256.Sum256(b[:])}
}

// Clone returns a stream that will draw what r draws next, without
// consuming r.
func (r *Rand) Clone() *Rand {
	c := &Rand{key: r.key, n: r.n}
	if r.src != nil {
		src := *r.src
		c.src = &src
	}
	return c
}

// RandomOrders is a legal order file for player chosen at random among the
// engine's Options: one choice for each decision that must be made, each
// optional decision made or left out at even odds, a Several decision's
// choices each taken at even odds. It plays the "random" seats of
// `taipan arena`, the yardstick a bot is measured against. It returns the
// defaults when the engine lists no options or the choice fails Check.
func RandomOrders(e Engine, s State, player string, rng *Rand) []orders.Item {
	o, ok := e.(Optioner)
	if !ok {
		return e.Default(s, player)
	}
	var lines []string
	chosen := map[string]bool{}
	for _, d := range o.Options(s, player) {
		if len(d.Choices) == 0 || !withMet(d.With, chosen) {
			continue
		}
		if d.Optional && rng.Intn(2) == 0 {
			continue
		}
		if d.Several {
			var vals []string
			for _, c := range d.Choices {
				if rng.Intn(2) == 0 {
					vals = append(vals, c.Order)
				}
			}
			if len(vals) > 0 {
				lines = append(lines, SeveralOrder(d.Name, vals))
			}
			continue
		}
		c := d.Choices[rng.Intn(len(d.Choices))]
		chosen[c.Order] = true
		lines = append(lines, c.Order)
	}
	items, err := ChoiceItems(lines...)
	if err != nil || e.Check(s, player, items) != nil {
		return e.Default(s, player)
	}
	return items
}

// withMet says whether a decision that goes with some choices may be made:
// with is empty, or one of its choices was chosen.
func withMet(with []string, chosen map[string]bool) bool {
	if len(with) == 0 {
		return true
	}
	for _, w := range with {
		if chosen[w] {
			return true
		}
	}
	return false
}

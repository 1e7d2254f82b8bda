package singapore

import "taipan/orders"

// take is the Merchant phase's pick (singapore-1889.txt "Merchant Phase"):
// "you pick one of the Goods in the River to add to your hand". take:
// SLOT | GOODS, or a ranked list (SG-X3); left out of a plan, the card
// that raises the running total most (SG-X2). Its effect is the turn
// (rules.go).
var take verb = &takeVerb{verbInfo{name: verbTake, rule: `"Merchant Phase"; SG-X2, SG-X3, SG-X13`}}

type takeVerb struct{ verbInfo }

func (*takeVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Take, err = s.patList(it, true)
	return err
}

func (*takeVerb) has(pl *Plan) bool { return pl.Take != nil }

// move is where the Secret Society card goes when the player takes the
// card under it (singapore-1889.txt "Merchant Phase": "you must move the
// Secret Society card such that it is above another Goods card"). move:
// SLOT | GOODS, or a ranked list; left out, above the leftmost other card
// (SG-X4).
var move verb = &moveVerb{verbInfo{name: verbMove, rule: `"Merchant Phase"; SG-X4`}}

type moveVerb struct{ verbInfo }

func (*moveVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Move, err = s.patList(it, true)
	return err
}

func (*moveVerb) has(pl *Plan) bool { return pl.Move != nil }

package engine

import "taipan/orders"

// Reader is implemented by engines that read an order file once. Check
// parses a player's items only to say whether they are legal; an engine
// that is a Reader keeps what it parsed, its own value (a plan, a parsed
// move), and hands it back. The host reads each submission with Read when
// it closes a step and passes the reading to Resolve in
// Submission.Reading, so the reading that judged the orders legal is the
// one Resolve applies, and Resolve need not parse the same items again.
//
// The reading is of exactly the items the log records for the step (the
// Submission's Items), against exactly the state Resolve is handed; it is
// made for that one Resolve and is not kept, so Resolve may consume it.
type Reader interface {
	// Read parses player's items and checks them against s as Check does,
	// with Check's errors; on success it returns the reading Resolve takes
	// in Submission.Reading. Check(s, player, items) must be nil exactly
	// when Read's error is.
	Read(s State, player string, items []orders.Item) (any, error)
}

// ReadOrders is e's reading of player's items in s: Read's when e is a
// Reader, otherwise Check's verdict with no reading (nil), which leaves
// Resolve to read the items itself.
func ReadOrders(e Engine, s State, player string, items []orders.Item) (any, error) {
	if r, ok := e.(Reader); ok {
		return r.Read(s, player, items)
	}
	return nil, e.Check(s, player, items)
}

// TextReader is a Reader that reads an order's value from the log's JSON
// text (orders.Item.Logged) wherever it reads one: Check, Read, Resolve
// and every other method handed items take either form. The host hands
// it the orders of a replayed log as orders.ParseLoggedPayloadText reads
// them, without the YAML nodes that were most of the cost of reading
// every order of a game's history.
type TextReader interface {
	Reader
	// ReadsLoggedText marks the engine as a TextReader.
	ReadsLoggedText()
}

// ParseLoggedOrders reads an orders event's payload for e: the values as
// logged text when e is a TextReader, else as nodes.
func ParseLoggedOrders(e Engine, payload []byte) (step int, items []orders.Item, err error) {
	if _, ok := e.(TextReader); ok {
		return orders.ParseLoggedPayloadText(payload)
	}
	return orders.ParseLoggedPayload(payload)
}

// ItemsFor is items as e reads them: with every logged text read into
// its node unless e is a TextReader (a game moved to another engine
// since its orders came in).
func ItemsFor(e Engine, items []orders.Item) []orders.Item {
	if _, ok := e.(TextReader); ok {
		return items
	}
	return orders.WithNodes(items)
}
